"""Scores beyond the hand through the game service, its exports and imports (issue 35): a
result marked down and out in one turn, points per card bought, and the buys a round's rules
refuse. Runs on SQLite and on PostgreSQL (``db_app``)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from pypdf import PdfReader
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import create_all, get_engine, make_engine
from scorekeeper.errors import Invalid
from scorekeeper.games import person_stats as personal
from scorekeeper.games import transfer
from scorekeeper.printing import render_game_sheet
from scorekeeper.printing.sheets import game_sheet, points_text
from scorekeeper.rules.scoring import PlayerResult

ONE_TURN = PlayerResult(went_out=True, down_and_out=True)


@pytest.fixture
def engine(db_app: Flask) -> Engine:
    return get_engine(db_app)


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


def _text(pieces: Iterator[str]) -> str:
    return "".join(pieces)


def _game(session: Session, preset: str, *rounds: tuple[PlayerResult, ...]) -> games.GameView:
    view, _token = games.create_game(session, preset=preset, players=["Ann", "Bob"])
    for number, results in enumerate(rounds, 1):
        view, _new = games.add_round(session, view.id, number, games.RoundInput(results))
    return view


def test_down_and_out_is_recorded_scored_and_in_the_history(session: Session) -> None:
    view = _game(session, "continental", (ONE_TURN, PlayerResult(points=35)))
    entry = view.rounds[0].entries[0]
    assert (entry.points, entry.hand_points, entry.down_and_out) == (-10, 0, True)
    assert view.totals == (-10, 35)
    assert view.as_dict()["rounds"][0]["results"][0]["down_and_out"] is True
    again = games.load_game(session, view.id)  # as stored
    assert again.rounds[0].entries[0].down_and_out is True
    after = games.history(session, view.id)[0].after
    assert after["results"]["Ann"]["down_and_out"] is True
    assert "down_and_out" not in after["results"]["Bob"]


def test_down_and_out_refused_where_it_cannot_be(session: Session) -> None:
    with pytest.raises(Invalid, match="scores nothing for going down and out"):
        _game(session, "liverpool", (ONE_TURN, PlayerResult(points=35)))
    late = PlayerResult(points=35, down_and_out=True)
    with pytest.raises(Invalid, match="Bob did not go out"):
        _game(session, "continental", (PlayerResult(went_out=True), late))


def test_buy_points_and_the_hands_own_points(session: Session) -> None:
    view = _game(
        session, "carioca-english", (PlayerResult(went_out=True), PlayerResult(points=20, bought=3))
    )
    bob = view.rounds[0].entries[1]
    assert (bob.points, bob.hand_points, bob.bought) == (26, 20, 3)


@pytest.mark.parametrize(
    ("preset", "bought", "words"),
    [
        ("carioca", 1, "played without buying"),
        ("ten-phase", 1, "played without buying"),
        ("family", 1, "no buying in round 1"),
        ("shanghai", 5, "more than the 3"),
    ],
)
def test_buys_the_rules_cannot_allow_are_refused(
    session: Session, preset: str, bought: int, words: str
) -> None:
    view, _token = games.create_game(session, preset=preset, players=["Ann", "Bob", "Cy"])
    results = (
        PlayerResult(went_out=True),
        PlayerResult(points=20, bought=bought),
        PlayerResult(points=20),
    )
    with pytest.raises(Invalid, match=words) as refused:
        games.add_round(session, view.id, 1, games.RoundInput(results))
    assert refused.value.details[0]["player"] == "Bob"


@pytest.fixture
def empty(database_url: str, tmp_path: Path) -> Iterator[Engine]:
    """A second, empty database (SQLite whatever the first: the import is what is tested)."""
    other = make_engine(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    create_all(other)
    yield other
    other.dispose()


def test_export_and_import_keep_the_marks(session: Session, engine: Engine, empty: Engine) -> None:
    view = _game(
        session,
        "carioca-english",
        (ONE_TURN, PlayerResult(points=20, bought=2)),
        (PlayerResult(points=5), PlayerResult(went_out=True, bought=1)),
    )
    exported = _text(transfer.export_game_json(engine, view.id))
    entries = [e for r in json.loads(exported)["game"]["rounds"] for e in r["entries"]]
    assert [e.get("down_and_out", False) for e in entries] == [True, False, False, False]
    assert [(e["points"], e["hand_points"]) for e in entries] == [(-30, 0), (24, 20), (5, 5),
                                                                   (2, 0)]  # fmt: skip
    with Session(empty, expire_on_commit=False) as other:
        transfer.import_json(other, exported.encode())
        imported = games.load_game(other, view.id)
    assert imported.rounds[0].entries[0].down_and_out is True
    assert imported.totals == view.totals == (-25, 26)
    assert _text(transfer.export_game_json(empty, view.id)) == exported
    rows = list(csv.DictReader(io.StringIO(_text(transfer.export_game_csv(engine, view.id)))))
    assert [r["down_and_out"] for r in rows] == ["True", "False", "False", "False"]


def test_the_score_sheet_marks_down_and_out(session: Session) -> None:
    view = _game(session, "continental", (ONE_TURN, PlayerResult(points=35)))
    sheet = game_sheet(view)
    assert sheet.one_turn_bonus == points_text(-10)
    assert [c.one_turn for c in sheet.rows[0].cells] == [True, False]
    pdf = PdfReader(io.BytesIO(render_game_sheet(view)))
    text = "".join(page.extract_text() for page in pdf.pages)
    assert "1T" in text and "down and out in one turn" in text


def test_a_persons_page_counts_down_and_out(session: Session) -> None:
    group, _token = games.create_group(session, "Friday", people=["Ann", "Bob"])
    view, _t = games.start_group_game(
        session, group.id, players=["Ann", "Bob"], preset="continental", first_dealer=0
    )
    for number in range(1, 8):  # Ann goes down and out at once in rounds 1 and 2
        ann = ONE_TURN if number <= 2 else PlayerResult(went_out=True)
        games.add_round(session, view.id, number, games.RoundInput((ann, PlayerResult(points=5))))
    people = {p.name: p.id for p in games.load_group(session, group.id).people}
    assert personal.person_stats(session, group.id, people["Ann"]).one_turn_outs == 2
    assert personal.person_stats(session, group.id, people["Bob"]).one_turn_outs == 0
