"""A throwaway PostgreSQL server for the test run, started from Debian's binaries.

The suite tests the database layer against a real server as well as SQLite. The server runs
from a temporary folder on a free loopback port with fsync off (fast, and nothing to keep).
One server serves the whole run: the first test process (xdist worker) that needs it starts
it, the others find it in the run's folder (:func:`shared`), and every test gets a database
of its own on it; the process that ran the session stops it at the end (:func:`stop_shared`).
As root, it runs as the ``postgres`` user, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import fcntl
import glob
import json
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from itertools import count
from pathlib import Path

import psycopg

from scorekeeper.db import create_all, make_engine

TABLES_TEMPLATE = "scorekeeper_tables"


def find_bin_dir() -> str:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for path in candidates:
        if os.path.exists(os.path.join(path, "initdb")):
            return path
    raise RuntimeError(
        "PostgreSQL server binaries not found: run scripts/bootstrap test (installs postgresql)"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    bin_dir: str
    root: str
    port: int
    _numbers = count(1)

    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, with_tables: bool = False) -> str:
        """A new empty database, or one with the app's tables (a copy of the template
        :func:`shared` made); its SQLAlchemy URL. The name holds the process id, so test
        processes sharing the server never pick the same one."""
        name = f"t{os.getpid()}_{next(self._numbers)}"
        template = f' TEMPLATE "{TABLES_TEMPLATE}"' if with_tables else ""
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"{template}')
        return self.url(name)

    def create_tables_template(self) -> None:
        """The database every ``with_tables`` database copies: the app's tables, made once
        by ``create_all`` (copying them costs a tenth of making them)."""
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{TABLES_TEMPLATE}"')
        engine = make_engine(self.url(TABLES_TEMPLATE))
        create_all(engine)
        engine.dispose()  # a template takes no connections while it is copied

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def cpu_seconds(self) -> float:
        """CPU time the server has used so far: the postmaster, the backends it has ended
        (counted in its children's time) and those still running."""
        try:
            postmaster = int(Path(self.data, "postmaster.pid").read_text().split()[0])
            stats = [Path(f"/proc/{postmaster}/stat").read_text()]
            children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text()
            for child in children.split():
                stats.append(Path(f"/proc/{child}/stat").read_text())
        except (OSError, ValueError, IndexError):
            return 0.0
        ticks = sum(sum(map(int, s[s.rindex(")") + 2 :].split()[11:15])) for s in stats)
        return ticks / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        _run_as_owner(
            [os.path.join(self.bin_dir, "pg_ctl"), "-D", self.data, "-m", "immediate", "stop"]
        )
        shutil.rmtree(self.root, ignore_errors=True)

    @property
    def data(self) -> str:
        return os.path.join(self.root, "data")


def _owner() -> str | None:
    return "postgres" if os.geteuid() == 0 else None


def _run_as_owner(argv: list[str]) -> None:
    owner = _owner()
    if owner:
        argv = ["runuser", "-u", owner, "--", *argv]
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def start() -> PostgresServer:
    bin_dir = find_bin_dir()
    root = tempfile.mkdtemp(prefix="scorekeeper-pg-")
    owner = _owner()
    if owner:
        entry = pwd.getpwnam(owner)
        os.chown(root, entry.pw_uid, entry.pw_gid)
    server = PostgresServer(bin_dir, root, free_port())
    _run_as_owner(
        [
            os.path.join(bin_dir, "initdb"),
            "-D",
            server.data,
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
            "--no-sync",  # a throwaway cluster: a third of the start-up time
        ]
    )
    options = (
        f"-p {server.port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    _run_as_owner(
        [
            os.path.join(bin_dir, "pg_ctl"),
            "-D",
            server.data,
            "-o",
            options,
            "-w",
            "-l",
            os.path.join(root, "log"),
            "start",
        ]
    )
    return server


def shared(run_dir: Path) -> PostgresServer:
    """The run's server: started by the first process to ask, found in ``run_dir`` by the
    others (a file lock makes them wait while it starts)."""
    state = run_dir / "postgres.json"
    with open(run_dir / "postgres.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if state.exists():
            return PostgresServer(**json.loads(state.read_text()))
        server = start()
        server.create_tables_template()
        state.write_text(json.dumps(asdict(server)))
        return server


def stop_shared(run_dir: Path) -> float | None:
    """Stop the run's server, if a test started one; the CPU seconds it used."""
    state = run_dir / "postgres.json"
    if not state.exists():
        return None
    server = PostgresServer(**json.loads(state.read_text()))
    used = server.cpu_seconds()
    server.stop()
    state.unlink()
    return used
