"""Schema migrations with Alembic, run from code (``scorekeeper upgrade``, ``serve``, tests).

Several servers may start at the same moment on one database (a cluster starting its
replicas): each runs the migrations at start-up. They run one server at a time, in one
transaction that first takes the database's migration lock (:func:`migration_lock`), so the
second server waits, then finds the schema up to date and does nothing. Without the lock both
read "no schema yet" and both create the tables; one died on a duplicate type or version row.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from .paths import migrations_dir

# The key of the PostgreSQL advisory lock the migrations run under: any number no other
# program on the database uses for a lock of its own ("Scorekeeper migrations", as bytes).
MIGRATION_LOCK_KEY = int.from_bytes(b"SK-migr", "big")


def alembic_config(engine: Engine, connection: Connection | None = None) -> Config:
    """Alembic's settings for ``engine``; given ``connection``, the migrations run on it (in
    its transaction) instead of on a connection of their own (``migrations/env.py``)."""
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.attributes["engine"] = engine
    config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database schema up to ``revision``, keeping every saved game; one server at
    a time (:func:`migration_lock`)."""
    with migration_lock(engine) as connection:
        command.upgrade(alembic_config(engine, connection), revision)


@contextmanager
def migration_lock(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that holds the database's migration lock, committed at
    the end (rolled back on error), which lets the lock go.

    PostgreSQL: an advisory lock held until the transaction ends (``pg_advisory_xact_lock``;
    its DDL is transactional, so the migrations commit together). SQLite: its own write lock,
    taken when the transaction begins (``BEGIN IMMEDIATE``, see :mod:`scorekeeper.db`), before
    the schema's version is read. Whoever comes second waits here (PostgreSQL as long as it
    takes; SQLite up to its busy timeout).
    """
    with engine.connect() as connection:
        if connection.dialect.name == "postgresql":
            lock = text("SELECT pg_advisory_xact_lock(:key)")
            connection.execute(lock, {"key": MIGRATION_LOCK_KEY})
        else:
            connection.execution_options(sqlite_begin="IMMEDIATE")
            connection.exec_driver_sql("SELECT 1")  # begins the transaction: the write lock
        try:
            yield connection
        except BaseException:
            connection.rollback()
            raise
        connection.commit()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
