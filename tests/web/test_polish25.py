"""The small things of issue 25, item 13: deleting a saved rule set asks first; the
leaderboard and the group page offer a season trophy only for a year that has one."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update
from sqlmodel import Session, col

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.models import Game
from scorekeeper.rules import to_document
from tests.browser import test_layout as test_browser_layout
from tests.browser.test_layout import shoot
from tests.conftest import GameBuilder
from tests.printing.test_print_any_rules import OURS, device_of, save

sized = test_browser_layout.sized


def between(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at : page.index(end, at)]


# --- deleting a saved rule set asks first ----------------------------------------------------


def test_the_delete_button_of_a_saved_rule_set_is_behind_a_question(
    app: Flask, client: FlaskClient
) -> None:
    saved = save(app, device_of(client), "Our sixes")
    page = client.get(f"/rules/saved/{saved.id}").get_data(as_text=True)
    asking = between(page, '<details class="confirm-delete">', "</details>")
    assert "<summary>Delete from this device…</summary>" in asking
    assert "its sharing link stops working" in asking
    assert "Yes, delete “Our sixes”" in asking
    # The only form that deletes is the one inside the question.
    assert page.count(f"/rules/saved/{saved.id}/delete") == 1
    deleted = client.post(f"/rules/saved/{saved.id}/delete")
    assert deleted.status_code == 303
    listed = client.get(deleted.headers["Location"]).get_data(as_text=True)
    assert "Deleted from this device." in listed and "None yet" in listed
    assert client.get(f"/rules/saved/{saved.id}").status_code == 404
    assert "Deleted from this device." not in client.get("/rules/saved").get_data(as_text=True)


@pytest.mark.browser
@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_a_person_confirms_before_a_saved_rule_set_goes(
    sized: Any, live_server: Any, size: str
) -> None:
    page = sized(size)
    page.goto(f"{live_server.url}/rules/saved")
    document = json.dumps(to_document(OURS)).encode()
    upload = {"name": "sixes.json", "mimeType": "application/json", "buffer": document}
    page.set_input_files("#import-file", files=[upload])
    page.fill("#import-name", "Our sixes")
    page.click("form[action$='/saved/import'] button[type=submit]")
    page.wait_for_url(re.compile(r"/rules/saved/\d+"))
    yes = page.get_by_role("button", name="Yes, delete “Our sixes”")
    assert not yes.is_visible()  # one tap cannot delete it
    page.click(".confirm-delete summary")
    assert yes.is_visible()
    box = yes.bounding_box()
    assert box is not None and box["height"] >= 44
    shoot(page, "saved-rules-delete-asks")
    yes.click()
    page.wait_for_url(re.compile(r"/rules/saved\?deleted=1$"))
    assert "Deleted from this device." in page.inner_text("main")
    assert "Our sixes" not in page.inner_text("main")


# --- a season trophy is offered only for a year that has one ---------------------------------


def finished_in(app: Flask, group_id: str, years: list[int], new_game: GameBuilder) -> None:
    """One finished game of the group in each year (Ann wins), and one still being played."""
    with Session(get_engine(app), expire_on_commit=False) as session:
        for year in years:
            view = new_game(session, ["Ann", "Bob"], [[None, 10]], group_id=group_id, rounds="all")
            when = datetime(year, 6, 1, 12, tzinfo=UTC)
            session.connection().execute(
                update(Game).where(col(Game.id) == view.id).values(finished_at=when)
            )
            session.commit()
        new_game(session, ["Ann", "Bob"], [[None, 10]], group_id=group_id, rounds=2)


def trophy_links(page: str) -> list[str]:
    return [html.unescape(link) for link in re.findall(r'href="([^"]*/season\.pdf[^"]*)"', page)]


def test_only_years_with_a_champion_are_offered(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    with Session(get_engine(app)) as session:
        group, _token = games.create_group(session, "Smiths")
    finished_in(app, group.id, [2021, 2023, 2025], new_game)
    this_year = datetime.now(UTC).year
    board = client.get(f"/groups/{group.id}/leaderboard").get_data(as_text=True)
    quick = between(board, '<span class="range-quick">', "</span>")
    assert re.findall(r">([^<]+)</a>", quick) == ["2025", "2023", "2021", "Every game"]
    assert str(this_year) not in quick and "2024" not in quick
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    assert "Season trophy 2025 (PDF)" in page
    offered = trophy_links(page)
    for year in ("2025", "2023", "2021"):
        shown = client.get(f"/groups/{group.id}/leaderboard?year={year}").get_data(as_text=True)
        assert "No finished game in this range." not in shown
        offered += trophy_links(shown)
    assert len(offered) == 4
    for link in offered:
        answer = client.get(link)
        assert answer.status_code == 200 and answer.mimetype == "application/pdf", link


def test_a_group_without_a_finished_game_offers_no_trophy(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    with Session(get_engine(app)) as session:
        group, _token = games.create_group(session, "Smiths")
    finished_in(app, group.id, [], new_game)  # one game still being played
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    board = client.get(f"/groups/{group.id}/leaderboard").get_data(as_text=True)
    assert trophy_links(page) == trophy_links(board) == []
    quick = between(board, '<span class="range-quick">', "</span>")
    assert re.findall(r">([^<]+)</a>", quick) == ["Every game"]
