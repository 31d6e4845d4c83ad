"""Round entry with the one-turn mark (issue 35) in Chromium: on a phone and a tablet every
row's fields stay inside the row, and one tap beside "Went out" scores the bonus."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import test_layout
from tests.browser.test_layout import SIZES, join
from tests.conftest import GameBuilder

sized = test_layout.sized  # a page factory: sized("phone") opens a 390x844 page

# Every field, toggle and button of each entry row lies within the row (nothing pushed out
# of it sideways by the one-turn mark beside "Went out").
ROWS_HOLD_THEIR_FIELDS = """() => Array.from(document.querySelectorAll('.entry-row')).every(row => {
  const box = row.getBoundingClientRect();
  return Array.from(row.querySelectorAll('.out-toggle, .one-turn, .points-input, .picker-toggle'))
    .every(el => { const r = el.getBoundingClientRect();
                   return r.left >= box.left - 1 && r.right <= box.right + 1; });
})"""


@pytest.mark.parametrize("size", ["phone", "portrait"])
def test_one_tap_for_down_and_out_fits_and_scores(
    sized: Any, live_server: Any, new_game: GameBuilder, size: str
) -> None:
    names = ["Annabelle", "Bob", "Christopher", "Dee"]
    game = new_game(live_server.app, names, rules="continental")
    page = sized(size)
    join(page, live_server.url, game)
    assert page.evaluate(ROWS_HOLD_THEIR_FIELDS)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    page.check(".entry-row[data-seat='0'] input[name=out]")
    page.check(".entry-row[data-seat='0'] input[name='down_and_out-0']")
    for seat in (1, 2, 3):
        page.fill(f"#points-{seat}", "10")
    page.click(".save-button")
    page.wait_for_selector(".one-turn-mark")
    assert "−10" in page.inner_text(".scoreboard") or "-10" in page.inner_text(".scoreboard")
