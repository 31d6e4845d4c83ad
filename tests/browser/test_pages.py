"""Every HTML page of the app in headless Chromium at tablet sizes: zero Content-Security-
Policy violations, no console errors, no horizontal overflow (issue 6, item 9).

Pages are found in ``app.url_map`` (every GET route that answers HTML), so a new page is
covered without editing this file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from flask import url_for

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.games import groups, saved_rules
from scorekeeper.rules import PRESETS
from tests.conftest import GameBuilder

pytestmark = pytest.mark.browser


# Answers that are files, not pages (downloads, pictures, the live poll, the app's manifest and
# service worker): their own tests read them.
NOT_PAGES = {
    "groups.export",
    "groups.season",
    "sharing.result_png",
    "sharing.result_txt",
    "builder.saved_file",
    "builder.shared_file",
    "live.version",
    "live.manifest",
    "live.service_worker",
}


@dataclass(frozen=True)
class Things:
    """Real objects for every route argument: a game in progress, a finished game in a group,
    a person of that group and a shared rule set."""

    game: games.GameView
    finished: games.GameView
    group_id: str
    person_id: int
    share_token: str


def _things(app: Any, new_game: GameBuilder) -> Things:
    game = new_game(
        app, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"], rounds=2, first_dealer=None
    )
    finished = new_game(app, ["Ann", "Bob", "Cy"], rounds=7, first_dealer=None)
    with app.app_context(), write_session() as session:
        group, _token = groups.create_group(session, "Smith family", people=["Ann", "Bob", "Cy"])
        rights = [games.grant_edit(session, finished.id, "this device")]
        games.attach_game(session, group.id, finished.id, tokens=rights)
        saved = saved_rules.save_rules(
            session, "another-device-of-this-family", "Ours", PRESETS["family"]
        )
    return Things(game, finished, group.id, group.people[0].id, saved.token)


def page_urls(app: Any, things: Things) -> list[str]:
    urls: list[str] = []
    game, finished = things.game, things.finished
    with app.test_request_context():
        for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
            if "GET" not in (rule.methods or set()) or rule.endpoint == "static":
                continue
            if rule.rule.startswith("/api/") or rule.endpoint.startswith("printing."):
                continue  # JSON and PDFs: no page to look at
            if rule.endpoint in NOT_PAGES or rule.endpoint == "builder.saved_page":
                continue  # a saved rule set's page is its owner's: see test_builder
            values: dict[str, Any] = {}
            if "game_id" in rule.arguments:
                values["game_id"] = game.id
            if "number" in rule.arguments:
                values["number"] = 1
            if "group_id" in rule.arguments:
                values["group_id"] = things.group_id
            if "person_ref" in rule.arguments:
                values["person_ref"] = things.person_id
            if "token" in rule.arguments:
                values["token"] = things.share_token
            if "preset" in rule.arguments:
                for preset in PRESETS:
                    urls.append(url_for(rule.endpoint, preset=preset))
                continue
            urls.append(url_for(rule.endpoint, **values))
            if "game_id" in rule.arguments and rule.endpoint == "games.show":
                urls.append(url_for(rule.endpoint, game_id=finished.id))
        urls.append(url_for("sharing.join_confirm", game_id=game.id, code=game.join_code))
        urls.append("/no-such-page")
    return urls


def test_every_page_has_no_csp_violation_and_fits_a_tablet(
    page: Any, live_server: Any, new_game: GameBuilder
) -> None:
    app = live_server.app
    things = _things(app, new_game)
    game = things.game
    # This browser becomes an editor of the game in progress (join by code), so the editor
    # views (round entry, edit, undo, join code, QR) are looked at too.
    page.goto(f"{live_server.url}/games/{game.id}/join?code={game.join_code}")
    page.click("form[action$='/join'] button[type=submit]")
    page.wait_for_url(f"**/games/{game.id}")
    assert page.locator("#entry-form").count() == 1

    visited = []
    refused: list[tuple[str, int]] = []
    for url in page_urls(app, things):
        response = page.goto(live_server.url + url)
        assert response is not None
        assert response.status < 500, url
        if response.status >= 400:
            refused.append((url, response.status))
        page.wait_for_load_state("networkidle")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{url} is {width}px wide"
        visited.append(url)
    assert page.csp_violations == [], page.csp_violations
    # A page that answers 4xx (the 404 page, a form asked for without its input) logs its
    # status in the console; nothing else may.
    assert refused == [("/games/open", 400), ("/no-such-page", 404)], refused
    unexpected = [e for e in page.console_errors if "Failed to load resource" not in e]
    assert unexpected == [], unexpected
    assert len(page.console_errors) - len(unexpected) == len(refused)
    print(f"\n{page.size_name}: {len(visited)} pages, 0 CSP violations")
    assert len(visited) >= 15
