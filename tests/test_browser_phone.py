"""The phone at the table (issue 25), in headless Chromium at 390×844, with the tablets
(1024×768, 768×1024) kept as they were.

Numbers are never broken over lines; the card picker's buttons are finger-sized; the totals
and the entry are seen together and Join is near the top; Enter moves to the next player's
points. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from flask import Flask

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.rules import PRESETS
from scorekeeper.rules.scoring import PlayerResult

from .test_browser_layout import EIGHT, SIZES, join, page_urls, shoot, sized  # noqa: F401

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Zoë", "Dee"]
# Two- and three-digit scores, a cut bonus that takes Dee to −15 (round 1: Dee cuts), and
# cards bought: the numbers that broke into stacked digits on a phone.
FOUR_ROUNDS: list[list[int | None]] = [
    [None, 50, 110, 35],
    [45, None, 85, 120],
    [60, 95, None, 110],
    [None, 5, 70, 65],
    [30, 75, 40, None],
]


def record(
    app: Flask,
    players: Sequence[str],
    rows: Sequence[Sequence[int | None]],
    *,
    preset: str = "liverpool",
    cut_rounds: Sequence[int] = (),
    **create: Any,
) -> games.GameView:
    """A game with one round per row (None: went out), the first dealer at seat 0."""
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=preset, players=list(players), first_dealer=0, **create
        )
    for number, row in enumerate(rows, start=1):
        results = tuple(
            PlayerResult(went_out=True) if p is None else PlayerResult(points=p, bought=2 if p == 120 else 0)
            for p in row
        )
        entry = games.RoundInput(results, cut_bonus=number in cut_rounds)
        with app.app_context(), write_session() as session:
            view, _ = games.add_round(session, view.id, number, entry)
    return view


def eight_rows(count: int) -> list[list[int | None]]:
    """Rounds for eight players: one goes out in turn, the others 5-185 (three digits often)."""
    return [
        [None if seat == number % 8 else (5 * (seat + 3) * (number + 1)) % 190 + 5 for seat in range(8)]
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


def phone_pages(app: Flask) -> tuple[games.GameView, list[str]]:
    """Games to read, and every page of the app a person sees with them: the pages of a game
    in progress (4 and 8 players, this browser an editor of the first), a finished one and a
    ten-round Shanghai game, and a group's pages."""
    with app.app_context(), write_session() as session:
        group, _token = games.create_group(session, "Tuesday club", people=FOUR)
    four = record(app, FOUR, FOUR_ROUNDS, cut_rounds=[1], group_id=group.id)
    record(app, FOUR, (FOUR_ROUNDS * 2)[:7], cut_rounds=[1, 6], group_id=group.id)
    eight = record(app, EIGHT, eight_rows(6))
    finished = record(app, EIGHT, eight_rows(7))
    shanghai = record(app, EIGHT, eight_rows(9), preset="shanghai")
    with app.app_context(), write_session() as session:
        people = games.load_group(session, group.id).people
    urls = page_urls(four, finished) + [
        f"/games/{eight.id}",
        f"/games/{eight.id}/watch",
        f"/games/{shanghai.id}",
        f"/games/{shanghai.id}/watch",
        f"/groups/{group.id}",
        f"/groups/{group.id}/leaderboard",
        f"/groups/{group.id}/people/{people[3].id}",
    ]
    return four, urls


def test_no_number_is_broken_over_two_lines_on_a_phone(sized: Any, live_server: Any) -> None:
    four, urls = phone_pages(live_server.app)
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
