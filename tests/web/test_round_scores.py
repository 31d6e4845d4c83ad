"""Round entry (the game pages and the JSON API) for the scores of issue 35: the one tap for
going down and out in one turn, the Bought box only where the round has buying, buys the
rules refuse with the form's words kept and a 400 in the reader's language, and the Skip on
the card picker."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_games import HX, create, field_errors, load, round_data, text

TWO = ["Ann", "Bob"]


def test_one_tap_beside_went_out_only_where_the_rules_score_it(client: FlaskClient) -> None:
    continental = text(client.get(f"/games/{create(client, TWO, preset='continental')}"))
    liverpool = text(client.get(f"/games/{create(client, TWO)}"))
    assert 'name="down_and_out-0"' in continental and "in one turn" in continental
    assert "down_and_out" not in liverpool


def test_down_and_out_is_saved_and_shown(app: Flask, client: FlaskClient) -> None:
    game_id = create(client, TWO, preset="continental")
    data = round_data(client, game_id, 0, {1: 35}, **{"down_and_out-0": "on"})
    response = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    assert response.status_code == 200, text(response)
    view = load(app, game_id)
    assert view.totals == (-10, 35) and view.rounds[0].entries[0].down_and_out
    page = text(client.get(f"/games/{game_id}"))
    assert 'class="one-turn-mark"' in page
    edit = text(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert re.search(r'name="down_and_out-0"\s+checked', edit)


def test_down_and_out_on_a_player_who_did_not_go_out_is_refused_in_spanish(
    client: FlaskClient,
) -> None:
    game_id = create(client, TWO, preset="continental")
    data = round_data(client, game_id, 0, {1: 35}, **{"down_and_out-1": "on"})
    headers = HX | {"Accept-Language": "es"}
    response = client.post(f"/games/{game_id}/rounds", data=data, headers=headers)
    assert response.status_code == 400
    assert "Bob no cerró" in " ".join(field_errors(text(response)))
    assert re.search(r'name="down_and_out-1"\s+checked', text(response))  # kept as typed


@pytest.mark.parametrize(
    ("preset", "shown"),
    [("liverpool", True), ("carioca", False), ("ten-phase", False), ("family", False)],
)
def test_the_bought_box_only_where_the_round_has_buying(
    client: FlaskClient, preset: str, shown: bool
) -> None:
    """Family Liverpool has no buying in round 1, the round its page opens on."""
    page = text(client.get(f"/games/{create(client, ['Ann', 'Bob', 'Cy'], preset=preset)}"))
    assert ('name="bought-0"' in page) is shown


def test_a_buy_over_the_limit_keeps_what_was_typed(app: Flask, client: FlaskClient) -> None:
    game_id = create(client, ["Ann", "Bob", "Cy"], preset="shanghai")
    data = round_data(client, game_id, 0, {1: 35, 2: 20}, **{"bought-1": "5"})
    response = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    page = text(response)
    assert response.status_code == 400
    assert any("more than the 3" in e for e in field_errors(page)), field_errors(page)
    assert 'value="5"' in page and load(app, game_id).rounds == ()


def test_skips_on_the_card_picker(client: FlaskClient) -> None:
    game_id = create(client, TWO, preset="ten-phase", **{"opt.jokers_as_skips": "true"})
    page = text(client.get(f"/games/{game_id}"))
    assert 'data-joker-name="Skip"' in page
    assert re.search(r'data-card="JK"[^>]*>Skip</button>', html.unescape(page))


# --- the JSON API ----------------------------------------------------------------------------


def _api_game(client: FlaskClient, rules: str) -> dict[str, Any]:
    body = {"rules": rules, "players": TWO, "first_dealer": "Ann"}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    game: dict[str, Any] = response.get_json()
    return game


def _post_round(client: FlaskClient, game: dict[str, Any], *results: dict[str, Any]) -> Any:
    return client.post(
        f"/api/v1/games/{game['id']}/rounds",
        json={"round": 1, "results": list(results)},
        headers={"Authorization": f"Bearer {game['token']}"},
    )


def test_api_takes_down_and_out_and_answers_it(client: FlaskClient) -> None:
    game = _api_game(client, "continental")
    response = _post_round(
        client, game, {"player": "Ann", "went_out": True, "down_and_out": True},
        {"player": "Bob", "points": 35},
    )  # fmt: skip
    assert response.status_code == 201, response.get_json()
    results = response.get_json()["rounds"][0]["results"]
    assert [(r["points"], r["down_and_out"]) for r in results] == [(-10, True), (35, False)]


def test_api_refuses_buys_a_game_without_buying_cannot_hold(client: FlaskClient) -> None:
    game = _api_game(client, "carioca")
    response = _post_round(
        client, game, {"player": "Ann", "went_out": True},
        {"player": "Bob", "points": 35, "bought": 2},
    )  # fmt: skip
    assert response.status_code == 400
    assert "played without buying" in response.get_json()["error"]


# --- the rules pages ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        ("carioca-english", ["Carioca (Perla", "scores −30 instead of 0", "adds 2 points"]),
        ("continental", ["scores −10 instead of 0"]),
        ("ten-phase-even", ["even phases only"]),
        ("ten-phase-odd", ["odd phases only"]),
        ("rommi", ["Shanghai (Finland)"]),
    ],
)
def test_rules_pages_say_the_new_scores_and_presets(
    client: FlaskClient, preset: str, words: list[str]
) -> None:
    response = client.get(f"/rules/{preset}")
    assert response.status_code == 200
    page = html.unescape(text(response))
    for word in words:
        assert word in page, word


def test_rules_page_in_german_names_shanghai_finland(client: FlaskClient) -> None:
    page = text(client.get("/rules/rommi", headers={"Accept-Language": "de"}))
    assert "Shanghai (Finnland)" in page and "Rommi" not in page
