"""``scorekeeper print``: write the same PDFs as the web app to files.

    scorekeeper print blank --preset liverpool --players 4 -o sheet.pdf
    scorekeeper print blank --preset family --names Ann Bob Cy --paper Letter -o sheet.pdf
    scorekeeper print blank --rules our-rules.json --players 5 -o sheet.pdf
    scorekeeper print blank --preset <a shared rule set's link> -o sheet.pdf
    scorekeeper print game <game id> -o game.pdf
    scorekeeper print trophy <game id> -o trophy.pdf
    scorekeeper print blank --preset carioca --language es -o hoja.pdf

A blank sheet is for a preset, a rule-set document in a file (``--rules``: what
``GET /api/v1/rules/<preset>`` or the builder's "Download as a file" gives), or a rule set
saved in the app and shared by its link (``--preset`` with the link, or ``shared:<token>``).
``--language es`` (or ``de``) writes the sheet in that language, as the app does for a reader
of it (English by default). ``-o -`` writes to standard output. Games and shared rule sets are
read from the app's database (``--database-url`` before ``print``, or
``SCOREKEEPER_DATABASE_URL``, else the SQLite file in the instance folder, as the app does)
through the game service; no Flask app is built.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import GameError, Invalid, NotFound
from ..rules import RulesError, RuleSet
from ..rules.language import speaking

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from ..games import GameView


def add_print_command(subparsers: Any) -> None:
    """Add ``print`` and its ``blank``, ``game`` and ``trophy`` sub-commands."""
    command = subparsers.add_parser(
        "print", help="write PDF score sheets (blank, a game's sheet, the trophy)"
    )
    kinds = command.add_subparsers(dest="sheet", required=True)

    blank = kinds.add_parser("blank", help="a blank score sheet to fill in by pen")
    blank.add_argument(
        "--preset",
        default="liverpool",
        help="a preset (default liverpool), or a saved rule set's sharing link (or shared:<token>)",
    )
    blank.add_argument(
        "--rules", metavar="FILE", help="a rule-set document (JSON) to print the sheet for"
    )
    blank.add_argument("--players", type=int, help="number of players, 2-8 (default 4)")
    blank.add_argument("--names", nargs="+", metavar="NAME", help="player names, in seat order")
    blank.add_argument("--title", help="a title for the sheet")
    _page_options(blank, orientation=True)
    _output(blank, "score-sheet.pdf")
    blank.set_defaults(handler=cmd_blank)

    game = kinds.add_parser("game", help="a game's score sheet, filled in")
    game.add_argument("game_id", type=game_id_from, help=GAME_HELP)
    _page_options(game, orientation=True)
    _output(game, "game.pdf")
    game.set_defaults(handler=cmd_game)

    trophy = kinds.add_parser("trophy", help="the winner's trophy sheet of a finished game")
    trophy.add_argument("game_id", type=game_id_from, help=GAME_HELP)
    _page_options(trophy, orientation=False)
    _output(trophy, "trophy.pdf")
    trophy.set_defaults(handler=cmd_trophy)


GAME_HELP = (
    "the game's link, or the id at its end (an id that begins with '-' goes last, after --: "
    "print game -o game.pdf -- -Xb3...)"
)


def game_id_from(text: str) -> str:
    """The game id in a game's link (``https://host/games/<id>/...``), or ``text`` itself.

    A link is the easy way to name a game on the command line: about one id in 64 begins
    with "-", which argparse would take for an option.

    >>> game_id_from("http://127.0.0.1:8000/games/-Xb3kLq9wPzR2mN8vT5yAa/watch")
    '-Xb3kLq9wPzR2mN8vT5yAa'
    >>> game_id_from("Xb3kLq9wPzR2mN8vT5yAa-")
    'Xb3kLq9wPzR2mN8vT5yAa-'
    """
    _before, found, after = text.partition("/games/")
    return after.split("/")[0].split("?")[0] if found else text


def _page_options(parser: argparse.ArgumentParser, *, orientation: bool) -> None:
    parser.add_argument("--paper", default="A4", help="A4 (default) or Letter")
    parser.add_argument(
        "--language", default="en", choices=languages(), help="the sheet's language (default en)"
    )
    if orientation:
        parser.add_argument(
            "--orientation",
            choices=["portrait", "landscape"],
            help="default: portrait up to 5 players, landscape above",
        )


def _output(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "-o", "--output", default=default, help=f"file to write, or - (default {default})"
    )


def _write(pdf: bytes, output: str) -> int:
    if output == "-":
        sys.stdout.buffer.write(pdf)
        sys.stdout.buffer.flush()
    else:
        Path(output).write_bytes(pdf)
        print(f"wrote {output} ({len(pdf) // 1024} KB)", file=sys.stderr)
    return 0


def _fail(message: str) -> int:
    print(f"scorekeeper print: {message}", file=sys.stderr)
    return 2


TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"


def languages() -> list[str]:
    """English and each language the app has a catalogue for (``scorekeeper/translations/``).

    >>> languages()
    ['en', 'de', 'es']
    """
    found = sorted(path.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES"))
    return ["en", *found]


@contextmanager
def _in_language(code: str) -> Iterator[None]:
    """Write the sheet in ``code``'s words, from the catalogue the app reads."""
    from babel.support import Translations

    with speaking(Translations.load(str(TRANSLATIONS), [code])):
        yield


def in_language(command: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """A print command run in the language its ``--language`` names."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        with _in_language(args.language):
            return command(args)

    return run


@in_language
def cmd_blank(args: argparse.Namespace) -> int:
    from . import render_blank_sheet

    names = list(args.names or [])
    count = args.players or len(names) or 4
    if count < len(names):
        return _fail(f"{len(names)} names were given for {count} players")
    players: list[str] | int = names + [""] * (count - len(names)) if names else count
    try:
        rules = _blank_rules(args)
        pdf = render_blank_sheet(rules, players, args.paper, args.orientation, args.title)
    except (GameError, RulesError) as error:
        return _fail(error.message)
    return _write(pdf, args.output)


# A document file is read up to the size the web app takes a request body of (64 KiB).
MAX_RULES_FILE = 64 * 1024
SHARED = re.compile(r"(?:^shared:|/rules/shared/)([A-Za-z0-9_-]{10,64})(?:[/?#]|$)")


def _blank_rules(args: argparse.Namespace) -> RuleSet:
    """The rule set a blank sheet is for: ``--rules FILE`` (a document), a shared rule set
    (``--preset`` with its link or ``shared:<token>``, read from the database), or a preset."""
    from ..rules import get_preset, resolve_rules

    if args.rules:
        return resolve_rules(_read_document(args.rules), None)
    shared = SHARED.search(args.preset)
    if shared is None:
        return get_preset(args.preset)
    from sqlmodel import Session

    from ..games.saved_rules import get_shared

    engine = _engine(args)
    try:
        with Session(engine) as session:
            return get_shared(session, shared.group(1)).rules
    finally:
        engine.dispose()


def _read_document(path: str) -> Any:
    """The JSON document in the file at ``path`` (``-``: standard input), or Invalid saying
    why it cannot be read."""
    try:
        if path == "-":
            text = sys.stdin.buffer.read(MAX_RULES_FILE + 1)
        else:
            with open(path, "rb") as file:
                text = file.read(MAX_RULES_FILE + 1)
    except OSError as error:
        raise Invalid(f"cannot read {path}: {error.strerror}") from None
    if len(text) > MAX_RULES_FILE:
        raise Invalid(f"{path} is larger than a rule-set document can be (64 KiB)")
    try:
        return json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Invalid(f"{path} is not a JSON rule-set document: {error}") from None


def instance_path() -> str:
    """The app's instance folder, where ``create_app`` keeps its SQLite database:
    ``SCOREKEEPER_INSTANCE_PATH``, else Flask's choice for the package (beside it in a source
    checkout, ``<prefix>/var/scorekeeper-instance`` when installed), found without building
    the app."""
    from flask.sansio.scaffold import find_package

    from .. import config

    chosen = config.instance_path(config.from_environment())
    if chosen:
        return chosen
    prefix, package_path = find_package("scorekeeper")
    if prefix is None:
        return os.path.join(package_path, "instance")
    return os.path.join(prefix, "var", "scorekeeper-instance")


def database_url(given: str | None = None) -> str:
    """The database the app would use: ``given`` (``--database-url``), else
    ``SCOREKEEPER_DATABASE_URL``, else the SQLite file in the instance folder."""
    from .. import config

    url = given or config.from_environment().get("DATABASE_URL")
    return config.normalize_database_url(url or config.default_database_url(instance_path()))


def _missing_sqlite_file(url: str) -> str | None:
    """The SQLite file ``url`` names, if it does not exist; else None."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.query.get("uri"):
        return None
    path = parsed.database
    return path if path and path != ":memory:" and not Path(path).is_file() else None


def _engine(args: argparse.Namespace) -> Engine:
    """The app's database (see :func:`database_url`), which must exist."""
    from ..db import make_engine

    url = database_url(getattr(args, "database_url", None))
    if missing := _missing_sqlite_file(url):
        # SQLite would create an empty file: say where the games were looked for instead.
        raise NotFound(f"there is no database at {missing}")
    return make_engine(url)


def _load(args: argparse.Namespace) -> GameView:
    """The game named on the command line, read with the game service (no Flask app)."""
    from sqlmodel import Session

    from ..games import load_game

    engine = _engine(args)
    try:
        with Session(engine) as session:
            return load_game(session, args.game_id)
    finally:
        engine.dispose()


@in_language
def cmd_game(args: argparse.Namespace) -> int:
    from . import render_game_sheet

    try:
        pdf = render_game_sheet(_load(args), args.paper, args.orientation)
    except (GameError, RulesError) as error:
        return _fail(error.message)
    return _write(pdf, args.output)


@in_language
def cmd_trophy(args: argparse.Namespace) -> int:
    from . import render_trophy

    try:
        pdf = render_trophy(_load(args), args.paper)
    except (GameError, RulesError) as error:
        return _fail(error.message)
    return _write(pdf, args.output)
