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

Both directions stream: an export reads the games in batches and writes each one as it goes,
and an import reads the file piece by piece and writes its games a batch at a time (one
statement a table for the batch), so memory does not grow with the number of games. An
import is one transaction: a file refused anywhere (wrong version, a missing field, a game
over the size cap, an unknown person, a game or group that already exists) changes nothing,
and the refusal lists every problem found, each with where it is (:class:`Problems`). The
importer gets edit rights to what it imported: the game, or the group and each of its
games. Names are text: markup in a name is kept as typed and escaped wherever it is shown.
CSV is for reading only: it cannot carry a game's rules or history, so it is not imported.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import json
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import insert, tuple_
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from ..db import begin_write
from ..errors import Conflict, GameError, Invalid, KeyReused, NotFound
from ..models import (
    Change,
    EditGrant,
    Entry,
    Game,
    GroupIdempotencyRecord,
    IdempotencyRecord,
    Person,
    Player,
    PlayGroup,
    Round,
    utcnow,
)
from ..rules import RulesError, RuleSet, build_rules, format_cards, parse_cards
from ..rules.seating import round_seats
from .access import grant_edit, hash_device, hash_token, new_join_code, scoped_token_hash
from .creation import clean_name
from .groups import MAX_PEOPLE, NO_GROUP, check_group_id, grant_group_edit
from .idempotency import (
    Retry,
    check_key,
    remember,
    remember_group,
    scoped_retry,
)
from .results import results_of_rounds
from .store import check_game_id, transaction
from .views import _rules_of_document, game_rules

FORMAT = "scorekeeper"
FORMAT_VERSION = 1
MAX_GAME_BYTES = 1_000_000  # one game's JSON: a full game with long history is ~100 KB
MAX_HEADER_BYTES = 200_000  # the group and its people
MAX_HISTORY = 5_000  # lines in one game's history
MAX_GAMES = 200_000  # in one file
MAX_JSON_VALUE = 20_000  # characters of one history line's old or new values
BATCH = 200  # games read at a time (export)
WRITE_BATCH = 50  # games written at a time (import): a statement a table for them all
CHUNK = 64 * 1024
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{16,32}")


@dataclass(frozen=True)
class Imported:
    """What an import created: a game or a group, its id, how many games, and the
    importer's edit token (``""`` when the rights went to a device)."""

    kind: str
    id: str
    games: int
    token: str
    replayed: bool = False  # a retry (the same key and file) answered as the first import


# --- export: JSON -----------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _game_rows(session: Session, game_ids: Sequence[str]) -> dict[str, dict[str, list[Any]]]:
    """Players, rounds, entries and history of the games, by game (four queries)."""
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
            by_id[e["round_id"]]["entries"].append(
                {
                    "seat": e["seat"],
                    "went_out": bool(e["went_out"]),
                    "points": e["points"],
                    "hand_points": e["hand_points"],
                    "cards": e["cards"],
                    "bought": e["bought"],
                }
            )
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
                "before": None if c["before"] is None else json.loads(c["before"]),
                "after": None if c["after"] is None else json.loads(c["after"]),
            }
        )
    return found


def _game_json(game: Any, rows: dict[str, list[Any]]) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "rules": game.preset,
        "options": json.loads(game.options),
        "rule_document": None if not game.rule_document else json.loads(game.rule_document),
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
    session: Session, where: Any, batch: int = BATCH
) -> Iterator[list[tuple[Any, dict[str, list[Any]]]]]:
    """The games matching ``where``, oldest first, ``batch`` at a time, with their rows."""
    after: tuple[datetime, str] | None = None
    while True:
        statement = (
            sa_select(Game).where(where).order_by(col(Game.created_at), col(Game.id)).limit(batch)
        )
        if after is not None:
            statement = statement.where(tuple_(col(Game.created_at), col(Game.id)) > after)
        games = session.connection().execute(statement).all()
        if not games:
            return
        rows = _game_rows(session, [g.id for g in games])
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
    check_game_id(game_id)
    with Session(engine) as session:
        if session.get(Game, game_id) is None:
            raise NotFound()


def _existing_group(engine: Engine, group_id: str) -> None:
    check_group_id(group_id)
    with Session(engine) as session:
        if session.get(PlayGroup, group_id) is None:
            raise NotFound(NO_GROUP)


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
)


def _cell(text: str | None) -> str:
    """Text as a spreadsheet shows it: a leading ``= + - @`` would start a formula there."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text or ""


def _csv_rows(game: Any, rows: dict[str, list[Any]]) -> Iterator[list[Any]]:
    rules = game_rules(game)  # its stored document: a custom rule set has no preset
    players = rows["players"]
    running = [0] * len(players)
    for r in rows["rounds"]:
        seats = round_seats(game.first_dealer, r["number"], len(players))
        for e in r["entries"]:
            seat = e["seat"]
            running[seat] += e["points"]
            cut = r["cut_bonus"] and seat == seats.cutter
            yield [
                game.id,
                _cell(game.title),
                game.preset,
                _iso(game.created_at),
                _iso(game.finished_at),
                r["number"],
                rules.round(r["number"]).contract.describe(),
                _cell(players[seats.dealer]["name"]),
                seat,
                _cell(players[seat]["name"]),
                _cell(players[seat]["person"]),
                e["went_out"],
                e["points"],
                e["hand_points"],
                e["cards"] or "",
                e["bought"],
                cut,
                running[seat],
            ]


def _csv_document(engine: Engine, where: Any) -> Iterator[str]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    with _reading(engine) as session:
        for batch in _games_in_batches(session, where):
            for game, rows in batch:
                writer.writerows(_csv_rows(game, rows))
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


# --- reading an import, piece by piece ------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)
_SPACE = " \t\r\n"


class JsonStream:
    """Reads one JSON object from a file a value at a time: the top-level keys and values,
    and the items of an array one by one, so a large file is never held whole. Every value
    is capped (``limit`` characters); the whole file at ``max_bytes``. The bytes read are
    hashed as they go (:meth:`fingerprint`: what a retried import is recognised by)."""

    def __init__(self, source: IO[bytes] | IO[str] | bytes | str, max_bytes: int) -> None:
        if isinstance(source, bytes | str):
            source = io.BytesIO(source.encode() if isinstance(source, str) else source)
        self.source = source
        self.max_bytes = max_bytes
        self.read_bytes = 0
        self.hash = hashlib.sha256()
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.buffer = ""
        self.pos = 0
        self.ended = False

    def _read(self) -> bytes:
        """The next piece of the file (counted and hashed; ``b""`` at its end)."""
        chunk = self.source.read(CHUNK)
        if isinstance(chunk, str):
            chunk = chunk.encode()
        self.read_bytes += len(chunk)
        if self.read_bytes > self.max_bytes:
            raise Invalid(
                f"the file is too large to import (at most {self.max_bytes // 1_000_000} MB)"
            )
        self.hash.update(chunk)
        return chunk

    def drain(self) -> None:
        """Read the rest of the file without keeping it: its fingerprint is then whole."""
        while not self.ended:
            self.ended = not self._read()
        self.buffer, self.pos = "", 0

    def fingerprint(self) -> str:
        """The SHA-256 of the bytes read so far (of the whole file once it is read)."""
        return self.hash.hexdigest()

    def _fill(self) -> bool:
        if self.ended:
            return False
        chunk = self._read()
        try:
            text = self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError:
            raise Invalid("the file is not UTF-8 text") from None
        if self.pos > CHUNK:  # let go of what was read
            self.buffer, self.pos = self.buffer[self.pos :], 0
        self.buffer += text
        self.ended = not chunk
        return bool(chunk)

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            while self.pos < len(self.buffer) and self.buffer[self.pos] in _SPACE:
                self.pos += 1
            if self.pos < len(self.buffer):
                return self.buffer[self.pos]
            if not self._fill():
                return ""

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise Invalid(f"the file is not a Scorekeeper export: expected {what}")
        self.pos += 1

    def value(self, limit: int, what: str) -> Any:
        """The next JSON value, refused when longer than ``limit`` characters."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, self.pos)
            except RecursionError:
                raise Invalid(f"{what} is nested too deeply") from None
            except ValueError as error:
                if len(self.buffer) - self.pos > limit:
                    raise Invalid(f"{what} is too large (at most {limit:,} characters)") from None
                if not self._fill():
                    raise Invalid(f"{what} is not valid JSON: {str(error)[:120]}") from None
                continue
            if end == len(self.buffer) and self._fill():
                continue  # a number may go on in the next piece
            if end - self.pos > limit:
                raise Invalid(f"{what} is too large (at most {limit:,} characters)")
            self.pos = end
            return value

    def key(self) -> str | None:
        """The next key of the top-level object, or None at its end."""
        char = self.peek()
        if char == "}":
            self.pos += 1
            return None
        if char == ",":
            self.pos += 1
        key = self.value(200, "a key")
        if not isinstance(key, str):
            raise Invalid("the file is not a Scorekeeper export: a key is not text")
        self.expect(":", "a ':' after a key")
        return key

    def items(self, limit: int, what: str, item: str = "an item") -> Iterator[Any]:
        """The items of an array, one at a time (``item``: how one is named in a message,
        ``{n}`` its number)."""
        self.expect("[", f"a list of {what}")
        if self.peek() == "]":
            self.pos += 1
            return
        n = 0
        while True:
            n += 1
            yield self.value(limit, item.format(n=n))
            char = self.peek()
            self.pos += 1
            if char == "]":
                return
            if char != ",":
                raise Invalid(f"the list of {what} is not valid JSON")

    def finish(self) -> None:
        if self.peek() != "":
            raise Invalid("the file goes on after the export's end")


# --- what an imported file may hold --------------------------------------------------------


class _Model(BaseModel):
    """Nothing is converted ("0" is not a number) and nothing unknown is taken; times are
    ISO text."""

    model_config = ConfigDict(extra="forbid", strict=True)


When = Annotated[datetime, Field(strict=False)]


class EntryIn(_Model):
    seat: int = Field(ge=0, le=7)
    went_out: bool
    points: int = Field(ge=-10_000, le=10_000)
    hand_points: int = Field(ge=0, le=10_000)
    cards: str | None = Field(max_length=400)
    bought: int = Field(ge=0, le=100)


class RoundIn(_Model):
    number: int = Field(ge=1, le=100)
    went_out_seat: int = Field(ge=0, le=7)
    cut_bonus: bool
    version: int = Field(ge=1)
    created_at: When
    updated_at: When
    entries: list[EntryIn] = Field(max_length=8)


class PlayerIn(_Model):
    seat: int = Field(ge=0, le=7)
    name: str = Field(max_length=200)
    person: str | None = Field(max_length=200)


class ChangeIn(_Model):
    at: When
    actor: str = Field(max_length=80)
    action: str = Field(max_length=40)
    round: int | None
    summary: str = Field(max_length=500)
    before: Any
    after: Any


class GameIn(_Model):
    id: str
    title: str = Field(max_length=200)
    rules: str = Field(max_length=40)
    options: dict[str, Any]
    # The whole rule set the game was started with (checked with from_document); None for
    # a game stored without one (its rules are its preset and options).
    rule_document: dict[str, Any] | None = None
    first_dealer: int = Field(ge=0, le=7)
    version: int = Field(ge=1)
    created_at: When
    updated_at: When
    finished_at: When | None
    players: list[PlayerIn] = Field(max_length=8)
    rounds: list[RoundIn] = Field(max_length=100)
    history: list[ChangeIn] = Field(max_length=MAX_HISTORY)


class PersonIn(_Model):
    name: str = Field(max_length=200)
    created_at: When


class GroupIn(_Model):
    id: str
    name: str = Field(max_length=200)
    created_at: When
    people: list[PersonIn] = Field(max_length=MAX_PEOPLE)


# --- what an import found wrong -------------------------------------------------------------

MAX_PROBLEMS = 50  # listed; an import stops looking after that many


@dataclass(frozen=True)
class Problem:
    """Something wrong in an imported file: ``where`` names the place ("the file", "the
    group", "game 3 (its id)", "game 3 (its id), round 2"), ``says`` what is wrong there.
    ``conflict``: the game or group is already here, or twice in the file."""

    where: str
    says: str
    conflict: bool = False
    order: int = 0  # the game's number in the file (0: the file itself, the group)

    def __str__(self) -> str:
        return f"{self.where}: {self.says}"


class _Stop(Exception):
    """The import stops reading: the problems found so far are its answer (MAX_PROBLEMS of
    them, or one that the rest of the file depends on)."""


class Problems:
    """Everything an import found wrong, in the order of the file. An import keeps reading
    after a problem (writing nothing more), so a refused file is refused with every problem
    it has, up to MAX_PROBLEMS; a file that cannot be read on (broken JSON, too large) ends
    the list there."""

    def __init__(self) -> None:
        self.found: list[Problem] = []
        self.more = False  # stopped looking at MAX_PROBLEMS

    def __bool__(self) -> bool:
        return bool(self.found)

    def add(self, where: str, says: str, *, conflict: bool = False, order: int = 0) -> None:
        self.found.append(Problem(where, says, conflict, order))
        if len(self.found) >= MAX_PROBLEMS:
            self.more = True
            raise _Stop()

    def refusal(self) -> GameError:
        """A 400 listing every problem (a 409 when each is a game or group already here):
        the message is the first problem, ``details["problems"]`` all of them."""
        found = sorted(self.found, key=lambda p: p.order)  # a batch's ids are checked late
        count = f"{len(found)}{' or more' if self.more else ''} problems"
        message = str(found[0]) if len(found) == 1 else f"{count}, the first: {found[0]}"
        details = {
            "problems": [{"where": p.where, "problem": p.says} for p in found],
            "more": self.more,
        }
        if all(p.conflict for p in found):
            return Conflict(message + ": nothing was imported.", details)
        return Invalid(message, details)


def _place(loc: Sequence[str | int]) -> tuple[str, str]:
    """A pydantic error's location in a game as a person says it: ("round 2, seat 1",
    "points") for ``rounds.1.entries.1.points``."""
    named = {
        "rounds": "round {n}", "players": "player {n}", "history": "history line {n}",
        "people": "person {n}",
    }  # fmt: skip
    parts: list[str] = []
    rest = list(loc)
    while len(rest) >= 2 and isinstance(rest[1], int) and rest[0] in (*named, "entries"):
        key, index = str(rest[0]), int(rest[1])
        parts.append(f"seat {index}" if key == "entries" else named[key].format(n=index + 1))
        rest = rest[2:]
    return ", ".join(parts), ".".join(str(p) for p in rest)


def _parsed(model: type[_Model], data: Any, where: str, problems: Problems, order: int = 0) -> Any:
    """``data`` as ``model``, or None with each of its problems added."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        for found in error.errors():
            inside, field = _place(found["loc"])
            here = f"{where}, {inside}" if inside else where
            problems.add(here, f"{field}: {found['msg']}" if field else found["msg"], order=order)
        return None


def _text_problem(name: str, what: str) -> str | None:
    """Names are kept as typed, so they must already be clean (no control characters or
    stray spaces): what was exported always is."""
    try:
        if clean_name(name, what) == name:
            return None
    except Invalid as error:
        return error.message
    return f"{what} has control characters or extra spaces: {name[:40]!r}"


def _game_problems(game: GameIn, people: dict[str, int] | None) -> Iterator[tuple[str, str]]:
    """What is wrong with a game of the right shape, checked with the rules core: (where in
    the game, "" for the game itself; what)."""
    if not _GAME_ID.fullmatch(game.id):
        yield "", "the id must be 16 to 32 letters, digits, '-' or '_'"
    rules: RuleSet | None = None
    try:
        rules = _rules_of(game)
        rules.check_players(len(game.players))
    except RulesError as error:
        yield "", error.message
    if rules is not None and game.rules != rules.id[:40]:  # as a game is started
        yield "", f"its rules are {rules.id!r}, not {game.rules[:40]!r}"
    count = len(game.players)
    seated = [p.seat for p in game.players] == list(range(count)) and game.first_dealer < count
    if not seated:
        yield "", f"the seats must be numbered 0 to {count - 1} in order"
    yield from _people_problems(game, people)
    if rules is not None and len(game.rounds) > rules.round_count:
        yield "", f"{rules.name} has {rules.round_count} rounds, not more"
    for number, r in enumerate(game.rounds, start=1):
        yield from ((f"round {number}", says) for says in _round_problems(r, number, count))
    if game.title:
        said = _text_problem(game.title, "the title")
        if said is not None:
            yield "", said
    for number, line in enumerate(game.history, start=1):
        if any(v is not None and len(_dump(v)) > MAX_JSON_VALUE for v in (line.before, line.after)):
            yield f"history line {number}", "its old or new values are too large"


def _document_text(game: GameIn) -> str | None:
    """The rule document as the game row keeps it (as :mod:`.creation` writes it)."""
    if game.rule_document is None:
        return None
    return json.dumps(game.rule_document, sort_keys=True)


def _rules_of(game: GameIn) -> RuleSet:
    """The game's rules: its rule document, read whole (a bad one refuses the import), or
    its preset and options for a game without one."""
    text = _document_text(game)
    if text is None:
        return build_rules(game.rules, game.options)
    return _rules_of_document(text)  # cached: a group's games share one document


def _people_problems(game: GameIn, people: dict[str, int] | None) -> Iterator[tuple[str, str]]:
    names: list[str] = []
    for number, p in enumerate(game.players, start=1):
        said = _text_problem(p.name, "the name")
        if said is not None:
            yield f"player {number}", said
        names.append(p.name.casefold())
    if len(set(names)) != len(names):
        yield "", "each player needs a different name"
    linked = [p.person for p in game.players if p.person is not None]
    if people is None and linked:
        yield "", "a game exported alone has no people (person must be null)"
    for person in linked:
        if people is not None and person.casefold() not in people:
            yield "", f"unknown person {person[:40]!r}: not in the group's people"
    if len({p.casefold() for p in linked}) != len(linked):
        yield "", "one person takes two seats"


def _round_problems(r: RoundIn, number: int, count: int) -> Iterator[str]:
    if r.number != number:
        yield "rounds must be numbered 1, 2, 3 ... in order"
    if [e.seat for e in r.entries] != list(range(count)) or r.went_out_seat >= count:
        yield f"it needs one entry for each seat, 0 to {count - 1}, in order"
    elif not r.entries[r.went_out_seat].went_out:
        yield "the entry of the player who went out must say so"
    for e in r.entries:
        if e.cards is None:
            continue
        try:
            cards = parse_cards(e.cards)
        except RulesError as error:
            yield f"seat {e.seat}'s cards: {error.message}"
            continue
        if format_cards(cards) != e.cards or len(cards) > 100:
            yield f"seat {e.seat}'s cards must be written as the export writes them"


# --- writing an import ------------------------------------------------------------------------

_GAME = Game.__table__  # type: ignore[attr-defined]
_PLAYER = Player.__table__  # type: ignore[attr-defined]
_ROUND = Round.__table__  # type: ignore[attr-defined]
_ENTRY = Entry.__table__  # type: ignore[attr-defined]
_CHANGE = Change.__table__  # type: ignore[attr-defined]
_PERSON = Person.__table__  # type: ignore[attr-defined]
_GRANT = EditGrant.__table__  # type: ignore[attr-defined]
_INSERT_ROUNDS = insert(_ROUND).returning(_ROUND.c.id, sort_by_parameter_order=True)


def _naive(value: datetime | None) -> datetime | None:
    """As the columns take it: a time with a zone (one without is UTC)."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


def _results(game: GameIn) -> list[dict[str, Any]]:
    """Each seat's summary (as :mod:`.results` keeps it), from the game as imported (checked
    by _game_problems): from its plain values, not from ORM rows and a view for each game."""
    rounds = [
        (r.number, r.went_out_seat, r.cut_bonus, [e.points for e in r.entries]) for r in game.rounds
    ]
    count = _rules_of(game).round_count
    return results_of_rounds(len(game.players), game.first_dealer, rounds, count)


@dataclass(frozen=True)
class _Rights:
    """Who gets edit rights to each game an import writes: a ``device`` (a grant tied to
    it), or the holder of ``token`` (a grant a game under :func:`.access.scoped_token_hash`:
    the token's own hash is the group's grant), or nobody (``token`` and ``device`` None)."""

    label: str
    device: str | None = None
    token: str | None = None

    def grants(self, game_ids: Sequence[str], now: datetime) -> list[dict[str, Any]]:
        device_hash = hash_device(self.device)
        if device_hash is not None:
            hashes = [hash_token(secrets.token_urlsafe(32)) for _ in game_ids]
        elif self.token is not None:
            hashes = [scoped_token_hash(self.token, game_id) for game_id in game_ids]
        else:
            return []
        return [
            {"token_hash": h, "game_id": g, "label": self.label[:80], "created_at": now,
             "device_hash": device_hash}
            for g, h in zip(game_ids, hashes, strict=True)
        ]  # fmt: skip


def _write_games(
    connection: Any,
    games: Sequence[GameIn],
    people: dict[str, int],
    group_id: str | None,
    rights: _Rights,
) -> None:
    """Write a batch of checked games: one statement a table for the whole batch (many rows
    each), not five for each game."""
    connection.execute(
        insert(_GAME),
        [
            {
                "id": game.id,
                "title": game.title,
                "preset": game.rules,
                "options": json.dumps(game.options, sort_keys=True),
                "rule_document": _document_text(game),
                "first_dealer": game.first_dealer,
                "join_code": new_join_code(),
                "version": game.version,
                "created_at": _naive(game.created_at),
                "updated_at": _naive(game.updated_at),
                "finished_at": _naive(game.finished_at),
                "group_id": group_id,
            }
            for game in games
        ],
    )
    players = []
    for game in games:
        results = _results(game)
        players += [
            {
                "game_id": game.id,
                "seat": p.seat,
                "name": p.name,
                "person_id": None if p.person is None else people[p.person.casefold()],
                **{k: v for k, v in results[p.seat].items() if k != "g_seat"},
            }
            for p in game.players
        ]
    connection.execute(insert(_PLAYER), players)
    rounds = [(game.id, r) for game in games for r in game.rounds]
    if rounds:
        ids = connection.execute(
            _INSERT_ROUNDS,
            [
                {
                    "game_id": game_id,
                    "number": r.number,
                    "went_out_seat": r.went_out_seat,
                    "cut_bonus": r.cut_bonus,
                    "version": r.version,
                    "created_at": _naive(r.created_at),
                    "updated_at": _naive(r.updated_at),
                }
                for game_id, r in rounds
            ],
        ).scalars().all()  # fmt: skip
        connection.execute(
            insert(_ENTRY),
            [
                {"round_id": round_id, **e.model_dump()}
                for round_id, (_game_id, r) in zip(ids, rounds, strict=True)
                for e in r.entries
            ],
        )
    changes = [
        {
            "game_id": game.id,
            "at": _naive(c.at),
            "actor": c.actor,
            "action": c.action,
            "round_number": c.round,
            "summary": c.summary,
            "before": None if c.before is None else json.dumps(c.before),
            "after": None if c.after is None else json.dumps(c.after),
        }
        for game in games
        for c in game.history
    ]
    if changes:
        connection.execute(insert(_CHANGE), changes)
    grants = rights.grants([game.id for game in games], utcnow())
    if grants:
        connection.execute(insert(_GRANT), grants)


class _Writer:
    """Writes an import's games as they are read, WRITE_BATCH at a time. Once a problem is found
    it writes nothing more (the whole import is rolled back), but goes on checking, the
    ids of the games it did not write too (one query a batch: no game already here, none
    twice in the file)."""

    def __init__(
        self,
        session: Session,
        problems: Problems,
        people: dict[str, int],
        group_id: str | None,
        rights: _Rights,
    ) -> None:
        self.session = session
        self.problems = problems
        self.people = people
        self.group_id = group_id
        self.rights = rights
        self.pending: list[tuple[int, str, GameIn, bool]] = []
        self.unwritten: set[str] = set()  # read but not written: only once refused

    def add(self, order: int, where: str, game: GameIn, sound: bool) -> None:
        """A game read (``sound``: without a problem of its own; its id is checked all the
        same, for a later game with the same id)."""
        self.pending.append((order, where, game, sound))
        if len(self.pending) >= WRITE_BATCH:
            self.flush()

    def flush(self) -> None:
        batch, self.pending = self.pending, []
        if not batch:
            return
        connection = self.session.connection()
        ids = [game.id for _o, _w, game, _s in batch]
        taken = set(connection.execute(sa_select(_GAME.c.id).where(_GAME.c.id.in_(ids))).scalars())
        fresh = []
        for order, where, game, sound in batch:
            if game.id in taken or game.id in self.unwritten:
                self.problems.add(
                    where, "a game with this id is already here, or earlier in the file",
                    conflict=True, order=order,
                )  # fmt: skip
            elif sound:
                fresh.append(game)
            taken.add(game.id)
        if self.problems:  # nothing more is written: the import will be rolled back
            self.unwritten |= set(ids)
            return
        _write_games(connection, fresh, self.people, self.group_id, self.rights)


def _exists(session: Session, model: Any, key: str, what: str) -> None:
    if session.get(model, key) is not None:
        raise Conflict(f"{what} {key} is already here: nothing was imported.", {"id": key})


# --- importing --------------------------------------------------------------------------------


def import_json(
    session: Session,
    source: IO[bytes] | IO[str] | bytes | str,
    *,
    max_bytes: int = 100_000_000,
    device: str | None = None,
    label: str = "imported",
    idempotency_key: str | None = None,
    client: str = "",
) -> Imported:
    """Import an exported game or group, all or nothing; a 400 listing what is wrong with a
    file that is refused (each problem with where it is: see :class:`Problems`), a 409 when
    its game or group is already here. The importer gets edit rights to what it imported,
    the group and each of its games: a token, or (``device``) grants tied to the device.

    A retry by the same ``client`` with the same ``idempotency_key`` and the same file is
    answered as the first import was (``replayed``; new edit rights, nothing imported
    twice); the same key with another file is refused (KeyReused), as for games.
    """
    key = scoped_retry(client, "import", check_key(idempotency_key)).key
    stream = JsonStream(source, max_bytes)
    if key is not None:
        earlier = _earlier_import(session, key)
        if earlier is not None:
            stream.drain()
            return _replay_import(session, earlier, stream.fingerprint(), device, label)
    try:
        with transaction(session):
            begin_write(session)
            imported = _import(session, stream, device, label)
            if key is not None:
                _remember_import(session, Retry(key, stream.fingerprint()), imported)
    except IntegrityError:
        earlier = None if key is None else _earlier_import(session, key)
        if earlier is not None:  # the same import, by a concurrent request
            stream.drain()
            return _replay_import(session, earlier, stream.fingerprint(), device, label)
        raise Conflict(
            "The file holds a game twice, or a game that is already here: nothing was imported."
        ) from None
    return imported


def _import(session: Session, stream: JsonStream, device: str | None, label: str) -> Imported:
    problems = Problems()
    try:
        return _import_file(session, stream, problems, device, label)
    except _Stop:
        pass
    except Invalid as error:  # the file cannot be read on
        if not problems:
            raise
        problems.found.append(Problem("the file", error.message, order=1 << 62))
    raise problems.refusal()


def _import_file(
    session: Session, stream: JsonStream, problems: Problems, device: str | None, label: str
) -> Imported:
    kind = _header(stream)
    if kind == "group":
        return _import_group(session, stream, problems, device, label)
    if stream.key() != "game":
        raise Invalid("the file is missing its game")
    data = stream.value(MAX_GAME_BYTES, "the game")
    where = _game_where("the game", data)
    game: GameIn | None = _parsed(GameIn, data, where, problems)
    if game is not None:
        for inside, says in _game_problems(game, None):
            problems.add(f"{where}, {inside}" if inside else where, says)
    if game is None or problems:
        raise _Stop()
    _exists(session, Game, game.id, "The game")
    _write_games(session.connection(), [game], {}, None, _Rights(label))
    token = grant_edit(session, game.id, label, device)
    _end(stream)
    return Imported("game", game.id, 1, token)


def _game_where(name: str, data: Any) -> str:
    """How a game is named in a problem: its place in the file, and its id if it has one."""
    game_id = data.get("id") if isinstance(data, dict) else None
    return f"{name} ({game_id[:32]})" if isinstance(game_id, str) and game_id else name


def _header(stream: JsonStream) -> str:
    stream.expect("{", "a JSON object")
    found: dict[str, Any] = {}
    for name in ("format", "version", "kind"):
        key = stream.key()
        if key != name:
            raise Invalid(
                "the file is not a Scorekeeper export: it must begin with format, version and "
                f"kind (found {str(key)[:40]!r})"
            )
        found[name] = stream.value(200, name)
    if found["format"] != FORMAT:
        raise Invalid("the file is not a Scorekeeper export (its format is not 'scorekeeper')")
    if found["version"] != FORMAT_VERSION:
        raise Invalid(
            f"the file is an export of version {str(found['version'])[:20]}; this Scorekeeper "
            f"reads version {FORMAT_VERSION}"
        )
    if found["kind"] not in ("game", "group"):
        raise Invalid("the file's kind must be 'game' or 'group'")
    return str(found["kind"])


def _end(stream: JsonStream) -> None:
    if stream.key() is not None:
        raise Invalid("the file has more than an export holds")
    stream.finish()


def _import_group(
    session: Session, stream: JsonStream, problems: Problems, device: str | None, label: str
) -> Imported:
    if stream.key() != "group":
        raise Invalid("the file is missing its group")
    group = _read_group(stream, problems)
    _exists(session, PlayGroup, group.id, "The group")
    people = _write_group(session, group)
    token = grant_group_edit(session, group.id, label, device)
    rights = _Rights(label, device, token or None)
    if stream.key() != "games":
        raise Invalid("the file is missing its list of games")
    writer = _Writer(session, problems, people, group.id, rights)
    count = 0
    for data in stream.items(MAX_GAME_BYTES, "games", "game {n}"):
        count += 1
        if count > MAX_GAMES:
            raise Invalid(f"the file holds more than {MAX_GAMES:,} games")
        where = _game_where(f"game {count}", data)
        game: GameIn | None = _parsed(GameIn, data, where, problems, count)
        if game is None:
            continue
        found = list(_game_problems(game, people))
        for inside, says in found:
            problems.add(f"{where}, {inside}" if inside else where, says, order=count)
        writer.add(count, where, game, not found)
    writer.flush()
    _end(stream)
    if problems:
        raise _Stop()
    return Imported("group", group.id, count, token)


def _read_group(stream: JsonStream, problems: Problems) -> GroupIn:
    """The group and its people; every problem with them refuses the file at once (its
    games are checked against its people)."""
    group: GroupIn | None = _parsed(
        GroupIn, stream.value(MAX_HEADER_BYTES, "the group"), "the group", problems
    )
    if group is not None:
        if not _GAME_ID.fullmatch(group.id):
            problems.add("the group", "its id must be 16 to 32 letters, digits, '-' or '_'")
        said = _text_problem(group.name, "its name")
        if said is not None:
            problems.add("the group", said)
        keys: list[str] = []
        for number, person in enumerate(group.people, start=1):
            said = _text_problem(person.name, "the name")
            if said is not None:
                problems.add(f"the group, person {number}", said)
            keys.append(person.name.casefold())
        if len(set(keys)) != len(keys):
            problems.add("the group", "it lists a person twice")
    if group is None or problems:
        raise _Stop()
    return group


def _write_group(session: Session, group: GroupIn) -> dict[str, int]:
    connection = session.connection()
    connection.execute(
        insert(PlayGroup.__table__),  # type: ignore[attr-defined]
        {
            "id": group.id,
            "name": group.name,
            "join_code": new_join_code(),
            "created_at": _naive(group.created_at),
        },
    )
    people: dict[str, int] = {}
    for person in group.people:
        key = person.name.casefold()
        people[key] = connection.execute(
            insert(_PERSON),
            {
                "group_id": group.id,
                "name": person.name,
                "name_key": key,
                "created_at": _naive(person.created_at),
            },
        ).inserted_primary_key[0]
    return people


# --- a retried import -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Earlier:
    """What an import with the same key did: the fingerprint of its file, and what it made."""

    request_hash: str
    kind: str
    id: str
    games: int


def _earlier_import(session: Session, key: str) -> _Earlier | None:
    group = session.get(GroupIdempotencyRecord, key)
    if group is not None:
        return _Earlier(group.request_hash, "group", group.group_id, group.games)
    game = session.get(IdempotencyRecord, key)
    if game is not None:
        return _Earlier(game.request_hash or "", "game", game.game_id, 1)
    return None


def _remember_import(session: Session, retry: Retry, imported: Imported) -> None:
    if imported.kind == "group":
        remember_group(session, retry, imported.id, "import_group", imported.games)
    else:
        remember(session, imported.id, retry, "import_game", 0, utcnow())


def _replay_import(
    session: Session, earlier: _Earlier, fingerprint: str, device: str | None, label: str
) -> Imported:
    """The answer to an import sent again: what the first one made, and new edit rights to
    it (the group and each of its games, or the game); KeyReused for another file."""
    if earlier.request_hash != fingerprint:
        raise KeyReused(
            "That request key already imported another file. Nothing was imported: send a "
            "new key (Idempotency-Key) to import another file."
        )
    with transaction(session):
        begin_write(session)
        if earlier.kind == "game":
            token = grant_edit(session, earlier.id, label, device)
        else:
            token = _grant_group_games(session, earlier.id, label, device)
    return Imported(earlier.kind, earlier.id, earlier.games, token, replayed=True)


def _grant_group_games(session: Session, group_id: str, label: str, device: str | None) -> str:
    """New edit rights to the group and each of its games, as an import gives them."""
    token = grant_group_edit(session, group_id, label, device)
    rights = _Rights(label, device, token or None)
    device_hash = hash_device(device)
    connection = session.connection()
    after = ""
    while True:
        ids = list(
            connection.execute(
                sa_select(_GAME.c.id)
                .where(_GAME.c.group_id == group_id, _GAME.c.id > after)
                .order_by(_GAME.c.id)
                .limit(BATCH)
            ).scalars()
        )
        if not ids:
            return token
        if device_hash is not None:
            held = set(
                connection.execute(
                    sa_select(_GRANT.c.game_id).where(
                        _GRANT.c.game_id.in_(ids), _GRANT.c.device_hash == device_hash
                    )
                ).scalars()
            )
            ids_to_grant = [i for i in ids if i not in held]
        else:
            ids_to_grant = ids
        grants = rights.grants(ids_to_grant, utcnow())
        if grants:
            connection.execute(insert(_GRANT), grants)
        after = ids[-1]
