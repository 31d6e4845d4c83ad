"""A phase game's PDFs (read back with pypdf): the blank sheet has hand rows for an
open-ended game and a phase column per player, with the phases listed in order; the game
sheet shows each player's phase per hand ("2✓": completed phase 2); the trophy says how many
hands the winner took to complete every phase. Set ``PHASE_SHOTS`` to a folder to get PNGs
of the pages (pdftoppm)."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from flask import Flask
from pypdf import PdfReader

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.errors import Conflict
from scorekeeper.printing import render_blank_sheet, render_game_sheet, render_trophy
from scorekeeper.printing.sheets import BLANK_HANDS, blank_sheet, game_sheet, trophy_sheet
from scorekeeper.rules import from_document
from tests.phase_helpers import hand, phase_document

FOUR = ["Ann", "Bob", "Zoë", "Dee"]
# Ann completes a phase every hand (3 hands), Bob in hands 2 and 3, Zoë in hand 1, Dee never.
HANDS = [
    ("out", "20 not", "10 done", "35 not"),
    ("5 done", "out", "15 not", "40 not"),
    ("out", "10 done", "25 not", "30 not"),
]


def _text(pdf: bytes) -> str:
    """The pages' text, its lines joined by spaces (a sentence may wrap anywhere)."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def _picture(pdf: bytes, name: str) -> None:
    folder = os.environ.get("PHASE_SHOTS")
    if not folder:
        return
    path = Path(folder) / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(path.with_suffix(""))],
                   check=True)  # fmt: skip


def _play(app: Flask, hands: int) -> games.GameView:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=phase_document(), players=FOUR, first_dealer=0
        )
        for number, cells in enumerate(HANDS[:hands], start=1):
            view, _ = games.add_round(session, view.id, number, hand(*cells))
    return view


def test_the_blank_sheet_of_a_phase_game() -> None:
    rules = from_document(phase_document())
    sheet = blank_sheet(rules, FOUR)
    assert sheet.phased and len(sheet.rows) == BLANK_HANDS["portrait"]
    assert all(row.contract == "" for row in sheet.rows)
    pdf = render_blank_sheet(rules, FOUR)
    _picture(pdf, "phase-blank")
    text = _text(pdf)
    assert "Hand" in text and text.count("PHASE POINTS TOTAL") == len(FOUR)
    assert "The 3 phases, in order" in text
    assert "someone completes phase 3" in text
    assert "Contract" not in text and "Round" not in text


def test_the_game_sheet_shows_each_players_phase_per_hand(app: Flask) -> None:
    view = _play(app, 2)
    sheet = game_sheet(view)
    assert len(sheet.rows) == BLANK_HANDS["portrait"]  # hands played, then rows for the next ones
    assert [(c.phase, c.phase_done) for c in sheet.rows[1].cells] == [
        ("2", True),
        ("1", True),
        ("2", False),
        ("1", False),
    ]
    assert sheet.status == "After hand 2"
    pdf = render_game_sheet(view)
    _picture(pdf, "phase-game-sheet")
    text = _text(pdf)
    assert "2✓" in text and "After hand 2" in text
    with pytest.raises(Conflict, match="nobody has completed the last phase yet"):
        trophy_sheet(view)


def test_the_finished_sheet_and_the_trophy(app: Flask) -> None:
    view = _play(app, 3)
    assert view.finished and view.winners == (0,)
    sheet = game_sheet(view)
    assert len(sheet.rows) == 3 and sheet.finished  # the hands played, nothing to write in
    # Standings: most phases first (Zoë, on 35, is behind Bob, on 30, by phases not points).
    assert [(p.name, p.phases) for p in sheet.standings] == [
        ("Ann", 3), ("Bob", 2), ("Zoë", 1), ("Dee", 0),
    ]  # fmt: skip
    game_pdf = render_game_sheet(view)
    assert "3✓" in _text(game_pdf)
    trophy = render_trophy(view)
    _picture(trophy, "phase-trophy")
    text = _text(trophy)
    assert "completed all 3 phases in 3 hands" in text
    assert "PHASES" in text  # the standings' column (its header in capitals)
