"""Start-up: the CPU time a new process takes to make the app (issue 33).

    .venv/bin/python benchmarks/startup.py [--runs 11]

Each run is a fresh Python process, as a starting server or worker is: it imports the package
and calls ``create_app()`` on a SQLite file in a temporary folder, and reports the CPU time
(``time.process_time``, less disturbed than wall time by other work on the machine) of
``import scorekeeper`` and of ``create_app()``, which imports the rest (the web layer, the
models, the rules). The compiled files are kept (``keep_bytecode.py``) and one run is made
first to write them, so the figures are a warm start, as every start after the first.
Prints min / median / max over the runs. Target: the whole at most 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import benchmarks.keep_bytecode  # noqa: E402,F401  (first: keeps the compiled files)

TARGET_SECONDS = 0.5
CHILD = """
import json, sys, time
began = time.process_time()
from scorekeeper import create_app
imported = time.process_time()
create_app({"DATABASE_URL": sys.argv[1], "SECRET_KEY": "benchmark", "INSTANCE_PATH": sys.argv[2]})
made = time.process_time()
print(json.dumps({"import scorekeeper": imported - began, "create_app()": made - imported}))
"""


def one_start(work: Path) -> dict[str, float]:
    """The CPU seconds of one fresh process's start, by part."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    database = f"sqlite:///{work / 'startup.sqlite3'}"
    output = subprocess.run(
        [sys.executable, "-c", CHILD, database, str(work / "instance")],
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    parts: dict[str, float] = json.loads(output)
    return parts | {"whole": sum(parts.values())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-startup-") as folder:
        one_start(Path(folder))  # writes the compiled files, if they were not there
        runs = [one_start(Path(folder)) for _ in range(args.runs)]
    print(
        f"{args.runs} fresh processes, load average {os.getloadavg()[0]:.2f} "
        f"({os.cpu_count()} CPUs; other work on the machine raises the figures)"
    )
    print(f"{'CPU seconds':22s} {'min':>7s} {'median':>7s} {'max':>7s}")
    for part in runs[0]:
        values = [run[part] for run in runs]
        print(f"{part:22s} {min(values):7.3f} {statistics.median(values):7.3f} {max(values):7.3f}")
    median = statistics.median(run["whole"] for run in runs)
    met = "PASS" if median <= TARGET_SECONDS else "MISS"
    print(f"{met}  start-up median {median:.3f} s CPU (target <= {TARGET_SECONDS} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
