"""Migrations produce exactly the models' schema; ``scorekeeper upgrade`` creates a database;
the app works when installed from a built wheel, not only from the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

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
    }))
    """
)


@pytest.mark.slow
def test_the_app_works_installed_from_a_wheel(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("scorekeeper-*.whl")
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
