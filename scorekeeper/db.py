"""Database engine and sessions.

One engine per app. SQLite is configured for safety (WAL, ``synchronous=FULL``, a busy
timeout, foreign keys on) and write transactions start with ``BEGIN IMMEDIATE`` so that two
writers never deadlock on a lock upgrade. PostgreSQL is used as it comes.

Views get a request-scoped session from :func:`get_session`; it is closed at teardown.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, SQLModel, create_engine

SQLITE_BUSY_TIMEOUT_MS = 30_000
_ENGINE_KEY = "scorekeeper.engine"


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with this app's connection settings."""
    if url.startswith("sqlite"):
        return _sqlite_engine(url)
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def _sqlite_engine(url: str) -> Engine:
    memory = url in ("sqlite://", "sqlite:///:memory:")
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
        poolclass=StaticPool if memory else None,
    )

    @event.listens_for(engine, "connect")
    def configure(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from the sqlite3 module: we issue BEGIN ourselves.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        # Writers ask for IMMEDIATE so the write lock is taken up front (no upgrade deadlock,
        # the busy timeout applies); readers use a deferred transaction and never block.
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")

    return engine


def init_app(app: Flask) -> None:
    app.extensions[_ENGINE_KEY] = make_engine(app.config["DATABASE_URL"])
    app.teardown_appcontext(close_session)


def get_engine(app: Flask | None = None) -> Engine:
    engine: Engine = (app or current_app).extensions[_ENGINE_KEY]
    return engine


def get_session() -> Session:
    """The request's session, opened on first use."""
    if "db_session" not in g:
        g.db_session = Session(get_engine(), expire_on_commit=False)
    session: Session = g.db_session
    return session


def close_session(_exc: BaseException | None = None) -> None:
    session: Session | None = g.pop("db_session", None)
    if session is not None:
        session.close()


def begin_write(session: Session) -> None:
    """Start the session's transaction as a write (``BEGIN IMMEDIATE`` on SQLite).

    Call before the first read of a read-modify-write, so the data read cannot change
    before the write.
    """
    if not session.in_transaction():
        session.connection(execution_options={"sqlite_begin": "IMMEDIATE"})


@contextmanager
def write_session(engine: Engine | None = None) -> Iterator[Session]:
    """A session whose work is committed as one transaction, or rolled back on error."""
    with Session(engine or get_engine(), expire_on_commit=False) as session:
        begin_write(session)
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


def create_all(engine: Engine) -> None:
    """Create every table directly (tests); real databases go through migrations."""
    from . import models  # noqa: F401  (registers the tables)

    SQLModel.metadata.create_all(engine)
