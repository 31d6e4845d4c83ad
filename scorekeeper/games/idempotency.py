"""Idempotency keys: a request sent again with the same key is answered, not repeated.

A request that makes something (a game, a group, an import) answers with edit rights to it.
Its retry answers the same, and gives those rights again, only to the client that sent the
first request and without a new grant (:func:`replay_made`): a browser, by its device (its
grant is there already); an API client, by a secret it sends with both requests as
``Authorization: Bearer`` (a token it holds, or any secret of its own), from which the edit
token is derived (:func:`creation_token`), so the retry hands out the very token the first
answer held. A client with no secret is known by its address only, which others may share
(everyone behind one proxy): its retry makes nothing twice, and is refused (a 409) instead of
handing anyone rights.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from ..errors import Conflict, Invalid, KeyReused
from ..models import (
    GroupIdempotencyRecord,
    IdempotencyRecord,
)
from ..rules.language import N_
from .access import can_edit, can_edit_group, hash_device
from .statements import INSERT_KEY
from .store import reader
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


# --- the rights a retried creation answers with -------------------------------------------

NOT_THE_SENDER = N_(
    "That request was already carried out (the same Idempotency-Key): what it made, and the "
    "edit token to it, went to the client that sent it. Nothing was made twice. A retry is "
    "answered again only to a client that sends a secret of its own with both requests, as "
    "'Authorization: Bearer <secret>' (20 to 100 characters); send a new key to make "
    "another."
)
RIGHTS_GONE = N_(
    "That request was already carried out (the same Idempotency-Key), but the edit rights it "
    "gave have been taken away since. Nothing was made twice: ask an editor for the join "
    "code, or send a new key to make another."
)


def is_secret(secret: str | None) -> bool:
    """Whether ``secret`` (a bearer token sent) is long enough to tell one client from
    another: as long as the tokens this app gives out, at least."""
    return isinstance(secret, str) and 20 <= len(secret) <= 100


def creation_token(secret: str | None, key: str | None) -> str | None:
    """The edit token a creation with a (scoped) idempotency ``key`` gives a client that sent
    a ``secret``: derived from both, so a retry gives the same token (no second grant), and
    nobody without the secret can get it. None without a key or a secret (a random token
    then)."""
    if key is None or secret is None or not is_secret(secret):
        return None
    mac = hmac.new(secret.encode(), f"edit-token:{key}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


@dataclass(frozen=True)
class Made:
    """What a request that made something (a game, a group, an import) made: its ``kind``
    (``"game"`` or ``"group"``), its id, how many games it brought, and the fingerprint of
    the request (:attr:`Retry.request`)."""

    kind: str
    id: str
    games: int
    request: str


def made_by(session: Session, key: str | None) -> Made | None:
    """What the request sent with this (scoped) key made, or None: a key is scoped to what
    it applies to (a new game, a new group, an import), so it names one row of one table."""
    if not key:
        return None
    group = session.get(GroupIdempotencyRecord, key)
    if group is not None:
        return Made("group", group.group_id, group.games, group.request_hash)
    game = session.get(IdempotencyRecord, key)
    if game is not None:
        return Made("game", game.game_id, 1, game.request_hash or "")
    return None


def replay_made(
    session: Session,
    made: Made,
    retry: Retry,
    device: str | None,
    secret: str | None,
    reused: str,
) -> str:
    """The edit rights a retried creation answers with: ``""`` for the ``device`` that made
    it, the token the first answer held for a client with the same ``secret``; never a new
    grant. KeyReused (saying ``reused``) when the key came with another request; Conflict
    (409) for a client without a secret, or whose rights were taken away."""
    if made.request != retry.request:
        raise KeyReused(reused)
    holds = can_edit_group if made.kind == "group" else can_edit
    if hash_device(device) is not None:
        if holds(session, made.id, (), device):
            return ""
        raise Conflict(RIGHTS_GONE)
    token = creation_token(secret, retry.key)
    if token is None:
        raise Conflict(NOT_THE_SENDER)
    if not holds(session, made.id, (token,), None):
        raise Conflict(RIGHTS_GONE)
    return token


def check_key(key: str | None) -> str | None:
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > 100 or not key.isprintable():
        raise Invalid(N_("the request key must be up to 100 printable characters"))
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


def remember_group(
    session: Session, retry: Retry, group_id: str, action: str, games: int = 0
) -> None:
    """Keep the key of a request that made a group, in the request's transaction (a
    concurrent request with the same key fails on it, and is then answered as a retry)."""
    if retry.key:
        record = GroupIdempotencyRecord(
            key=retry.key, request_hash=retry.request, group_id=group_id, action=action,
            games=games,
        )  # fmt: skip
        session.add(record)
        session.flush()
