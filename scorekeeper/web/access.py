"""Which games this device may edit.

Terms:

- A **grant** is an edit token for one game, handed out by the game service (to the device
  that created the game, or to one that typed the join code). The database keeps only the
  token's hash; the device keeps the token in Flask's signed session cookie.
- The cookie holds a list of ``[game_id, token, label]``, most recent last, at most
  :data:`MAX_GRANTS` long (a cookie holds about 4 KB). The **label** names the device in the
  game's history: "creator device", "joined device 2".
- Having a grant in the cookie proves nothing by itself: every edit checks the token against
  the database (``games.require_edit``), so a grant can be revoked there.
"""

from __future__ import annotations

from typing import Any

from flask import session as cookie
from sqlalchemy import func
from sqlmodel import select

from .. import games
from ..db import get_session
from ..models import EditGrant

MAX_GRANTS = 40
_KEY = "grants"
CREATOR_LABEL = "creator device"


def _grants() -> list[list[str]]:
    raw: Any = cookie.get(_KEY, [])
    if not isinstance(raw, list):
        return []
    return [
        g
        for g in raw
        if isinstance(g, list) and len(g) == 3 and all(isinstance(part, str) for part in g)
    ]


def game_ids() -> list[str]:
    """The games this device holds a grant for, most recent first."""
    return [game_id for game_id, _token, _label in reversed(_grants())]


def tokens(game_id: str) -> list[str]:
    return [token for gid, token, _label in _grants() if gid == game_id]


def label(game_id: str) -> str:
    """How this device appears in the game's history."""
    return next((lab for gid, _t, lab in reversed(_grants()) if gid == game_id), "this device")


def remember(game_id: str, token: str, device_label: str) -> None:
    """Keep a grant in the cookie (replacing an older one for the same game)."""
    kept = [g for g in _grants() if g[0] != game_id]
    kept.append([game_id, token, device_label])
    cookie[_KEY] = kept[-MAX_GRANTS:]
    cookie.permanent = True  # survives closing the browser (PERMANENT_SESSION_LIFETIME)


def can_edit(game_id: str) -> bool:
    """True if this device holds a valid grant for the game (one small query)."""
    held = tokens(game_id)
    return bool(held) and games.can_edit(get_session(), game_id, held)


def require_edit(game_id: str) -> str:
    """Raise Forbidden (403) or NotFound (404) unless this device may edit; returns its label."""
    games.require_edit(get_session(), game_id, tokens(game_id))
    return label(game_id)


def joined_label(game_id: str) -> str:
    """The label for a device joining now: "joined device N", N counting every device so far."""
    count = (
        get_session()
        .exec(select(func.count()).select_from(EditGrant).where(EditGrant.game_id == game_id))
        .one()
    )
    return f"joined device {count + 1}"
