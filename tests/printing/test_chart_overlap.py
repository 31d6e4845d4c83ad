"""The wins chart (issue 25): players whose lines run together are drawn side by side, each
in its colour, dash and marker, readable in the light and the dark theme."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import update
from sqlmodel import Session, col

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.models import Game
from scorekeeper.printing.chart import SIDE_BY_SIDE, cumulative_wins_svg, running_totals_svg_from
from tests.conftest import GameBuilder
from tests.printing.test_chart import polylines


def test_lines_that_run_together_are_drawn_side_by_side() -> None:
    # Ann and Bob win the same months; Cy wins once, in March.
    wins = [[1, 0, 1, 2], [1, 0, 1, 2], [0, 0, 1, 0]]
    ann, bob, cy = polylines(cumulative_wins_svg(["01", "02", "03", "04"], wins))
    assert [x for x, _y in ann] == [x for x, _y in bob]
    gaps = [b[1] - a[1] for a, b in zip(ann, bob, strict=True)]
    # Apart by the same few pixels all along (the points are written to 0.1 px): parallel.
    assert gaps == pytest.approx([SIDE_BY_SIDE] * 4, abs=0.15)
    plain = polylines(cumulative_wins_svg(["01", "02", "03", "04"], [wins[0], wins[2]]))
    assert cy == plain[1]  # a line that runs alone stays where its values put it
    # The running totals: a tie all along is two lines too; all still start together at 0.
    first, second = polylines(running_totals_svg_from([(20, 20), (45, 45)], 7))
    assert first[0] == second[0] and first[1][1] != second[1][1]


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_wins_chart_tells_tied_players_apart(
    browser: Any, live_server: Any, scheme: str, new_game: GameBuilder
) -> None:
    from tests.conftest import SCREENSHOTS

    app = live_server.app
    with Session(get_engine(app), expire_on_commit=False) as session:
        group, _token = games.create_group(session, "Twins", people=["Ann", "Bob", "Cy", "Dee"])
        session.commit()
        # Ann and Bob share the wins (a tie at 0) month after month; Cy wins in March.
        rows = [[None, None, 20, 35], [None, None, 20, 35], [15, 5, None, 40]]
        for month, row in enumerate(rows, start=1):
            view = new_game(
                session, ["Ann", "Bob", "Cy", "Dee"], [_tied(row)], group_id=group.id, rounds=7
            )
            when = datetime(2026, month, 10, 20, tzinfo=UTC)
            session.connection().execute(
                update(Game).where(col(Game.id) == view.id).values(finished_at=when)
            )
            session.commit()
    for width, height in ((1024, 768), (390, 844)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, color_scheme=scheme
        )
        page = context.new_page()
        page.goto(f"{live_server.url}/groups/{group.id}")
        chart = page.locator("#wins svg.chart")
        chart.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(exist_ok=True)
        chart.screenshot(path=str(SCREENSHOTS / f"wins-chart-{scheme}-{width}x{height}.png"))
        lines = page.locator("#wins svg.chart polyline")  # the winners': Ann, Bob and Cy
        assert lines.count() == 3
        drawn = [lines.nth(i).get_attribute("points") for i in range(3)]
        assert len(set(drawn)) == 3  # three lines to see, though Ann's and Bob's wins match
        colours = [
            page.evaluate("e => getComputedStyle(e).stroke", lines.nth(i).element_handle())
            for i in range(3)
        ]
        assert len(set(colours)) == 3
        panel = page.evaluate(
            "() => getComputedStyle(document.querySelector('#wins').closest('.panel'))"
            ".backgroundColor"
        )
        for colour in colours:
            assert _contrast(colour, panel) >= 3, (scheme, colour, panel)  # a graphic's 3:1
        context.close()


def _tied(row: list[int | None]) -> list[int | None]:
    """A round where the two players marked None tie (both 0): one goes out, the other 0."""
    first = row.index(None)
    return [None if seat == first else (0 if p is None else p) for seat, p in enumerate(row)]


def _contrast(colour: str, background: str) -> float:
    def luminance(css: str) -> float:
        parts = [float(p) for p in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
                  for c in parts]  # fmt: skip
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(colour), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
