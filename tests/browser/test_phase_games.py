"""A short phase game played in headless Chromium on the tablet (1024×768) and on a phone
(390×844): players advance at different speeds, each player's phase is said beside their
name, the entry form's "phase done" toggle is one 44px tap (ticked and locked for the player
who went out), the page says who completed what after saving, and one player ends the game
by completing the last phase. Screenshots at the three sizes go to ``screenshots/`` (or the
folder named by ``PHASE_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper import games
from scorekeeper.db import write_session
from tests.browser import test_layout as test_browser_layout
from tests.browser.test_layout import SIZES, fits_width, join, settled
from tests.phase_helpers import phase_document

pytestmark = pytest.mark.browser

sized = test_browser_layout.sized

FOUR = ["Ann", "Bob", "Zoë", "Dee"]


def _new_game(app: Flask, order: str = "in-order") -> games.GameView:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=phase_document(order), players=FOUR, first_dealer=0
        )
    return view


def _shoot(page: Any, name: str) -> None:
    from tests.conftest import SCREENSHOTS

    folder = Path(os.environ.get("PHASE_SHOTS") or SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}-{page.size_name}.png"), full_page=True)


def _hand(page: Any, out: int, points: dict[int, int], done: tuple[int, ...]) -> None:
    """Enter one hand on the page: who went out, the others' points, who laid down."""
    form = page.locator("#entry-form")
    form.locator(f".entry-row[data-seat='{out}'] .out-toggle").click()
    for seat, value in points.items():
        form.locator(f"#points-{seat}").fill(str(value))
    for seat in done:
        form.locator(f".entry-row[data-seat='{seat}'] .phase-toggle").click()
    form.locator(".save-button").click()
    settled(page)


def _phase_line(page: Any, seat: int) -> str:
    return str(page.locator(".phase-list li .phase-line").nth(seat).inner_text())


def _no_wider_than_the_screen(page: Any) -> None:
    width = page.viewport_size["width"]
    wide = page.evaluate(
        """w => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > w + 1)
        .slice(0, 5).map(e => e.tagName + '.' + e.className)""",
        width,
    )
    assert fits_width(page) <= width, (page.url, wide)


@pytest.mark.parametrize("size", ["landscape", "phone"])
def test_a_phase_game_played_at_the_table(sized: Any, live_server: Any, size: str) -> None:
    game = _new_game(live_server.app)
    page = sized(size)
    join(page, live_server.url, game)
    assert _phase_line(page, 0) == "Ann: phase 1 · 2 sets"
    head = page.locator(".round-info .round-head").inner_text()
    assert "Hand 1" in head and " of " not in head  # open-ended: no "Hand 1 of 3"
    _no_wider_than_the_screen(page)

    # Every toggle a finger's width; going out ticks and locks the player's toggle.
    toggles = page.locator(".phase-toggle")
    expect(toggles).to_have_count(4)
    for index in range(4):
        box = toggles.nth(index).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    ann = page.locator("input[name='phase_done-0']")
    page.locator(".entry-row[data-seat='0'] .out-toggle").click()
    expect(ann).to_be_checked()
    expect(ann).to_be_disabled()
    page.locator(".entry-row[data-seat='1'] .out-toggle").click()  # changed their mind
    expect(ann).not_to_be_checked()
    expect(ann).to_be_enabled()
    if size == "landscape":
        _shoot(page, "phase-entry")

    # Hand 1: Ann goes out, Zoë lays down too; Bob and Dee stay on phase 1.
    _hand(page, 0, {1: 35, 2: 10, 3: 60}, done=(2,))
    notice = page.locator(".notice").inner_text()
    assert "Saved hand 1." in notice
    assert "Ann +0 this hand · went out · completed phase 1" in notice
    assert "Zoë +10 this hand · completed phase 1" in notice
    assert "Bob +35 this hand · did not complete phase 1" in notice
    assert _phase_line(page, 0) == "Ann: phase 2 · 1 set and 1 run"
    assert _phase_line(page, 1) == "Bob: phase 1 · 2 sets"
    cell = page.locator("#scores tbody tr").nth(0).locator("td.score").first
    assert "P1\xa0✓" in cell.inner_text()

    # Hand 2: Bob goes out; Ann completes phase 2. Hand 3: Ann goes out on her last phase.
    _hand(page, 1, {0: 5, 2: 40, 3: 25}, done=(0,))
    assert _phase_line(page, 0) == "Ann: phase 3 · 2 runs"
    assert _phase_line(page, 1) == "Bob: phase 2 · 1 set and 1 run"
    assert _phase_line(page, 3) == "Dee: phase 1 · 2 sets"
    _no_wider_than_the_screen(page)
    _shoot(page, f"phase-hand3-{size}")
    _hand(page, 0, {1: 15, 2: 20, 3: 50}, done=(1,))
    expect(page.locator(".final")).to_be_visible()
    assert "Ann wins with 5 points" in page.locator(".winner-line").inner_text()
    standings = page.locator(".standings").inner_text()
    assert standings.index("Ann") < standings.index("Zoë")
    # The finished board: a column per hand (three), each cell with the phase played.
    expect(page.locator("#scores thead .round-col")).to_have_count(3)
    assert "P3\xa0✓" in page.locator("#scores tbody tr").nth(0).inner_text()
    _no_wider_than_the_screen(page)
    _shoot(page, f"phase-finished-{size}")


def test_any_order_asks_which_phase(sized: Any, live_server: Any) -> None:
    game = _new_game(live_server.app, "any")
    page = sized("phone")
    join(page, live_server.url, game)
    assert _phase_line(page, 0) == "Ann: phases left: 1, 2, 3"
    page.locator(".entry-row[data-seat='0'] .out-toggle").click()
    page.select_option("select[name='phase-0']", "3")
    page.select_option("select[name='phase-2']", "2")
    for seat, points in ((1, 30), (2, 15), (3, 45)):
        page.fill(f"#points-{seat}", str(points))
    page.locator(".save-button").click()
    settled(page)
    assert "Ann +0 this hand · went out · completed phase 3" in page.locator(".notice").inner_text()
    assert _phase_line(page, 0) == "Ann: phases left: 1, 2"
    assert _phase_line(page, 2) == "Zoë: phases left: 1, 3"
    options = page.locator("select[name='phase-0'] option")
    assert options.all_inner_texts() == [
        "none this hand",
        "phase 1 · 2 sets",
        "phase 2 · 1 set and 1 run",
    ]
    box = page.locator("select[name='phase-0']").bounding_box()
    assert box is not None and box["height"] >= 44
    _no_wider_than_the_screen(page)
    _shoot(page, "phase-any-order")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_phase_pages_fit_each_screen(sized: Any, live_server: Any, size: str) -> None:
    app = live_server.app
    game = _new_game(app)
    with app.app_context(), write_session() as session:
        from tests.phase_helpers import hand

        for number in range(1, 9):  # eight hands: one goes out in turn, nobody finishes
            cells = ["5 not", "15 not", "25 not", "40 not"]
            cells[(number - 1) % 4] = "out"
            games.add_round(session, game.id, number, hand(*cells))
    page = sized(size)
    join(page, live_server.url, game)
    for path in ("", "/watch", "/rounds/2/edit"):
        page.goto(f"{live_server.url}/games/{game.id}{path}")
        _shoot(page, f"phase-{path.strip('/').replace('/', '-') or 'game'}")
        _no_wider_than_the_screen(page)
    # The open-ended board scrolls sideways, never wider than the screen, numbers on a line.
    page.goto(f"{live_server.url}/games/{game.id}/watch")
    assert "Hand 9" in page.locator(".round-head").inner_text()
    heights = page.eval_on_selector_all(
        "#scores td.score .pts", "cells => cells.map(c => c.getClientRects().length)"
    )
    assert heights and all(count == 1 for count in heights)
