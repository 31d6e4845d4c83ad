"""What the test run changed in the checkout: a test writes only in its temporary folder.

:func:`snapshot` lists the checkout's files that git reports (changed, untracked or ignored),
each with its size and modification time; comparing the snapshots taken before and after the
run names every file a test wrote, git-ignored ones such as ``instance/secret_key`` included,
and every folder a test made (git lists no empty folder: an empty ``instance/``).
Tool caches and the screenshots the browser tests leave for a person to look at are expected.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Written by the tools themselves, or on purpose (screenshots/, git-ignored, for a person).
EXPECTED = (
    ".venv/",
    ".venv-lock/",
    ".hypothesis/",
    ".pytest_cache/",
    ".mypy_cache/",
    ".ruff_cache/",
    "screenshots/",
)

Snapshot = dict[str, tuple[int, int]]


def snapshot() -> Snapshot:
    """Each reported file (a reported folder: each file in it): (size, modification time)."""
    try:
        listing = subprocess.run(
            ["git", "status", "--porcelain", "-z", "--ignored=matching", "--untracked-files=all"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return {}  # not a git checkout (an unpacked archive): nothing to compare
    found: Snapshot = {}
    for entry in listing.split("\0"):
        path = entry[3:]
        if not path or path.startswith(EXPECTED) or "__pycache__/" in path:
            continue
        for file in _files(ROOT / path):
            stat = file.stat()
            found[file.relative_to(ROOT).as_posix()] = (stat.st_size, stat.st_mtime_ns)
    for folder in _folders():
        found[folder] = (0, 0)  # what counts is that it is there
    return found


def _folders() -> list[str]:
    """Every folder of the checkout ("name/"), but git's own and the expected ones."""
    found = []
    for folder, names, _files in os.walk(ROOT):
        inside = Path(folder).relative_to(ROOT).as_posix()
        prefix = "" if inside == "." else inside + "/"
        names[:] = [
            name
            for name in names
            if name not in (".git", "__pycache__") and not f"{prefix}{name}/".startswith(EXPECTED)
        ]
        found.extend(f"{prefix}{name}/" for name in names)
    return found


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return [Path(folder) / name for folder, _, names in os.walk(path) for name in names]
    return [path] if path.exists() else []


def written(before: Snapshot, after: Snapshot) -> list[str]:
    """The files created or changed between the two snapshots."""
    return sorted(path for path, seen in after.items() if before.get(path) != seen)
