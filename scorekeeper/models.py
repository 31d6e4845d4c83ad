"""Database tables (SQLModel).

A game's rule set is stored as its preset id plus the house-rule overrides (JSON), and rebuilt
with ``rules.build_rules``; rounds store each player's entry as typed or as the cards left.
``Game.version`` goes up with every change: it is the optimistic-locking token for the whole
game and the scoreboard's ETag. ``Round.version`` guards edits of one round.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Column, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    id: str = Field(primary_key=True, max_length=32)
    title: str = Field(default="", max_length=200)
    preset: str = Field(max_length=40)
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))
    first_dealer: int = 0
    join_code: str = Field(max_length=12)
    version: int = 1
    created_at: datetime = Field(default_factory=utcnow, index=True)
    updated_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None


class Player(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(
        sa_column=Column(String(32), ForeignKey("game.id", ondelete="CASCADE"), nullable=False)
    )
    seat: int
    name: str = Field(max_length=200)


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
    """One player's result in one round. ``points`` includes the cut bonus."""

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


class RateLimitHit(SQLModel, table=True):
    """One counted attempt (join codes), shared by every process using the database."""

    __table_args__ = (Index("ix_ratelimithit_bucket_at", "bucket", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    bucket: str = Field(max_length=200)
    at: datetime = Field(default_factory=utcnow)
