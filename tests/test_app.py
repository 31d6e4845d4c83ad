"""The app factory, configuration, security headers and the database settings."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.config import from_environment, normalize_database_url
from scorekeeper.db import get_engine, write_session
from scorekeeper.printing.cli import instance_path as cli_instance_path
from tests.conftest import create_test_app


def test_config_from_mapping_and_environment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "from-env")
    monkeypatch.setenv("SCOREKEEPER_PORT", "9001")
    app = create_test_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}"}, tmp_path)
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["PORT"] == 9001
    assert app.config["DATABASE_URL"].endswith("x.db")


def test_environment_keys_lose_their_prefix() -> None:
    found = from_environment({"SCOREKEEPER_DATABASE_URL": "sqlite://", "OTHER": "x"})
    assert found == {"DATABASE_URL": "sqlite://"}


def test_postgres_urls_use_psycopg() -> None:
    assert normalize_database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_database_url("sqlite:///a.db") == "sqlite:///a.db"


def test_default_database_and_secret_live_in_the_instance_folder(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    app = Flask("probe", instance_path=str(tmp_path / "inst"))
    from scorekeeper import config

    url = config.default_database_url(app.instance_path)
    assert url == f"sqlite:///{tmp_path / 'inst' / 'scorekeeper.sqlite3'}"
    first = config.persistent_secret_key(app.instance_path)
    assert len(first) == 64
    assert config.persistent_secret_key(app.instance_path) == first


def test_the_instance_folder_is_a_setting(tmp_path: Path, monkeypatch) -> None:
    """INSTANCE_PATH (a relative one is taken from the working folder) holds the default
    database and the kept secret key; from the environment too, the mapping first."""
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    app = create_app({"INSTANCE_PATH": "given"})
    assert app.instance_path == str(tmp_path / "given")
    assert app.config["DATABASE_URL"] == f"sqlite:///{tmp_path / 'given' / 'scorekeeper.sqlite3'}"
    assert (tmp_path / "given" / "secret_key").read_text() == app.config["SECRET_KEY"]
    get_engine(app).dispose()
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "from-env"))
    app = create_app()
    assert app.instance_path == str(tmp_path / "from-env")
    assert (tmp_path / "from-env" / "secret_key").exists()
    assert cli_instance_path() == str(tmp_path / "from-env")  # the print command looks there
    get_engine(app).dispose()
    app = create_app({"INSTANCE_PATH": "given"})
    assert app.instance_path == str(tmp_path / "given")
    get_engine(app).dispose()


def test_security_headers_on_every_response(client: FlaskClient) -> None:
    for path in ["/", "/no-such-page", "/api/v1/openapi.json"]:
        response = client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert (
            "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
        )
        assert "frame-ancestors 'none'" in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"]


def test_sqlite_pragmas_on_a_live_connection(app: Flask) -> None:
    with get_engine(app).connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_writes_begin_immediate(app: Flask) -> None:
    """A write session holds the write lock from its start: a second writer must wait."""
    import sqlite3

    path = app.config["DATABASE_URL"].removeprefix("sqlite:///")
    with app.app_context(), write_session() as session:
        session.exec(text("SELECT 1"))  # type: ignore[call-overload]
        other = sqlite3.connect(path, timeout=0.05, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            assert "locked" in str(error)
        else:  # pragma: no cover - the assertion below reports it
            other.execute("ROLLBACK")
            raise AssertionError("a second writer got the lock while a write session held it")
        finally:
            other.close()


def test_database_backends_answer(db_app: Flask) -> None:
    with get_engine(db_app).connect() as connection:
        assert connection.execute(text("SELECT 1")).scalar() == 1


def test_unknown_page_is_a_friendly_404(client: FlaskClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert b"nothing here" in response.data


def test_api_errors_are_json(client: FlaskClient) -> None:
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.is_json and "error" in response.get_json()


def test_htmx_is_vendored_and_pinned(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "vendor/htmx-2.0.8.min.js" in page and "//unpkg" not in page and "cdn" not in page
    with client.get("/static/vendor/htmx-2.0.8.min.js") as response:
        assert response.status_code == 200


def test_behind_a_trusted_proxy_the_client_address_and_scheme_come_from_headers(
    tmp_path: Path,
) -> None:
    from flask import request

    seen: dict[str, object] = {}
    for proxies in (0, 1):
        app = create_test_app(
            {"DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}", "TRUSTED_PROXIES": proxies},
            tmp_path / "instance",
        )

        @app.get("/probe")
        def probe(key: str = str(proxies)) -> str:
            seen[key] = (request.remote_addr, request.is_secure)
            return "ok"

        app.test_client().get(
            "/probe", headers={"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
        )
    assert seen["0"] == ("127.0.0.1", False)
    assert seen["1"] == ("203.0.113.9", True)
