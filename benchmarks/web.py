"""Web benchmark: the app under gunicorn on 127.0.0.1, driven by concurrent clients.

Usage::

    .venv/bin/python benchmarks/web.py                  # 10 clients, then 50, 5 s each
    .venv/bin/python benchmarks/web.py --duration 3 --check   # exit 1 when a target is missed

What it does, in one run:

1. starts Scorekeeper under gunicorn (``scorekeeper.wsgi:app``, threaded workers, the same
   settings as ``scorekeeper serve``) on a free loopback port with a temporary SQLite
   database (or ``--database-url``), and a bare Flask app serving a 5 KB template under
   gunicorn with the same worker settings: the **baseline**;
2. runs each scenario with N concurrent clients (coroutines on one event loop, one keep-alive
   HTTP/1.1 connection each), for a fixed time and at most ``--max-requests`` requests per
   client:

   - **baseline**: ``GET /`` of the bare app (a 5 KB template);
   - **scoreboard**: the watch page's scoreboard fragment (``/games/<id>/watch/board`` as htmx
     asks for it; ``GET /api/v1/games/<id>`` where the watch page does not exist);
   - **game page, English** and **game page, Spanish**: the watched game's page as a watching
     device reads it, with ``Accept-Language: en`` and ``es`` (issue 26: within 10 %); and
     **rules page, English** and **rules page, Spanish**: ``/rules/liverpool``, its rule book
     and examples written from the rule set in the reader's language;
   - **scoreboard poll**: the same fragment asked conditionally (``If-None-Match``) while
     nothing changes, which is what a second screen does almost all evening;
   - **round entry**: ``POST /api/v1/games/<id>/rounds``, each client on its own game, undoing
     (``DELETE``) back to round 1 once its game is over, so it can go on;
   - **round entry, page form**: the same rounds through the game page's entry form, as htmx
     sends it (a browser's cookie: its device's rights and CSRF token; the game body comes
     back), undoing with the undo page's form;
   - **round entry, N wrong join codes/s**: the same while a stranger with the watched game's
     link sends wrong join codes through the join form (CSRF token and cookie included);
   - **round entry, 100 live screens on 25 games**: the same while 100 open pages (game
     pages, watch boards, histories; 4 per game) poll their game's version once a second as
     ``static/js/live.js`` does and fetch the page again when it changed, and a scorer changes
     each of the 25 games every 3 s; it prints the spread of "change seen after" (from the
     change's request going out to a screen having the new page) over every change and screen;

3. prints requests per second, p50/p95/p99 latency and the server's CPU time per request
   (``cpu ms``: gunicorn and its workers over all of the scenario's requests, read from
   /proc; other work on the machine moves it far less than it moves latency) per scenario at
   10 clients, and the error count of every scenario at 50 clients, then checks the targets
   of issue 3:
   scoreboard at 10 clients at least half the baseline's throughput with p99 under 15 ms;
   round entry p99 under 50 ms at 10 clients; zero errors at 50 clients; and of issue 15:
   every change seen on every live screen within 2 s, and round entry p99 under 50 ms at 10
   clients while the 100 screens are open.

More scenarios (the referee's ``POST /api/v1/referee/contract`` and ``/arrange``) go in
:data:`EXTRA_SCENARIOS`; each is skipped while its endpoint answers 404.

Nothing leaves the machine: servers listen on 127.0.0.1 only and are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.parse
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import benchmarks.keep_bytecode  # noqa: E402,F401  (first: keeps the compiled files)
from scorekeeper.config import DEFAULTS  # noqa: E402  (the served defaults: workers, threads)

MAX_CLIENTS = 64
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]

# --- the baseline app -------------------------------------------------------------------------

BASELINE_APP = textwrap.dedent(
    '''
    """A bare Flask app serving a 5 KB template: the benchmark's baseline."""
    from flask import Flask, render_template

    app = Flask(__name__, template_folder=".")
    ROWS = [(f"Player {i}", i * 7, i * 13 % 50) for i in range(31)]


    @app.get("/")
    def page():
        return render_template("baseline.html", rows=ROWS, title="Baseline")
    '''
)

BASELINE_TEMPLATE = textwrap.dedent(
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title>
    <link rel="stylesheet" href="/static/app.css"></head>
    <body><main class="board"><h1>{{ title }}</h1>
    <table class="scores"><thead><tr><th>Player</th><th>Round</th><th>Total</th></tr></thead>
    <tbody>
    {% for name, points, total in rows %}<tr class="row {{ loop.cycle('odd', 'even') }}">
    <td class="name">{{ name }}</td><td class="points">{{ points }}</td>
    <td class="total">{{ total }}</td><td class="note">{{ name }} has {{ total }} points</td></tr>
    {% endfor %}</tbody></table>
    <p class="footer">A bare Flask route rendering a template of about five kilobytes, used
    as the yardstick for the scoreboard fragment.</p></main></body></html>
    """
)

# --- servers ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A gunicorn server on a free loopback port, stopped on exit (or at once, when it does
    not answer within ``ready_timeout`` seconds)."""

    def __init__(
        self,
        name: str,
        target: str,
        *,
        workers: int,
        threads: int,
        cwd: Path,
        env: dict[str, str],
        ready_timeout: float = 30,
    ) -> None:
        self.name = name
        self.port = free_port()
        self.log = cwd / f"{name}.log"
        command = self.command(target, self.port, workers, threads)
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        try:
            self._wait_ready(ready_timeout)
        except BaseException:
            # Not yet in the caller's clean-up list (it has no server to stop): stop it here.
            self.stop()
            raise

    @staticmethod
    def command(target: str, port: int, workers: int, threads: int) -> list[str]:
        """gunicorn serving ``target`` as ``scorekeeper serve`` does."""
        return [
            sys.executable, "-m", "gunicorn", target,
            "--bind", f"127.0.0.1:{port}",
            "--workers", str(workers), "--worker-class", "gthread", "--threads", str(threads),
            "--reuse-port",
            "--timeout", "60", "--log-level", "warning",
        ]  # fmt: skip

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} did not start:\n{self.log.read_text()}")
            try:
                client = Client(self.port)
                try:
                    client.send(Call("GET", "/", ok=frozenset(range(100, 600))))
                finally:
                    client.close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer within {timeout} s")

    def cpu_seconds(self) -> float | None:
        """CPU time the server's processes (gunicorn and its workers) have used, from /proc.

        Per request, it does not depend on what else the machine is doing, as latency does.
        """
        total = 0
        try:
            entries = list(os.scandir("/proc"))
        except FileNotFoundError:
            return None
        for entry in entries:
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat") as file:
                    stat = file.read()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()  # from the state on
            if self.process.pid in (int(entry.name), int(fields[1])):
                total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
        return total / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# --- clients ------------------------------------------------------------------------------------


@dataclass
class Call:
    """One HTTP request a client makes, and the statuses that count as success."""

    method: str
    path: str
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    ok: frozenset[int] = frozenset({200})
    label: str = ""  # results are grouped by label (default: the scenario's name)
    # Called with the status and headers of the answer (a poller keeps its ETag).
    on_answer: Callable[[int, dict[str, str]], None] | None = None
    # Sent as an HTML form would, instead of ``body`` (pairs: a name may repeat).
    form: dict[str, str] | list[tuple[str, str]] | None = None


@dataclass
class Scenario:
    """What each client does: ``setup(i)`` once per client, then ``next_call(state)`` in a loop.

    ``server`` is "app" or "baseline". ``probe`` (a path) skips the scenario while it is 404.
    """

    name: str
    server: str
    next_call: Callable[[Any], Call]
    setup: Callable[[int], Any] = lambda i: None
    probe: Call | None = None
    # Runs in a thread while the clients do (until the event is set): e.g. a game changing.
    background: Callable[[asyncio.Event], Coroutine[Any, Any, None]] | None = None
    # After a measured run: lines to print about it, each with its target met (or None).
    summary: Callable[[], list[tuple[str, bool | None]]] | None = None


@dataclass
class Result:
    name: str
    clients: int
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    server_cpu: float | None = None  # ms of server CPU time per request of the scenario
    checks: list[tuple[str, bool]] = field(default_factory=list)  # the scenario's own targets

    @property
    def requests(self) -> int:
        return len(self.latencies)

    @property
    def rate(self) -> float:
        return self.requests / self.elapsed if self.elapsed else 0.0

    def percentile(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))
        return ordered[index] * 1000


class Connection:
    """One keep-alive HTTP/1.1 connection to a server, for asyncio.

    All the clients of a scenario run as coroutines on one event loop in this process: a
    response is read as soon as it arrives. (Threads with ``http.client``, as before, waited
    for the GIL, handed over every 5 ms, so the measured tail was partly the load generator's
    own queue; they also cost the server's two CPUs about three times the work per request.)
    The protocol is the small part of HTTP/1.1 the benchmark needs: a Content-Length or
    chunked body, keep-alive, and reconnecting once when the server closed an idle connection.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    def request_bytes(self, call: Call) -> bytes:
        body = b"" if call.body is None else json.dumps(call.body).encode()
        headers = {"Host": f"127.0.0.1:{self.port}", **call.headers}
        if call.body is not None:
            headers["Content-Type"] = "application/json"
        if call.form is not None:
            body = urllib.parse.urlencode(call.form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if body or call.method in ("POST", "PUT", "PATCH"):
            headers["Content-Length"] = str(len(body))
        head = f"{call.method} {call.path} HTTP/1.1\r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in headers.items()
        )
        return (head + "\r\n").encode("latin-1") + body

    async def send(self, call: Call) -> tuple[int, bytes, dict[str, str]]:
        request = self.request_bytes(call)
        for attempt in (1, 2):
            if self.writer is None:
                await self.open()
            assert self.writer is not None
            try:
                async with asyncio.timeout(30):
                    self.writer.write(request)
                    return await self._read_response(call.method)
            except (ConnectionError, asyncio.IncompleteReadError):
                # The server closed an idle keep-alive connection: reconnect once.
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _read_response(self, method: str) -> tuple[int, bytes, dict[str, str]]:
        assert self.reader is not None
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *lines = head[:-4].decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers: dict[str, str] = {}
        for line in lines:
            name, _, value = line.partition(":")
            headers[name.strip()] = value.strip()
        lower = {name.lower(): value.lower() for name, value in headers.items()}
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif "content-length" in lower:
            body = await self.reader.readexactly(int(lower["content-length"]))
        elif lower.get("transfer-encoding") == "chunked":
            parts = []
            while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append((await self.reader.readexactly(size + 2))[:-2])
            await self.reader.readuntil(b"\r\n")  # no trailers: the empty line
            body = b"".join(parts)
        else:
            body = await self.reader.read()
            lower["connection"] = "close"
        if lower.get("connection") == "close":
            self.close()
        return status, body, headers

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Client:
    """A blocking client for setting up (creating games, probing), on a loop of its own."""

    def __init__(self, port: int) -> None:
        self.loop = asyncio.new_event_loop()
        self.connection = Connection(port)

    def send(self, call: Call) -> tuple[int, bytes, dict[str, str]]:
        return self.loop.run_until_complete(self.connection.send(call))

    def close(self) -> None:
        self.connection.close()
        self.loop.close()


def run_scenario(
    scenario: Scenario, port: int, clients: int, duration: float, max_requests: int
) -> dict[str, Result]:
    """Run ``clients`` concurrent clients for ``duration`` seconds; results by call label."""
    clients = min(clients, MAX_CLIENTS)
    states = [scenario.setup(i) for i in range(clients)]
    # The load generator's own collections would land inside measured requests: none while
    # the clients run (a few seconds' garbage), one afterwards.
    gc.disable()
    try:
        return asyncio.run(_drive(scenario, port, states, duration, max_requests))
    finally:
        gc.enable()
        gc.collect()


async def _drive(
    scenario: Scenario, port: int, states: list[Any], duration: float, max_requests: int
) -> dict[str, Result]:
    results: dict[str, Result] = {}

    def record(label: str, latency: float | None, error: str | None) -> None:
        result = results.setdefault(label, Result(label, len(states)))
        if error is None and latency is not None:
            result.latencies.append(latency)
        else:
            result.errors += 1
            if len(result.error_samples) < 3 and error:
                result.error_samples.append(error)

    connections = [Connection(port) for _ in states]
    await asyncio.gather(*(connection.open() for connection in connections))
    start = time.perf_counter()
    deadline = start + duration

    async def work(connection: Connection, state: Any) -> None:
        done = 0
        while done < max_requests and time.perf_counter() < deadline:
            call = scenario.next_call(state)
            label = call.label or scenario.name
            done += 1
            began = time.perf_counter()
            try:
                status, data, headers = await connection.send(call)
            except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
                record(label, None, f"{type(error).__name__}: {error}")
                continue
            latency = time.perf_counter() - began
            if call.on_answer is not None:
                call.on_answer(status, headers)
            if status in call.ok:
                record(label, latency, None)
            else:
                record(label, None, f"{status} {data[:160]!r}")

    stop = asyncio.Event()
    background = (
        asyncio.create_task(scenario.background(stop)) if scenario.background is not None else None
    )
    try:
        await asyncio.gather(*(work(c, s) for c, s in zip(connections, states, strict=True)))
        elapsed = time.perf_counter() - start
    finally:
        stop.set()
        if background is not None:
            await background
        for connection in connections:
            connection.close()
    for result in results.values():
        result.elapsed = elapsed
    return results


# --- scenarios ------------------------------------------------------------------------------------


class Bench:
    """The servers, a watched game, and the scenarios that use them."""

    def __init__(self, app_port: int, baseline_port: int) -> None:
        self.ports = {"app": app_port, "baseline": baseline_port}
        self.api = Client(app_port)
        self.watched = self.create_game()
        self.board_path, self.board_headers = self._scoreboard_url(self.watched["id"])

    def create_game(self) -> dict[str, Any]:
        call = Call(
            "POST",
            "/api/v1/games",
            {"rules": "liverpool", "players": PLAYERS, "first_dealer": "Ann", "title": "Bench"},
            ok=frozenset({201}),
        )
        status, data, _ = self.api.send(call)
        if status != 201:
            raise RuntimeError(f"creating a game failed: {status} {data[:300]!r}")
        game: dict[str, Any] = json.loads(data)
        return game

    def post_rounds(self, game: dict[str, Any], count: int) -> None:
        for number in range(1, count + 1):
            status, data, _ = self.api.send(round_call(game, number))
            if status != 201:
                raise RuntimeError(f"posting round {number} failed: {status} {data[:300]!r}")

    def _scoreboard_url(self, game_id: str) -> tuple[str, dict[str, str]]:
        """The watch page's fragment when the pages have it, else the API's game."""
        fragment = f"/games/{game_id}/watch/board"
        headers = {"HX-Request": "true"}
        status, _data, _ = self.api.send(Call("GET", fragment, headers=headers))
        if status == 200:
            return fragment, headers
        return f"/api/v1/games/{game_id}", {}

    def etag(self) -> str:
        _status, _data, headers = self.api.send(
            Call("GET", self.board_path, headers=self.board_headers)
        )
        return headers.get("ETag", "")


def round_call(game: dict[str, Any], number: int) -> Call:
    """Round ``number``: one player out (turn about), the others with cards or points."""
    out = (number - 1) % len(PLAYERS)
    results: list[dict[str, Any]] = []
    for seat, name in enumerate(PLAYERS):
        if seat == out:
            results.append({"player": name, "went_out": True})
        elif seat % 2:
            results.append({"player": name, "cards": "AH 7C JK"})
        else:
            results.append({"player": name, "points": 5 * (seat + number)})
    return Call(
        "POST",
        f"/api/v1/games/{game['id']}/rounds",
        {"round": number, "results": results},
        {"Authorization": f"Bearer {game['token']}", "Idempotency-Key": os.urandom(8).hex()},
        ok=frozenset({201}),
        label="round entry (POST round)",
    )


class PageScorer:
    """A browser scoring its own game on the game page: the game started with the new-game
    form, then rounds 1..N through the entry form as htmx sends it (the game body comes back),
    then undo back to 0 (the undo page's form), and again. Its cookie holds its device id
    (its edit rights) and its CSRF token, as a browser's would."""

    def __init__(self, bench: Bench, rounds: int = 7) -> None:
        client = Client(bench.ports["app"])
        try:
            _status, page, headers = client.send(Call("GET", "/games/new"))
            token = re.search(rb'name="csrf_token" value="([^"]+)"', page)
            if token is None:
                raise RuntimeError("the new-game page has no CSRF token")
            self.csrf = token.group(1).decode()
            self.cookie = headers.get("Set-Cookie", "").split(";", 1)[0]
            form = [
                ("csrf_token", self.csrf),
                ("preset", "liverpool"),
                ("first_dealer", "0"),
                ("key", os.urandom(8).hex()),
                ("action", "create"),
            ]
            form += [("player", name) for name in PLAYERS]
            status, data, headers = client.send(
                Call("POST", "/games/new", headers={"Cookie": self.cookie}, form=form)
            )  # fmt: skip
        finally:
            client.close()
        found = re.search(r"/games/([A-Za-z0-9_-]{16,32})", headers.get("Location", ""))
        if status != 303 or found is None:
            raise RuntimeError(f"starting a game with the form failed: {status} {data[:300]!r}")
        self.game_id = found.group(1)
        self.rounds = rounds
        self.recorded = 0
        self.undoing = False

    def next_call(self) -> Call:
        if not self.undoing and self.recorded < self.rounds:
            self.recorded += 1
            self.undoing = self.recorded == self.rounds
            return self._round(self.recorded)
        number = self.recorded
        self.recorded -= 1
        self.undoing = self.recorded > 0
        return Call(
            "POST", f"/games/{self.game_id}/undo", headers={"Cookie": self.cookie},
            form={"csrf_token": self.csrf, "round": str(number)}, ok=frozenset({303}),
            label="undo (page form)",
        )  # fmt: skip

    def _round(self, number: int) -> Call:
        """Round ``number`` as the entry form sends it: the same hands as :func:`round_call`."""
        out = (number - 1) % len(PLAYERS)
        form = {"csrf_token": self.csrf, "key": os.urandom(8).hex(), "round": str(number),
                "out": str(out)}  # fmt: skip
        for seat in range(len(PLAYERS)):
            if seat != out and seat % 2:
                form[f"cards-{seat}"] = "AH 7C JK"
            elif seat != out:
                form[f"points-{seat}"] = str(5 * (seat + number))
        return Call(
            "POST", f"/games/{self.game_id}/rounds", form=form, ok=frozenset({200}),
            headers={"Cookie": self.cookie, "HX-Request": "true"},
            label=PAGE_ENTRY_LABEL,
        )  # fmt: skip


PAGE_ENTRY_LABEL = "round entry, page form (htmx POST)"


@dataclass
class Player:
    """A client scoring its own game: rounds 1..N, then undo back to 0, and again."""

    game: dict[str, Any]
    rounds: int
    recorded: int = 0
    undoing: bool = False

    def next_call(self) -> Call:
        if not self.undoing and self.recorded < self.rounds:
            self.recorded += 1
            if self.recorded == self.rounds:
                self.undoing = True
            return round_call(self.game, self.recorded)
        number = self.recorded
        self.recorded -= 1
        if self.recorded == 0:
            self.undoing = False
        return Call(
            "DELETE",
            f"/api/v1/games/{self.game['id']}/rounds/{number}",
            headers={"Authorization": f"Bearer {self.game['token']}"},
            label="undo (DELETE round)",
        )


class Watcher:
    """A second screen: asks for the scoreboard with the ETag of what it shows."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.etag = ""

    def keep(self, status: int, headers: dict[str, str]) -> None:
        if status == 200:
            self.etag = headers.get("ETag", "")

    def next_call(self) -> Call:
        headers = dict(self.bench.board_headers)
        if self.etag:
            headers["If-None-Match"] = self.etag
        return Call(
            "GET", self.bench.board_path, headers=headers, ok=frozenset({200, 304}),
            on_answer=self.keep,
        )  # fmt: skip


def changing(bench: Bench, every: float) -> Callable[[asyncio.Event], Coroutine[Any, Any, None]]:
    """A scorer changing the watched game every ``every`` seconds (a round, or an undo)."""

    async def run(stop: asyncio.Event) -> None:
        player = Player(bench.watched, 7, recorded=4)
        connection = Connection(bench.ports["app"])
        try:
            while True:
                try:
                    await asyncio.wait_for(stop.wait(), every)
                    return
                except TimeoutError:
                    await connection.send(player.next_call())
        finally:
            connection.close()

    return run


# The rate of wrong join codes an outside attack sent while the scorers entered rounds.
JOIN_FLOOD_RATE = 112


def join_flood(bench: Bench, rate: float) -> Callable[[asyncio.Event], Coroutine[Any, Any, None]]:
    """A stranger with the watched game's link sending wrong join codes through the join form
    (with the page's CSRF token and cookie, as a browser would), ``rate`` a second."""

    async def run(stop: asyncio.Event) -> None:
        connection = Connection(bench.ports["app"])
        try:
            path = f"/games/{bench.watched['id']}/join"
            _status, page, headers = await connection.send(Call("GET", path))
            token = re.search(rb'name="csrf_token" value="([^"]+)"', page)
            cookie = headers.get("Set-Cookie", "").split(";", 1)[0]
            if token is None:
                raise RuntimeError("the join page has no CSRF token")
            attempt = Call(
                "POST", path, headers={"Cookie": cookie},
                form={"csrf_token": token.group(1).decode(), "code": "AAAAAA"},
                ok=frozenset({403, 429}),
            )  # fmt: skip
            while not stop.is_set():
                began = time.perf_counter()
                await connection.send(attempt)
                pause = 1 / rate - (time.perf_counter() - began)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), max(pause, 0))
        finally:
            connection.close()

    return run


# Live screens (issue 15): every page showing a game asks once a second whether the game
# changed (GET /games/<id>/live?v=N, a 204 while it has not; static/js/live.js) and fetches
# its page again when it has.
LIVE_SCREENS = 100
LIVE_GAMES = 25
LIVE_POLL_SECONDS = 1.0  # scorekeeper.web.live.POLL_MILLISECONDS
LIVE_CHANGE_SECONDS = 3.0  # each watched game gets a round (or an undo) this often
LIVE_TARGET_SECONDS = 2.0
LIVE_ENTRY_LABEL = f"round entry, {LIVE_SCREENS} live screens"
# What a screen fetches when its game changed: the scorer's game page, the watch board's
# fragment (as its htmx region asks for it), the history page.
LIVE_PAGES = [("{game}", {"HX-Request": "true"}), ("{game}/watch/board", {"HX-Request": "true"}),
              ("{game}", {"HX-Request": "true"}), ("{game}/history", {})]  # fmt: skip


@dataclass
class Change:
    game: str
    sent: float  # when the change's request went out (perf_counter)
    version: int = 0  # the game's version once it was recorded
    written: float = 0.0  # when the scorer had the answer and the new version (perf_counter)


@dataclass
class Sighting:
    screen: int
    game: str
    version: int
    seen: float  # when the screen had the changed page (perf_counter)


class LiveScreens:
    """``LIVE_SCREENS`` open pages on ``LIVE_GAMES`` games, each polling as live.js does, while
    a scorer changes each game every ``LIVE_CHANGE_SECONDS``; then how long each change took
    to show on each screen of its game ("change seen after")."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.games: list[dict[str, Any]] = []
        self.changes: list[Change] = []
        self.sightings: list[Sighting] = []
        self.failed: list[str] = []  # a scorer's refused change (none expected)
        self.polls = Result("live poll (GET /games/<id>/live)", LIVE_SCREENS)
        self.fetches = Result("live refetch (the changed page)", LIVE_SCREENS)
        self.ended = 0.0

    def player(self, _index: int) -> Player:
        """A round-entry client on its own game (and, the first time, the watched games)."""
        if not self.games:
            self.games = [self.bench.create_game() for _ in range(LIVE_GAMES)]
            for game in self.games:
                self.bench.post_rounds(game, 1)
        return Player(self.bench.create_game(), 7)

    async def run(self, stop: asyncio.Event) -> None:
        self.changes, self.sightings, self.failed = [], [], []
        self.polls = Result(self.polls.name, LIVE_SCREENS)
        self.fetches = Result(self.fetches.name, LIVE_SCREENS)
        began = time.perf_counter()
        tasks = [asyncio.create_task(self._screen(i, stop)) for i in range(LIVE_SCREENS)]
        tasks += [asyncio.create_task(self._scorer(i, stop)) for i in range(LIVE_GAMES)]
        await asyncio.gather(*tasks)
        self.ended = time.perf_counter()
        self.polls.elapsed = self.fetches.elapsed = self.ended - began

    async def _version(self, connection: Connection, game_id: str) -> int:
        _status, data, _ = await connection.send(Call("GET", f"/games/{game_id}/live"))
        return int(json.loads(data)["version"])

    async def _screen(self, index: int, stop: asyncio.Event) -> None:
        game = self.games[index % LIVE_GAMES]["id"]
        path, headers = LIVE_PAGES[index // LIVE_GAMES % len(LIVE_PAGES)]
        connection = Connection(self.bench.ports["app"])
        try:
            shown = await self._version(connection, game)
            # Screens were opened at different moments: their polls are spread over a second.
            if await _stopped(stop, LIVE_POLL_SECONDS * index / LIVE_SCREENS):
                return
            while True:
                began = time.perf_counter()
                poll = Call("GET", f"/games/{game}/live?v={shown}", ok=frozenset({200, 204}))
                status, data, _ = await _timed(connection, poll, self.polls)
                if status == 200:
                    version = int(json.loads(data)["version"])
                    page = Call("GET", "/games/" + path.format(game=game), headers=headers)
                    if (await _timed(connection, page, self.fetches))[0] == 200:
                        self.sightings.append(Sighting(index, game, version, time.perf_counter()))
                        shown = version
                pause = LIVE_POLL_SECONDS - (time.perf_counter() - began)
                if await _stopped(stop, max(pause, 0)):
                    return
        finally:
            connection.close()

    async def _scorer(self, index: int, stop: asyncio.Event) -> None:
        game = self.games[index]
        connection = Connection(self.bench.ports["app"])
        try:
            # Where the game is now (an earlier run, the warm-up, left it somewhere).
            _status, data, _ = await connection.send(Call("GET", f"/api/v1/games/{game['id']}"))
            player = Player(game, 7, recorded=len(json.loads(data)["rounds"]))
            player.undoing = player.recorded == player.rounds
            if await _stopped(stop, LIVE_CHANGE_SECONDS * index / LIVE_GAMES):
                return
            while True:
                change = Change(game["id"], time.perf_counter())
                status, data, _ = await connection.send(player.next_call())
                if 200 <= status < 300:
                    change.version = await self._version(connection, game["id"])
                    change.written = time.perf_counter()
                    self.changes.append(change)
                else:
                    self.failed.append(f"{status} {data[:160]!r}")
                if await _stopped(stop, LIVE_CHANGE_SECONDS):
                    return
        finally:
            connection.close()

    def delays(self) -> tuple[list[float], int, str]:
        """Each (change, screen of its game) pair's "seen after" in seconds, how many pairs
        were never seen (of the changes made early enough to be seen before the end), and where
        the slowest pair's time went."""
        per_game = LIVE_SCREENS // LIVE_GAMES
        seen_after: list[float] = []
        missed = 0
        slowest = (0.0, "")
        for change in self.judged_changes():
            firsts: dict[int, float] = {}  # screen: when it first showed the change
            for sighting in self.sightings:  # in the order they happened
                if sighting.game == change.game and sighting.version >= change.version:
                    firsts.setdefault(sighting.screen, sighting.seen)
            for screen, seen in firsts.items():
                seen_after.append(seen - change.sent)
                if seen - change.sent > slowest[0]:
                    slowest = (seen - change.sent, _slowest_words(change, screen, seen))
            missed += per_game - len(firsts)
        return seen_after, missed, slowest[1]

    def judged_changes(self) -> list[Change]:
        """The changes made early enough to be seen before the run ended (the others are
        too late to judge)."""
        last = self.ended - LIVE_TARGET_SECONDS - LIVE_POLL_SECONDS
        return [change for change in self.changes if change.sent <= last]

    def summary(self) -> list[tuple[str, bool | None]]:
        if not self.judged_changes():
            # Not a miss: no change had the time to be seen (--duration 3 ended them all).
            shortest = LIVE_CHANGE_SECONDS + LIVE_TARGET_SECONDS + LIVE_POLL_SECONDS
            return [
                (
                    f"too short to judge: {len(self.changes)} changes, none made "
                    f"{LIVE_TARGET_SECONDS + LIVE_POLL_SECONDS:g} s before the end "
                    f"(run {shortest:g} s or more: --duration)",
                    None,
                )
            ]
        seen_after, missed, slowest = self.delays()
        ordered = sorted(seen_after)
        if not ordered:
            return [("no change was seen", False)]

        def at(p: float) -> float:
            return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]

        spread = (
            f"{len(self.changes)} changes on {LIVE_GAMES} games seen by {LIVE_SCREENS} screens: "
            f"change seen after min {ordered[0]:.2f} / p50 {at(50):.2f} / p95 {at(95):.2f} / "
            f"p99 {at(99):.2f} / max {ordered[-1]:.2f} s ({len(ordered)} sightings, "
            f"{missed} missed); slowest: {slowest}"
        )
        polls = (
            f"polls {self.polls.requests} ({self.polls.rate:.0f}/s, p50 "
            f"{self.polls.percentile(50):.1f} / p99 {self.polls.percentile(99):.1f} ms, "
            f"{self.polls.errors} errors); page refetches {self.fetches.requests} (p50 "
            f"{self.fetches.percentile(50):.1f} / p99 {self.fetches.percentile(99):.1f} ms, "
            f"{self.fetches.errors} errors)"
        )
        if self.failed:
            polls += f"; {len(self.failed)} changes refused, e.g. {self.failed[0]}"
        within = missed == 0 and ordered[-1] < LIVE_TARGET_SECONDS
        return [
            (spread, None),
            (polls, None),
            (
                f"{LIVE_SCREENS} live screens: every change seen within {LIVE_TARGET_SECONDS:g} s "
                f"(slowest {ordered[-1]:.2f} s, {missed} missed)",
                within,
            ),
        ]


def _slowest_words(change: Change, screen: int, seen: float) -> str:
    """Where one (change, screen) pair's time went: the write, then the poll and refetch."""
    return (
        f"screen {screen}, version {change.version}: written after "
        f"{change.written - change.sent:.2f} s, on the screen {seen - change.written:.2f} s later"
    )


async def _stopped(stop: asyncio.Event, seconds: float) -> bool:
    """Wait ``seconds`` or until the run stops; True if it stopped."""
    try:
        await asyncio.wait_for(stop.wait(), seconds)
        return True
    except TimeoutError:
        return stop.is_set()


async def _timed(
    connection: Connection, call: Call, result: Result
) -> tuple[int, bytes, dict[str, str]]:
    began = time.perf_counter()
    try:
        status, data, headers = await connection.send(call)
    except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
        result.errors += 1
        result.error_samples.append(f"{type(error).__name__}: {error}")
        return 0, b"", {}
    if status in call.ok:
        result.latencies.append(time.perf_counter() - began)
    else:
        result.errors += 1
        if len(result.error_samples) < 3:
            result.error_samples.append(f"{status} {data[:160]!r}")
    return status, data, headers


def live_entry_call(player: Player) -> Call:
    call = player.next_call()
    call.label = call.label.replace("round entry", LIVE_ENTRY_LABEL, 1)
    return call


def scenarios(bench: Bench) -> list[Scenario]:
    live = LiveScreens(bench)
    board = Call("GET", bench.board_path, headers=bench.board_headers)
    fragment = bench.board_path.rsplit("/", 1)[-1]
    return [
        Scenario("baseline (bare Flask, 5 KB template)", "baseline", lambda _s: Call("GET", "/")),
        Scenario(f"scoreboard {fragment}, full render", "app", lambda _s: board),
        # The same game page in English and in Spanish (issue 26: within 10 % of each other).
        *(
            Scenario(f"game page, {name}", "app", lambda _s, c=call: c)
            for name, call in game_pages(bench).items()
        ),
        # A rules page, its rule book written from the rule set in the reader's language.
        *(
            Scenario(f"rules page, {name}", "app", lambda _s, c=call: c)
            for name, call in in_languages("/rules/liverpool").items()
        ),
        Scenario(
            f"scoreboard {fragment}, watch poll",
            "app",
            lambda watcher: watcher.next_call(),
            setup=lambda _i: Watcher(bench),
            background=changing(bench, 0.5),
        ),
        Scenario(
            "round entry",
            "app",
            lambda player: player.next_call(),
            setup=lambda _i: Player(bench.create_game(), 7),
        ),
        Scenario(
            "round entry, page form",
            "app",
            lambda scorer: scorer.next_call(),
            setup=lambda _i: PageScorer(bench),
        ),
        Scenario(
            f"round entry, {JOIN_FLOOD_RATE} wrong join codes/s",
            "app",
            lambda player: player.next_call(),
            setup=lambda _i: Player(bench.create_game(), 7),
            background=join_flood(bench, JOIN_FLOOD_RATE),
        ),
        Scenario(
            f"{LIVE_ENTRY_LABEL} on {LIVE_GAMES} games",
            "app",
            live_entry_call,
            setup=live.player,
            probe=Call("GET", f"/games/{bench.watched['id']}/live"),
            background=live.run,
            summary=live.summary,
        ),
        *EXTRA_SCENARIOS,
    ]


def game_pages(bench: Bench) -> dict[str, Call]:
    """The watched game's page as a watching device reads it, in English and in Spanish."""
    return in_languages(f"/games/{bench.watched['id']}")


def in_languages(path: str) -> dict[str, Call]:
    """``GET path`` in English and in Spanish."""
    return {
        language: Call("GET", path, headers={"Accept-Language": code})
        for language, code in (("English", "en"), ("Spanish", "es"))
    }


# Scenarios other parts of the app add, e.g. the referee:
#
#   Scenario("referee contract", "app",
#            lambda _s: Call("POST", "/api/v1/referee/contract", {...}),
#            probe=Call("POST", "/api/v1/referee/contract", {...}))
#
# A scenario whose probe answers 404 is skipped (its endpoint is not built yet).
EXTRA_SCENARIOS: list[Scenario] = []

# The referee (issue 4): no database, pure rules work. Each client cycles through a few
# lay-downs and hands, legal and not, as a table asking the referee would.
REFEREE_CONTRACTS = [
    {"rules": "liverpool", "round": 2, "melds": ["7H 7C JK", "4S 5S 6S 7S"], "hand": "KD"},
    {"rules": "liverpool", "round": 3, "melds": ["2H 3H 4H 5H", "6H 7H 8H 9H"]},
    {"rules": "liverpool", "round": 5, "melds": ["9S 9D 9C", "KS KH JK", "KS AS 2S 3S"]},
    {"rules": "contract-rummy", "round": 7,
     "melds": ["3H 4H 5H 6H", "3D 4D 5D 6D 7D", "8S 9S JK JS QS"], "hand": ""},
    {"rules": "family", "round": 6, "melds": ["QH QC JK", "5S 6S 7S 8S", "7S 8S JK 10S"]},
]  # fmt: skip
REFEREE_HANDS = [
    {"rules": "liverpool", "round": 6, "cards": "7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C"},
    {"rules": "liverpool", "round": 7, "cards": "3H 4H 5H 6H 3D 4D JK 6D 8S 9S 10S JS"},
    {"rules": "liverpool", "round": 3, "cards": "3S 4S 5S 6S 9D 10D 7H 8C KD QC"},
    {"rules": "family", "round": 5, "cards": "QH QC JK 9D 9S 9C 5S 6S 7S 8S KD 2H AC"},
    {"rules": "deuces-six", "round": 6, "cards": "QH QC QS 2D 5S 6S 7S 8S 9H 10H JH"},
]


def _cycling(bodies: list[dict[str, Any]], path: str) -> Scenario:
    def setup(index: int) -> dict[str, int]:
        return {"next": index}

    def next_call(state: dict[str, int]) -> Call:
        state["next"] += 1
        return Call("POST", path, bodies[state["next"] % len(bodies)])

    return Scenario(
        f"referee {path.rsplit('/', 1)[-1]} (POST {path})",
        "app",
        next_call,
        setup=setup,
        probe=Call("POST", path, bodies[0]),
    )


EXTRA_SCENARIOS += [
    _cycling(REFEREE_CONTRACTS, "/api/v1/referee/contract"),
    _cycling(REFEREE_HANDS, "/api/v1/referee/arrange"),
]


# --- the run ------------------------------------------------------------------------------------


def table(rows: list[Result]) -> str:
    header = (
        f"{'scenario':44} {'clients':>7} {'requests':>8} {'errors':>6} {'req/s':>8} "
        f"{'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'cpu ms':>7}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r.name[:44]:44} {r.clients:>7} {r.requests:>8} {r.errors:>6} {r.rate:>8.0f} "
            f"{r.percentile(50):>7.1f} {r.percentile(95):>7.1f} {r.percentile(99):>7.1f} "
            + (f"{r.server_cpu:>7.2f}" if r.server_cpu is not None else f"{'-':>7}")
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--many-clients", type=int, default=50, help="the zero-error check")
    parser.add_argument("--duration", type=float, default=5.0, help="seconds per scenario")
    parser.add_argument("--max-requests", type=int, default=20_000, help="per client")
    parser.add_argument("--workers", type=int, default=DEFAULTS["WORKERS"])
    parser.add_argument("--threads", type=int, default=DEFAULTS["THREADS"])
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--only",
        action="append",
        metavar="WORDS",
        help="run only the scenarios whose name contains WORDS (repeatable; the baseline "
        "always runs)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= MAX_CLIENTS or not 1 <= args.many_clients <= MAX_CLIENTS:
        parser.error(f"clients must be between 1 and {MAX_CLIENTS}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    servers: list[Server] = []
    try:
        database_url = args.database_url or f"sqlite:///{work / 'bench.sqlite3'}"
        env = prepare(work, database_url)
        if env is None:
            return 2

        def server(name: str, target: str) -> Server:
            return Server(name, target, workers=args.workers, threads=args.threads, cwd=work,
                          env=env)  # fmt: skip

        app = server("scorekeeper", "scorekeeper.wsgi:app")
        servers.append(app)
        baseline = server("baseline", "baseline_app:app")
        servers.append(baseline)
        bench = Bench(app.port, baseline.port)
        bench.post_rounds(bench.watched, 4)  # a scoreboard with a few rounds on it
        describe_run(bench, args, database_url)
        chosen = choose_scenarios(bench, args.only)
        by_clients: dict[int, list[Result]] = {}
        for clients in (args.clients, args.many_clients):
            by_clients[clients] = measure(chosen, bench, {"app": app, "baseline": baseline},
                                          clients, args)  # fmt: skip
        print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
        return report_targets(by_clients[args.clients], by_clients[args.many_clients], args)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


def prepare(work: Path, database_url: str) -> dict[str, str] | None:
    """The baseline app's files and the database's schema; the servers' environment, or None
    (with the error printed) when the schema could not be made."""
    (work / "baseline_app.py").write_text(BASELINE_APP)
    (work / "baseline.html").write_text(BASELINE_TEMPLATE)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env |= {
        "SCOREKEEPER_DATABASE_URL": database_url,
        "SCOREKEEPER_SECRET_KEY": "benchmark",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(work)]),
    }
    upgrade = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "upgrade"],
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
    )
    if upgrade.returncode != 0:
        print(upgrade.stderr, file=sys.stderr)
        return None
    return env


def describe_run(bench: Bench, args: argparse.Namespace, database_url: str) -> None:
    size = len(Client(bench.ports["baseline"]).send(Call("GET", "/"))[1])
    board = Call("GET", bench.board_path, headers=bench.board_headers)
    board_size = len(Client(bench.ports["app"]).send(board)[1])
    print(
        f"gunicorn gthread, {args.workers} workers x {args.threads} threads, "
        f"{os.cpu_count()} CPUs; database {database_url.split(':')[0]}; "
        f"{args.duration:g} s per scenario; load average {os.getloadavg()[0]:.2f} "
        "(other work on the machine skews the figures)"
    )
    print(
        f"baseline page {size} bytes; scoreboard {bench.board_path} "
        f"({board_size} bytes, 4 players, 4 rounds)"
    )


def choose_scenarios(bench: Bench, only: list[str] | None) -> list[Scenario]:
    """The scenarios asked for (and the baseline), less those whose endpoint is not built."""
    chosen: list[Scenario] = []
    for scenario in scenarios(bench):
        wanted = not only or any(words in scenario.name for words in only)
        if not wanted and scenario.server != "baseline":
            continue
        if scenario.probe is not None:
            status = Client(bench.ports[scenario.server]).send(scenario.probe)[0]
            if status == 404:
                print(f"skipped: {scenario.name} (not built yet)")
                continue
        chosen.append(scenario)
    return chosen


def measure(
    chosen: list[Scenario],
    bench: Bench,
    servers: dict[str, Server],
    clients: int,
    args: argparse.Namespace,
) -> list[Result]:
    """Each scenario with ``clients`` clients, after a warm-up; its rows, printed."""
    rows: list[Result] = []
    summaries: list[str] = []
    for scenario in chosen:
        port = bench.ports[scenario.server]
        run_scenario(scenario, port, clients, min(1.0, args.duration), 200)  # warm up
        server = servers[scenario.server]
        cpu_before = server.cpu_seconds()
        found = run_scenario(scenario, port, clients, args.duration, args.max_requests)
        cpu_after = server.cpu_seconds()
        served = sum(r.requests + r.errors for r in found.values())
        if cpu_before is not None and cpu_after is not None and served:
            for result in found.values():
                result.server_cpu = (cpu_after - cpu_before) / served * 1000
        if scenario.summary is not None and found:
            lines = scenario.summary()
            summaries.extend(f"{scenario.name}, {clients} clients: {text}" for text, _ in lines)
            first = next(iter(found.values()))
            first.checks = [(text, ok) for text, ok in lines if ok is not None]
        rows.extend(found.values())
    print()
    print(table(rows))
    for line in summaries:
        print(f"  {line}")
    for row in rows:
        for sample in row.error_samples:
            print(f"  error in {row.name}: {sample}")
    return rows


def report_targets(ten: list[Result], many: list[Result], args: argparse.Namespace) -> int:
    def find(rows: list[Result], words: str) -> Result | None:
        return next((r for r in rows if words in r.name), None)

    baseline = find(ten, "baseline")
    entry = find(ten, "round entry")
    checks: list[tuple[str, bool]] = []
    for board in (find(ten, "full render"), find(ten, "watch poll")):
        if baseline is None or board is None:
            continue
        ratio = board.rate / baseline.rate if baseline.rate else 0.0
        checks.append(
            (
                f"{board.name} at {args.clients} clients: {board.rate:.0f} req/s = "
                f"{ratio:.0%} of the baseline's {baseline.rate:.0f} (target >= 50%)",
                ratio >= 0.5,
            )
        )
        checks.append(
            (
                f"{board.name} p99 at {args.clients} clients: {board.percentile(99):.1f} ms "
                "(target < 15 ms)",
                board.percentile(99) < 15,
            )
        )
    if entry:
        checks.append(
            (
                f"round entry p99 at {args.clients} clients: {entry.percentile(99):.1f} ms "
                "(target < 50 ms)",
                entry.percentile(99) < 50,
            )
        )
    live_entry = find(ten, LIVE_ENTRY_LABEL)
    if live_entry:
        checks.append(
            (
                f"{live_entry.name} p99 at {args.clients} clients: "
                f"{live_entry.percentile(99):.1f} ms (target < 50 ms)",
                live_entry.percentile(99) < 50,
            )
        )
    checks.extend(check for row in ten for check in row.checks)
    errors = sum(r.errors for r in many)
    requests = sum(r.requests for r in many)
    checks.append(
        (
            f"errors at {args.many_clients} clients: {errors} in {requests + errors} requests "
            "(target 0)",
            errors == 0,
        )
    )
    print()
    for text, ok in checks:
        print(f"{'PASS' if ok else 'MISS'}  {text}")
    missed = [text for text, ok in checks if not ok]
    return 1 if missed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
