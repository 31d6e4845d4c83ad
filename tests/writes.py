"""A test writes only in temporary folders: a write anywhere else fails where it is made.

:func:`guard` installs an audit hook (PEP 578) in the test process: opening a file to write,
making, renaming or removing a file or folder, copying onto a path, or opening a SQLite
database outside the allowed folders raises :class:`WriteOutside` at once, with the path, in
the test (or the import) that did it. Allowed: the system's temporary folder (every test's
``tmp_path``, the run's folder, the browser's and PostgreSQL's own folders are in it), any
folder given with ``--basetemp``, the checkout's folders the tools write
(:data:`checkout.EXPECTED`, ``__pycache__``), and the folders a person names in
``SCOREKEEPER_TEST_WRITES`` (separated by ``:``) to keep what a test shows them. What other
processes write (the browser, the served app, PostgreSQL) is theirs: the checkout snapshot
(:mod:`checkout`) sees what lands in the checkout from any process.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tests.checkout import EXPECTED, ROOT

# The audit events that write: for each, where its paths are among the event's arguments, and
# where the folder (a descriptor) a relative path is taken from, if there is one.
WRITES: dict[str, tuple[tuple[int, int | None], ...]] = {
    "open": ((0, None),),  # a write only with a writing mode or flags (below)
    "os.mkdir": ((0, 2),),
    "os.rename": ((0, 2), (1, 3)),  # os.replace too
    "os.remove": ((0, 1),),
    "os.rmdir": ((0, 1),),
    "os.truncate": ((0, None),),
    "os.symlink": ((1, 2),),
    "os.link": ((1, 3),),
    "shutil.copyfile": ((1, None),),
    "shutil.copytree": ((1, None),),
    "shutil.rmtree": ((0, 1),),
    "sqlite3.connect": ((0, None),),
}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
# A fresh checkout's first run: pytest's cache provider fills a folder of this name beside
# .pytest_cache and renames it to that.
CACHE_MAKING = str(ROOT / "pytest-cache-files-")


class WriteOutside(RuntimeError):
    """A test wrote outside the temporary folders (no OSError: code that copes with a file it
    could not write, or a folder that is there already, must not swallow it)."""


def guard(extra: Iterable[str | os.PathLike[str]] = ()) -> None:
    """Refuse, from now on in this process, every write outside the allowed folders."""
    named = os.environ.get("SCOREKEEPER_TEST_WRITES", "").split(os.pathsep)
    allowed = [Path(tempfile.gettempdir()), *map(Path, extra), *(Path(n) for n in named if n)]
    allowed += [ROOT / folder for folder in EXPECTED]
    roots = tuple(str(path.resolve()) + os.sep for path in allowed)

    def check(event: str, args: tuple[Any, ...]) -> None:
        paths = WRITES.get(event)
        if paths is None or (event == "open" and not _writes(args)):
            return
        for at, folder_at in paths:
            path = _path(args, at, folder_at)
            if path is None:
                continue
            full = os.path.realpath(path) + os.sep
            if full.startswith(roots) or f"{os.sep}__pycache__{os.sep}" in full:
                continue
            if event == "os.mkdir" and os.path.isdir(path):
                continue  # fails with FileExistsError, writing nothing (Path.mkdir(exist_ok))
            if full.startswith(CACHE_MAKING):
                continue  # pytest makes .pytest_cache here, then renames it into place
            raise WriteOutside(
                f"{event} {path!r}: a test writes in tmp_path or its run's folder (a folder"
                " you asked a test to write in goes in SCOREKEEPER_TEST_WRITES)"
            )

    sys.addaudithook(check)


def _path(args: tuple[Any, ...], at: int, folder_at: int | None) -> str | None:
    """The path an event writes at; None for a file descriptor, an in-memory database, a
    SQLite URI (the tests' are in memory), /dev/null or shared memory."""
    path = args[at] if at < len(args) else None
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, (str, os.PathLike)):
        return None
    path = os.fspath(path)
    if path in ("", ":memory:") or path.startswith(("file:", "/dev/null", "/dev/shm/")):
        return None
    folder = args[folder_at] if folder_at is not None and folder_at < len(args) else None
    if isinstance(folder, int) and folder >= 0 and not os.path.isabs(path):
        path = os.path.join(os.readlink(f"/proc/self/fd/{folder}"), path)
    return path


def _writes(args: tuple[Any, ...]) -> bool:
    """Whether an ``open`` event opens its file to write."""
    _path, mode, flags = (*args, None, None)[:3]
    if isinstance(mode, str):
        return any(letter in mode for letter in "wax+")
    return isinstance(flags, int) and bool(flags & WRITE_FLAGS)
