"""The group, leaderboard and person pages, and sharing a result, in real headless Chromium at
tablet sizes (1024×768 and 768×1024) and on a phone (390 px wide): no horizontal overflow,
no CSP violation, sorting by links, the charts drawn, the share button. Screenshots, light
and dark, go to screenshots/ for a person to look at."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import update
from sqlmodel import Session, col

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.models import Game
from tests.conftest import SCREENSHOTS, GameBuilder

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Carmen", "Grandma Rose"]


@dataclass
class Smiths:
    app: Flask
    base: str
    group_id: str
    finished_game: str
    people: dict[str, int]

    def url(self, path: str) -> str:
        return self.base + path


def _create_group(page: Any, base: str) -> str:
    """The browser's device starts the group (so it may edit it) through the page's form."""
    page.goto(base + "/groups")
    page.fill("#group-name", "Smith family")
    page.fill("#group-people", "\n".join(NAMES))
    page.click("text=Start the group")
    page.wait_for_url("**/groups/*")
    return str(page.url.rsplit("/", 1)[1])


def _smiths(page: Any, live_server: Any, new_game: GameBuilder) -> Smiths:
    group_id = _create_group(page, live_server.url)
    rows = [[None, 10, 20, 35], [25, None, 5, 60], [15, 5, None, 40], [5, 15, 30, None]]
    with Session(get_engine(live_server.app), expire_on_commit=False) as session:
        finished = None
        for index in range(6):
            view = new_game(
                session,
                NAMES,
                [rows[index % 4], rows[(index + 1) % 4]],
                group_id=group_id,
                rounds="all",
            )
            finished = finished or view
            when = datetime(2026, 1 + index, 10, 20, tzinfo=UTC)  # a game a month
            session.connection().execute(
                update(Game).where(col(Game.id) == view.id).values(finished_at=when)
            )
            session.commit()
        new_game(session, NAMES, [rows[0]], group_id=group_id, rounds=2)
        people = {p.name: p.id for p in games.load_group(session, group_id).people}
    assert finished is not None
    return Smiths(live_server.app, live_server.url, group_id, finished.id, people)


@pytest.fixture
def smiths(page: Any, live_server: Any, new_game: GameBuilder) -> Smiths:
    return _smiths(page, live_server, new_game)


def overflow(page: Any) -> int:
    """How many pixels the page is wider than the window (0: no sideways scrolling)."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


def test_the_group_page(page: Any, smiths: Smiths) -> None:
    page.goto(smiths.url(f"/groups/{smiths.group_id}"))
    assert page.locator("h1").inner_text() == "Smith family"
    assert page.locator("#wins svg.chart polyline").count() >= 1
    assert page.locator(".person-name").count() == len(NAMES)
    assert page.locator(".join-code").is_visible()
    assert overflow(page) == 0
    assert page.csp_violations == []


def test_start_a_game_from_the_group(page: Any, smiths: Smiths) -> None:
    page.goto(smiths.url(f"/groups/{smiths.group_id}"))
    page.check("input[name=player][value='Grandma Rose']")
    page.check("input[name=player][value='Bob']")
    page.click("text=Choose seats and rules")
    page.wait_for_url("**/games/new?*")
    assert page.input_value("#player-0") == "Bob"  # ticked in the list's order
    assert page.input_value("#player-1") == "Grandma Rose"
    page.click("#new-game-form button.big")
    page.wait_for_url(re.compile(r".*/games/[A-Za-z0-9_-]{16,32}$"))
    game_id = page.url.rsplit("/", 1)[1]
    with Session(get_engine(smiths.app)) as session:
        assert games.game_group_id(session, game_id) == smiths.group_id
    assert page.csp_violations == []


def test_rename_and_merge_on_the_page(page: Any, smiths: Smiths) -> None:
    page.goto(smiths.url(f"/groups/{smiths.group_id}"))
    carmen = smiths.people["Carmen"]
    row = page.locator(f"#person-{carmen}")
    row.locator("summary").click()
    row.locator("select[name=into]").select_option(str(smiths.people["Bob"]))
    row.locator("text=Merge into them").click()
    page.wait_for_load_state()
    assert "same game" in page.locator(f"#person-{carmen} .field-error").inner_text()
    field = page.locator(f"#person-{carmen} input[name=name]")
    field.fill("Carmen S.")
    page.locator(f"#person-{carmen}").get_by_role("button", name="Rename").click()
    page.wait_for_selector("text=Carmen S.")
    assert page.locator(".person-name", has_text="Carmen S.").count() == 1


def test_the_leaderboard_sorts_by_its_headings(page: Any, smiths: Smiths) -> None:
    page.goto(smiths.url(f"/groups/{smiths.group_id}/leaderboard"))
    rows = page.locator("table.leaderboard tbody tr")
    assert rows.count() == len(NAMES)
    page.locator("table.leaderboard thead a", has_text="Player").first.click()
    page.wait_for_url("**sort=name**")
    names = page.locator("table.leaderboard tbody th.who").all_inner_texts()
    assert names == sorted(NAMES)
    page.locator("table.leaderboard thead a", has_text="Player").first.click()
    page.wait_for_url("**dir=desc**")
    assert page.locator("table.leaderboard tbody th.who").all_inner_texts() == sorted(
        NAMES, reverse=True
    )
    assert overflow(page) == 0  # a wide table scrolls inside its box, not the page
    table = page.locator(".table-scroll").bounding_box()
    assert table["x"] + table["width"] <= page.viewport_size["width"]
    assert page.csp_violations == []


def test_the_person_page(page: Any, smiths: Smiths) -> None:
    ann = smiths.people["Ann"]
    page.goto(smiths.url(f"/groups/{smiths.group_id}/people/{ann}"))
    assert page.locator("h1").inner_text() == "Ann"
    assert page.locator("svg.chart polyline").count() == 1
    against = page.locator("table.head-to-head tbody th.who").all_inner_texts()
    assert sorted(against) == sorted(n for n in NAMES if n != "Ann")
    assert overflow(page) == 0
    assert page.csp_violations == []


def test_share_with_the_web_share_api(page: Any, smiths: Smiths) -> None:
    """The system share sheet gets the picture and the text (a stand-in records the call:
    headless Chromium on Linux has no share sheet)."""
    page.add_init_script(
        """
        window.__shared = [];
        navigator.canShare = (data) => true;
        navigator.share = async (data) => {
          window.__shared.push({title: data.title, text: data.text,
            files: (data.files || []).map(f => [f.name, f.type, f.size])});
        };
        """
    )
    page.goto(smiths.url(f"/games/{smiths.finished_game}"))
    assert page.locator("svg.chart polyline").count() == len(NAMES)
    page.click("button[data-share-result]")
    page.wait_for_selector(".share-status:text('Shared.')")
    [shared] = page.evaluate("window.__shared")
    assert "1. " in shared["text"] and "points (winner)" in shared["text"]
    [(name, kind, size)] = shared["files"]
    assert (name, kind) == ("result.png", "image/png") and size > 1000
    assert page.csp_violations == []


def test_without_the_web_share_api_the_picture_downloads(page: Any, smiths: Smiths) -> None:
    page.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page.goto(smiths.url(f"/games/{smiths.finished_game}"))
    with page.expect_download() as download:
        page.click("button[data-share-result]")
    assert download.value.suggested_filename == "result.png"
    assert "downloaded" in page.locator(".share-status").inner_text()


def test_a_new_join_code_asks_first(page: Any, smiths: Smiths, screenshot: Any) -> None:
    page.goto(smiths.url(f"/groups/{smiths.group_id}"))
    old = page.locator(".join-code").inner_text()
    confirm = page.get_by_role("button", name="Yes, give the group a new code")
    assert not confirm.is_visible()  # one tap opens the question, a second one answers it
    page.locator(".new-code summary").click()
    assert confirm.is_visible() and old in page.locator(".new-code").inner_text()
    screenshot("groups-new-join-code")
    confirm.click()
    page.wait_for_function(
        "old => document.querySelector('.join-code').textContent.trim() !== old", arg=old
    )
    with Session(get_engine(smiths.app)) as session:
        new = games.load_group(session, smiths.group_id).join_code
    assert page.locator(".join-code").inner_text() == new != old
    assert overflow(page) == 0
    assert page.csp_violations == []


def _copy(export: bytes, tag: str) -> bytes:
    """The group's export with new ids: it imports beside the group."""
    data = json.loads(export)
    data["group"]["id"] = f"copy-{tag}-of-the-smiths"
    for number, game in enumerate(data["games"]):
        game["id"] = f"copy-{tag}-of-game-{number:04d}"
    return json.dumps(data).encode()


def test_a_refused_import_lists_its_problems_and_the_file_can_be_chosen_again(
    page: Any, smiths: Smiths, screenshot: Any
) -> None:
    export = page.request.get(smiths.url(f"/groups/{smiths.group_id}/export.json")).body()
    broken = json.loads(_copy(export, page.size_name))
    broken["games"][0]["rounds"][0]["entries"][1]["points"] = "lots"
    broken["games"][2]["players"][0]["person"] = "Nobody"
    broken["games"][4]["first_dealer"] = 7
    page.goto(smiths.url("/groups/import"))
    page.set_input_files(
        "#import-file",
        {
            "name": "smiths.json",
            "mimeType": "application/json",
            "buffer": json.dumps(broken).encode(),
        },
    )
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_selector("#import-problems")
    problems = page.locator("#import-problems li").all_inner_texts()
    assert len(problems) == 3
    assert problems[0].startswith("game 1 (") and "round 1, seat 1" in problems[0]
    assert problems[1].startswith("game 3 (") and "unknown person 'Nobody'" in problems[1]
    assert problems[2].startswith("game 5 (") and "seats must be numbered" in problems[2]
    assert overflow(page) == 0
    screenshot("groups-import-problems")
    field = page.locator("#import-file")
    assert field.is_enabled() and field.get_attribute("aria-invalid") == "true"
    fixed = _copy(export, page.size_name)  # the same file, put right
    page.set_input_files(
        "#import-file", {"name": "smiths.json", "mimeType": "application/json", "buffer": fixed}
    )
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_url(f"**/groups/copy-{page.size_name}-of-the-smiths")
    assert page.locator(".join-code").is_visible()  # this device may edit what it imported
    assert page.csp_violations == []


# --- a phone, and screenshots light and dark -------------------------------------------------


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    tab = context.new_page()
    yield tab
    context.close()


def _pages(smiths: Smiths) -> dict[str, str]:
    return {
        "group": f"/groups/{smiths.group_id}",
        "leaderboard": f"/groups/{smiths.group_id}/leaderboard",
        "person": f"/groups/{smiths.group_id}/people/{smiths.people['Grandma Rose']}",
        "game-chart": f"/games/{smiths.finished_game}",
    }


def test_no_sideways_scrolling_on_a_phone(
    phone: Any, live_server: Any, new_game: GameBuilder
) -> None:
    smiths = _smiths(phone, live_server, new_game)
    for name, path in _pages(smiths).items():
        phone.goto(smiths.url(path))
        assert overflow(phone) == 0, name


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots(browser: Any, live_server: Any, scheme: str, new_game: GameBuilder) -> None:
    """Every page at the three sizes, for a person to look at (and no overflow in any)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    smiths = None
    for width, height in ((1024, 768), (768, 1024), (390, 844)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, color_scheme=scheme
        )
        tab = context.new_page()
        if smiths is None:
            smiths = _smiths(tab, live_server, new_game)
        else:  # the next size's browser is another device: it reads (and may join)
            tab.goto(smiths.url("/"))
        for name, path in _pages(smiths).items():
            tab.goto(smiths.url(path))
            assert overflow(tab) == 0, (name, width)
            tab.screenshot(
                path=str(SCREENSHOTS / f"groups-{name}-{scheme}-{width}x{height}.png"),
                full_page=True,
            )
        context.close()
