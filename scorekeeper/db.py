"""Database engine and sessions.

One engine per app. SQLite is configured for safety (WAL, ``synchronous=FULL``, a busy
timeout, foreign keys on) and write transactions start with ``BEGIN IMMEDIATE`` so that two
writers never deadlock on a lock upgrade. PostgreSQL is used as it comes.

Views get a request-scoped session from :func:`get_session`; it is closed at teardown.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections import deque
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

    gate = None if memory else WriterGate(f"{engine.url.database}-writers.lock")

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        # Writers ask for IMMEDIATE so the write lock is taken up front (no upgrade deadlock,
        # the busy timeout applies); readers use a deferred transaction and never block.
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        if gate is not None and mode == "IMMEDIATE":
            info = connection.connection.info
            if _GATE_KEY not in info:
                info[_GATE_KEY] = gate.enter()
        connection.exec_driver_sql(f"BEGIN {mode}")

    @event.listens_for(engine, "checkin")
    def checkin(_dbapi_connection: Any, record: Any) -> None:
        # The transaction has ended (the pool rolled back or it was committed): let the
        # next writer in.
        if gate is not None and _GATE_KEY in record.info:
            gate.leave(record.info.pop(_GATE_KEY))

    return engine


_GATE_KEY = "scorekeeper.writer_gate"


class WriterGate:
    """Lets SQLite writers in one at a time, in order of arrival, across threads and processes.

    SQLite's own busy handler makes a waiting writer sleep in growing steps (up to 100 ms), so
    under contention some writers wait far longer than others. The gate queues the writers of
    one process first come, first served, and hands over between processes with a lock file
    (``flock``), so each writer starts as soon as the previous one is done. It is only a
    courtesy: SQLite's lock still guards the data, and a writer that waits longer than the
    busy timeout goes on without the gate and lets SQLite decide.

    Between processes the turns alternate: a process's writer waiting for the lock file holds
    a shared lock on a second file (``<path>.waiting``); a writer that leaves while another
    process waits tells the next writer of its own process to let that one go first. Without
    this, a busy process would hand the lock from one of its threads to the next and keep the
    other processes waiting until its queue ran dry.
    """

    # How long a writer lets another process go first before it competes again.
    YIELD_LIMIT = 0.005

    def __init__(self, path: str, timeout: float = SQLITE_BUSY_TIMEOUT_MS / 1000) -> None:
        self.path = path
        self.waiting_path = f"{path}.waiting"
        self.timeout = timeout
        self._lock = threading.Lock()
        self._owner: int | None = None
        self._waiters: deque[tuple[int, threading.Event]] = deque()
        self._others_first = False  # the last writer left while another process waited

    def enter(self) -> int | None:
        """Wait for the turn of this thread; the lock file's descriptor, or None (no gate)."""
        me = threading.get_ident()
        deadline = time.monotonic() + self.timeout
        with self._lock:
            if self._owner == me:
                return None  # a second write connection in the same thread: SQLite decides
            if self._owner is None:
                self._owner = me
                waiter = None
            else:
                waiter = (me, threading.Event())
                self._waiters.append(waiter)
        if waiter is not None and not waiter[1].wait(self.timeout):
            with self._lock:
                if waiter in self._waiters:  # still waiting: give up on the gate
                    self._waiters.remove(waiter)
                    return None
        # This thread's turn in this process; now the turn among processes.
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            waiting = os.open(self.waiting_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            self._hand_over()
            return None
        try:
            if self._others_first:
                self._others_first = False
                self._let_others_go_first(waiting)
            fcntl.flock(waiting, fcntl.LOCK_SH)  # "a writer of this process is waiting"
            pause = 0.0001
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return fd
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        os.close(fd)
                        self._hand_over()
                        return None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.0005)
        finally:
            os.close(waiting)  # lets go of the shared lock

    def leave(self, fd: int | None) -> None:
        if fd is None:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
            self._others_first = self._waiters_elsewhere()
            self._hand_over()

    def _waiters_elsewhere(self) -> bool:
        """Whether a writer of another process waits (holds the shared lock)."""
        with self._lock:
            if not self._waiters:
                return False  # no writer of ours would go next: nothing to let go first
        try:
            probe = os.open(self.waiting_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return False
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return False
        except BlockingIOError:
            return True
        finally:
            os.close(probe)

    def _let_others_go_first(self, waiting: int) -> None:
        """Wait (briefly) until the writers waiting in other processes have had the lock."""
        give_up = time.monotonic() + self.YIELD_LIMIT
        while time.monotonic() < give_up:
            try:
                fcntl.flock(waiting, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(waiting, fcntl.LOCK_UN)
                return  # nobody waits any more: the other process has its turn
            except BlockingIOError:
                time.sleep(0.0001)

    def _hand_over(self) -> None:
        with self._lock:
            if self._waiters:
                owner, event = self._waiters.popleft()
                self._owner = owner
                event.set()
            else:
                self._owner = None


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
