"""Who may change a game (or a group): edit tokens, device grants, join codes, and the attempt
counters that keep join codes from being guessed."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from random import SystemRandom
from typing import Any

from sqlalchemy import bindparam, delete, func, or_, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from ..db import begin_write
from ..errors import Forbidden, NotFound
from ..models import (
    EditGrant,
    Game,
    GroupGrant,
    RateLimitHit,
    utcnow,
)
from ..rules.language import N_
from .history import log_change
from .store import (
    end_reading,
    get_game,
    lock_game,
    reader,
    transaction,
)
from .views import GameView, view_of

JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I
JOIN_CODE_LENGTH = 6
_random = SystemRandom()

# --- tokens and access --------------------------------------------------------------------
#
# An edit grant is a row of EditGrant. An API client holds a random token (only its hash is
# stored). A browser holds no tokens: it holds its device id (in its signed cookie), and its
# grants carry the hash of that id, so a device keeps every grant it was given.


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    """An unguessable id: 128 random bits, URL-safe (22 characters). Never one that starts
    with "-", which a command line would read as an option (``scorekeeper export group
    -x...``)."""
    while True:
        id = secrets.token_urlsafe(16)
        if not id.startswith("-"):
            return id


def new_join_code(instead_of: str = "") -> str:
    """A random join code (a new one, never the code ``instead_of`` it replaces)."""
    while True:
        code = "".join(_random.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if code != instead_of:
            return code


def new_device_id() -> str:
    """A browser's secret id (192 random bits), kept in its cookie."""
    return secrets.token_urlsafe(24)


def hash_device(device: str | None) -> str | None:
    valid = isinstance(device, str) and 20 <= len(device) <= 100
    return hash_token(f"device:{device}") if valid else None


def scoped_token_hash(token: str, owner_id: str) -> str:
    """The hash under which ``token`` holds a grant to ``owner_id`` alone: a token's own hash
    is one grant's key, so a token given rights to many games at once (an import) holds one
    grant a game under this hash instead."""
    return hash_token(f"{token}@{owner_id}")


def grant_lookup(grant: Any, owner: Any) -> Any:
    """The query finding a grant of ``owner`` (a game's or a group's) held by one of the
    ``hashes`` or by the ``device``: one statement, built once per grant table."""
    return (
        sa_select(grant.token_hash)
        .where(
            owner == bindparam("owner"),
            or_(
                col(grant.token_hash).in_(bindparam("hashes", expanding=True)),
                col(grant.device_hash) == bindparam("device"),
            ),
        )
        .limit(1)
    )


def holds_grant(
    session: Session, lookup: Any, owner_id: str, tokens: Sequence[str], device: str | None
) -> bool:
    """Whether one of ``tokens``, or ``device``, holds a grant that ``lookup`` (a
    :func:`grant_lookup`) finds for ``owner_id``."""
    valid = [t for t in tokens if isinstance(t, str) and 20 <= len(t) <= 100]
    hashes = [h for t in valid for h in (hash_token(t), scoped_token_hash(t, owner_id))]
    device_hash = hash_device(device)
    if not hashes and device_hash is None:
        return False
    params = {"owner": owner_id, "hashes": hashes, "device": device_hash}
    return reader(session).execute(lookup, params).first() is not None


def grant_edit(
    session: Session,
    game_id: str,
    label: str,
    device: str | None = None,
    token: str | None = None,
) -> str:
    """Edit rights to ``game_id``: a token (``token``, or a new one; its hash is stored), or,
    for a ``device``, a grant tied to the device (once per game: asking again changes
    nothing) and ``""``."""
    device_hash = hash_device(device)
    if device_hash is not None and _device_grant(session, game_id, device_hash) is not None:
        return ""
    token = token or secrets.token_urlsafe(32)
    session.add(
        EditGrant(
            token_hash=hash_token(token), game_id=game_id, label=label[:80], device_hash=device_hash
        )
    )
    return "" if device_hash is not None else token


def _device_grant(session: Session, game_id: str, device_hash: str) -> EditGrant | None:
    return session.exec(
        select(EditGrant)
        .where(EditGrant.game_id == game_id, EditGrant.device_hash == device_hash)
        .order_by(col(EditGrant.created_at).desc())
        .limit(1)
    ).first()


def can_edit(
    session: Session, game_id: str, tokens: Sequence[str], device: str | None = None
) -> bool:
    """Whether one of ``tokens``, or ``device``, holds a grant for the game (one query)."""
    return holds_grant(session, _GRANT_OF, game_id, tokens, device)


def can_edit_group(
    session: Session, group_id: str, tokens: Sequence[str] = (), device: str | None = None
) -> bool:
    """Whether one of ``tokens``, or ``device``, may edit the group (one query)."""
    return holds_grant(session, _GROUP_GRANT_OF, group_id, tokens, device)


_GRANT_OF = grant_lookup(EditGrant, col(EditGrant.game_id))
_GROUP_GRANT_OF = grant_lookup(GroupGrant, col(GroupGrant.group_id))


def require_edit(
    session: Session, game_id: str, tokens: Sequence[str], device: str | None = None
) -> None:
    get_game(session, game_id)
    if not can_edit(session, game_id, tokens, device):
        raise Forbidden()


def device_label(session: Session, game_id: str, device: str) -> str:
    """How a device appears in the game's history ("creator device", "joined device 2")."""
    device_hash = hash_device(device)
    grant = None if device_hash is None else _device_grant(session, game_id, device_hash)
    return grant.label if grant is not None else "this device"


def device_game_ids(session: Session, device: str, limit: int = 200) -> list[str]:
    """The games a device holds grants for, most recently granted first."""
    device_hash = hash_device(device)
    if device_hash is None:
        return []
    rows = session.exec(
        select(EditGrant.game_id, func.max(EditGrant.created_at))
        .where(EditGrant.device_hash == device_hash)
        .group_by(EditGrant.game_id)
        .order_by(func.max(EditGrant.created_at).desc())
        .limit(limit)
    ).all()
    return [game_id for game_id, _at in rows]


def claim_tokens(session: Session, device: str, tokens: Sequence[str]) -> int:
    """Tie the grants of ``tokens`` (kept in cookies before devices had ids) to ``device``;
    how many were found. Grants already tied to a device stay with it."""
    device_hash = hash_device(device)
    hashes = [hash_token(t) for t in tokens if isinstance(t, str) and 20 <= len(t) <= 100]
    if device_hash is None or not hashes:
        return 0
    with transaction(session):
        result = session.exec(
            update(EditGrant)
            .where(col(EditGrant.token_hash).in_(hashes), col(EditGrant.device_hash).is_(None))
            .values(device_hash=device_hash)
        )
    return int(result.rowcount or 0)


@dataclass(frozen=True)
class GrantView:
    """One device or API client that may edit a game, as its editors see it."""

    ref: str  # names the grant in a revoke request; reveals nothing of its token
    label: str
    created_at: datetime
    kind: str  # "device" or "api"
    yours: bool  # held by the device or token asking


def edit_grants(
    session: Session, game_id: str, tokens: Sequence[str] = (), device: str | None = None
) -> list[GrantView]:
    """Everyone who may edit the game, oldest first; ``yours`` marks the asker's own."""
    get_game(session, game_id)
    rows = session.exec(
        select(EditGrant).where(EditGrant.game_id == game_id).order_by(col(EditGrant.created_at))
    ).all()
    return [_grant_view(row, tokens, device) for row in rows]


def _grant_view(row: EditGrant, tokens: Sequence[str], device: str | None) -> GrantView:
    device_hash = hash_device(device)
    return GrantView(
        ref=hash_token(f"ref:{row.token_hash}")[:16],
        label=row.label or "a device",
        created_at=row.created_at,
        kind="api" if row.device_hash is None else "device",
        yours=row.token_hash
        in {h for t in tokens for h in (hash_token(t), scoped_token_hash(t, row.game_id))}
        or (device_hash is not None and row.device_hash == device_hash),
    )


def revoke_grant(
    session: Session,
    game_id: str,
    ref: str,
    actor: str = "",
    tokens: Sequence[str] = (),
    device: str | None = None,
) -> GrantView:
    """Take edit rights away from one device or API client (the join code still works)."""
    with transaction(session):
        lock_game(session, game_id)
        rows = session.exec(select(EditGrant).where(EditGrant.game_id == game_id)).all()
        found = [(row, _grant_view(row, tokens, device)) for row in rows]
        row, gone = next(((r, v) for r, v in found if v.ref == ref), (None, None))
        if row is None or gone is None:
            raise NotFound("That device cannot edit this game (any more).")
        session.delete(row)
        summary = f"Edit rights taken from {gone.label}"
        log_change(session, game_id, actor, "revoke", None, {"device": gone.label}, None, summary)
    return gone


def normalize_join_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _check_join_code(game: Game, code: Any) -> None:
    if not isinstance(code, str) or not secrets.compare_digest(
        normalize_join_code(code[:40]).encode(), game.join_code.encode()
    ):
        raise Forbidden(
            N_("That join code is not right. Check the code shown on the scoring device.")
        )


def join(
    session: Session, game_id: str, code: str, label: str | None = None, device: str | None = None
) -> str:
    """Edit rights for whoever typed the game's join code (see :func:`grant_edit`), or a 403.

    A wrong code is refused after a read: it takes no write lock, so a flood of wrong codes
    does not hold up anyone entering scores. ``label`` defaults to "joined device N".
    """
    with transaction(session):
        _check_join_code(get_game(session, game_id), code)
        end_reading(session)
        game = lock_game(session, game_id)
        _check_join_code(game, code)  # again: the code may have been changed meanwhile
        if label is None:
            granted = session.exec(
                select(func.count()).select_from(EditGrant).where(EditGrant.game_id == game_id)
            ).one()
            label = f"joined device {granted + 1}"
        token = grant_edit(session, game_id, label, device)
    return token


def rotate_join_code(session: Session, game_id: str, actor: str = "") -> GameView:
    """Give the game a new join code: the old one stops working (grants already given stay)."""
    with transaction(session):
        game = lock_game(session, game_id)
        game.join_code = new_join_code(instead_of=game.join_code)
        game.version += 1  # pages showing the old code see the game changed
        game.updated_at = utcnow()
        session.add(game)
        session.flush()
        log_change(session, game_id, actor, "join_code", None, None, None, "Join code changed")
        view = view_of(session, game)
    return view


def count_attempt(session: Session, bucket: str, limit: int, period: timedelta) -> bool:
    """Count one attempt in ``bucket``; False when the limit for the period is already used.

    Counters live in the database, so every process sharing it shares the limit. An attempt
    over the limit is refused after a read, without a write; one within it is counted in a
    short write transaction of its own (at most ``limit`` a period for one bucket).
    """
    now = utcnow()
    if _attempts(session, bucket, now - period) >= limit:
        end_reading(session)
        return False
    end_reading(session)
    begin_write(session)
    if _attempts(session, bucket, now - period) >= limit:  # others counted meanwhile
        session.commit()
        return False
    session.exec(delete(RateLimitHit).where(col(RateLimitHit.at) < now - period))
    session.add(RateLimitHit(bucket=bucket, at=now))
    session.commit()
    return True


def _attempts(session: Session, bucket: str, since: datetime) -> int:
    used: int = session.exec(
        select(func.count())
        .select_from(RateLimitHit)
        .where(RateLimitHit.bucket == bucket, col(RateLimitHit.at) >= since)
    ).one()
    return used
