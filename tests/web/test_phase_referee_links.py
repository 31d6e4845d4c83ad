"""A phase game's game page and watch page link each player to the referee opened on their
own phase (a finger-sized link per player still playing); the referee page opens on it. With
the phases in any order, the phase opened is the first the player has left."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import write_session
from tests.conftest import grant_device
from tests.phase_helpers import hand, phase_document

THREE = ["Ann", "Bob", "Cy"]
LINK = re.compile(
    r'<a class="button small secondary referee-link" href="([^"]+)" '
    r'aria-label="Referee for ([^"]+)\'s phase (\d+)" data-phase="(\d+)">'
)


def _game(app: Flask, order: str, *hands: tuple[str, ...]) -> str:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=phase_document(order), players=THREE, first_dealer=0
        )
        for number, cells in enumerate(hands, start=1):
            view, _ = games.add_round(session, view.id, number, hand(*cells))
    return str(view.id)


def _links(page: str) -> dict[str, tuple[str, int]]:
    return {name: (url, int(phase)) for url, name, phase, _ in LINK.findall(page)}


def test_each_player_links_to_the_referee_on_their_phase(app: Flask, client: FlaskClient) -> None:
    # Ann completes phases 1 and 2, Bob phase 1, Cy none.
    game_id = _game(app, "in-order", ("out", "20 done", "10 not"), ("out", "5 not", "30 not"))
    grant_device(app, client, game_id)
    for url in (f"/games/{game_id}", f"/games/{game_id}/watch"):
        links = _links(client.get(url).get_data(as_text=True))
        assert {name: phase for name, (_, phase) in links.items()} == {
            "Ann": 3, "Bob": 2, "Cy": 1,
        }, url  # fmt: skip
    for seat, name in enumerate(THREE):
        href = links[name][0].replace("&amp;", "&")
        assert href == f"/games/{game_id}/referee?player={seat}"
        page = client.get(href).get_data(as_text=True)
        phase = links[name][1]
        assert re.search(rf'<option value="{phase}"[^>]*selected', page), name


def test_a_finished_game_has_no_links(app: Flask, client: FlaskClient) -> None:
    """Ann completes the last phase in hand 3: the game is over, nobody plays a phase."""
    game_id = _game(app, "in-order", ("out", "20", "10"), ("out", "5", "30"), ("out", "5", "5"))
    grant_device(app, client, game_id)
    assert _links(client.get(f"/games/{game_id}").get_data(as_text=True)) == {}


def test_in_any_order_the_first_phase_left_is_opened(app: Flask, client: FlaskClient) -> None:
    """Ann completes phase 2 only: she has 1 and 3 left, and the referee opens on phase 1
    (her count done plus one would be phase 2, which she has completed)."""
    game_id = _game(app, "any", ("out p2", "20", "10"))
    grant_device(app, client, game_id)
    links = _links(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert links["Ann"][1] == 1 and links["Bob"][1] == 1
    page = client.get(links["Ann"][0].replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'<option value="1"[^>]*selected', page)


def test_a_round_game_has_no_referee_link_per_player(app: Flask, client: FlaskClient) -> None:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(session, preset="liverpool", players=THREE)
    grant_device(app, client, view.id)
    assert "referee-link" not in client.get(f"/games/{view.id}").get_data(as_text=True)
