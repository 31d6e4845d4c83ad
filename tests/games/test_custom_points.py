"""A point table typed in the new-game form: checked on the server, typed values kept on a
refusal, saved with the game as a custom table."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import get_session
from scorekeeper.rules import Rank

HX = {"HX-Request": "true"}
OURS = {"A": 20, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
OURS |= {"J": 11, "Q": 12, "K": 13, "Joker": 50}


def form(points: dict[str, Any], table: str = "custom") -> dict[str, Any]:
    data: dict[str, Any] = {
        "player": ["Ann", "Bob", "Cy"],
        "preset": "liverpool",
        "first_dealer": "0",
        "opt.point_table": table,
    }
    data |= {f"pts.{label}": str(value) for label, value in points.items()}
    return data


def test_the_form_offers_a_custom_table_with_a_field_per_rank(client: FlaskClient) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    assert '<option value="custom"' in page
    for label in [rank.label for rank in Rank] + ["Joker"]:
        assert f'name="pts.{label}"' in page
    # The rule set's values are the placeholders: Liverpool's ace is 15, its joker 20.
    assert re.search(r'name="pts\.A"[^>]*placeholder="15"', page, re.S)
    assert re.search(r'name="pts\.Joker"[^>]*placeholder="20"', page, re.S)


def test_a_game_starts_with_the_points_typed(app: Flask, client: FlaskClient) -> None:
    response = client.post("/games/new", data=form(OURS))
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        table = games.load_game(get_session(), game_id).rules.point_table
    assert table.id == "custom"
    assert table.value_of(Rank.ACE) == 20 and table.value_of(Rank.KING) == 13
    assert table.joker == 50


def test_bad_points_are_refused_next_to_their_field_and_kept(
    app: Flask, client: FlaskClient
) -> None:
    typed = OURS | {"Q": "twelve", "Joker": "5000", "7": "-1"}
    response = client.post("/games/new", data=form(typed), headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Custom points for 7 Q Joker: enter whole numbers from 0 to 1000" in page
    assert page.count('aria-invalid="true"') == 3
    assert 'value="twelve"' in page and 'value="5000"' in page and 'value="13"' in page
    assert '<details class="house-rules" open>' in page
    with app.app_context():
        assert games.list_games(get_session()) == []


def test_an_empty_field_keeps_the_rule_sets_value(app: Flask, client: FlaskClient) -> None:
    response = client.post("/games/new", data=form({"A": "1", "Joker": "2"}))
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        table = games.load_game(get_session(), game_id).rules.point_table
    # Liverpool's table, but for the ace and the joker.
    assert (table.value_of(Rank.ACE), table.joker, table.value_of(Rank.TWO)) == (1, 2, 5)
    assert table.value_of(Rank.TEN) == 10


def test_typed_points_are_ignored_unless_custom_is_chosen(app: Flask, client: FlaskClient) -> None:
    response = client.post("/games/new", data=form({"A": "oops"}, table="face-value"))
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.load_game(get_session(), game_id).rules.point_table.id == "face-value"
