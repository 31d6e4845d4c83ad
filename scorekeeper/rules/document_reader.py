"""Reading a rule-set document (:mod:`.document`): every problem, each with where it is.

:func:`from_document` reads a document back into a rule set, checking everything and listing
**every** problem in one pass, each with where it is (``rounds[3].contract[1]: a run has
between 2 and 13 cards``); :func:`resolve_rules` is the one entry point for anything that
accepts rules (a preset id, with options or not, or a whole document).

>>> from_document({"rounds": [{"contract": [{"kind": "run", "min_length": 14}], "cards_dealt": 10}]})
Traceback (most recent call last):
...
scorekeeper.rules.errors.RuleSetDocumentError: rounds[0].contract[0]: a run has between 2 and 13 cards, not 14
>>> resolve_rules("liverpool", {"run_min_naturals": 2}).run_min_naturals
2
"""  # noqa: E501

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .cards import Card, Rank
from .document import DOCUMENT_VERSION, decks_for_players
from .errors import RulesError, RuleSetDocumentError, RuleSetError, quoted
from .language import N_, TEXT_LANGUAGES, _
from .options import OPTIONS, with_options
from .points import MAX_CARD_POINTS, MAX_CARD_VALUES, PointTable, card_values, get_point_table
from .presets import PRESETS, build_rules
from .ruleset_ids import MAX_ID, identified, is_preset, own_id
from .rulesets import (
    MAX_CARDS_DEALT,
    MAX_GROUP_LENGTH,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_RUN_LENGTH,
    MIN_PLAYERS,
    Contract,
    DeckRule,
    GoingOut,
    JokerCount,
    MeldKind,
    MeldSpec,
    Progression,
    RoundSpec,
    RuleSet,
    kind_word,
)
from .validation import rule_set_problems

MAX_TEXT = 2000  # characters in a name, summary or source
# A contract's set, colour meld or flush: at most a whole deal.
MAX_SET_LENGTH = MAX_GROUP_LENGTH
MAX_BUY_LIMIT = 20
MAX_DECKS = 8
MAX_JOKERS_PER_DECK = 4
MAX_MELDS = 8  # melds in one contract

TOP_KEYS = (
    "version", "id", "name", "summary", "names", "summaries", "source", "players",
    "progression", "rounds", "wilds", "decks", "point_table", "options",
)  # fmt: skip
ROUND_KEYS = ("contract", "cards_dealt", "going_out", "buy_limit")
MELD_KEYS = ("kind", "min_length")
WILD_KEYS = ("ranks", "can_be_natural")
DECK_KEYS = ("by_players", "jokers", "jokers_per_deck", "for_players")
TABLE_KEYS = ("id", "name", "summary", "ranks", "joker", "cards")
ROW_KEYS = ("up_to", "decks", "jokers")
MAX_JOKERS_PER_ROW = MAX_DECKS * MAX_JOKERS_PER_DECK

T = TypeVar("T")
_MISSING: Any = object()


class _Reader:
    """Collects every problem, each with where it is, while a document is read."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.places: list[str] = []  # where each problem is ("" for the document itself)

    def add(self, where: str, message: str) -> None:
        # A message that quotes what it was given (a check of another module's too) is
        # written so it can be shown, whatever the document held.
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        self.problems.append(
            _("{where}: {problem}").format(where=where, problem=message) if where else message
        )
        self.places.append(where)

    def stands(self, where: str) -> bool:
        """Whether a problem found at ``where`` on the rule set as read stands: not when a
        part it rests on could not be read (a stand-in took that part's place), nor when
        that part is already reported as unreadable."""
        rests_on = (where, *_RESTS_ON.get(where, ()))
        return not any(
            _inside(place, part) or _inside(where, place)
            for place in self.places
            if place
            for part in rests_on
        )

    def mapping(self, value: Any, where: str, keys: Sequence[str], what: str) -> Mapping[str, Any]:
        """``value`` as an object with only ``keys`` (an empty one, after a problem)."""
        if not isinstance(value, Mapping):
            self.add(
                where,
                _("must be {what}, not {value}").format(what=_(what), value=_json_name(value)),
            )
            return {}
        for key in value:
            if key not in keys:
                parts = ", ".join(keys)
                self.add(
                    where,
                    _("{key} is not part of {what}; the parts are {parts}").format(
                        key=_json_text(key), what=_(what), parts=parts
                    ),
                )
        return value

    def whole(self, value: Any, where: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(
                where, _("must be a whole number, not {value}").format(value=_json_name(value))
            )
            return None
        if not low <= value <= high:
            self.add(
                where,
                _("must be between {low} and {high}, not {value}").format(
                    low=low, high=high, value=value
                ),
            )
            return None
        return value

    def flag(self, value: Any, where: str) -> bool | None:
        if not isinstance(value, bool):
            self.add(where, _("must be true or false, not {value}").format(value=_json_name(value)))
            return None
        return value

    def text(self, value: Any, where: str, limit: int, *, empty: bool = True) -> str | None:
        if not isinstance(value, str):
            self.add(where, _("must be text, not {value}").format(value=_json_name(value)))
            return None
        if not is_valid_text(value):
            self.add(
                where,
                _(
                    "{value} is not valid text: it holds half of a character pair (a lone "
                    "surrogate, like {example})"
                ).format(value=_json_text(value), example="\\ud800"),
            )
            return None
        if len(value) > limit:
            self.add(
                where,
                _("must be at most {limit} characters, not {count}").format(
                    limit=limit, count=len(value)
                ),
            )
            return None
        if not empty and not value.strip():
            self.add(where, _("cannot be empty"))
            return None
        return value

    def choice(self, value: Any, where: str, enum: Callable[[Any], T], allowed: str) -> T | None:
        try:
            return enum(value)
        except (ValueError, TypeError):
            self.add(
                where,
                _("must be one of {allowed}, not {value}").format(
                    allowed=allowed, value=_json_text(value)
                ),
            )
            return None

    def items(self, value: Any, where: str, low: int, high: int, what: str) -> Sequence[Any]:
        """``value`` as a list of ``low`` to ``high`` items (empty, after a problem)."""
        if not isinstance(value, list | tuple):
            self.add(
                where,
                _("must be a list of {what}, not {value}").format(
                    what=_(what), value=_json_name(value)
                ),
            )
            return ()
        if not low <= len(value) <= high:
            self.add(
                where,
                _("must list {low} to {high} {what}, not {count}").format(
                    low=low, high=high, what=_(what), count=len(value)
                ),
            )
            return ()
        return value


def _json_name(value: Any) -> str:
    """A value named as JSON would: ``"7"`` is text, ``7`` a number, ``None`` null."""
    if value is _MISSING:
        return _("missing")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _("the number {value}").format(value=value)
    if isinstance(value, str):
        return _("the text {value}").format(value=_json_text(value))
    if isinstance(value, Mapping):
        return _("an object")
    return _("a list") if isinstance(value, list | tuple) else type(value).__name__


_json_text = quoted  # a value quoted for a message, written so the message is text


def is_valid_text(value: str) -> bool:
    """Whether ``value`` is text that can be written out: JSON's ``"\\ud800"`` reads as half
    of a UTF-16 pair, which no page, file or database can hold.

    >>> is_valid_text("Liverpool ♠"), is_valid_text("Liver\\ud800pool")
    (True, False)
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _inside(place: str, part: str) -> bool:
    """Whether ``place`` is ``part`` or inside it: ``rounds[2].cards_dealt`` is inside
    ``rounds[2]`` and ``rounds``, not inside ``rounds[20]``."""
    return place == part or place.startswith((part + ".", part + "["))


# The parts a problem of the rule set as a whole rests on, besides its own place: the decks'
# check counts the players and the cards dealt (options may set both), the decks' limit the
# players (a stand-in range of 2 to 8 may reach a row of more decks), and the worked-out
# decks given back are compared with the rule the players, decks and jokers make.
_RESTS_ON: dict[str, tuple[str, ...]] = {
    "decks": ("players", "options.min_players", "options.max_players", "options.jokers",
              "options.cards_dealt"),
    "decks.by_players": ("players", "options.min_players", "options.max_players"),
    "decks.for_players": ("players", "decks", "options.min_players", "options.max_players",
                          "options.jokers"),
}  # fmt: skip


def _enum_values(enum: Any) -> str:
    return ", ".join(str(e.value) for e in enum)


def from_document(data: Any) -> RuleSet:
    """The rule set a document describes, or a RuleSetDocumentError listing every problem.

    Only ``rounds`` is required; the other parts default to Liverpool's: players 2 to 8,
    jokers wild and no other wild rank, two decks (three for six players or more) with two
    jokers each, the Liverpool point table and every option's default. A document without
    an id gets its own (:func:`own_id`).

    Every problem is found in one pass: a part that cannot be read is replaced by a stand-in
    while the rest is read, its options applied and the whole checked; a problem that rests
    on a stand-in is left out (:meth:`_Reader.stands`).
    """
    reader = _Reader()
    top = reader.mapping(data, "", TOP_KEYS, N_("a rule-set document"))
    if not isinstance(data, Mapping):
        raise RuleSetDocumentError(reader.problems)
    _read_version(reader, top.get("version", DOCUMENT_VERSION))
    fields = _read_header(reader, top)
    fields.update(_read_players(reader, top.get("players", _MISSING)))
    fields["progression"] = _read_progression(reader, top.get("progression", _MISSING))
    fields["rounds"] = _read_rounds(reader, top.get("rounds", _MISSING))
    fields.update(_read_wilds(reader, top.get("wilds", _MISSING)))
    fields["decks"] = _read_decks(reader, top.get("decks", _MISSING))
    fields["point_table"] = _read_point_table(reader, top.get("point_table", _MISSING))
    rules = _apply_options(reader, RuleSet(**fields), top.get("options", _MISSING))
    _check_for_players(reader, rules, top)
    _check_whole(reader, rules)
    if reader.problems:
        raise RuleSetDocumentError(reader.problems)
    return rules if "id" in top else dataclasses.replace(rules, id=own_id(rules))


def _read_version(reader: _Reader, value: Any) -> None:
    if value != DOCUMENT_VERSION or isinstance(value, bool):
        reader.add(
            "version",
            _("this app reads version {version}, not {value}").format(
                version=DOCUMENT_VERSION, value=_json_text(value)
            ),
        )


def _read_header(reader: _Reader, top: Mapping[str, Any]) -> dict[str, Any]:
    """The id, name, summary and source (all optional: a document without an id is given its
    own once it is read)."""
    fields: dict[str, Any] = {}
    defaults = {"id": "", "name": "Custom rules", "summary": "", "source": ""}
    for key, default in defaults.items():
        limit = MAX_ID if key == "id" else MAX_TEXT
        value = (
            reader.text(top[key], key, limit, empty=key not in ("id", "name"))
            if key in top
            else None
        )
        fields[key] = value if value is not None else default
    for key in ("names", "summaries"):
        if key in top:
            fields[key] = _read_texts(reader, top[key], key, empty=key == "summaries")
    return fields


def _read_texts(
    reader: _Reader, value: Any, where: str, *, empty: bool
) -> tuple[tuple[str, str], ...]:
    """A name or summary in other languages: ``{"es": "...", "de": "..."}`` (the keys
    language codes of :data:`~.language.TEXT_LANGUAGES`), as pairs in code order."""
    texts = reader.mapping(value, where, TEXT_LANGUAGES, N_("texts by language code"))
    found: list[tuple[str, str]] = []
    for code in sorted(texts):
        text = reader.text(texts[code], f"{where}.{code}", MAX_TEXT, empty=empty)
        if code in TEXT_LANGUAGES and text is not None:
            found.append((code, text))
    return tuple(found)


def _read_players(reader: _Reader, value: Any) -> dict[str, Any]:
    if value is _MISSING:
        return {}
    players = reader.mapping(value, "players", ("min", "max"), N_("a players range"))
    low = reader.whole(players.get("min", MIN_PLAYERS), "players.min", MIN_PLAYERS, MAX_PLAYERS)
    high = reader.whole(players.get("max", MAX_PLAYERS), "players.max", MIN_PLAYERS, MAX_PLAYERS)
    return {"min_players": low or MIN_PLAYERS, "max_players": high or MAX_PLAYERS}


def _read_progression(reader: _Reader, value: Any) -> Progression:
    """Rounds (the default) or phases."""
    if value is _MISSING:
        return Progression.ROUNDS
    read = reader.choice(value, "progression", Progression, _enum_values(Progression))
    return read or Progression.ROUNDS


# What stands in for a part that cannot be read while the rest is checked: the smallest, so
# that no check of the whole finds a problem in it that the document does not have.
_STAND_IN_MELD = MeldSpec(MeldKind.SET, 2)
_STAND_IN_DEALT = 1


def _read_rounds(reader: _Reader, value: Any) -> tuple[RoundSpec, ...]:
    if value is _MISSING:
        reader.add("rounds", _("a rule set needs its rounds"))
        return ()
    rounds = reader.items(value, "rounds", 1, MAX_ROUNDS, N_("rounds"))
    return tuple(_read_round(reader, item, f"rounds[{i}]") for i, item in enumerate(rounds))


def _read_round(reader: _Reader, value: Any, where: str) -> RoundSpec:
    """The round, with stand-ins for the parts that cannot be read."""
    spec = reader.mapping(value, where, ROUND_KEYS, N_("a round"))
    melds = reader.items(spec.get("contract"), f"{where}.contract", 1, MAX_MELDS, N_("melds"))
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
    return RoundSpec(
        Contract(tuple(m or _STAND_IN_MELD for m in contract) or (_STAND_IN_MELD,)),
        _STAND_IN_DEALT if dealt is None else dealt,
        going_out or GoingOut.DISCARD,
        buy_limit,
    )


def _read_meld(reader: _Reader, value: Any, where: str) -> MeldSpec | None:
    meld = reader.mapping(value, where, MELD_KEYS, N_("a meld"))
    kind = reader.choice(meld.get("kind"), f"{where}.kind", MeldKind, _enum_values(MeldKind))
    if kind is None:
        return None
    length = meld.get("min_length", _MISSING)
    high = MAX_RUN_LENGTH if kind == MeldKind.RUN else MAX_SET_LENGTH
    if isinstance(length, bool) or not isinstance(length, int):
        reader.add(
            f"{where}.min_length",
            _("must be a whole number, not {value}").format(value=_json_name(length)),
        )
        return None
    if not 2 <= length <= high:
        reader.add(
            where,
            _("a {kind} has between 2 and {high} cards, not {count}").format(
                kind=kind_word(kind), high=high, count=length
            ),
        )
        return None
    return MeldSpec(kind, length)


def _read_wilds(reader: _Reader, value: Any) -> dict[str, Any]:
    if value is _MISSING:
        return {}
    wilds = reader.mapping(value, "wilds", WILD_KEYS, N_("the wild cards"))
    ranks: set[Rank] = set()
    labels = reader.items(wilds.get("ranks", []), "wilds.ranks", 0, len(Rank), N_("ranks"))
    for index, label in enumerate(labels):
        try:
            ranks.add(Rank.parse(label if isinstance(label, str) else ""))
        except RulesError:
            reader.add(
                f"wilds.ranks[{index}]",
                _("{value} is not a rank (A, 2 ... 10, J, Q, K)").format(value=_json_text(label)),
            )
    natural = reader.flag(wilds.get("can_be_natural", True), "wilds.can_be_natural")
    return {"wild_ranks": frozenset(ranks), "wild_can_be_natural": natural is not False}


def _read_decks(reader: _Reader, value: Any) -> DeckRule:
    default = DeckRule(((5, 2), (MAX_PLAYERS, 3)))
    if value is _MISSING:
        return default
    decks = reader.mapping(value, "decks", DECK_KEYS, N_("the decks"))
    rows = reader.items(
        decks.get("by_players", _MISSING), "decks.by_players", 1, MAX_PLAYERS, N_("rows")
    )
    table: list[tuple[int, int]] = []
    row_jokers: list[int | None] = []
    for index, row in enumerate(rows):
        where = f"decks.by_players[{index}]"
        item = reader.mapping(row, where, ROW_KEYS, N_("a row {up_to, decks, jokers}"))
        most = reader.whole(item.get("up_to", _MISSING), f"{where}.up_to", MIN_PLAYERS, MAX_PLAYERS)
        count = reader.whole(item.get("decks", _MISSING), f"{where}.decks", 1, MAX_DECKS)
        if "jokers" in item:
            row_jokers.append(
                reader.whole(item["jokers"], f"{where}.jokers", 0, MAX_JOKERS_PER_ROW)
            )
        if most is not None and count is not None:
            if table and most <= table[-1][0]:
                reader.add(f"{where}.up_to", _("rows must go from fewer players to more"))
            table.append((most, count))
    if row_jokers and len(row_jokers) != len(rows):
        reader.add("decks.by_players", _("give the jokers in every row of the table, or in none"))
    jokers = reader.choice(
        decks.get("jokers", JokerCount.PER_DECK.value), "decks.jokers", JokerCount,
        _enum_values(JokerCount),
    )  # fmt: skip
    per_deck = reader.whole(
        decks.get("jokers_per_deck", 2), "decks.jokers_per_deck", 0, MAX_JOKERS_PER_DECK
    )
    if not table or jokers is None or per_deck is None:
        return default
    by_row = tuple(n for n in row_jokers if n is not None)
    if len(by_row) != len(table):
        # A stand-in while problems are collected: the counts given, or none at all.
        by_row = ()
        if jokers == JokerCount.BY_PLAYERS:
            return default
    return DeckRule(tuple(table), jokers, per_deck, by_row)


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
    table = reader.mapping(value, "point_table", TABLE_KEYS, N_("a point table's name or a table"))
    labels = [r.label for r in Rank]
    ranks = reader.mapping(table.get("ranks", _MISSING), "point_table.ranks", labels, N_("points"))
    points = [_read_points(reader, ranks, label) for label in labels] if ranks else []
    joker = reader.whole(table.get("joker", _MISSING), "point_table.joker", 0, MAX_CARD_POINTS)
    id = reader.text(table.get("id", "custom"), "point_table.id", MAX_ID, empty=False)
    name = reader.text(table.get("name", "Custom"), "point_table.name", MAX_TEXT, empty=False)
    summary = reader.text(table.get("summary", "Custom points."), "point_table.summary", MAX_TEXT)
    cards = _read_card_points(reader, table.get("cards", {}))
    values = [p for p in points if p is not None]
    if (
        joker is None
        or len(values) != len(Rank)
        or id is None
        or name is None
        or summary is None
        or cards is None
    ):
        return _any_table()
    return PointTable(id, name, tuple(values), joker, summary, cards)


def _read_card_points(reader: _Reader, value: Any) -> tuple[tuple[Card, int], ...] | None:
    """Exact cards valued apart from their rank: ``{"AS": 15, "AC": 15}``."""
    where = "point_table.cards"
    if not isinstance(value, Mapping):
        reader.add(
            where,
            _("must be an object of cards and points, not {value}").format(value=_json_name(value)),
        )
        return None
    if len(value) > MAX_CARD_VALUES:
        reader.add(
            where,
            _("must value at most {limit} cards, not {count}").format(
                limit=MAX_CARD_VALUES, count=len(value)
            ),
        )
        return None
    bad = False
    for text, points in value.items():
        if reader.whole(points, f"{where}.{text}", 0, MAX_CARD_POINTS) is None:
            bad = True
    if bad:
        return None
    try:
        return card_values(value)
    except RulesError as error:
        reader.add(where, error.message)
        return None


def _read_points(reader: _Reader, ranks: Mapping[str, Any], label: str) -> int | None:
    where = f"point_table.ranks.{label}"
    if label not in ranks:
        reader.add(where, _("missing: a table gives points for every rank"))
        return None
    return reader.whole(ranks[label], where, 0, MAX_CARD_POINTS)


def _any_table() -> PointTable:
    """A stand-in while problems are collected (the rule set is never built)."""
    return PointTable("custom", "Custom", (0,) * len(Rank), 0)


def _apply_options(reader: _Reader, rules: RuleSet, value: Any) -> RuleSet:
    """Each option in the document's order, on top of the rest of the document."""
    if value is _MISSING:
        return rules
    options = reader.mapping(value, "options", tuple(OPTIONS), N_("house-rule options"))
    for name, option_value in options.items():
        option = OPTIONS.get(name)
        if option is None:
            continue  # already reported by mapping()
        if name == "cards_dealt" and not rules.rounds:
            continue  # one number per round: no rounds could be read to count them
        try:
            rules = option.apply(rules, option_value)
        except RulesError as error:
            reader.add(f"options.{name}", error.message)
    return rules


def _check_for_players(reader: _Reader, rules: RuleSet, top: Mapping[str, Any]) -> None:
    """``decks.for_players`` is written for people; given back, it must agree with the rule."""
    decks = top.get("decks")
    given = decks.get("for_players", _MISSING) if isinstance(decks, Mapping) else _MISSING
    if given is _MISSING or given == decks_for_players(rules):
        return
    if not reader.stands("decks.for_players"):
        return
    reader.add(
        "decks.for_players",
        _(
            "does not match the decks and jokers the rule gives (leave it out: it is worked "
            "out from by_players, jokers and jokers_per_deck)"
        ),
    )


def _check_whole(reader: _Reader, rules: RuleSet) -> None:
    """The checks that concern the rule set as a whole (enough cards in the decks, a contract
    a player can hold, ...), each problem where it is; none that rests on a stand-in."""
    for problem in rule_set_problems(rules):
        if reader.stands(problem.where):
            reader.add(problem.where, problem.message)


def resolve_rules(value: Any, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset id or a whole document, with house-rule ``options`` on top, validated.

    A RuleSetError (a RuleSetDocumentError for a document) says what is wrong.

    >>> resolve_rules("liverpool", {"run_min_naturals": 2}).run_min_naturals
    2
    >>> from .document import to_document
    >>> resolve_rules(to_document(PRESETS["family"])) == PRESETS["family"]
    True
    """
    if isinstance(value, str):
        return build_rules(value, options or {})
    if isinstance(value, Mapping):
        rules = identified(from_document(value))
        if not options:
            return rules
        # House-rule options on a preset's exact document: that preset with house rules, as
        # by its id (the options are kept beside it); on any other rules, rules of one's own.
        changed = with_options(rules, options)
        return changed if is_preset(rules) else identified(changed)
    raise RuleSetError(_("the rules must be a preset's id or a rule-set document"))


def document_problems(data: Any) -> list[str]:
    """Every problem of a document (none when it is a valid one)."""
    try:
        from_document(data)
    except RuleSetDocumentError as error:
        return list(error.problems)
    return []
