"""A person's page in a group: their line of the leaderboard, their latest finished games
and head-to-head against each person they played with (the terms of :mod:`.leaderboard`;
the same index on the seats' results, a range of it per person)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import and_, case, func, literal
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased, join
from sqlmodel import Session, col

from ..errors import NotFound
from ..models import Entry, Game, Person, Player, Round
from .groups import NO_PERSON, PersonView, check_person_id, get_group
from .leaderboard import LeaderboardRow, as_bound, check_range, leaderboard_rows, seat_filter
from .store import reader
from .views import game_title


@dataclass(frozen=True)
class PersonGame:
    """One finished game of a person (for their list and their results chart)."""

    game_id: str
    title: str
    preset: str
    finished_at: datetime
    total: int
    place: int
    players: int
    won: bool
    created_at: datetime
    phases_done: int | None = None  # phases completed, in a phase game (None: played in rounds)

    @property
    def display_title(self) -> str:
        return game_title(self.title, self.created_at)


@dataclass(frozen=True)
class HeadToHead:
    """A person against one other person, over the finished games they played together."""

    person_id: int
    name: str
    games: int
    ahead: int  # the person finished with the lower total
    behind: int
    level: int
    wins: int  # games the person won
    their_wins: int  # games the other person won


@dataclass(frozen=True)
class PersonStats:
    person: PersonView
    group_id: str
    group_name: str
    start: datetime | None
    end: datetime | None
    summary: LeaderboardRow | None  # None: no finished game in the range
    games: tuple[PersonGame, ...]  # newest first (at most ``limit``)
    results: tuple[PersonGame, ...]  # oldest first: the chart's points (same games)
    head_to_head: tuple[HeadToHead, ...]  # by games together, most first
    # Rounds the person went down and out in one turn (a rule set's one_turn_bonus).
    one_turn_outs: int = 0


def person_stats(
    session: Session,
    group_id: str,
    person_id: int,
    start: datetime | date | str | None = None,
    end: datetime | date | str | None = None,
    *,
    limit: int = 200,
) -> PersonStats:
    """A person's page: their line of the leaderboard, their latest finished games (at most
    ``limit``, newest first; the same games oldest first for the chart) and head-to-head
    against each person they played with."""
    group = get_group(session, group_id)
    person = _person(session, group_id, person_id)
    low, high = as_bound(start, "start"), as_bound(end, "end")
    check_range(low, high)
    who, dates = seat_filter(group_id, low, high, person.id)
    lines = leaderboard_rows(session, {person.id: person.name}, who, dates)
    mine = [who, *dates]
    games = _person_games(session, mine, max(1, min(limit, 1000)))
    return PersonStats(
        person=person,
        group_id=group.id,
        group_name=group.name,
        start=low,
        end=high,
        summary=lines[0] if lines else None,
        games=games,
        results=tuple(reversed(games)),
        head_to_head=_head_to_head(session, group_id, mine),
        one_turn_outs=_one_turn_outs(session, mine),
    )


def _one_turn_outs(session: Session, mine: list[Any]) -> int:
    """How often the person went down and out in one turn in their finished games: their
    seats (a range of the index) joined to those games' rounds and their own entries. Kept on
    the entries alone (not in the seats' summaries the leaderboard reads): only games whose
    rules score it have any, and only this page shows it."""
    statement = (
        sa_select(func.count())
        .select_from(
            join(Player, Round, col(Round.game_id) == col(Player.game_id)).join(
                Entry,
                and_(col(Entry.round_id) == col(Round.id), col(Entry.seat) == col(Player.seat)),
            )
        )
        .where(*mine, col(Entry.down_and_out).is_(True))
    )
    return int(reader(session).execute(statement).scalar_one())


def _person(session: Session, group_id: str, person_id: Any) -> PersonView:
    """The person of the group, with how many of its games they played (a range of the
    index on ``player.person_id``); NotFound otherwise."""
    check_person_id(person_id)
    played = sa_select(func.count()).where(col(Player.person_id) == person_id).scalar_subquery()
    row = (
        reader(session)
        .execute(
            sa_select(col(Person.name), played).where(
                col(Person.id) == person_id, col(Person.group_id) == group_id
            )
        )
        .first()
    )
    if row is None:
        raise NotFound(NO_PERSON)
    return PersonView(person_id, group_id, row[0], int(row[1]))


def _person_games(session: Session, mine: list[Any], limit: int) -> tuple[PersonGame, ...]:
    """The person's latest games: the index read backwards, ``limit`` rows, each joined to
    its game (title, preset) and its number of seats."""
    others = aliased(Player)
    seated = (
        sa_select(func.count())
        .select_from(others)
        .where(col(others.game_id) == col(Player.game_id))
        .correlate(Player)
        .scalar_subquery()
    )
    statement = (
        sa_select(
            col(Game.id),
            col(Game.title),
            col(Game.preset),
            col(Player.finished_at),
            col(Player.total),
            col(Player.place),
            seated,
            col(Player.won),
            col(Game.created_at),
            col(Player.phases_done),
        )
        .select_from(join(Player, Game, col(Game.id) == col(Player.game_id)))
        .where(*mine)
        .order_by(col(Player.finished_at).desc(), col(Player.game_id).desc())
        .limit(limit)
    )
    return tuple(
        PersonGame(
            gid, title, preset, at, int(total), int(place), int(players), bool(won), start, done
        )
        for gid, title, preset, at, total, place, players, won, start, done in reader(
            session
        ).execute(statement)
    )


def _head_to_head(session: Session, group_id: str, mine: list[Any]) -> tuple[HeadToHead, ...]:
    """Against each other person: one aggregate over the person's seats (a range of the
    index) joined to the other seats of the same games (the ``(game_id, seat)`` key)."""
    me, other = Player, aliased(Player, name="other")
    won = col(me.won) == literal(True)
    their_won = col(other.won) == literal(True)
    statement = (
        sa_select(
            col(other.person_id),
            col(Person.name),
            func.count(),
            func.sum(case((col(me.total) < col(other.total), 1), else_=0)),
            func.sum(case((col(me.total) > col(other.total), 1), else_=0)),
            func.sum(case((won, 1), else_=0)),
            func.sum(case((their_won, 1), else_=0)),
        )
        .select_from(
            join(
                me,
                other,
                and_(
                    col(other.game_id) == col(me.game_id), col(other.person_id) != col(me.person_id)
                ),
            ).join(Person, col(Person.id) == col(other.person_id))
        )
        .where(*mine)
        .group_by(col(other.person_id), Person.name)
    )
    duels = [
        HeadToHead(int(pid), name, int(n), int(ahead), int(behind), int(n - ahead - behind),
                   int(wins), int(their))
        for pid, name, n, ahead, behind, wins, their in reader(session).execute(statement)
    ]  # fmt: skip
    return tuple(sorted(duels, key=lambda d: (-d.games, d.name.casefold())))
