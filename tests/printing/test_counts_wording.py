"""A sentence with a count is written whole for each count (issue 25): "1 point", never
"1 points", on the pages, the shared text and the trophy sheet."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import get_session, write_session
from scorekeeper.games import PlayerResult, RoundInput
from scorekeeper.printing import render_trophy
from tests.conftest import GameBuilder
from tests.printing.test_phone_sheets import fonts_and_text

# Every card one point: a hand left with one card scores 1.
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ONE_EACH = {"ranks": dict.fromkeys(RANKS, 1), "joker": 1}
ONE_POINT = re.compile(r"\b1 points\b")


def one_point_game(app: Flask, new_game: GameBuilder) -> games.GameView:
    """A finished two-player game, won by Zoë with 1 point (in a group, for its pages): she
    goes out in rounds 1 to 6 (Bob holds 30), and holds 1 when Bob goes out in round 7."""
    with app.app_context(), write_session() as session:
        group, _token = games.create_group(session, "Club", people=["Zoë", "Bob"])
    rows = [[None, 30]] * 6 + [[1, None]]
    options = {"point_table": ONE_EACH}
    view = new_game(app, ["Zoë", "Bob"], rows, group_id=group.id, options=options)
    assert view.finished and view.totals == (1, 180)
    return view


def test_one_point_is_said_in_the_singular(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    view = one_point_game(app, new_game)
    page = client.get(f"/games/{view.id}").get_data(as_text=True)
    assert "Zoë wins with 1 point<" in page and not ONE_POINT.search(page)
    text = client.get(f"/games/{view.id}/result.txt").get_data(as_text=True)
    assert "1. Zoë: 1 point (winner)" in text and "2. Bob: 180 points" in text
    with app.app_context():
        group_id = games.game_group_id(get_session(), view.id)
        people = games.load_group(get_session(), group_id).people
    zoe = next(p for p in people if p.name == "Zoë")
    person = client.get(f"/groups/{group_id}/people/{zoe.id}").get_data(as_text=True)
    assert "· 1 point ·" in person and not ONE_POINT.search(person)
    _fonts, trophy = fonts_and_text(render_trophy(view))
    assert "with 1 point" in " ".join(trophy.split()) and not ONE_POINT.search(trophy)


def test_a_round_of_one_deck_and_one_joker_says_so(app: Flask, client: FlaskClient) -> None:
    # Contract Rummy deals one joker fewer than the players: one joker for two.
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset="contract-rummy", players=["Zoë", "Bob"], first_dealer=0
        )
    page = client.get(f"/games/{view.id}").get_data(as_text=True)
    assert "2 decks + 1 joker<" in page and "1 jokers" not in page


# --- "Round 2 updated" says what changed ---------------------------------------------------


def test_the_updated_banner_says_what_the_edit_changed(app: Flask, client: FlaskClient) -> None:
    names = ["Ann", "Bob", "Zoë"]
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(session, preset="liverpool", players=names, first_dealer=0)
        first = (PlayerResult(went_out=True), PlayerResult(points=45), PlayerResult(points=20))
        games.add_round(session, view.id, 1, RoundInput(first))
    with app.app_context(), write_session() as session:
        second = (PlayerResult(points=50, bought=1), PlayerResult(went_out=True),
                  PlayerResult(points=20))  # fmt: skip
        games.replace_round(session, view.id, 1, RoundInput(second, cut_bonus=True))
    page = client.get(f"/games/{view.id}?edited=1").get_data(as_text=True)
    notice = page[page.index('<div class="ok-box notice"') :]
    notice = " ".join(re.sub(r"<[^>]+>", " ", notice[: notice.index("</div>")]).split())
    assert notice.startswith("Round 1 updated.")
    # Round 1: Ann went out before, now 50; Bob 45, now went out; Zoë cut (seat 2 cuts in
    # round 1): 20 - 50 = -30; Ann bought one card.
    assert "Ann: went out → 50 points" in notice
    assert "Bob: 45 → went out" in notice
    assert "Zoë: 20 → -30 points" in notice
    assert "Ann: bought 0 → 1" in notice and "Exact cut: added" in notice


# --- "Play again" makes a game told apart from the first -----------------------------------


def test_play_again_numbers_the_title_on(app: Flask) -> None:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset="liverpool", players=["Ann", "Bob"], title="Sunday"
        )
        plain, _token = games.create_game(session, preset="liverpool", players=["Ann", "Bob"])
    titles = []
    for game_id in (view.id, plain.id):
        with app.app_context(), write_session() as session:
            second, _token = games.play_again(session, game_id)
        with app.app_context(), write_session() as session:
            third, _token = games.play_again(session, second.id)
        titles.append((second.display_title, third.display_title))
    assert titles[0] == ("Sunday (game 2)", "Sunday (game 3)")
    assert titles[1][0] == plain.display_title + " (game 2)" != plain.display_title
    assert titles[1][1] == plain.display_title + " (game 3)"


# --- an untitled game has one name everywhere ----------------------------------------------


def test_an_untitled_game_is_named_alike_on_its_page_its_group_and_its_people(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    view = one_point_game(app, new_game)  # untitled, in a group
    name = view.display_title
    assert name == f"Game of {view.created_at:%d %b %Y}"
    with app.app_context():
        group_id = games.game_group_id(get_session(), view.id)
        people = games.load_group(get_session(), group_id).people
    pages = [f"/games/{view.id}", f"/groups/{group_id}", f"/games/{view.id}/watch"]
    pages += [f"/groups/{group_id}/people/{person.id}" for person in people]
    for url in pages:
        page = client.get(url).get_data(as_text=True)
        assert name in page, url
