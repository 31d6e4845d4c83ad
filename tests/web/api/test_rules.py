"""Rule-set documents through the API: GET /rules/<preset>, and ``rules`` given as a whole
document wherever rules are accepted (the referee, the score, new games)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, from_document
from scorekeeper.rules.ruleset_ids import own_id
from tests.conftest import GameBuilder


def document(client: FlaskClient, preset: str) -> dict[str, Any]:
    answer = client.get(f"/api/v1/rules/{preset}")
    assert answer.status_code == 200
    return dict(answer.get_json())


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_as_a_document_reads_back_to_the_preset(
    client: FlaskClient, preset: str
) -> None:
    assert from_document(document(client, preset)) == PRESETS[preset]


def test_an_unknown_preset_is_a_404(client: FlaskClient) -> None:
    answer = client.get("/api/v1/rules/poker")
    assert answer.status_code == 404
    assert "poker" in answer.get_json()["error"]


def test_the_openapi_document_describes_the_format(client: FlaskClient) -> None:
    spec = client.get("/api/v1/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    assert schemas["RuleDocument"]["required"] == ["rounds"]
    assert "contract" in schemas["DocumentRound"]["properties"]
    rules = schemas["NewGame"]["properties"]["rules"]
    assert {"$ref": "#/components/schemas/RuleDocument"} in rules["oneOf"]
    answer = spec["paths"]["/rules/{preset}"]["get"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/RuleDocument")


def shanghai_round(client: FlaskClient) -> dict[str, Any]:
    """A custom rule set: Liverpool with round 1 asking for a run of 7."""
    rules = document(client, "liverpool")
    rules["id"], rules["name"] = "ours", "Our rules"
    rules["rounds"][0]["contract"] = [{"kind": "run", "min_length": 7}]
    return rules


def test_the_referee_judges_by_a_document(client: FlaskClient) -> None:
    rules = shanghai_round(client)
    melds = ["4S 5S 6S 7S 8S 9S 10S"]
    answer = client.post(
        "/api/v1/referee/contract", json={"rules": rules, "round": 1, "melds": melds}
    )
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["legal"] and body["contract"] == "1 run of 7"
    assert body["rules"] == own_id(from_document(rules))  # its own id, from its name
    short = client.post(
        "/api/v1/referee/contract", json={"rules": rules, "round": 1, "melds": ["4S 5S 6S 7S"]}
    ).get_json()
    assert not short["legal"]
    arranged = client.post(
        "/api/v1/referee/arrange",
        json={"rules": rules, "round": 1, "cards": "4S 5S 6S 7S 8S JK 10S KH"},
    ).get_json()
    assert arranged["possible"] and arranged["leftover"] == ["KH"]


def test_a_document_with_options_on_top(client: FlaskClient) -> None:
    rules = shanghai_round(client)
    answer = client.post(
        "/api/v1/score",
        json={"rules": rules, "options": {"point_table": "face-value"}, "cards": "AH 7C JK"},
    ).get_json()
    assert answer["points"] == 15 + 7 + 15


def test_every_problem_of_a_document_comes_back_in_one_400(client: FlaskClient) -> None:
    rules = shanghai_round(client)
    broken = copy.deepcopy(rules)
    broken["rounds"][3]["contract"][1] = {"kind": "run", "min_length": 1}
    broken["rounds"][5]["cards_dealt"] = 0
    broken["options"]["cut_bonus"] = 50
    for path in ("/referee/layoff", "/score"):
        body = {"rules": broken, "meld": "7H 7C 7S", "card": "7D"}
        if path == "/score":
            body = {"rules": broken, "cards": "7D"}
        answer = client.post("/api/v1" + path, json=body)
        assert answer.status_code == 400
        error = answer.get_json()
        assert error["details"]["code"] == "bad-rule-document"
        assert error["details"]["field"] == "rules"
        assert error["details"]["problems"] == [
            "rounds[3].contract[1]: a run has between 2 and 13 cards, not 1",
            "rounds[5].cards_dealt: must be between 1 and 20, not 0",
            'options.cut_bonus: "cut_bonus" must be between -500 and 0, not 50',
        ]
        assert error["error"].startswith("rules: the rule-set document has 3 problems: ")


def test_a_document_that_is_not_an_object_or_text(client: FlaskClient) -> None:
    answer = client.post("/api/v1/score", json={"rules": 7, "cards": "7D"})
    assert answer.status_code == 400
    assert "a preset's id or a rule-set document" in answer.get_json()["error"]


def test_the_layoff_answer_lists_both_ends_and_takes_a_choice(client: FlaskClient) -> None:
    ask = {"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "JK"}
    default = client.post("/api/v1/referee/layoff", json=ask).get_json()
    assert default["ends"] == ["high", "low"]
    assert default["position"] == "high" and default["stands_for"] == "9H"
    low = client.post("/api/v1/referee/layoff", json=ask | {"end": "low"}).get_json()
    assert low["position"] == "low" and low["stands_for"] == "4H"
    assert low["meld"] == ["JK", "5H", "6H", "7H", "8H"]
    natural = client.post(
        "/api/v1/referee/layoff", json=ask | {"card": "9H", "end": "low"}
    ).get_json()
    assert not natural["fits"] and natural["ends"] == ["high"]
    bad = client.post("/api/v1/referee/layoff", json=ask | {"end": "middle"})
    assert bad.status_code == 400


def test_a_game_started_from_a_document(client: FlaskClient) -> None:
    rules = shanghai_round(client)
    created = client.post("/api/v1/games", json={"rules": rules, "players": ["Ann", "Bob", "Cy"]})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert game["rules"] == own_id(from_document(rules)) and game["rule_set"] == "Our rules"
    assert game["rules"].startswith("our-rules-")
    again = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert again["rules"] == game["rules"]


def test_a_game_from_a_broken_document_lists_every_problem(client: FlaskClient) -> None:
    rules = shanghai_round(client)
    rules["rounds"][0]["contract"][0]["kind"] = "pair"
    rules["players"]["max"] = 12
    answer = client.post("/api/v1/games", json={"rules": rules, "players": ["Ann", "Bob"]})
    assert answer.status_code == 400
    text = answer.get_json()["error"]
    assert "players.max: must be between 2 and 8, not 12" in text
    assert 'rounds[0].contract[0].kind: must be one of set, run, color, flush, not "pair"' in text


# --- ids: a document never passes for a preset, nor for another rule set -----------------------


def test_a_document_with_a_presets_id_is_not_that_preset(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    """The attack: ``"id": "liverpool"`` on rules of one's own made a game whose rules read
    "liverpool". Now it gets an id of its own; Liverpool itself keeps its id, with house-rule
    options beside it too (written inside the document, they make rules of one's own)."""
    fake = shanghai_round(client)
    fake["id"], fake["name"] = "liverpool", "Liverpool Rummy"
    game = new_game.by_api(client, rules=fake)
    assert game["rules"] != "liverpool" and game["rules"].startswith("liverpool-rummy-")
    assert game["rules"] not in PRESETS
    answer = client.post(
        "/api/v1/referee/contract",
        json={"rules": fake, "round": 1, "melds": ["4S 5S 6S 7S 8S 9S 10S"]},
    ).get_json()
    assert answer["rules"] == game["rules"]
    real = document(client, "liverpool")
    assert new_game.by_api(client, rules=real)["rules"] == "liverpool"
    house = {"run_min_naturals": 2}  # Liverpool with a house rule is still Liverpool
    assert new_game.by_api(client, rules=real, options=house)["rules"] == "liverpool"
    real["options"] |= house
    assert new_game.by_api(client, rules=real)["rules"].startswith("liverpool-rummy-")


def test_documents_of_different_rules_get_different_ids(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    one = shanghai_round(client)
    other = copy.deepcopy(one)
    other["rounds"][1]["cards_dealt"] = 11
    ids = {new_game.by_api(client, rules=doc)["rules"] for doc in (one, other)}
    assert len(ids) == 2
    # The same rules again: the same id (the id stands for the rules, not for the request).
    assert new_game.by_api(client, rules=one)["rules"] in ids
    # Without an id, or with the old catch-all "custom": the same scheme.
    del one["id"]
    other["id"] = "custom"
    assert {new_game.by_api(client, rules=doc)["rules"] for doc in (one, other)} == ids


def test_text_that_is_not_valid_unicode_is_refused_by_field(client: FlaskClient) -> None:
    """JSON's "\\ud800" reads as half of a character pair, which no page can show: every
    door that reads a document refuses it with a 400 that names the field (the API's JSON
    door, before the document reader; the reader's own words are tested in
    tests/rules/test_document.py)."""
    rules = shanghai_round(client)
    rules["name"] = "Liver\ud800pool"
    rules["summary"] = "\udfff"
    for path, body in (
        ("/api/v1/games", {"rules": rules, "players": ["Ann", "Bob"]}),
        ("/api/v1/score", {"rules": rules, "cards": "7D"}),
        ("/api/v1/referee/contract", {"rules": rules, "round": 1, "melds": ["7H 7C 7S"]}),
    ):
        answer = client.post(path, json=body)
        assert answer.status_code == 400, (path, answer.get_data(as_text=True))
        said = answer.get_json()["error"]
        assert "rules.name is not valid text" in said
        assert "rules.summary is not valid text" in said
        assert answer.get_data().decode("utf-8")  # the answer itself is text
