"""Accessibility: axe-core finds no violation on any page, in any state, light and dark
(``prefers-color-scheme`` emulated), at 1024×768, 768×1024 and 390×844 (issue 15).

axe-core is vendored under ``tests/vendor/axe-core/`` (see its VERSION file) and injected with
Playwright's ``add_script_tag``. The app's Content-Security-Policy forbids that inline script,
so the sweep's browser contexts bypass the CSP (``bypass_csp=True``): only here, the other
browser tests keep it and check it. One browser, one context per size, each page loaded once
with its states reached in place and looked at in both schemes, keep the sweep short.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.test_layout import EIGHT, SIZES, join, settled
from tests.conftest import GameBuilder

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js"

# Each violation as "rule: the first elements it names", for a message a person can act on.
RUN_AXE = """async ([within, options]) => {
  const result = await axe.run(within ? { include: [within] } : document, options);
  return result.violations.map(v => v.id + " (" + v.impact + "): " + v.help + " — " +
    v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(", "));
}"""
ALL_RULES: dict[str, Any] = {"resultTypes": ["violations"]}
# The dark scheme changes colours only (the same document, other custom properties): it is
# checked with the rules that read colours, which keeps the sweep short.
COLOUR_RULES: dict[str, Any] = {
    "resultTypes": ["violations"],
    "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
}


class Sweep:
    """Runs axe on a page in each state it is put in, light and then dark, collecting the
    violations by state."""

    def __init__(self, page: Any, label: str) -> None:
        self.page = page
        self.label = label
        self.found: dict[str, list[str]] = {}
        self.checked = 0

    def check(self, state: str, within: str | None = None) -> None:
        """Axe on the page, or only on the part a state changed (``within``, a selector): the
        rest was looked at already and is the same."""
        settled(self.page)
        if not self.page.evaluate("typeof window.axe === 'object'"):
            self.page.add_script_tag(path=str(AXE))
        assert self.page.evaluate("typeof window.axe.run === 'function'"), "axe not injected"
        for scheme, options in (("light", ALL_RULES), ("dark", COLOUR_RULES)):
            self.page.emulate_media(color_scheme=scheme)
            assert self.page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
            violations = self.page.evaluate(RUN_AXE, [within, options])
            if violations:
                self.found[f"{self.label} {scheme}: {state}"] = violations
        self.page.emulate_media(color_scheme="light")
        self.checked += 1

    def visit(self, url: str, state: str | None = None) -> None:
        self.page.goto(url)
        self.page.wait_for_load_state("domcontentloaded")
        self.check(state or url)


def sweep_game_pages(sweep: Sweep, base: str, app: Any, new_game: GameBuilder) -> None:
    """The game pages as an editor: new game (and its errors), the game at a glance (picker
    open, errors shown, a round saved), edit, history, undo, devices, watch; the last round
    saved (the winner's moment); a watcher's view with a wrong join code."""
    page = sweep.page
    sweep.visit(f"{base}/games/new")
    page.fill("#player-0", "Ann")
    page.click("button.big[value=create]")  # one player: refused, the errors shown
    page.wait_for_selector("#new-game-form .field-error")
    sweep.check("new game, errors shown", "#new-game-form")

    game = new_game(app, EIGHT, rounds=2, first_dealer=None)
    join(page, base, game)
    sweep.check("game page")
    page.click(".entry-row[data-seat='1'] .picker-toggle")
    page.click(".entry-row[data-seat='1'] [data-card='QS']")
    sweep.check("game page, card picker open", ".entry-row[data-seat='1']")
    page.check(".entry-row[data-seat='0'] input[name=out]")
    page.click(".save-button")  # six players without a score: refused
    page.wait_for_selector(".entry-row.has-error")
    sweep.check("game page, errors shown", "#entry-form")
    for seat in range(2, 8):
        page.fill(f"#points-{seat}", "10")
    page.click(".save-button")
    page.wait_for_selector(".notice:has-text('Saved round 3.')")
    sweep.check("game page, round saved")
    for path in ("rounds/1/edit", "history", "undo", "devices", "watch"):
        sweep.visit(f"{base}/games/{game.id}/{path}")
    sweep.visit(f"{base}/games/{game.id}/referee")

    last = new_game(app, ["Ann", "Bob", "Cy"], rounds=6, first_dealer=None)
    join(page, base, last)
    page.check(".entry-row[data-seat='0'] input[name=out]")
    page.fill("#points-1", "5")
    page.fill("#points-2", "5")
    page.click(".save-button")
    page.wait_for_selector(".final.celebrate")
    sweep.check("the last round saved (winner)")
    sweep.visit(f"{base}/games/{last.id}/watch", "finished game, watch")

    watched = new_game(app, ["Dee", "Eve"], rounds=1, first_dealer=None)
    sweep.visit(f"{base}/games/{watched.id}", "game page, watching")
    page.fill("#join-code", "WRONG1")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#join .field-error")
    sweep.check("game page, wrong join code", "#join")
    sweep.visit(f"{base}/games/{watched.id}/join?code={watched.join_code}", "join page")


def sweep_other_pages(sweep: Sweep, base: str) -> None:
    """Home, the referee (a verdict shown), the rules pages, a page that does not exist."""
    page = sweep.page
    sweep.visit(f"{base}/")
    sweep.visit(f"{base}/referee?rules=liverpool&round=1", "referee")
    for card in ("7H", "7C", "JK"):
        page.click(f"#ref-grid button[value='{card}']")
    settled(page)
    expect(page.locator("#verdict [data-verdict]")).to_have_count(1)
    sweep.check("referee, verdict shown", "form")
    sweep.visit(f"{base}/rules")
    for preset in ("liverpool", "shanghai"):
        sweep.visit(f"{base}/rules/{preset}")
    sweep.visit(f"{base}/rules/build")
    sweep.visit(f"{base}/no-such-page")


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_on_any_page(
    browser: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=1,
        bypass_csp=True,
        reduced_motion="reduce",  # the winner's moment still: colours read as they settle
    )
    try:
        sweep = Sweep(context.new_page(), size)
        sweep_game_pages(sweep, live_server.url, live_server.app, new_game)
        sweep_other_pages(sweep, live_server.url)
    finally:
        context.close()
    assert sweep.found == {}, "\n".join(
        f"{state}:\n  " + "\n  ".join(v) for state, v in sweep.found.items()
    )
    assert sweep.checked >= 25  # every state above was looked at


def test_axe_is_injected_although_the_csp_forbids_inline_scripts(
    browser: Any, live_server: Any
) -> None:
    """The vendored axe-core runs only where the sweep bypasses the CSP; the app's own pages
    keep refusing inline scripts (the sweep does not weaken what it checks)."""
    strict = browser.new_context()
    try:
        page = strict.new_page()
        page.goto(live_server.url + "/")
        with pytest.raises(PlaywrightError):  # the inline script is refused by the CSP
            page.add_script_tag(path=str(AXE))
        assert page.evaluate("typeof window.axe") == "undefined"
    finally:
        strict.close()
