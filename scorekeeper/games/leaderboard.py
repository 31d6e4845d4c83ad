"""A group's statistics: the leaderboard, a person's games and head-to-head, wins over time,
and the season standings for the trophy.

Terms:

- Only **finished** games count, each on the day it finished (``finished_at``); a date range
  is ``start`` (included) to ``end`` (excluded), either open, in UTC.
- A **win** is a finished game's lowest total; a shared lowest total is a win for each.
- **Average score** is the mean final total; **points per round** the total of a person's
  points over the rounds they played. The **best game** is the lowest final total, the
  **worst** the highest (the most recent game when several tie).
- **Went out** counts rounds the person went out; **exact cuts** the rounds they earned the
  cut bonus. **Liverpool calls** are not recorded by the score keeper, so they are ``None``
  and :attr:`Leaderboard.liverpool_calls_recorded` is False.
- **Phases completed** counts the phases a person completed in phase games (``None`` for
  someone who played none in the range). A phase game's win is a finisher's with the lowest
  total, and its places put more phases first (:mod:`.results`).
- The **current streak** is how many of a person's latest games in the range ended the same
  way (all wins, or all not), counted back from the most recent one.
- **Head-to-head**: in the finished games two people played together, how often each
  finished ahead of the other (lower total), and how often they were level.

Everything is computed by the database with aggregates over the seats' results
(:mod:`.results` keeps them on the player rows, and the database copies each game's end
onto its seats): no pass over rounds, and no join from a seat to its game. The indexes:

- ``player(person_id, finished_at, game_id, won, total, rounds, went_out, exact_cuts,
  phases_done)``
  holds every figure a line of the leaderboard sums, so the leaderboard is one
  ``GROUP BY person`` over a range of this index per person (the date range is a range of
  it), read without the table; a person's streak, latest games and head-to-head start from
  the same range;
- ``player(person_id, total, finished_at, game_id)`` finds each person's best and worst
  game by an exact look-up of their lowest and highest total;
- ``game(group_id, finished_at)`` counts the group's games in the range.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import and_, case, func, literal, or_, union_all
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from ..errors import Invalid
from ..models import Game, Person, Player
from ..rules.language import N_, _, ngettext
from .groups import GroupView, PersonView, get_group, load_group
from .store import reader

# --- the read model -----------------------------------------------------------------------


@dataclass(frozen=True)
class GameRef:
    """One game of a person: its id, their final total and when it finished."""

    game_id: str
    total: int
    finished_at: datetime


@dataclass(frozen=True)
class Streak:
    """``kind`` is ``"win"`` or ``"loss"`` (not a win), ``length`` the games in a row."""

    kind: str
    length: int

    def describe(self) -> str:
        if not self.length:
            return ""
        if self.kind == "win":
            text = ngettext("{count} win", "{count} wins", self.length)
        else:
            text = ngettext(
                "{count} game without a win", "{count} games without a win", self.length
            )
        return text.format(count=self.length)


@dataclass(frozen=True)
class LeaderboardRow:
    """One person's line on the leaderboard."""

    person_id: int
    name: str
    games: int
    wins: int
    win_rate: float  # 0..1
    average_score: float
    points_per_round: float
    best_game: GameRef | None
    worst_game: GameRef | None
    went_out: int
    exact_cuts: int
    liverpool_calls: int | None  # None: not recorded
    streak: Streak
    phases_completed: int | None = None  # in phase games; None: no phase game in the range


@dataclass(frozen=True)
class Leaderboard:
    group_id: str
    group_name: str
    start: datetime | None
    end: datetime | None
    sort: str
    descending: bool
    games: int  # finished games in the range
    rows: tuple[LeaderboardRow, ...]
    liverpool_calls_recorded: bool = False


# What a leaderboard can be sorted by, and whether higher is better (the default direction).
SORT_KEYS: dict[str, bool] = {
    "wins": True,
    "win_rate": True,
    "games": True,
    "average_score": False,
    "points_per_round": False,
    "best_game": False,
    "worst_game": False,
    "went_out": True,
    "exact_cuts": True,
    "phases_completed": True,
    "streak": True,
    "name": False,
}


@dataclass(frozen=True)
class WinsSeries:
    """A person's wins in each period (``"2026-03"`` for a month) that had finished games."""

    person_id: int
    name: str
    points: tuple[tuple[str, int], ...]  # (period, wins) in order, every period listed


@dataclass(frozen=True)
class WinsOverTime:
    group_id: str
    period: str  # "day", "month" or "year"
    periods: tuple[str, ...]  # in order
    games: tuple[int, ...]  # finished games in each period
    series: tuple[WinsSeries, ...]  # by name


@dataclass(frozen=True)
class Season:
    """A group's standings over a date range, for the season trophy: ``champions`` are the
    first place (more than one when they tie on wins, win rate and average score)."""

    group: GroupView
    start: datetime | None
    end: datetime | None
    games: int
    standings: tuple[tuple[int, LeaderboardRow], ...]  # (place, row), best first
    champions: tuple[LeaderboardRow, ...]


# --- date ranges --------------------------------------------------------------------------


def as_bound(value: datetime | date | str | None, what: str = "date") -> datetime | None:
    """A range bound as the database compares it (UTC); a ``date`` is its midnight UTC, a
    time without a zone is UTC; text is an ISO date or date and time. A 400 otherwise."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip()[:40])
        except ValueError:
            raise Invalid(_date_problem(what)) from None
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    if isinstance(value, date):
        return datetime.combine(value, time(), tzinfo=UTC)
    raise Invalid(_date_problem(what))


def _date_problem(what: str) -> str:
    """The sentence for a bound that is not a date: each bound's its own sentence."""
    sentence = {
        "start": N_("the start must be a date like 2026-01-31"),
        "end": N_("the end must be a date like 2026-01-31"),
    }.get(what, N_("the date must be a date like 2026-01-31"))
    return _(sentence)


def _in_range(column: Any, start: datetime | None, end: datetime | None) -> list[Any]:
    """``column`` (a game's end) in the range: finished, on or after ``start``, before ``end``."""
    conditions = [column.is_not(None)]
    if start is not None:
        conditions.append(column >= start)
    if end is not None:
        conditions.append(column < end)
    return conditions


def check_range(start: datetime | None, end: datetime | None) -> None:
    if start is not None and end is not None and end <= start:
        raise Invalid("the end of the range must come after its start")


# --- the leaderboard ----------------------------------------------------------------------


def _people_of(group_id: str) -> Any:
    """The group's people's ids (a subquery). A seat has a person only in a game of that
    person's group (the group service links them together), so a person's seats are the
    group's seats: no join to ``game``."""
    return sa_select(col(Person.id)).where(col(Person.group_id) == group_id)


def seat_filter(
    group_id: str, start: datetime | None, end: datetime | None, person_id: int | None
) -> tuple[Any, list[Any]]:
    """The seats of the group's finished games in the range (``person_id``'s only, if given):
    who, and when, as conditions that the index ``player(person_id, finished_at, ...)``
    answers with a range of it for each person."""
    if person_id is not None:
        who = col(Player.person_id) == person_id
    else:
        who = col(Player.person_id).in_(_people_of(group_id))
    return who, _in_range(col(Player.finished_at), start, end)


def leaderboard(
    session: Session,
    group_id: str,
    start: datetime | date | str | None = None,
    end: datetime | date | str | None = None,
    *,
    sort: str = "wins",
    descending: bool | None = None,
) -> Leaderboard:
    """The group's leaderboard over the range, sorted by ``sort`` (one of :data:`SORT_KEYS`;
    ``descending`` defaults to best first). People without a finished game in the range are
    not listed."""
    if sort not in SORT_KEYS:
        raise Invalid(
            _("the leaderboard cannot be sorted by {key}").format(key=repr(sort[:40])),
            list(SORT_KEYS),
        )
    group = _group_names(session, group_id)
    low, high = as_bound(start, "start"), as_bound(end, "end")
    check_range(low, high)
    names = {p.id: p.name for p in group.people}
    rows = leaderboard_rows(session, names, *seat_filter(group.id, low, high, None))
    down = SORT_KEYS[sort] if descending is None else descending
    ordered = sorted(rows, key=_ranking)  # ties keep the standings' order
    ordered = sorted(ordered, key=lambda r: _sort_value(r, sort), reverse=down)
    games = _count_games(session, group_id, low, high)
    return Leaderboard(group.id, group.name, low, high, sort, down, games, tuple(ordered))


def _group_names(session: Session, group_id: str) -> GroupView:
    """The group and its people's names, without their game counts (a pass over every seat
    that the leaderboard does not need)."""
    group = get_group(session, group_id)
    people = reader(session).execute(
        sa_select(col(Person.id), col(Person.name))
        .where(col(Person.group_id) == group_id)
        .order_by(col(Person.name_key))
    )
    return GroupView(
        id=group.id,
        name=group.name,
        join_code=group.join_code,
        created_at=group.created_at,
        people=tuple(PersonView(int(pid or 0), group_id, name, 0) for pid, name in people),
        game_count=0,
        finished_count=0,
    )


def _count_games(
    session: Session, group_id: str, start: datetime | None, end: datetime | None
) -> int:
    """The group's finished games in the range: a range of ``game(group_id, finished_at)``."""
    statement = (
        sa_select(func.count())
        .select_from(Game)
        .where(col(Game.group_id) == group_id, *_in_range(col(Game.finished_at), start, end))
    )
    return int(reader(session).execute(statement).scalar_one())


def _sort_value(row: LeaderboardRow, sort: str) -> Any:
    if sort == "name":
        return row.name.casefold()
    if sort in ("best_game", "worst_game"):
        game = row.best_game if sort == "best_game" else row.worst_game
        return game.total if game is not None else 0
    if sort == "streak":
        return row.streak.length if row.streak.kind == "win" else -row.streak.length
    if sort == "phases_completed":  # no phase game at all comes after none completed
        return -1 if row.phases_completed is None else row.phases_completed
    return getattr(row, sort)


def _ranking(row: LeaderboardRow) -> tuple[Any, ...]:
    """Standings order: most wins, then best win rate, then lowest average score."""
    return (-row.wins, -row.win_rate, row.average_score, row.name.casefold())


def leaderboard_rows(
    session: Session, names: dict[int, str], who: Any, dates: list[Any]
) -> list[LeaderboardRow]:
    """Each person's leaderboard line: one aggregate (``GROUP BY person``) over a range of
    the index ``player(person_id, finished_at, ...)`` per person, which holds every figure
    (no table rows, no join), then the best and worst games and the streaks, each a few
    index look-ups per person."""
    won = col(Player.won) == literal(True)
    totals = (
        sa_select(
            col(Player.person_id),
            func.count().label("games"),
            func.sum(case((won, 1), else_=0)).label("wins"),
            func.sum(col(Player.total)).label("points"),
            func.sum(col(Player.rounds)).label("rounds"),
            func.min(col(Player.total)).label("best"),
            func.max(col(Player.total)).label("worst"),
            func.sum(col(Player.went_out)).label("went_out"),
            func.sum(col(Player.exact_cuts)).label("exact_cuts"),
            func.sum(col(Player.phases_done)).label("phases_done"),  # NULL: no phase game
            func.max(case((won, col(Player.finished_at)))).label("last_win"),
            func.max(case((~won, col(Player.finished_at)))).label("last_loss"),
        )
        .where(who, *dates)
        .group_by(col(Player.person_id))
    )
    found = {int(row.person_id): row for row in reader(session).execute(totals)}
    if not found:
        return []
    extremes = _extremes(session, dates, found)
    streaks = _streaks(session, dates, found)
    return [
        _row(pid, names.get(pid, "?"), data, extremes[pid], streaks[pid])
        for pid, data in found.items()
    ]


def _row(
    person_id: int, name: str, data: Any, extremes: dict[str, GameRef], streak: Streak
) -> LeaderboardRow:
    games, wins, points = int(data.games), int(data.wins), int(data.points)
    return LeaderboardRow(
        person_id=person_id,
        name=name,
        games=games,
        wins=wins,
        win_rate=wins / games,
        average_score=points / games,
        points_per_round=points / max(int(data.rounds), 1),
        best_game=extremes.get("best"),
        worst_game=extremes.get("worst"),
        went_out=int(data.went_out),
        exact_cuts=int(data.exact_cuts),
        liverpool_calls=None,
        streak=streak,
        phases_completed=None if data.phases_done is None else int(data.phases_done),
    )


def _extremes(
    session: Session, dates: list[Any], found: dict[int, Any]
) -> dict[int, dict[str, GameRef]]:
    """Each person's best and worst game, the most recent of equal totals: the seats whose
    total is the person's lowest or highest, found in ``player(person_id, total, ...)`` (an
    exact look-up per person and total, so only the ties are read)."""
    wanted = or_(
        *(
            and_(
                col(Player.person_id) == pid, col(Player.total).in_({int(row.best), int(row.worst)})
            )
            for pid, row in found.items()
        )
    )
    statement = (
        sa_select(
            col(Player.person_id), col(Player.game_id), col(Player.total), col(Player.finished_at)
        )
        .where(wanted, *dates)
        .order_by(col(Player.finished_at), col(Player.game_id))
    )
    extremes: dict[int, dict[str, GameRef]] = {pid: {} for pid in found}
    for pid, game_id, total, at in reader(session).execute(statement):
        ref = GameRef(game_id, int(total), at)
        mine = extremes[int(pid)]
        if total == found[pid].best:
            mine["best"] = ref  # later rows win: the most recent game
        if total == found[pid].worst:
            mine["worst"] = ref
    return extremes


def _streaks(session: Session, dates: list[Any], found: dict[int, Any]) -> dict[int, Streak]:
    """Each person's current streak: their games after their latest game that ended the
    other way (all their games if none did), counted on a range of the index each (the
    streak's games only). A game finished at the same instant as that one is not counted."""
    kinds: dict[int, str] = {}
    since: dict[int, datetime] = {}
    for pid, row in found.items():
        last_win, last_loss = row.last_win, row.last_loss
        winning = last_win is not None and (last_loss is None or last_win > last_loss)
        kinds[pid] = "win" if winning else "loss"
        other = last_loss if winning else last_win
        if other is not None:
            since[pid] = other
    counted: dict[int, int] = {}
    if since:
        parts = [
            sa_select(literal(pid).label("pid"), func.count().label("games")).where(
                col(Player.person_id) == pid, col(Player.finished_at) > at, *dates
            )
            for pid, at in since.items()
        ]
        statement = parts[0] if len(parts) == 1 else union_all(*parts)
        counted = {int(pid): int(n) for pid, n in reader(session).execute(statement)}
    return {
        pid: Streak(kinds[pid], counted[pid] if pid in since else int(row.games))
        for pid, row in found.items()
    }


# --- wins over time -----------------------------------------------------------------------

PERIODS = {"day": ("%Y-%m-%d", "YYYY-MM-DD"), "month": ("%Y-%m", "YYYY-MM"), "year": ("%Y", "YYYY")}


def _period_of(session: Session, period: str, column: Any) -> Any:
    sqlite_format, postgres_format = PERIODS[period]
    if session.get_bind().dialect.name == "sqlite":
        return func.strftime(sqlite_format, column)
    return func.to_char(column, postgres_format)


def wins_over_time(
    session: Session,
    group_id: str,
    start: datetime | date | str | None = None,
    end: datetime | date | str | None = None,
    *,
    period: str = "month",
) -> WinsOverTime:
    """Each person's wins per ``period`` (``"day"``, ``"month"`` or ``"year"``) over the
    range, for the group's chart; every period with a finished game is listed for everyone
    (0 when they won none)."""
    if period not in PERIODS:
        raise Invalid(_("the period must be one of {periods}").format(periods=", ".join(PERIODS)))
    group = _group_names(session, group_id)
    low, high = as_bound(start, "start"), as_bound(end, "end")
    check_range(low, high)
    bucket = _period_of(session, period, col(Game.finished_at)).label("period")
    per_game = (
        sa_select(bucket, func.count())
        .where(col(Game.group_id) == group_id, *_in_range(col(Game.finished_at), low, high))
        .group_by(bucket)
    )
    games: dict[str, int] = dict(reader(session).execute(per_game).all())
    # the wins: from the seats' index alone (the copy of the game's end on each seat)
    won_in = _period_of(session, period, col(Player.finished_at)).label("period")
    who, dates = seat_filter(group_id, low, high, None)
    wins_statement = (
        sa_select(col(Player.person_id), won_in, func.count())
        .where(who, *dates, col(Player.won) == literal(True))
        .group_by(col(Player.person_id), won_in)
    )
    wins: dict[int, dict[str, int]] = {}
    for pid, at, count in reader(session).execute(wins_statement):
        wins.setdefault(pid, {})[at] = int(count)
    periods = tuple(sorted(games))
    series = tuple(
        WinsSeries(p.id, p.name, tuple((at, wins[p.id].get(at, 0)) for at in periods))
        for p in group.people
        if p.id in wins
    )
    return WinsOverTime(group.id, period, periods, tuple(int(games[p]) for p in periods), series)


# --- the season -----------------------------------------------------------------------------


def season(
    session: Session,
    group_id: str,
    start: datetime | date | str | None = None,
    end: datetime | date | str | None = None,
) -> Season:
    """The season's standings (most wins, then best win rate, then lowest average score;
    equal on all three share a place) and its champions, for the trophy sheet."""
    board = leaderboard(session, group_id, start, end)
    ordered = sorted(board.rows, key=_ranking)
    placed: list[tuple[int, LeaderboardRow]] = []
    for index, row in enumerate(ordered):
        tied = placed and _ranking(row)[:3] == _ranking(placed[-1][1])[:3]
        placed.append((placed[-1][0] if tied else index + 1, row))
    champions = tuple(row for place, row in placed if place == 1)
    group = load_group(session, group_id)
    return Season(group, board.start, board.end, board.games, tuple(placed), champions)


def year_range(year: int) -> tuple[datetime, datetime]:
    """The calendar year as a range (UTC)."""
    if not 1900 <= year <= 9999:
        raise Invalid("the year must be between 1900 and 9999")
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def season_years(session: Session, group_id: str, limit: int = 3) -> tuple[int, ...]:
    """The latest ``limit`` years (UTC) in which games of the group finished, newest first:
    the years that have a season trophy. One look-up of ``game(group_id, finished_at)`` a
    year: the newest game, then the newest that finished before its year began, and so on.

    A year offered without one would send a person to a refusal (no champion yet).
    """
    years: list[int] = []
    before: datetime | None = None
    for _step in range(limit):
        statement = (
            sa_select(col(Game.finished_at))
            .where(col(Game.group_id) == group_id, *_in_range(col(Game.finished_at), None, before))
            .order_by(col(Game.finished_at).desc())
            .limit(1)
        )
        newest = reader(session).execute(statement).scalar_one_or_none()
        if newest is None:
            break
        years.append(newest.year)  # stored in UTC
        before = datetime(newest.year, 1, 1, tzinfo=UTC)
    return tuple(year for year in years if 1900 <= year <= 9999)  # as year_range takes them


__all__: Sequence[str] = (
    "SORT_KEYS",
    "GameRef",
    "Leaderboard",
    "LeaderboardRow",
    "Season",
    "Streak",
    "WinsOverTime",
    "WinsSeries",
    "as_bound",
    "check_range",
    "leaderboard",
    "leaderboard_rows",
    "season",
    "season_years",
    "seat_filter",
    "wins_over_time",
    "year_range",
)
