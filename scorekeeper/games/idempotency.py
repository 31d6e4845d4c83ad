"""Idempotency keys: a request sent again with the same key is answered, not repeated."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from ..errors import Invalid, KeyReused
from ..models import (
    GroupIdempotencyRecord,
    IdempotencyRecord,
    utcnow,
)
from .store import INSERT_KEY, reader
from .views import GameView, load_game


@dataclass(frozen=True)
class Retry:
    """How a request is known when it is sent again: ``key`` is the idempotency key scoped to
    its sender and to where it applies (None when no key was sent), ``request`` the
    fingerprint of what it asks for."""

    key: str | None
    request: str


def scoped_retry(client: str, scope: str, key: str | None, *request: Any) -> Retry:
    """A sender's key, scoped: the same key from another client, or for another game, is
    another key (so it can never replay someone else's answer)."""
    scoped = None if not key else digest(client, scope, key)
    return Retry(scoped, digest(*request))


def digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def replay(session: Session, game_id: str, retry: Retry) -> GameView | None:
    """The game as it is, if this request was already carried out; KeyReused if its key was
    used for a different request."""
    if retry.key is None:
        return None
    record = reader(session).execute(_KEY_OF, {"key": retry.key}).first()
    if record is None:
        return None
    if record.request_hash != retry.request:
        raise KeyReused()
    return load_game(session, game_id)


_KEY_OF = sa_select(IdempotencyRecord.request_hash).where(
    col(IdempotencyRecord.key) == bindparam("key")
)


def check_key(key: str | None) -> str | None:
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > 100 or not key.isprintable():
        raise Invalid("the request key must be up to 100 printable characters")
    return key


def remember(
    session: Session, game_id: str, retry: Retry, action: str, number: int, now: datetime
) -> None:
    if retry.key:
        session.connection().execute(
            INSERT_KEY,
            {
                "key": retry.key,
                "request_hash": retry.request,
                "game_id": game_id,
                "action": action,
                "status": 201,
                "round_number": number,
                "created_at": now,
            },
        )


# --- requests that make a group (a new group, an imported group) --------------------------


_GROUP_KEYS = GroupIdempotencyRecord.__table__  # type: ignore[attr-defined]


def remember_group(
    session: Session, retry: Retry, group_id: str, action: str, games: int = 0
) -> None:
    """Keep the key of a request that made a group, in the request's transaction (a
    concurrent request with the same key fails on it, and is then answered as a retry)."""
    if retry.key:
        session.connection().execute(
            insert(_GROUP_KEYS),
            {
                "key": retry.key,
                "request_hash": retry.request,
                "group_id": group_id,
                "action": action,
                "games": games,
                "created_at": utcnow(),
            },
        )
