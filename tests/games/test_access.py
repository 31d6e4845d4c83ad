"""Putting a game in a group needs edit rights to the game, and a game's editor can take it
out again (issue 23, item 4).

The attack: a stranger with edit rights to a group of their own, and the public watch link
of someone's game, posted that link to their group (303): the owner's own attach then got
409 "That game already belongs to another group", the owner's game page linked to the
stranger's group, and the stranger's export held the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine, write_session
from scorekeeper.errors import Forbidden
from scorekeeper.games import leaderboard as lb
from tests.conftest import GameBuilder


@dataclass
class Table:
    """A victim's game (scored on ``owner``), and a stranger's group (edited on ``stranger``)."""

    owner: FlaskClient
    stranger: FlaskClient
    game_id: str
    stranger_group: str


def _new_group(client: FlaskClient, name: str) -> str:
    made = client.post("/groups", data={"name": name, "people": "Ann"})
    assert made.status_code == 303
    return made.headers["Location"].rsplit("/", 1)[1]


@pytest.fixture
def table(app: Flask, new_game: GameBuilder) -> Table:
    owner, stranger = app.test_client(), app.test_client()
    game_id = new_game.by_form(owner, ["Ann", "Bob", "Cy"], first_dealer=None)
    return Table(owner, stranger, game_id, _new_group(stranger, "Strangers"))


def test_a_stranger_cannot_put_someone_elses_game_in_their_group(app: Flask, table: Table) -> None:
    link = f"http://localhost/games/{table.game_id}/watch"
    refused = table.stranger.post(f"/groups/{table.stranger_group}/games", data={"link": link})
    assert refused.status_code == 403
    assert "Only a game this device can score" in refused.get_data(as_text=True)
    with Session(get_engine(app)) as session:
        assert games.game_group_id(session, table.game_id) is None
    export = table.stranger.get(f"/groups/{table.stranger_group}/export.json")
    assert table.game_id not in export.get_data(as_text=True)
    # The owner's own group takes it.
    mine = _new_group(table.owner, "Smiths")
    added = table.owner.post(f"/groups/{mine}/games", data={"link": link})
    assert added.status_code == 303
    with Session(get_engine(app)) as session:
        assert games.game_group_id(session, table.game_id) == mine


def test_the_service_asks_for_rights_to_the_game(app: Flask) -> None:
    with app.app_context(), write_session() as session:
        view, token = games.create_game(session, preset="liverpool", players=["Ann", "Bob"])
        group, _t = games.create_group(session, "Smiths")
    with Session(get_engine(app)) as session:
        with pytest.raises(Forbidden):
            games.attach_game(session, group.id, view.id)
        with pytest.raises(Forbidden):
            games.attach_game(session, group.id, view.id, tokens=["x" * 43], device="d" * 30)
        assert games.attach_game(session, group.id, view.id, tokens=[token]).id == view.id
        assert games.game_group_id(session, view.id) == group.id


def _leave_button(page: str) -> str | None:
    found = re.search(r'action="([^"]*/group/leave)"', page)
    return None if found is None else found.group(1)


def test_a_games_editor_takes_it_out_of_its_group(app: Flask, table: Table) -> None:
    mine = _new_group(table.owner, "Smiths")
    table.owner.post(f"/groups/{mine}/games", data={"link": f"/games/{table.game_id}"})
    page = table.owner.get(f"/games/{table.game_id}").get_data(as_text=True)
    action = _leave_button(page)
    assert action is not None and "Take it out of the group" in page and "Smiths" in page
    assert (
        _leave_button(table.stranger.get(f"/games/{table.game_id}").get_data(as_text=True)) is None
    )
    # Someone who only watches cannot.
    assert table.stranger.post(action).status_code == 403
    with Session(get_engine(app)) as session:
        assert games.game_group_id(session, table.game_id) == mine
        assert [p.games for p in games.load_group(session, mine).people] == [1, 1, 1]
    left = table.owner.post(action)
    assert left.status_code == 303 and left.headers["Location"].endswith(
        f"/games/{table.game_id}#share"
    )
    with Session(get_engine(app)) as session:
        assert games.game_group_id(session, table.game_id) is None
        group = games.load_group(session, mine)
        assert group.game_count == 0 and [p.games for p in group.people] == [0, 0, 0]
        assert lb.leaderboard(session, mine).games == 0
    page = table.owner.get(f"/games/{table.game_id}").get_data(as_text=True)
    assert _leave_button(page) is None and "Smiths" not in page
    assert table.owner.post(action).status_code == 400  # in no group now
    again = table.owner.post(f"/groups/{mine}/games", data={"link": f"/games/{table.game_id}"})
    assert again.status_code == 303  # its group's editor may add it again
