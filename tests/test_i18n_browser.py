"""A game played in Spanish in headless Chromium: a German browser (Accept-Language) gets the
pages in German, the footer's menu switches this device to Spanish (a plain form, kept in a
cookie), and a game is started and a round entered in Spanish."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
GAME_URL = re.compile(r".*/games/[A-Za-z0-9_-]{22}$")


@pytest.fixture
def german_phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page whose browser asks for German."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=1, locale="de-DE"
    )
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    yield page
    context.close()


def test_a_game_in_spanish_chosen_from_the_menu(german_phone: Any, live_server: Any) -> None:
    page = german_phone
    page.goto(live_server.url + "/")
    assert page.get_attribute("html", "lang") == "de"
    expect(page.locator("a.button.big").first).to_have_text("+ Spiel beginnen")

    # The footer's menu: its controls are tap targets of 44px at least.
    for control in ("#language-choice", ".language-menu button"):
        assert page.locator(control).bounding_box()["height"] >= 44
    page.select_option("#language-choice", "es")
    with page.expect_navigation():
        page.click(".language-menu button")
    assert page.get_attribute("html", "lang") == "es"
    expect(page.locator("a.button.big").first).to_have_text("+ Empezar una partida")

    page.click("a.button.big")
    expect(page.locator("h1")).to_have_text("Nueva partida")
    for i, name in enumerate(["Ana", "Bruno", "Carmen"]):
        page.fill(f"#player-{i}", name)
    page.click("button.big[value=create]")
    page.wait_for_url(GAME_URL)
    assert page.get_attribute("html", "lang") == "es"
    expect(page.locator(".round-info")).to_contain_text("Reparte")
    expect(page.locator(".round-info")).to_contain_text("2 tríos: al menos 6 cartas")

    page.check(".entry-row[data-seat='0'] input[name=out]")
    page.fill("#points-1", "25")
    page.fill("#points-2", "40")
    page.click(".save-button")
    expect(page.locator(".notice")).to_contain_text("Ronda 1 guardada.")
    # The card picker's label, rewritten by its script, stays Spanish.
    expect(page.locator(".picker-toggle").first).to_have_text("🂠 Cartas")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "i18n-game-es-390x844.png"), full_page=True)
    assert page.console_errors == []
