"""Limits on what one client may ask for in a while: join-code attempts (so a six-character
code cannot be guessed by brute force), PDF renders (each costs a tenth of a second of CPU
or more) and imports (a file of thousands of games costs seconds).

Terms:

- A **limit** is written like Flask-Limiter's: ``"10 per minute"``, ``"5/30 seconds"``
  (``app.config["JOIN_RATE_LIMIT"]``, ``["PDF_RATE_LIMIT"]``, ``["IMPORT_RATE_LIMIT"]``).
- A **bucket** is what one counter counts: here always one client (its address), so what
  one client does never locks another out. A game has no bucket of its own: anyone with its
  watch link could otherwise fill it and lock the real scorers out.
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
    """More attempts than the limit allows: a 429."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            429,
            message
            or "Too many join-code attempts. Wait a minute, then try again with the code "
            "shown on the scoring device (or scan its QR code).",
        )


TOO_MANY_PDFS = (
    "Too many score sheets asked for in a minute from this device or network. Wait a "
    "minute, then try again."
)


TOO_MANY_IMPORTS = (
    "Too many imports from this device or network in a short time. Nothing was imported: "
    "wait a while (an hour at most), then try again."
)


def parse_limit(text: str, setting: str = "JOIN_RATE_LIMIT") -> RateLimitItem:
    """``"10 per minute"`` as a ``limits`` item; a readable error for a malformed setting."""
    try:
        return parse(text)
    except ValueError as error:
        message = f'{setting} must look like "10 per minute", not {text!r}: {error}'
        raise ValueError(message) from None


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


def hit(kind: str, bucket: str, limit: RateLimitItem, app: Any = None) -> bool:
    """Count one ``kind`` of attempt in ``bucket``; False if the bucket was already full."""
    application: Flask = app or current_app
    limiter = _limiter(application)
    if limiter is not None:
        return limiter.hit(limit, kind, bucket)
    period = timedelta(seconds=limit.get_expiry())
    return games.count_attempt(get_session(), f"{kind}:{bucket}", limit.amount, period)


def check_join_attempt() -> None:
    """Count a join-code attempt for this client; raise TooManyAttempts when over."""
    limit = parse_limit(current_app.config.get("JOIN_RATE_LIMIT") or "10 per minute")
    if not hit("join", f"addr:{client_address()}", limit):
        raise TooManyAttempts()


def check_pdf_render() -> None:
    """Count a PDF render for this client; raise TooManyAttempts when over."""
    text = current_app.config.get("PDF_RATE_LIMIT") or "30 per minute"
    if not hit("pdf", f"addr:{client_address()}", parse_limit(text, "PDF_RATE_LIMIT")):
        raise TooManyAttempts(TOO_MANY_PDFS)


def check_import() -> None:
    """Count an import for this client, before its file is read (a refused file is counted
    too: reading it is the cost); raise TooManyAttempts when over."""
    text = current_app.config.get("IMPORT_RATE_LIMIT") or "10 per hour"
    if not hit("import", f"addr:{client_address()}", parse_limit(text, "IMPORT_RATE_LIMIT")):
        raise TooManyAttempts(TOO_MANY_IMPORTS)
