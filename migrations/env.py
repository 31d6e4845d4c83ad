"""Alembic environment: the engine, or the connection to migrate on, comes from the app
(``scorekeeper.migrate``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

import scorekeeper.models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


given = context.config.attributes.get("connection")
if given is not None:
    # Already in a transaction holding the migration lock: its owner commits it.
    run_migrations(given)
else:
    with context.config.attributes["engine"].connect() as connection:
        run_migrations(connection)
        connection.commit()
