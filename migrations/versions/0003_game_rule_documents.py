"""each game keeps the whole rule set it was started with (game.rule_document)

Revision ID: 0003_game_rule_documents
Revises: 0002
Create Date: 2026-11-24 16:10:00

Every existing game gets the document of the rules it is played by today, rebuilt from its
preset and its house-rule overrides, so nothing about a game already played changes; from
then on the game reads its rules from the document, and a later change to a preset leaves it
alone. A game whose rules can no longer be built (a preset since removed) keeps an empty
document and goes on being read from its preset, as before.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_game_rule_documents"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 500


def upgrade() -> None:
    op.add_column("game", sa.Column("rule_document", sa.Text(), nullable=True))
    _fill_documents(op.get_bind())


def _fill_documents(connection: sa.Connection) -> None:
    """Each game's document, from its preset and options, a batch of games at a time."""
    from scorekeeper.rules import RulesError, build_rules, to_document

    game = sa.table(
        "game",
        sa.column("id", sa.String),
        sa.column("preset", sa.String),
        sa.column("options", sa.Text),
        sa.column("rule_document", sa.Text),
    )
    rows = connection.execute(sa.select(game.c.id, game.c.preset, game.c.options)).all()
    built: dict[tuple[str, str], str | None] = {}  # most games share a few rule sets
    for start in range(0, len(rows), BATCH):
        for game_id, preset, options in rows[start : start + BATCH]:
            key = (preset, options or "{}")
            if key not in built:
                try:
                    rules = build_rules(preset, json.loads(key[1]))
                    built[key] = json.dumps(to_document(rules), sort_keys=True)
                except (RulesError, ValueError):
                    built[key] = None
            connection.execute(
                game.update().where(game.c.id == game_id).values(rule_document=built[key])
            )


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("rule_document")
