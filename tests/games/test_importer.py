"""A large import holds the write lock a moment at a time, and a reader sees all of it or
nothing (issue 23, item 8), on SQLite and PostgreSQL.

The attack: one import held the database's write lock for the whole file (100,000 games:
20 s, and a game created meanwhile waited 19 s); imports were neither counted nor bounded.
Now a group's games are written a batch at a time, each batch a short transaction, hidden
until the last one; a file holds at most ``MAX_GAMES`` games; each client may import
``IMPORT_RATE_LIMIT`` files. (How long another writer waits is measured by
``benchmarks/leaderboard.py``, not here: this checks that it is not made to wait.)
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine, write_session
from scorekeeper.errors import Invalid, NotFound
from scorekeeper.games import importer, transfer
from scorekeeper.models import EditGrant, Game, Person, Player, PlayGroup, Round, utcnow
from tests.conftest import GameBuilder, make_app

COUNTED = (PlayGroup, Person, Game, Player, Round, EditGrant)


@pytest.fixture
def engine(db_app: Flask) -> Engine:
    return get_engine(db_app)


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


def counts(engine: Engine) -> tuple[int, ...]:
    with Session(engine) as session:
        return tuple(
            session.execute(select(func.count()).select_from(m)).scalar_one() for m in COUNTED
        )


def clones(
    session: Session, engine: Engine, new_game: GameBuilder, count: int, group_id: str = "c" * 22
) -> str:
    """A group file of ``count`` copies of one finished game, each with an id of its own."""
    group, _t = games.create_group(session, "Smiths", people=["Ann", "Bob"])
    new_game(session, ["Ann", "Bob"], [[None, 10]], group_id=group.id, rounds="all")
    data: dict[str, Any] = json.loads("".join(transfer.export_group_json(engine, group.id)))
    game = data["games"][0]
    data["group"]["id"] = group_id
    data["games"] = [dict(game, id=f"clone-{n:06d}-{group_id[:8]}") for n in range(count)]
    return json.dumps(data)


@pytest.fixture
def small_batches(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(importer, "WRITE_BATCH", 3)
    return 3


def test_between_batches_other_writers_write_and_readers_see_nothing(
    session: Session,
    engine: Engine,
    small_batches: int,
    monkeypatch: pytest.MonkeyPatch,
    new_game: GameBuilder,
) -> None:
    text = clones(session, engine, new_game, 4 * small_batches + 1)
    group_id = "c" * 22
    seen: list[tuple[Any, ...]] = []

    def after_a_batch() -> None:
        # Another device starts a game (it would wait for the whole file if the import held
        # the write lock), and a reader looks for the import (it must see none of it).
        with write_session(engine) as other:
            games.create_game(other, preset="liverpool", players=["Eve", "Fay"])
        with Session(engine) as reader:
            with pytest.raises(NotFound):
                games.load_group(reader, group_id)
            with pytest.raises(NotFound):
                games.load_game(reader, f"clone-{0:06d}-{group_id[:8]}")
            assert games.current_version(engine, f"clone-{0:06d}-{group_id[:8]}") is None
            hidden = reader.execute(
                select(func.count()).select_from(Game).where(Game.importing.is_(True))
            ).scalar_one()
            listed = [g.id for g in games.list_games(reader, limit=500)]
        seen.append((hidden, listed))

    real_flush = importer._Batches.flush

    def flush(self: Any) -> None:
        real_flush(self)  # a batch written, in a transaction of its own
        if not seen:
            after_a_batch()

    monkeypatch.setattr(importer._Batches, "flush", flush)
    with Session(engine, expire_on_commit=False) as other:
        done = transfer.import_json(other, text)
    assert done.games == 4 * small_batches + 1
    hidden, listed = seen[0]
    assert hidden == small_batches  # the first batch was written, and hidden
    assert not any(game_id.startswith("clone-") for game_id in listed)
    with Session(engine) as reader:
        assert games.load_group(reader, group_id).game_count == 4 * small_batches + 1
        assert games.load_game(reader, f"clone-{0:06d}-{group_id[:8]}").finished
        assert not reader.execute(select(Game).where(Game.importing.is_(True))).first()


def test_a_file_refused_after_batches_were_written_leaves_nothing(
    session: Session, engine: Engine, small_batches: int, new_game: GameBuilder
) -> None:
    data = json.loads(clones(session, engine, new_game, 3 * small_batches))
    data["games"][-1]["rounds"][0]["entries"][1]["points"] = 11  # found in the last batch
    before = counts(engine)
    with Session(engine) as other, pytest.raises(Invalid) as refused:
        transfer.import_json(other, json.dumps(data))
    assert "this entry scores 10, not 11" in refused.value.message
    assert counts(engine) == before


def test_a_file_that_breaks_off_after_batches_leaves_nothing(
    session: Session, engine: Engine, small_batches: int, new_game: GameBuilder
) -> None:
    text = clones(session, engine, new_game, 3 * small_batches)
    before = counts(engine)
    with Session(engine) as other, pytest.raises(Invalid):
        transfer.import_json(other, text[: len(text) - 200])
    assert counts(engine) == before


def test_a_file_past_the_cap_is_refused(
    session: Session,
    engine: Engine,
    small_batches: int,
    monkeypatch: pytest.MonkeyPatch,
    new_game: GameBuilder,
) -> None:
    assert importer.MAX_GAMES == 5_000  # README: "games in one imported file"
    monkeypatch.setattr(importer, "MAX_GAMES", 2 * small_batches)
    text = clones(session, engine, new_game, 2 * small_batches + 1)
    before = counts(engine)
    with Session(engine) as other, pytest.raises(Invalid) as refused:
        transfer.import_json(other, text)
    assert refused.value.message == (
        f"the file: it holds more than {2 * small_batches:,} games: an import takes at most "
        f"{2 * small_batches:,}"
    )
    assert counts(engine) == before


def test_an_import_cut_off_long_ago_is_cleared_by_the_next(
    session: Session,
    engine: Engine,
    small_batches: int,
    monkeypatch: pytest.MonkeyPatch,
    new_game: GameBuilder,
) -> None:
    """A process stopped midway leaves hidden rows; the next group import deletes them."""
    text = clones(session, engine, new_game, 2 * small_batches, "d" * 22)
    before = counts(engine)

    def stop(self: Any, *args: Any) -> str:
        raise KeyboardInterrupt  # the process is stopped before the last transaction

    with monkeypatch.context() as patched:
        patched.setattr(importer._Batches, "publish", stop)
        patched.setattr(importer._Batches, "discard", lambda self: None)  # no time to clean
        with Session(engine) as other, pytest.raises(KeyboardInterrupt):
            transfer.import_json(other, text)
    assert counts(engine) != before  # hidden rows left behind
    with write_session(engine) as other:
        other.execute(
            update(PlayGroup)
            .where(PlayGroup.id == "d" * 22)
            .values(importing_since=utcnow() - importer.STALE - timedelta(minutes=1))
        )
    with Session(engine) as other:  # the same file again: its ids are free once cleared
        done = transfer.import_json(other, text)
    assert done.games == 2 * small_batches
    with Session(engine) as reader:
        assert games.load_group(reader, "d" * 22).game_count == 2 * small_batches


def test_imports_are_counted_per_client(tmp_path: Any) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'rate.sqlite3'}", tmp_path, IMPORT_RATE_LIMIT="2/hour")
    client = app.test_client()
    made = client.post("/api/v1/games", json={"rules": "liverpool", "players": ["A", "B"]})
    exported = client.get(f"/api/v1/games/{made.get_json()['id']}/export.json").get_data()
    send = {"data": exported, "content_type": "application/json"}
    assert client.post("/api/v1/import", **send).status_code == 409  # here already: counted
    empty = client.post("/api/v1/import", data=b"{}", content_type="application/json")
    assert empty.status_code == 400
    refused = client.post("/api/v1/import", **send)
    assert refused.status_code == 429 and "Too many imports" in refused.get_json()["error"]
    page = client.post("/groups/import", data={"file": (io.BytesIO(exported), "g.json")})
    assert page.status_code == 429 and "Too many imports" in page.get_data(as_text=True)
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "198.51.100.9"
    assert elsewhere.post("/api/v1/import", **send).status_code == 409  # its own count
    get_engine(app).dispose()
