"""Every numeric input of every route, sent arbitrary Unicode: never a 5xx.

``str.isdigit()`` accepts ``²``, which ``int()`` rejects, and ``int()`` accepts ``٣``: checks
and conversions that disagreed gave 500s on twenty inputs. Numbers are now read in one place
(:mod:`scorekeeper.web.numbers`); this walks ``app.url_map`` so a route added later is covered
too, and sends each numeric field, as a form field, a query parameter and (for versions) an
``If-Match`` header, text drawn by hypothesis from every Unicode category.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import hypothesis.strategies as st
import pytest
from flask import Flask
from hypothesis import HealthCheck, example, given, settings

from scorekeeper.db import get_engine
from scorekeeper.web.numbers import signed_number, whole_number, whole_number_or

from .conftest import make_app
from .test_security import Setup

# Every input read as a number somewhere, as it is sent: "{}" is where the drawn text goes
# (an action button is "up-2", a card to drop is "group-0:3").
NUMERIC_FIELDS = [
    "round={}",
    "version={}",
    "v={}",
    "player={}",
    "saved={}",
    "edited={}",
    "undone={}",
    "first_dealer={}",
    "action=up-{}",
    "action=remove-{}",
    "drop_group={}",
    "drop_card=group-0:{}",
    "select=group-{}",
    "players={}",
    "out={}",
    "points-0={}",
    "points-1={}",
    "bought-0={}",
    "bought-1={}",
    "opt.buy_limit={}",
    "opt.buys_per_turn={}",
    "opt.cards_dealt={}",
    "opt.cut_bonus={}",
]
METHODS = {"GET", "POST", "PUT", "DELETE"}

# Any character at all: digits of other scripts, superscripts, fractions, controls, marks.
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=["Cs"]), max_size=8)


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    tmp_path: Path = tmp_path_factory.mktemp("numbers")
    app = make_app(
        f"sqlite:///{tmp_path / 'numbers.sqlite3'}",
        tmp_path,
        JOIN_RATE_LIMIT="100000 per minute",
        PDF_RATE_LIMIT="100000 per minute",  # a 429 would hide what the route does
    )
    yield Setup(app, ["Ann", "Bob", "Cy"])
    get_engine(app).dispose()


def route_ids(app: Flask) -> list[tuple[str, str]]:
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        found.extend(
            (rule.endpoint, method) for method in sorted((rule.methods or set()) & METHODS)
        )
    return sorted(found)


ROUTES = route_ids(make_app("sqlite://", Path("/tmp")))


def test_the_walk_covers_the_routes() -> None:
    endpoints = {endpoint for endpoint, _method in ROUTES}
    assert {"games.add_round", "referee.page", "printing.blank", "api.replace_round"} <= endpoints
    assert len(ROUTES) >= 40


# Each route is walked with the explicit examples (the shapes that gave 500s: ², ٣, empty; a
# number past 64 bits, a negative one, an index that names nothing) and a few random draws:
# the same walk with 25 draws per route sent the same rejected non-numbers again and again.
@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(field=st.sampled_from(NUMERIC_FIELDS), text=ANY_TEXT)
@example(field="player={}", text="9" * 20)
@example(field="action=remove-{}", text="99")
@example(field="points-0={}", text="-1")
@example(field="bought-1={}", text="²")
@example(field="first_dealer={}", text="²")
@example(field="action=up-{}", text="²")
@example(field="drop_group={}", text="²")
@example(field="drop_card=group-0:{}", text="²")
@example(field="players={}", text="²")
@example(field="version={}", text="٣")
@example(field="round={}", text="")
def test_no_numeric_input_gives_a_5xx(
    target: Setup, endpoint: str, method: str, field: str, text: str
) -> None:
    rule = next(r for r in target.app.url_map.iter_rules() if r.endpoint == endpoint)
    name, _, shape = field.partition("=")
    value = shape.format(text)
    url = target.url(rule)
    header_variants = [{"If-Match": f'"{text}"'}, {"If-Match": f'W/"{text}"'}]
    if any(ch in text for ch in "\r\n\0"):
        header_variants = []  # no HTTP request can carry these in a header
    for headers in [{}, *header_variants]:
        response = target.client.open(
            url,
            method=method,
            query_string={name: value},
            data={name: value, "round": "1"} if method != "GET" else None,
            headers=headers,
        )
        response.close()
        assert response.status_code < 500, (method, url, name, value, headers)


@pytest.mark.parametrize("header", ['""', 'W/""', '"²"', 'W/"٣"', '"1", "2"', "junk"])
@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_odd_if_match_headers_are_400(target: Setup, method: str, header: str) -> None:
    response = target.client.open(
        f"/api/v1/games/{target.game_id}/rounds/1",
        method=method,
        json={
            "results": [
                {"player": "Ann", "went_out": True},
                {"player": "Bob", "points": 5},
                {"player": "Cy", "points": 10},
            ]
        },
        headers={"Authorization": f"Bearer {target.token}", "If-Match": header},
    )
    assert response.status_code == 400, response.get_data(as_text=True)
    assert "If-Match" in response.get_json()["error"]


@given(ANY_TEXT)
def test_only_ascii_digits_are_numbers(text: str) -> None:
    ascii_digits = bool(text) and len(text) <= 9 and all("0" <= ch <= "9" for ch in text)
    assert (whole_number_or(text) is not None) == ascii_digits
    if ascii_digits:
        assert whole_number(text) == int(text) == signed_number(text)
        assert signed_number("−" + text) == -int(text)


@pytest.mark.parametrize("text", ["²", "٣", "３", "1_000", " 1", "+1", "0x1", "1.0", "", "Ⅷ"])
def test_look_alike_numbers_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        whole_number(text)
    assert whole_number_or(text, -1) == -1
