"""Names that come in wrong (issue 33 §5): every door cleans a name the same way (NFC,
invisible characters out, any space a plain space, spaces collapsed) and matches names by the
same key, so a name pasted with a zero-width space, a no-break space or a decomposed accent
is the name it looks like.

The cleaning itself: tests/games/test_names.py."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.games import transfer
from tests.conftest import GameBuilder

API = "/api/v1"
NFC_ZOE = unicodedata.normalize("NFC", "Zoé")
NFD_ZOE = unicodedata.normalize("NFD", "Zoé")


def _start(
    client: FlaskClient, players: list[str], headers: dict[str, str] | None = None, **body: Any
) -> dict[str, Any]:
    body = {"rules": "liverpool", "players": players, **body}
    response = client.post(f"{API}/games", json=body, headers=headers or {})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def _round(client: FlaskClient, game: dict[str, Any], results: list[dict[str, Any]], **extra: Any):  # type: ignore[no-untyped-def]
    return client.post(
        f"{API}/games/{game['id']}/rounds",
        json={"round": 1, "results": results, **extra},
        headers={"Authorization": f"Bearer {game['token']}"},
    )


# --- a round's results ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    ["Ann\u200b", "\u200eAnn", "\ufeffAnn", "A\u200dnn", "ANN\u00a0", "\u2003ann\u202f"],
)
def test_a_rounds_results_find_a_player_named_with_invisible_characters(
    client: FlaskClient, typed: str
) -> None:
    """Before: "Ann\\u200b" in a round got a 400 "not in this game"."""
    game = _start(client, ["Ann", "Bob"], first_dealer="Bob")
    answer = _round(client, game, [{"player": typed, "went_out": True},
                                   {"player": "Bob", "points": 25}])  # fmt: skip
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["rounds"][0]["totals"] == {"Ann": 0, "Bob": 25}


def test_a_players_name_with_a_no_break_space_keeps_the_space(client: FlaskClient) -> None:
    """Before: "Ann\\u00a0Lee" became "AnnLee"."""
    game = _start(client, ["Ann\u00a0Lee", "Bob\u2009\u2009Ray", "Cy\u200b"])
    assert game["players"] == ["Ann Lee", "Bob Ray", "Cy"]
    results = [{"player": "Ann Lee", "went_out": True}, {"player": "bob\u00a0ray", "points": 5},
               {"player": "Cy", "points": 10}]  # fmt: skip
    assert _round(client, game, results).status_code == 201


def test_nfc_and_nfd_spellings_of_one_name_are_one_player(client: FlaskClient) -> None:
    """Before: "Zoé" typed composed and decomposed were two players."""
    answer = client.post(
        f"{API}/games",
        json={"rules": "liverpool", "players": [NFC_ZOE, NFD_ZOE]},
        headers={"Accept-Language": "es"},
    )
    assert answer.status_code == 400
    said = answer.get_json()
    assert said["error"] == f"cada jugador necesita un nombre distinto: {NFC_ZOE}"
    assert said["details"]["players"] == said["error"]
    # Alone, the decomposed spelling is kept composed, and either spelling finds the player.
    game = _start(client, [NFD_ZOE, "Bob"], first_dealer=NFC_ZOE)
    assert game["players"] == [NFC_ZOE, "Bob"] and game["first_dealer"] == NFC_ZOE
    results = [{"player": NFD_ZOE, "went_out": True}, {"player": "Bob", "points": 5}]
    assert _round(client, game, results).status_code == 201


def test_the_first_dealer_and_the_cutter_are_found_the_same_way(client: FlaskClient) -> None:
    game = _start(client, ["Ann", "Bob"], first_dealer="\u200bBob\u00a0")
    assert game["first_dealer"] == "Bob"
    # Round 1: Bob deals, so Ann (on the dealer's right in a game of two) cuts.
    results = [{"player": "Ann", "went_out": True}, {"player": "Bob", "points": 5}]
    answer = _round(client, game, results, cut_bonus="ann\u200b")
    assert answer.status_code == 201, answer.get_json()


# --- groups and people ------------------------------------------------------------------------


def test_a_groups_people_are_cleaned_and_matched_the_same_way(client: FlaskClient) -> None:
    made = client.post(
        f"{API}/groups", json={"name": "The\u00a0Smiths\u200b", "people": [NFD_ZOE, NFC_ZOE, "Ann"]}
    )
    assert made.status_code == 201, made.get_json()
    group = made.get_json()
    assert group["name"] == "The Smiths"
    assert [p["name"] for p in group["people"]] == ["Ann", NFC_ZOE]
    auth = {"Authorization": f"Bearer {group['token']}"}
    again = client.post(f"{API}/groups/{group['id']}/people", json={"name": NFD_ZOE}, headers=auth)
    assert again.status_code == 409
    people_url = f"{API}/groups/{group['id']}/people"
    lee = client.post(people_url, json={"name": "Lee\u200b"}, headers=auth)
    assert lee.status_code == 201 and lee.get_json()["name"] == "Lee"
    # A game started in the group finds its people however their names were typed.
    game = _start(client, ["\u200eann", NFD_ZOE], auth, group=group["id"])
    people = client.get(f"{API}/groups/{group['id']}/people").get_json()["people"]
    assert sorted((p["name"], p["games"]) for p in people) == [("Ann", 1), ("Lee", 0), (NFC_ZOE, 1)]
    assert game["players"] == ["ann", NFC_ZOE]


# --- the new-game form --------------------------------------------------------------------------


def test_the_new_game_form_cleans_names_and_leaves_invisible_rows_out(
    client: FlaskClient, new_game: GameBuilder, app: Flask
) -> None:
    game_id = new_game.by_form(client, ["Ann\u00a0Lee", "\u200b", NFD_ZOE], first_dealer=None)
    with Session(get_engine(app)) as session:
        assert games.load_game(session, game_id).players == ("Ann Lee", NFC_ZOE)


# --- an import ---------------------------------------------------------------------------------


def _exported_game(app: Flask, new_game: GameBuilder) -> dict[str, Any]:
    view = new_game(app, ["Ann", "Bob"], [[None, 10]], rounds=1)
    data: dict[str, Any] = json.loads("".join(transfer.export_game_json(get_engine(app), view.id)))
    data["game"]["id"] = "imported-" + "x" * 16
    return data


def _import(client: FlaskClient, data: dict[str, Any]):  # type: ignore[no-untyped-def]
    return client.post(f"{API}/import", data=json.dumps(data), content_type="application/json")


def test_an_import_cleans_names_as_every_door_does(
    client: FlaskClient, app: Flask, new_game: GameBuilder
) -> None:
    """An export of a game stored before names were cleaned this way imports as a new game
    would be started: a decomposed accent composed, a no-break space a space."""
    data = _exported_game(app, new_game)
    data["game"]["players"][0]["name"] = "Ann\u00a0Lee\u200b"
    data["game"]["players"][1]["name"] = NFD_ZOE
    answer = _import(client, data)
    assert answer.status_code == 201, answer.get_json()
    game = client.get(f"{API}/games/{answer.get_json()['id']}").get_json()
    assert game["players"] == ["Ann Lee", NFC_ZOE]


def test_an_import_refuses_two_spellings_of_one_name_saying_where(
    client: FlaskClient, app: Flask, new_game: GameBuilder
) -> None:
    data = _exported_game(app, new_game)
    data["game"]["players"][0]["name"] = NFC_ZOE
    data["game"]["players"][1]["name"] = NFD_ZOE
    data["game"]["title"] = "\u200b"  # nothing left of it: no title, not a problem
    answer = _import(client, data)
    assert answer.status_code == 400
    problems = answer.get_json()["details"]["problems"]
    assert [p["problem"] for p in problems] == ["each player needs a different name"]
    data["game"]["players"][1]["name"] = "\u200b\u00a0"
    problems = _import(client, data).get_json()["details"]["problems"]
    assert [(p["where"], p["problem"]) for p in problems] == [
        ("the game (imported-xxxxxxxxxxxxxxxx), player 2", "the name cannot be empty")
    ]
