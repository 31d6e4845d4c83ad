"""The referee in headless Chromium at tablet sizes (1024×768 and 768×1024).

Cards are tapped on the card picker, quickly, as at a table: a legal lay-down, then an
illegal one, each verdict read from the page; the other tools once each; the rules page.
No Content-Security-Policy violation may happen. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def settled(page: Any) -> None:
    """Wait until htmx has sent every queued tap and swapped the answers in."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def tap(page: Any, *cards: str) -> None:
    """Tap cards on the picker, one after the other, without waiting for the answers."""
    for card in cards:
        page.click(f"#ref-grid button[value='{card}']")


def chips(page: Any, slot: str) -> list[str]:
    return page.locator(f".ref-slot[data-slot='{slot}'] .chip").all_inner_texts()


def no_horizontal_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def test_tap_a_legal_and_an_illegal_contract(page: Any, live_server: Any, screenshot: Any) -> None:
    page.goto(live_server.url + "/referee?rules=liverpool&round=2")
    expect(page.locator("#verdict [data-verdict=empty]")).to_be_visible()
    # Every picker button is big enough for a finger.
    boxes = [b.bounding_box() for b in page.locator("#ref-grid button").all()]
    assert len(boxes) == 53
    assert min(min(b["width"], b["height"]) for b in boxes) >= 48

    # Round 2: one set and one run. Tapped without waiting: the taps queue up in order.
    tap(page, "7H", "7C", "JK")
    settled(page)
    assert chips(page, "group-0") == ["7♥", "7♣", "Joker"]
    page.click("button[name=new_group]")
    settled(page)
    tap(page, "4S", "5S", "6S", "7S")
    settled(page)
    assert chips(page, "group-1") == ["4♠", "5♠", "6♠", "7♠"]
    verdict = page.locator("#verdict")
    expect(verdict.locator("[data-verdict=legal]")).to_be_visible()
    expect(verdict).to_contain_text("Legal")
    expect(verdict).to_contain_text("1 set and 1 run")
    expect(verdict).to_contain_text("set of sevens")
    expect(verdict).to_contain_text("run 4♠-7♠")
    expect(verdict.locator(".wild-notes")).to_contain_text("stands for")
    screenshot("referee-legal")
    no_horizontal_overflow(page)

    # Take the 7♠ out of the run: now it is too short, and the verdict says so.
    page.click(".ref-slot[data-slot='group-1'] .chip >> text=7♠")
    settled(page)
    expect(verdict.locator("[data-verdict=illegal]")).to_be_visible()
    expect(verdict).to_contain_text("4♠ 5♠ 6♠")

    # An illegal lay-down: a run turning the corner.
    page.click("button[name=clear]")
    settled(page)
    assert chips(page, "group-0") == []
    tap(page, "9D", "9S", "9C")
    page.click("button[name=new_group]")
    tap(page, "KS", "AS", "2S", "3S")
    settled(page)
    assert chips(page, "group-1") == ["K♠", "A♠", "2♠", "3♠"]
    expect(verdict.locator("[data-verdict=illegal]")).to_be_visible()
    expect(verdict).to_contain_text("Not legal")
    expect(verdict).to_contain_text("K♠ A♠ 2♠ 3♠ turns the corner")
    screenshot("referee-illegal")

    # Typing the notation works too, and the verdict follows as you type.
    page.fill("#slot-group-1", "5h 6h jk 8h")
    expect(verdict.locator("[data-verdict=legal]")).to_be_visible()
    expect(verdict).to_contain_text("stands for")
    assert page.csp_violations == []


def test_the_other_tools(page: Any, live_server: Any, screenshot: Any) -> None:
    url = live_server.url
    # Lay-off: the meld, then the card.
    page.goto(url + "/referee?tool=layoff&rules=liverpool")
    tap(page, "5H", "6H", "7H", "8H")
    page.click("button[name=select][value=card]")
    tap(page, "9H")
    settled(page)
    expect(page.locator("#verdict [data-verdict=fits]")).to_contain_text("high end")
    # Joker swap, by a link from nowhere: the meld typed, the card tapped.
    page.goto(url + "/referee?tool=swap&rules=liverpool&meld=7H+7C+JK&target=card")
    tap(page, "7S")
    settled(page)
    expect(page.locator("#verdict")).to_contain_text("dead")
    # Liverpool: two melds on the table and a discard.
    page.goto(url + "/referee?tool=liverpool&rules=liverpool")
    tap(page, "3H", "4H", "5H", "6H")
    page.click("button[name=new_group]")
    tap(page, "9S", "9C", "9D")
    page.click("button[name=select][value=discard]")
    tap(page, "7H")
    settled(page)
    expect(page.locator("#verdict [data-verdict=playable]")).to_contain_text("Liverpool!")
    screenshot("referee-liverpool")
    # Hand points under the preset's table.
    page.goto(url + "/referee?tool=points&rules=liverpool")
    tap(page, "AH", "JK", "7C")
    settled(page)
    expect(page.locator(".points-number")).to_have_text("40")
    # Can these cards make the contract?
    page.goto(url + "/referee?tool=arrange&rules=liverpool&round=6")
    page.fill("#slot-hand", "7H 7C JK 3S 4S 5S 6S 9D 10D JD QD")
    tap(page, "2C")
    settled(page)
    expect(page.locator("#verdict [data-verdict=possible]")).to_be_visible()
    expect(page.locator("#verdict")).to_contain_text("Left over")
    screenshot("referee-arrange")
    no_horizontal_overflow(page)
    assert page.csp_violations == []


def test_rules_page(page: Any, live_server: Any, screenshot: Any) -> None:
    page.goto(live_server.url + "/rules/family")
    expect(page.locator("h1")).to_have_text("Family Liverpool")
    expect(page.locator(".example.bad").first).to_be_visible()
    screenshot("rules-family")
    no_horizontal_overflow(page)
    assert page.csp_violations == []
