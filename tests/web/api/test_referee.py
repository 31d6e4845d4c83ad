# ruff: noqa: E501  (the table of error cases reads best one case a line)
"""The referee's JSON API: every endpoint, the rulings of RULES.md, every error a 4xx JSON."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, parse_cards
from scorekeeper.web import referee_json as rj

API = "/api/v1"


def post(client: FlaskClient, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post(API + path, json=body)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


# --- /referee/contract ---------------------------------------------------------------------


def test_contract_example_from_the_issue(client: FlaskClient) -> None:
    status, body = post(
        client,
        "/referee/contract",
        {"rules": "liverpool", "round": 2, "melds": ["7H 7C JK", "4S 5S 6S 7S"], "hand": "KD"},
    )
    assert status == 200
    assert body["legal"] is True
    assert body["contract"] == "1 set and 1 run"
    assert [m["kind"] for m in body["melds"]] == ["set", "run"]
    assert body["melds"][0]["cards"] == ["7H", "7C", "JK"]
    # A wild in a set stands for the rank alone (RULES.md: "A wild in a set stands for that
    # rank only").
    assert body["melds"][0]["wilds"] == [{"card": "JK", "stands_for": "7"}]
    assert body["problems"] == []


def test_contract_wild_in_a_run_stands_for_a_definite_card(client: FlaskClient) -> None:
    _, body = post(
        client,
        "/referee/contract",
        {"rules": "liverpool", "round": 2, "melds": [["7H", "7C", "7S"], ["8C", "9C", "JK", "JC"]]},
    )
    assert body["legal"] is True
    assert body["melds"][1]["wilds"] == [{"card": "JK", "stands_for": "10C"}]
    assert body["melds"][1]["description"] == "run 8♣-J♣"


@pytest.mark.parametrize(
    ("rules", "round_number", "melds", "hand", "code"),
    [
        ("liverpool", 1, ["7H JK JK", "9S 9D 9C"], None, "too-few-naturals"),
        ("liverpool", 3, ["7H JK JK 10H", "2S 3S 4S 5S"], None, "too-few-naturals"),
        ("liverpool", 2, ["9S 9D 9C", "KS AS 2S 3S"], None, "turns-the-corner"),
        ("liverpool", 3, ["2H 3H 4H 5H", "6H 7H 8H 9H"], None, "runs-touch"),
        ("liverpool", 3, ["5S 6S 7S 8S", "7S 8S 9S 10S"], None, "runs-overlap"),
        ("contract-rummy", 1, ["7H 7C 7S 7D", "9H 9C 9S"], None, "meld-not-exact"),
        ("liverpool", 7, ["3H 4H 5H 6H", "3D 4D 5D 6D", "3S 4S 5S 6S"], "KC", "cards-left-in-hand"),
        ("liverpool", 2, ["7H 7C 7S"], None, "too-few-runs"),
        ("liverpool", 1, ["7H 7C 7S", "8H 8C 8S", "9H 9C 9S"], None, "too-many-sets"),
        ("deuces-six", 1, ["9H 9H 9C", "5S 5D 5C"], None, "repeated-suit-in-set"),
        ("liverpool", 2, ["7D 8D 9C 10D", "5S 5D 5C"], None, "mixed-suits"),
    ],
)
def test_contract_illegal_rulings(
    client: FlaskClient,
    rules: str,
    round_number: int,
    melds: list[str],
    hand: str | None,
    code: str,
) -> None:
    body_in: dict[str, Any] = {"rules": rules, "round": round_number, "melds": melds}
    if hand is not None:
        body_in["hand"] = hand
    status, body = post(client, "/referee/contract", body_in)
    assert status == 200
    assert body["legal"] is False
    codes = [p["code"] for p in body["problems"]]
    assert code in codes
    assert all(p["message"] for p in body["problems"])


@pytest.mark.parametrize(
    ("rules", "round_number", "melds", "hand"),
    [
        ("family", 3, ["5S 6S 7S 8S", "7S 8S 9S 10S"], None),  # seed 003: overlapping is fine
        ("family", 3, ["7H JK JK 10H", "2S 3S 4S 5S"], None),  # runs need 2 naturals
        ("deuces-six", 2, ["9H 9C 2D", "AH 2H 3H 4H"], None),  # a 2 standing for itself
        ("liverpool", 7, ["3H 4H 5H 6H", "3D 4D 5D 6D", "3S 4S 5S 6S 7S"], ""),
        ("liverpool", 3, ["2H 3H 4H 5H", "7H 8H 9H 10H"], None),  # apart
    ],
)
def test_contract_legal_rulings(
    client: FlaskClient, rules: str, round_number: int, melds: list[str], hand: str | None
) -> None:
    body_in: dict[str, Any] = {"rules": rules, "round": round_number, "melds": melds}
    if hand is not None:
        body_in["hand"] = hand
    status, body = post(client, "/referee/contract", body_in)
    assert status == 200
    assert body["legal"] is True, body["problems"]


def test_contract_problems_name_the_meld_and_the_cards(client: FlaskClient) -> None:
    _, body = post(
        client, "/referee/contract", {"rules": "liverpool", "round": 2,
                                      "melds": ["9S 9D 9C", "KS AS 2S 3S"]}
    )  # fmt: skip
    problem = body["problems"][0]
    assert problem["meld"] == 1
    assert problem["message"] == "K♠ A♠ 2♠ 3♠ turns the corner: aces are high or low, not both."
    assert body["melds"][1]["kind"] is None
    assert body["melds"][1]["looks_like"] == "run"


def test_contract_house_rule_options(client: FlaskClient) -> None:
    melds = ["7H JK JK 10H", "2S 3S 4S 5S"]
    _, strict = post(
        client, "/referee/contract", {"rules": "liverpool", "round": 3, "melds": melds}
    )
    _, relaxed = post(
        client,
        "/referee/contract",
        {"rules": "liverpool", "options": {"run_min_naturals": 2}, "round": 3, "melds": melds},
    )
    assert strict["legal"] is False
    assert relaxed["legal"] is True


# --- /referee/arrange ----------------------------------------------------------------------


def test_arrange_finds_a_way(client: FlaskClient) -> None:
    status, body = post(
        client,
        "/referee/arrange",
        {"rules": "liverpool", "round": 6, "cards": "7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C"},
    )
    assert status == 200
    assert body["possible"] is True
    assert [m["kind"] for m in body["melds"]] == ["set", "run", "run"]
    assert body["leftover"] == ["2C"]
    laid = [c for m in body["melds"] for c in m["cards"]] + body["leftover"]
    assert sorted(laid) == sorted(
        ["7H", "7C", "JK", "3S", "4S", "5S", "6S", "9D", "10D", "JD", "QD", "2C"]
    )
    # The arrangement is accepted by the contract referee.
    _, check = post(
        client,
        "/referee/contract",
        {"rules": "liverpool", "round": 6, "melds": [m["cards"] for m in body["melds"]]},
    )
    assert check["legal"] is True


def test_arrange_says_why_not_when_asked(client: FlaskClient) -> None:
    ask = {"rules": "liverpool", "round": 3, "cards": "3S 4S 5S 6S 9D 10D 7H 8C"}
    _, body = post(client, "/referee/arrange", ask | {"explain": True})
    assert body["possible"] is False
    assert body["melds"] == []
    assert body["reason"] == (
        "No way to make 2 runs: only spades have 3 or more natural cards close enough "
        "together for a run of 4 (with no wild card), and spades alone cannot hold two runs here."
    )
    # Unasked, the referee does not work the sentence out: the rest of the answer is the same.
    _, unasked = post(client, "/referee/arrange", ask)
    assert unasked == body | {"reason": ""}


def test_arrange_explains_nothing_when_the_cards_make_the_contract(client: FlaskClient) -> None:
    cards = "7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C"
    ask = {"rules": "liverpool", "round": 6, "cards": cards, "explain": True}
    _, body = post(client, "/referee/arrange", ask)
    assert body["possible"] is True and body["reason"] == ""


def test_arrange_refuses_cards_that_cannot_exist(client: FlaskClient) -> None:
    """More copies of a card than the decks hold: no way, and the reason says so."""
    _, body = post(
        client,
        "/referee/arrange",
        {"rules": "deuces-six", "round": 1, "cards": "7H 7H 7H 7H 9S", "explain": True},
    )
    assert body["possible"] is False
    assert "7♥ appears 4 times" in body["reason"]


# 30 cards (a hand after several buys), three decks' worth with six jokers: all out in round 7
HAND_OF_30 = (
    "JK JK 5S 4H 4H AH QH JK 10S 9S QS JK 2H 10H 7H AS 8S 3H 3H AS QS JS 3H 7H 2S 6H JK JK 2H 5H"
)


def test_arrange_takes_a_hand_after_buys(client: FlaskClient) -> None:
    assert len(parse_cards(HAND_OF_30)) == rj.MAX_ARRANGE_CARDS == 30
    status, body = post(
        client,
        "/referee/arrange",
        {"rules": "family", "round": 7, "cards": HAND_OF_30, "explain": True},
    )
    assert status == 200
    assert body["possible"] is False  # all out: 30 cards do not make exactly 3 runs
    assert "every card" in body["reason"]
    status, body = post(
        client, "/referee/arrange", {"rules": "family", "round": 6, "cards": HAND_OF_30}
    )
    assert status == 200 and body["possible"] is True
    assert sum(len(m["cards"]) for m in body["melds"]) + len(body["leftover"]) == 30


def test_arrange_limits_the_hand(client: FlaskClient) -> None:
    status, body = post(
        client, "/referee/arrange", {"rules": "liverpool", "round": 7, "cards": HAND_OF_30 + " 7H"}
    )
    assert status == 400
    assert f"at most {rj.MAX_ARRANGE_CARDS}" in body["error"]


# --- lay-off, joker swap, liverpool ----------------------------------------------------------


def test_layoff_fits_and_where(client: FlaskClient) -> None:
    status, body = post(
        client, "/referee/layoff", {"rules": "liverpool", "meld": "5S 6S 7S 8S", "card": "9S"}
    )
    assert status == 200
    assert body["fits"] is True
    assert body["position"] == "high"
    assert body["meld"] == ["5S", "6S", "7S", "8S", "9S"]
    _, wild = post(
        client, "/referee/layoff", {"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "JK"}
    )
    assert wild["stands_for"] == "9H"
    _, no = post(
        client, "/referee/layoff", {"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "10H"}
    )
    assert no["fits"] is False
    assert no["reason"] == "10♥ does not go on the run 5♥-8♥: only 4♥ or 9♥ would."
    assert no["meld"] == ["5H", "6H", "7H", "8H"]


def test_layoff_on_a_set(client: FlaskClient) -> None:
    _, body = post(
        client, "/referee/layoff", {"rules": "liverpool", "meld": ["7H", "7C", "7S"], "card": "7D"}
    )
    assert body["fits"] is True
    assert body["position"] == "set"


def test_joker_swap_example_from_the_issue(client: FlaskClient) -> None:
    status, body = post(
        client, "/referee/joker-swap", {"rules": "liverpool", "meld": "8C 9C JK JC", "card": "10C"}
    )
    assert status == 200
    assert body["allowed"] is True
    assert body["joker_index"] == 2
    assert body["joker"] == "JK"
    assert body["meld"] == ["8C", "9C", "10C", "JC"]


@pytest.mark.parametrize(("rules", "allowed"), [("liverpool", False), ("family", True)])
def test_joker_in_a_set(client: FlaskClient, rules: str, allowed: bool) -> None:
    _, body = post(
        client, "/referee/joker-swap", {"rules": rules, "meld": "7H 7C JK", "card": "7S"}
    )
    assert body["allowed"] is allowed
    if not allowed:
        assert "dead" in body["reason"]


def test_joker_swap_wrong_card(client: FlaskClient) -> None:
    _, body = post(
        client, "/referee/joker-swap", {"rules": "liverpool", "meld": "8C 9C JK JC", "card": "QC"}
    )
    assert body["allowed"] is False
    assert "stands for 10♣" in body["reason"]


def test_liverpool_check(client: FlaskClient) -> None:
    table = ["3H 4H 5H 6H", "9S 9C 9D"]
    status, body = post(
        client, "/referee/liverpool", {"rules": "liverpool", "table": table, "discard": "7H"}
    )
    assert status == 200
    assert body["playable"] is True
    assert body["where"][0]["meld"] == 0
    assert body["where"][0]["position"] == "high"
    _, safe = post(
        client, "/referee/liverpool", {"rules": "liverpool", "table": table, "discard": "KD"}
    )
    assert safe == {"playable": False, "discard": "KD", "where": []}


# --- /score ---------------------------------------------------------------------------------


def test_score_example_from_the_issue(client: FlaskClient) -> None:
    status, body = post(client, "/score", {"rules": "liverpool", "cards": "AH JK 7C"})
    assert status == 200
    assert body["points"] == 40
    assert body["cards"] == ["AH", "JK", "7C"]
    assert body["card_points"] == [15, 20, 5]


@pytest.mark.parametrize(
    ("table", "points"),
    [
        ("face-value", 37),
        ("contract-rummy", 47),
        ("deuces-six", 55),
        (
            {
                "ranks": {
                    r: 1 for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
                },
                "joker": 50,
            },
            52,
        ),
    ],
)
def test_score_with_a_point_table(client: FlaskClient, table: Any, points: int) -> None:
    _, body = post(client, "/score", {"points_table": table, "cards": ["AH", "JK", "7C"]})
    assert body["points"] == points


def test_score_every_preset(client: FlaskClient) -> None:
    for preset in PRESETS.values():
        hand = "KS JK" if preset.uses_jokers else "KS 2C"  # no joker without jokers
        _, body = post(client, "/score", {"rules": preset.id, "cards": hand})
        assert body["points"] == preset.point_table.hand_points(parse_cards(hand))
        assert body["points_table"] == preset.point_table.id


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "field", "words"),
    [
        ("/referee/contract", {"rules": "nope", "round": 1, "melds": []}, "rules", "no rule set"),
        ("/referee/contract", {"round": 1, "melds": []}, "rules", "missing"),
        ("/referee/contract", {"rules": 7, "round": 1, "melds": []}, "rules", "a number"),
        ("/referee/contract", {"rules": "liverpool", "round": 8, "melds": []}, "round", "no round 8"),
        ("/referee/contract", {"rules": "deuces-six", "round": 7, "melds": []}, "round", "no round 7"),
        ("/referee/contract", {"rules": "liverpool", "round": 0, "melds": []}, "round", "round 0"),
        ("/referee/contract", {"rules": "liverpool", "round": "2", "melds": []}, "round", "text"),
        ("/referee/contract", {"rules": "liverpool", "round": 2.5, "melds": []}, "round", "number"),
        ("/referee/contract", {"rules": "liverpool", "round": True, "melds": []}, "round", "true"),
        ("/referee/contract", {"rules": "liverpool", "round": 1}, "melds", "missing"),
        ("/referee/contract", {"rules": "liverpool", "round": 1, "melds": "7H 7C"}, "melds", "list"),
        ("/referee/contract", {"rules": "liverpool", "round": 1, "melds": ["7H 1X"]}, "melds[0]", "1X"),
        ("/referee/contract", {"rules": "liverpool", "round": 1, "melds": [[7]]}, "melds[0][0]", "number"),
        ("/referee/contract", {"rules": "liverpool", "round": 1, "melds": [], "hand": 5}, "hand", "number"),
        ("/referee/contract", {"rules": "liverpool", "round": 1, "melds": [], "bogus": 1}, "bogus", "unknown fields: bogus"),
        ("/referee/contract", {"rules": "liverpool", "options": {"nope": 1}, "round": 1, "melds": []}, "options", "not a house-rule"),
        ("/referee/contract", {"rules": "liverpool", "options": [], "round": 1, "melds": []}, "options", "name/value"),
        ("/referee/contract", {"rules": "liverpool", "options": {"run_min_naturals": "x"}, "round": 1, "melds": []}, "options", "whole number"),
        ("/referee/contract", {"rules": "liverpool", "round": 1, "melds": ["7H"] * 13}, "melds", "at most"),
        ("/referee/arrange", {"rules": "liverpool", "round": 1}, "cards", "missing"),
        ("/referee/arrange", {"rules": "liverpool", "round": 1, "cards": {"a": 1}}, "cards", "object"),
        ("/referee/layoff", {"rules": "liverpool", "meld": "5S 6S 7S 8S", "card": "9S 10S"}, "card", "one card"),
        ("/referee/layoff", {"rules": "liverpool", "meld": "5S 6S 7S 8S", "card": ""}, "card", "no card"),
        ("/referee/layoff", {"rules": "liverpool", "card": "9S"}, "meld", "missing"),
        ("/referee/joker-swap", {"rules": "liverpool", "meld": "8C 9C JK JC", "card": "ZZ"}, "card", "ZZ"),
        ("/referee/liverpool", {"rules": "liverpool", "table": "3H 4H", "discard": "7H"}, "table", "list"),
        ("/referee/liverpool", {"rules": "liverpool", "table": ["3H 4H 5H 6H"]}, "discard", "missing"),
        ("/score", {"cards": "AH"}, "rules", "missing"),
        ("/score", {"points_table": "nope", "cards": "AH"}, "points_table", "no point table"),
        ("/score", {"points_table": {"ranks": {"A": 1}, "joker": 5}, "cards": "AH"}, "points_table", "needs points"),
        ("/score", {"points_table": {"ranks": {}, "joker": True}, "cards": "AH"}, "points_table.joker", "whole number"),
        ("/score", {"points_table": 3, "cards": "AH"}, "points_table", "a number"),
        ("/score", {"rules": "liverpool", "cards": "AH " * 41}, "cards", "at most"),
        ("/score", {"rules": "liverpool", "cards": "7H" * 300}, "cards", "too much text"),
    ],
)  # fmt: skip
def test_errors_are_400_json_naming_the_problem(
    client: FlaskClient, path: str, body: Any, field: str, words: str
) -> None:
    status, answer = post(client, path, body)
    assert status == 400
    assert set(answer) == {"error", "details"}
    assert words in answer["error"]
    assert answer["details"]["field"] == field
    assert answer["details"]["code"]


@pytest.mark.parametrize(
    "path",
    ["/referee/contract", "/referee/arrange", "/referee/layoff", "/referee/joker-swap",
     "/referee/liverpool", "/score"],
)  # fmt: skip
@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ("{not json", "application/json"),
        ("", "application/json"),
        ("[1, 2]", "application/json"),
        ('"text"', "application/json"),
        ("null", "application/json"),
        ("[" * 30000 + "]" * 30000, "application/json"),
        (b"\xff\xfe\x00garbage", "application/json"),
    ],
)
def test_malformed_bodies(client: FlaskClient, path: str, data: Any, content_type: str) -> None:
    response = client.post(API + path, data=data, content_type=content_type)
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["details"]["code"] == "bad-json"
    assert "JSON" in answer["error"]


def test_get_is_not_allowed(client: FlaskClient) -> None:
    response = client.get(API + "/referee/contract")
    assert response.status_code == 405
    assert response.is_json


@pytest.mark.parametrize("path", ["/referee/contract", "/referee/arrange", "/score"])
@pytest.mark.parametrize(
    "content_type", ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data", ""]
)
def test_a_body_that_is_not_declared_json_is_415(
    client: FlaskClient, path: str, content_type: str
) -> None:
    """A cross-site form can only send these types: none of them is read as JSON."""
    body = '{"rules": "liverpool", "round": 1, "melds": ["7H 7C 7S"]}'
    response = client.post(API + path, data=body, content_type=content_type or None)
    assert response.status_code == 415
    assert "application/json" in response.get_json()["error"]


def test_too_large_a_body(client: FlaskClient) -> None:
    response = client.post(
        API + "/score", data="x" * (2 * 1024 * 1024), content_type="application/json"
    )
    assert response.status_code == 413
    assert response.is_json


def test_no_database_and_no_login(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The referee answers cheap questions without touching the database (a hard one is
    counted there, per client: tests/web/test_client_limits.py) and without a login."""
    from scorekeeper import db

    client.application.config["REFEREE_COSTLY_SECONDS"] = 60  # none is hard, on any machine

    def no_database(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the referee must not touch the database")

    monkeypatch.setattr(db, "get_session", no_database)
    monkeypatch.setattr(db, "get_engine", no_database)
    bodies = {
        "/referee/contract": {"rules": "liverpool", "round": 1, "melds": ["7H 7C 7S", "8H 8C JK"]},
        "/referee/arrange": {"rules": "liverpool", "round": 1, "cards": "7H 7C 7S 8H 8C JK"},
        "/referee/layoff": {"rules": "liverpool", "meld": "7H 7C 7S", "card": "7D"},
        "/referee/joker-swap": {"rules": "liverpool", "meld": "8C 9C JK JC", "card": "10C"},
        "/referee/liverpool": {"rules": "liverpool", "table": ["7H 7C 7S"], "discard": "7D"},
        "/score": {"rules": "liverpool", "cards": "AH"},
    }
    for path, body in bodies.items():
        status, _ = post(client, path, body)
        assert status == 200, path
    assert "Set-Cookie" not in client.post(API + "/score", json=bodies["/score"]).headers


def test_openapi_describes_the_referee(client: FlaskClient) -> None:
    spec = client.get(API + "/openapi.json").get_json()
    for path in ["/referee/contract", "/referee/arrange", "/referee/layoff",
                 "/referee/joker-swap", "/referee/liverpool", "/score"]:  # fmt: skip
        operation = spec["paths"][path]["post"]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        name = schema.rsplit("/", 1)[1]
        assert name in spec["components"]["schemas"]
        assert "400" in operation["responses"]
    assert spec["components"]["schemas"]["ContractVerdict"]["properties"]["legal"]
