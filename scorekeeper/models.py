"""Database tables (SQLModel).

A game stores the whole rule set it was started with as a rule-set document (JSON, see
``rules.document``), beside its preset id and the house-rule overrides it was started with;
rounds store each player's entry as typed or as the cards left.
``Game.version`` goes up with every change: it is the optimistic-locking token for the whole
game and the scoreboard's ETag. ``Round.version`` guards edits of one round.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    DDL,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    event,
    false,
    inspect,
)
from sqlmodel import Field, SQLModel

# The largest id an integer primary key holds (PostgreSQL's ``integer``): a larger number in
# a link or a body names no row, and is answered as such before any query.
MAX_ROW_ID = 2**31 - 1


def utcnow() -> datetime:
    return datetime.now(UTC)


class PlayGroup(SQLModel, table=True):
    """A group of people who play together ("Smith family"), with its own unguessable link
    and join code, like a game's. (``group`` is an SQL keyword.)"""

    id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=200)
    join_code: str = Field(max_length=12)
    created_at: datetime = Field(default_factory=utcnow)
    # When an import still writing the group began (None once it is there): the group, its
    # people and its games are nobody's to see until the import's last short transaction
    # clears this, so a reader sees all of an import or none of it (``games.importer``).
    importing_since: datetime | None = None
    # The language the group's pages speak ("es", "de"; None: each reader's own), unless the
    # reader chose one on their device (web/language.py).
    language: str | None = Field(default=None, max_length=8)


class Person(SQLModel, table=True):
    """Someone in a group, matched across its games by name (``name_key``: the name
    casefolded, unique within the group)."""

    __table_args__ = (UniqueConstraint("group_id", "name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    group_id: str = Field(
        sa_column=Column(String(32), ForeignKey("playgroup.id", ondelete="CASCADE"), nullable=False)
    )
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utcnow)


class GroupGrant(SQLModel, table=True):
    """Edit rights to a group, as :class:`EditGrant` holds them for a game."""

    token_hash: str = Field(primary_key=True, max_length=64)
    group_id: str = Field(
        sa_column=Column(
            String(32), ForeignKey("playgroup.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    label: str = Field(default="", max_length=80)
    created_at: datetime = Field(default_factory=utcnow)
    device_hash: str | None = Field(default=None, max_length=64, index=True)


class Game(SQLModel, table=True):
    # The group's leaderboard reads its finished games by date.
    __table_args__ = (Index("ix_game_group_finished", "group_id", "finished_at"),)

    id: str = Field(primary_key=True, max_length=32)
    title: str = Field(default="", max_length=200)
    preset: str = Field(max_length=40)
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))
    # The whole rule set the game was started with, as a rule-set document (JSON): the game
    # keeps its rules when a preset changes later. Empty only for a row written by hand.
    rule_document: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    first_dealer: int = 0
    join_code: str = Field(max_length=12)
    version: int = 1
    created_at: datetime = Field(default_factory=utcnow, index=True)
    updated_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None
    # The group's id (see PlayGroup). No foreign key in the database: on SQLite, adding one
    # to this table means copying it, and dropping the old copy would cascade to every
    # game's rounds. The group service checks the group exists; groups are never deleted.
    group_id: str | None = Field(default=None, sa_column=Column(String(32), nullable=True))
    # Written by a group's import that has not finished (see PlayGroup.importing_since):
    # every read of a game by its id passes it by until the import's last transaction.
    importing: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=false())
    )


PLAYER_RESULT_INDEX = (
    *("person_id", "finished_at", "game_id"),
    *("won", "total", "rounds", "went_out", "exact_cuts", "phases_done"),
)


class Player(SQLModel, table=True):
    """A seat in a game. In a group's game, ``person_id`` is who sat there; the result
    columns (``total`` ... ``won``) summarise the game for that seat, kept up to date by the
    game service with every change, so a group's leaderboard is one aggregate over these
    rows instead of a pass over every round. ``finished_at`` is a copy of the game's end
    that the database keeps (see :data:`PLAYER_END_TRIGGERS`)."""

    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        # A person's finished games by date, with every figure the leaderboard sums: its
        # aggregates and a person's page read this index alone (no join to ``game``, no
        # table rows), and a date range is a range of it.
        Index("ix_player_person_finished", *PLAYER_RESULT_INDEX),
        # Each person's best and worst game: an exact look-up of their lowest and highest
        # total instead of a second pass over their games.
        Index("ix_player_person_total", "person_id", "total", "finished_at", "game_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(
        sa_column=Column(String(32), ForeignKey("game.id", ondelete="CASCADE"), nullable=False)
    )
    seat: int
    name: str = Field(max_length=200)
    person_id: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("person.id", ondelete="SET NULL"), nullable=True),
    )
    total: int = 0  # points after the rounds recorded
    rounds: int = 0  # rounds recorded
    went_out: int = 0  # rounds this seat went out
    exact_cuts: int = 0  # rounds this seat earned the cut bonus
    place: int = 1  # 1 = lowest total (shared places); in a phase game, most phases first
    won: bool = False  # finished game, lowest total (shared wins count)
    phases_done: int | None = None  # phases completed, in a phase game (None: a rounds game)
    finished_at: datetime | None = None  # the game's end (a copy kept by the database)


# ``player.finished_at`` follows ``game.finished_at`` through triggers, so the copy is right
# whoever writes the game (the game service, an import, a hand-written UPDATE). The
# migration creates the same triggers.
PLAYER_END_TRIGGERS: dict[str, tuple[str, ...]] = {
    "sqlite": (
        "CREATE TRIGGER game_end_to_players AFTER UPDATE OF finished_at ON game "
        "WHEN OLD.finished_at IS NOT NEW.finished_at BEGIN "
        "UPDATE player SET finished_at = NEW.finished_at WHERE game_id = NEW.id; END",
        "CREATE TRIGGER player_takes_game_end AFTER INSERT ON player "
        "WHEN NEW.finished_at IS NOT (SELECT finished_at FROM game WHERE id = NEW.game_id) "
        "BEGIN UPDATE player SET finished_at = "
        "(SELECT finished_at FROM game WHERE id = NEW.game_id) WHERE id = NEW.id; END",
    ),
    "postgresql": (
        "CREATE OR REPLACE FUNCTION game_end_to_players() RETURNS trigger LANGUAGE plpgsql "
        "AS $$ BEGIN UPDATE player SET finished_at = NEW.finished_at WHERE game_id = NEW.id; "
        "RETURN NULL; END $$",
        "CREATE TRIGGER game_end_to_players AFTER UPDATE OF finished_at ON game FOR EACH ROW "
        "WHEN (OLD.finished_at IS DISTINCT FROM NEW.finished_at) "
        "EXECUTE FUNCTION game_end_to_players()",
        "CREATE OR REPLACE FUNCTION player_takes_game_end() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN "
        "NEW.finished_at := (SELECT finished_at FROM game WHERE id = NEW.game_id); "
        "RETURN NEW; END $$",
        "CREATE TRIGGER player_takes_game_end BEFORE INSERT ON player FOR EACH ROW "
        "EXECUTE FUNCTION player_takes_game_end()",
    ),
}
for _dialect, _statements in PLAYER_END_TRIGGERS.items():
    for _statement in _statements:
        event.listen(
            inspect(Player).local_table,
            "after_create",
            DDL(_statement).execute_if(dialect=_dialect),
        )


class Round(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(
        sa_column=Column(String(32), ForeignKey("game.id", ondelete="CASCADE"), nullable=False)
    )
    number: int
    went_out_seat: int
    cut_bonus: bool = False
    version: int = 1
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Entry(SQLModel, table=True):
    """One player's result in one round. ``points`` includes the cut bonus.

    In a phase game, ``phase`` is the phase the player played (in any order: None when they
    completed nothing and did not say) and ``phase_done`` whether they completed it; both are
    None in a game played in rounds (every row written before phase games was). With the
    phases in order the phase played follows from the hands before, so an edit of an earlier
    hand rewrites it in later ones (``games.rounds``): it is kept for the record, never read
    back as state (``rules.phases``).
    """

    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(
        sa_column=Column(Integer, ForeignKey("round.id", ondelete="CASCADE"), nullable=False)
    )
    seat: int
    went_out: bool = False
    points: int
    hand_points: int
    cards: str | None = Field(default=None, max_length=400)
    bought: int = 0
    phase: int | None = None
    phase_done: bool | None = None
    # The player who went out laid down and went out in one turn (``one_turn_bonus``).
    down_and_out: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class Change(SQLModel, table=True):
    """One line of a game's visible history: who changed what, old and new values (JSON)."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(
        sa_column=Column(
            String(32), ForeignKey("game.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    at: datetime = Field(default_factory=utcnow)
    actor: str = Field(default="", max_length=80)
    action: str = Field(max_length=40)
    round_number: int | None = None
    before: str | None = Field(default=None, sa_column=Column(Text))
    after: str | None = Field(default=None, sa_column=Column(Text))
    summary: str = Field(default="", max_length=500)


class EditGrant(SQLModel, table=True):
    """Edit rights: the SHA-256 of a random token held by an API client, or given to a device.

    A device's grants carry the hash of the device's id (kept in its cookie): the device
    proves itself with that id, so it holds any number of grants without carrying tokens.
    """

    token_hash: str = Field(primary_key=True, max_length=64)
    game_id: str = Field(
        sa_column=Column(
            String(32), ForeignKey("game.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    label: str = Field(default="", max_length=80)
    created_at: datetime = Field(default_factory=utcnow)
    device_hash: str | None = Field(default=None, max_length=64, index=True)


class IdempotencyRecord(SQLModel, table=True):
    """A request already carried out, so a retry with the same key is answered, not repeated.

    ``key`` is the SHA-256 of who sent the key, where it applies and the key itself, so one
    client's key never answers another's request; ``request_hash`` is the SHA-256 of what the
    request asked for, so the same key with other values is refused instead of replayed.
    """

    key: str = Field(primary_key=True, max_length=200)
    request_hash: str | None = Field(default=None, max_length=64)
    game_id: str = Field(
        sa_column=Column(String(32), ForeignKey("game.id", ondelete="CASCADE"), nullable=False)
    )
    action: str = Field(max_length=40)
    status: int = 200
    round_number: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


class GroupIdempotencyRecord(SQLModel, table=True):
    """A request that made a group (``POST /groups``, or the import of a group) carried out,
    so a retry with the same key is answered with that group, not a second one. ``key`` and
    ``request_hash`` as :class:`IdempotencyRecord`'s; ``games`` is how many games an import
    brought."""

    key: str = Field(primary_key=True, max_length=200)
    request_hash: str = Field(max_length=64)
    group_id: str = Field(
        sa_column=Column(String(32), ForeignKey("playgroup.id", ondelete="CASCADE"), nullable=False)
    )
    action: str = Field(max_length=40)
    games: int = 0
    created_at: datetime = Field(default_factory=utcnow)


class RateLimitHit(SQLModel, table=True):
    """One counted attempt (join codes), shared by every process using the database."""

    __table_args__ = (Index("ix_ratelimithit_bucket_at", "bucket", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    bucket: str = Field(max_length=200)
    at: datetime = Field(default_factory=utcnow)


class SavedRuleSet(SQLModel, table=True):
    """A rule set saved under a name by one device (the hash of its device id), as a rule-set
    document (JSON). ``share_token`` is the unguessable part of its sharing link."""

    __table_args__ = (UniqueConstraint("device_hash", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    device_hash: str = Field(max_length=64, index=True)
    name: str = Field(max_length=200)
    document: str = Field(sa_column=Column(Text, nullable=False))
    share_token: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
