"""a group's language

Revision ID: 0009_group_language
Revises: 0008_phase_games
Create Date: 2026-12-05 10:00:00

One column, ``playgroup.language``: the language the group's pages speak ("es", "de"), empty
(NULL) for every group already there, which reads as each reader's own language, so nothing
existing changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_group_language"
down_revision: str | None = "0008_phase_games"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("playgroup", sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    op.drop_column("playgroup", "language")
