"""imports written in short transactions, hidden until done

Revision ID: 0007_imports_in_steps
Revises: 0006_group_request_keys
Create Date: 2026-11-27 21:00:00

Two columns, each empty for every row already there (so nothing existing changes):
``playgroup.importing_since`` (when an import still writing the group began) and
``game.importing`` (false: the game is there). An import writes a group's games a batch at
a time, each in a short transaction, with both set, and its last transaction clears them.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0007_imports_in_steps"
down_revision: str | None = "0006_group_request_keys"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "playgroup",
        sa.Column("importing_since", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    )
    op.add_column(
        "game",
        sa.Column("importing", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("importing")
    with op.batch_alter_table("playgroup") as batch:
        batch.drop_column("importing_since")
