"""``scorekeeper serve``'s log and control socket (issue 25): the log names the address it
listens at, and two servers on one machine each have a gunicorn control socket of their own
(gunicorn's default is one path per user, which the second server took over)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.slow

CONTROL = re.compile(r"Control socket listening at (\S+)")


def _log_line(server: ServerProcess, pattern: re.Pattern[str]) -> re.Match[str]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = pattern.search(Path(server.log.name).read_text())
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{pattern.pattern!r} not in {server.log.name}")


def test_two_servers_each_say_where_they_listen_and_keep_their_own_control_socket(
    tmp_path: Path,
) -> None:
    first = ServerProcess(f"sqlite:///{tmp_path / 'one.sqlite3'}", tmp_path).start()
    second = None
    try:
        second = ServerProcess(f"sqlite:///{tmp_path / 'two.sqlite3'}", tmp_path).start()
        sockets = []
        for server in (first, second):
            listening = re.compile(r"Listening at: (\S*) \(\d+\)")
            assert _log_line(server, listening).group(1) == f"http://127.0.0.1:{server.port}"
            sockets.append(Path(_log_line(server, CONTROL).group(1)))
        assert sockets[0] != sockets[1]
        assert all(path.is_socket() for path in sockets)  # the first's is still its own
    finally:
        if second is not None:
            second.stop()
        first.stop()
