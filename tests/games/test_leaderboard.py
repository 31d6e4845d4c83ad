"""A group's statistics (scorekeeper.games.leaderboard) on SQLite and PostgreSQL, against
games whose every figure is worked out by hand below."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import update
from sqlmodel import Session, col, select

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.errors import Invalid, NotFound
from scorekeeper.games import leaderboard as lb
from scorekeeper.games import person_stats as personal
from scorekeeper.models import Game
from tests.conftest import GameBuilder

OLD = datetime(2025, 6, 1, 12, tzinfo=UTC)


@pytest.fixture
def session(db_app: Flask) -> Iterator[Session]:
    with Session(get_engine(db_app), expire_on_commit=False) as session:
        yield session


@pytest.fixture
def family(session: Session, new_game: GameBuilder) -> tuple[str, list[str]]:
    """Three finished games of Ann, Bob and Cy (seven rounds each, Ann deals first):

    - G1 (finished on ``OLD``): Ann goes out every round, Bob 10, Cy 20, and Cy (the cutter
      of round 1) cut exactly: Ann 0, Bob 70, Cy 140 - 50 = 90. Ann wins.
    - G2: Bob goes out every round, Ann and Cy 20: Ann 140, Bob 0, Cy 140. Bob wins.
    - G3: Ann goes out, Bob holds 0 points, Cy 50: Ann 0, Bob 0, Cy 350. Ann and Bob share it.

    An unfinished game (one round) does not count.
    """
    group, _token = games.create_group(session, "Smiths")
    names = ["Ann", "Bob", "Cy"]
    g1 = new_game(session, names, [[None, 10, 20]], group_id=group.id, rounds="all", cut_rounds={1})
    g2 = new_game(session, names, [[20, None, 20]], group_id=group.id, rounds="all")
    g3 = new_game(session, names, [[None, 0, 50]], group_id=group.id, rounds="all")
    new_game(session, names, [[None, 100, 100]], group_id=group.id, rounds=1)
    assert (g1.totals, g2.totals, g3.totals) == ((0, 70, 90), (140, 0, 140), (0, 0, 350))
    session.connection().execute(update(Game).where(Game.id == g1.id).values(finished_at=OLD))
    session.commit()
    return group.id, [g1.id, g2.id, g3.id]


def _by_name(board: lb.Leaderboard) -> dict[str, lb.LeaderboardRow]:
    return {row.name: row for row in board.rows}


def test_the_leaderboard_figures(session: Session, family: tuple[str, list[str]]) -> None:
    group_id, (g1, g2, g3) = family
    board = lb.leaderboard(session, group_id)
    assert board.games == 3 and not board.liverpool_calls_recorded
    assert [r.name for r in board.rows] == ["Bob", "Ann", "Cy"]  # 2 wins each: Bob averages less
    rows = _by_name(board)
    ann, bob, cy = rows["Ann"], rows["Bob"], rows["Cy"]
    assert (ann.games, ann.wins, bob.wins, cy.wins) == (3, 2, 2, 0)
    assert ann.win_rate == pytest.approx(2 / 3) and cy.win_rate == 0
    assert ann.average_score == pytest.approx(140 / 3)
    assert cy.points_per_round == pytest.approx(580 / 21)
    assert (ann.went_out, bob.went_out, cy.went_out) == (14, 7, 0)
    assert (ann.exact_cuts, cy.exact_cuts) == (0, 1)
    assert ann.best_game is not None and ann.worst_game is not None
    assert (ann.best_game.game_id, ann.best_game.total) == (g3, 0)  # the later of two 0s
    assert (ann.worst_game.game_id, ann.worst_game.total) == (g2, 140)
    assert cy.best_game is not None and (cy.best_game.game_id, cy.best_game.total) == (g1, 90)
    assert ann.liverpool_calls is None
    assert (ann.streak, bob.streak, cy.streak) == (
        lb.Streak("win", 1), lb.Streak("win", 2), lb.Streak("loss", 3),
    )  # fmt: skip


def test_sorting(session: Session, family: tuple[str, list[str]]) -> None:
    group_id, _ids = family
    by_average = lb.leaderboard(session, group_id, sort="average_score")
    assert [r.name for r in by_average.rows] == ["Bob", "Ann", "Cy"]
    assert not by_average.descending
    reverse = lb.leaderboard(session, group_id, sort="average_score", descending=True)
    assert [r.name for r in reverse.rows] == ["Cy", "Ann", "Bob"]
    assert next(r.name for r in lb.leaderboard(session, group_id, sort="exact_cuts").rows) == "Cy"
    assert [r.name for r in lb.leaderboard(session, group_id, sort="name").rows] == [
        "Ann", "Bob", "Cy",
    ]  # fmt: skip
    with pytest.raises(Invalid):
        lb.leaderboard(session, group_id, sort="'; drop table game; --")


def test_a_date_range(session: Session, family: tuple[str, list[str]]) -> None:
    group_id, _ids = family
    year = datetime.now(UTC).year
    board = lb.leaderboard(session, group_id, f"{year}-01-01", datetime(year + 1, 1, 1))
    rows = _by_name(board)
    assert board.games == 2
    assert (rows["Ann"].wins, rows["Bob"].wins, rows["Cy"].exact_cuts) == (1, 2, 0)
    old = lb.leaderboard(session, group_id, *lb.year_range(2025))
    assert old.games == 1 and next(r.name for r in old.rows) == "Ann"
    assert lb.leaderboard(session, group_id, "2024-01-01", "2024-06-01").rows == ()
    with pytest.raises(Invalid):
        lb.leaderboard(session, group_id, "last tuesday")
    with pytest.raises(Invalid):
        lb.leaderboard(session, group_id, "2026-02-01", "2026-01-01")


def test_a_persons_page(session: Session, family: tuple[str, list[str]]) -> None:
    group_id, (g1, g2, g3) = family
    people = {p.name: p.id for p in games.load_group(session, group_id).people}
    stats = personal.person_stats(session, group_id, people["Ann"])
    assert stats.summary is not None and stats.summary.wins == 2
    assert [g.game_id for g in stats.games] == [g3, g2, g1]  # newest first
    assert [g.game_id for g in stats.results] == [g1, g2, g3]
    assert [(g.total, g.place, g.won, g.players) for g in stats.results] == [
        (0, 1, True, 3), (140, 2, False, 3), (0, 1, True, 3),
    ]  # fmt: skip
    duels = {d.name: d for d in stats.head_to_head}
    bob, cy = duels["Bob"], duels["Cy"]
    assert (bob.games, bob.ahead, bob.behind, bob.level, bob.wins, bob.their_wins) == (
        3, 1, 1, 1, 2, 2,
    )  # fmt: skip
    assert (cy.ahead, cy.behind, cy.level, cy.their_wins) == (2, 0, 1, 0)
    with pytest.raises(NotFound):
        personal.person_stats(session, group_id, 987_654)


def test_wins_over_time_and_the_season(session: Session, family: tuple[str, list[str]]) -> None:
    group_id, _ids = family
    year = str(datetime.now(UTC).year)
    chart = lb.wins_over_time(session, group_id, period="year")
    assert chart.periods == ("2025", year) and chart.games == (1, 2)
    series = {s.name: s.points for s in chart.series}
    assert series == {"Ann": (("2025", 1), (year, 1)), "Bob": (("2025", 0), (year, 2))}
    months = lb.wins_over_time(session, group_id)
    assert months.periods[0] == "2025-06"
    season = lb.season(session, group_id, *lb.year_range(int(year)))
    assert [r.name for r in season.champions] == ["Bob"]
    assert [(place, r.name) for place, r in season.standings] == [(1, "Bob"), (2, "Ann"), (3, "Cy")]
    with pytest.raises(Invalid):
        lb.wins_over_time(session, group_id, period="fortnight")


def test_results_follow_fixes_and_undo(session: Session, new_game: GameBuilder) -> None:
    group, _t = games.create_group(session, "Smiths")
    view = new_game(session, ["Ann", "Bob"], [[None, 10]], group_id=group.id, rounds="all")
    assert _by_name(lb.leaderboard(session, group.id))["Ann"].wins == 1
    fixed = games.RoundInput((games.PlayerResult(points=500), games.PlayerResult(went_out=True)))
    games.replace_round(session, view.id, 1, fixed)
    rows = _by_name(lb.leaderboard(session, group.id))
    assert (rows["Bob"].wins, rows["Ann"].wins, rows["Ann"].average_score) == (1, 0, 500)
    games.undo_last_round(session, view.id)  # no longer finished: no longer counted
    assert lb.leaderboard(session, group.id).rows == ()


# --- the database's figures agree with a plain recomputation --------------------------------

PEOPLE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def _random_games(session: Session, rng: random.Random, new_game: GameBuilder) -> str:
    """A group with 14 games of 2 to 5 of its people, random points and cuts, each finishing
    on its own random day (set on the game row, as a person fixing dates by hand would: the
    seats' copy must follow); three are left unfinished."""
    group, _token = games.create_group(session, "Randoms")
    days = rng.sample(range(700), 14)
    for index, day in enumerate(days):
        names = rng.sample(PEOPLE, rng.randint(2, 5))
        points = []
        for _number in range(7):
            out = rng.randrange(len(names))
            points.append([None if s == out else 5 * rng.randint(0, 20) for s in range(len(names))])
        cuts = {number for number in range(1, 8) if rng.random() < 0.2}
        rounds = rng.randint(1, 6) if index % 5 == 4 else None
        view = new_game(session, names, points, group_id=group.id, rounds=rounds, cut_rounds=cuts)
        if rounds is None:
            when = datetime(2024, 1, 1, 20, tzinfo=UTC) + timedelta(days=day)
            session.connection().execute(
                update(Game).where(col(Game.id) == view.id).values(finished_at=when)
            )
    session.commit()
    return group.id


def _plain(
    session: Session, group_id: str, start: datetime | None, end: datetime | None
) -> tuple[dict[str, dict[str, Any]], list[tuple[datetime, games.GameView]]]:
    """Every figure recomputed from the games' rounds, with no help from the seats' result
    columns, their copy of the finish date or the indexes."""
    session.expire_all()  # the game rows as the dates set by hand left them
    ends = session.exec(select(Game.id, Game.finished_at).where(Game.group_id == group_id))
    played: list[tuple[datetime, games.GameView]] = []
    for game_id, at in ends.all():
        view = games.load_game(session, game_id)
        if at is not None and (start is None or at >= start) and (end is None or at < end):
            played.append((at, view))
    played.sort(key=lambda pair: (pair[0], pair[1].id))
    people: dict[str, dict[str, Any]] = {}
    for at, view in played:
        low = min(view.totals)
        for seat, name in enumerate(view.players):
            me = people.setdefault(name, {"games": [], "went_out": 0, "cuts": 0, "rounds": 0})
            me["games"].append((at, view.id, view.totals[seat], view.totals[seat] == low))
            me["rounds"] += len(view.rounds)
            me["went_out"] += sum(r.went_out == seat for r in view.rounds)
            me["cuts"] += sum(e.cut_bonus for r in view.rounds for e in r.entries if e.seat == seat)
    return people, played


def _expected_row(me: dict[str, Any]) -> tuple[Any, ...]:
    played = me["games"]  # oldest first
    totals = [total for _at, _id, total, _won in played]
    wins = sum(won for *_rest, won in played)
    best = [g for g in played if g[2] == min(totals)][-1]  # the latest of equal totals
    worst = [g for g in played if g[2] == max(totals)][-1]
    kind = played[-1][3]
    streak = 0
    for game in reversed(played):
        if game[3] != kind:
            break
        streak += 1
    return (
        len(played), wins, pytest.approx(sum(totals) / len(played)),
        pytest.approx(sum(totals) / max(me["rounds"], 1)), (best[1], best[2], best[0]),
        (worst[1], worst[2], worst[0]), me["went_out"], me["cuts"],
        lb.Streak("win" if kind else "loss", streak),
    )  # fmt: skip


def _actual_row(row: lb.LeaderboardRow) -> tuple[Any, ...]:
    assert row.best_game is not None and row.worst_game is not None
    return (
        row.games, row.wins, row.average_score, row.points_per_round,
        (row.best_game.game_id, row.best_game.total, row.best_game.finished_at),
        (row.worst_game.game_id, row.worst_game.total, row.worst_game.finished_at),
        row.went_out, row.exact_cuts, row.streak,
    )  # fmt: skip


def _expected_duels(
    played: list[tuple[datetime, games.GameView]], name: str
) -> dict[str, tuple[int, ...]]:
    duels: dict[str, list[int]] = {}
    for _at, view in played:
        if name not in view.players:
            continue
        mine = view.totals[view.players.index(name)]
        low = min(view.totals)
        for seat, other in enumerate(view.players):
            if other == name:
                continue
            theirs = view.totals[seat]
            d = duels.setdefault(other, [0, 0, 0, 0, 0, 0])
            d[0] += 1
            d[1] += mine < theirs
            d[2] += mine > theirs
            d[3] += mine == theirs
            d[4] += mine == low
            d[5] += theirs == low
    return {other: tuple(d) for other, d in duels.items()}


@pytest.mark.parametrize("seed", [1, 2])
def test_the_fast_figures_agree_with_a_plain_recomputation(
    session: Session, seed: int, new_game: GameBuilder
) -> None:
    rng = random.Random(seed)
    group_id = _random_games(session, rng, new_game)
    ids = {p.name: p.id for p in games.load_group(session, group_id).people}
    middle = datetime(2024, 9, 1, tzinfo=UTC), datetime(2025, 6, 1, tzinfo=UTC)
    for start, end in [(None, None), middle]:
        people, played = _plain(session, group_id, start, end)
        board = lb.leaderboard(session, group_id, start, end)
        assert board.games == len(played)
        assert {r.name: _actual_row(r) for r in board.rows} == {
            name: _expected_row(me) for name, me in people.items()
        }
        for name in PEOPLE:
            stats = personal.person_stats(session, group_id, ids[name], start, end)
            mine = [(view.id, view.totals[view.players.index(name)])
                    for _at, view in played if name in view.players]  # fmt: skip
            assert [(g.game_id, g.total) for g in stats.results] == mine
            assert {
                d.name: (d.games, d.ahead, d.behind, d.level, d.wins, d.their_wins)
                for d in stats.head_to_head
            } == _expected_duels(played, name)
            expected = _expected_row(people[name]) if name in people else None
            assert (stats.summary and _actual_row(stats.summary)) == expected
        chart = lb.wins_over_time(session, group_id, start, end)
        months = sorted({f"{at:%Y-%m}" for at, _view in played})
        assert chart.periods == tuple(months)
        for series in chart.series:
            wins = [f"{at:%Y-%m}" for at, won in
                    ((g[0], g[3]) for g in people[series.name]["games"]) if won]  # fmt: skip
            assert series.points == tuple((m, wins.count(m)) for m in months)
