"""After an undo the entry form holds the undone round's scores (issue 25, item 5): went out,
points (without the cut bonus the cutter got), cards left, cards bought, the exact cut; the
person changes what was wrong and saves, or clears the form with one tap."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import col, select

from scorekeeper.db import write_session
from scorekeeper.models import Change
from tests.browser import test_layout as test_browser_layout
from tests.browser.test_layout import shoot
from tests.conftest import GameBuilder
from tests.web.test_games import HX, create, load, play, text

FOUR = ["Ann", "Bob", "Cy", "Dee"]
sized = test_browser_layout.sized


def entry_values(page: str) -> dict[str, str]:
    """The entry form's values as a browser would send them (the ticked boxes only)."""
    form = page[
        page.index('id="entry-form"') : page.index("</form>", page.index('id="entry-form"'))
    ]
    values = {
        name: value
        for name, value in re.findall(
            r'name="((?:points|cards|bought)-\d)"[^>]*value="([^"]*)"', form
        )
    }
    out = re.search(r'name="out" value="(\d)" checked', form)
    values["out"] = out.group(1) if out else ""
    values["cut_bonus"] = "on" if re.search(r'name="cut_bonus" checked', form) else ""
    return values


def undo(client: FlaskClient, game_id: str) -> str:
    """Undo the last round through its page; the page the undo leads to."""
    page = text(client.get(f"/games/{game_id}/undo"))
    number = re.search(r'name="round" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    version = re.search(r'name="version" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    done = client.post(f"/games/{game_id}/undo", data={"round": number, "version": version})
    assert done.status_code == 303
    return text(client.get(done.headers["Location"]))


def test_the_undone_rounds_scores_fill_the_form(app: Flask, client: FlaskClient) -> None:
    game_id = create(client, FOUR)  # Ann deals round 1; Dee cuts it
    assert play(client, game_id, 1, {0: 20, 2: 35, 3: 5}).status_code == 200
    cutter = load(app, game_id).seats_for(2).cutter
    assert cutter == 0  # Ann cuts round 2: the bonus goes onto her points
    typed = {"points-0": "15", "points-1": "", "points-2": "", "points-3": "40"}
    typed |= {"cards-0": "", "cards-1": "AH 7C", "cards-2": "", "cards-3": ""}
    typed |= {"bought-0": "2", "bought-1": "", "bought-2": "", "bought-3": "1"}
    # Cy goes out; Bob's hand is scored from his cards (his points field stays empty).
    bought = {"bought-0": "2", "bought-3": "1"}
    saved = play(client, game_id, 2, {0: 15, 3: 40}, cards={1: "AH 7C"}, cut_bonus="on", **bought)
    assert saved.status_code == 200, text(saved)
    recorded = load(app, game_id).rounds[1]
    assert recorded.entries[0].points == 15 + load(app, game_id).rules.cut_bonus != 15
    page = undo(client, game_id)
    assert "Round 2 undone." in page
    assert "Its scores are back in the form: change what was wrong and save round 2 again." in page
    assert "data-clear-entries" in page and " data-refilled" in page
    values = entry_values(page)
    assert values.pop("out") == "2" and values.pop("cut_bonus") == "on"
    assert values == typed  # the cutter's points as typed: the bonus is not counted twice
    # Saved again as it is, the round is recorded as it was.
    again = {k: v for k, v in typed.items() if v} | {"out": "2", "cut_bonus": "on"}
    data = dict(re.findall(r'name="(key|version|round)" value="([^"]*)"', page)) | again
    assert client.post(f"/games/{game_id}/rounds", data=data, headers=HX).status_code == 200
    assert load(app, game_id).rounds[1].points == recorded.points


def test_a_mistake_is_fixed_by_changing_one_field(app: Flask, client: FlaskClient) -> None:
    game_id = create(client, FOUR)
    play(client, game_id, 2, {0: 10, 1: 55, 3: 5})  # Bob's 15 typed as 55
    page = undo(client, game_id)
    values = entry_values(page)
    assert (values["points-0"], values["points-1"], values["points-3"], values["out"]) == (
        "10", "55", "5", "2"
    )  # fmt: skip
    data = dict(re.findall(r'name="(key|version|round)" value="([^"]*)"', page))
    data |= {k: v for k, v in values.items() if v} | {"points-1": "15"}
    assert client.post(f"/games/{game_id}/rounds", data=data, headers=HX).status_code == 200
    assert load(app, game_id).rounds[0].points == (10, 15, 0, 5)


def test_only_while_the_undo_is_the_last_change(app: Flask, client: FlaskClient) -> None:
    game_id = create(client, FOUR)
    play(client, game_id, 0, {1: 10, 2: 20, 3: 30})
    undo(client, game_id)
    play(client, game_id, 1, {0: 5, 2: 5, 3: 5})  # round 1 entered again meanwhile
    page = text(client.get(f"/games/{game_id}?undone=1"))
    assert "data-refilled" not in page and "Round 1 undone: its scores are removed." in page
    assert entry_values(page)["points-0"] == ""  # round 2's form, empty
    # Undone and a later round opened since: the old undo fills nothing.
    play(client, game_id, 0, {1: 1, 2: 1, 3: 1})
    assert "data-refilled" not in text(client.get(f"/games/{game_id}?undone=2"))
    # A reading device is offered no form at all.
    stranger = app.test_client()
    undo(client, game_id)
    assert 'id="entry-form"' not in text(stranger.get(f"/games/{game_id}?undone=2"))


@pytest.mark.parametrize(
    "before",
    [
        {"results": [1, 2], "cut_bonus": "yes"},
        {"results": {"Ann": {"points": "10", "cards": 7, "bought": True, "went_out": 1}}},
        {"results": {"Ann": None, "Bob": {"cards": "ZZ" * 400}}},
        "not a record",
        None,
    ],
)
def test_an_undo_record_that_does_not_read_leaves_the_form_blank(
    app: Flask, client: FlaskClient, before: Any
) -> None:
    """An imported file can hold any history: the page still answers, the form stays blank."""
    game_id = create(client, FOUR)
    play(client, game_id, 0, {1: 10, 2: 20, 3: 30})
    undo(client, game_id)
    with app.app_context(), write_session() as session:
        change = session.exec(
            select(Change).where(Change.game_id == game_id).order_by(col(Change.id).desc())
        ).first()
        assert change is not None and change.action == "undo_round"
        change.before = json.dumps(before)
        session.add(change)
    response = client.get(f"/games/{game_id}?undone=1")
    assert response.status_code == 200
    values = entry_values(text(response))
    assert not any(v for k, v in values.items() if not k.startswith("cards-"))
    assert all(len(values[f"cards-{seat}"]) <= 400 for seat in range(4))


# --- in the browser: the taps after an undo ------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("size", ["phone", "portrait", "landscape"])
def test_after_an_undo_one_field_and_save(
    sized: Any, live_server: Any, size: str, new_game: GameBuilder
) -> None:
    app = live_server.app
    game = new_game(app, FOUR, rounds=2, first_dealer=None)  # round 2: Ann out, the others 10
    page = sized(size)
    test_browser_layout.join(page, live_server.url, game)
    page.click("a:has-text('Undo round 2')")
    page.click("button:has-text('Undo round 2')")
    page.wait_for_selector("[data-refill-note]")
    test_browser_layout.settled(page)
    assert [page.input_value(f"#points-{seat}") for seat in range(1, 4)] == ["10"] * 3
    assert page.is_checked("input[name=out][value='0']")
    # The form and the note are in view together, without scrolling.
    for selector in ("[data-refill-note]", "#points-1", ".save-button"):
        if size != "phone" or selector != ".save-button":
            box = page.locator(selector).bounding_box()
            assert (
                box is not None and box["y"] + box["height"] <= test_browser_layout.SIZES[size][1]
            )
    shoot(page, "undo-refilled")
    page.fill("#points-2", "15")  # the one score that was wrong, and Save
    page.click(".save-button")
    page.wait_for_selector(".notice:has-text('Saved round 2')")
    view = load(app, game.id)
    assert view.rounds[1].points == (0, 10, 15, 10)


@pytest.mark.browser
def test_clear_the_form_is_one_tap_and_stays_clear(
    sized: Any, live_server: Any, new_game: GameBuilder
) -> None:
    app = live_server.app
    game = new_game(app, FOUR, rounds=1, first_dealer=None)
    page = sized("phone")
    test_browser_layout.join(page, live_server.url, game)
    page.click("a:has-text('Undo round 1')")
    page.click("button:has-text('Undo round 1')")
    page.wait_for_selector("[data-refill-note]")
    test_browser_layout.settled(page)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.click("[data-clear-entries]")
    # The page itself empties the form: nothing is fetched that could land over what is typed
    # next (a boosted link did, and took the next round's typing away when it came late).
    with page.expect_request(lambda request: "/live" in request.url):
        page.fill("#points-1", "7")
    assert [url for url in asked if "/live" not in url and "/static/" not in url] == []
    assert page.input_value("#points-1") == "7"
    page.fill("#points-1", "")
    assert [page.input_value(f"#points-{seat}") for seat in range(4)] == [""] * 4
    assert not page.is_checked("input[name=out][value='0']")
    assert page.locator("[data-refill-note]").count() == 0
    assert "undone" not in page.url  # a reload opens the empty form
    page.reload()  # and the undone scores are not brought back from what the device keeps
    page.wait_for_selector("#entry-form")
    assert [page.input_value(f"#points-{seat}") for seat in range(4)] == [""] * 4
