"""Limits on what one client may ask for in a while: join-code attempts (so a six-character
code cannot be guessed by brute force), and everything one client could take the server with
by asking often: PDF renders (each costs a tenth of a second of CPU or more), imports (a file
of thousands of games costs seconds), new games (each a row of up to 64 KiB kept for good)
and hard referee questions (up to a second of CPU each).

Terms:

- A **limit** is written like Flask-Limiter's: ``"10 per minute"``, ``"5/30 seconds"``, and
  set by its :class:`Kind`'s setting (``app.config["JOIN_RATE_LIMIT"]``, ...).
- A **bucket** is what one counter counts: here always one client (its address), so what
  one client does never locks another out. A game has no bucket of its own: anyone with its
  watch link could otherwise fill it and lock the real scorers out.
- A **hard question** to the referee is one that cost its request more than
  ``REFEREE_COSTLY_SECONDS`` of CPU (the thread's own). Only those are counted: a person
  tapping cards into the referee asks a question per tap, each a few milliseconds, and is
  never held back; a script sending the hardest questions it can find is, after a few.
- A **refusal** is a 429 whose sentence, in the reader's language, says how long to wait;
  ``Retry-After`` says it too (:attr:`TooManyAttempts.headers`).
- The **storage** (``app.config["RATELIMIT_STORAGE"]``) is ``"database"``: counters are rows
  in the app's database, shared by every process that uses it (the default, and right for
  several gunicorn workers or machines); or any storage URI of the ``limits`` package that
  Flask-Limiter accepts, such as ``redis://host:6379`` or ``memory://`` (one process only).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from flask import Flask, current_app, request
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter
from sqlalchemy import func
from sqlmodel import col, select

from . import games
from .db import get_session
from .errors import GameError
from .games.store import end_reading
from .models import RateLimitHit
from .rules.language import N_, _, ngettext

_LIMITER_KEY = "scorekeeper.join_limiter"
_BLOCKED_KEY = "scorekeeper.referee_blocked"
DATABASE = "database"
Params = ParamSpec("Params")
Answer = TypeVar("Answer")


@dataclass(frozen=True)
class Kind:
    """One kind of thing counted per client: its counter's name, its setting and default,
    and the sentence refusing it (``{wait}``: how long to wait, in words)."""

    counter: str
    setting: str
    default: str
    refusal: str


JOIN = Kind(
    "join",
    "JOIN_RATE_LIMIT",
    "10 per minute",
    N_(
        "Too many join-code attempts from this device or network. Wait {wait}, then try "
        "again with the code shown on the scoring device (or scan its QR code)."
    ),
)
PDF = Kind(
    "pdf",
    "PDF_RATE_LIMIT",
    "30 per minute",
    N_(
        "Too many score sheets asked for from this device or network in a short time. Wait "
        "{wait}, then try again."
    ),
)
IMPORT = Kind(
    "import",
    "IMPORT_RATE_LIMIT",
    "5 per hour",
    N_(
        "Too many imports from this device or network in a short time. Nothing was imported: "
        "wait {wait}, then try again."
    ),
)
NEW_GAME = Kind(
    "game",
    "NEW_GAME_RATE_LIMIT",
    "60 per hour",
    N_(
        "Too many new games from this device or network in a short time. Nothing was "
        "started: wait {wait}, then try again (the games already started are kept)."
    ),
)
REFEREE = Kind(
    "referee",
    "REFEREE_RATE_LIMIT",
    "20 per minute",
    N_(
        "Too many hard questions to the referee from this device or network in a short "
        "time. Wait {wait}, then ask again; simple questions need no wait once it has passed."
    ),
)
# A question costing less CPU than this is not counted against REFEREE_RATE_LIMIT.
DEFAULT_COSTLY_SECONDS = 0.05


class TooManyAttempts(GameError):
    """More attempts than the limit allows: a 429 saying how long to wait, with
    ``Retry-After`` (``headers``) saying it to programs."""

    def __init__(self, kind: Kind = JOIN, retry_after: int = 60) -> None:
        super().__init__(429, _(kind.refusal).format(wait=wait_words(retry_after)))
        self.retry_after = retry_after
        self.headers = {"Retry-After": str(retry_after)}


def wait_words(seconds: int) -> str:
    """``"40 seconds"``, ``"2 minutes"``: a wait as a person says it (rounded up)."""
    if seconds < 120:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}


def parse_limit(text: str, setting: str = "JOIN_RATE_LIMIT") -> RateLimitItem:
    """``"10 per minute"`` as a ``limits`` item; a readable error for a malformed setting."""
    try:
        return parse(text)
    except ValueError as error:
        message = f'{setting} must look like "10 per minute", not {text!r}: {error}'
        raise ValueError(message) from None


def configured_limit(kind: Kind, app: Flask | None = None) -> RateLimitItem:
    application = app or current_app
    return parse_limit(application.config.get(kind.setting) or kind.default, kind.setting)


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


def seconds_until_free(kind: str, bucket: str, limit: RateLimitItem) -> int | None:
    """How long until ``bucket`` takes one more ``kind`` of attempt: None if it takes one
    now, else whole seconds (at least 1), read without counting anything."""
    limiter = _limiter(current_app)
    if limiter is not None:
        if limiter.test(limit, kind, bucket):
            return None
        reset_at = limiter.get_window_stats(limit, kind, bucket).reset_time
        return max(1, math.ceil(reset_at - time.time()))
    return _database_wait(f"{kind}:{bucket}", limit)


def _database_wait(bucket: str, limit: RateLimitItem) -> int | None:
    """The database's counters keep each attempt: the bucket takes one more when its oldest
    attempt within the period is older than the period."""
    session = get_session()
    period = timedelta(seconds=limit.get_expiry())
    now = datetime.now(UTC)
    used, oldest = session.exec(
        select(func.count(), func.min(RateLimitHit.at)).where(
            RateLimitHit.bucket == bucket, col(RateLimitHit.at) >= now - period
        )
    ).one()
    end_reading(session)
    if used < limit.amount or oldest is None:
        return None
    if oldest.tzinfo is None:  # SQLite keeps the time without its zone (UTC)
        oldest = oldest.replace(tzinfo=UTC)
    return max(1, math.ceil((oldest + period - now).total_seconds()))


def check(kind: Kind) -> None:
    """Count one ``kind`` of attempt for this client; raise TooManyAttempts when over."""
    limit = configured_limit(kind)
    bucket = f"addr:{client_address()}"
    if not hit(kind.counter, bucket, limit):
        wait = seconds_until_free(kind.counter, bucket, limit)
        raise TooManyAttempts(kind, wait or 1)


def check_join_attempt() -> None:
    """Count a join-code attempt for this client; raise TooManyAttempts when over."""
    check(JOIN)


def check_pdf_render() -> None:
    """Count a PDF render for this client; raise TooManyAttempts when over."""
    check(PDF)


def check_import() -> None:
    """Count an import for this client, before its file is read (a refused file is counted
    too: reading it is the cost); raise TooManyAttempts when over."""
    check(IMPORT)


def check_new_game() -> None:
    """Count a new game for this client (a started game is kept, and holds up to a request's
    size); raise TooManyAttempts when over."""
    check(NEW_GAME)


def limit_referee_questions(view: Callable[Params, Answer]) -> Callable[Params, Answer]:
    """Wrap a view that asks the referee: counted when it cost more than
    ``REFEREE_COSTLY_SECONDS`` of this thread's CPU (a question refused as too hard or too
    slow too: it cost the most), and refused (429) while this client's hard questions fill
    ``REFEREE_RATE_LIMIT``.

    A cheap question touches no database: the counters are read and written only after a
    hard one. A process that finds the client's bucket full remembers until when (its
    :func:`_blocked_until`), so the next questions are refused before any work; another
    process learns it at the client's next hard question there (one more at most each)."""

    @wraps(view)
    def limited(*args: Params.args, **kwargs: Params.kwargs) -> Answer:
        bucket = f"addr:{client_address()}"
        wait = _blocked_for(bucket)
        if wait is not None:
            raise TooManyAttempts(REFEREE, wait)
        started = time.thread_time()
        try:
            return view(*args, **kwargs)
        finally:
            if time.thread_time() - started >= costly_seconds():
                _count_hard_question(bucket)

    return limited


def costly_seconds() -> float:
    value = current_app.config.get("REFEREE_COSTLY_SECONDS")
    return DEFAULT_COSTLY_SECONDS if value is None else float(value)


def _blocked_until() -> dict[str, float]:
    """This process's clients whose hard questions fill the limit: until when (monotonic)."""
    blocked: dict[str, float] = current_app.extensions.setdefault(_BLOCKED_KEY, {})
    return blocked


def _blocked_for(bucket: str) -> int | None:
    """Whole seconds until ``bucket`` may ask a hard question again, None if it may now."""
    until = _blocked_until().get(bucket)
    if until is None:
        return None
    left = until - time.monotonic()
    if left <= 0:
        _blocked_until().pop(bucket, None)
        return None
    return max(1, math.ceil(left))


def _count_hard_question(bucket: str) -> None:
    """Count a hard question in the shared store; when that fills the bucket (or it was
    full), remember until when, dropping the clients whose wait is over."""
    limit = configured_limit(REFEREE)
    hit(REFEREE.counter, bucket, limit)
    wait = seconds_until_free(REFEREE.counter, bucket, limit)
    if wait is None:
        return
    blocked = _blocked_until()
    now = time.monotonic()
    for other, until in list(blocked.items()):
        if until <= now:
            blocked.pop(other, None)
    blocked[bucket] = now + wait
