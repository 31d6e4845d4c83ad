"""The rule-set builder in headless Chromium at tablet sizes (1024×768 and 768×1024), and on
a phone (390×844).

A table builds its own rules (round 1 asks for a run of 7), saves them, starts a game with
them, and finds the run of 7 on the game page and on the printed score sheet. On a phone the
builder's parts fold away (each round too) and stay as the person left them through every
change, and the decks table is edited and checked like the rest. Screenshots go to
``screenshots/``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.conftest import SCREENSHOTS

pytestmark = pytest.mark.browser

GAME_URL = re.compile(r".*/games/[A-Za-z0-9_-]{22}$")


def round_opened(page: Any, index: int) -> None:
    """Wait until the builder's list of open parts names round ``index`` (the page keeps it
    on the details' "toggle" event, which comes after the click: a change made before it would
    post the round as closed, and the form would come back with it folded)."""
    page.wait_for_function(
        "i => document.querySelector('form#builder input[name=open]')"
        ".value.split(' ').includes('round-' + i)",
        arg=index,
    )


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
    # Round 1: a run of 7 instead of two sets (each round folds away: open it first).
    page.click("[data-round='1'] summary")
    round_opened(page, 0)
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
    page.click("[data-round='2'] summary")
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


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    tab.csp_violations = []

    def on_console(message: Any) -> None:
        if "Content Security Policy" in message.text:
            tab.csp_violations.append(message.text)

    tab.on("console", on_console)
    yield tab
    context.close()


def page_height(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def is_open(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).evaluate("details => details.open"))


def test_the_builder_folds_away_on_a_phone(phone: Any, live_server: Any) -> None:
    """At 390×844 the builder is a few screens long (it was 11,700 px with every round and
    house rule laid out): its parts fold away, each round shows its contract in one line, and
    what the person opens stays open through the changes that redraw the form."""
    phone.goto(live_server.url + "/rules/build?from=liverpool")
    expect(phone.locator("#builder-summary")).to_contain_text("Two sets")
    # Under 5,000 px: the parts folded (the plain-words summary and the judged hand below them
    # stay open), with the language menu at the foot of every page since issue 26.
    assert page_height(phone) < 5000
    no_horizontal_overflow(phone)
    rounds = phone.locator("[data-round]")
    expect(rounds).to_have_count(7)
    expect(rounds.nth(6).locator("summary")).to_have_text("Round 7 Three runs · 10 cards · all out")
    expect(phone.locator("#r0-m0-kind")).to_be_hidden()
    # Open round 3 and the sets-and-runs rules, change a rule: both are still open after it.
    phone.click("[data-round='3'] summary")
    phone.click("[data-section='melds'] > summary")
    phone.fill("#opt-run_min_naturals", "0")
    phone.press("#opt-run_min_naturals", "Tab")
    settled(phone)
    assert is_open(phone, "[data-round='3'] details") and is_open(phone, "[data-section='melds']")
    assert not is_open(phone, "[data-round='2'] details")
    expect(phone.locator("#builder-summary")).to_contain_text("wild cards alone may make one")
    # Close the rounds: they stay closed through the next change.
    phone.click("[data-section='rounds'] > summary")
    phone.fill("#opt-run_min_naturals", "1")
    phone.press("#opt-run_min_naturals", "Tab")
    settled(phone)
    assert not is_open(phone, "[data-section='rounds']")
    # A problem opens the part it is in, wherever it is.
    phone.fill("#opt-run_min_naturals", "99")
    phone.press("#opt-run_min_naturals", "Tab")
    settled(phone)
    expect(phone.locator("[data-section='melds'] .field-error")).to_contain_text("between 0 and 13")
    no_horizontal_overflow(phone)
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "builder-390x844.png"), full_page=True)
    assert phone.csp_violations == []


def test_the_decks_table_is_edited_and_checked(phone: Any, live_server: Any) -> None:
    """Decks for each number of players: Liverpool plays two decks up to five players and
    three from six. Four decks for eight players shows eight jokers and 216 cards; a deck
    count the document refuses is marked on its row, the others kept; saved, the rule set
    keeps the new table."""
    phone.goto(live_server.url + "/rules/build?from=liverpool")
    phone.click("[data-section='decks'] > summary")
    table = phone.locator(".builder-deck-table tbody tr")
    expect(table).to_have_count(7)  # 2 to 8 players
    expect(table.nth(6)).to_contain_text("6")  # 8 players: 3 decks, 6 jokers
    phone.fill("#builder-decks-8", "4")
    phone.press("#builder-decks-8", "Tab")
    settled(phone)
    assert is_open(phone, "[data-section='decks']")
    expect(phone.locator("[data-players='8'] td").nth(1)).to_have_text("8")
    expect(phone.locator("[data-players='8'] td").nth(2)).to_have_text("216")
    expect(phone.locator("#builder-summary")).to_contain_text("8 players: 4 decks and 8 jokers")
    # Nine decks is more than the document allows: the row says so, nothing else is lost.
    phone.fill("#builder-decks-3", "9")
    phone.press("#builder-decks-3", "Tab")
    settled(phone)
    expect(phone.locator("[data-players='3'] .field-error")).to_contain_text("between 1 and 8")
    expect(phone.locator("#builder-decks-8")).to_have_value("4")
    expect(phone.locator(".field-error")).to_have_count(1)
    phone.fill("#builder-decks-3", "2")
    phone.press("#builder-decks-3", "Tab")
    settled(phone)
    # Fewer players: the table follows the players range.
    phone.fill("#builder-players-max", "6")
    phone.press("#builder-players-max", "Tab")
    settled(phone)
    expect(table).to_have_count(5)
    expect(phone.locator(".field-error")).to_have_count(0)
    phone.fill("#builder-players-max", "8")
    phone.press("#builder-players-max", "Tab")
    settled(phone)
    expect(phone.locator("#builder-decks-8")).to_have_value("4")  # kept while hidden
    phone.fill("#builder-name", "Four decks for eight")
    phone.click("button[value=save]")
    phone.wait_for_url(re.compile(r".*/rules/saved/\d+\?saved=1$"))
    expect(phone.locator("main")).to_contain_text("8 players: 4 decks and 8 jokers")
    no_horizontal_overflow(phone)
    assert phone.csp_violations == []
