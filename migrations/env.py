"""Alembic environment: the engine comes from the app (``scorekeeper.migrate``)."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import scorekeeper.models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata
engine = context.config.attributes["engine"]

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
