"""The phone at the table (issue 25), in headless Chromium at 390×844, with the tablets
(1024×768, 768×1024) kept as they were.

Numbers are never broken over lines; the card picker's buttons are finger-sized; the totals
and the entry are seen together and Join is near the top; Enter moves to the next player's
points. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.rules.scoring import PlayerResult
from tests.browser import test_layout as test_browser_layout
from tests.browser.test_layout import EIGHT, SIZES, join, page_urls, shoot
from tests.conftest import Cell, GameBuilder

pytestmark = pytest.mark.browser

sized = test_browser_layout.sized  # a page factory: sized("phone") opens a 390x844 page

FOUR = ["Ann", "Bob", "Zoë", "Dee"]
# Two- and three-digit scores, a cut bonus that takes Dee to −15 (round 1: Dee cuts), and
# cards bought: the numbers that broke into stacked digits on a phone.
FOUR_ROUNDS: list[list[Cell]] = [
    [None, 50, 110, 35],
    [45, None, 85, PlayerResult(points=120, bought=2)],
    [60, 95, None, 110],
    [None, 5, 70, 65],
    [30, 75, 40, None],
]


def eight_rows(count: int) -> list[list[int | None]]:
    """Rounds for eight players: one goes out in turn, the others 5-185 (three digits often)."""
    return [
        [
            None if seat == number % 8 else (5 * (seat + 3) * (number + 1)) % 190 + 5
            for seat in range(8)
        ]
        for number in range(count)
    ]


# --- 1. numbers are never broken -----------------------------------------------------------

# Each number in the page's text (a sign and digits: "50", "−15", "+45"), as a range of its
# characters: the lines it covers (its boxes' distinct tops) and, inside a table cell,
# whether it stays within the cell (a number wider than its cell overlaps the next one).
BROKEN_NUMBERS = r"""() => {
  const found = [];
  const NUMBER = /[−+-]?\d+(?:[.,:]\d+)*/g;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let count = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, option, select, textarea, template")) continue;
    if (parent.closest("a[href^='http']")) continue;  // a web address wraps where it must
    NUMBER.lastIndex = 0;
    let match;
    while ((match = NUMBER.exec(node.data))) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const boxes = Array.from(range.getClientRects()).filter(r => r.width > 0 && r.height > 0);
      if (!boxes.length) continue;  // not shown
      count += 1;
      const tops = [];
      boxes.forEach(box => {
        if (!tops.some(top => Math.abs(top - box.top) < 3)) tops.push(box.top);
      });
      const cell = parent.closest("td, th");
      let inside = true;
      if (cell) {
        const edge = cell.getBoundingClientRect();
        inside = boxes.every(b => b.left >= edge.left - 1 && b.right <= edge.right + 1);
      }
      if (tops.length > 1 || !inside) {
        found.push({ number: match[0], lines: tops.length, inside: inside,
                     in: parent.className || parent.tagName, text: node.data.trim().slice(0, 40) });
      }
    }
  }
  return { count: count, broken: found };
}"""


def broken_numbers(page: Any) -> tuple[int, list[dict[str, Any]]]:
    answer = page.evaluate(BROKEN_NUMBERS)
    return int(answer["count"]), list(answer["broken"])


def phone_pages(app: Flask, new_game: GameBuilder) -> tuple[games.GameView, list[str]]:
    """Games to read, and every page of the app a person sees with them: the pages of a game
    in progress (4 and 8 players, this browser an editor of the first), a finished one and a
    ten-round Shanghai game, and a group's pages."""
    with app.app_context(), write_session() as session:
        group, _token = games.create_group(session, "Tuesday club", people=FOUR)
    four = new_game(app, FOUR, FOUR_ROUNDS, cut_rounds=[1], group_id=group.id)
    new_game(app, FOUR, (FOUR_ROUNDS * 2)[:7], cut_rounds=[1, 6], group_id=group.id)
    eight = new_game(app, EIGHT, eight_rows(6))
    finished = new_game(app, EIGHT, eight_rows(7))
    shanghai = new_game(app, EIGHT, eight_rows(9), rules="shanghai")
    with app.app_context(), write_session() as session:
        people = games.load_group(session, group.id).people
    urls = [
        *page_urls(four, finished),
        f"/games/{eight.id}",
        f"/games/{eight.id}/watch",
        f"/games/{shanghai.id}",
        f"/games/{shanghai.id}/watch",
        f"/groups/{group.id}",
        f"/groups/{group.id}/leaderboard",
        f"/groups/{group.id}/people/{people[3].id}",
    ]
    return four, urls


def test_no_number_is_broken_over_two_lines_on_a_phone(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    four, urls = phone_pages(live_server.app, new_game)
    page = sized("phone")
    join(page, live_server.url, four)
    broken: list[tuple[str, dict[str, Any]]] = []
    numbers = 0
    for url in urls:
        page.goto(live_server.url + url)
        page.wait_for_load_state("load")
        count, found = broken_numbers(page)
        numbers += count
        broken += [(url, number) for number in found]
    assert numbers > 1000  # the pages are full of numbers: the check saw them
    where = sorted({(url.rsplit("/", 1)[-1][:12], b["in"], b["number"]) for url, b in broken})
    assert broken == [], where[:60]


# Each round column of a scrolling score table that is only partly in view between the
# names and the totals (a number half under the names: "-35" read as "35").
PART_ROUNDS = """() => Array.from(
    document.querySelectorAll(".board-panel.scrolls .board-scroll")).flatMap(s => {
  const table = s.querySelector("table");
  const names = table.querySelector("thead .name-col").getBoundingClientRect();
  const total = table.querySelector("thead .total-col").getBoundingClientRect();
  return Array.from(table.querySelectorAll("thead .round-col"))
    .filter(th => th.getClientRects().length > 0)
    .map(th => {
      const box = th.getBoundingClientRect();
      const seen = Math.min(box.right, total.left) - Math.max(box.left, names.right);
      return { round: th.querySelector(".round-no").textContent, seen: seen, width: box.width };
    })
    .filter(c => c.seen > 1 && c.seen < c.width - 1);
})"""


def test_a_swiped_score_table_shows_whole_rounds_only(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    four, urls = phone_pages(live_server.app, new_game)
    page = sized("phone")
    join(page, live_server.url, four)
    tables = 0
    for url in [u for u in urls if "/games/" in u]:
        page.goto(live_server.url + url)
        page.wait_for_load_state("load")
        scrolls = page.locator(".board-panel.scrolls .board-scroll")
        if not scrolls.count():
            continue
        tables += 1
        assert page.evaluate(PART_ROUNDS) == [], url  # opened on the latest rounds
        for step in (-25, -40, 17):  # swipes that stop between two rounds' edges
            scrolls.first.evaluate(f"s => s.scrollBy({{left: {step}, behavior: 'instant'}})")
            page.wait_for_timeout(250)
            assert page.evaluate(PART_ROUNDS) == [], (url, step)
    assert tables >= 4  # the 8-player and Shanghai tables scroll on a phone


# --- 2. a card picker for fingers ----------------------------------------------------------

TAP = 44  # px: the smallest target a finger hits reliably

# Each button of an open card picker: its size, and whether its label fits (no overflow,
# one line).
PICK_BUTTONS = """grid => Array.from(grid.querySelectorAll("button")).map(button => {
  const box = button.getBoundingClientRect();
  // What the button shows (a card's name is hidden text beside it, for screen readers).
  const shown = button.querySelector('[aria-hidden="true"]') || button;
  const range = document.createRange();
  range.selectNodeContents(shown);
  const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
  return { label: shown.textContent.trim(), width: box.width, height: box.height, left: box.left,
           fits: button.scrollWidth <= button.clientWidth && tops.size === 1 };
})"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_card_picker_has_finger_sized_buttons_whose_labels_fit(
    sized: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, FOUR, FOUR_ROUNDS[:2])
    page = sized(size)
    join(page, live_server.url, game)
    taps = 0
    page.click(".entry-row[data-seat='1'] .picker-toggle")
    taps += 1
    grid = page.locator(".entry-row[data-seat='1'] .card-grid")
    buttons = grid.evaluate(PICK_BUTTONS)
    assert len(buttons) == 54  # 52 cards, the joker and Clear
    assert [b for b in buttons if not b["fits"]] == []
    columns = len({round(b["left"]) for b in buttons})
    if size == "phone":
        assert [b for b in buttons if b["width"] < TAP or b["height"] < TAP] == []
        assert columns == 7  # each suit on two lines: A-7, 8-K
    else:
        assert columns == 13  # a tablet's picker is as it was: a suit to a line
    for card in ("AH", "7C", "10D", "JS", "QS"):
        page.click(f".entry-row[data-seat='1'] [data-card='{card}']")
        taps += 1
    # One tap to open the picker, one a card: 5 + 1 for a 5-card hand.
    assert taps == 6
    assert page.input_value("input[name='cards-1']") == "AH 7C 10D JS QS"
    assert page.input_value("#points-1") == "50"  # Liverpool: ace 15, 7 five, the rest 10 each
    if size == "phone":
        page.locator(".entry-row[data-seat='1'] .picker").scroll_into_view_if_needed()
    shoot(page, "phone-card-picker")


def test_the_referees_card_picker_is_finger_sized_on_a_phone(sized: Any, live_server: Any) -> None:
    page = sized("phone")
    page.goto(live_server.url + "/referee")
    buttons = page.locator(".card-grid").first.evaluate(PICK_BUTTONS)
    assert len(buttons) >= 53
    small = [b for b in buttons if b["width"] < TAP or b["height"] < TAP or not b["fits"]]
    assert small == []
    shoot(page, "phone-referee-picker")


# --- 3. totals and entry in one view; Join near the top ----------------------------------

IN_VIEW_AND_UNCOVERED = """selector => {
  const element = document.querySelector(selector);
  const box = element.getBoundingClientRect();
  const inView = box.top >= -1 && box.bottom <= innerHeight + 1
    && box.left >= -1 && box.right <= innerWidth + 1;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return inView && (hit === element || element.contains(hit));
}"""


def totals_in_view(page: Any) -> bool:
    return bool(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('.totals td.t-total')).every(cell => {
              const box = cell.getBoundingClientRect();
              return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
            })"""
        )
    )


@pytest.mark.parametrize("players", [4, 8])
def test_on_a_phone_each_row_is_typed_in_with_every_total_in_view(
    sized: Any, live_server: Any, players: int, new_game: GameBuilder
) -> None:
    names = FOUR if players == 4 else EIGHT
    rows = FOUR_ROUNDS[:3] if players == 4 else eight_rows(3)
    game = new_game(live_server.app, names, rows)
    page = sized("phone")
    join(page, live_server.url, game)
    for seat in range(players):
        page.focus(f"#points-{seat}")  # the browser scrolls it into view
        assert page.evaluate(IN_VIEW_AND_UNCOVERED, f"#points-{seat}"), seat
        assert totals_in_view(page), seat
        if seat == players // 2:
            page.screenshot(path=str(_shot_path(f"phone-entry-{players}-scrolled", page)))
    page.locator(".save-button").scroll_into_view_if_needed()
    assert page.evaluate(IN_VIEW_AND_UNCOVERED, ".save-button") and totals_in_view(page)
    # The round's facts are below the entry, not between it and the totals.
    form = page.locator("#entry-form").bounding_box()
    info = page.locator(".round-info").bounding_box()
    totals = page.locator(".totals-panel").bounding_box()
    assert form is not None and info is not None and totals is not None
    assert info["y"] >= form["y"] + form["height"]
    page.evaluate("scrollTo(0, 0)")
    if players == 4:  # the totals and the whole entry fit one screen from the totals down
        assert form["y"] + form["height"] - totals["y"] <= 844
    shoot(page, f"phone-entry-{players}")


def _shot_path(name: str, page: Any) -> Any:
    from tests.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS / f"{name}-{page.size_name}.png"


@pytest.mark.parametrize("size", list(SIZES))
def test_join_is_near_the_top_on_a_phone_and_stays_at_the_end_on_a_tablet(
    sized: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, FOUR, FOUR_ROUNDS)
    page = sized(size)
    page.goto(f"{live_server.url}/games/{game.id}")
    field = page.locator("#join-code").bounding_box()
    board = page.locator(".board-panel").bounding_box()
    info = page.locator(".round-info").bounding_box()
    assert field is not None and board is not None and info is not None
    if size == "phone":  # on the first screen, before the round and the scores
        assert field["y"] + field["height"] <= 844 / 2 and field["y"] < info["y"]
    else:
        assert field["y"] > board["y"] + board["height"]  # after the scores, as it was
    shoot(page, "phone-join")


# --- 4. Enter goes on to the next player ------------------------------------------------


def test_enter_moves_to_the_next_players_points_and_saves_after_the_last(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, FOUR, FOUR_ROUNDS[:1])
    page = sized("phone")
    join(page, live_server.url, game)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.check(".entry-row[data-seat='2'] input[name=out]")
    page.focus("#points-0")
    page.keyboard.type("25")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "points-1"
    page.keyboard.type("40")
    page.keyboard.press("Enter")  # Zoë went out: on to Dee
    assert page.evaluate("document.activeElement.id") == "points-3"
    assert posts == []  # nothing sent half typed
    assert page.locator(".entry-row.has-error").count() == 0
    page.fill("input[name='bought-0']", "1")
    page.focus("input[name='bought-0']")
    page.keyboard.press("Enter")  # from Ann's Bought, too, on to the next player's points
    assert page.evaluate("document.activeElement.id") == "points-1"
    page.focus("#points-3")
    page.keyboard.type("15")
    page.keyboard.press("Enter")  # the last player: Enter saves
    page.wait_for_selector(".notice:has-text('Saved round 2.')")
    assert len([url for url in posts if url.endswith("/rounds")]) == 1
    with live_server.app.app_context():
        from scorekeeper.db import get_session

        saved = games.load_game(get_session(), game.id).rounds[1]
    assert [e.points for e in saved.entries] == [25, 40, 0, 15]
    assert saved.entries[0].bought == 1


# --- 8. what is wrong with a typed value, in the app's words, beside the field -------------


def test_a_points_or_bought_field_says_what_is_wrong_beside_it(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    game = new_game(live_server.app, FOUR, FOUR_ROUNDS[:1])
    page = sized("phone")
    join(page, live_server.url, game)
    errors = page.locator("#entry-errors-1")
    page.fill("#points-1", "x7")
    assert errors.inner_text() == "Bob's points must be a whole number, like 35."
    assert page.get_attribute("#points-1", "aria-invalid") == "true"
    page.fill("#points-1", "-5")
    assert errors.inner_text() == (
        "Bob's points cannot be negative: type what the cards left in the hand are worth."
    )
    page.fill("input[name='bought-1']", "x7")
    assert "Bob's cards bought must be a whole number, like 2." in errors.inner_text()
    shoot(page, "phone-typed-errors")
    page.fill("#points-1", "35")
    page.fill("input[name='bought-1']", "2")
    assert errors.inner_text() == ""
    assert page.get_attribute("#points-1", "aria-invalid") is None
    # No browser message either: the field asks for no pattern of its own, and a Save with
    # letters is answered by the server, its message beside the field, the text kept.
    page.fill("#points-1", "x7")
    assert page.evaluate("document.querySelector('#points-1').validity.valid")
    page.check(".entry-row[data-seat='0'] input[name=out]")
    page.fill("#points-2", "10")
    page.fill("#points-3", "10")
    page.click(".save-button")
    page.wait_for_selector("#entry-errors-1 .field-error")
    assert "Bob's points must be a whole number" in page.inner_text("#entry-errors-1")
    assert page.input_value("#points-1") == "x7"


# --- 6. offline, the start page lists the scoreboards kept --------------------------------


def test_offline_the_start_page_lists_the_games_whose_scoreboards_are_kept(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    app = live_server.app
    scored = new_game(app, FOUR, FOUR_ROUNDS, cut_rounds=[1], title="Sunday <at> Gran's")
    watched = new_game(app, EIGHT, eight_rows(7))
    unseen = new_game(app, FOUR, FOUR_ROUNDS[:1], title="Never opened here")
    page = sized("phone", service_workers="allow")
    page.goto(live_server.url + "/")
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    join(page, live_server.url, scored)  # opened through the worker: it keeps the scoreboard
    page.goto(f"{live_server.url}/games/{watched.id}")
    page.wait_for_function(
        "() => caches.open('scorekeeper-games-v1').then(c => c.keys()).then(k => k.length === 2)"
    )

    page.context.set_offline(True)
    page.goto(live_server.url + "/")
    assert "cannot reach the scorekeeper" in page.inner_text(".offline-note")
    links = page.locator(".offline-games .game-link")
    titles = page.locator(".offline-games .game-link-title").all_inner_texts()
    assert sorted(titles) == sorted(["Sunday <at> Gran's", watched.display_title])
    assert unseen.title not in page.inner_text("main")
    line = page.locator(".game-link", has_text="Gran's").locator(".game-link-meta").inner_text()
    assert line.startswith("Ann, Bob, Zoë, Dee · round 6 of 7")
    assert "won by" in page.locator(".game-link", has_text=watched.display_title).inner_text()
    count, broken = broken_numbers(page)
    assert count > 0 and broken == []
    shoot(page, "phone-offline-start")
    links.filter(has_text="Gran's").click()
    page.wait_for_url(f"**/games/{scored.id}")
    assert "read-only" in page.inner_text(".offline-note")
    assert page.locator(".scoreboard td.total").all_inner_texts() == [
        str(total) for total in scored.totals
    ]
    count, broken = broken_numbers(page)
    assert count > 0 and broken == []
    shoot(page, "phone-offline-scoreboard")
    # Any other page: a note, and the way back to the kept games.
    page.goto(live_server.url + "/referee")
    page.get_by_role("link", name="The games kept on this device").click()
    page.wait_for_selector(".offline-games")
    page.context.set_offline(False)


# --- 8. the home page's buttons beside its heading -----------------------------------------


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_the_home_pages_buttons_stay_beside_its_heading_on_a_tablet(
    sized: Any, live_server: Any, size: str
) -> None:
    page = sized(size)
    page.goto(live_server.url + "/")
    heading = page.locator(".home-start h1").bounding_box()
    assert heading is not None
    for name in ("+ Start a game", "Referee"):
        button = page.locator(".home-start").get_by_role("link", name=name).bounding_box()
        assert button is not None
        assert button["y"] < heading["y"] + heading["height"], (name, button, heading)
    shoot(page, "phone-home")
