"""A phase game's rounds are hands, as its pages say: the service's refusals, the API's
error sentences, the history and the undo page say "hand" in a phase game, and read as they
always did ("round") in a game played in rounds. The printed key rules say how a phase game is
won, not "the lowest total wins"."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from sqlmodel import select

from scorekeeper import games
from scorekeeper.db import get_session, write_session
from scorekeeper.errors import GameError
from scorekeeper.models import Change
from scorekeeper.printing import render_blank_sheet, render_game_sheet
from scorekeeper.rules import from_document
from tests.conftest import grant_device
from tests.phase_helpers import hand, phase_document

THREE = ["Ann", "Bob", "Cy"]


def document(kind: str) -> dict[str, Any]:
    """Liverpool's first three contracts, played as phases or as rounds."""
    found = phase_document()
    if kind == "rounds":
        found["progression"] = "rounds"
        found.pop("id", None)
    return found


KINDS = [("phases", "hand", "Hand"), ("rounds", "round", "Round")]


def start(app: Flask, kind: str, hands: int = 1) -> games.GameView:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=document(kind), players=THREE, first_dealer=0
        )
        for number in range(1, hands + 1):
            view, _ = games.add_round(session, view.id, number, hand("out", "20", "10"))
    return view


def refusal(app: Flask, change: Any) -> str:
    with app.app_context(), write_session() as session, pytest.raises(GameError) as caught:
        change(session)
    return caught.value.message


@pytest.mark.parametrize(("kind", "word", "_title"), KINDS)
def test_the_services_refusals_say_hand_in_a_phase_game(
    app: Flask, kind: str, word: str, _title: str
) -> None:
    view = start(app, kind)
    entry = hand("out", "20", "10")
    cases = {
        lambda s: games.add_round(s, view.id, 1, entry): f"{word} 1 is already recorded; "
        "edit it instead",
        lambda s: games.add_round(s, view.id, 3, entry): f"{word} 3 cannot be entered yet: "
        f"the next {word} is 2",
        lambda s: games.undo_last_round(s, view.id, 2): f"only the last {word} ({word} 1) "
        "can be undone",
        lambda s: games.replace_round(s, view.id, 2, entry): f"{word} 2 has not been played yet",
        lambda s: games.replace_round(s, view.id, 1, entry, expected_version=99): f"{word} 1 "
        "was changed on another device meanwhile; here are the new values: check them and "
        "edit again",
    }
    for change, message in cases.items():
        assert refusal(app, change) == message
    other = "round" if word == "hand" else "hand"
    assert not any(re.search(rf"\b{other}\b", refusal(app, change)) for change in cases)


def test_an_empty_game_says_no_hand_is_recorded(app: Flask) -> None:
    for kind, word, _title in KINDS:
        view = start(app, kind, hands=0)
        message = refusal(app, lambda s, v=view: games.undo_last_round(s, v.id))
        assert message == f"no {word} has been recorded yet"


def test_a_phase_game_that_is_over_says_in_which_hand(app: Flask) -> None:
    view = start(app, "phases", hands=3)  # Ann went out in every hand: all three phases done
    assert view.finished
    message = refusal(app, lambda s: games.add_round(s, view.id, 4, hand("out", "2", "3")))
    assert message == "the game is over: Ann completed the last phase in hand 3"


@pytest.mark.parametrize(("kind", "word", "_title"), KINDS)
def test_the_apis_sentences_say_hand_in_a_phase_game(
    client: FlaskClient, kind: str, word: str, _title: str
) -> None:
    created = client.post(
        "/api/v1/games", json={"rules": document(kind), "players": THREE, "first_dealer": "Ann"}
    ).get_json()
    url, auth = f"/api/v1/games/{created['id']}", {"Authorization": f"Bearer {created['token']}"}
    results = [{"player": "Ann", "went_out": True}, {"player": "Bob", "points": 20},
               {"player": "Cy", "points": 10}]  # fmt: skip
    assert client.post(f"{url}/rounds", json={"round": 1, "results": results},
                       headers=auth).status_code == 201  # fmt: skip
    answers = {
        client.post(f"{url}/rounds", json={"round": 3, "results": results}, headers=auth):
            f"{word} 3 cannot be entered yet: the next {word} is 2",
        client.put(f"{url}/rounds/1", json={"round": 2, "results": results}, headers=auth):
            f"the body is for {word} 2 but the address is {word} 1",
        client.put(f"{url}/rounds/5", json={"round": 5, "results": results}, headers=auth):
            f"{word} 5 has not been played yet",
        client.post(f"{url}/rounds", json={"round": 2, "results": results, "cut_bonus": "Cy"},
                    headers=auth):
            f"only the cutter can earn the cut bonus: Ann cut in {word} 2, not Cy",
    }  # fmt: skip
    for response, message in answers.items():
        assert 400 <= response.status_code < 500, response.get_json()
        assert response.get_json()["error"] == message


def _pages(app: Flask, client: FlaskClient, kind: str) -> tuple[str, str]:
    view = start(app, kind, hands=2)
    with app.app_context(), write_session() as session:
        games.replace_round(session, view.id, 2, hand("out", "25", "10"))
    grant_device(app, client, view.id)
    history = client.get(f"/games/{view.id}/history").get_data(as_text=True)
    undo = client.get(f"/games/{view.id}/undo").get_data(as_text=True)
    return history, undo


@pytest.mark.parametrize(("kind", "word", "title"), KINDS)
def test_history_and_undo_say_hand_in_a_phase_game(
    app: Flask, client: FlaskClient, kind: str, word: str, title: str
) -> None:
    history, undo = _pages(app, client, kind)
    assert f"{title} 1 entered: Ann 0, Bob 20, Cy 10" in history
    assert f"{title} 2 edited: Bob 20 → 25" in history
    assert f"Undo {word} 2?" in undo and f">Undo {word} 2</button>" in undo
    assert f"The entry form for {word} 2 will hold them" in undo
    other = "Round" if title == "Hand" else "Hand"
    assert f"{other} 1 entered" not in history and f"Undo {other.lower()} 2" not in undo
    if kind == "phases":
        assert "phase 2 done" in undo  # Ann went out in hand 2: her phase 2 is done
        assert "every player goes back to the phase they were on before hand 2" in undo


def test_history_lines_written_before_say_hand_too(app: Flask, client: FlaskClient) -> None:
    """A phase game's line stored as "Round 1 entered: ..." (before the change) reads as
    "Hand 1 entered: ..." ; a round game's stays as stored."""
    for kind, title in (("phases", "Hand"), ("rounds", "Round")):
        view = start(app, kind)
        with app.app_context(), write_session() as session:
            for line in session.exec(select(Change).where(Change.game_id == view.id)):
                line.summary = line.summary.replace("Hand 1", "Round 1")
        grant_device(app, client, view.id)
        page = client.get(f"/games/{view.id}/history").get_data(as_text=True)
        assert f"{title} 1 entered: Ann 0, Bob 20, Cy 10" in page


def _text(pdf: bytes) -> str:
    pages = PdfReader(io.BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def test_the_printed_key_rules_say_how_a_phase_game_is_won(app: Flask) -> None:
    won = (
        "The game ends with the hand in which a player completes all 3 phases; among those "
        "who did, the lowest total wins, and equal totals share the win."
    )
    phased = from_document(document("phases"))
    blank = _text(render_blank_sheet(phased, THREE))
    assert won in blank and "The lowest total wins" not in blank
    view = start(app, "phases", hands=1)
    with app.app_context():
        sheet = _text(render_game_sheet(games.load_game(get_session(), view.id)))
    assert won in sheet and "The lowest total wins" not in sheet
    rounds = _text(render_blank_sheet(from_document(document("rounds")), THREE))
    assert "The lowest total wins; equal totals share the win." in rounds
    assert "completes all" not in rounds
