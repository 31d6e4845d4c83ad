"""A small chart of running totals by round, drawn on the server as inline SVG (no JavaScript).

One line per player, from 0 before round 1 through the total after each round played; each
line has its own colour (Okabe-Ito, readable by colour-blind people), dash pattern and marker
(so it survives a black-and-white printer). The legend is HTML below the chart, so long names
can wrap there; the SVG holds numbers only.

>>> "<polyline" in running_totals_svg_from([(0, 40), (25, 10)], 7)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markupsafe import Markup

if TYPE_CHECKING:
    from ..games import GameView

WIDTH, HEIGHT = 480, 230
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 12, 26


@dataclass(frozen=True)
class SeriesStyle:
    colour: str
    dash: str  # SVG stroke-dasharray ("" for solid)
    marker: str  # "circle", "square", "diamond", "triangle"


SERIES_STYLES = (
    SeriesStyle("#0072B2", "", "circle"),
    SeriesStyle("#D55E00", "6 3", "square"),
    SeriesStyle("#009E73", "2 2", "diamond"),
    SeriesStyle("#CC79A7", "8 3 2 3", "triangle"),
    SeriesStyle("#E69F00", "", "square"),
    SeriesStyle("#56B4E9", "6 3", "circle"),
    SeriesStyle("#000000", "2 2", "triangle"),
    SeriesStyle("#8C564B", "8 3 2 3", "diamond"),
)


def style_for(seat: int) -> SeriesStyle:
    return SERIES_STYLES[seat % len(SERIES_STYLES)]


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` gridlines.

    >>> nice_step(340), nice_step(12), nice_step(0)
    (100, 5, 1)
    """
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(int(factor * power), 1)
    return max(int(10 * power), 1)  # pragma: no cover


MARKER_RADIUS = 3.2


def _marker_path(kind: str, x: float, y: float) -> str:
    """Path data for one marker, so a player's markers are a single ``<path>``.

    A circle is a line of no length drawn with round caps (PDF paints that as a dot): arcs
    cost WeasyPrint's path parser about ten times as much as straight lines.
    """
    r = MARKER_RADIUS
    if kind == "circle":
        return f"M{x:.1f},{y:.1f}h0"
    if kind == "square":
        return f"M{x - r:.1f},{y - r:.1f}h{2 * r:.1f}v{2 * r:.1f}h{-2 * r:.1f}z"
    if kind == "diamond":
        d = r * 1.35
        return f"M{x:.1f},{y - d:.1f}L{x + d:.1f},{y:.1f}L{x:.1f},{y + d:.1f}L{x - d:.1f},{y:.1f}z"
    d = r * 1.3
    return f"M{x:.1f},{y - d:.1f}L{x + d:.1f},{y + d * 0.8:.1f}L{x - d:.1f},{y + d * 0.8:.1f}z"


def _markers(style: SeriesStyle, points: Sequence[tuple[float, float]]) -> str:
    """One ``<path>`` with a marker at each point: filled shapes, or round dots."""
    data = "".join(_marker_path(style.marker, x, y) for x, y in points)
    if style.marker == "circle":
        paint = (
            f'fill="none" stroke="{style.colour}" stroke-width="{2 * MARKER_RADIUS}" '
            'stroke-linecap="round"'
        )
    else:
        paint = f'fill="{style.colour}"'
    return f'<path d="{data}" {paint}/>'


# The legend's sample of each line, as text: box-drawing dashes for the dash pattern around
# the marker's shape (an inline-block drawn with borders costs several times more to lay out).
LEGEND_DASHES = {"": "━", "6 3": "╍", "2 2": "┉", "8 3 2 3": "┅"}
LEGEND_MARKERS = {"circle": "●", "square": "■", "diamond": "◆", "triangle": "▲"}


def swatch_text(seat: int) -> str:
    """A short sample of a player's line and marker, for the legend, in glyphs.

    >>> swatch_text(0), swatch_text(1)
    ('━●━', '╍■╍')
    """
    style = style_for(seat)
    dash = LEGEND_DASHES[style.dash]
    return f"{dash}{LEGEND_MARKERS[style.marker]}{dash}"


def running_totals_svg_from(series: Sequence[Sequence[int]], rounds: int) -> Markup:
    """The chart for running totals ``series[round][seat]`` of a game of ``rounds`` rounds."""
    players = len(series[0]) if series else 0
    values = [0, *(v for totals in series for v in totals)]
    low, high = min(values), max(values)
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = max(math.ceil(high / step) * step, low + step)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x_at(index: int) -> float:
        return LEFT + plot_w * index / max(rounds, 1)

    def y_at(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-label="Running totals by round" xmlns="http://www.w3.org/2000/svg">',
        '<g font-family="DejaVu Sans Condensed" font-size="11" fill="#555">',
    ]
    grid: list[str] = []
    zero = ""
    value = low
    while value <= high:
        y = y_at(value)
        line = f"M{LEFT},{y:.1f}H{WIDTH - RIGHT}"
        if value == 0:
            zero = line
        else:
            grid.append(line)
        label = f"\u2212{-value}" if value < 0 else str(value)
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
        value += step
    for index in range(rounds + 1):
        x = x_at(index)
        grid.append(f"M{x:.1f},{TOP}V{TOP + plot_h}")
        if index:  # the rounds' numbers (the heading says "by round"); the start needs none
            # WeasyPrint lays SVG text out letter by letter, so every letter saved counts.
            parts.append(f'<text x="{x:.1f}" y="{HEIGHT - 8}" text-anchor="middle">{index}</text>')
    parts.append("</g>")
    parts.append(f'<path d="{"".join(grid)}" stroke="#e2e2e2" stroke-width="0.8" fill="none"/>')
    parts.append(f'<path d="{zero}" stroke="#888" stroke-width="0.9" fill="none"/>')
    for seat in range(players):
        style = style_for(seat)
        points = [(x_at(0), y_at(0))] + [
            (x_at(i + 1), y_at(totals[seat])) for i, totals in enumerate(series)
        ]
        dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{style.colour}" '
            f'stroke-width="2" stroke-linejoin="round"{dash}/>'
        )
        parts.append(_markers(style, points[1:]))
    parts.append("</svg>")
    return Markup("".join(parts))


def running_totals_svg(view: GameView) -> Markup:
    """The chart of ``view``'s running totals, with room for every round of the rule set."""
    return running_totals_svg_from([r.running_totals for r in view.rounds], view.rules.round_count)
