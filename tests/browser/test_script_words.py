"""The scripts speak the page's language (issue 34 §2), in a real browser: a German phone that
loses its connection on Save is told so in German, the words the page carries (``<main
data-words>``) filled in by drafts.js, not its English fallback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.rules.language import speaking
from scorekeeper.wording import script_words
from tests.browser.test_layout import SIZES, join
from tests.conftest import GameBuilder
from tests.test_i18n import translations

pytestmark = pytest.mark.browser


@pytest.fixture
def german_phone(browser: Any) -> Iterator[Any]:
    """A phone whose browser asks for German."""
    width, height = SIZES["phone"]
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="de", reduced_motion="reduce"
    )
    yield context.new_page()
    context.close()


def test_the_offline_not_saved_yet_notice_is_german(
    german_phone: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, ["Ann", "Bob"], rounds=0)
    page = german_phone
    join(page, live_server.url, game)
    page.check(".entry-row[data-seat='0'] input[name=out]")
    page.fill("#points-1", "45")
    page.context.set_offline(True)
    page.click("#entry-form .save-button")
    with speaking(translations("de")):
        german = script_words()["not_saved_yet"].replace("{round}", "1")
    english = script_words()["not_saved_yet"].replace("{round}", "1")
    status = page.locator("#entry-form .save-status")
    expect(status).to_have_text(german)
    assert german != english and "Noch nicht gespeichert" in german
    page.context.set_offline(False)
