"""Every numeric input of every route, sent arbitrary Unicode: never a 5xx.

``str.isdigit()`` accepts ``²``, which ``int()`` rejects, and ``int()`` accepts ``٣``: checks
and conversions that disagreed gave 500s on twenty inputs. Numbers are now read in one place
(:mod:`scorekeeper.web.numbers`); this walks ``app.url_map`` so a route added later is covered
too, and sends each numeric field, as a form field, a query parameter and (for versions) an
``If-Match`` header, text drawn by hypothesis from every Unicode category.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from flask import Flask, url_for
from hypothesis import HealthCheck, example, given, settings
from werkzeug.routing import IntegerConverter

from scorekeeper import games
from scorekeeper.db import get_engine, write_session
from scorekeeper.web.numbers import signed_number, whole_number, whole_number_or
from tests.conftest import make_app, scratch_folder
from tests.web.test_security import Setup

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


ROUTES = route_ids(make_app("sqlite://", scratch_folder()))


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


# --- ids too large for any row, in every route and every JSON body (issue 23, item 10) -------
#
# A person id of 2**63 in a link, or {"into": 2**63} in a body, reached the database and
# overflowed its integer (a 500). An id is now checked before any query: a number too large
# for a row names nothing.

HUGE_IDS = [2**31, 2**63, 10**30]  # past PostgreSQL's integer, past a 64-bit one, far past
ID_BODIES = [
    {"into": "{}"},
    {"round": "{}", "results": [{"player": "Ann", "went_out": True}]},
    {"version": "{}", "results": [{"player": "Ann", "went_out": True}]},
    {"name": "Ann", "person": "{}"},
    {"rules": "liverpool", "players": ["Ann", "Bob"], "first_dealer": "{}"},
    {"code": "ABCDEF", "label": "{}"},
]


@pytest.fixture(scope="module")
def group_ids(target: Setup) -> tuple[str, int, str]:
    """A group of the target's app with one person: its id, the person's, its token."""
    with target.app.app_context(), write_session() as session:
        group, token = games.create_group(session, "Smiths", people=["Ann"])
    return group.id, group.people[0].id, token


def _huge_url(target: Setup, rule: Any, group_id: str, huge: int) -> str:
    values: dict[str, Any] = {}
    for argument in rule.arguments:
        if argument == "game_id":
            values[argument] = target.game_id
        elif argument == "group_id":
            values[argument] = group_id
        elif argument == "preset":
            values[argument] = "liverpool"
        elif argument == "filename":
            values[argument] = "css/app.css"
        elif isinstance(rule._converters.get(argument), IntegerConverter):
            values[argument] = huge
        else:
            values[argument] = str(huge)  # a person_ref, a saved rule set's id, ...
    with target.app.test_request_context():
        return url_for(rule.endpoint, **values)


@pytest.mark.parametrize("huge", HUGE_IDS)
def test_ids_too_large_for_a_row_name_nothing(
    target: Setup, group_ids: tuple[str, int, str], huge: int
) -> None:
    group_id, person_id, token = group_ids
    checked = 0
    for endpoint, method in ROUTES:
        rule = next(r for r in target.app.url_map.iter_rules() if r.endpoint == endpoint)
        url = _huge_url(target, rule, group_id, huge)
        bodies = [None] if method == "GET" else ID_BODIES
        for shape in bodies:
            body = (
                None if shape is None else json.loads(json.dumps(shape).replace('"{}"', str(huge)))
            )
            response = target.client.open(
                url, method=method, json=body, headers={"Authorization": f"Bearer {token}"}
            )
            response.close()
            checked += 1
            assert response.status_code < 500, (method, url, body, response.status_code)
    # The person routes with the real person, and the id in the body.
    merge = target.client.post(
        f"/api/v1/groups/{group_id}/people/{person_id}/merge",
        json={"into": huge},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert merge.status_code == 404 and merge.get_json()["error"]
    for method in ("GET", "PATCH"):
        response = target.client.open(
            f"/api/v1/groups/{group_id}/people/{huge}",
            method=method,
            json={"name": "Anne"} if method == "PATCH" else None,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 404, (method, huge)
    assert checked > len(ROUTES)
