"""How the service reaches the game's rows: the game row's lookups and locks, the version
claim every change goes through, the one transaction of each change, and a round's values
laid out for :mod:`.statements` (the Core statements the speed needs)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection
from sqlmodel import Session, col, select

from ..db import begin_write
from ..errors import NotFound
from ..models import Game
from .statements import CLAIM, INSERT_ROUND


@dataclass(frozen=True)
class RoundValues:
    """A round row's values, before they are written (plain values: building ORM objects
    costs more than the rest of the check)."""

    id: int | None
    game_id: str
    number: int
    went_out_seat: int
    cut_bonus: bool
    version: int
    created_at: datetime
    updated_at: datetime

    def for_insert(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id, "number": self.number, "went_out_seat": self.went_out_seat,
            "cut_bonus": self.cut_bonus, "version": self.version, "created_at": self.created_at,
            "updated_at": self.updated_at,
        }  # fmt: skip


@dataclass(frozen=True)
class EntryValues:
    """An entry row's values, before they are written."""

    seat: int
    went_out: bool
    points: int
    hand_points: int
    cards: str | None
    bought: int
    phase: int | None = None  # in a phase game: the phase played, and whether completed
    phase_done: bool | None = None
    down_and_out: bool = False  # went out in the turn of going down (one_turn_bonus)

    def for_insert(self, round_id: int) -> dict[str, Any]:
        return {
            "round_id": round_id, "seat": self.seat, "went_out": self.went_out,
            "points": self.points, "hand_points": self.hand_points, "cards": self.cards,
            "bought": self.bought, "phase": self.phase, "phase_done": self.phase_done,
            "down_and_out": self.down_and_out,
        }  # fmt: skip


def check_game_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not 16 <= len(game_id) <= 32:
        raise NotFound()


# A game is there for its readers unless an import is still writing it (PlayGroup's
# ``importing_since``): every read of a game by its id asks for this too.
GAME_IS_THERE = col(Game.importing).is_(False)


def get_game(session: Session, game_id: str, *, lock: bool = False) -> Game:
    check_game_id(game_id)
    statement = select(Game).where(Game.id == game_id, GAME_IS_THERE)
    if lock:
        # Refresh a row this session may have read before the lock: another writer may have
        # changed it meanwhile (PostgreSQL reads the latest row once the lock is granted).
        statement = statement.with_for_update().execution_options(populate_existing=True)
    game = session.exec(statement).first()
    if game is None:
        raise NotFound()
    return game


def lock_game(session: Session, game_id: str) -> Game:
    """Start a write transaction and lock the game row against other writers."""
    begin_write(session)
    return get_game(session, game_id, lock=True)


def reader(session: Session) -> Connection:
    """The session's connection, for Core reads: pending ORM changes are flushed first, as
    the ORM's own queries would."""
    if session.new or session.dirty or session.deleted:
        session.flush()
    return session.connection()


def insert_round(session: Session, values: Mapping[str, Any]) -> int:
    """Insert a round's row; its new primary key."""
    key: int = session.connection().execute(INSERT_ROUND, values).inserted_primary_key[0]
    return key


@contextmanager
def transaction(session: Session) -> Iterator[None]:
    """One change as a transaction of its own, committed at the end or rolled back on any
    error. What the caller left open (its reads, or nothing) is committed first: callers
    never manage the service's transactions."""
    if session.in_transaction():
        session.commit()
    try:
        yield
    except BaseException:
        session.rollback()
        raise
    session.commit()


def end_reading(session: Session) -> None:
    """End the read transaction: SQLite cannot turn a read snapshot into a write once another
    writer has committed, so the write starts afresh (``BEGIN IMMEDIATE``).

    The rows read are let go first (they stay usable, detached): a later query in this
    session loads them anew instead of trusting an identity map the write has outdated.
    """
    session.expunge_all()
    session.rollback()  # nothing was written: this only ends the read


def claim(
    session: Session, game_id: str, seen: int, now: datetime, finished_at: datetime | None
) -> bool:
    """Take the write lock and bump the game's version, if it is still ``seen``.

    One statement: ``UPDATE game ... WHERE id = ? AND version = ?`` right after
    ``BEGIN IMMEDIATE`` (SQLite); on PostgreSQL the UPDATE locks the row as ``SELECT ... FOR
    UPDATE`` would, and re-checks the version once a concurrent writer's lock is released.
    It also sets the game's end (``finished_at``; the same value when a change keeps it).
    False when another change was committed since the checks: nothing has been written then.
    """
    begin_write(session)
    result = session.connection().execute(
        CLAIM,
        {"game_id": game_id, "seen": seen, "next": seen + 1, "now": now, "end": finished_at},
    )
    return bool(result.rowcount == 1)
