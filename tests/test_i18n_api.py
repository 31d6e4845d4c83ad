"""The API's refusals in Spanish and German (issue 34 §2): the rules core's sentences about a
request (players, rule sets, house-rule values, rounds and phases) and the body's unknown
fields are said whole in the reader's language; field names and codes stay English."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.cards import Rank
from scorekeeper.rules.document import to_document
from scorekeeper.rules.presets import PRESETS
from tests.test_i18n import LANGUAGES, english_left

GAME = {"rules": "liverpool", "players": ["Ann", "Bob"], "first_dealer": 0}
CONTRACT = {"rules": "liverpool", "round": 1, "melds": [["7H", "7C", "7S"]]}

# (path, body, what the English refusal says)
REFUSALS = [
    ("/api/v1/games", GAME | {"players": ["A"] * 9}, "is for 2 to 8 players, not 9"),
    ("/api/v1/games", GAME | {"rules": "nope"}, 'there is no rule set "nope"'),
    ("/api/v1/games", GAME | {"options": {"aces": "sideways"}}, '"aces" must be one of'),
    ("/api/v1/games", GAME | {"options": {"buying": 3}}, '"buying" must be true or false'),
    ("/api/v1/games", GAME | {"options": {"run_min_naturals": 99}}, "must be between 0 and 13"),
    ("/api/v1/games", GAME | {"options": {"colour": 1}}, "is not a house-rule option"),
    ("/api/v1/games", GAME | {"bogus": 1}, "the request has unknown fields: bogus"),
    (
        "/api/v1/referee/contract",
        CONTRACT | {"rules": "ten-phase", "round": 11},
        "has phases 1 to 10; there is no phase 11",
    ),
    ("/api/v1/referee/contract", CONTRACT | {"round": 9}, "has rounds 1 to 7; there is no round 9"),
    ("/api/v1/referee/contract", CONTRACT | {"round": "x"}, "round"),
    ("/api/v1/referee/layoff", {"rules": "liverpool", "card": "7H", "meld": [], "x": 1}, "x"),
]


def _points(table: Any) -> dict[str, Any]:
    return GAME | {"options": {"point_table": table}}


RANKS_AT_5 = {rank.label: 5 for rank in Rank}
# The point tables' and cards' refusals, the dealing's and the players' (issue 34 §2, the rest).
MORE_REFUSALS = [
    ("/api/v1/games", _points("nope"), 'there is no point table "nope"'),
    ("/api/v1/games", _points(7), "the point table must be the name of a table"),
    ("/api/v1/games", _points({"ranks": 5, "joker": 20}), "a custom point table is"),
    ("/api/v1/games", _points({"ranks": {"A": 15}, "joker": 20}), "needs points for 2 3"),
    ("/api/v1/games", _points({"ranks": {"Z": 1}, "joker": 20}), '"Z" is not a rank'),
    ("/api/v1/games", _points({"ranks": RANKS_AT_5, "joker": 9999}), "between 0 and"),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5 | {"A": 1.5}, "joker": 20}),
        "card points must be whole numbers, not 1.5",
    ),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5, "joker": 20, "cards": {"JK": 5}}),
        'the joker\'s points are "joker"',
    ),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5, "joker": 20, "cards": {"AS": 5, "A♠": 6}}),
        "A♠ is valued twice",
    ),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5, "joker": 20, "cards": {"AS": "x"}}),
        "A♠ must score a whole number",
    ),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5, "joker": 20, "cards": {"1S": 5}}),
        '"1S" is not a card: the rank must be',
    ),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5, "joker": 20, "cards": {"AX": 5}}),
        '"AX" is not a card: the suit must be',
    ),
    (
        "/api/v1/games",
        _points({"ranks": RANKS_AT_5, "joker": 20, "cards": {"??": 5}}),
        '"??" is not a card: expected a rank',
    ),
    ("/api/v1/games", GAME | {"options": {"cards_dealt": [10, 11]}}, "needs one number per round"),
    ("/api/v1/games", GAME | {"options": {"jokers": "by-players"}}, "only where each row"),
    ("/api/v1/games", GAME | {"first_dealer": 5}, "the first dealer must be one of the players"),
    ("/api/v1/referee/contract", CONTRACT | {"melds": [["ZZ", "7C", "7S"]]}, "is not a card"),
]
ENGLISH_WORDS = (
    "must be",
    "there is no",
    "is for",
    "the request",
    "has phases",
    "has rounds",
    "house-rule",
    "unknown",
    "point table",
    "is not a",
    "needs one",
    "the first dealer",
    "each row",
    "valued twice",
    "whole number",
)


def _refusal(
    client: FlaskClient, path: str, body: Any, language: str, key: str | None = None
) -> str:
    headers = {"Accept-Language": language} | ({} if key is None else {"Idempotency-Key": key})
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == 400, answer.get_json()
    return str(answer.get_json()["error"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("path", "body", "english"), REFUSALS + MORE_REFUSALS)
def test_a_refusal_is_said_in_the_language(
    client: FlaskClient, path: str, body: Any, english: str, language: str
) -> None:
    in_english = _refusal(client, path, body, "en")
    assert english in in_english
    said = _refusal(client, path, body, language)
    assert said != in_english
    assert [w for w in ENGLISH_WORDS if w in said] == [], said
    assert english_left(said, language) == [], said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_request_key_is_refused_in_the_language(client: FlaskClient, language: str) -> None:
    too_long = "k" * 101
    in_english = _refusal(client, "/api/v1/games", GAME, "en", too_long)
    assert "the request key must be up to 100 printable characters" in in_english
    said = _refusal(client, "/api/v1/games", GAME, language, too_long)
    assert said != in_english
    assert english_left(said, language) == [], said


def _group(client: FlaskClient) -> str:
    made = client.post("/api/v1/groups", json={"name": "Smith family"})
    assert made.status_code == 201, made.get_json()
    return str(made.get_json()["id"])


def _said(client: FlaskClient, method: str, path: str, body: Any, language: str) -> str:
    answer = client.open(path, method=method, json=body, headers={"Accept-Language": language})
    assert 400 <= answer.status_code < 500, answer.get_json()
    return str(answer.get_json()["error"])


# A group's refusals: (method, path under the group, body, what the English refusal says)
GROUP_REFUSALS = [
    ("POST", "/join", {"code": "WRONGCODE"}, "That join code is not right"),
    ("GET", "/leaderboard?year=1000", None, "the year must be between 1900 and 9999"),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("method", "tail", "body", "english"), GROUP_REFUSALS)
def test_a_group_refusal_is_said_in_the_language(
    client: FlaskClient, method: str, tail: str, body: Any, english: str, language: str
) -> None:
    path = f"/api/v1/groups/{_group(client)}{tail}"
    in_english = _said(client, method, path, body, "en")
    assert english in in_english
    said = _said(client, method, path, body, language)
    assert said != in_english
    assert english_left(said, language) == [], said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_game_join_code_is_refused_in_the_language(
    client: FlaskClient, language: str
) -> None:
    made = client.post("/api/v1/games", json=GAME)
    assert made.status_code == 201, made.get_json()
    path = f"/games/{made.get_json()['id']}/join"
    english = "That join code is not right."
    asked = client.post(path, data={"code": "WRONG1"}, headers={"Accept-Language": "en"})
    assert asked.status_code == 403 and english in asked.get_data(as_text=True)
    said = client.post(path, data={"code": "WRONG1"}, headers={"Accept-Language": language})
    assert said.status_code == 403
    assert english not in said.get_data(as_text=True)


def _people(client: FlaskClient) -> tuple[str, dict[str, str], dict[str, int]]:
    """A group of Ann, Bob and Cy: its people's address, its editor's header, their ids."""
    made = client.post("/api/v1/groups", json={"name": "Smith family", "people": ["Ann", "Bob"]})
    group = made.get_json()
    url = f"/api/v1/groups/{group['id']}/people"
    auth = {"Authorization": f"Bearer {group['token']}"}
    ids = {p["name"]: int(p["id"]) for p in group["people"]}
    return url, auth, ids


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("method", "english"),
    [
        ("rename", "is already in this group: merge the two people"),
        ("merge", "A person cannot be merged into themselves"),
    ],
)
def test_a_refusal_about_people_is_said_in_the_language(
    client: FlaskClient, method: str, english: str, language: str
) -> None:
    url, auth, ids = _people(client)

    def said(speaker: str) -> str:
        headers = auth | {"Accept-Language": speaker}
        if method == "rename":
            answer = client.patch(f"{url}/{ids['Bob']}", json={"name": "ann"}, headers=headers)
        else:
            path = f"{url}/{ids['Ann']}/merge"
            answer = client.post(path, json={"into": ids["Ann"]}, headers=headers)
        assert 400 <= answer.status_code < 500, answer.get_json()
        return str(answer.get_json()["error"])

    in_english = said("en")
    assert english in in_english
    assert said(language) != in_english
    assert english_left(said(language), language) == [], said(language)


def _past_the_referee(change: str) -> dict[str, Any]:
    """Liverpool's document changed past what the referee judges."""
    document = to_document(PRESETS["liverpool"])
    if change == "wild ranks":
        document["wilds"]["ranks"] = ["3", "4", "5"]
    else:
        document["rounds"][0]["contract"] = [{"kind": "set", "min_length": 3}] * 5
        document["rounds"][0]["cards_dealt"] = 15
    return document


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("change", "english"),
    [("wild ranks", "ranks are wild, and the referee judges"), ("melds", "asks for 5 melds")],
)
def test_the_referees_limits_are_said_in_the_language(
    client: FlaskClient, change: str, english: str, language: str
) -> None:
    body = GAME | {"rules": _past_the_referee(change)}
    in_english = _refusal(client, "/api/v1/games", body, "en")
    assert english in in_english
    said = _refusal(client, "/api/v1/games", body, language)
    assert "the referee" not in said
    assert english_left(said, language) == [], said


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize(
    ("options", "field"),
    [({"colour": 1}, "options"), ({"aces": "sideways"}, "options")],
)
def test_a_refused_house_rule_is_the_options_fault_in_every_language(
    client: FlaskClient, language: str, options: dict[str, Any], field: str
) -> None:
    """Which field is at fault is decided by the rules, not by an English word in the
    message: in Spanish and German too, a bad option is the options' fault."""
    answer = client.post(
        "/api/v1/games", json=GAME | {"options": options}, headers={"Accept-Language": language}
    )
    assert answer.status_code == 400
    details = answer.get_json()["details"]
    assert field in details and "rules" not in details, details
