"""Small line charts drawn on the server as inline SVG (no JavaScript), for the PDF sheets and
the pages alike: a game's running totals by round, a group's wins over time, a person's
results game by game (:func:`line_chart_svg` draws them all).

One line per player, from 0 before round 1 through the total after each round played; each
line has its own colour (Okabe-Ito, readable by colour-blind people), dash pattern and marker
(so it survives a black-and-white printer). Lines that run together (two players with the
same wins, month after month) are drawn side by side, a few pixels apart, rather than one
over the other (:func:`side_by_side`). The legend is HTML below the chart, so long names can
wrap there; the SVG holds numbers only.

>>> "<polyline" in running_totals_svg_from([(0, 40), (25, 10)], 7)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from babel.dates import format_skeleton
from markupsafe import Markup, escape

from ..rules.language import _, current_language

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


def _markers(style: SeriesStyle, points: Sequence[tuple[float, float]], number: int) -> str:
    """One ``<path>`` with a marker at each point: filled shapes, or round dots."""
    data = "".join(_marker_path(style.marker, x, y) for x, y in points)
    if style.marker == "circle":
        paint = (
            f'class="chart-dot s{number}" fill="none" stroke="{style.colour}" '
            f'stroke-width="{2 * MARKER_RADIUS}" stroke-linecap="round"'
        )
    else:
        paint = f'class="chart-shape s{number}" fill="{style.colour}"'
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


@dataclass(frozen=True)
class LineChart:
    """What a line chart shows: ``lines[n]`` are series ``n``'s values at x = 0, 1, 2...
    (a series may stop early), on an x axis of ``slots`` steps labelled ``x_labels[i]`` at
    x = i (an empty label draws only the gridline)."""

    lines: Sequence[Sequence[int]]
    slots: int
    x_labels: Sequence[str]
    label: str  # the chart's accessible name
    markers_from: int = 1  # a marker on every point from this x (0 before round 1 has none)


def line_chart_svg(chart: LineChart) -> Markup:
    """One line per series, in its colour, dash pattern and marker, over a grid whose y steps
    are round numbers and always include 0 (drawn darker).

    The colours are presentation attributes (what a PDF shows); each part also has a class
    (``chart-grid``, ``chart-zero``, ``chart-labels``, ``chart-line s3``, ``chart-dot s0`` or
    ``chart-shape s1``), so a page's stylesheet can repaint them (dark mode) without inline
    styles, which a strict CSP forbids."""
    values = [0, *(v for line in chart.lines for v in line)]
    low, high = min(values), max(values)
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = max(math.ceil(high / step) * step, low + step)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x_at(index: int) -> float:
        return LEFT + plot_w * index / max(chart.slots, 1)

    def y_at(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(chart.label)}" xmlns="http://www.w3.org/2000/svg">',
        '<g class="chart-labels" font-family="DejaVu Sans Condensed" font-size="11" fill="#555">',
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
    for index in range(chart.slots + 1):
        x = x_at(index)
        grid.append(f"M{x:.1f},{TOP}V{TOP + plot_h}")
        text = chart.x_labels[index] if index < len(chart.x_labels) else ""
        if text:  # WeasyPrint lays SVG text out letter by letter: every letter saved counts
            # A long label at the right edge ends there rather than running off the chart.
            anchor = "end" if index == chart.slots and len(text) > 3 else "middle"
            parts.append(
                f'<text x="{x:.1f}" y="{HEIGHT - 8}" text-anchor="{anchor}">{escape(text)}</text>'
            )
    parts.append("</g>")
    parts.append(
        f'<path class="chart-grid" d="{"".join(grid)}" stroke="#e2e2e2" stroke-width="0.8" '
        'fill="none"/>'
    )
    parts.append(
        f'<path class="chart-zero" d="{zero}" stroke="#888" stroke-width="0.9" fill="none"/>'
    )
    shifts = side_by_side(chart.lines, chart.markers_from)
    for number, line_values in enumerate(chart.lines):
        style = style_for(number)
        shift = shifts[number]
        points = [
            (x_at(i), y_at(v) + (shift if i >= chart.markers_from else 0))
            for i, v in enumerate(line_values)
        ]
        dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline class="chart-line s{number}" points="{coords}" fill="none" '
            f'stroke="{style.colour}" stroke-width="2" stroke-linejoin="round"{dash}/>'
        )
        parts.append(_markers(style, points[chart.markers_from :], number))
    parts.append("</svg>")
    return Markup("".join(parts))


# Pixels between the centres of lines drawn side by side (each 2 wide: a gap shows between).
SIDE_BY_SIDE = 4.5


def side_by_side(lines: Sequence[Sequence[int]], start: int = 0) -> list[float]:
    """A vertical shift for each line: lines that share a stretch (the same two values at
    the same two steps, from step ``start``) are spread a few pixels apart, each whole line
    by one shift, so that every line stays as flat or as steep as its values; the others
    stay where they are.

    >>> side_by_side([[0, 1, 2], [0, 1, 2], [0, 2, 2]])
    [-2.25, 2.25, 0.0]
    >>> side_by_side([[0, 1, 3], [0, 3, 3]], start=1)  # they meet at a point only
    [0.0, 0.0]
    """
    group = list(range(len(lines)))  # a union-find of the lines that share a stretch

    def root(n: int) -> int:
        while group[n] != n:
            group[n] = group[group[n]]
            n = group[n]
        return n

    stretches: dict[tuple[int, int, int], int] = {}
    for number, values in enumerate(lines):
        for step in range(start, len(values) - 1):
            first = stretches.setdefault((step, values[step], values[step + 1]), number)
            group[root(number)] = root(first)
    members: dict[int, list[int]] = {}
    for number in range(len(lines)):
        members.setdefault(root(number), []).append(number)
    shifts = [0.0] * len(lines)
    for together in members.values():
        for place, number in enumerate(together):
            shifts[number] = (place - (len(together) - 1) / 2) * SIDE_BY_SIDE
    return shifts


def running_totals_svg_from(series: Sequence[Sequence[int]], rounds: int) -> Markup:
    """The chart for running totals ``series[round][seat]`` of a game of ``rounds`` rounds:
    every line starts at 0 before round 1."""
    players = len(series[0]) if series else 0
    lines = [[0, *(totals[seat] for totals in series)] for seat in range(players)]
    labels = ["", *(str(number) for number in range(1, rounds + 1))]
    return line_chart_svg(LineChart(lines, rounds, labels, _("Running totals by round")))


def running_totals_svg(view: GameView) -> Markup:
    """The chart of ``view``'s running totals, with room for every round of the rule set (a
    phase game's hands are open-ended: room for the hands played, and one more while the
    game goes on)."""
    if view.phases is not None:
        room = max(len(view.rounds) + (0 if view.finished else 1), 1)
    else:
        room = view.rules.round_count
    return running_totals_svg_from([r.running_totals for r in view.rounds], room)


def cumulative_wins_svg(periods: Sequence[str], wins: Sequence[Sequence[int]]) -> Markup:
    """Wins so far (``wins[person][period]`` are wins in each period, added up here) over
    ``periods`` (``"2026-03"``), one line per person; about eight period labels at most.

    >>> svg = cumulative_wins_svg(["2026-01", "2026-02"], [[1, 0], [0, 2]])
    >>> '<polyline class="chart-line s1" points="44.0,204.0 ' in svg
    True
    """
    lines = [list(itertools.accumulate(row)) for row in wins]
    every = max(1, math.ceil(len(periods) / 8))
    labels = [p if i % every == 0 else "" for i, p in enumerate(periods)]
    return line_chart_svg(
        LineChart(lines, max(len(periods) - 1, 1), labels, _("Wins so far, over time"), 0)
    )


def day_label(moment: date) -> str:
    """A game's day on a chart's axis, short: ``07 Dec``, ``7 dic``, ``7. Dez.``."""
    language = current_language()
    if language == "en":
        return f"{moment:%d %b}"
    return format_skeleton("MMMd", moment, locale=language)


def once_each(labels: Sequence[str], most: int = 8) -> list[str]:
    """The labels to write under the points: each only where it changes (six games on one
    evening share one date, written under the first), and no closer together than one in
    every ``len / most`` points, so that about ``most`` show.

    >>> once_each(["7 Dec"] * 6 + ["9 Dec"])
    ['7 Dec', '', '', '', '', '', '9 Dec']
    """
    every = max(1, math.ceil(len(labels) / most))
    shown: list[str] = []
    last_shown = -every
    for index, text in enumerate(labels):
        changed = index == 0 or text != labels[index - 1]
        if changed and index - last_shown >= every:
            shown.append(text)
            last_shown = index
        else:
            shown.append("")
    return shown


def results_svg(totals: Sequence[int], labels: Sequence[str]) -> Markup:
    """One person's final totals, game after game (oldest first), labelled with their
    dates (:func:`day_label`): a day's label once, about eight labels at most."""
    shown = once_each(labels)
    return line_chart_svg(
        LineChart([list(totals)], max(len(totals) - 1, 1), shown, _("Final total, game by game"), 0)
    )
