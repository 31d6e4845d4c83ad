"""Migrations produce exactly the models' schema; ``scorekeeper upgrade`` creates a database;
the app works when installed from a built wheel, not only from the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import Session, SQLModel

from scorekeeper import cli, games
from scorekeeper.db import make_engine, write_session
from scorekeeper.migrate import current_revision, upgrade
from scorekeeper.rules.scoring import PlayerResult

ROOT = Path(__file__).resolve().parent.parent


def test_migrations_match_the_models(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, SQLModel.metadata)
        assert differences == []
        assert current_revision(engine) is not None
    finally:
        engine.dispose()


def test_upgrade_keeps_saved_games(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        with write_session(engine) as session:
            view, _token = games.create_game(
                session, preset="liverpool", players=["Ann", "Bob"], first_dealer=0
            )
            rounds = games.RoundInput((PlayerResult(went_out=True), PlayerResult(points=25)))
            games.add_round(session, view.id, 1, rounds)
        upgrade(engine)  # again: nothing to do, nothing lost
        with Session(engine) as session:
            assert games.load_game(session, view.id).totals == (0, 25)
    finally:
        engine.dispose()


def test_cli_upgrade_creates_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    path = tmp_path / "fresh" / "scores.sqlite3"
    path.parent.mkdir()
    assert cli.main(["--database-url", f"sqlite:///{path}", "upgrade"]) == 0
    assert path.exists()
    assert "Database ready" in capsys.readouterr().out
    engine = make_engine(f"sqlite:///{path}")
    try:
        assert current_revision(engine) is not None
    finally:
        engine.dispose()


@pytest.mark.slow
def test_console_script_upgrade(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "scorekeeper"
    if not script.exists():
        pytest.skip("the scorekeeper console script is not installed in this environment")
    path = tmp_path / "cli.sqlite3"
    env = os.environ | {"SCOREKEEPER_DATABASE_URL": f"sqlite:///{path}"}
    env["SCOREKEEPER_SECRET_KEY"] = "test"
    # Not the default beside the package: the checkout's instance/ (an empty folder in a
    # fresh clone made the run fail its checkout check).
    env["SCOREKEEPER_INSTANCE_PATH"] = str(tmp_path / "instance")
    done = subprocess.run(
        [str(script), "upgrade"], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert path.exists()


WHEEL_CHECK = textwrap.dedent(
    """
    import json, sys
    import scorekeeper
    from scorekeeper import create_app
    from scorekeeper.db import get_engine
    from scorekeeper.migrate import upgrade

    app = create_app({"DATABASE_URL": sys.argv[1], "SECRET_KEY": "x", "TESTING": True})
    upgrade(get_engine(app))
    client = app.test_client()
    home = client.get("/")
    created = client.post(
        "/api/v1/games", json={"rules": "liverpool", "players": ["Ann", "Bob"]}
    )
    game = created.get_json()
    page = client.get("/games/" + game["id"])
    print(json.dumps({
        "file": scorekeeper.__file__,
        "home": home.status_code,
        "htmx": client.get("/static/vendor/htmx-2.0.8.min.js").status_code,
        "created": created.status_code,
        "game": client.get("/api/v1/games/" + game["id"]).status_code,
        "page": page.status_code,
        "page_has_names": "Ann" in page.get_data(as_text=True),
        "spanish": "Hojas de puntuación en blanco" in client.get(
            "/", headers={"Accept-Language": "es"}
        ).get_data(as_text=True),
    }))
    """
)


@pytest.mark.slow
def test_the_app_works_installed_from_a_wheel(tmp_path: Path) -> None:
    """Built from a clean copy of the checkout (no compiled catalogues, as in a fresh clone):
    the build hook compiles them, and the installed app speaks Spanish."""
    checkout = tmp_path / "checkout"
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, tracked.split("\0")):
        target = checkout / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_file():
            target.write_bytes((ROOT / name).read_bytes())
    assert not list(checkout.rglob("*.mo"))
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(checkout)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("scorekeeper-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        catalogues = {n for n in archive.namelist() if n.endswith("messages.mo")}
    assert catalogues == {
        f"scorekeeper/translations/{language}/LC_MESSAGES/messages.mo" for language in ("de", "es")
    }
    site = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), wheel],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["PYTHONPATH"] = str(site)
    done = subprocess.run(
        [sys.executable, "-c", WHEEL_CHECK, f"sqlite:///{tmp_path / 'wheel.sqlite3'}"],
        cwd=run_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    import json

    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert Path(result["file"]).is_relative_to(site), result
    assert result["home"] == 200 and result["htmx"] == 200, result
    assert result["created"] == 201 and result["game"] == 200, result
    if result["page"] != 404:  # the game page is being built alongside
        assert result["page"] == 200 and result["page_has_names"], result
    assert result["spanish"], result


# --- 0003: each game keeps the whole rule set it was started with -----------------------------


def _rule_documents_migration() -> Any:
    import importlib.util

    path = ROOT / "migrations" / "versions" / "0003_game_rule_documents.py"
    spec = importlib.util.spec_from_file_location("rule_documents_migration", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _insert_old_game(engine: Any, game_id: str, preset: str, options: str) -> None:
    """A game as the schema before 0003 held it: a preset and options, two seats."""
    import sqlalchemy as sa

    now = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO game (id, title, preset, options, first_dealer, join_code, version, "
                "created_at, updated_at) VALUES (:id, '', :preset, :options, 0, :code, 1, :now, "
                ":now)"
            ),
            {"id": game_id, "preset": preset, "options": options, "code": game_id[:8], "now": now},
        )
        for seat, name in enumerate(["Ann", "Bob"]):
            connection.execute(
                sa.text("INSERT INTO player (game_id, seat, name) VALUES (:game, :seat, :name)"),
                {"game": game_id, "seat": seat, "name": name},
            )


def test_upgrade_gives_every_game_its_rule_document(database_url: str) -> None:
    """Games saved before 0003 get the document of the rules they were played by: their
    preset with their options, without loss."""
    import json

    import sqlalchemy as sa

    from scorekeeper.rules import build_rules, from_document, to_document

    migration = _rule_documents_migration()
    engine = make_engine(database_url)
    try:
        upgrade(engine, migration.down_revision)
        _insert_old_game(engine, "oldfamily0000000000000000000001", "family", '{"cut_bonus": -50}')
        _insert_old_game(engine, "oldliverpool00000000000000000002", "liverpool", "{}")
        upgrade(engine)
        assert current_revision(engine) is not None
        with engine.connect() as connection:
            stored = dict(connection.execute(sa.text("SELECT id, rule_document FROM game")).all())
        family = build_rules("family", {"cut_bonus": -50})
        document = json.loads(stored["oldfamily0000000000000000000001"])
        assert document == to_document(family)
        assert from_document(document) == family
        with Session(engine) as session:
            view = games.load_game(session, "oldliverpool00000000000000000002")
            assert view.rules == build_rules("liverpool")
            assert games.load_game(session, "oldfamily0000000000000000000001").rules == family
    finally:
        engine.dispose()


def test_a_game_keeps_its_rules_when_its_preset_changes(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    from scorekeeper.rules import presets

    engine = make_engine(database_url)
    try:
        upgrade(engine)
        with write_session(engine) as session:
            view, _token = games.create_game(
                session, preset="liverpool", players=["Ann", "Bob"], first_dealer=0
            )
        played = view.rules
        changed = dataclasses.replace(presets.LIVERPOOL, cut_bonus=-10, run_min_naturals=2)
        monkeypatch.setitem(presets.PRESETS, "liverpool", changed)
        with Session(engine) as session:
            assert games.load_game(session, view.id).rules == played
        with write_session(engine) as session:
            fresh, _token = games.create_game(
                session, preset="liverpool", players=["Ann", "Bob"], first_dealer=0
            )
        assert fresh.rules == changed
    finally:
        engine.dispose()


def test_groups_migration_fills_in_each_seats_result(database_url: str) -> None:
    """0004_groups_and_people: a game saved before it gets its seats' results (total, rounds,
    times went out, exact cuts, place, won) from its rounds, and belongs to no group."""
    from sqlalchemy import text

    from scorekeeper.migrate import alembic_config

    engine = make_engine(database_url)
    try:
        from alembic.script import ScriptDirectory

        script = ScriptDirectory.from_config(alembic_config(engine))
        previous = script.get_revision("0004_groups_and_people").down_revision
        upgrade(engine, str(previous))
        at = "2026-01-01 10:00:00"
        with engine.begin() as c:
            c.execute(
                text(
                    "INSERT INTO game (id, title, preset, options, first_dealer, join_code, "
                    "version, created_at, updated_at, finished_at) VALUES (:g, '', "
                    "'liverpool', '{}', 0, 'ABCDEF', 8, :at, :at, :at)"
                ),
                {"g": "g" * 22, "at": at},
            )
            for seat, name in enumerate(["Ann", "Bob", "Cy"]):
                c.execute(
                    text("INSERT INTO player (game_id, seat, name) VALUES (:g, :s, :n)"),
                    {"g": "g" * 22, "s": seat, "n": name},
                )
            for number in range(1, 8):
                cut = number == 1  # round 1: Ann deals, Cy cuts
                c.execute(
                    text(
                        "INSERT INTO round (id, game_id, number, went_out_seat, cut_bonus, "
                        "version, created_at, updated_at) VALUES (:n, :g, :n, 0, :cut, 1, :at, :at)"
                    ),
                    {"n": number, "g": "g" * 22, "cut": cut, "at": at},
                )
                for seat, points in enumerate([0, 10, -30 if cut else 20]):
                    c.execute(
                        text(
                            "INSERT INTO entry (round_id, seat, went_out, points, hand_points, "
                            "bought) VALUES (:r, :s, :o, :p, :p, 0)"
                        ),
                        {"r": number, "s": seat, "o": seat == 0, "p": points},
                    )
        upgrade(engine)
        with engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT total, rounds, went_out, exact_cuts, place, won, person_id "
                    "FROM player ORDER BY seat"
                )
            ).all()
            group = c.execute(text("SELECT group_id FROM game")).scalar_one()
        assert [tuple(r) for r in rows] == [
            (0, 7, 7, 0, 1, True, None),
            (70, 7, 0, 0, 2, False, None),
            (90, 7, 0, 1, 3, False, None),
        ]
        assert group is None
    finally:
        engine.dispose()
