"""idempotency keys of the requests that make a group (POST /groups, an import of a group)

Revision ID: 0006_group_request_keys
Revises: 0005_saved_rule_sets
Create Date: 2026-11-26 10:00:00

A new table only: nothing existing changes. (A game's keys stay in ``idempotencyrecord``,
whose rows belong to a game.)
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0006_group_request_keys"
down_revision: str | None = "0005_saved_rule_sets"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "groupidempotencyrecord",
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("request_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("group_id", sa.String(length=32), nullable=False),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["playgroup.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("groupidempotencyrecord")
