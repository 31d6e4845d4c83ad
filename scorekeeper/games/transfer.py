"""Export and import: a game or a whole group as JSON (everything: rule set, players, rounds,
entries, history) or as CSV (one row per player per round, for spreadsheets).

The JSON format, ``version`` :data:`FORMAT_VERSION`::

    {"format": "scorekeeper", "version": 1, "kind": "game", "game": {...}}
    {"format": "scorekeeper", "version": 1, "kind": "group", "group": {...}, "games": [...]}

``format``, ``version`` and ``kind`` come first (a file of another version is refused before
the rest is read). A game keeps its id (its link works again after a restore) and its times
and versions; a seat names its person by name (people are matched by name in a group). Edit
rights and join codes are secrets: they are never exported, and an import gives the importer
new ones. Nothing else is left out, so export → import into an empty database → export again
gives the same file.

In a phase game each entry also holds ``phase`` (the phase played) and ``phase_done``; an
entry of a game played in rounds holds neither, as every export before phase games, which
still imports as it was written. A CSV row holds them in the columns ``phase`` and
``phase_done`` (empty in a game played in rounds), and its ``contract`` is the contract of the
phase played.

Exports stream: the games are read in batches and each one written as it goes, so memory does
not grow with the number of games. Every text cell of a CSV export is written as a
spreadsheet shows text, never as a formula (:func:`csv_cell`). Importing is
:mod:`.importer`'s (the checks of a file are :mod:`.import_checks`'): all or nothing, every
problem of a refused file listed with where it is. Names are text: markup in a name is kept
as typed and escaped wherever it is shown. CSV is for reading only: it cannot carry a
game's rules or history, so it is not imported.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select as sa_select
from sqlalchemy import tuple_
from sqlalchemy.engine import Engine
from sqlmodel import Session, col

from ..jsontext import loads_stored
from ..models import Change, Entry, Game, Person, Player, PlayGroup, Round
from ..rules import RuleSet
from ..rules.language import current_language
from ..rules.seating import round_seats
from .groups import get_group
from .import_checks import (
    FORMAT,
    FORMAT_VERSION,
    MAX_GAMES,
    MAX_PROBLEMS,
    GameIn,
    GroupIn,
    Problem,
    Problems,
)
from .importer import WRITE_BATCH, Imported, import_json
from .store import GAME_IS_THERE, get_game
from .views import game_rules

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_GAMES",
    "MAX_PROBLEMS",
    "WRITE_BATCH",
    "GameIn",
    "GroupIn",
    "Imported",
    "Problem",
    "Problems",
    "export_game_csv",
    "export_game_json",
    "export_group_csv",
    "export_group_json",
    "import_json",
]

BATCH = 200  # games read at a time (export)


# --- export: JSON -----------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _game_rows(
    session: Session, game_ids: Sequence[str], history: bool = True
) -> dict[str, dict[str, list[Any]]]:
    """Players, rounds, entries and (``history``) history of the games, by game (a query
    each)."""
    found: dict[str, dict[str, list[Any]]] = {
        g: {"players": [], "rounds": [], "history": []} for g in game_ids
    }
    connection = session.connection()
    players = connection.execute(
        sa_select(Player.game_id, Player.seat, Player.name, Person.name)
        .outerjoin(Person, col(Person.id) == col(Player.person_id))
        .where(col(Player.game_id).in_(game_ids))
        .order_by(col(Player.game_id), col(Player.seat))
    )
    for game_id, seat, name, person in players:
        found[game_id]["players"].append({"seat": seat, "name": name, "person": person})
    rounds = connection.execute(
        sa_select(Round).where(col(Round.game_id).in_(game_ids)).order_by(col(Round.number))
    ).mappings()
    by_id: dict[int, dict[str, Any]] = {}
    for r in rounds:
        row = {
            "number": r["number"],
            "went_out_seat": r["went_out_seat"],
            "cut_bonus": bool(r["cut_bonus"]),
            "version": r["version"],
            "created_at": _iso(r["created_at"]),
            "updated_at": _iso(r["updated_at"]),
            "entries": [],
        }
        by_id[r["id"]] = row
        found[r["game_id"]]["rounds"].append(row)
    if by_id:
        entries = connection.execute(
            sa_select(Entry).where(col(Entry.round_id).in_(list(by_id))).order_by(col(Entry.seat))
        ).mappings()
        for e in entries:
            entry = {
                "seat": e["seat"],
                "went_out": bool(e["went_out"]),
                "points": e["points"],
                "hand_points": e["hand_points"],
                "cards": e["cards"],
                "bought": e["bought"],
            }
            if e["phase_done"] is not None:  # a phase game's (a rounds game's read as before)
                entry |= {"phase": e["phase"], "phase_done": bool(e["phase_done"])}
            if e["down_and_out"]:  # only where marked: other entries read as before
                entry["down_and_out"] = True
            by_id[e["round_id"]]["entries"].append(entry)
    if not history:  # a CSV has no history: neither read nor parsed
        return found
    changes = connection.execute(
        sa_select(Change).where(col(Change.game_id).in_(game_ids)).order_by(col(Change.id))
    ).mappings()
    for c in changes:
        found[c["game_id"]]["history"].append(
            {
                "at": _iso(c["at"]),
                "actor": c["actor"],
                "action": c["action"],
                "round": c["round_number"],
                "summary": c["summary"],
                "before": None if c["before"] is None else loads_stored(c["before"]),
                "after": None if c["after"] is None else loads_stored(c["after"]),
            }
        )
    return found


def _game_json(game: Any, rows: dict[str, list[Any]]) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "rules": game.preset,
        "options": loads_stored(game.options),
        "rule_document": None if not game.rule_document else loads_stored(game.rule_document),
        "first_dealer": game.first_dealer,
        "version": game.version,
        "created_at": _iso(game.created_at),
        "updated_at": _iso(game.updated_at),
        "finished_at": _iso(game.finished_at),
        "players": rows["players"],
        "rounds": rows["rounds"],
        "history": rows["history"],
    }


def _games_in_batches(
    session: Session, where: Any, batch: int = BATCH, history: bool = True
) -> Iterator[list[tuple[Any, dict[str, list[Any]]]]]:
    """The games matching ``where``, oldest first, ``batch`` at a time, with their rows
    (:func:`_game_rows`)."""
    after: tuple[datetime, str] | None = None
    while True:
        statement = (
            sa_select(Game)
            .where(where, GAME_IS_THERE)
            .order_by(col(Game.created_at), col(Game.id))
            .limit(batch)
        )
        if after is not None:
            statement = statement.where(tuple_(col(Game.created_at), col(Game.id)) > after)
        games = session.connection().execute(statement).all()
        if not games:
            return
        rows = _game_rows(session, [g.id for g in games], history)
        yield [(g, rows[g.id]) for g in games]
        after = (games[-1].created_at, games[-1].id)


def _reading(engine: Engine) -> Session:
    """A session for one export: on PostgreSQL a repeatable-read transaction, so the whole
    export is one snapshot (SQLite's read transaction is one already)."""
    session = Session(engine, expire_on_commit=False)
    if engine.dialect.name == "postgresql":
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
    return session


def _existing_game(engine: Engine, game_id: str) -> None:
    with Session(engine) as session:
        get_game(session, game_id)


def _existing_group(engine: Engine, group_id: str) -> None:
    with Session(engine) as session:
        get_group(session, group_id)


def export_game_json(engine: Engine, game_id: str) -> Iterator[str]:
    """The game as a JSON document, in pieces; NotFound (before any piece) for no such game."""
    _existing_game(engine, game_id)
    return _game_document(engine, game_id)


def _game_document(engine: Engine, game_id: str) -> Iterator[str]:
    with _reading(engine) as session:
        for batch in _games_in_batches(session, col(Game.id) == game_id):
            for game, rows in batch:
                # A game exported alone is imported alone, outside any group: its seats
                # name no person (a group's game too), so it imports as it was exported.
                rows["players"] = [p | {"person": None} for p in rows["players"]]
                head = {"format": FORMAT, "version": FORMAT_VERSION, "kind": "game"}
                yield _dump(head)[:-1] + ',"game":' + _dump(_game_json(game, rows)) + "}\n"


def export_group_json(engine: Engine, group_id: str) -> Iterator[str]:
    """The group, its people and all its games as one JSON document, one game a line;
    NotFound (before any piece) for no such group."""
    _existing_group(engine, group_id)
    return _group_document(engine, group_id)


def _group_document(engine: Engine, group_id: str) -> Iterator[str]:
    with _reading(engine) as session:
        group = (
            session.connection()
            .execute(sa_select(PlayGroup).where(col(PlayGroup.id) == group_id))
            .one()
        )
        people = session.connection().execute(
            sa_select(Person.name, Person.created_at)
            .where(col(Person.group_id) == group_id)
            .order_by(col(Person.name_key))
        )
        head = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "kind": "group",
            "group": {
                "id": group.id,
                "name": group.name,
                # Only when set: a group without one exports as it did before languages.
                **({"language": group.language} if group.language else {}),
                "created_at": _iso(group.created_at),
                "people": [{"name": n, "created_at": _iso(at)} for n, at in people],
            },
        }
        yield _dump(head)[:-1] + ',"games":['
        first = True
        for batch in _games_in_batches(session, col(Game.group_id) == group_id):
            for game, rows in batch:
                yield ("\n" if first else ",\n") + _dump(_game_json(game, rows))
                first = False
        yield "\n]}\n"


# --- export: CSV ------------------------------------------------------------------------------

CSV_COLUMNS = (
    "game_id",
    "game_title",
    "rules",
    "game_created_at",
    "game_finished_at",
    "round",
    "contract",
    "dealer",
    "seat",
    "player",
    "person",
    "went_out",
    "points",
    "hand_points",
    "cards",
    "bought",
    "cut_bonus",
    "running_total",
    "phase",
    "phase_done",
    "down_and_out",
)


_FORMULA_STARTS = frozenset("=+-@\t\r\n")


def csv_cell(value: Any) -> Any:
    """A cell as a spreadsheet shows it: text never starts a formula (a leading ``= + - @``,
    a tab or a line break is kept as text behind a ``'``), and nothing as empty text. Every
    cell of a CSV export goes through here, whatever column it is in.

    >>> csv_cell('=HYPERLINK("http://x", "y")'), csv_cell("-5"), csv_cell(-5), csv_cell(None)
    ('\\'=HYPERLINK("http://x", "y")', "'-5", -5, '')
    """
    if value.__class__ is str:
        return "'" + value if value[:1] in _FORMULA_STARTS else value
    return "" if value is None else value


@functools.lru_cache(maxsize=64)
def _contracts(rules: RuleSet, language: str) -> dict[int, str]:
    """Each round's contract in words, by number, in ``language`` (the reader's, which the
    words are said in): worked out once for a group's games, which share their rules, not
    once a row."""
    return {number: spec.contract.describe() for number, spec in enumerate(rules.rounds, 1)}


def _csv_rows(game: Any, rows: dict[str, list[Any]]) -> Iterator[list[Any]]:
    """A game's rows: one per player per round. In a phase game ``contract`` is the phase
    the player played (``phase``), and ``phase_done`` whether they completed it; both are
    empty in a game played in rounds, whose contract is the round's."""
    rules = game_rules(game)  # its stored document: a custom rule set has no preset
    contracts = _contracts(rules, current_language())
    players = rows["players"]
    running = [0] * len(players)
    created, finished = _iso(game.created_at), _iso(game.finished_at)
    for r in rows["rounds"]:
        seats = round_seats(game.first_dealer, r["number"], len(players))
        for e in r["entries"]:
            seat = e["seat"]
            running[seat] += e["points"]
            cut = r["cut_bonus"] and seat == seats.cutter
            phase = e.get("phase")
            contract = contracts.get(phase if rules.phased else r["number"], "")
            yield [
                game.id,
                game.title,
                game.preset,
                created,
                finished,
                r["number"],
                contract,
                players[seats.dealer]["name"],
                seat,
                players[seat]["name"],
                players[seat]["person"],
                e["went_out"],
                e["points"],
                e["hand_points"],
                e["cards"],
                e["bought"],
                cut,
                running[seat],
                phase,
                e.get("phase_done"),
                e.get("down_and_out", False),
            ]


def _csv_document(engine: Engine, where: Any) -> Iterator[str]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    with _reading(engine) as session:
        for batch in _games_in_batches(session, where, history=False):
            for game, rows in batch:
                writer.writerows([csv_cell(v) for v in row] for row in _csv_rows(game, rows))
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def export_game_csv(engine: Engine, game_id: str) -> Iterator[str]:
    """The game as CSV, one row per player per round; NotFound before any piece."""
    _existing_game(engine, game_id)
    return _csv_document(engine, col(Game.id) == game_id)


def export_group_csv(engine: Engine, group_id: str) -> Iterator[str]:
    """All the group's games as CSV, oldest game first; NotFound before any piece."""
    _existing_group(engine, group_id)
    return _csv_document(engine, col(Game.group_id) == group_id)
