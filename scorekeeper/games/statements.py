"""The SQLAlchemy Core statements the speed needs, each built once. Everything else in the game
service reads and writes the SQLModel way (``session.get``, ``session.exec(select(...))``,
rows changed as objects and ``session.add``).

Each statement is run on the session's connection, outside the ORM's unit of work, for one of
two reasons a benchmark shows:

- **A change to a game** (a round entered, replaced or undone, :mod:`.rounds`): the write
  lock (SQLite's, PostgreSQL's row lock) is held from the version claim to the commit, so what
  runs in between is one statement a table, built once: compiling the claim while holding the
  lock cost 0.67 ms against 0.23 ms built once, the round's insert 0.13 against 0.09 ms (in
  process), and ORM objects and their flush cost more than the round's whole check.
  ``benchmarks/web.py``: "round entry (POST round)", p99 and server CPU per request.
- **An import** (:mod:`.importer`): thousands of games, a batch of 25 written with one
  statement a table (many rows each), laid out as plain values before the transaction, so the
  write lock is held about 30 ms a batch. ``benchmarks/leaderboard.py``: the import's time
  and another writer's waits during it.

The statements name the SQLModel classes' columns (``col(Game.id)``): no table objects.
"""

from __future__ import annotations

from sqlalchemy import bindparam, delete, insert, select, update
from sqlmodel import col

from ..models import (
    Change,
    EditGrant,
    Entry,
    Game,
    IdempotencyRecord,
    Player,
    Round,
)

# --- a change to a game ---------------------------------------------------------------------

# Takes the write lock and bumps the version if it is still the one read (store.claim).
CLAIM = (
    update(Game)
    .where(col(Game.id) == bindparam("game_id"), col(Game.version) == bindparam("seen"))
    .values(version=bindparam("next"), updated_at=bindparam("now"), finished_at=bindparam("end"))
)
INSERT_ROUND = insert(Round)
INSERT_ENTRY = insert(Entry)
INSERT_CHANGE = insert(Change)
INSERT_KEY = insert(IdempotencyRecord)
DELETE_ENTRIES = delete(Entry).where(col(Entry.round_id) == bindparam("round_id"))
DELETE_ROUND = delete(Round).where(col(Round.id) == bindparam("round_id"))
UPDATE_ROUND = (
    update(Round)
    .where(col(Round.id) == bindparam("round_id"))
    .values(
        went_out_seat=bindparam("went_out_seat"),
        cut_bonus=bindparam("cut_bonus"),
        version=bindparam("version"),
        updated_at=bindparam("updated_at"),
    )
)
# With the phases in order, the phase a player played in a later round, after an edit of an
# earlier one moved it (the rows keep a copy of what the progress says: .rounds).
UPDATE_ENTRY_PHASE = (
    update(Entry)
    .where(
        col(Entry.round_id)
        == select(col(Round.id))
        .where(col(Round.game_id) == bindparam("g_id"), col(Round.number) == bindparam("r_number"))
        .scalar_subquery(),
        col(Entry.seat) == bindparam("e_seat"),
    )
    .values(phase=bindparam("new_phase"))
)
# Each seat's result after the change (.results), for every seat in one statement.
UPDATE_RESULT = (
    update(Player)
    .where(col(Player.game_id) == bindparam("g_id"), col(Player.seat) == bindparam("g_seat"))
    .values(
        total=bindparam("total"),
        rounds=bindparam("rounds"),
        went_out=bindparam("went_out"),
        exact_cuts=bindparam("exact_cuts"),
        place=bindparam("place"),
        won=bindparam("won"),
        phases_done=bindparam("phases_done"),
    )
)

# --- an import: one statement a table for a batch of games ----------------------------------

INSERT_GAMES = insert(Game)
INSERT_PLAYERS = insert(Player)
# Each round's new id, in the order the rounds were given (their entries follow them).
INSERT_ROUNDS = insert(Round).returning(col(Round.id), sort_by_parameter_order=True)
INSERT_ENTRIES = insert(Entry)
INSERT_CHANGES = insert(Change)
INSERT_GRANTS = insert(EditGrant)
