"""Printed score sheets, as PDF: blank sheets to fill in by pen, a game's sheet, and the
winner's trophy sheet.

The layers: :mod:`.sheets` turns a rule set or a :class:`~scorekeeper.games.GameView` into
plain data (what the page shows), :mod:`.chart` draws the running totals as SVG, and
:mod:`.render` lays it out with the Jinja templates and print CSS of the top-level
``print/`` folder through WeasyPrint. :mod:`.cache` keeps rendered game PDFs per game
version on disk, so reprinting costs nothing and a render never runs inside a database
transaction.

>>> from scorekeeper.rules import PRESETS
>>> render_blank_sheet(PRESETS["liverpool"], 4)[:5]
b'%PDF-'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules import RuleSet
from .render import harfbuzz_subset_available, render_pdf
from .sheets import blank_sheet, game_sheet, trophy_sheet

if TYPE_CHECKING:
    from ..games import GameView


def render_blank_sheet(
    rules: RuleSet,
    players: Sequence[str] | int,
    paper: str = "A4",
    orientation: str | None = None,
    title: str | None = None,
) -> bytes:
    """A one-page blank score sheet for ``players`` (a count from 2 to 8, or names).

    ``paper`` is ``A4`` or ``Letter``; ``orientation`` ``portrait`` or ``landscape``, or
    ``None`` for portrait up to 5 players and landscape above.
    """
    return render_pdf(blank_sheet(rules, players, paper, orientation, title))


def render_game_sheet(view: GameView, paper: str = "A4", orientation: str | None = None) -> bytes:
    """The game's score sheet: rounds played filled in, the rest left blank."""
    return render_pdf(game_sheet(view, paper, orientation))


def render_trophy(view: GameView, paper: str = "A4") -> bytes:
    """The winner's trophy sheet; a finished game only (else a Conflict error)."""
    return render_pdf(trophy_sheet(view, paper))


__all__ = [
    "harfbuzz_subset_available",
    "render_blank_sheet",
    "render_game_sheet",
    "render_trophy",
]
