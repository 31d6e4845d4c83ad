"""idempotency keys scoped to their sender, with the request's fingerprint; device grants

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 13:00:00

Edit rights given to a browser are tied to the browser's id (``editgrant.device_hash``)
instead of tokens kept in its cookie. Existing grants keep working: a browser that still
carries tokens in its cookie has them moved to its id on its next visit.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable columns and an index: added in place on SQLite and PostgreSQL alike.
    op.add_column(
        "idempotencyrecord",
        sa.Column("request_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    )
    op.add_column(
        "editgrant",
        sa.Column("device_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    )
    op.create_index(op.f("ix_editgrant_device_hash"), "editgrant", ["device_hash"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_editgrant_device_hash"), table_name="editgrant")
    with op.batch_alter_table("editgrant") as table:
        table.drop_column("device_hash")
    with op.batch_alter_table("idempotencyrecord") as table:
        table.drop_column("request_hash")
