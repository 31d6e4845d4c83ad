"""The table screen in headless Chromium at 1024×768, 768×1024 and a 390×844 phone (issue 15).

No page is wider than the screen; at the tablet sizes the round's entry, the totals and who
deals and cuts are on screen together without scrolling, for 2 and for 8 players; after a save
the round's result and the new totals are where the eyes are; "Bought" shows in the score table
and on the PDF score sheet; the winner gets a moment (still, for a reader who asks for reduced
motion); old error messages go once the input is fixed; a wrong join code is not said to come
from the QR code; the undo confirmation gives its list room. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.rules import PRESETS
from tests.conftest import GameBuilder

pytestmark = pytest.mark.browser

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
TABLETS = ["landscape", "portrait"]
EIGHT = ["Annabelle", "Bob", "Christopher", "Dee", "Eve", "Frank", "Gwendolyn", "Hal"]
# Two lines on either tablet, more than that unclamped on a portrait one.
LONG_TITLE = "Grandma's seventieth birthday rummy night at the lake house, the rematch of 2025"


# --- helpers (also used by tests/browser/test_axe.py) -----------------------------------------


def join(page: Any, base: str, game: games.GameView) -> None:
    """Make the browser an editor of ``game`` with its join code, as a second scorer would."""
    page.goto(f"{base}/games/{game.id}/join?code={game.join_code}")
    page.click("form[action$='/join'] button[type=submit]")
    page.wait_for_url(f"**/games/{game.id}")
    page.wait_for_selector("#entry-form" if not game.finished else ".final")


def settled(page: Any) -> None:
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def page_urls(game: games.GameView, finished: games.GameView) -> list[str]:
    """Every page of the app a person sees, for a game in progress (this browser an editor of
    it) and a finished one (watched)."""
    urls = [
        "/",
        "/games/new",
        f"/games/{game.id}",
        f"/games/{game.id}/rounds/1/edit",
        f"/games/{game.id}/history",
        f"/games/{game.id}/undo",
        f"/games/{game.id}/devices",
        f"/games/{game.id}/watch",
        f"/games/{game.id}/referee",
        f"/games/{finished.id}",
        f"/games/{finished.id}/join?code={finished.join_code}",
        f"/games/{finished.id}/watch",
        f"/games/{finished.id}/history",
        "/referee",
        "/rules",
        "/rules/build",
        "/no-such-page",
    ]
    return urls + [f"/rules/{preset}" for preset in PRESETS]


def box_in_view(page: Any, selector: str) -> dict[str, float]:
    """The element's box, asserted to lie wholly inside the viewport as it is scrolled now."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    height = page.viewport_size["height"]
    width = page.viewport_size["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box, height)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box, width)
    return dict(box)


def fits_width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.fixture
def sized(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page factory: ``sized("phone")`` opens a fresh context at that size."""
    contexts: list[Any] = []

    def make(size: str, **options: Any) -> Any:
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=1, **options
        )
        contexts.append(context)
        tab = context.new_page()
        tab.size_name = f"{width}x{height}"
        return tab

    yield make
    for context in contexts:
        context.close()


def shoot(page: Any, name: str) -> None:
    from tests.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{page.size_name}.png"), full_page=True)


# --- every page fits the screen's width ------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_no_page_is_wider_than_the_screen(
    sized: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    app = live_server.app
    game = new_game(app, EIGHT, rounds=2, first_dealer=None)
    finished = new_game(app, ["Ann", "Bob", "Cy"], rounds=7, first_dealer=None)
    page = sized(size)
    join(page, live_server.url, game)
    wide: list[tuple[str, int]] = []
    for url in page_urls(game, finished):
        page.goto(live_server.url + url)
        page.wait_for_load_state("domcontentloaded")
        if fits_width(page) > page.viewport_size["width"]:
            wide.append((url, fits_width(page)))
    # The game page with a card picker open and errors shown (the widest states of the entry).
    page.goto(f"{live_server.url}/games/{game.id}")
    page.click(".entry-row[data-seat='1'] .picker-toggle")
    page.click(".entry-row[data-seat='1'] [data-card='KH']")
    page.click(".save-button")
    page.wait_for_selector(".entry-row.has-error")
    settled(page)
    page.click(".entry-row[data-seat='2'] .picker-toggle")
    if fits_width(page) > page.viewport_size["width"]:
        wide.append(("game page, picker open, errors shown", fits_width(page)))
    shoot(page, "layout-entry-errors")
    assert wide == [], wide


# --- at a glance ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", TABLETS)
@pytest.mark.parametrize("players", [2, 8])
def test_entry_totals_and_dealer_are_on_screen_together(
    sized: Any, live_server: Any, size: str, players: int, new_game: GameBuilder
) -> None:
    # A new game, one with totals to read, and (eight players) one with a two-line title.
    cases = [(0, ""), (3, "")] + ([(3, LONG_TITLE)] if players == 8 else [])
    for rounds, title in cases:
        game = new_game(
            live_server.app, EIGHT[:players], rounds=rounds, first_dealer=None, title=title
        )
        page = sized(size)
        join(page, live_server.url, game)
        assert page.evaluate("scrollY") == 0
        if title:  # the whole title is there (and the tab's title), shown in two lines at most
            heading = page.locator(".game-head h1")
            assert heading.inner_text() == title and title in page.title()
            style = "getComputedStyle(document.querySelector('.game-head h1'))"
            line = float(page.evaluate(f"parseFloat({style}.lineHeight)"))
            box = heading.bounding_box()
            assert box is not None and box["height"] <= 2 * line + 1, (box, line)
        box_in_view(page, "#entry-form")  # every player's row and the Save button
        assert page.locator(".entry-row").count() == players
        box_in_view(page, ".totals-panel")
        assert page.locator(".totals tbody tr").count() == players
        dealer = game.seats_for(game.current_round).dealer
        cutter = game.seats_for(game.current_round).cutter
        deals = page.locator(".round-info .facts div", has_text="Deals").first
        cuts = page.locator(".round-info .facts div", has_text="Cuts").first
        assert EIGHT[dealer] in deals.inner_text() and EIGHT[cutter] in cuts.inner_text()
        for fact in (deals, cuts):
            box = fact.bounding_box()
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES[size][1]
        # The totals shown beside the entry are the game's totals.
        shown = [int(t) for t in page.locator(".totals td.t-total").all_inner_texts()]
        assert shown == list(game.totals)
        if players == 8 and rounds == 3:
            shoot(page, "layout-at-a-glance" + ("-long-title" if title else ""))


# --- finger-sized checkboxes and radios ------------------------------------------------------


TAP = 44  # px: the smallest target a finger hits reliably (WCAG 2.5.5)

# Each checkbox and radio: the box of what a tap on it toggles (its label), and whether the
# middle of that box and of each of its edges (2px in: its corners are rounded) reach the
# label, not something drawn over it.
TAP_AREAS = """() => Array.from(document.querySelectorAll(
    "main input[type=checkbox], main input[type=radio]")).map(input => {
  const label = input.closest("label")
    || (input.id && document.querySelector(`label[for="${input.id}"]`));
  if (!label) return { name: input.name, width: 0, height: 0, reached: false };
  const r = label.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const points = [[x, y], [r.left + 2, y], [r.right - 2, y], [x, r.top + 2], [x, r.bottom - 2]];
  const reached = points.every(([px, py]) => {
    const hit = document.elementFromPoint(px, py);
    return !!hit && label.contains(hit);
  });
  const name = input.name + "=" + input.value;
  return { name: name, width: r.width, height: r.height, reached: reached };
})"""


@pytest.mark.parametrize("size", list(SIZES))
def test_every_checkbox_and_radio_is_a_finger_sized_target(
    sized: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, EIGHT, rounds=2, first_dealer=None)
    page = sized(size)
    join(page, live_server.url, game)
    for url in (f"/games/{game.id}", f"/games/{game.id}/rounds/2/edit"):
        page.goto(live_server.url + url)
        controls = page.locator("main input[type=checkbox], main input[type=radio]")
        assert controls.count() == 9  # eight "went out" and the cutter's "exact cut"
        small: list[Any] = []
        for index in range(controls.count()):
            controls.nth(index).evaluate("c => c.scrollIntoView({ block: 'center' })")
            area = page.evaluate(TAP_AREAS)[index]
            if area["width"] < TAP or area["height"] < TAP or not area["reached"]:
                small.append(area)
        assert small == [], (url, small)
        # A tap at the edge of the exact-cut label, away from the box itself, ticks it. The
        # label is brought to the middle of the screen first, as a person would see it before
        # tapping: "if needed" left it at the top, under a phone's sticky totals strip.
        label = page.locator("label.cut-bonus")
        label.evaluate("l => l.scrollIntoView({ block: 'center' })")
        box = label.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] - 3, box["y"] + 3)
        expect(page.locator("input[name=cut_bonus]")).to_be_checked()
        page.mouse.click(box["x"] + 3, box["y"] + box["height"] - 3)
        expect(page.locator("input[name=cut_bonus]")).not_to_be_checked()
    shoot(page, "layout-tap-targets")


# --- the game's links ---------------------------------------------------------------------------


def test_the_game_bar_keeps_one_row_with_its_group_and_downloads(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    app = live_server.app
    with app.app_context(), write_session() as session:
        group, _token = games.create_group(session, "Tuesday club", people=["Ann", "Bob", "Cy"])
    finished = new_game(app, ["Ann", "Bob", "Cy"], rounds=7, first_dealer=None, group_id=group.id)
    alone = new_game(app, ["Ann", "Bob"], rounds=1, first_dealer=None)
    for size in SIZES:
        page = sized(size)
        join(page, live_server.url, finished)
        bar = page.locator(".topnav > a, .topnav > details > summary")
        tops = {round(b["y"]) for b in (bar.nth(i).bounding_box() for i in range(bar.count())) if b}
        names = bar.all_inner_texts()
        assert [n.strip("▾▴ ") for n in names] == [
            "Group",
            "Watch",
            "History",
            "Referee",
            "Rules",
            "Download",
        ]
        if size != "phone":  # a tablet: one row; a phone: it wraps, the page no wider
            assert len(tops) == 1, (size, tops)
        assert fits_width(page) <= SIZES[size][0]
        if size == "landscape":
            shoot(page, "layout-game-links")

    # The group's page, through its link.
    page.get_by_role("link", name="Group").click()
    page.wait_for_url(f"**/groups/{group.id}")
    expect(page.locator("h1")).to_contain_text("Tuesday club")

    # The downloads: the score sheet, the trophy, and the game as CSV and as JSON.
    page.goto(f"{live_server.url}/games/{finished.id}")
    menu = page.locator(".nav-menu")
    links = menu.locator("a")
    expect(links.first).to_be_hidden()
    menu.locator("summary").click()
    expect(links).to_have_text([
        "Score sheet (PDF)", "Trophy (PDF)", "Scores for a spreadsheet (CSV)",
        "The whole game (JSON)",
    ])  # fmt: skip
    for i in range(links.count()):
        box_in_view(page, f".nav-menu li:nth-child({i + 1}) a")
    csv_link = menu.get_by_role("link", name="Scores for a spreadsheet (CSV)")
    assert csv_link.get_attribute("href") == f"/api/v1/games/{finished.id}/export.csv"
    with page.expect_download() as download:
        csv_link.click()
    assert download.value.suggested_filename == f"game-{finished.id}.csv"
    assert "Ann" in Path(download.value.path()).read_text()
    json_link = menu.get_by_role("link", name="The whole game (JSON)")
    assert json_link.get_attribute("href") == f"/api/v1/games/{finished.id}/export.json"
    with page.expect_download() as download:
        json_link.click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["kind"] == "game" and exported["game"]["id"] == finished.id

    # A game in no group has no group link; its downloads are there before it ends.
    page.goto(f"{live_server.url}/games/{alone.id}")
    assert page.locator(".topnav").get_by_role("link", name="Group").count() == 0
    page.locator(".nav-menu summary").click()
    expect(page.locator(".nav-menu a")).to_have_text([
        "Score sheet (PDF)", "Scores for a spreadsheet (CSV)", "The whole game (JSON)"
    ])  # fmt: skip


@pytest.mark.parametrize("size", [*TABLETS, "phone"])
def test_after_a_save_the_result_and_new_totals_are_in_view(
    sized: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, EIGHT, rounds=1, first_dealer=None)
    page = sized(size)
    join(page, live_server.url, game)
    page.check(".entry-row[data-seat='3'] input[name=out]")
    for seat in (0, 1, 2, 4, 5, 6, 7):
        page.fill(f"#points-{seat}", str(5 * (seat + 2)))
    # Scrolled down to the Save button, as a finger is after typing the last row.
    page.locator(".save-button").scroll_into_view_if_needed()
    page.click(".save-button")
    page.wait_for_selector(".notice:has-text('Saved round 2.')")
    settled(page)
    page.wait_for_function(
        "() => document.querySelector('.notice').getBoundingClientRect().top >= 0"
    )
    notice = box_in_view(page, ".notice")
    assert "+45" in page.inner_text(".notice")
    totals = page.locator(".totals td.t-total").all_inner_texts()
    # Round 1: seat 0 out, the others 5. Round 2: seat 3 out, seat s 5 × (s + 2).
    assert [int(t) for t in totals] == [10, 20, 25, 5, 35, 40, 45, 50]
    if size != "phone":
        box_in_view(page, ".totals-panel")
        box_in_view(page, ".entry-row[data-seat='0']")
    else:  # a phone: the notice at the top, the totals right under it
        assert notice["y"] < 200
        box_in_view(page, ".totals-title")
    # The next round's entry is ready, empty.
    assert page.input_value("#entry-form input[name=round]") == "3"
    assert page.input_value("#points-0") == ""
    shoot(page, "layout-after-save")


# --- Bought, in the table and on the score sheet ----------------------------------------------


def test_bought_cards_show_in_the_score_table_and_on_the_score_sheet(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, ["Ann", "Bob", "Cy"], rounds=1, first_dealer=None)
    page = sized("landscape")
    join(page, live_server.url, game)
    page.check(".entry-row[data-seat='1'] input[name=out]")
    page.fill("#points-0", "20")
    page.fill("#points-2", "35")
    page.fill("input[name='bought-2']", "2")
    page.click(".save-button")
    page.wait_for_selector(".notice:has-text('Saved round 2.')")
    cell = page.locator(".scoreboard tbody tr:nth-child(3) td.score").nth(1)
    expect(cell.locator(".bought-mark")).to_have_text("b2 bought")
    assert page.locator(".scoreboard .bought-mark").count() == 1  # only where cards were bought
    assert "b2: bought 2 cards" in page.inner_text(".legend")
    pdf = page.request.get(f"{live_server.url}/games/{game.id}/sheet.pdf")
    assert pdf.status == 200
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "b2" in text and "bought 2 cards" in text
    plain = new_game(live_server.app, ["Ann", "Bob"], rounds=1, first_dealer=None)
    pdf = page.request.get(f"{live_server.url}/games/{plain.id}/sheet.pdf")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "bought" not in text  # no legend for a mark that is not there


# --- the winner's moment -----------------------------------------------------------------------


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_winner_gets_a_moment_when_the_last_round_is_saved(
    sized: Any, live_server: Any, motion: str, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, ["Ann", "Bob", "Cy"], rounds=6, first_dealer=None)
    page = sized("portrait", reduced_motion=motion)
    join(page, live_server.url, game)
    page.check(".entry-row[data-seat='2'] input[name=out]")
    page.fill("#points-0", "40")
    page.fill("#points-1", "5")
    page.click(".save-button")
    page.wait_for_selector(".final.celebrate")
    settled(page)
    # Ann went out six times (0) and has 40; Bob 5+10+...+30 = 105 + 5; Cy 105 + 0.
    expect(page.locator(".winner-line")).to_have_text("Ann wins with 40 points")
    box_in_view(page, ".winner-panel")
    star = page.evaluate("getComputedStyle(document.querySelector('.winner-star')).animationName")
    suits = page.locator(".confetti span").count()
    shown = page.evaluate("getComputedStyle(document.querySelector('.confetti')).display")
    if motion == "reduce":
        assert star == "none" and shown == "none"
    else:
        assert star == "winner-pop" and shown != "none" and suits >= 8
    shoot(page, f"layout-winner-{motion}")
    # Opened again later, the result is shown without the celebration.
    page.goto(f"{live_server.url}/games/{game.id}")
    expect(page.locator(".winner-line")).to_have_text("Ann wins with 40 points")
    assert page.locator(".final.celebrate, .confetti").count() == 0


# --- the smaller items -------------------------------------------------------------------------


def test_an_error_goes_once_fixed_and_the_count_of_players_to_enter_stays(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, ["Ann", "Bob", "Cy"], rounds=1, first_dealer=None)
    page = sized("landscape")
    join(page, live_server.url, game)
    page.fill("#points-0", "5")
    page.fill("#points-1", "5")
    page.click(".save-button")  # nobody went out, Cy has no score
    page.wait_for_selector(".entry-row.has-error")
    settled(page)
    assert "Cy has no score yet" in page.inner_text("#entry-errors-2")
    assert page.locator("[data-entry-general]").count() == 1
    expect(page.locator(".missing-count")).to_have_text(
        "nobody marked as gone out · 1 player still to enter"
    )
    expect(page.locator("#points-2")).to_have_attribute("aria-invalid", "true")
    page.fill("#points-2", "10")
    expect(page.locator("#entry-errors-2 .field-error")).to_have_count(0)
    expect(page.locator(".entry-row[data-seat='2']")).not_to_have_class(re.compile("has-error"))
    assert page.get_attribute("#points-2", "aria-invalid") is None
    expect(page.locator("[data-entry-general]")).to_have_count(0)
    expect(page.locator(".missing-count")).to_have_text("nobody marked as gone out")
    page.check(".entry-row[data-seat='0'] input[name=out]")
    expect(page.locator(".missing-count")).to_have_text("")
    page.click(".save-button")
    page.wait_for_selector(".notice:has-text('Saved round 2.')")


def test_a_wrong_join_code_is_not_said_to_come_from_the_qr_code(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, ["Ann", "Bob"], rounds=0, first_dealer=None)
    page = sized("phone")
    page.goto(f"{live_server.url}/games/{game.id}/join?code={game.join_code}")
    assert "filled in from the QR code" in page.inner_text("#join")
    page.fill("#join-code", "WRONG1")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#join .field-error")
    assert "filled in from the QR code" not in page.inner_text("#join")
    assert page.input_value("#join-code") == "WRONG1"  # what was typed is kept


def test_the_undo_confirmation_gives_the_scores_room(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, EIGHT, rounds=2, first_dealer=None)
    for size in SIZES:
        page = sized(size)
        join(page, live_server.url, game)
        page.goto(f"{live_server.url}/games/{game.id}/undo")
        lines = page.locator(".undo-lines").bounding_box()
        buttons = page.locator(".undo-actions").bounding_box()
        assert lines is not None and buttons is not None
        assert buttons["y"] - (lines["y"] + lines["height"]) >= 16
        assert fits_width(page) <= SIZES[size][0]
