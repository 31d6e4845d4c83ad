"""Run the real app as a separate process (``scorekeeper serve``, i.e. gunicorn) for tests
that kill it, or that run two processes against one database."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.pgserver import free_port

ROOT = Path(__file__).resolve().parent.parent


class ServerProcess:
    def __init__(self, database_url: str, workdir: Path, **settings: str) -> None:
        self.database_url = database_url
        self.workdir = workdir
        self.port = free_port()
        self.settings = settings
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30) -> ServerProcess:
        env = {
            **os.environ,
            "SCOREKEEPER_DATABASE_URL": self.database_url,
            "SCOREKEEPER_SECRET_KEY": "shared-test-secret",
            "SCOREKEEPER_INSTANCE_PATH": str(self.workdir / "instance"),
            "SCOREKEEPER_WORKERS": "2",
            "SCOREKEEPER_THREADS": "8",
            **{f"SCOREKEEPER_{k}": v for k, v in self.settings.items()},
        }
        self.log = open(self.workdir / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(self.port)],
            cwd=self.workdir,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: kill master and workers at once
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited early; see {self.log.name}")
            try:
                status, _body = self.request("GET", "/api/v1/rules")
                if status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start in time")

    def kill(self) -> None:
        """SIGKILL the master and every worker, as a power cut would."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.log.close()

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        timeout: float = 30,
    ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            payload = None if body is None else json.dumps(body).encode()
            all_headers = {"Content-Type": "application/json", **(headers or {})}
            connection.request(method, path, body=payload, headers=all_headers)
            response = connection.getresponse()
            raw = response.read()
            kind = response.getheader("Content-Type", "")
            return response.status, json.loads(raw) if "json" in kind and raw else raw
        finally:
            connection.close()

    def worker_pids(self) -> list[int]:
        """The gunicorn workers: the server's child processes."""
        assert self.process is not None
        return [pid for pid, parent in _processes() if parent == self.process.pid]

    def sockets_per_worker(self, state: str) -> dict[int, int]:
        """How many TCP sockets on the server's port each worker holds, in ``state``
        (``/proc/net/tcp``'s code: "0A" listening, "01" established)."""
        inodes = _tcp_inodes(self.port, state)
        counts: dict[int, int] = {}
        for pid in self.worker_pids():
            fd_dir = Path(f"/proc/{pid}/fd")
            held = 0
            for fd in fd_dir.iterdir():
                try:
                    target = os.readlink(fd)
                except OSError:
                    continue
                held += target.startswith("socket:[") and target[8:-1] in inodes
            counts[pid] = held
        return counts


def _processes() -> list[tuple[int, int]]:
    """(pid, parent pid) of every process, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            found.append((int(entry.name), int(stat[stat.rindex(")") + 2 :].split()[1])))
    return found


def _tcp_inodes(port: int, state: str) -> set[str]:
    """The inodes of the IPv4 TCP sockets whose local port is ``port``, in ``state``."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == state:
            inodes.add(fields[9])
    return inodes


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0
