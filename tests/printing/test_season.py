"""The season trophy (scorekeeper.printing.season): a group's champion over a date range, as a
one-page PDF read back with pypdf, through the service and through its page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from flask import Flask
from sqlalchemy import update
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.errors import Conflict
from scorekeeper.games import leaderboard as lb
from scorekeeper.models import Game
from scorekeeper.printing.season import render_season, season_sheet
from tests.conftest import GameBuilder
from tests.printing.test_printing import A4, LETTER, one_page_text, page_size, same_size

LAST_YEAR = datetime(2025, 3, 14, 12, tzinfo=UTC)


@pytest.fixture
def session(app: Flask) -> Iterator[Session]:
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


def _finished_on(session: Session, game_id: str, when: datetime) -> None:
    session.connection().execute(update(Game).where(Game.id == game_id).values(finished_at=when))
    session.commit()


@pytest.fixture
def smiths(session: Session, new_game: GameBuilder) -> str:
    """2025: Ann wins once. 2026: Bob wins twice (a month apart), Ann once, Cy never."""
    group, _token = games.create_group(session, "Smith family")
    names = ["Ann", "Bob", "Cy"]
    old = new_game(session, names, [[None, 10, 20]], group_id=group.id, rounds="all")
    _finished_on(session, old.id, LAST_YEAR)
    for month, row in ((1, [20, None, 30]), (2, [5, None, 30]), (3, [None, 15, 5])):
        view = new_game(session, names, [row], group_id=group.id, rounds="all")
        _finished_on(session, view.id, datetime(2026, month, 10, tzinfo=UTC))
    return group.id


def test_the_season_trophy_names_the_champion_and_the_standings(
    session: Session, smiths: str
) -> None:
    start, end = lb.year_range(2026)
    season = lb.season(session, smiths, start, end)
    wins = lb.wins_over_time(session, smiths, start, end, period="month")
    text = one_page_text(render_season(season, wins))
    assert "Smith family" in text and "2026" in text and "3 games played" in text
    assert "CHAMPION Bob" in text  # the heading is set in capitals by the stylesheet
    assert "2 wins in 3 games" in text
    # Place, name, games, win rate, average, wins: Bob first, then Ann, then Cy.
    assert "1 Bob 3 67% " in text and "2 Ann 3 33% " in text and "3 Cy 3 0% " in text
    assert "WINS SO FAR ━●━ Bob ╍■╍ Ann" in text  # three months: a chart, its legend
    assert "2026-01 2026-02 2026-03" in text  # the chart's periods


def test_another_year_has_another_champion(session: Session, smiths: str) -> None:
    season = lb.season(session, smiths, *lb.year_range(2025))
    pdf = render_season(season, None, "Letter")
    assert same_size(page_size(pdf), LETTER)
    text = one_page_text(pdf)
    assert "Ann" in text and "1 win in 1 game" in text and "2025" in text
    assert "WINS SO FAR" not in text  # one game: no line to draw


def test_shared_champions(session: Session, new_game: GameBuilder) -> None:
    group, _token = games.create_group(session, "Twins")
    new_game(session, ["Ann", "Bea"], [[None, 10]], group_id=group.id, rounds="all")
    new_game(session, ["Ann", "Bea"], [[10, None]], group_id=group.id, rounds="all")
    season = lb.season(session, group.id)
    assert season_sheet(season).champions == ("Ann", "Bea")
    text = one_page_text(render_season(season))
    assert "SHARED CHAMPIONS" in text
    assert "each" in text


def test_no_games_in_the_range_is_a_conflict(session: Session, smiths: str) -> None:
    season = lb.season(session, smiths, *lb.year_range(1999))
    with pytest.raises(Conflict, match="no champion yet"):
        render_season(season)


def test_long_and_hostile_names_stay_on_one_page(session: Session, new_game: GameBuilder) -> None:
    names = [f"<b>{'Bartholomew ' * 10}{n}</b>" for n in range(8)]
    group, _token = games.create_group(session, "<script>x</script> " * 8)
    new_game(session, names, [[None, *range(10, 80, 10)]], group_id=group.id, rounds="all")
    pdf = render_season(lb.season(session, group.id))
    text = one_page_text(pdf)  # asserts one page
    assert "<script>x</script>" in text  # shown as typed, never read as markup


def test_the_season_trophy_page(app: Flask, smiths: str) -> None:
    client = app.test_client()
    pdf = client.get(f"/groups/{smiths}/season.pdf?year=2026")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert "smith-family-2026-season-trophy.pdf" in pdf.headers["Content-Disposition"]
    assert same_size(page_size(pdf.data), A4)
    assert "2 wins in 3 games" in one_page_text(pdf.data)
    ranged = one_page_text(
        client.get(f"/groups/{smiths}/season.pdf?from=2026-01-01&to=2026-02-28").data
    )
    assert "1 January 2026 – 28 February 2026" in ranged and "2 wins in 2 games" in ranged
    whole_year = client.get(f"/groups/{smiths}/season.pdf?from=2025-01-01&to=2025-12-31")
    assert "Smith family 2025 1 game played" in one_page_text(whole_year.data)
    empty = client.get(f"/groups/{smiths}/season.pdf?year=1999")
    assert empty.status_code == 409 and "no champion yet" in empty.get_data(as_text=True)
    assert client.get(f"/groups/{smiths}/season.pdf?year=abc").status_code == 400
