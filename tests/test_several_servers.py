"""Several servers on one database (issue 33): they may start at the same moment, and what
one server saves or counts, the others see.

A cluster starts its replicas together, each running the migrations first: two processes
that read "no schema yet" at once both made the tables, and one died (``UniqueViolation`` on
PostgreSQL). The migrations now run under the database's migration lock
(``scorekeeper.migrate.migration_lock``).
"""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from scorekeeper.db import make_engine
from scorekeeper.migrate import current_revision
from tests.pgserver import PostgresServer
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.slow

# Each process imports the app, says it is ready, waits until every other one is, then runs
# the migrations: as replicas started at the same moment do, with the slow part (imports)
# out of the race.
MIGRATE_WHEN_ALL_ARE_READY = """
import os, sys, time
from scorekeeper.db import make_engine
from scorekeeper.migrate import upgrade

url, folder, me, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
engine = make_engine(url)
open(os.path.join(folder, f"ready-{me}"), "w").close()
deadline = time.monotonic() + 60
while sum(name.startswith("ready-") for name in os.listdir(folder)) < count:
    assert time.monotonic() < deadline, "the other processes never got ready"
    time.sleep(0.001)
upgrade(engine)
"""


def test_servers_starting_at_once_on_a_fresh_database_both_migrate_it(
    database_url: str, tmp_path: Path
) -> None:
    count = 3
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                MIGRATE_WHEN_ALL_ARE_READY,
                database_url,
                tmp_path,
                str(n),
                str(count),
            ],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for n in range(count)
    ]
    outputs = [process.communicate(timeout=120)[0].decode() for process in processes]
    assert [process.returncode for process in processes] == [0] * count, "\n".join(outputs)
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version"))
            assert len(versions.all()) == 1
        assert current_revision(engine) is not None
    finally:
        engine.dispose()


# --- two servers on one PostgreSQL database ---------------------------------------------------


def call(
    server: ServerProcess,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    """The status, headers and body (parsed when JSON) of one request to ``server``."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        sent_headers = dict(headers or {})
        if form is not None:
            payload: bytes | None = urllib.parse.urlencode(form).encode()
            sent_headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            payload = json.dumps(body).encode()
            sent_headers["Content-Type"] = "application/json"
        else:
            payload = None
        connection.request(method, path, body=payload, headers=sent_headers)
        response = connection.getresponse()
        raw = response.read()
        answer_headers = {name.lower(): value for name, value in response.getheaders()}
        if "json" in answer_headers.get("content-type", "") and raw:
            return response.status, answer_headers, json.loads(raw)
        return response.status, answer_headers, raw.decode()
    finally:
        connection.close()


def round_body(number: int) -> dict[str, Any]:
    return {
        "round": number,
        "results": [
            {"player": "Ann", "went_out": True},
            {"player": "Bob", "points": 20 + 5 * number},
        ],
    }


def start_together(servers: list[ServerProcess]) -> None:
    """Start every server at once (each migrates the fresh database first)."""
    failures: list[BaseException] = []

    def start(server: ServerProcess) -> None:
        try:
            server.start(timeout=90)
        except BaseException as error:  # reported below, in the test's thread
            failures.append(error)

    threads = [threading.Thread(target=start, args=(server,)) for server in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures


def test_two_servers_on_one_postgresql_share_games_rounds_keys_and_limits(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    url = postgres.create_database()  # empty: both servers make the schema at start-up
    folders = [tmp_path / "one", tmp_path / "two"]
    for folder in folders:
        folder.mkdir()
    one, two = servers = [ServerProcess(url, folder, WORKERS="1") for folder in folders]
    try:
        start_together(servers)
        status, _, game = call(
            one, "POST", "/api/v1/games", {"rules": "liverpool", "players": ["Ann", "Bob"]}
        )
        assert status == 201, game
        path = f"/api/v1/games/{game['id']}"
        auth = {"Authorization": f"Bearer {game['token']}"}

        # A round saved on one server shows on the other's API and watch page.
        status, _, _ = call(one, "POST", f"{path}/rounds", round_body(1), auth)
        assert status == 201
        status, _, seen = call(two, "GET", path)
        assert status == 200 and [r["round"] for r in seen["rounds"]] == [1]
        assert seen["totals"]["Bob"] == 25
        status, _, page = call(two, "GET", f"/games/{game['id']}/watch")
        assert status == 200 and 'data-live-version="2"' in page
        assert re.search(r'class="[^"]*\btotal\b[^"]*">25<', page)  # Bob's total

        # The same round saved on both at once: one is recorded, the other is told so.
        statuses = both_at_once(
            lambda server: call(server, "POST", f"{path}/rounds", round_body(2), auth)[0],
            servers,
        )
        assert sorted(statuses) == [201, 409]

        # A retry with the same Idempotency-Key sent to the other server saves nothing twice.
        key = auth | {"Idempotency-Key": "tablet-7"}
        first = call(one, "POST", f"{path}/rounds", round_body(3), key)
        again = call(two, "POST", f"{path}/rounds", round_body(3), key)
        assert first[0] == again[0] == 201
        assert again[1].get("idempotent-replayed") == "true" and again[2] == first[2]
        assert [r["round"] for r in call(one, "GET", path)[2]["rounds"]] == [1, 2, 3]

        # Wrong join codes count on both servers together: the 11th is refused (10 a minute).
        statuses = [wrong_join_code(server, game["id"]) for server in [one, two] * 5 + [one]]
        assert statuses == [403] * 10 + [429]
    finally:
        for server in servers:
            server.stop()


def both_at_once(ask: Any, servers: list[ServerProcess]) -> list[int]:
    """``ask(server)`` on every server at the same moment (threads released together)."""
    barrier = threading.Barrier(len(servers))
    found: dict[int, int] = {}

    def run(index: int, server: ServerProcess) -> None:
        barrier.wait()
        found[index] = ask(server)

    threads = [
        threading.Thread(target=run, args=(index, server)) for index, server in enumerate(servers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [found[index] for index in range(len(servers))]


def wrong_join_code(server: ServerProcess, game_id: str) -> int:
    """A stranger's attempt through the join form (its page first: the CSRF token and the
    session cookie, which every server accepts, since they share the secret key)."""
    status, headers, page = call(server, "GET", f"/games/{game_id}/join")
    assert status == 200
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token, page
    cookie = headers["set-cookie"].split(";", 1)[0]
    status, _, _ = call(
        server,
        "POST",
        f"/games/{game_id}/join",
        headers={"Cookie": cookie},
        form={"csrf_token": token.group(1), "code": "AAAAAA"},
    )
    return status
