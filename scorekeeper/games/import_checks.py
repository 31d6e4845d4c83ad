"""What an imported file may hold, and every problem of a file, found in one pass. Terms:

- An **export file** is ``{"format": "scorekeeper", "version": 1, "kind": ..., ...}``:
  ``format``, ``version`` and ``kind`` first, then ``"game": {...}``, or ``"group": {...}``
  and ``"games": [...]`` (see :mod:`.transfer`). It is read a value at a time
  (:class:`.jsonstream.JsonStream`, on ijson); each game is checked as it is read.
- A **problem** is something wrong in the file, with **where** it is: ``the file``, ``the
  group``, ``game 3 (its id)``, ``game 3 (its id), round 2, seat 1``, followed by the field
  when there is one (``points: ...``). The checks of one game all run, whatever an earlier
  one found: its text (every string must be valid text, :mod:`scorekeeper.jsontext`), its
  shape (types and ranges, the models below), then what the rules core says of it: the rule
  set, the seats, the people, and each round scored with the very check round entry uses
  (:func:`.rounds.score_entry`), so an import can hold nothing round entry would refuse. A
  part whose shape is wrong is left out of the later checks, the rest of the game is not.
- The checks of a group's header (its id, name and people) do not stop the games' checks
  either: a game's people are checked against the names the header holds.

Only a problem that leaves the rest of the file unreadable (broken JSON, a file too large)
ends the list, as does the cap of :data:`MAX_PROBLEMS`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from .. import validation_words
from ..errors import Conflict, GameError, Invalid
from ..jsontext import problems as text_problems
from ..jsontext import shown
from ..rules import RulesError, RuleSet, build_rules, format_cards, parse_cards
from ..rules.language import N_, _, ngettext
from ..rules.phases import PhaseEntry, PhaseError, PhaseProgress, phase_progress
from ..rules.rulesets import MAX_ROUNDS, PhaseOrder
from ..rules.scoring import PlayerResult, extra_points, last_round
from ..rules.seating import round_seats
from .groups import MAX_PEOPLE
from .jsonstream import JsonStream
from .names import clean_name, name_key, normal_name
from .rounds import RoundInput, score_entry
from .views import _rules_of_document

FORMAT = "scorekeeper"
FORMAT_VERSION = 1
MAX_GAME_BYTES = 1_000_000  # one game's JSON: a full game with long history is ~100 KB
MAX_HEADER_BYTES = 200_000  # the group and its people
MAX_HISTORY = 5_000  # lines in one game's history
# Games in one file. A family playing every week for twenty years has about a thousand; a
# file past this is refused (an import of this many takes seconds, written in batches).
MAX_GAMES = 5_000
MAX_JSON_VALUE = 20_000  # characters of one history line's old or new values
MAX_PROBLEMS = 50  # listed; an import stops looking after that many
GAME_ID = re.compile(r"[A-Za-z0-9_-]{16,32}")


# --- what an imported file may hold --------------------------------------------------------


class _Model(BaseModel):
    """Nothing is converted ("0" is not a number) and nothing unknown is taken; times are
    ISO text."""

    model_config = ConfigDict(extra="forbid", strict=True)


When = Annotated[datetime, Field(strict=False)]
# A name (a player's, a person's, a group's) or a title, cleaned as every door cleans names
# (.names): an export of a game stored before that cleaning imports as a new one would be.
# One that cleans to nothing, or to too much, is a problem of its own (text_problem).
Name = Annotated[str, Field(max_length=200), AfterValidator(normal_name)]


class EntryIn(_Model):
    seat: int = Field(ge=0, le=7)
    went_out: bool
    # Bounds for storage only: what a round may score is round entry's check (score_entry).
    points: int = Field(ge=-10_000, le=10_000)
    hand_points: int = Field(ge=-10_000, le=10_000)
    cards: str | None = Field(max_length=400)
    bought: int = Field(ge=0, le=100)
    # A phase game's: the phase played and whether it was completed. Left out (an export
    # made before phase games, or of a game played in rounds): a game played in rounds.
    phase: int | None = Field(None, ge=1, le=MAX_ROUNDS)
    phase_done: bool | None = None
    # Went out in the turn of going down (one_turn_bonus). Left out: false.
    down_and_out: bool = False


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
    name: Name
    person: Name | None


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
    title: Name
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
    name: Name
    created_at: When


class GroupIn(_Model):
    id: str
    name: Name
    # The pages' language (exports before it have none: each reader's own).
    language: Literal["en", "es", "de"] | None = None
    created_at: When
    people: list[PersonIn] = Field(max_length=MAX_PEOPLE)


# --- what an import found wrong -------------------------------------------------------------


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
        return _("{where}: {problem}").format(where=self.where, problem=self.says)


class Stop(Exception):
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
            raise Stop()

    def refusal(self) -> GameError:
        """A 400 listing every problem (a 409 when each is a game or group already here):
        the message is the first problem, ``details["problems"]`` all of them."""
        found = sorted(self.found, key=lambda p: p.order)  # a batch's ids are checked late
        if self.more:
            message = _("{count} or more problems, the first: {first}")
        elif len(found) > 1:
            message = ngettext(
                "{count} problem, the first: {first}",
                "{count} problems, the first: {first}",
                len(found),
            )
        else:
            message = "{first}"
        message = message.format(count=len(found), first=found[0])
        details = {
            "problems": [{"where": p.where, "problem": p.says} for p in found],
            "more": self.more,
        }
        if all(p.conflict for p in found):
            return Conflict(
                _("{problems}: nothing was imported.").format(problems=message), details
            )
        return Invalid(message, details)


def _place(loc: Sequence[str | int]) -> tuple[str, str]:
    """A location in a game as a person says it: ("round 2, seat 1", "points") for
    ``rounds.1.entries.1.points`` (a pydantic error's, or a path in the JSON)."""
    parts: list[str] = []
    rest = list(loc)
    while len(rest) >= 2 and isinstance(rest[1], int) and rest[0] in _PLACES:
        key, index = str(rest[0]), int(rest[1])
        parts.append(_(_PLACES[key]).format(n=index if key == "entries" else index + 1))
        rest = rest[2:]
    return ", ".join(parts), ".".join(shown(p) for p in rest)


# The places in a game, as a person says them (a seat by its number from 0, as in the file).
_PLACES = {
    "rounds": N_("round {n}"), "players": N_("player {n}"), "history": N_("history line {n}"),
    "people": N_("person {n}"), "entries": N_("seat {n}"),
}  # fmt: skip


THE_VALUE = N_("the value")  # a problem's subject where no field is named (a whole entry)


def _place_of(key: str, n: int) -> str:
    """``round 3``, ``seat 0``... in the reader's language."""
    return _(_PLACES[key]).format(n=n)


def _at(where: str, inside: str) -> str:
    return f"{where}, {inside}" if inside else where


def _parsed(
    model: type[_Model], data: Any, where: str, problems: Problems, order: int = 0
) -> tuple[Any, ValidationError | None]:
    """``data`` as ``model`` (None, and the error, with each of its problems added)."""
    try:
        return model.model_validate(data), None
    except ValidationError as error:
        for found in error.errors():
            inside, field = _place(found["loc"])
            message, values = validation_words.says(found)
            said = validation_words.sentence(message, values, field or _(THE_VALUE))
            problems.add(_at(where, inside), said, order=order)
        return None, error


def _text(data: Any, where: str, problems: Problems, order: int = 0, clean: bool = False) -> bool:
    """Whether every string of ``data`` is valid text, and it is not nested too deeply (each
    place that is not is a problem): a value with such a place is checked no further. A value
    the reader saw is ``clean`` is not walked again."""
    if clean:
        return True
    for path, wrong in text_problems(data):
        inside, field = _place(path)
        problems.add(_at(where, inside), wrong.about(field or _(THE_VALUE)), order=order)
        clean = False
    return clean


def text_problem(name: str, what: str) -> str | None:
    """What is wrong with a name the models cleaned (:data:`Name`): nothing left of it, or
    too much."""
    try:
        clean_name(name, what)
    except Invalid as error:
        return error.message
    return None


# --- the file's head and end ----------------------------------------------------------------


def header(stream: JsonStream) -> str:
    """The file's kind ("game" or "group"), once its format and version are this app's."""
    stream.expect("{", N_("a JSON object"))
    found: dict[str, Any] = {}
    for name in ("format", "version", "kind"):
        key = stream.key()
        if key != name:
            raise Invalid(
                _(
                    "the file is not a Scorekeeper export: it must begin with format, version "
                    "and kind (found {key})"
                ).format(key=repr(str(key)[:40]))
            )
        found[name] = stream.value(200, name)
    if found["format"] != FORMAT:
        raise Invalid(N_("the file is not a Scorekeeper export (its format is not 'scorekeeper')"))
    if found["version"] != FORMAT_VERSION:
        raise Invalid(
            _(
                "the file is an export of version {found}; this Scorekeeper reads version {version}"
            ).format(found=shown(str(found["version"])[:20]), version=FORMAT_VERSION)
        )
    if found["kind"] not in ("game", "group"):
        raise Invalid(N_("the file's kind must be 'game' or 'group'"))
    return str(found["kind"])


def end(stream: JsonStream) -> None:
    """The file ends where an export ends."""
    if stream.key() is not None:
        raise Invalid(N_("the file has more than an export holds"))
    stream.finish()


# --- a group's head -------------------------------------------------------------------------


class _Anyone:
    """The people of a group whose head could not be read: every name is taken as one of
    them (the games' other checks still run)."""

    def __contains__(self, name: object) -> bool:
        return True


People = frozenset[str] | _Anyone  # the name_key of each of a group's people
ANYONE = _Anyone()


def read_group(stream: JsonStream, problems: Problems) -> tuple[GroupIn | None, People]:
    """The group and its people's names (None, and every name taken, if it cannot be
    read); each of its problems is added, and the games are checked all the same."""
    the_group = _("the group")
    data = stream.value(MAX_HEADER_BYTES, the_group)
    if not _text(data, the_group, problems, clean=stream.clean):
        return None, ANYONE
    group, _error = _parsed(GroupIn, data, the_group, problems)
    if group is None:
        return None, ANYONE
    if not GAME_ID.fullmatch(group.id):
        problems.add(the_group, _("its id must be 16 to 32 letters, digits, '-' or '_'"))
    said = text_problem(group.name, N_("its name"))
    if said is not None:
        problems.add(the_group, said)
    keys: list[str] = []
    for number, person in enumerate(group.people, start=1):
        said = text_problem(person.name, N_("the name"))
        if said is not None:
            problems.add(_at(the_group, _place_of("people", number)), said)
        keys.append(name_key(person.name))
    if len(set(keys)) != len(keys):
        problems.add(the_group, _("it lists a person twice"))
    return group, frozenset(keys)


# --- a game ---------------------------------------------------------------------------------


def game_where(name: str, data: Any) -> str:
    """How a game is named in a problem: its place in the file, and its id if it has one."""
    game_id = data.get("id") if isinstance(data, dict) else None
    return f"{name} ({shown(game_id[:32])})" if isinstance(game_id, str) and game_id else name


def check_game(
    data: Any,
    where: str,
    people: People | None,
    problems: Problems,
    order: int = 0,
    clean: bool = False,
) -> tuple[GameIn | None, bool]:
    """The game read from ``data`` (None when its shape is wrong), and whether it is sound:
    each of its problems is added, every check run (``people``: the names of the group's
    people, None for a game exported alone; ``clean``: the reader found no half character
    and no nesting too deep in it)."""
    if not _text(data, where, problems, order, clean):
        return None, False
    game, error = _parsed(GameIn, data, where, problems, order)
    rounds: list[tuple[int, RoundIn]] = []
    if game is not None:
        rounds = list(enumerate(game.rounds))
    elif error is not None:
        game, rounds = _salvaged(data, error)
    sound = error is None
    if game is not None:
        for inside, says in _game_problems(game, people, rounds):
            problems.add(_at(where, inside), says, order=order)
            sound = False
    return (game if error is None else None), sound


# A field of a game no later check reads, standing in for one whose shape is wrong.
_STAND_INS: dict[str, Any] = {
    "title": "",
    "version": 1,
    "created_at": "2000-01-01T00:00:00+00:00",
    "updated_at": "2000-01-01T00:00:00+00:00",
    "finished_at": None,
}


def _salvaged(data: Any, error: ValidationError) -> tuple[GameIn | None, list[tuple[int, RoundIn]]]:
    """What of a game whose shape is wrong can still be checked: its head (the fields no
    check reads stood in for) and each round whose own shape is right, by its place."""
    if not isinstance(data, dict):
        return None, []
    wrong = {found["loc"][0] for found in error.errors() if found["loc"]}
    head = {k: v for k, v in data.items() if k in GameIn.model_fields} | {
        "rounds": [],
        "history": [],
    }
    head |= {field: value for field, value in _STAND_INS.items() if field in wrong}
    try:
        game = GameIn.model_validate(head)
    except ValidationError:
        return None, []
    listed = data.get("rounds")
    rounds = []
    for index, item in enumerate(listed[:100] if isinstance(listed, list) else []):
        try:
            rounds.append((index, RoundIn.model_validate(item)))
        except ValidationError:
            continue  # its problems are listed already
    return game, rounds


def _game_problems(
    game: GameIn, people: People | None, rounds: Sequence[tuple[int, RoundIn]]
) -> Iterator[tuple[str, str]]:
    """What is wrong with a game of the right shape (``rounds``: those of the right shape,
    by their place), checked with the rules core: (where in the game, "" for the game
    itself; what)."""
    if not GAME_ID.fullmatch(game.id):
        yield "", _("the id must be 16 to 32 letters, digits, '-' or '_'")
    rules: RuleSet | None = None
    try:
        rules = rules_of(game)
        rules.check_players(len(game.players))
    except RulesError as error:
        yield "", error.message
    if rules is not None and game.rules != rules.id[:40]:  # as a game is started
        yield (
            "",
            _("its rules are {rules}, not {given}").format(
                rules=repr(rules.id), given=repr(game.rules[:40])
            ),
        )
    count = len(game.players)
    seated = [p.seat for p in game.players] == list(range(count)) and game.first_dealer < count
    if not seated:
        yield "", _("the seats must be numbered 0 to {last} in order").format(last=count - 1)
    yield from _people_problems(game, people)
    listed = max((index + 1 for index, _r in rounds), default=0)
    if rules is not None and listed > last_round(rules):
        yield (
            "",
            _("{rules} has {count} rounds, not more").format(
                rules=rules.local_name, count=rules.round_count
            ),
        )
    yield from _rounds_problems(game, rounds, rules if seated else None)
    yield from _text_problems(game)


def _rounds_problems(
    game: GameIn, rounds: Sequence[tuple[int, RoundIn]], scoring: RuleSet | None
) -> Iterator[tuple[str, str]]:
    """Each round checked as round entry checks it (scored by ``scoring``, unless the seats
    are wrong), then, when every round is sound, the phases the hands make."""
    sound = True
    for index, r in rounds:
        for inside, says in _round_problems(r, index + 1, game, scoring):
            yield _at(_place_of("rounds", index + 1), inside), says
            sound = False
    if scoring is not None and sound and len(rounds) == len(game.rounds):
        yield from _phase_problems(game, scoring)
        yield from _end_problems(game, scoring)


def _text_problems(game: GameIn) -> Iterator[tuple[str, str]]:
    """The title's text, and history lines too large to keep."""
    if game.title:
        said = text_problem(game.title, N_("the title"))
        if said is not None:
            yield "", said
    for number, line in enumerate(game.history, start=1):
        if any(v is not None and len(_dump(v)) > MAX_JSON_VALUE for v in (line.before, line.after)):
            yield _place_of("history", number), _("its old or new values are too large")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def document_text(game: GameIn) -> str | None:
    """The rule document as the game row keeps it (as :mod:`.creation` writes it)."""
    if game.rule_document is None:
        return None
    return json.dumps(game.rule_document, sort_keys=True)


def rules_of(game: GameIn) -> RuleSet:
    """The game's rules: its rule document, read whole (a bad one refuses the import), or
    its preset and options for a game without one."""
    text = document_text(game)
    if text is None:
        return build_rules(game.rules, game.options)
    return _rules_of_document(text)  # cached: a group's games share one document


def _people_problems(game: GameIn, people: People | None) -> Iterator[tuple[str, str]]:
    names: list[str] = []
    for number, p in enumerate(game.players, start=1):
        said = text_problem(p.name, N_("the name"))
        if said is not None:
            yield _place_of("players", number), said
        names.append(name_key(p.name))
    if len(set(names)) != len(names):
        yield "", _("each player needs a different name")
    linked = [p.person for p in game.players if p.person is not None]
    if people is None and linked:
        yield "", _("a game exported alone has no people (person must be null)")
    for person in linked:
        if people is not None and name_key(person) not in people:
            yield (
                "",
                _("unknown person {person}: not in the group's people").format(
                    person=repr(person[:40])
                ),
            )
    if len({name_key(p) for p in linked}) != len(linked):
        yield "", _("one person takes two seats")


def _round_problems(
    r: RoundIn, number: int, game: GameIn, rules: RuleSet | None
) -> Iterator[tuple[str, str]]:
    """What is wrong with round ``number`` of a game: (``seat N`` or "", what). ``rules``
    (None when the rules or the seats are wrong): its scores are checked as round entry
    checks them."""
    count = len(game.players)
    if r.number != number:
        yield "", _("rounds must be numbered 1, 2, 3 ... in order")
    if r.went_out_seat >= count:
        yield (
            "",
            _(
                "went_out_seat: there is no seat {seat} in a game of {count} players (the "
                "seats are 0 to {last})"
            ).format(seat=r.went_out_seat, count=count, last=count - 1),
        )
    if [e.seat for e in r.entries] != list(range(count)):
        yield (
            "",
            _("it needs one entry for each seat, 0 to {last}, in order").format(last=count - 1),
        )
        return
    said_out = r.went_out_seat < count and not r.entries[r.went_out_seat].went_out
    if said_out:
        yield "", _("the entry of the player who went out must say so")
    results: list[PlayerResult] = []
    for e in r.entries:
        try:
            results.append(_result(e))
        except ValueError as error:
            yield _place_of("entries", e.seat), _("cards: {problem}").format(problem=error)
    if rules is None or len(results) < count or number > last_round(rules):
        return
    # Nobody going out is said already, in the file's terms, when went_out_seat names an
    # entry that does not say so.
    skip = frozenset({"nobody-out"} if said_out else ())
    yield from _score_problems(r, number, game, rules, results, skip)


def _result(e: EntryIn) -> PlayerResult:
    """An entry as round entry takes it: went out, the cards left, or the points typed."""
    cards = None
    if e.cards is not None:
        try:
            cards = parse_cards(e.cards)
        except RulesError as error:
            raise ValueError(error.message) from None
        if format_cards(cards) != e.cards:
            raise ValueError(_("they must be written as the export writes them"))
    typed = None if e.went_out or cards is not None else e.hand_points
    return PlayerResult(
        went_out=e.went_out, points=typed, cards=cards, bought=e.bought,
        phase_done=e.phase_done, phase=e.phase, down_and_out=e.down_and_out,
    )  # fmt: skip


def phases_of_game(game: GameIn, rules: RuleSet) -> PhaseProgress | None:
    """A phase game's progress over its rounds as the file holds them (each phase said is
    checked: with the phases in order it must be the one the player was on), or a
    PhaseError; None for a game played in rounds. For a game whose rounds are checked."""
    if not rules.phased:
        return None
    hands = [
        tuple(PhaseEntry(e.went_out or e.phase_done is True, e.phase) for e in r.entries)
        for r in game.rounds
    ]
    return phase_progress(
        hands,
        rules.round_count,
        any_order=rules.phase_order == PhaseOrder.ANY,
        names=[p.name for p in game.players],
    )


def _phase_problems(game: GameIn, rules: RuleSet) -> Iterator[tuple[str, str]]:
    """What the rounds of a phase game say of its phases that cannot be, as round entry
    would refuse it: a phase completed twice, one said that the player was not on, a round
    after the one that ended the game."""
    try:
        phases_of_game(game, rules)
    except PhaseError as error:
        for p in error.problems:
            seat = "" if p.seat is None else _place_of("entries", p.seat)
            yield _at(_place_of("rounds", p.hand), seat), p.message


def _end_problems(game: GameIn, rules: RuleSet) -> Iterator[tuple[str, str]]:
    """A game its rounds finish has the moment it ended, an unfinished one none (as round
    entry keeps them): the leaderboard counts a game on the day it ended, so a finished game
    without one would read as won there and be left out of every count. Refused rather than
    a date made up: which day (and season) a game counts on is the file's to say."""
    try:
        progress = phases_of_game(game, rules)
    except PhaseError:
        return  # said by the phase checks
    over = progress.finished if progress is not None else len(game.rounds) >= rules.round_count
    if over and game.finished_at is None:
        yield "", _("finished_at: the game's rounds finish it, so it needs the time it ended")
    elif not over and game.finished_at is not None:
        yield "", _("finished_at: the game's rounds do not finish it, so it must be null")


def _score_problems(
    r: RoundIn,
    number: int,
    game: GameIn,
    rules: RuleSet,
    results: list[PlayerResult],
    skip: frozenset[str],
) -> Iterator[tuple[str, str]]:
    """The round scored by round entry's own check (:func:`.rounds.score_entry`): each of
    its problems (but those whose code is in ``skip``), and each entry whose points are not
    what that check scores."""
    names = [p.name for p in game.players]
    try:
        points = score_entry(
            rules, number, RoundInput(tuple(results), r.cut_bonus),
            first_dealer=game.first_dealer, names=names,
        )  # fmt: skip
    except Invalid as error:
        for found in error.details:
            if found["code"] not in skip:
                seat = found["seat"]
                yield ("" if seat is None else _place_of("entries", seat)), found["message"]
        return
    cutter = round_seats(game.first_dealer, number, len(names)).cutter
    for e, scored, result in zip(r.entries, points, results, strict=True):
        # The hand's own points leave out the cut bonus, the buys' and the one-turn bonus.
        bonus = rules.cut_bonus if r.cut_bonus and e.seat == cutter else 0
        bonus += extra_points(rules, result)
        if e.points != scored:
            yield (
                _place_of("entries", e.seat),
                _("points: this entry scores {scored}, not {given}").format(
                    scored=scored, given=e.points
                ),
            )
        if e.hand_points != scored - bonus:
            yield (
                _place_of("entries", e.seat),
                _("hand_points: this entry's hand scores {scored}, not {given}").format(
                    scored=scored - bonus, given=e.hand_points
                ),
            )


def utc(value: datetime | None) -> datetime | None:
    """As the columns take it: a time with a zone (one without is UTC)."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)
