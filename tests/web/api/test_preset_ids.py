"""A rule-set document takes a preset's id only when it is exactly that preset (issue 33 §5).

Before: Liverpool with round 1 dealing 12 cards was stored as ``liverpool`` with options
``{}`` (so it read as plain Liverpool Rummy), and Liverpool's exact rules named "Evil" kept
the id too, a game's rules page headed "Evil" under Liverpool's id. The rules core's side:
tests/rules/test_document.py (ids)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS

API = "/api/v1"


def _document(client: FlaskClient, preset: str) -> dict[str, Any]:
    answer = client.get(f"{API}/rules/{preset}")
    assert answer.status_code == 200
    return dict(answer.get_json())


def _game(client: FlaskClient, rules: Any, **body: Any) -> dict[str, Any]:
    body = {"rules": rules, "players": ["Ann", "Bob", "Cy"], **body}
    answer = client.post(f"{API}/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    return dict(answer.get_json())


def _twelve_in_round_one(document: dict[str, Any]) -> None:
    document["rounds"][0]["cards_dealt"] = 12


def _named_evil(document: dict[str, Any]) -> None:
    document["name"] = "Evil"


def _german_name(document: dict[str, Any]) -> None:
    document["names"]["de"] = "Böses Rommé"


def _house_rule_inside(document: dict[str, Any]) -> None:
    document["options"]["cut_bonus"] = 0


@pytest.mark.parametrize(
    ("change", "slug"),
    [
        (_twelve_in_round_one, "liverpool-rummy-"),
        (_named_evil, "evil-"),
        (_german_name, "liverpool-rummy-"),
        (_house_rule_inside, "liverpool-rummy-"),
    ],
)
def test_a_changed_preset_is_a_rule_set_of_its_own(
    client: FlaskClient, change: Any, slug: str
) -> None:
    document = _document(client, "liverpool")
    changed = copy.deepcopy(document)
    change(changed)
    game = _game(client, changed)
    assert game["rules"].startswith(slug) and game["rules"] not in PRESETS
    assert game["rule_set"] == changed["name"]
    # The same change again: the same id (it stands for the rules and their name).
    assert _game(client, copy.deepcopy(changed))["rules"] == game["rules"]
    # The rules page of the game reads its own rules, under its own name.
    page = client.get(f"/games/{game['id']}/rules")
    assert page.status_code == 200
    assert changed["name"] in page.get_data(as_text=True)


def test_the_evil_games_rules_are_not_liverpools(client: FlaskClient) -> None:
    evil = _document(client, "liverpool") | {"name": "Evil"}
    game = _game(client, evil)
    referee = client.post(
        f"{API}/referee/contract",
        json={"rules": evil, "round": 1, "melds": ["7H 7C 7D", "8S 8C 8D"]},
    ).get_json()
    assert referee["rules"] == game["rules"] != "liverpool"


def test_a_presets_exact_document_keeps_its_id_with_options_beside_it(
    client: FlaskClient,
) -> None:
    for preset in ("liverpool", "ten-phase", "shanghai"):
        assert _game(client, _document(client, preset))["rules"] == preset
    game = _game(client, _document(client, "liverpool"), options={"cut_bonus": 0})
    assert game["rules"] == "liverpool" and game["options"] == {"cut_bonus": 0}
