"""rule sets saved by a device, shared by an unguessable link

Revision ID: 0005_saved_rule_sets
Revises: 0002
Create Date: 2026-11-24 16:00:00

A new table only: nothing existing changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0005_saved_rule_sets"
down_revision: str | None = "0004_groups_and_people"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "savedruleset",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("share_token", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("device_hash", "name"),
        sa.UniqueConstraint("share_token"),
    )
    op.create_index(
        op.f("ix_savedruleset_device_hash"), "savedruleset", ["device_hash"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_savedruleset_device_hash"), table_name="savedruleset")
    op.drop_table("savedruleset")
