"""Configuration: defaults, then ``SCOREKEEPER_*`` environment variables, then the mapping
given to ``create_app`` (the same keys without the prefix)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .rules import budget as referee_budget

ENV_PREFIX = "SCOREKEEPER_"

DEFAULTS: dict[str, Any] = {
    # sqlite file in the instance folder unless set; postgresql+psycopg://... for PostgreSQL
    "DATABASE_URL": None,
    "SECRET_KEY": None,
    # The folder for the default SQLite file and the kept secret key; unset: Flask's choice,
    # "instance" beside the package. Read when the app is made (Flask takes it then).
    "INSTANCE_PATH": None,
    # Join-code attempts one client (address) may make (all games together).
    "JOIN_RATE_LIMIT": "10 per minute",
    # Score sheets one client may have rendered (a sheet already rendered is not counted).
    "PDF_RATE_LIMIT": "30 per minute",
    # Imports one client may make (a refused file counts too): a family restores a backup
    # now and then; each file may hold thousands of games, up to 11 s of CPU (5,000 games).
    "IMPORT_RATE_LIMIT": "5 per hour",
    # Games one client may start (page, API, play again, a group's): a club night of ten
    # tables behind one address starts a few dozen; a script at the old pace, 100 in 8 s of
    # 33 KB each, 1.4 GB an hour, is stopped at 60 (2 MB).
    "NEW_GAME_RATE_LIMIT": "60 per hour",
    # Hard referee questions one client may ask (API and pages): those that cost their
    # request more than REFEREE_COSTLY_SECONDS of CPU. A table asks one now and then (a hand
    # after many buys); a script sending the hardest it can find is held to 20 CPU-seconds
    # a minute at most (a question is bounded to about a second).
    "REFEREE_RATE_LIMIT": "20 per minute",
    # A question cheaper than this (CPU seconds) is not counted: a tap in the referee's card
    # picker asks again, and an ordinary hand is answered in a few milliseconds.
    "REFEREE_COSTLY_SECONDS": 0.05,
    # Storage of rate-limit counters: "database" (shared by every process using the same
    # database) or a Flask-Limiter storage URI such as redis://localhost:6379.
    "RATELIMIT_STORAGE": "database",
    # The largest request body accepted (bytes). The largest real ones, an 8-player round with
    # every hand typed as cards or a referee question with its most cards, are under 8 KiB.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    # Set true when served over HTTPS (adds Secure to cookies).
    "SECURE_COOKIES": False,
    "WTF_CSRF_TIME_LIMIT": 12 * 3600,
    # How often every page showing a game (the game page, a round being edited, the watch
    # board, the history) asks whether the game changed (static/js/live.js). Each ask is a
    # 204 costing one primary-key lookup; 1 s shows another device's change within about
    # 1.5 s, inside the 2 s a table needs. Between 0.25 and 60.
    "LIVE_POLL_SECONDS": 1.0,
    # The referee's bounds on one request (scorekeeper/rules/budget.py): its steps (past
    # them: 422 "too hard"), the CPU seconds of the thread answering it (the backstop, 422
    # too), and the wall clock, the last resort for a machine so busy that a question within
    # them waits too long for a core (503, try again): far away, so the load alone does not
    # refuse a family's hard question.
    "REFEREE_STEPS": referee_budget.DEFAULT_STEPS,
    "REFEREE_CPU_SECONDS": referee_budget.DEFAULT_CPU_SECONDS,
    "REFEREE_SECONDS": referee_budget.DEFAULT_SECONDS,
    # How many reverse proxies in front of the app set X-Forwarded-For/-Proto (0: none).
    # Needed for per-client rate limits and HTTPS detection behind a proxy.
    "TRUSTED_PROXIES": 0,
    "HOST": "127.0.0.1",
    "PORT": 8000,
    "WORKERS": 2,
    # Threads per worker: more than the CPUs, since a request mostly waits (socket, database).
    # With 8 rather than 4, a worker that has been given more keep-alive connections than it
    # has threads does not queue their requests (benchmarks/web.py, 10 clients on 2 workers:
    # round entry about 300 instead of 220 writes/s, p99 36-54 ms instead of 42-76 ms).
    "THREADS": 8,
}

_INT_KEYS = {
    "MAX_CONTENT_LENGTH",
    "WTF_CSRF_TIME_LIMIT",
    "PORT",
    "WORKERS",
    "THREADS",
    "TRUSTED_PROXIES",
    "REFEREE_STEPS",
}
_FLOAT_KEYS = {
    "LIVE_POLL_SECONDS",
    "REFEREE_COSTLY_SECONDS",
    "REFEREE_CPU_SECONDS",
    "REFEREE_SECONDS",
}
_BOOL_KEYS = {"SECURE_COOKIES", "SESSION_COOKIE_HTTPONLY", "TESTING"}


def from_environment(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The ``SCOREKEEPER_*`` variables, prefix removed, converted to the key's type."""
    environ = os.environ if environ is None else environ
    found: dict[str, Any] = {}
    for name, value in environ.items():
        if not name.startswith(ENV_PREFIX):
            continue
        key = name[len(ENV_PREFIX) :]
        if key in _INT_KEYS:
            found[key] = int(value)
        elif key in _FLOAT_KEYS:
            found[key] = float(value)
        elif key in _BOOL_KEYS:
            found[key] = value.strip().lower() in {"1", "true", "yes", "on"}
        else:
            found[key] = value
    return found


def normalize_database_url(url: str) -> str:
    """Use the psycopg 3 driver for plain ``postgres://`` and ``postgresql://`` URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def instance_path(*settings: Mapping[str, Any] | None) -> str | None:
    """The INSTANCE_PATH setting, the last one given, made absolute (Flask wants it so)."""
    chosen = [found["INSTANCE_PATH"] for found in settings if found and found.get("INSTANCE_PATH")]
    return os.path.abspath(chosen[-1]) if chosen else None


def default_database_url(instance_path: str) -> str:
    return f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite3'}"


def persistent_secret_key(instance_path: str) -> str:
    """A random secret key kept in the instance folder, so sessions survive a restart.

    Several processes on several machines must share ``SCOREKEEPER_SECRET_KEY`` instead.
    """
    path = Path(instance_path) / "secret_key"
    try:
        existing = path.read_text().strip()
    except FileNotFoundError:
        existing = ""
    if existing:
        return existing
    key = secrets.token_hex(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Create exclusively so that two processes starting together agree on one key.
    try:
        with open(path, "x") as handle:
            handle.write(key)
    except FileExistsError:
        return path.read_text().strip()
    os.chmod(path, 0o600)
    return key
