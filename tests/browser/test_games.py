"""The game pages in headless Chromium at tablet sizes (1024×768 and 768×1024).

One game from start to finish with eight players: the new-game form, three rounds entered
with the card picker and typed points, an edit, an undo, the last round and the final
standings; then a second device watching and joining. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Annabelle", "Bob", "Christopher", "Dee", "Eve", "Frank", "Gwendolyn", "Hal"]
GAME_URL = re.compile(r".*/games/[A-Za-z0-9_-]{22}$")


def settled(page: Any) -> None:
    """Wait until htmx has finished swapping (a new request from the same form is dropped)."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def no_horizontal_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def enter_round(page: Any, out: int, points: dict[int, int]) -> None:
    page.check(f".entry-row[data-seat='{out}'] input[name=out]")
    for seat, value in points.items():
        page.fill(f"#points-{seat}", str(value))
    number = page.input_value("#entry-form input[name=round]")
    page.click(".save-button")
    page.wait_for_selector(f".notice:has-text('Saved round {number}.')")
    settled(page)


def totals(page: Any) -> list[int]:
    return [int(t) for t in page.locator(".scoreboard td.total").all_inner_texts()]


def test_a_whole_game_at_the_table(page: Any, live_server: Any, screenshot: Any) -> None:
    fill_new_game_form(page, live_server, screenshot)
    page.click("button.big[value=create]")
    page.wait_for_url(GAME_URL)
    assert page.evaluate("document.body.hasAttribute('data-wake-lock')")
    assert "Two sets — at least 6 cards" in page.inner_text(".round-info")
    assert "3 decks + 6 jokers" in page.inner_text(".round-info")

    enter_first_three_rounds(page, screenshot)
    edit_and_undo(page, screenshot)
    finish_and_play_again(page, screenshot)
    home_lists_both_games(page, screenshot)
    assert page.csp_violations == []
    # The refused round's 400 is the only error the browser saw.
    assert [e for e in page.console_errors if "status of 400" not in e] == []


def fill_new_game_form(page: Any, live_server: Any, screenshot: Any) -> None:
    """Eight players, reordered, a preset looked at and changed back, the first dealer."""
    page.goto(live_server.url + "/")
    page.click("text=Start a game")
    page.wait_for_selector("#new-game-form")
    for _ in range(4):
        count = page.locator("input[name=player]").count()
        page.click("button[value=add]")
        expect(page.locator("input[name=player]")).to_have_count(count + 1)
        settled(page)
    for seat, name in enumerate(NAMES):
        page.fill(f"#player-{seat}", name)
    # Reorder: Hal moves up one seat, then back down; the names stay as typed.
    page.click("button[value='up-7']")
    expect(page.locator("#player-6")).to_have_value("Hal")
    settled(page)
    page.click("button[value='down-6']")
    expect(page.locator("#player-7")).to_have_value("Hal")
    settled(page)
    page.select_option("#preset", "contract-rummy")
    page.wait_for_selector(".preset-summary:has-text('Seven contracts')")
    settled(page)
    page.select_option("#preset", "liverpool")
    page.wait_for_selector(".preset-summary:has-text('Seven rounds of ten cards')")
    settled(page)
    page.select_option("#first_dealer", "0")
    assert [page.input_value(f"#player-{s}") for s in range(8)] == NAMES
    no_horizontal_overflow(page)
    screenshot("new-game")


def enter_first_three_rounds(page: Any, screenshot: Any) -> None:
    """Typed points, the card picker (with a mis-tap taken back), a refused entry."""
    # Round 1: typed points.
    enter_round(page, 0, {s: 5 * s for s in range(1, 8)})
    assert totals(page) == [0, 5, 10, 15, 20, 25, 30, 35]
    assert "+35" in page.inner_text(".notice")

    # Round 2: Dee's cards on the card picker, the rest typed.
    page.click(".entry-row[data-seat='3'] summary")
    picker = page.locator(".entry-row[data-seat='3']")
    for card in ["AH", "7C", "JK", "10D", "KS"]:
        picker.locator(f"[data-card='{card}']").click()
    assert page.input_value("#points-3") == "60"  # 15 + 5 + 20 + 10 + 10
    picker.locator(".chosen [data-remove='4']").click()  # a mis-tap taken back
    assert page.input_value("#points-3") == "50"
    assert page.input_value("input[name=cards-3]") == "AH 7C JK 10D"
    box = picker.locator("[data-card='QH']").bounding_box()
    assert box["width"] >= 46 and box["height"] >= 48
    assert page.locator(".entry-row.missing").count() == 7
    no_horizontal_overflow(page)
    screenshot("card-picker")
    enter_round(page, 1, {0: 10, 2: 10, 4: 10, 5: 10, 6: 10, 7: 10})
    assert totals(page)[3] == 15 + 50

    # Round 3: more cards, and a refused entry first (Hal forgotten): nothing saved.
    page.check(".entry-row[data-seat='2'] input[name=out]")
    for seat in (0, 1, 3, 4, 5, 6):
        page.fill(f"#points-{seat}", "20")
    page.click(".entry-row[data-seat='7'] summary")
    page.locator(".entry-row[data-seat='7'] [data-card='QS']").click()
    page.locator(".entry-row[data-seat='7'] [data-clear]").click()
    page.click(".save-button")
    hal = page.locator(".entry-row[data-seat='7'] .field-error")
    expect(hal).to_have_text("Hal has no score yet")
    assert page.input_value("#points-4") == "20"  # what was typed is still there
    assert page.locator(".scoreboard tbody tr:first-child td.score").count() == 2
    settled(page)
    page.click(".entry-row[data-seat='7'] summary")
    page.locator(".entry-row[data-seat='7'] [data-card='QS']").click()
    page.locator(".entry-row[data-seat='7'] [data-card='2H']").click()
    enter_round(page, 2, {})
    assert totals(page)[7] == 35 + 10 + 15
    no_horizontal_overflow(page)
    screenshot("three-rounds")


def edit_and_undo(page: Any, screenshot: Any) -> None:
    """Round 1 edited; round 3 undone (with the confirm step) and entered again."""
    # Edit round 1: Bob actually had 30.
    page.click(".scoreboard a[aria-label='Edit round 1']")
    page.wait_for_selector("h2:has-text('Edit round 1')")
    assert page.input_value("#points-1") == "5"
    page.fill("#points-1", "30")
    no_horizontal_overflow(page)
    screenshot("edit-round")
    page.click(".save-button")
    page.wait_for_selector(".notice:has-text('Round 1 updated.')")
    assert totals(page)[1] == 30 + 0 + 20

    # Undo round 3 (with the confirm step), then enter it again.
    page.click("text=Undo round 3")
    page.wait_for_selector("h1:has-text('Undo round 3?')")
    page.click("button:has-text('Undo round 3')")
    page.wait_for_selector(".notice:has-text('Round 3 undone')")
    assert page.locator(".scoreboard tbody tr:first-child td.score").count() == 2
    # The undone round's scores are back in the form (its cards too): clear it to type anew.
    assert page.input_value("#points-1") != ""
    page.click("text=Clear the form")
    page.wait_for_function("document.querySelector('#points-1').value === ''")
    settled(page)
    enter_round(page, 2, {0: 5, 1: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5})


def finish_and_play_again(page: Any, screenshot: Any) -> None:
    """Rounds 4 to 7, the final standings, the history, then a new game with the same players."""
    # Rounds 4 to 7 with typed points; the last one finishes the game.
    for number in range(4, 8):
        out = number % 8
        enter_round(page, out, {s: 10 for s in range(8) if s != out})
    page.wait_for_selector(".final")
    assert "Final standings" in page.inner_text(".final")
    assert page.locator("#entry-form").count() == 0
    no_horizontal_overflow(page)
    screenshot("finished")

    page.click("text=History")
    page.wait_for_selector("table.history")
    assert "Round 1 edited: Bob 5 → 30" in page.inner_text("table.history")
    screenshot("history")
    page.go_back()
    page.wait_for_selector(".final")
    page.click("text=Play again with the same players")
    page.wait_for_selector("h2:has-text('Enter round 1')")
    assert page.locator(".entry-row").count() == 8


def home_lists_both_games(page: Any, screenshot: Any) -> None:
    """Home (a boosted navigation): both games listed; the screen may sleep there only."""
    page.click(".brand")
    page.wait_for_selector("h2:has-text('In progress')")
    assert page.locator(".game-list .game-link").count() == 2
    assert not page.evaluate("document.body.hasAttribute('data-wake-lock')")
    no_horizontal_overflow(page)
    screenshot("home")
    page.locator(".game-list .game-link").first.click()
    page.wait_for_selector(".round-info")
    assert page.evaluate("document.body.hasAttribute('data-wake-lock')")


def test_a_second_device_watches_then_joins(
    page: Any, browser: Any, live_server: Any, screenshot: Any
) -> None:
    page.goto(live_server.url + "/games/new")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#player-{seat}", name)
    page.click("button.big[value=create]")
    page.wait_for_url(GAME_URL)
    game_url = page.url
    code = page.inner_text(".join-code").strip()

    size = page.viewport_size
    other = browser.new_context(viewport=size)
    try:
        watcher = other.new_page()
        violations: list[str] = []
        watcher.on(
            "console",
            lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
        )
        watcher.goto(game_url + "/watch")
        watcher.wait_for_selector("#watch-board")
        enter_round(page, 0, {1: 25, 2: 40})
        watcher.wait_for_selector("#watch-board td.total:has-text('40')", timeout=5000)
        path = screenshot("watch-host")
        watcher.screenshot(path=str(path.parent / f"watch-{page.size_name}.png"), full_page=True)

        watcher.goto(game_url)
        assert watcher.locator("#entry-form").count() == 0
        watcher.fill("#join-code", "WRONG1")
        watcher.click("#join button[type=submit]")
        watcher.wait_for_selector("#join .field-error:has-text('not right')")
        watcher.fill("#join-code", code.lower())
        watcher.click("#join button[type=submit]")
        watcher.wait_for_selector("#entry-form")
        enter_round(watcher, 1, {0: 5, 2: 10})
        assert violations == []
    finally:
        other.close()
    page.reload()
    assert totals(page) == [5, 25, 50]
    page.emulate_media(color_scheme="dark")
    screenshot("game-dark")
    assert page.csp_violations == []


@pytest.mark.parametrize("zone", ["America/New_York", "Asia/Kolkata"])
def test_times_are_shown_in_the_devices_own_time_zone(
    browser: Any, live_server: Any, zone: str
) -> None:
    """History and the devices page send UTC; the page shows the device's local time."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    context = browser.new_context(timezone_id=zone, locale="en-GB")
    try:
        tab = context.new_page()
        tab.goto(live_server.url + "/games/new")
        tab.fill("#player-0", "Ann")
        tab.fill("#player-1", "Bob")
        tab.click("button.big[value=create]")
        tab.wait_for_url(GAME_URL)
        game_url = tab.url
        for path, shown in (("/history", "%H:%M:%S"), ("/devices", "%H:%M")):
            tab.goto(game_url + path)
            stamp = tab.locator("time[data-local]").first
            expect(stamp).to_have_attribute("data-local-shown", "true")
            moment = datetime.fromisoformat(stamp.get_attribute("datetime") or "")
            local = moment.astimezone(ZoneInfo(zone))
            text = stamp.inner_text()
            assert local.strftime(shown) in text and "UTC" not in text, (path, text)
            assert moment.strftime("%H:%M") in (stamp.get_attribute("title") or "")  # UTC kept
    finally:
        context.close()
