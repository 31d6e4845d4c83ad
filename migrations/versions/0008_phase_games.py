"""phase games: each result's phase, each seat's phases completed

Revision ID: 0008_phase_games
Revises: 0007_imports_in_steps
Create Date: 2026-12-02 10:00:00

Three columns, each empty (NULL) for every row already there, which reads as a game played
in rounds, so nothing existing changes: ``entry.phase`` (the phase played) and
``entry.phase_done`` (whether it was completed), and ``player.phases_done`` (the phases a
seat completed, for the leaderboards). The leaderboard's index gains ``phases_done`` so that
it still reads the index alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_phase_games"
down_revision: str | None = "0007_imports_in_steps"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_INDEX = (
    *("person_id", "finished_at", "game_id"),
    *("won", "total", "rounds", "went_out", "exact_cuts"),
)
NEW_INDEX = (*OLD_INDEX, "phases_done")


def upgrade() -> None:
    op.add_column("entry", sa.Column("phase", sa.Integer(), nullable=True))
    op.add_column("entry", sa.Column("phase_done", sa.Boolean(), nullable=True))
    op.add_column("player", sa.Column("phases_done", sa.Integer(), nullable=True))
    op.drop_index("ix_player_person_finished", table_name="player")
    op.create_index("ix_player_person_finished", "player", list(NEW_INDEX), unique=False)


def downgrade() -> None:
    # Not in batch mode: SQLite (3.35 and later) drops a column in place, where a batch's
    # copy of ``player`` would trip over the triggers that name it (0004).
    op.drop_index("ix_player_person_finished", table_name="player")
    op.drop_column("player", "phases_done")
    op.create_index("ix_player_person_finished", "player", list(OLD_INDEX), unique=False)
    op.drop_column("entry", "phase_done")
    op.drop_column("entry", "phase")
