"""Which games this device may edit, and who is asking.

Terms:

- The **device id** is a random secret kept in Flask's signed session cookie. Edit grants
  given to a browser (when it creates a game, or types a join code) are rows in the database
  tied to that id, so a device keeps every grant it was given: there is no limit to lose
  old ones to. A game's editors can see and revoke each device's grant.
- Cookies written before devices had ids held ``[game_id, token, label]`` lists; on the next
  visit those tokens' grants are tied to the device id and the list is dropped.
- The **client** names whoever sent a request, for idempotency keys: a device, a bearer
  token (an edit token, or a secret of the client's own), or (an API client with neither)
  its address. A key is only ever matched against the same client's earlier requests, and
  a retried creation gives rights only to a client with a secret: see
  :mod:`scorekeeper.games.idempotency`.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request
from flask import session as cookie

from .. import games
from ..db import get_session, write_session
from ..ratelimit import client_address

_DEVICE = "device"
_LEGACY_GRANTS = "grants"
CREATOR_LABEL = "creator device"


def device_id() -> str:
    """This browser's id, made (and put in its cookie) on first use."""
    if "device_id" not in g:
        value: Any = cookie.get(_DEVICE)
        if not isinstance(value, str) or not 20 <= len(value) <= 100:
            value = games.new_device_id()
            cookie[_DEVICE] = value
            cookie.permanent = True  # survives closing the browser (PERMANENT_SESSION_LIFETIME)
        g.device_id = value
        _claim_legacy_grants(value)
    device: str = g.device_id
    return device


def _claim_legacy_grants(device: str) -> None:
    """Tie the grants an old cookie carries as tokens to this device (once, in a short write
    of its own), then forget the tokens."""
    raw: Any = cookie.get(_LEGACY_GRANTS)
    if raw is None:
        return
    tokens = [
        grant[1]
        for grant in (raw if isinstance(raw, list) else [])
        if isinstance(grant, list) and len(grant) == 3 and isinstance(grant[1], str)
    ]
    with write_session() as session:
        games.claim_tokens(session, device, tokens)
    cookie.pop(_LEGACY_GRANTS)


def client_id() -> str:
    """Whoever sent this request, for scoping idempotency keys (see the module's doc)."""
    secret = client_secret()
    if secret is not None:
        return "token:" + games.hash_token(secret)
    if request.path.startswith("/api/"):
        return "address:" + client_address()
    return "device:" + games.hash_token(device_id())


def client_secret() -> str | None:
    """What only this API client holds: the bearer token it sent (one of its edit tokens, or
    any secret of its own), or None. A retried creation gives edit rights only to a client
    sending the same secret again (see :mod:`scorekeeper.games.idempotency`)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def game_ids(limit: int = 200) -> list[str]:
    """The games this device may edit, most recently granted first."""
    return games.device_game_ids(get_session(), device_id(), limit)


def label(game_id: str) -> str:
    """How this device appears in the game's history."""
    return games.device_label(get_session(), game_id, device_id())


def can_edit(game_id: str) -> bool:
    """True if this device holds a valid grant for the game (one small query)."""
    return games.can_edit(get_session(), game_id, (), device_id())


def require_edit(game_id: str) -> str:
    """Raise Forbidden (403) or NotFound (404) unless this device may edit; returns its label."""
    games.require_edit(get_session(), game_id, (), device_id())
    return label(game_id)


def init_app(app: Flask) -> None:
    @app.before_request
    def claim_legacy_grants() -> None:
        # Before the request reads anything: its reads then see the grants it claims.
        if _LEGACY_GRANTS in cookie:
            device_id()
