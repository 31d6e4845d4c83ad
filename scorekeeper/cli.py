"""The ``scorekeeper`` command: serve the app, manage the database, print sheets."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Callable, Sequence
from typing import Any

from flask import Flask

from . import create_app


def _app(args: argparse.Namespace) -> Flask:
    overrides: dict[str, Any] = {}
    if getattr(args, "database_url", None):
        overrides["DATABASE_URL"] = args.database_url
    return create_app(overrides or None)


def cmd_upgrade(args: argparse.Namespace) -> int:
    """Create the database or bring its schema up to date."""
    from .db import get_engine
    from .migrate import current_revision, upgrade

    app = _app(args)
    engine = get_engine(app)
    upgrade(engine)
    print(
        f"Database ready at {engine.url.render_as_string(hide_password=True)} "
        f"(schema {current_revision(engine)})"
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the app under gunicorn (production-grade), after bringing the schema up to date."""
    from gunicorn.app.base import BaseApplication

    from .db import get_engine
    from .migrate import upgrade

    app = _app(args)
    engine = get_engine(app)
    upgrade(engine)
    # The workers are forked from this process: they must not share its pooled connections.
    engine.dispose()
    host = args.host or app.config["HOST"]
    port = args.port or app.config["PORT"]
    if not _port_is_free(host, port):
        print(
            f"Port {port} on {host} is in use (is Scorekeeper already running?): "
            "stop that program or choose another port with --port.",
            file=sys.stderr,
        )
        return 1
    control = _control_socket(app.instance_path, port)
    options = {
        "bind": f"{host}:{port}",
        "workers": args.workers or app.config["WORKERS"],
        "threads": app.config["THREADS"],
        "worker_class": "gthread",
        # Each worker listens on a socket of its own and the kernel spreads new connections
        # over them. On one shared socket, the worker that wakes first takes them: idle
        # tablets' keep-alive connections all ended up on one worker (10 of 10 in the web
        # benchmark), which then served them on one CPU while the other worker idled.
        "reuse_port": True,
        "accesslog": "-" if args.access_log else None,
        "timeout": 60,
        # A forked worker starts with an empty pool of its own (SQLAlchemy's advice for fork).
        "post_fork": lambda _server, _worker: engine.dispose(close=False),
        # gunicorn's control socket (for its gunicornc tool) is one path per user by default:
        # a second server on the machine took it over from the first. Each server has its own,
        # named after its port, in the instance folder.
        "control_socket": control,
        "control_socket_disable": True if control is None else None,
        "logger_class": _server_log(f"http://{host}:{port}"),
    }

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in options.items():
                if value is not None:
                    self.cfg.set(key, value)

        def load(self) -> Flask:
            return app

    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    print(f"Scorekeeper is running: open http://{shown}:{port}/ (Ctrl+C to stop)", flush=True)
    Server().run()
    return 0


# A Unix socket's path holds at most 107 bytes (108 with its terminating NUL, on Linux).
_SOCKET_PATH_LIMIT = 107


def _control_socket(instance_path: str, port: int) -> str | None:
    """This server's own gunicorn control socket, or None (none at all) where its path would
    be too long for a Unix socket.

    >>> _control_socket("/srv/scorekeeper/instance", 8000)
    '/srv/scorekeeper/instance/gunicorn-8000.ctl'
    >>> _control_socket("/" + "x" * 120, 8000) is None
    True
    """
    path = os.path.join(instance_path, f"gunicorn-{port}.ctl")
    return path if len(os.fsencode(path)) <= _SOCKET_PATH_LIMIT else None


def _server_log(address: str) -> type:
    """gunicorn's logger, with this server's address on its "Listening at" line: the workers
    bind their sockets themselves (``reuse_port``), so the master had none to name and said
    "Listening at:  (PID)"."""
    from gunicorn.glogging import Logger

    class ServerLog(Logger):  # type: ignore[misc]
        def info(self, msg: str, *args: Any, **kwargs: Any) -> None:
            if msg.startswith("Listening at:") and args and not args[0]:
                args = (address, *args[1:])
            super().info(msg, *args, **kwargs)

    return ServerLog


def _port_is_free(host: str, port: int) -> bool:
    """Whether nothing listens on the address. The workers' sockets share their port
    (``reuse_port``), so binding alone would not stop a second server from starting there and
    taking half of the first one's connections."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # as gunicorn binds: a closed connection's TIME_WAIT does not count as in use
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


COMMANDS: dict[str, tuple[Callable[[argparse.Namespace], int], str]] = {
    "serve": (cmd_serve, "run the app (gunicorn), creating or upgrading the database first"),
    "upgrade": (cmd_upgrade, "create the database or upgrade its schema"),
    "init-db": (cmd_upgrade, "same as upgrade"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description=__doc__)
    parser.add_argument("--database-url", help="overrides SCOREKEEPER_DATABASE_URL")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (_func, help_text) in COMMANDS.items():
        command = sub.add_parser(name, help=help_text)
        if name == "serve":
            command.add_argument("--host", help="address to listen on (default 127.0.0.1)")
            command.add_argument("--port", type=int, help="port (default 8000)")
            command.add_argument("--workers", type=int, help="worker processes (default 2)")
            command.add_argument("--access-log", action="store_true", help="log every request")
    from .cli_transfer import add_transfer_commands
    from .printing.cli import add_print_command

    add_print_command(sub)
    add_transfer_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if hasattr(args, "handler"):
        return int(args.handler(args))
    func, _help = COMMANDS[args.command]
    return func(args)


if __name__ == "__main__":
    sys.exit(main())
