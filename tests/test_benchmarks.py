"""The benchmarks' own machinery (issue 33): a server that never answers is stopped before
the benchmark gives up on it, a live-screens run too short to judge is no miss, and every
benchmark keeps its compiled files where PYTHONDONTWRITEBYTECODE is set."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import ClassVar

import pytest

from benchmarks import web
from tests.checkout import ROOT

NEVER_ANSWERS = [sys.executable, "-c", "import time; time.sleep(600)"]


class SilentServer(web.Server):
    """A "server" that starts and never answers."""

    started: ClassVar[list[subprocess.Popen[bytes]]] = []

    @staticmethod
    def command(target: str, port: int, workers: int, threads: int) -> list[str]:
        return NEVER_ANSWERS

    def _wait_ready(self, timeout: float) -> None:
        SilentServer.started.append(self.process)
        super()._wait_ready(timeout)


def test_a_server_that_never_answers_is_stopped_before_the_benchmark_gives_up(
    tmp_path: Path,
) -> None:
    # In a thread of its own: a worker that ran a browser test first keeps Playwright's event
    # loop running in this one, and the benchmark's own loop could not start beside it.
    with ThreadPoolExecutor(1) as pool:
        starting = pool.submit(
            SilentServer, "silent", "app:app", workers=1, threads=1, cwd=tmp_path, env={},
            ready_timeout=0.5,
        )  # fmt: skip
        with pytest.raises(RuntimeError, match=r"did not answer within 0\.5 s"):
            starting.result()
    [process] = SilentServer.started
    assert process.poll() is not None  # stopped, not left running


def live_screens(changes_sent_after: list[float], run_seconds: float) -> web.LiveScreens:
    screens = web.LiveScreens(bench=None)  # type: ignore[arg-type]  (only its results here)
    screens.changes = [web.Change(f"g{n}", sent) for n, sent in enumerate(changes_sent_after)]
    screens.ended = run_seconds
    return screens


def test_a_live_screens_run_too_short_to_judge_is_not_a_miss() -> None:
    # --duration 3: the first changes went out at once, but none 3 s before the end.
    [(text, ok)] = live_screens([0.1, 0.5, 1.2], run_seconds=3.0).summary()
    assert text.startswith("too short to judge: 3 changes") and ok is None


def test_a_change_nobody_saw_in_a_long_enough_run_is_a_miss() -> None:
    [(text, ok)] = live_screens([0.1, 4.0], run_seconds=10.0).summary()
    assert text == "no change was seen" and ok is False


def test_a_benchmark_keeps_its_compiled_files(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, os, sys; sys.path.insert(0, sys.argv[1]);"
            "import benchmarks.keep_bytecode;"
            "print(json.dumps([sys.pycache_prefix, sys.dont_write_bytecode,"
            " os.environ.get('PYTHONPYCACHEPREFIX'), os.environ.get('PYTHONDONTWRITEBYTECODE')]))",
            str(ROOT),
        ],
        env=environment,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    prefix, no_writes, inherited, no_writes_inherited = json.loads(shown.stdout)
    if sys.prefix == sys.base_prefix:
        pytest.skip("outside a virtual environment the benchmarks change nothing")
    assert prefix == inherited == str(Path(sys.prefix) / "pycache")
    assert no_writes is False and no_writes_inherited is None
