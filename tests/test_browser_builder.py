"""The rule-set builder in headless Chromium at tablet sizes (1024×768 and 768×1024), and a
phone (390×844) for its screenshot.

A table builds its own rules (round 1 asks for a run of 7), saves them, starts a game with
them, and finds the run of 7 on the game page and on the printed score sheet. Screenshots go
to ``screenshots/``.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.browser

GAME_URL = re.compile(r".*/games/[A-Za-z0-9_-]{22}$")


def settled(page: Any) -> None:
    """Wait until htmx has finished swapping."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def no_horizontal_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def test_build_save_and_play_a_run_of_seven(page: Any, live_server: Any, screenshot: Any) -> None:
    page.goto(live_server.url + "/rules/build?from=family")
    summary = page.locator("#builder-summary")
    expect(summary).to_contain_text("Two sets — at least 6 cards")
    # Round 1: a run of 7 instead of two sets.
    page.select_option("#r0-m0-kind", "run")
    settled(page)
    page.fill("#r0-m0-length", "7")
    page.press("#r0-m0-length", "Tab")
    settled(page)
    page.click("button[value='remove-meld-0-1']")
    settled(page)
    expect(summary).to_contain_text("One run of 7 — at least 7 cards")
    # The worked example is judged under the changed rules (round 1 picked).
    page.select_option("#builder-example-round", "1")
    settled(page)
    expect(page.locator("#builder-example [data-verdict]")).to_have_attribute(
        "data-verdict", "possible"
    )
    expect(page.locator("#builder-example")).to_contain_text("run of 7")
    # A mistake is shown beside its field, and the value typed stays.
    page.fill("#r1-dealt", "lots")
    page.press("#r1-dealt", "Tab")
    settled(page)
    expect(page.locator("[data-round='2'] .field-error")).to_contain_text("whole number")
    expect(page.locator("#r1-dealt")).to_have_value("lots")
    page.fill("#r1-dealt", "10")
    page.press("#r1-dealt", "Tab")
    settled(page)
    expect(page.locator(".field-error")).to_have_count(0)
    no_horizontal_overflow(page)
    screenshot("builder")

    page.fill("#builder-name", "Sevens")
    page.click("button[value=save]")
    page.wait_for_url(re.compile(r".*/rules/saved/\d+\?saved=1$"))
    expect(page.locator(".saved-rules .ok-box")).to_contain_text("Saved on this device as “Sevens”")
    expect(page.locator("table.rules-table")).to_contain_text("One run of 7 — at least 7 cards")
    share_link = page.input_value("#share-link")
    assert "/rules/shared/" in share_link

    page.click("text=Start a game with these rules")
    expect(page.locator("#preset option:checked")).to_have_text("Sevens")
    expect(page.locator(".preset-rounds")).to_contain_text("1 run of 7")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#player-{seat}", name)
    page.click("button.big[value=create]")
    page.wait_for_url(GAME_URL)
    body = page.locator("main")
    expect(body).to_contain_text("1 run of 7")

    sheet = page.request.get(page.url + "/sheet.pdf")
    assert sheet.status == 200
    reader = PdfReader(io.BytesIO(sheet.body()))
    pdf_text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert re.search(r"run\s*of\s*7", pdf_text), pdf_text[:500]
    assert page.csp_violations == []


def test_builder_screenshot_on_a_phone(browser: Any, live_server: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    try:
        phone.goto(live_server.url + "/rules/build?from=liverpool")
        expect(phone.locator("#builder-summary")).to_contain_text("Two sets")
        no_horizontal_overflow(phone)
        SCREENSHOTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(SCREENSHOTS / "builder-390x844.png"), full_page=True)
    finally:
        context.close()
