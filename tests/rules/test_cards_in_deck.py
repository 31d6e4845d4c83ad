"""Only the cards a rule set's decks hold: a joker in a game without jokers is refused by the
rules core (one check, one message) and so by every API endpoint that takes cards: the
referee's, ``/score`` and a round entered with the cards left in hand."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, Card, RuleViolation, check_contract, parse_cards, to_document
from scorekeeper.rules.presets import LIVERPOOL
from scorekeeper.rules.rulesets import DeckRule, JokerCount
from scorekeeper.rules.scoring import PlayerResult, cards_not_in_deck, in_deck, score_round

API = "/api/v1"
DEUCES = PRESETS["deuces-six"]
MESSAGE = "Six-round Deuces Wild is played without jokers: JK is not in its deck."


# --- the rules core ----------------------------------------------------------------------------


def test_a_rule_set_without_jokers_holds_none() -> None:
    joker = Card.parse("JK")
    assert in_deck(LIVERPOOL, joker) and not in_deck(DEUCES, joker)
    assert all(in_deck(DEUCES, card) for card in parse_cards("2H AS KD 10C"))
    assert [p.message for p in cards_not_in_deck(DEUCES, parse_cards("7H JK JK"))] == [MESSAGE]
    assert cards_not_in_deck(DEUCES, parse_cards("7H 2C")) == []
    assert cards_not_in_deck(LIVERPOOL, parse_cards("7H JK")) == []


def test_no_jokers_per_deck_is_no_jokers() -> None:
    """Every deck's jokers, at none a deck, is a game without jokers."""
    rules = dataclasses.replace(
        LIVERPOOL, decks=DeckRule(((5, 2), (8, 3)), JokerCount.PER_DECK, jokers_per_deck=0)
    )
    assert not rules.uses_jokers and rules.describe_wilds() == "no wild cards"
    assert [p.code for p in cards_not_in_deck(rules, parse_cards("JK"))] == ["no-jokers"]


def test_a_hand_scored_with_a_joker_it_cannot_hold_is_refused() -> None:
    results = [PlayerResult(went_out=True), PlayerResult(cards=parse_cards("7H JK"))]
    with pytest.raises(RuleViolation) as raised:
        score_round(DEUCES, 1, results, first_dealer=0, names=["Ann", "Bob"])
    [problem] = raised.value.problems
    assert (problem.code, problem.message, problem.meld) == ("no-jokers", MESSAGE, 1)
    # The same hand in a game with jokers scores the joker.
    assert score_round(LIVERPOOL, 1, results, first_dealer=0).points == (0, 25)


def test_a_lay_down_with_a_joker_it_cannot_hold_is_illegal() -> None:
    verdict = check_contract(DEUCES, 1, [parse_cards("7H 7C JK"), parse_cards("5S 5D 5C")])
    assert not verdict.legal
    assert [(p.code, p.message) for p in verdict.problems] == [("no-jokers", MESSAGE)]


# --- every API endpoint that takes cards -------------------------------------------------------


def post(client: FlaskClient, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post(API + path, json=body)
    assert response.is_json
    return response.status_code, response.get_json()


# (path, body with the rules left out, the field holding the joker)
WITH_A_JOKER = [
    ("/referee/contract", {"round": 1, "melds": ["7H 7C 7S", "5S 5D JK"]}, "melds[1]"),
    ("/referee/contract", {"round": 1, "melds": ["7H 7C 7S"], "hand": "JK 4C"}, "hand"),
    ("/referee/arrange", {"round": 1, "cards": "7H 7C 7S 5S 5D JK KD"}, "cards"),
    ("/referee/layoff", {"meld": "5S 6S 7S 8S", "card": "JK"}, "card"),
    ("/referee/layoff", {"meld": "5S 6S JK 8S", "card": "9S"}, "meld"),
    ("/referee/joker-swap", {"meld": "8C 9C JK JC", "card": "10C"}, "meld"),
    ("/referee/liverpool", {"table": ["3H 4H 5H 6H", "9S 9C JK"], "discard": "7H"}, "table[1]"),
    ("/referee/liverpool", {"table": ["3H 4H 5H 6H"], "discard": "JK"}, "discard"),
    ("/score", {"cards": "AH JK 7C"}, "cards"),
]


@pytest.mark.parametrize(("path", "body", "field"), WITH_A_JOKER)
def test_every_endpoint_refuses_a_joker_without_jokers(
    client: FlaskClient, path: str, body: dict[str, Any], field: str
) -> None:
    status, answer = post(client, path, {"rules": "deuces-six", **body})
    assert status == 400, answer
    assert answer["error"] == f"{field}: {MESSAGE}"
    assert answer["details"] == {"code": "no-jokers", "field": field}
    # The same question under rules with jokers is answered.
    status, answer = post(client, path, {"rules": "liverpool", **body})
    assert status == 200, answer


@pytest.mark.parametrize(("path", "body", "field"), WITH_A_JOKER[:1] + WITH_A_JOKER[-1:])
def test_a_document_or_an_option_without_jokers_refuses_them_too(
    client: FlaskClient, path: str, body: dict[str, Any], field: str
) -> None:
    document = to_document(LIVERPOOL) | {"name": "No jokers here"}
    document["decks"] = document["decks"] | {"jokers": "none", "for_players": None}
    del document["decks"]["for_players"]
    status, answer = post(client, path, {"rules": document, **body})
    assert status == 400 and answer["details"]["code"] == "no-jokers", answer
    assert "No jokers here is played without jokers" in answer["error"]
    options = {"rules": "liverpool", "options": {"jokers": "none"}, **body}
    status, answer = post(client, path, options)
    assert status == 400 and answer["details"]["code"] == "no-jokers", answer


def test_score_with_a_point_table_alone_scores_a_joker(client: FlaskClient) -> None:
    """A point table names no decks: its joker value counts."""
    status, answer = post(client, "/score", {"points_table": "face-value", "cards": "AH JK"})
    assert status == 200 and answer["points"] == 30


def test_a_round_entered_with_a_joker_the_game_cannot_hold_is_refused(
    client: FlaskClient,
) -> None:
    response = client.post(
        f"{API}/games", json={"rules": "deuces-six", "players": ["Ann", "Bob"], "first_dealer": 0}
    )
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    url, auth = f"{API}/games/{game['id']}", {"Authorization": f"Bearer {game['token']}"}
    results = [{"player": "Ann", "went_out": True}, {"player": "Bob", "cards": "7H JK"}]
    response = client.post(f"{url}/rounds", json={"round": 1, "results": results}, headers=auth)
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["error"] == MESSAGE
    assert answer["details"] == [
        {"player": "Bob", "seat": 1, "code": "no-jokers", "message": MESSAGE}
    ]
    assert client.get(url).get_json()["rounds"] == []  # nothing saved
    results[1]["cards"] = "7H 2C"
    response = client.post(f"{url}/rounds", json={"round": 1, "results": results}, headers=auth)
    assert response.status_code == 201, response.get_json()
