"""down and out in one turn: a mark on the result of the player who went out

Revision ID: 0010_down_and_out
Revises: 0009_group_language
Create Date: 2026-12-07 23:20:00

One column, ``entry.down_and_out``: whether the player who went out laid down and went out
in the same turn (the rule set's ``one_turn_bonus``, Continental's -10, is then in the
entry's points). False for every row already there: nobody could mark it before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_down_and_out"
down_revision: str | None = "0009_group_language"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "entry",
        sa.Column("down_and_out", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("entry", "down_and_out")
