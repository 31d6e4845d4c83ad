"""A rule set as a document: plain JSON-friendly data that says every rule of a game.

A **rule-set document** is what a table shares, what a game stores when it starts and what
the API accepts wherever it accepts a preset: every round (its contract as a list of melds,
the cards dealt, how a player goes out, the buy limit), the wild cards, the decks and jokers
by number of players, the point table, the players range and every house-rule option.

- :func:`to_document` writes one; :func:`from_document` reads one back, checking everything
  and listing **every** problem with where it is (``rounds[3].contract[1]: a run has between
  2 and 13 cards``). A document round-trips exactly: ``from_document(to_document(r)) == r``.
- Options are written generically from :data:`~.rulesets.OPTIONS`, so an option added there
  is part of the document with nothing to change here. The options that only restate a part
  of the document written on its own (the point table, the cards dealt, buying, the jokers,
  the 2s, the players) are left out of ``options``; given there anyway, they apply on top of
  that part, as they do on top of a preset.
- :func:`resolve_rules` is the one entry point for anything that accepts rules: a preset id,
  a preset id with options, or a whole document (with options on top, if given).

>>> from .rulesets import LIVERPOOL
>>> document = to_document(LIVERPOOL)
>>> document["rounds"][1]["contract"]
[{'kind': 'set', 'min_length': 3}, {'kind': 'run', 'min_length': 4}]
>>> from_document(document) == LIVERPOOL
True
>>> document["rounds"][3]["contract"][1]["min_length"] = 1
>>> document["players"]["min"] = 9
>>> from_document(document)
Traceback (most recent call last):
...
scorekeeper.rules.errors.RuleSetDocumentError: players.min: must be between 2 and 8, not 9; rounds[3].contract[1]: a set has between 2 and 20 cards, not 1
"""  # noqa: E501

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .cards import Rank
from .errors import RulesError, RuleSetDocumentError, RuleSetError
from .points import MAX_CARD_POINTS, PointTable, get_point_table
from .rulesets import (
    MAX_CARDS_DEALT,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_RUN_LENGTH,
    MIN_PLAYERS,
    OPTIONS,
    PRESETS,
    Contract,
    DeckRule,
    GoingOut,
    JokerCount,
    MeldKind,
    MeldSpec,
    RoundSpec,
    RuleSet,
    build_rules,
    validate,
)

DOCUMENT_VERSION = 1
MAX_TEXT = 2000  # characters in a name, summary or source
MAX_ID = 40  # a game stores the id in a 40-character column
MAX_SET_LENGTH = MAX_CARDS_DEALT  # a contract's set: at most a whole deal of one rank
MAX_BUY_LIMIT = 20
MAX_DECKS = 8
MAX_JOKERS_PER_DECK = 4
MAX_MELDS = 8  # melds in one contract

# The options that restate a part of the document written on its own, and that part.
STRUCTURAL_OPTIONS: dict[str, str] = {
    "point_table": "point_table",
    "cards_dealt": "rounds",
    "buying": "rounds",
    "buy_limit": "rounds",
    "deuces_wild": "wilds",
    "jokers": "decks",
    "min_players": "players",
    "max_players": "players",
}

TOP_KEYS = (
    "version", "id", "name", "summary", "source", "players", "rounds", "wilds", "decks",
    "point_table", "options",
)  # fmt: skip
ROUND_KEYS = ("contract", "cards_dealt", "going_out", "buy_limit")
MELD_KEYS = ("kind", "min_length")
WILD_KEYS = ("ranks", "can_be_natural")
DECK_KEYS = ("by_players", "jokers", "jokers_per_deck", "for_players")
TABLE_KEYS = ("id", "name", "summary", "ranks", "joker")

T = TypeVar("T")
_MISSING: Any = object()


# --- writing ---------------------------------------------------------------------------------


def to_document(rules: RuleSet) -> dict[str, Any]:
    """Every rule of ``rules`` as JSON-friendly data (see the module's doc)."""
    return {
        "version": DOCUMENT_VERSION,
        "id": rules.id,
        "name": rules.name,
        "summary": rules.summary,
        "source": rules.source,
        "players": {"min": rules.min_players, "max": rules.max_players},
        "rounds": [_round_document(spec) for spec in rules.rounds],
        "wilds": {
            "ranks": [rank.label for rank in sorted(rules.wild_ranks)],
            "can_be_natural": rules.wild_can_be_natural,
        },
        "decks": _decks_document(rules),
        "point_table": rules.point_table.as_dict(),
        "options": {
            name: option.read(rules)
            for name, option in OPTIONS.items()
            if name not in STRUCTURAL_OPTIONS
        },
    }


def _round_document(spec: RoundSpec) -> dict[str, Any]:
    return {
        "contract": [
            {"kind": m.kind.value, "min_length": m.min_length} for m in spec.contract.melds
        ],
        "cards_dealt": spec.cards_dealt,
        "going_out": spec.going_out.value,
        "buy_limit": spec.buy_limit,
    }


def _decks_document(rules: RuleSet) -> dict[str, Any]:
    """The rule, and what it gives for every number of players the rule set allows."""
    deck = rules.decks
    return {
        "by_players": [{"up_to": most, "decks": decks} for most, decks in deck.decks_by_players],
        "jokers": deck.jokers.value,
        "jokers_per_deck": deck.jokers_per_deck,
        "for_players": _for_players(rules),
    }


def _for_players(rules: RuleSet) -> dict[str, dict[str, int]]:
    return {
        str(n): {"decks": rules.decks.decks_for(n), "jokers": rules.decks.jokers_for(n)}
        for n in range(rules.min_players, rules.max_players + 1)
    }


# --- reading ---------------------------------------------------------------------------------


class _Reader:
    """Collects every problem, each with where it is, while a document is read."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}" if where else message)

    def mapping(self, value: Any, where: str, keys: Sequence[str], what: str) -> Mapping[str, Any]:
        """``value`` as an object with only ``keys`` (an empty one, after a problem)."""
        if not isinstance(value, Mapping):
            self.add(where, f"must be {what}, not {_json_name(value)}")
            return {}
        for key in value:
            if key not in keys:
                self.add(where, f'"{key}" is not part of {what}; the parts are {", ".join(keys)}')
        return value

    def whole(self, value: Any, where: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(where, f"must be a whole number, not {_json_name(value)}")
            return None
        if not low <= value <= high:
            self.add(where, f"must be between {low} and {high}, not {value}")
            return None
        return value

    def flag(self, value: Any, where: str) -> bool | None:
        if not isinstance(value, bool):
            self.add(where, f"must be true or false, not {_json_name(value)}")
            return None
        return value

    def text(self, value: Any, where: str, limit: int, *, empty: bool = True) -> str | None:
        if not isinstance(value, str):
            self.add(where, f"must be text, not {_json_name(value)}")
            return None
        if len(value) > limit:
            self.add(where, f"must be at most {limit} characters, not {len(value)}")
            return None
        if not empty and not value.strip():
            self.add(where, "cannot be empty")
            return None
        return value

    def choice(self, value: Any, where: str, enum: Callable[[Any], T], allowed: str) -> T | None:
        try:
            return enum(value)
        except (ValueError, TypeError):
            self.add(where, f"must be one of {allowed}, not {_json_text(value)}")
            return None

    def items(self, value: Any, where: str, low: int, high: int, what: str) -> Sequence[Any]:
        """``value`` as a list of ``low`` to ``high`` items (empty, after a problem)."""
        if not isinstance(value, list | tuple):
            self.add(where, f"must be a list of {what}, not {_json_name(value)}")
            return ()
        if not low <= len(value) <= high:
            self.add(where, f"must list {low} to {high} {what}, not {len(value)}")
            return ()
        return value


def _json_name(value: Any) -> str:
    """A value named as JSON would: ``"7"`` is text, ``7`` a number, ``None`` null."""
    if value is _MISSING:
        return "missing"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {_json_text(value)}"
    if isinstance(value, Mapping):
        return "an object"
    return "a list" if isinstance(value, list | tuple) else type(value).__name__


def _json_text(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def _enum_values(enum: Any) -> str:
    return ", ".join(str(e.value) for e in enum)


def from_document(data: Any) -> RuleSet:
    """The rule set a document describes, or a RuleSetDocumentError listing every problem.

    Only ``rounds`` is required; the other parts default to Liverpool's: players 2 to 8,
    jokers wild and no other wild rank, two decks (three for six players or more) with two
    jokers each, the Liverpool point table and every option's default.
    """
    reader = _Reader()
    top = reader.mapping(data, "", TOP_KEYS, "a rule-set document")
    if not isinstance(data, Mapping):
        raise RuleSetDocumentError(reader.problems)
    _read_version(reader, top.get("version", DOCUMENT_VERSION))
    fields = _read_header(reader, top)
    fields.update(_read_players(reader, top.get("players", _MISSING)))
    fields["rounds"] = _read_rounds(reader, top.get("rounds", _MISSING))
    fields.update(_read_wilds(reader, top.get("wilds", _MISSING)))
    fields["decks"] = _read_decks(reader, top.get("decks", _MISSING))
    fields["point_table"] = _read_point_table(reader, top.get("point_table", _MISSING))
    if reader.problems:
        raise RuleSetDocumentError(reader.problems)
    rules = RuleSet(**fields)
    rules = _apply_options(reader, rules, top.get("options", _MISSING))
    _check_for_players(reader, rules, top)
    if not reader.problems:
        _check_whole(reader, rules)
    if reader.problems:
        raise RuleSetDocumentError(reader.problems)
    return rules


def _read_version(reader: _Reader, value: Any) -> None:
    if value != DOCUMENT_VERSION or isinstance(value, bool):
        reader.add("version", f"this app reads version {DOCUMENT_VERSION}, not {_json_text(value)}")


def _read_header(reader: _Reader, top: Mapping[str, Any]) -> dict[str, Any]:
    """The id, name, summary and source (all optional)."""
    fields: dict[str, Any] = {}
    defaults = {"id": "custom", "name": "Custom rules", "summary": "", "source": ""}
    for key, default in defaults.items():
        limit = MAX_ID if key == "id" else MAX_TEXT
        value = reader.text(top.get(key, default), key, limit, empty=key not in ("id", "name"))
        fields[key] = value if value is not None else default
    return fields


def _read_players(reader: _Reader, value: Any) -> dict[str, Any]:
    if value is _MISSING:
        return {}
    players = reader.mapping(value, "players", ("min", "max"), "a players range")
    low = reader.whole(players.get("min", MIN_PLAYERS), "players.min", MIN_PLAYERS, MAX_PLAYERS)
    high = reader.whole(players.get("max", MAX_PLAYERS), "players.max", MIN_PLAYERS, MAX_PLAYERS)
    if low is not None and high is not None and low > high:
        reader.add("players", f"the fewest players ({low}) is more than the most ({high})")
    return {"min_players": low or MIN_PLAYERS, "max_players": high or MAX_PLAYERS}


def _read_rounds(reader: _Reader, value: Any) -> tuple[RoundSpec, ...]:
    if value is _MISSING:
        reader.add("rounds", "a rule set needs its rounds")
        return ()
    rounds = reader.items(value, "rounds", 1, MAX_ROUNDS, "rounds")
    read = [_read_round(reader, item, f"rounds[{i}]") for i, item in enumerate(rounds)]
    return tuple(spec for spec in read if spec is not None)


def _read_round(reader: _Reader, value: Any, where: str) -> RoundSpec | None:
    found = len(reader.problems)
    spec = reader.mapping(value, where, ROUND_KEYS, "a round")
    melds = reader.items(spec.get("contract"), f"{where}.contract", 1, MAX_MELDS, "melds")
    contract = [_read_meld(reader, m, f"{where}.contract[{i}]") for i, m in enumerate(melds)]
    dealt = reader.whole(
        spec.get("cards_dealt", _MISSING), f"{where}.cards_dealt", 1, MAX_CARDS_DEALT
    )
    going_out = reader.choice(
        spec.get("going_out", GoingOut.DISCARD.value), f"{where}.going_out", GoingOut,
        _enum_values(GoingOut),
    )  # fmt: skip
    limit = spec.get("buy_limit")
    buy_limit = (
        None if limit is None else reader.whole(limit, f"{where}.buy_limit", 0, MAX_BUY_LIMIT)
    )
    if len(reader.problems) > found or dealt is None or going_out is None:
        return None
    specs = tuple(m for m in contract if m is not None)
    round_spec = RoundSpec(Contract(specs), dealt, going_out, buy_limit)
    _check_cards_held(reader, round_spec, where)
    return round_spec


def _read_meld(reader: _Reader, value: Any, where: str) -> MeldSpec | None:
    meld = reader.mapping(value, where, MELD_KEYS, "a meld")
    kind = reader.choice(meld.get("kind"), f"{where}.kind", MeldKind, _enum_values(MeldKind))
    if kind is None:
        return None
    length = meld.get("min_length", _MISSING)
    high = MAX_SET_LENGTH if kind == MeldKind.SET else MAX_RUN_LENGTH
    if isinstance(length, bool) or not isinstance(length, int):
        reader.add(f"{where}.min_length", f"must be a whole number, not {_json_name(length)}")
        return None
    if not 2 <= length <= high:
        reader.add(where, f"a {kind.value} has between 2 and {high} cards, not {length}")
        return None
    return MeldSpec(kind, length)


def _check_cards_held(reader: _Reader, spec: RoundSpec, where: str) -> None:
    """A player holds the cards dealt, the card drawn and two more for every buy allowed."""
    if spec.buy_limit is None:
        return
    held = spec.cards_dealt + 1 + 2 * spec.buy_limit
    needed = spec.contract.min_cards
    if needed > held:
        reader.add(
            where,
            f"the contract ({spec.contract.describe()}) needs at least {needed} cards, but a "
            f"player holds at most {held} ({spec.cards_dealt} dealt, the card drawn and "
            f"{2 * spec.buy_limit} from buying)",
        )


def _read_wilds(reader: _Reader, value: Any) -> dict[str, Any]:
    if value is _MISSING:
        return {}
    wilds = reader.mapping(value, "wilds", WILD_KEYS, "the wild cards")
    ranks: set[Rank] = set()
    labels = reader.items(wilds.get("ranks", []), "wilds.ranks", 0, len(Rank), "ranks")
    for index, label in enumerate(labels):
        try:
            ranks.add(Rank.parse(label if isinstance(label, str) else ""))
        except RulesError:
            reader.add(
                f"wilds.ranks[{index}]", f"{_json_text(label)} is not a rank (A, 2 ... 10, J, Q, K)"
            )
    natural = reader.flag(wilds.get("can_be_natural", True), "wilds.can_be_natural")
    return {"wild_ranks": frozenset(ranks), "wild_can_be_natural": natural is not False}


def _read_decks(reader: _Reader, value: Any) -> DeckRule:
    default = DeckRule(((5, 2), (MAX_PLAYERS, 3)))
    if value is _MISSING:
        return default
    decks = reader.mapping(value, "decks", DECK_KEYS, "the decks")
    rows = reader.items(
        decks.get("by_players", _MISSING), "decks.by_players", 1, MAX_PLAYERS, "rows"
    )
    table: list[tuple[int, int]] = []
    for index, row in enumerate(rows):
        where = f"decks.by_players[{index}]"
        item = reader.mapping(row, where, ("up_to", "decks"), "a row {up_to, decks}")
        most = reader.whole(item.get("up_to", _MISSING), f"{where}.up_to", MIN_PLAYERS, MAX_PLAYERS)
        count = reader.whole(item.get("decks", _MISSING), f"{where}.decks", 1, MAX_DECKS)
        if most is not None and count is not None:
            if table and most <= table[-1][0]:
                reader.add(f"{where}.up_to", "rows must go from fewer players to more")
            table.append((most, count))
    jokers = reader.choice(
        decks.get("jokers", JokerCount.PER_DECK.value), "decks.jokers", JokerCount,
        _enum_values(JokerCount),
    )  # fmt: skip
    per_deck = reader.whole(
        decks.get("jokers_per_deck", 2), "decks.jokers_per_deck", 0, MAX_JOKERS_PER_DECK
    )
    if not table or jokers is None or per_deck is None:
        return default
    return DeckRule(tuple(table), jokers, per_deck)


def _read_point_table(reader: _Reader, value: Any) -> PointTable:
    """A table's name, or a whole table ``{"ranks": {"A": 15, ...}, "joker": 20, ...}``."""
    default = PRESETS["liverpool"].point_table if "liverpool" in PRESETS else None
    if value is _MISSING and default is not None:
        return default
    if isinstance(value, str):
        try:
            return get_point_table(value)
        except RuleSetError as error:
            reader.add("point_table", error.message)
            return _any_table()
    table = reader.mapping(value, "point_table", TABLE_KEYS, "a point table's name or a table")
    labels = [r.label for r in Rank]
    ranks = reader.mapping(table.get("ranks", _MISSING), "point_table.ranks", labels, "points")
    points = [_read_points(reader, ranks, label) for label in labels] if ranks else []
    joker = reader.whole(table.get("joker", _MISSING), "point_table.joker", 0, MAX_CARD_POINTS)
    id = reader.text(table.get("id", "custom"), "point_table.id", MAX_ID, empty=False)
    name = reader.text(table.get("name", "Custom"), "point_table.name", MAX_TEXT, empty=False)
    summary = reader.text(table.get("summary", "Custom points."), "point_table.summary", MAX_TEXT)
    values = [p for p in points if p is not None]
    if joker is None or len(values) != len(Rank) or id is None or name is None or summary is None:
        return _any_table()
    return PointTable(id, name, tuple(values), joker, summary)


def _read_points(reader: _Reader, ranks: Mapping[str, Any], label: str) -> int | None:
    where = f"point_table.ranks.{label}"
    if label not in ranks:
        reader.add(where, "missing: a table gives points for every rank")
        return None
    return reader.whole(ranks[label], where, 0, MAX_CARD_POINTS)


def _any_table() -> PointTable:
    """A stand-in while problems are collected (the rule set is never built)."""
    return PointTable("custom", "Custom", (0,) * len(Rank), 0)


def _apply_options(reader: _Reader, rules: RuleSet, value: Any) -> RuleSet:
    """Each option in the document's order, on top of the rest of the document."""
    if value is _MISSING:
        return rules
    options = reader.mapping(value, "options", tuple(OPTIONS), "house-rule options")
    for name, option_value in options.items():
        option = OPTIONS.get(name)
        if option is None:
            continue  # already reported by mapping()
        try:
            rules = option.apply(rules, option_value)
        except RulesError as error:
            reader.add(f"options.{name}", error.message)
    return rules


def _check_for_players(reader: _Reader, rules: RuleSet, top: Mapping[str, Any]) -> None:
    """``decks.for_players`` is written for people; given back, it must agree with the rule."""
    decks = top.get("decks")
    given = decks.get("for_players", _MISSING) if isinstance(decks, Mapping) else _MISSING
    if given is _MISSING or given == _for_players(rules):
        return
    reader.add(
        "decks.for_players",
        "does not match the decks and jokers the rule gives (leave it out: it is worked out "
        "from by_players, jokers and jokers_per_deck)",
    )


def _check_whole(reader: _Reader, rules: RuleSet) -> None:
    """The checks that concern the rule set as a whole (enough cards in the decks, ...)."""
    try:
        validate(rules)
    except RuleSetError as error:
        reader.add("", error.message)


# --- one entry point -------------------------------------------------------------------------


def resolve_rules(value: Any, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset id or a whole document, with house-rule ``options`` on top, validated.

    A RuleSetError (a RuleSetDocumentError for a document) says what is wrong.

    >>> resolve_rules("liverpool", {"run_min_naturals": 2}).run_min_naturals
    2
    >>> resolve_rules(to_document(PRESETS["family"])) == PRESETS["family"]
    True
    """
    if isinstance(value, str):
        return build_rules(value, options or {})
    if isinstance(value, Mapping):
        rules = from_document(value)
        return rules.with_options(options) if options else rules
    raise RuleSetError("the rules must be a preset's id or a rule-set document")


def document_problems(data: Any) -> list[str]:
    """Every problem of a document (none when it is a valid one)."""
    try:
        from_document(data)
    except RuleSetDocumentError as error:
        return list(error.problems)
    return []


def same_rules(one: RuleSet, other: RuleSet) -> bool:
    """Equal, including the fields that do not take part in ``==`` (the source)."""
    return one == other and all(
        getattr(one, f.name) == getattr(other, f.name) for f in dataclasses.fields(RuleSet)
    )


__all__ = [
    "DOCUMENT_VERSION",
    "STRUCTURAL_OPTIONS",
    "RuleSetDocumentError",
    "document_problems",
    "from_document",
    "resolve_rules",
    "same_rules",
    "to_document",
]
