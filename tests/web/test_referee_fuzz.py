"""Fuzzing the referee: random and hostile input to every referee endpoint, never a 5xx.

Hypothesis throws at the JSON API well-formed payloads with wrong types, hostile strings
(control and bidi characters, emoji, huge tokens, near-cards), huge numbers, deeply nested
JSON and raw bytes; at the pages it throws random form fields and taps. Every answer must
be below 500, and an API refusal must be a JSON ``{"error", "details"}``. The inputs tried
are counted and printed by the last test (run with ``-s`` to see the figure).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import OPTIONS, POINT_TABLES, PRESETS
from tests.conftest import make_app, scratch_folder

TRIED: Counter[str] = Counter()
# The last test reports the inputs the others counted: all run in order in one process.
pytestmark = pytest.mark.xdist_group("test_referee_fuzz")
# Examples per fuzzer (250 before: the same kinds of input again); REFEREE_FUZZ_EXAMPLES=2000
# for a longer run.
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "100"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_FOLDER = scratch_folder()
_APP = make_app(f"sqlite:///{_FOLDER / 'fuzz.sqlite3'}", _FOLDER)
CLIENT = _APP.test_client()

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "1", "11", "0"]
SUITS = ["S", "H", "D", "C", "♠", "♥", "♦", "♣", "♡", "X", "s", "h", ""]
HOSTILE = [
    "", " ", ",", ";;", "\x00", "\u202e7H", "7H\u200b", "🃏", "★", "JOKER", "jkr", "JK JK JK",
    "7H" * 30, "A" * 5000, "10♥ J♥ Q♥ K♥", "7h, 7c jk", "\ud7ff", "%s%n", "<script>", "' OR 1=1",
    "𝟕H", "７Ｈ", "7\u0301H", "\t\n\r", "None", "null", "[]", "{}",
]  # fmt: skip

card_token = st.one_of(
    st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS)),
    st.sampled_from(["JK", "JOKER", "★", "jk"]),
    st.sampled_from(HOSTILE),
    st.text(max_size=6),
)
card_text = st.one_of(
    st.lists(card_token, max_size=20).map(" ".join),
    st.text(max_size=60),
    st.sampled_from(HOSTILE),
)
huge_int = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([0, -1, 1, 7, 8, 2**31, 2**63, -(2**63), 10**300]),
)
json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    huge_int,
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
)
json_value = st.recursive(
    json_scalar,
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)
cards_value = st.one_of(card_text, st.lists(card_text, max_size=8), json_value)
melds_value = st.one_of(st.lists(cards_value, max_size=14), json_value)
rules_value = st.one_of(st.sampled_from([*PRESETS, "LIVERPOOL", "", "nope"]), json_value)
options_value = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from([*OPTIONS, "nope"]),
        st.one_of(json_value, st.sampled_from([*POINT_TABLES, "apart", "never", "per-deck"])),
        max_size=4,
    ),
    json_value,
)
round_value = st.one_of(st.integers(min_value=-3, max_value=10), huge_int, json_value)


def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A field that may be missing (``...``)."""
    return st.one_of(st.just(...), strategy)


def payload(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    def build(values: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
        body = {k: v for k, v in values.items() if v is not ...}
        body.update(extra)
        return body

    return st.builds(
        build,
        st.fixed_dictionaries({k: maybe(v) for k, v in fields.items()}),
        st.one_of(st.just({}), st.dictionaries(st.text(max_size=10), json_value, max_size=2)),
    )


ENDPOINTS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "/referee/contract": payload(
        rules=rules_value, options=options_value, round=round_value, melds=melds_value,
        hand=cards_value,
    ),
    "/referee/arrange": payload(
        rules=rules_value, options=options_value, round=round_value, cards=cards_value
    ),
    "/referee/layoff": payload(
        rules=rules_value, options=options_value, meld=cards_value, card=cards_value
    ),
    "/referee/joker-swap": payload(
        rules=rules_value, options=options_value, meld=cards_value, card=cards_value
    ),
    "/referee/liverpool": payload(
        rules=rules_value, options=options_value, table=melds_value, discard=cards_value
    ),
    "/score": payload(
        rules=rules_value,
        options=options_value,
        points_table=st.one_of(st.sampled_from(list(POINT_TABLES)), json_value),
        cards=cards_value,
    ),
}  # fmt: skip


def check_api(path: str, response: Any) -> None:
    TRIED[path] += 1
    assert response.status_code < 500, (path, response.get_data(as_text=True)[:300])
    assert response.is_json
    body = response.get_json()
    if response.status_code >= 400:
        assert set(body) == {"error", "details"}
        assert isinstance(body["error"], str) and body["error"]


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_api_payloads(path: str) -> None:
    @FUZZ
    @given(ENDPOINTS[path])
    def run(body: dict[str, Any]) -> None:
        check_api(path, CLIENT.post("/api/v1" + path, json=body))

    run()


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_api_any_json_at_all(path: str) -> None:
    @FUZZ
    @given(json_value)
    def run(body: Any) -> None:
        check_api(path, CLIENT.post("/api/v1" + path, json=body))

    run()


raw_body = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    st.integers(min_value=1, max_value=100_000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=100_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(min_value=1, max_value=50_000).map(
        lambda n: json.dumps({"rules": "liverpool", "round": 1, "melds": ["7H"] * n})
    ),
    st.sampled_from(
        ['{"rules": "liverpool", "round": 1e999}', '{"round": NaN}', '{"a": 1', "\ufeff{}",
         '{"rules": "liverpool", "round": ' + "9" * 5000 + "}", '{"melds": [' + '"7H",' * 5 + "]}"]
    ),
)  # fmt: skip


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_api_raw_bodies(path: str) -> None:
    @settings(FUZZ, max_examples=EXAMPLES // 2)
    @given(raw_body, st.sampled_from(["application/json", "text/plain", None]))
    def run(data: Any, content_type: str | None) -> None:
        check_api(path, CLIENT.post("/api/v1" + path, data=data, content_type=content_type))

    run()


# --- the pages -------------------------------------------------------------------------------

form_text = st.one_of(card_text, st.text(max_size=40), st.sampled_from(HOSTILE))
page_form = st.fixed_dictionaries(
    {},
    optional={
        "rules": st.one_of(st.sampled_from(list(PRESETS)), form_text),
        "round": st.one_of(st.integers(-5, 12).map(str), form_text),
        "target": st.one_of(st.sampled_from(["group-0", "group-1", "hand", "meld", "card",
                                             "discard", "group-99", "group-x"]), form_text),
        "group": st.lists(form_text, max_size=14),
        "hand": form_text,
        "meld": form_text,
        "card": form_text,
        "discard": form_text,
        "points_table": st.one_of(st.sampled_from(list(POINT_TABLES)), form_text),
        "add": st.one_of(card_token, form_text),
        "select": form_text,
        "new_group": st.sampled_from(["1", ""]),
        "drop_group": st.one_of(st.integers(-2, 15).map(str), form_text),
        "drop_card": st.one_of(
            st.builds(lambda t, i: f"{t}:{i}", st.sampled_from(["group-0", "hand", "meld"]),
                      st.integers(-2, 50)),
            form_text,
        ),
        "clear": st.sampled_from(["1", ""]),
    },
)  # fmt: skip
tools = st.one_of(
    st.sampled_from(["contract", "arrange", "layoff", "swap", "liverpool", "points"]), form_text
)


def test_page_taps() -> None:
    @FUZZ
    @given(tools, page_form, st.booleans(), st.booleans())
    def run(tool: str, form: dict[str, Any], htmx: bool, post: bool) -> None:
        headers = {"HX-Request": "true"} if htmx else {}
        if post:
            response = CLIENT.post("/referee", query_string={"tool": tool}, data=form,
                                   headers=headers)  # fmt: skip
        else:
            response = CLIENT.get("/referee", query_string={"tool": tool, **form}, headers=headers)
        TRIED["/referee"] += 1
        assert response.status_code < 500, response.get_data(as_text=True)[:300]

    run()


def test_rules_pages_any_name() -> None:
    @settings(FUZZ, max_examples=EXAMPLES // 2)
    @given(st.one_of(st.sampled_from(list(PRESETS)), st.text(min_size=1, max_size=40)))
    def run(name: str) -> None:
        response = CLIENT.get("/rules/" + name.replace("/", "%2F").replace("?", "%3F"))
        TRIED["/rules/<preset>"] += 1
        assert response.status_code < 500

    run()


def test_zz_report_inputs_tried() -> None:
    """Print how many inputs the fuzzers tried (run with -s to see it)."""
    total = sum(TRIED.values())
    detail = ", ".join(f"{path} {count}" for path, count in sorted(TRIED.items()))
    print(f"\nreferee fuzz: {total} inputs tried, zero 5xx ({detail})")
    assert total > 0
