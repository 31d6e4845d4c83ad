"""The builder's new kinds in headless Chromium: a table builds a round asking for a colour
meld and a flush, sees a meld of each judged, gives Kalooki's points and jokers their own
values, and saves; at 1024×768, 768×1024 and on a 390×844 phone, every control a finger
taps is at least 44 px and nothing is wider than the screen. Screenshots go to
``screenshots/``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_builder import no_horizontal_overflow, phone, round_opened, settled
from tests.conftest import SCREENSHOTS

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the phone fixture, used by name

TAP = 44
# Buttons, selects and text fields of the builder that are shown, and their sizes.
TARGETS = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter(e => e.offsetParent !== null && e.type !== "hidden")
  .map(e => { const r = e.getBoundingClientRect();
              return { name: e.name || e.id, w: r.width, h: r.height }; })"""


def small_targets(page: Any, selector: str) -> list[dict[str, Any]]:
    found = page.evaluate(TARGETS, selector)
    assert found, selector
    return [t for t in found if t["h"] < TAP - 0.5 or t["w"] < TAP - 0.5]


def build_a_colour_round(page: Any, url: str) -> None:
    page.goto(url + "/rules/build?from=liverpool")
    page.click("[data-round='1'] summary")
    round_opened(page, 0)
    page.select_option("#r0-m0-kind", "color")
    settled(page)
    page.fill("#r0-m0-length", "5")
    page.press("#r0-m0-length", "Tab")
    settled(page)
    page.click("button[value='remove-meld-0-1']")
    settled(page)
    page.click("button[value='add-flush-0']")
    settled(page)
    expect(page.locator("#r0-m1-kind")).to_have_value("flush")
    summary = page.locator("#builder-summary")
    expect(summary).to_contain_text("One colour meld of 5 and one flush of 3")
    page.select_option("#builder-example-round", "1")
    settled(page)
    example = page.locator("#builder-example")
    expect(example).to_contain_text("2♥10♦A♥6♦J♥2♣10♣A♣K♦")
    # While the arranger does not lay out these kinds, it says so in a sentence.
    expect(example.locator(".verdict, [data-verdict]").first).to_be_visible()
    expect(example).not_to_contain_text("Internal")
    rules = page.locator("#house-rules")
    for key in ("color", "flush"):
        entry = rules.locator(f"[data-house-rule='{key}']")
        expect(entry.locator(".example.ok").first).to_be_visible()
        expect(entry.locator(".example.bad").first).to_be_visible()
    expect(rules).to_contain_text("and A♥ is not a club")


def test_build_and_save_a_colour_meld_round(page: Any, live_server: Any, screenshot: Any) -> None:
    build_a_colour_round(page, live_server.url)
    assert small_targets(page, "#builder button:not(.visually-hidden), #builder select") == []
    no_horizontal_overflow(page)
    screenshot("builder-colour")
    page.fill("#builder-name", "Colours")
    page.click("button[value=save]")
    page.wait_for_url(re.compile(r".*/rules/saved/\d+\?saved=1$"))
    expect(page.locator("table.rules-table").first).to_contain_text(
        "One colour meld of 5 and one flush of 3"
    )
    # The saved rules' page explains the new kinds with examples judged live too.
    expect(page.locator("[data-house-rule='color'] .example.bad")).to_contain_text("is not red")
    assert page.csp_violations == []


def test_kalooki_points_and_jokers_on_a_phone(phone: Any, live_server: Any) -> None:
    phone.goto(live_server.url + "/rules/build?from=kalooki")
    phone.click("[data-section='scoring'] > summary")
    phone.select_option("#builder-points", "custom")
    settled(phone)
    expect(phone.locator("#builder-points-cards")).to_have_value("AS 15, AC 15")
    phone.fill("#builder-points-cards", "AS 15, AC 15, AH 2")
    phone.press("#builder-points-cards", "Tab")
    settled(phone)
    phone.click("[data-section='decks'] > summary")
    expect(phone.locator("#builder-jokers-8")).to_have_value("10")
    phone.fill("#builder-jokers-8", "12")
    phone.press("#builder-jokers-8", "Tab")
    settled(phone)
    expect(phone.locator("[data-players='8']")).to_contain_text("220")
    assert small_targets(phone, "#builder [data-section='scoring'] input:not([type=hidden])") == []
    assert small_targets(phone, ".builder-deck-table input") == []
    no_horizontal_overflow(phone)
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "builder-kalooki-390x844.png"), full_page=True)
    build_a_colour_round(phone, live_server.url)
    no_horizontal_overflow(phone)
    phone.screenshot(path=str(SCREENSHOTS / "builder-colour-390x844.png"), full_page=True)


def test_the_house_rules_examples_fit_a_phone(phone: Any, live_server: Any) -> None:
    """Carioca's rules page: every house rule's examples (lay-offs and lay-downs among them)
    fit the screen."""
    phone.goto(live_server.url + "/rules/carioca")
    rules = phone.locator("#house-rules")
    expect(rules.locator("[data-house-rule]")).to_have_count(5)
    no_horizontal_overflow(phone)
    SCREENSHOTS.mkdir(exist_ok=True)
    rules.screenshot(path=str(SCREENSHOTS / "rules-house-rules-390x844.png"))
