"""A phase game's players each with a link to the referee on their phase, in headless
Chromium at 1024×768, 768×1024 and on a 390×844 phone: each link a finger's size, nothing
wider than the screen, and a tap opens the referee on that player's phase. Screenshots go to
``screenshots/phase-referee-links-<size>.png``."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper import games
from scorekeeper.db import write_session
from tests.browser import test_layout as test_browser_layout
from tests.browser.test_layout import fits_width, join
from tests.conftest import SCREENSHOTS
from tests.phase_helpers import hand, phase_document

pytestmark = pytest.mark.browser

sized = test_browser_layout.sized
FOUR = ["Ann", "Bob", "Zoë", "Dee"]


@pytest.mark.parametrize("size", ["landscape", "portrait", "phone"])
def test_each_player_taps_to_the_referee_on_their_phase(
    sized: Any, live_server: Any, size: str
) -> None:
    with live_server.app.app_context(), write_session() as session:
        game, _token = games.create_game(
            session, preset=phase_document(), players=FOUR, first_dealer=0
        )
        # Ann moves on to phase 2, Zoë too; Bob and Dee stay on phase 1.
        game, _ = games.add_round(session, game.id, 1, hand("out", "35", "10 done", "60"))
    page = sized(size)
    join(page, live_server.url, game)
    links = page.locator(".phase-list .referee-link")
    expect(links).to_have_count(4)
    for index in range(4):
        box = links.nth(index).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    assert fits_width(page) <= page.viewport_size["width"]
    expect(links.nth(0)).to_have_attribute("aria-label", "Referee for Ann's phase 2")
    expect(links.nth(1)).to_have_attribute("aria-label", "Referee for Bob's phase 1")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator(".hand-info").screenshot(
        path=str(SCREENSHOTS / f"phase-referee-links-{page.size_name}.png")
    )
    links.nth(2).click()  # Zoë, on phase 2
    page.wait_for_url(f"**/games/{game.id}/referee?player=2")
    expect(page.locator("select[name=round] option[selected]")).to_have_attribute("value", "2")
