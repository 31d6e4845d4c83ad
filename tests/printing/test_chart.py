"""The server-drawn charts (scorekeeper.printing.chart): one drawing for the PDFs and the
pages, with classes for the page's stylesheet and nothing a strict CSP refuses."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from xml.etree import ElementTree

import pytest

from scorekeeper.printing.chart import (
    HEIGHT,
    LEFT,
    TOP,
    WIDTH,
    LineChart,
    cumulative_wins_svg,
    day_label,
    line_chart_svg,
    results_svg,
    running_totals_svg_from,
)

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def polylines(svg: str) -> list[list[tuple[float, float]]]:
    lines = []
    for line in parsed(svg).iter(f"{SVG}polyline"):
        pairs = (p.split(",") for p in line.attrib["points"].split())
        lines.append([(float(x), float(y)) for x, y in pairs])
    return lines


def y_labels(svg: str) -> list[str]:
    return [
        t.text or "" for t in parsed(svg).iter(f"{SVG}text") if t.attrib["text-anchor"] == "end"
    ]


def test_running_totals_start_at_zero_and_leave_room_for_every_round() -> None:
    svg = running_totals_svg_from([(0, 40, 15), (25, 10, 95)], 7)
    lines = polylines(svg)
    assert len(lines) == 3 and all(len(line) == 3 for line in lines)
    zero_y = {line[0][1] for line in lines}
    assert len(zero_y) == 1  # every line starts at 0 before round 1
    step = (WIDTH - LEFT - 16) / 7  # seven rounds wide though two are played
    assert lines[0][1][0] == pytest.approx(LEFT + step, abs=0.1)
    assert lines[2][2][1] < lines[1][2][1]  # 95 is drawn above 10
    assert "0" in y_labels(svg) and "100" in y_labels(svg)


def test_negative_totals_get_a_real_minus_and_a_zero_line() -> None:
    svg = running_totals_svg_from([(-50, 20)], 7)
    assert "\u221260" in y_labels(svg)  # the step is 20: the axis goes down to −60
    zero = next(p for p in parsed(svg).iter(f"{SVG}path") if p.attrib.get("class") == "chart-zero")
    assert zero.attrib["d"].startswith(f"M{LEFT},")


def test_parts_carry_classes_and_no_style_attributes() -> None:
    svg = str(running_totals_svg_from([(i * 10,) * 8 for i in range(3)], 7))
    root = parsed(svg)
    assert root.attrib["class"] == "chart"
    assert "style" not in svg and "<style" not in svg
    classes = [e.attrib.get("class", "") for e in root.iter()]
    for number in range(8):
        assert f"chart-line s{number}" in classes
        assert f"chart-dot s{number}" in classes or f"chart-shape s{number}" in classes
    assert {"chart-grid", "chart-zero", "chart-labels"} <= set(classes)


def test_cumulative_wins_only_go_up() -> None:
    svg = cumulative_wins_svg(["2026-01", "2026-02", "2026-03"], [[1, 0, 2], [0, 3, 0]])
    first, second = polylines(svg)
    assert [y for _x, y in first] == sorted((y for _x, y in first), reverse=True)
    assert second[1][1] < second[0][1]  # three wins in February
    assert second[1][1] == second[2][1]  # no win in March: flat
    assert "3" in y_labels(svg) or "4" in y_labels(svg)
    texts = [t.text for t in parsed(svg).iter(f"{SVG}text")]
    assert {"2026-01", "2026-02", "2026-03"} <= set(texts)


def test_many_periods_get_about_eight_labels() -> None:
    periods = [f"2026-01-{day:02d}" for day in range(1, 31)]
    svg = cumulative_wins_svg(periods, [[1] * 30])
    shown = [t.text for t in parsed(svg).iter(f"{SVG}text") if "-" in (t.text or "")]
    assert 5 <= len(shown) <= 8 and shown[0] == "2026-01-01"


def test_results_chart_and_labels_are_escaped() -> None:
    svg = str(results_svg([120, 45, 300], ["<b>1</b>", "2 & 3", "x"]))
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "2 &amp; 3" in svg
    (line,) = polylines(svg)
    assert len(line) == 3 and line[1][1] > line[2][1]  # 45 is lower on the chart than 300


def day_labels(svg: str) -> list[str]:
    """The chart's texts with a month's name in them (the y axis' are numbers)."""
    texts = [t.text or "" for t in parsed(svg).iter(f"{SVG}text")]
    return [text for text in texts if re.search("[a-z]", text)]


def test_six_games_on_one_evening_get_one_date_label() -> None:
    """One label a day, under the day's first game: six games on 7 December once said
    "07 Dec" six times in a row."""
    evening = datetime(2026, 12, 7, 19, 30)
    finished = [evening + timedelta(minutes=40 * n) for n in range(6)]
    finished += [datetime(2026, 12, 9, 20), datetime(2026, 12, 14, 20)]
    svg = str(results_svg(list(range(100, 180, 10)), [day_label(d) for d in finished]))
    assert day_labels(svg) == ["07 Dec", "09 Dec", "14 Dec"]


def test_a_chart_fits_its_box() -> None:
    svg = line_chart_svg(LineChart([[0, -30, 500, 120]], 3, ["", "1", "2", "3"], "Test"))
    for line in polylines(svg):
        for x, y in line:
            assert LEFT <= x <= WIDTH and TOP - 0.1 <= y <= HEIGHT
    assert re.search(r'aria-label="Test"', svg)
