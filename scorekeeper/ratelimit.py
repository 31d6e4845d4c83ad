"""Limits on join-code attempts, so a six-character code cannot be guessed by brute force.

Terms:

- A **limit** is written like Flask-Limiter's: ``"10 per minute"``, ``"5/30 seconds"``
  (``app.config["JOIN_RATE_LIMIT"]``).
- A **bucket** is what one counter counts: every attempt is counted twice, once for the
  client's address and once for the game, and is refused when either bucket is full. So one
  address cannot try many games, and many addresses cannot gang up on one game.
- The **storage** (``app.config["RATELIMIT_STORAGE"]``) is ``"database"``: counters are rows
  in the app's database, shared by every process that uses it (the default, and right for
  several gunicorn workers or machines); or any storage URI of the ``limits`` package that
  Flask-Limiter accepts, such as ``redis://host:6379`` or ``memory://`` (one process only).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Flask, current_app, request
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from . import games
from .db import get_session
from .errors import GameError

_LIMITER_KEY = "scorekeeper.join_limiter"
DATABASE = "database"


class TooManyAttempts(GameError):
    """More join attempts than the limit allows: a 429."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            429,
            message
            or "Too many join-code attempts. Wait a minute, then try again with the code "
            "shown on the scoring device (or scan its QR code).",
        )


def parse_limit(text: str) -> RateLimitItem:
    """``"10 per minute"`` as a ``limits`` item; a readable error for a malformed setting."""
    try:
        return parse(text)
    except ValueError as error:
        raise ValueError(
            f'JOIN_RATE_LIMIT must look like "10 per minute", not {text!r}: {error}'
        ) from None


def _limiter(app: Flask) -> FixedWindowRateLimiter | None:
    """The ``limits`` limiter for a storage URI (built once per app), or None for the database."""
    uri = app.config.get("RATELIMIT_STORAGE") or DATABASE
    if uri == DATABASE:
        return None
    cached: tuple[str, FixedWindowRateLimiter] | None = app.extensions.get(_LIMITER_KEY)
    if cached is None or cached[0] != uri:
        cached = (uri, FixedWindowRateLimiter(storage_from_string(uri)))
        app.extensions[_LIMITER_KEY] = cached
    return cached[1]


def client_address() -> str:
    """The client's address as the app sees it (put ProxyFix in front behind a proxy)."""
    return request.remote_addr or "unknown"


def hit(buckets: list[str], limit: RateLimitItem, app: Any = None) -> bool:
    """Count one attempt in every bucket; False if any bucket was already full."""
    application: Flask = app or current_app
    limiter = _limiter(application)
    allowed = True
    for bucket in buckets:
        if limiter is not None:
            ok = limiter.hit(limit, "join", bucket)
        else:
            ok = games.count_attempt(
                get_session(), f"join:{bucket}", limit.amount, timedelta(seconds=limit.get_expiry())
            )
        allowed = allowed and ok
    return allowed


def check_join_attempt(game_id: str) -> None:
    """Count a join-code attempt for this client and game; raise TooManyAttempts when over."""
    limit = parse_limit(current_app.config.get("JOIN_RATE_LIMIT") or "10 per minute")
    buckets = [f"addr:{client_address()}", f"game:{game_id[:40]}"]
    if not hit(buckets, limit):
        raise TooManyAttempts()
