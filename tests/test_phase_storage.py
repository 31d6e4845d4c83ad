"""Phase games' storage: the migration that adds each result's phase and each seat's phases
completed, on SQLite and on a real PostgreSQL server. Rows written before it read as a game
played in rounds; the migration goes down and up again without loss."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import make_engine
from scorekeeper.migrate import alembic_config, current_revision, upgrade

BEFORE = "0007_imports_in_steps"
GAME = "oldgame000000000000000000000001"
AT = "2026-01-01 10:00:00"


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    made = make_engine(database_url)
    try:
        yield made
    finally:
        made.dispose()


def _old_game(engine: Engine) -> None:
    """A finished two-round game as 0007 stored it (one round, Ann out)."""
    with engine.begin() as c:
        c.execute(
            sa.text(
                "INSERT INTO game (id, title, preset, options, first_dealer, join_code, version, "
                "created_at, updated_at) VALUES (:g, '', 'liverpool', '{}', 0, 'ABCDEF', 2, "
                ":at, :at)"
            ),
            {"g": GAME, "at": AT},
        )
        for seat, name in enumerate(["Ann", "Bob"]):
            c.execute(
                sa.text("INSERT INTO player (game_id, seat, name) VALUES (:g, :s, :n)"),
                {"g": GAME, "s": seat, "n": name},
            )
        c.execute(
            sa.text(
                "INSERT INTO round (id, game_id, number, went_out_seat, cut_bonus, version, "
                "created_at, updated_at) VALUES (1, :g, 1, 0, false, 1, :at, :at)"
            ),
            {"g": GAME, "at": AT},
        )
        for seat, points in enumerate([0, 25]):
            c.execute(
                sa.text(
                    "INSERT INTO entry (round_id, seat, went_out, points, hand_points, bought) "
                    "VALUES (1, :s, :o, :p, :p, 0)"
                ),
                {"s": seat, "o": seat == 0, "p": points},
            )


def test_rows_before_phase_games_read_as_a_game_in_rounds(engine: Engine) -> None:
    upgrade(engine, BEFORE)
    _old_game(engine)
    upgrade(engine)
    with engine.connect() as c:
        entries = c.execute(sa.text("SELECT phase, phase_done FROM entry ORDER BY seat")).all()
        seats = c.execute(sa.text("SELECT phases_done FROM player ORDER BY seat")).all()
    assert [tuple(e) for e in entries] == [(None, None), (None, None)]
    assert [tuple(s) for s in seats] == [(None,), (None,)]
    with Session(engine) as session:
        view = games.load_game(session, GAME)
    assert view.totals == (0, 25)
    assert view.phases is None
    answer = view.as_dict()
    assert answer["phases"] is None
    assert (
        answer["rounds"][0]["results"][1] | {"phase": None, "phase_done": None}
        == (answer["rounds"][0]["results"][1])
    )


def test_the_migration_goes_down_and_up_again(engine: Engine) -> None:
    upgrade(engine, BEFORE)
    _old_game(engine)
    upgrade(engine)
    from alembic import command

    command.downgrade(alembic_config(engine), BEFORE)
    assert current_revision(engine) == BEFORE
    with engine.connect() as c:
        columns = {col["name"] for col in sa.inspect(c).get_columns("entry")}
        assert "phase" not in columns
        # the seat's copy of its game's end still follows the game (the triggers survived)
        c.execute(sa.text("UPDATE game SET finished_at = :at"), {"at": AT})
        c.execute(
            sa.text("INSERT INTO player (game_id, seat, name) VALUES (:g, 2, 'Cy')"), {"g": GAME}
        )
        ends = c.execute(sa.text("SELECT finished_at FROM player ORDER BY seat")).scalars().all()
        c.commit()
    assert all(end is not None for end in ends)
    upgrade(engine)
    head = ScriptDirectory.from_config(alembic_config(engine)).get_current_head()
    assert head is not None and head >= "0009_group_language"
    assert current_revision(engine) == head
