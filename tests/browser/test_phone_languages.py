"""The phone, in every language (issue 34 §4): headless Chromium at 390×844 and 1024×768, in
English, Spanish and German (the browser's Accept-Language).

One sweep a size walks every page state in the three languages and asks of each: nothing
wider than the screen, every numeric field shows its widest value (a German points box once
showed "5" of a typed 145), one ``<main>`` and no duplicate id (a referee tool tab once
swapped a second page into the editor), axe finds nothing, and a table cut by its box says it
scrolls. Then the behaviours: the offline notice and the referee's answer in view, the Enter
key's hint, the blank sheet's player range.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper import games
from scorekeeper.db import write_session
from tests.browser.test_axe import ALL_RULES, AXE, RUN_AXE
from tests.browser.test_layout import SIZES, join, settled
from tests.conftest import GameBuilder

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "es", "de")
PEOPLE = ["Annabelle", "Bob", "Zoë", "Dee"]

# Each visible numeric field whose typed text does not fit inside it (its padding taken
# off), measured with its own font: a field is given its widest value, eights as long as its
# maxlength allows, three where it sets none (a round's points: 145).
NUMERIC_FIELDS_CUT = r"""() => {
  const pen = document.createElement("canvas").getContext("2d");
  const cut = [];
  document.querySelectorAll("input[inputmode=numeric]").forEach(input => {
    if (!input.offsetParent || input.readOnly || input.disabled) return;
    const widest = "8".repeat(input.maxLength > 0 ? input.maxLength : 3);
    const style = getComputedStyle(input);
    pen.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = pen.measureText(widest).width;
    if (width > room + 0.5) cut.push(`${input.name}: ${widest} in ${room.toFixed(0)}px`);
  });
  return cut;
}"""

# The page's structure: its <main>s and any id given twice.
STRUCTURE = r"""() => {
  const ids = Array.from(document.querySelectorAll("[id]"), e => e.id);
  return { mains: document.querySelectorAll("main").length,
           twice: ids.filter((id, i) => ids.indexOf(id) !== i) };
}"""

# Each statistics table cut by its box, and whether the line saying to swipe shows under it.
CUT_TABLES = r"""() => Array.from(document.querySelectorAll(".table-scroll"))
  .filter(box => box.scrollWidth > box.clientWidth + 1)
  .map(box => {
    const hint = box.nextElementSibling;
    return { label: box.getAttribute("aria-label"),
             hinted: !!hint && hint.matches(".table-swipe-hint") && hint.offsetParent !== null };
  })"""


class PageCheck:
    """Looks at each state a page is put in (one browser context a language), collecting what
    is wrong by state. Axe runs with all its rules in the light scheme: the dark one changes
    colours only, the same in every language, and test_axe looks at it."""

    def __init__(self, page: Any, label: str) -> None:
        self.page = page
        self.label = label
        self.wrong: dict[str, list[str]] = {}
        self.states = 0

    def check(self, state: str) -> None:
        settled(self.page)
        page = self.page
        problems: list[str] = []
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.viewport_size["width"]:
            problems.append(f"{width}px wide")
        problems += page.evaluate(NUMERIC_FIELDS_CUT)
        structure = page.evaluate(STRUCTURE)
        if structure["mains"] != 1 or structure["twice"]:
            problems.append(f"{structure['mains']} <main>, ids twice: {structure['twice'][:5]}")
        cut_tables = page.evaluate(CUT_TABLES)
        problems += [f"{t['label']} scrolls unsaid" for t in cut_tables if not t["hinted"]]
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(path=str(AXE))
        problems += page.evaluate(RUN_AXE, [None, ALL_RULES])
        if problems:
            self.wrong[f"{self.label}: {state}"] = problems
        self.states += 1

    def visit(self, url: str, state: str | None = None) -> None:
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        self.check(state or url.split("/", 3)[-1])


class Games:
    """What the sweep reads: a group with finished games (leaderboard, a person's page), a
    Liverpool game and a ten-phase game in progress, a ten-phase game finished."""

    def __init__(self, app: Flask, new_game: GameBuilder) -> None:
        with app.app_context(), write_session() as session:
            group, _token = games.create_group(session, "Tuesday club", people=PEOPLE)
        for _ in range(3):
            new_game(app, PEOPLE, rounds="all", group_id=group.id, cut_rounds=[2])
        with app.app_context(), write_session() as session:
            self.person = games.load_group(session, group.id).people[0].id
        self.group = group.id
        self.liverpool = new_game(app, PEOPLE, rounds=1, cut_rounds=[1])
        self.phases = new_game(app, PEOPLE[:3], rounds=1, rules="ten-phase")
        self.phases_over = new_game(app, PEOPLE[:3], rounds="all", rules="ten-phase")


@pytest.fixture
def language_pages(browser: Any) -> Iterator[Any]:
    """A page factory: ``language_pages(size, "de")`` opens a context whose browser asks
    for German (axe injected there: the CSP is bypassed, as in test_axe)."""
    contexts: list[Any] = []

    def make(size: str, language: str) -> Any:
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            locale=language,
            bypass_csp=True,
            reduced_motion="reduce",
        )
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def sweep_entry(check: PageCheck, base: str, game: games.GameView, label: str) -> None:
    """A game's round entry as its editor, each points box given three digits."""
    page = check.page
    join(page, base, game)
    for seat in range(len(game.players)):
        page.fill(f"#points-{seat}", "145")
    check.check(f"{label} entry, 3 digits typed")


def sweep_referee(check: PageCheck, base: str) -> None:
    """The referee, and each of its tool tabs tapped in turn (each swaps the page)."""
    page = check.page
    check.visit(f"{base}/referee?rules=liverpool&round=1", "referee")
    for index in range(page.locator(".ref-tab").count()):
        tab = page.locator(".ref-tab").nth(index)
        name = tab.inner_text()
        tab.click()
        expect(page.locator(".ref-tab").nth(index)).to_have_attribute("aria-current", "page")
        check.check(f"referee tab {name}")


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_every_page_in_every_language_fits_and_shows_its_numbers(
    language_pages: Any, live_server: Any, new_game: GameBuilder, size: str
) -> None:
    base = live_server.url
    made = Games(live_server.app, new_game)
    wrong: dict[str, list[str]] = {}
    states = 0
    for language in LANGUAGES:
        check = PageCheck(language_pages(size, language), f"{size} {language}")
        check.visit(f"{base}/")
        for preset in ("carioca", "ten-phase"):
            check.visit(f"{base}/games/new?preset={preset}")
            assert_start_button_clear(check.page)
            check.page.click(".house-rules > summary")  # the custom points' fields
            check.check(f"new game {preset}, house rules open")
        sweep_entry(check, base, made.liverpool, "Liverpool")
        sweep_entry(check, base, made.phases, "ten-phase")
        check.visit(f"{base}/games/{made.phases_over.id}", "ten-phase finished")
        expect(check.page.locator(".standings .standing-phases")).to_have_count(3)
        sweep_referee(check, base)
        check.visit(f"{base}/groups/{made.group}/leaderboard")
        check.visit(f"{base}/groups/{made.group}/people/{made.person}")
        check.visit(f"{base}/offline")
        expect(check.page.locator("h1")).to_have_count(1)
        wrong |= check.wrong
        states += check.states
    assert wrong == {}, "\n".join(f"{state}:\n  " + "\n  ".join(w) for state, w in wrong.items())
    assert states >= 3 * 16  # every state above was looked at, in each language


def assert_start_button_clear(page: Any) -> None:
    """Nothing of the rule set's summary or its list of rounds lies over "Start the game"."""
    start = page.locator("button.big[value=create]").bounding_box()
    for part in page.locator(".preset-summary, .preset-rounds li").all():
        box = part.bounding_box()
        apart = (
            box["y"] + box["height"] <= start["y"]
            or box["y"] >= start["y"] + start["height"]
            or box["x"] + box["width"] <= start["x"]
            or box["x"] >= start["x"] + start["width"]
        )
        assert apart, (part.inner_text(), box, start)


# --- behaviours on a phone ---------------------------------------------------------------


def test_the_last_enter_offline_saves_and_the_notice_is_in_view(
    language_pages: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, PEOPLE, rounds=1)
    page = language_pages("phone", "de")
    join(page, live_server.url, game)
    page.check(".entry-row[data-seat='0'] input[name=out]")
    for seat in (1, 2, 3):
        page.fill(f"#points-{seat}", "45")
    page.context.set_offline(True)
    page.focus("#points-3")
    page.keyboard.press("Enter")  # the last player's points: Enter saves
    status = page.locator("#entry-form .save-status")
    expect(status).not_to_be_empty()
    box = status.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES["phone"][1] + 1, box
    page.context.set_offline(False)


def test_the_enter_key_says_done_where_it_saves(
    language_pages: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, PEOPLE, rounds=1)
    page = language_pages("phone", "en")
    join(page, live_server.url, game)

    def hints() -> list[str]:
        return [page.get_attribute(f"#points-{seat}", "enterkeyhint") or "" for seat in range(4)]

    assert hints() == ["next", "next", "next", "done"]
    page.check(".entry-row[data-seat='3'] input[name=out]")  # the last row is passed over
    expect(page.locator("#points-2")).to_have_attribute("enterkeyhint", "done")
    assert hints() == ["next", "next", "done", "done"]
    page.focus("#points-2")
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Enter")  # and it does save there


def test_the_referees_answer_comes_into_view_on_a_phone(
    language_pages: Any, live_server: Any
) -> None:
    page = language_pages("phone", "es")
    page.goto(f"{live_server.url}/referee?rules=liverpool&round=1")
    for card in ("7H", "7C", "JK"):
        page.click(f"#ref-grid button[value='{card}']")
    settled(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.click(".ref-check")
    settled(page)
    expect(page.locator("#verdict [data-verdict]")).to_have_count(1)
    page.wait_for_function(
        "document.getElementById('verdict').getBoundingClientRect().top < innerHeight / 2"
        " && document.getElementById('verdict').getBoundingClientRect().top >= 0"
    )


def test_the_blank_sheet_offers_each_rule_sets_own_player_range(
    language_pages: Any, live_server: Any
) -> None:
    page = language_pages("phone", "de")
    page.goto(live_server.url + "/")
    form = page.locator(".print-blank-form")
    expect(form.locator("legend")).to_have_text("Leeres Punkteblatt drucken")
    players = form.locator("select[name=players]")
    players.select_option("6")
    form.locator("select[name=preset]").select_option("continental")  # 2 to 4 players
    expect(players).to_have_value("4")
    offered = players.locator("option:not([disabled])").all_inner_texts()
    assert offered == ["2", "3", "4"]
    # What the form sends (its PDF opens in a new tab) is a sheet the server makes.
    query = form.evaluate("f => new URLSearchParams(new FormData(f)).toString()")
    assert "preset=continental" in query and "players=4" in query
    answer = page.request.get(f"{live_server.url}/print/blank.pdf?{query}")
    assert answer.status == 200, answer.text()[:300]
    assert answer.headers["content-type"] == "application/pdf"
