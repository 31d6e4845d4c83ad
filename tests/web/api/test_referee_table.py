"""The referee's table questions over JSON with the meld's kind and round (issue 35 §1), and
every meld kind's answers held to the OpenAPI document itself (a client generated from it
must accept a colour meld or a flush)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator

from scorekeeper.rules.document import to_document
from scorekeeper.rules.presets import LIVERPOOL
from scorekeeper.rules.rulesets import Contract, MeldKind, MeldSpec, RoundSpec

API = "/api/v1"
HEARTS_IN_SEQUENCE = "5H 6H 7H 8H 9H 10H JH"


def post(client: FlaskClient, path: str, body: Any, **headers: str) -> tuple[int, Any]:
    response = client.post(API + path, json=body, headers=headers)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


def one_round_document(*melds: tuple[MeldKind, int]) -> dict[str, Any]:
    """Liverpool's rules with one round of the given contract, as a rule-set document."""
    contract = Contract(tuple(MeldSpec(kind, n) for kind, n in melds))
    rules = dataclasses.replace(LIVERPOOL, id="one-round", rounds=(RoundSpec(contract, 12),))
    return to_document(rules)


COLOUR_AND_FLUSH = one_round_document((MeldKind.COLOR, 5), (MeldKind.FLUSH, 5))
COLOUR = one_round_document((MeldKind.COLOR, 5))
TABLE = {"table": ["7H 7C 7S"], "discard": "7D"}


# --- a set of 2 ----------------------------------------------------------------------------


def test_the_issues_set_of_two_takes_a_five(client: FlaskClient) -> None:
    status, body = post(
        client, "/referee/layoff", {"rules": "ten-phase", "meld": "5H KS", "card": "5C"}
    )
    assert status == 200
    assert body["fits"] is True, body["reason"]
    assert body["position"] == "set" and body["description"] == "set of fives"


def test_the_liverpool_call_sees_the_set_of_two(client: FlaskClient) -> None:
    status, body = post(
        client,
        "/referee/liverpool",
        {"rules": "ten-phase", "table": ["5H KS", "7C 8D 9S 10H"], "discard": "5D"},
    )
    assert status == 200
    assert body["playable"] is True
    assert [p["meld"] for p in body["where"]] == [0]


def test_a_set_of_two_in_phase_one_is_too_short(client: FlaskClient) -> None:
    ask = {"rules": "ten-phase", "meld": "5H KS", "card": "5C", "round": 1}
    _, body = post(client, "/referee/layoff", ask)
    assert body["fits"] is False and "at least 3" in body["reason"]


# --- kind and round ------------------------------------------------------------------------


@pytest.mark.parametrize("said", [{"round": 8}, {"kind": "flush"}, {"round": 4, "kind": "flush"}])
def test_phase_eights_flush_in_sequence_takes_a_two_of_hearts(
    client: FlaskClient, said: dict[str, Any]
) -> None:
    ask = {"rules": "ten-phase", "meld": HEARTS_IN_SEQUENCE, "card": "2H"} | said
    _, body = post(client, "/referee/layoff", ask)
    assert body["fits"] is True, body["reason"]
    assert body["description"] == "flush of hearts"


@pytest.mark.parametrize("said", [{}, {"round": 4}, {"kind": "run"}])
def test_read_as_a_run_the_same_cards_take_no_two(
    client: FlaskClient, said: dict[str, Any]
) -> None:
    ask = {"rules": "ten-phase", "meld": HEARTS_IN_SEQUENCE, "card": "2H"} | said
    _, body = post(client, "/referee/layoff", ask)
    assert body["fits"] is False


def test_the_liverpool_call_takes_a_kind_per_meld(client: FlaskClient) -> None:
    table = ["5H 5D 5C", HEARTS_IN_SEQUENCE]
    ask = {"rules": "ten-phase", "table": table, "discard": "2H"}
    assert post(client, "/referee/liverpool", ask)[1]["playable"] is False
    for kind in (["set", "flush"], [None, "flush"], "flush"):
        _, body = post(client, "/referee/liverpool", ask | {"kind": kind})
        assert [p["meld"] for p in body["where"]] == [1], kind
    _, body = post(client, "/referee/liverpool", ask | {"round": 8})
    assert [p["meld"] for p in body["where"]] == [1]


def test_with_colour_melds_and_flushes_a_flush_keeps_its_wild_from_a_diamond(
    client: FlaskClient,
) -> None:
    ask = {"rules": COLOUR_AND_FLUSH, "meld": "5H 7H JK 9H 10H", "card": "2D"}
    for said in ({}, {"kind": "flush"}, {"round": 1}):
        _, body = post(client, "/referee/joker-swap", ask | said)
        assert body["allowed"] is False, (said, body["reason"])
    _, body = post(client, "/referee/joker-swap", ask | {"kind": "color"})
    assert body["allowed"] is True and body["joker"] == "JK"


@pytest.mark.parametrize(
    ("path", "ask", "field"),
    [
        ("/referee/layoff", {"meld": "7H 7C 7S", "card": "7D", "kind": "flush"}, "kind"),
        ("/referee/joker-swap", {"meld": "7H 7C JK", "card": "7D", "kind": "pair"}, "kind"),
        ("/referee/layoff", {"meld": "7H 7C 7S", "card": "7D", "round": 9}, "round"),
        ("/referee/liverpool", TABLE | {"kind": ["set", "run"]}, "kind"),
        ("/referee/liverpool", TABLE | {"kind": ["color"]}, "kind[0]"),
        ("/referee/liverpool", TABLE | {"kind": 3}, "kind"),
    ],
)
def test_a_kind_or_round_the_rules_lack_is_a_400(
    client: FlaskClient, path: str, ask: dict[str, Any], field: str
) -> None:
    status, body = post(client, path, {"rules": "liverpool"} | ask)
    assert status == 400, body
    assert body["details"]["field"] == field
    assert body["error"]


def test_a_kind_the_rules_lack_is_refused_in_the_persons_language(client: FlaskClient) -> None:
    ask = {"rules": "liverpool", "meld": "7H 7C 7S", "card": "7D", "kind": "flush"}
    status, body = post(client, "/referee/layoff", ask, **{"Accept-Language": "es"})
    assert status == 400
    assert "flush" in body["error"] and "not a kind" not in body["error"]


# --- the meld check's words over JSON ------------------------------------------------------


def test_the_contract_check_counts_a_gap_round_the_corner(client: FlaskClient) -> None:
    ask = {"rules": "carioca", "round": 3, "melds": ["KH AH 3H 4H 5H", "6S 7S 8S 9S"]}
    _, body = post(client, "/referee/contract", ask)
    gaps = [p for p in body["problems"] if p["code"] == "not-consecutive"]
    assert [p["cards"] for p in gaps] == [["2H"]], body["problems"]
    assert "8 cards" not in gaps[0]["message"]


# --- every meld kind against the OpenAPI document ------------------------------------------


def validator(client: FlaskClient, model: str) -> OAS31Validator:
    document = client.get(API + "/openapi.json").get_json()
    schema = {"$ref": f"#/components/schemas/{model}", "components": document["components"]}
    return OAS31Validator(schema)


CONTRACTS = [
    ({"rules": "liverpool", "round": 2, "melds": ["7H 7C JK", "4S 5S 6S 7S"]}, ["set", "run"]),
    ({"rules": "ten-phase", "round": 8, "melds": ["2H 5H 5H 9H QH KS JH"]}, ["flush"]),
    ({"rules": COLOUR, "round": 1, "melds": ["3H 9D 9D QH JK"]}, ["color"]),
]


@pytest.mark.parametrize(("ask", "kinds"), CONTRACTS)
def test_every_meld_kind_in_a_contract_answer_fits_the_document(
    client: FlaskClient, ask: dict[str, Any], kinds: list[str]
) -> None:
    status, body = post(client, "/referee/contract", ask)
    assert status == 200
    assert [m["kind"] for m in body["melds"]] == kinds
    assert [m["looks_like"] for m in body["melds"]] == kinds
    validator(client, "ContractVerdict").validate(body)


def test_an_illegal_colour_meld_looks_like_one_in_the_document(client: FlaskClient) -> None:
    ask = {"rules": COLOUR, "round": 1, "melds": ["3H 9D 9S QH JK"]}
    _, body = post(client, "/referee/contract", ask)
    assert body["melds"][0]["kind"] is None and body["melds"][0]["looks_like"] == "color"
    validator(client, "ContractVerdict").validate(body)


@pytest.mark.parametrize(
    ("ask", "kind"),
    [
        ({"rules": "liverpool", "round": 1, "cards": "7H 7C 7S 9D 9C 9S KD"}, "set"),
        ({"rules": "ten-phase", "round": 4, "cards": "5H 6C 7H 8D 9H 10S JH AC"}, "run"),
        ({"rules": "ten-phase", "round": 8, "cards": "2H 5H 5H 9H QH KS JH 3C"}, "flush"),
        ({"rules": COLOUR, "round": 1, "cards": "3H 9D 9D QH 4D 7C"}, "color"),
    ],
)
def test_every_arranged_meld_kind_fits_the_document(
    client: FlaskClient, ask: dict[str, Any], kind: str
) -> None:
    status, body = post(client, "/referee/arrange", ask)
    assert status == 200 and body["possible"] is True, body
    assert kind in [m["kind"] for m in body["melds"]]
    validator(client, "Arrangement").validate(body)


def test_the_document_lists_all_four_kinds(client: FlaskClient) -> None:
    schemas = client.get(API + "/openapi.json").get_json()["components"]["schemas"]

    def kinds(model: str, field: str) -> set[str]:
        found = schemas[model]["properties"][field]
        options = found.get("anyOf", [found])
        return {value for option in options for value in option.get("enum", [])}

    four = {"set", "run", "color", "flush"}
    assert kinds("ArrangedMeld", "kind") == four
    assert kinds("MeldReport", "kind") == four
    assert kinds("MeldReport", "looks_like") == four


def test_a_round_the_rules_lack_is_refused_in_the_persons_language(client: FlaskClient) -> None:
    ask = {"rules": "ten-phase", "meld": "5H KS", "card": "5C", "round": 11}
    status, body = post(client, "/referee/layoff", ask, **{"Accept-Language": "es"})
    assert status == 400 and body["details"]["field"] == "round"
    assert "no hay fase 11" in body["error"]
    status, body = post(client, "/referee/joker-swap", ask | {"rules": "liverpool", "round": 8})
    assert status == 400 and "no round 8" in body["error"]
