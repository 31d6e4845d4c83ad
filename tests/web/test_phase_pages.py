"""Phase games on the game pages (Flask's test client): the entry form's phase fields are read
(``phase_done-<seat>``, and ``phase-<seat>`` with the phases in any order), refusals come back
with the values as typed, and every page of a phase game still renders, hands past the count
of phases included (the pages' own phase design is a later change)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import get_session, write_session
from tests.conftest import grant_device
from tests.phase_helpers import hand, phase_document
from tests.web.test_games import HX, form_fields, text

THREE = ["Ann", "Bob", "Cy"]


def _game(app: Flask, client: FlaskClient, order: str = "in-order") -> str:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=phase_document(order), players=THREE, first_dealer=0
        )
    grant_device(app, client, view.id)
    return str(view.id)


def _load(app: Flask, game_id: str) -> games.GameView:
    with app.app_context():
        return games.load_game(get_session(), game_id)


def test_the_entry_form_reads_each_players_phase(app: Flask, client: FlaskClient) -> None:
    game_id = _game(app, client)
    data = form_fields(text(client.get(f"/games/{game_id}")))
    data |= {"out": "0", "points-1": "10", "points-2": "15", "phase_done-1": "on"}
    response = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    assert response.status_code == 200, text(response)
    view = _load(app, game_id)
    assert [(e.phase, e.phase_done) for e in view.rounds[0].entries] == [
        (1, True),  # went out: completed, unticked
        (1, True),
        (1, False),
    ]
    assert [view.player_phase(s) for s in range(3)] == [2, 2, 1]
    # The edit form comes prefilled with the phases completed, and saves them as read.
    edit = text(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert "Edit hand 1" in edit
    version = str(view.rounds[0].version)
    response = client.post(
        f"/games/{game_id}/rounds/1",
        data={"version": version, "key": "k1", "out": "0", "points-1": "10", "points-2": "15",
              "phase_done-2": "on"},
    )  # fmt: skip
    assert response.status_code == 303, text(response)
    assert [e.phase_done for e in _load(app, game_id).rounds[0].entries] == [True, False, True]


def test_the_entry_form_reads_which_phase_in_any_order(app: Flask, client: FlaskClient) -> None:
    game_id = _game(app, client, "any")
    data = form_fields(text(client.get(f"/games/{game_id}")))
    data |= {"out": "0", "points-1": "10", "points-2": "15", "phase-1": "3"}
    refused = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    assert refused.status_code == 400
    page = text(refused)
    assert "Say which phase Ann completed in hand 1 (phases left: 1, 2, 3)." in page
    assert 'value="10"' in page and 'value="15"' in page  # kept as typed
    assert _load(app, game_id).rounds == ()
    data |= {"phase-0": "2", "phase-2": "x"}
    refused = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    assert refused.status_code == 400 and "Cy&#39;s phase must be a whole number" in text(refused)
    del data["phase-2"]
    response = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    assert response.status_code == 200, text(response)
    view = _load(app, game_id)
    assert [(e.phase, e.phase_done) for e in view.rounds[0].entries] == [
        (2, True),
        (3, True),  # a phase chosen is a phase completed
        (None, False),
    ]


def test_a_phase_games_pages_render_past_the_count_of_phases(
    app: Flask, client: FlaskClient
) -> None:
    game_id = _game(app, client)
    with app.app_context(), write_session() as session:
        for number in range(1, 6):  # each goes out in turn: nobody completes three phases
            cells = ["5", "5", "5"]
            cells[(number - 1) % 3] = "out"
            games.add_round(session, game_id, number, hand(*cells))
    for path in ("", "/watch", "/watch/board", "/history", "/rules", "/rounds/5/edit"):
        response = client.get(f"/games/{game_id}{path}")
        assert response.status_code == 200, (path, text(response)[:500])
    assert 'name="round" value="6"' in text(client.get(f"/games/{game_id}"))
    data = form_fields(text(client.get(f"/games/{game_id}")))
    data |= {"out": "2", "points-0": "5", "points-1": "5", "phase_done-0": "on"}
    response = client.post(f"/games/{game_id}/rounds", data=data)
    assert response.status_code == 303, text(response)
    view = _load(app, game_id)  # Ann completed her third phase: the game is over
    assert [view.player_phase(s) for s in range(3)] == [4, 3, 3] and view.winners == (0,)
    assert client.get(f"/games/{game_id}").status_code == 200
