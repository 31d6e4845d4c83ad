"""A finished game's result to share: its standings as a few lines of text, and as a picture
(PNG, which every share target takes: messaging apps refuse SVG).

The picture is drawn with Pillow (WeasyPrint's own image library) in DejaVu Sans, the font
the PDF sheets use; names are drawn as text, never read as markup. Long names are cut with
an ellipsis and more than eight players cannot happen (the rules allow eight).

>>> lines = result_lines("Sunday", "Liverpool", [(1, "Ann", 45, True), (2, "Bob", 80, False)])
>>> lines[3]
'1. Ann: 45 points (winner)'
>>> result_lines("Sunday", "Liverpool", [(1, "Zoë", 1, True)])[3]
'1. Zoë: 1 point (winner)'

A sentence depends on a count whole, for each count (:func:`ngettext`), in the current
language (:mod:`..rules.language`).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.language import _, ngettext

if TYPE_CHECKING:
    from ..games import GameView

# (place, name, total, winner) for each player, best first.
Placing = tuple[int, str, int, bool]

WIDTH = 800
ROW = 58
TOP = 150
MAX_NAME = 28  # characters of a name on the picture
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")


def placings(view: GameView) -> list[Placing]:
    """The game's standings as (place, name, total, winner), best first."""
    winners = set(view.winners)
    return [(s.place, view.players[s.seat], s.total, s.seat in winners) for s in view.standings]


def result_lines(title: str, rules_name: str, standings: Sequence[Placing]) -> list[str]:
    """The result as lines of plain text: title, rule set (unless the title names it), a
    blank line, one line a player."""
    lines = [title, *([rules_name] if rules_name not in title else []), ""]
    for place, name, total, winner in standings:
        values = {"place": place, "name": name, "total": total}
        if winner:
            line = ngettext(
                "{place}. {name}: {total} point (winner)",
                "{place}. {name}: {total} points (winner)",
                total,
            )
        else:
            line = ngettext(
                "{place}. {name}: {total} point", "{place}. {name}: {total} points", total
            )
        lines.append(line.format(**values))
    return lines


def result_text(view: GameView, link: str = "") -> str:
    """The text shared for a finished game (with the game's link when given)."""
    lines = result_lines(view.display_title, view.rules.local_name, placings(view))
    if link:
        lines += ["", link]
    return "\n".join(lines) + "\n"


@functools.cache
def _font(bold: bool, size: int) -> Any:
    from PIL import ImageFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        path = Path(folder) / name
        if path.is_file():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)  # Pillow's own font: no DejaVu on this machine


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1].rstrip() + "…"


def result_png(title: str, rules_name: str, standings: Sequence[Placing]) -> bytes:
    """The standings as a PNG card: title, rule set, then place, name and total a line, the
    winners on a gold band."""
    from PIL import Image, ImageDraw

    height = TOP + ROW * len(standings) + 40
    image = Image.new("RGB", (WIDTH, height), "#fffaf0")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline="#b8860b", width=6)
    draw.text((40, 34), _cut(title, 40), font=_font(True, 34), fill="#1f5f3f")
    subtitle = (
        _("Final standings")
        if rules_name in title
        else _("{rules}: final standings").format(rules=rules_name)
    )
    draw.text((40, 86), _cut(subtitle, 60), font=_font(False, 22), fill="#5f6b78")
    for index, (place, name, total, winner) in enumerate(standings):
        top = TOP + index * ROW
        if winner:
            draw.rectangle((24, top - 8, WIDTH - 24, top + ROW - 14), fill="#fbf3d9")
        font = _font(winner, 28)
        ink = "#1f5f3f" if winner else "#1d2430"
        draw.text((40, top), f"{place}.", font=font, fill=ink)
        draw.text((100, top), _cut(name, MAX_NAME), font=font, fill=ink)
        draw.text((WIDTH - 40, top), str(total), font=font, fill=ink, anchor="ra")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def game_result_png(view: GameView) -> bytes:
    return result_png(view.display_title, view.rules.local_name, placings(view))
