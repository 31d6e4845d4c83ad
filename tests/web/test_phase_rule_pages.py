"""A phase game on the rule pages (Flask's test client): the rules page explains how players
advance, how the game ends and that a tie is shared; the referee's ``round`` is a phase, and
with a game it opens on the phase of the player named; the builder makes a phase game; an
edit keeps a phase tried but not completed (recorded over the API)."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import get_session, write_session
from tests.conftest import grant_device
from tests.phase_helpers import hand, phase_document
from tests.web.test_builder import builder_fields
from tests.web.test_games import text

THREE = ["Ann", "Bob", "Cy"]


def _game(app: Flask, client: FlaskClient, order: str = "in-order", *hands: tuple[str, ...]) -> str:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=phase_document(order), players=THREE, first_dealer=0
        )
        for number, cells in enumerate(hands, start=1):
            games.add_round(session, view.id, number, hand(*cells))
    grant_device(app, client, view.id)
    return str(view.id)


def test_the_rules_page_explains_a_phase_game(app: Flask, client: FlaskClient) -> None:
    game_id = _game(app, client)
    page = text(client.get(f"/games/{game_id}/rules"))
    assert "A phase game" in page
    assert "moves on to the next phase" in page and "not only the player who went out" in page
    assert "equal totals share the win" in page and "tiebreak hand" in page
    assert "at most 100 hands" in page
    assert "<th>Phase</th>" in page and "3 phases" in page
    assert "phase 1, Two sets" in page or "phase 1:" in page  # examples name the phase
    any_order = _game(app, client, "any")
    assert "completed in any order" in text(client.get(f"/games/{any_order}/rules"))
    rounds = text(client.get("/rules/liverpool"))  # a game played in rounds: no such panel
    assert "A phase game" not in rounds and "<th>Round</th>" in rounds


def test_the_referee_opens_on_a_players_phase(app: Flask, client: FlaskClient) -> None:
    # Ann completes phases 1 and 2; Bob phase 1; Cy none: hand 3 is being played.
    hands = [("out", "5 done", "10 not"), ("out", "5 not", "10 not")]
    game_id = _game(app, client, "in-order", *hands)
    # Hand 3 is not a phase: without a player the lowest phase anyone is on, Cy's.
    page = text(client.get(f"/games/{game_id}/referee"))
    assert "Phase 1:" in page and '<option value="1" selected>1: 2 sets (Cy)</option>' in page
    options = re.findall(r"<option value=\"\d\"[^<]*</option>", page)
    assert "2: 1 set and 1 run (Bob)" in page and "3: 2 runs (Ann)" in page, options
    page = text(client.get(f"/games/{game_id}/referee?player=Ann"))
    assert '<option value="3" selected>' in page and "Phase 3:" in page
    page = text(client.get(f"/games/{game_id}/referee?player=1"))  # a seat number
    assert '<option value="2" selected>' in page
    page = text(client.get(f"/games/{game_id}/referee?player=Ann&round=1"))  # picked
    assert '<option value="1" selected>' in page


def test_the_builder_makes_a_phase_game(client: FlaskClient) -> None:
    fields = builder_fields(client)
    assert fields["progression"] == "rounds"
    fields["progression"] = "phases"
    fields["opt.phase_order"] = "any"
    fields["action"] = "check"
    page = text(client.post("/rules/build", data=fields))
    assert "7 phases; tap a phase to change it" in page
    assert 'value="phases" selected' in page
    fields["action"] = "save"
    response = client.post("/rules/build", data=fields)
    assert response.status_code in (302, 303), text(response)[:400]
    saved = client.get(response.headers["Location"].replace("?saved=1", "") + "/rules.json")
    document = json.loads(saved.data)
    assert document["progression"] == "phases"
    assert document["options"]["phase_order"] == "any"
    fields["progression"] = "ladder"
    fields["action"] = "check"
    refused = client.post("/rules/build", data=fields)
    assert "ladder" in text(refused)


def test_an_edit_keeps_a_phase_tried_but_not_completed(app: Flask, client: FlaskClient) -> None:
    game_id = _game(app, client, "any", ("out p2", "10 not p3", "5 not"))
    edit = text(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert 'name="phase_tried-1" value="3"' in edit and "tried phase 3" in edit
    with app.app_context():
        version = str(games.load_game(get_session(), game_id).rounds[0].version)
    response = client.post(
        f"/games/{game_id}/rounds/1",
        data={"version": version, "key": "k1", "out": "0", "phase-0": "2", "points-1": "20",
              "points-2": "5", "phase_tried-1": "3"},
    )  # fmt: skip
    assert response.status_code == 303, text(response)
    with app.app_context():
        entries = games.load_game(get_session(), game_id).rounds[0].entries
    assert [(e.phase, e.phase_done, e.points) for e in entries] == [
        (2, True, 0), (3, False, 20), (None, False, 5),
    ]  # fmt: skip
