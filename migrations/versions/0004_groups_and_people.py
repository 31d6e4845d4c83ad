"""groups of people across games: playgroup, person, groupgrant; game.group_id,
player.person_id and each seat's result

Revision ID: 0004_groups_and_people
Revises: 0003_game_rule_documents
Create Date: 2026-11-24 16:30:00

Existing games stay as they are (in no group). Each seat's result columns (total, rounds,
times went out, exact cuts, place, won) are filled in from the saved rounds, so games already
played count as soon as they are put in a group.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0004_groups_and_people"
down_revision: str | None = "0003_game_rule_documents"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RESULT_COLUMNS = ("total", "rounds", "went_out", "exact_cuts", "place", "won")
RESULT_INDEX = (
    *("person_id", "finished_at", "game_id"),
    *("won", "total", "rounds", "went_out", "exact_cuts"),
)

# ``player.finished_at`` copies its game's end (the leaderboard reads one index, without
# joining each seat to its game); these triggers keep the copy for every writer. The same
# as scorekeeper.models.PLAYER_END_TRIGGERS, written out so that later changes to the
# models cannot change this migration.
END_TRIGGERS: dict[str, tuple[str, ...]] = {
    "sqlite": (
        "CREATE TRIGGER game_end_to_players AFTER UPDATE OF finished_at ON game "
        "WHEN OLD.finished_at IS NOT NEW.finished_at BEGIN "
        "UPDATE player SET finished_at = NEW.finished_at WHERE game_id = NEW.id; END",
        "CREATE TRIGGER player_takes_game_end AFTER INSERT ON player "
        "WHEN NEW.finished_at IS NOT (SELECT finished_at FROM game WHERE id = NEW.game_id) "
        "BEGIN UPDATE player SET finished_at = "
        "(SELECT finished_at FROM game WHERE id = NEW.game_id) WHERE id = NEW.id; END",
    ),
    "postgresql": (
        "CREATE OR REPLACE FUNCTION game_end_to_players() RETURNS trigger LANGUAGE plpgsql "
        "AS $$ BEGIN UPDATE player SET finished_at = NEW.finished_at WHERE game_id = NEW.id; "
        "RETURN NULL; END $$",
        "CREATE TRIGGER game_end_to_players AFTER UPDATE OF finished_at ON game FOR EACH ROW "
        "WHEN (OLD.finished_at IS DISTINCT FROM NEW.finished_at) "
        "EXECUTE FUNCTION game_end_to_players()",
        "CREATE OR REPLACE FUNCTION player_takes_game_end() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN "
        "NEW.finished_at := (SELECT finished_at FROM game WHERE id = NEW.game_id); "
        "RETURN NEW; END $$",
        "CREATE TRIGGER player_takes_game_end BEFORE INSERT ON player FOR EACH ROW "
        "EXECUTE FUNCTION player_takes_game_end()",
    ),
}
DROP_END_TRIGGERS: dict[str, tuple[str, ...]] = {
    "sqlite": (
        "DROP TRIGGER IF EXISTS game_end_to_players",
        "DROP TRIGGER IF EXISTS player_takes_game_end",
    ),
    "postgresql": (
        "DROP TRIGGER IF EXISTS game_end_to_players ON game",
        "DROP TRIGGER IF EXISTS player_takes_game_end ON player",
        "DROP FUNCTION IF EXISTS game_end_to_players()",
        "DROP FUNCTION IF EXISTS player_takes_game_end()",
    ),
}


def upgrade() -> None:
    op.create_table(
        "playgroup",
        sa.Column("id", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("join_code", sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.String(length=32), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("name_key", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["playgroup.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("group_id", "name_key"),
    )
    op.create_table(
        "groupgrant",
        sa.Column("token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("group_id", sa.String(length=32), nullable=False),
        sa.Column("label", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("device_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.ForeignKeyConstraint(["group_id"], ["playgroup.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    op.create_index(op.f("ix_groupgrant_group_id"), "groupgrant", ["group_id"], unique=False)
    op.create_index(op.f("ix_groupgrant_device_hash"), "groupgrant", ["device_hash"], unique=False)
    # Added in place (no batch copy of the tables: on SQLite, copying ``game`` would drop it
    # and cascade the drop to its players). SQLite takes a foreign key in ADD COLUMN.
    # No foreign key (see models.Game.group_id): added in place, never a copy of ``game``.
    op.add_column("game", sa.Column("group_id", sa.String(length=32), nullable=True))
    op.create_index("ix_game_group_finished", "game", ["group_id", "finished_at"], unique=False)
    # batch mode: SQLite adds a foreign key by copying the table (nothing references
    # ``player``, so the copy loses nothing).
    with op.batch_alter_table("player") as table:
        table.add_column(sa.Column("person_id", sa.Integer(), nullable=True))
        for name in RESULT_COLUMNS[:-1]:
            default = "1" if name == "place" else "0"
            table.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default=default))
        table.add_column(sa.Column("won", sa.Boolean(), nullable=False, server_default=sa.false()))
        table.add_column(
            sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        table.create_foreign_key(
            "fk_player_person_id_person", "person", ["person_id"], ["id"], ondelete="SET NULL"
        )
    # A person's finished games by date with every figure the leaderboard sums: the
    # leaderboard and a person's page read this index alone, a date range is a range of it.
    op.create_index("ix_player_person_finished", "player", list(RESULT_INDEX), unique=False)
    # A person's best and worst games: an exact look-up of their lowest and highest total.
    op.create_index(
        "ix_player_person_total",
        "player",
        ["person_id", "total", "finished_at", "game_id"],
        unique=False,
    )
    _fill_results()
    # After the batch above: SQLite's copy of ``player`` would drop triggers made before it.
    for statement in END_TRIGGERS.get(op.get_bind().dialect.name, ()):
        op.execute(statement)


# Each saved seat's result, from its rounds (as scorekeeper.games.results computes it; plain
# SQL, so later changes to the models cannot break this migration).
_SEATS = "(SELECT COUNT(*) FROM player p2 WHERE p2.game_id = player.game_id)"
_FILL_RESULTS = (
    "UPDATE player SET "
    "total = COALESCE((SELECT SUM(e.points) FROM entry e JOIN round r ON r.id = e.round_id "
    "WHERE r.game_id = player.game_id AND e.seat = player.seat), 0), "
    "rounds = (SELECT COUNT(*) FROM round r WHERE r.game_id = player.game_id), "
    "went_out = (SELECT COUNT(*) FROM round r "
    "WHERE r.game_id = player.game_id AND r.went_out_seat = player.seat), "
    "exact_cuts = (SELECT COUNT(*) FROM round r JOIN game g ON g.id = r.game_id "
    "WHERE r.game_id = player.game_id AND r.cut_bonus "
    f"AND ((g.first_dealer + r.number - 2) % {_SEATS} + {_SEATS}) % {_SEATS} = player.seat)",
    "UPDATE player SET place = 1 + (SELECT COUNT(*) FROM player p2 "
    "WHERE p2.game_id = player.game_id AND p2.total < player.total)",
    "UPDATE player SET won = (place = 1 AND EXISTS (SELECT 1 FROM game g "
    "WHERE g.id = player.game_id AND g.finished_at IS NOT NULL))",
    "UPDATE player SET finished_at = (SELECT g.finished_at FROM game g "
    "WHERE g.id = player.game_id)",
)


def _fill_results() -> None:
    for statement in _FILL_RESULTS:
        op.execute(statement)


def downgrade() -> None:
    for statement in DROP_END_TRIGGERS.get(op.get_bind().dialect.name, ()):
        op.execute(statement)
    op.drop_index("ix_player_person_total", table_name="player")
    op.drop_index("ix_player_person_finished", table_name="player")
    op.drop_index("ix_game_group_finished", table_name="game")
    # batch mode drops the columns with their foreign keys (SQLite copies the table).
    with op.batch_alter_table("player") as table:
        for name in ("finished_at", *reversed(RESULT_COLUMNS), "person_id"):
            table.drop_column(name)
    with op.batch_alter_table("game") as table:
        table.drop_column("group_id")
    op.drop_index(op.f("ix_groupgrant_device_hash"), table_name="groupgrant")
    op.drop_index(op.f("ix_groupgrant_group_id"), table_name="groupgrant")
    op.drop_table("groupgrant")
    op.drop_table("person")
    op.drop_table("playgroup")
