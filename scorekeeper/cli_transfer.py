"""``scorekeeper export`` and ``scorekeeper import``: backups of games and groups.

    scorekeeper export group <group link or id> -o smiths.json
    scorekeeper export game <game link or id> --csv -o game.csv
    scorekeeper import smiths.json

Exports are JSON (everything, importable) or CSV (one row per player per round, for
spreadsheets); ``-o -`` (the default) writes to standard output. An import brings the
database's schema up to date first, is all or nothing, and prints the edit token that gives
edit rights to what it created. Like ``print``, these read the app's database directly
(``--database-url`` before the command, or ``SCOREKEEPER_DATABASE_URL``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from .errors import GameError, NotFound


def add_transfer_commands(subparsers: Any) -> None:
    """Add ``export`` (with ``game`` and ``group``) and ``import``."""
    command = subparsers.add_parser("export", help="export a game or a group (JSON or CSV)")
    kinds = command.add_subparsers(dest="kind", required=True)
    for kind in ("game", "group"):
        sub = kinds.add_parser(kind, help=f"export a {kind} with all its rounds and history")
        sub.add_argument("id", type=_id_from, help=f"the {kind}'s link, or the id at its end")
        sub.add_argument("--csv", action="store_true", help="CSV, one row per player per round")
        sub.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")
        sub.set_defaults(handler=cmd_export)
    imported = subparsers.add_parser("import", help="import a game or group exported as JSON")
    imported.add_argument("file", help="the exported file ('-' reads standard input)")
    imported.set_defaults(handler=cmd_import)


def _id_from(text: str) -> str:
    """The id at the end of a link (``https://host/groups/<id>/...``), or the text itself."""
    parts = [p for p in text.split("?")[0].split("/") if p]
    for marker in ("games", "groups"):
        if marker in parts[:-1]:
            return parts[parts.index(marker) + 1]
    return text.strip()


def _engine(args: argparse.Namespace, *, create: bool) -> Any:
    from .db import make_engine
    from .printing.cli import _missing_sqlite_file, database_url

    url = database_url(getattr(args, "database_url", None))
    if not create and (missing := _missing_sqlite_file(url)):
        raise NotFound(f"there is no database at {missing}")
    return make_engine(url)


def _pieces(args: argparse.Namespace, engine: Any) -> Iterator[str]:
    from .games import transfer

    export = {
        ("game", False): transfer.export_game_json,
        ("game", True): transfer.export_game_csv,
        ("group", False): transfer.export_group_json,
        ("group", True): transfer.export_group_csv,
    }[(args.kind, bool(args.csv))]
    return export(engine, args.id)


def cmd_export(args: argparse.Namespace) -> int:
    try:
        engine = _engine(args, create=False)
    except GameError as error:
        return _fail(error.message)
    try:
        pieces = _pieces(args, engine)  # a missing game or group is found before writing
        with ExitStack() as stack:
            out: IO[str] = sys.stdout
            if args.output != "-":
                out = stack.enter_context(Path(args.output).open("w", encoding="utf-8", newline=""))
            for piece in pieces:
                out.write(piece)
    except GameError as error:
        return _fail(error.message)
    finally:
        engine.dispose()
    if args.output != "-":
        print(f"Exported the {args.kind} to {args.output}", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from .games.transfer import import_json
    from .migrate import upgrade

    try:
        engine = _engine(args, create=True)
    except GameError as error:
        return _fail(error.message)
    try:
        upgrade(engine)
        with ExitStack() as stack:
            source: IO[bytes] = sys.stdin.buffer
            if args.file != "-":
                source = stack.enter_context(Path(args.file).open("rb"))
            with Session(engine, expire_on_commit=False) as session:
                done = import_json(session, source, label="imported (command line)")
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror}")
    except GameError as error:
        details = error.details if isinstance(error.details, dict) else {}
        for found in details.get("problems", []):
            print(f"  {found['where']}: {found['problem']}", file=sys.stderr)
        return _fail(error.message)
    finally:
        engine.dispose()
    games = "1 game" if done.games == 1 else f"{done.games} games"
    print(f"Imported the {done.kind} {done.id} ({games}).")
    print(f"Edit token: {done.token}")
    return 0


def _fail(message: str) -> int:
    print(f"scorekeeper: {message}", file=sys.stderr)
    return 1
