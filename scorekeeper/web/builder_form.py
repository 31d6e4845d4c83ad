"""The builder's form: a rule set as a person types it, read from a request and written back.

Terms:

- **The form** (:class:`BuilderForm`) holds every value as typed, as text; it is made from a
  rule set (:meth:`BuilderForm.of`) or read from a request (:meth:`BuilderForm.read`), and
  gives back the rule-set document it describes (:meth:`BuilderForm.document`), whose own
  checks word each problem and say where it is (:func:`located`, :func:`place_problems`).
- **Sections**: the builder's parts (the name and players, the rounds, the decks, and the house
  rules by topic, :data:`OPTION_TOPICS`) fold away, each round too, so the page fits a phone.
  Which are open travels with the form (``open``, kept by ``static/js/builder.js``); a part
  with a problem, and a round just changed, always opens.
- **Decks table**: the decks for each number of players, typed one number a row; rows in a
  row with the same number make one ``decks.by_players`` row of the document, so the form of
  an unchanged preset gives back exactly its rule.
- **Summary and source**: while the rules play as the ones started from, they keep that
  summary and source; once anything but the name and the summary changes, the summary is
  written from the rules (:func:`~scorekeeper.rules.prose.summary`) and the source is
  cleared. A summary the person types is theirs and is kept (emptied, it is written again):
  the form carries the summary it last wrote (``summary_auto``) to tell one from the other.
- **Ids**: a saved rule set is a person's own: it keeps a preset's id only while it is that
  preset exactly, else it gets its own (:func:`~scorekeeper.rules.ruleset_ids.own_rules`).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules import PRESETS, Rank, RuleSet, from_document, to_document
from ..rules.document import STRUCTURAL_OPTIONS
from ..rules.document_reader import MAX_MELDS, MAX_TEXT
from ..rules.errors import RuleSetDocumentError, RuleSetError
from ..rules.language import N_
from ..rules.options import OPTIONS, Option
from ..rules.points import POINT_TABLES, PointTable
from ..rules.prose import summary
from ..rules.ruleset_ids import fingerprint, own_rules
from ..rules.rulesets import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    Contract,
    JokerCount,
    MeldKind,
    MeldSpec,
)
from ..rules.table import deck_plan
from . import referee_json as rj
from .numbers import whole_number_or

DEFAULT_START = "liverpool"
SAVED_START = "saved"  # the "Start from" choice of the saved rules the builder opened with
MAX_FIELD = 100  # characters kept of one typed value
MAX_START = 20_000  # characters of the starting document carried in the form
# The length a meld added by its button starts at (a colour meld or flush: the shortest the
# rules allow where no round asks for one).
NEW_MELD = {"set": 3, "run": 4, "color": 3, "flush": 3}
_ACTION = re.compile(
    r"(add-round|remove-round|add-set|add-run|add-color|add-flush|remove-meld)"
    r"(?:-(\d+))?(?:-(\d+))?"
)
# The point table typed by the person: "custom" in the point-table choice.
CUSTOM_POINTS = "custom"
_CARD_POINTS = re.compile(r"\s*([0-9A-Za-z]{2,3})\s*[:=]?\s*(-?\d+)\s*")
_LOCATION = re.compile(r"^([a-z_]+(?:\[\d+\]|\.[A-Za-z0-9_]+)*): (.*)$", re.DOTALL)
ALL_PLAYER_COUNTS = range(MIN_PLAYERS, MAX_PLAYERS + 1)
MAX_OPEN = 40  # section names kept of the ``open`` field
DEFAULT_OPEN = ("players", "rounds")

# The builder's sections after the name, the rounds and the decks: each lists the house rules
# it shows (an option in none is shown under "other", so a new option still shows up).
OPTION_TOPICS: dict[str, tuple[str, ...]] = {
    "wilds": (
        "wild_can_be_natural",
        "wilds_at_most_naturals",
        "wild_limit_on_layoffs",
        "wilds_per_meld",
        "adjacent_wilds",
        "joker_swap",
        "swap_wilds",
    ),
    "melds": (
        "set_min_naturals",
        "run_min_naturals",
        "set_distinct_suits",
        "set_ranks",
        "exact_contract_melds",
        "aces",
        "run_suits",
        "runs_without_wild_rank",
        "same_suit_runs",
        "same_suit_run_gap",
        "color_min_naturals",
        "flush_min_naturals",
        "extra_melds",
        "extra_meld_kinds",
    ),
    "scoring": (
        "keep_card_to_discard",
        "layoff_on_going_down_turn",
        "cut_bonus",
        "one_turn_bonus",
        "jokers_as_skips",
    ),
    "buying": (
        "buys_per_turn",
        "buy_precedence",
        "buy_penalty_cards",
        "buy_points",
        "no_buying_once_down",
        "next_player_takes_discard_free",
        "down_player_takes_discard_only_to_play",
    ),
}
SECTION_HEADINGS = {  # translated where shown
    "wilds": N_("Wild cards"),
    "melds": N_("Melds"),
    "scoring": N_("Going out and points"),
    "buying": N_("Buying"),
    "other": N_("Other house rules"),
}


@dataclass
class MeldRow:
    kind: str
    length: str


@dataclass
class RoundRow:
    """One round as typed: its melds, the cards dealt, the going-out rule and the buy limit
    (``""`` for no limit)."""

    melds: list[MeldRow]
    dealt: str
    going_out: str
    buy: str


@dataclass
class BuilderForm:
    """The builder as typed. ``start`` is the document the person started from (a preset or a
    saved rule set), as JSON: the parts the form does not show (a custom point table, the
    summary, the source) come from it unchanged.

    ``decks`` holds the decks typed for every number of players (2 to 8, kept for those
    outside the players range too, so widening it brings them back); ``open`` the sections
    the person has open (``None``: as the page first shows them); ``summary`` the summary
    shown, ``summary_auto`` the one the builder wrote there (see the module's doc).
    """

    start: str
    base: str
    name: str
    players: tuple[str, str]
    jokers: str
    deuces: str
    point_table: str
    options: dict[str, str]
    rounds: list[RoundRow]
    decks: dict[int, str] = field(default_factory=dict)
    jokers_per_deck: str = "2"
    example_round: str = "1"
    example_hand: str = ""
    open: set[str] | None = None
    summary: str = ""
    summary_auto: str = ""  # the summary the builder last wrote ("" if the person typed it)
    # "rounds" (everyone plays the round's contract) or "phases" (the rounds are phases, each
    # player on their own); anything else is passed on for the document's check to word.
    progression: str = "rounds"
    # Wild ranks besides the 2, as typed ("K" in the ten phases).
    other_wilds: str = ""
    # The jokers typed for each number of players (used when jokers are "by-players").
    row_jokers: dict[int, str] = field(default_factory=dict)
    # The point table of the person's own (point_table "custom"): each rank's points, the
    # joker's, and cards valued apart from their rank as typed ("AS 15, AC 15").
    points: dict[str, str] = field(default_factory=dict)
    points_joker: str = ""
    points_cards: str = ""

    @classmethod
    def of(cls, rules: RuleSet, base: str) -> BuilderForm:
        """The form showing ``rules`` (a preset, or a saved rule set)."""
        document = to_document(rules)
        return cls(
            start=json.dumps(document, sort_keys=True),
            base=base,
            name=rules.name,
            players=(str(rules.min_players), str(rules.max_players)),
            jokers=rules.decks.jokers.value,
            deuces=_yes_no(Rank.TWO in rules.wild_ranks),
            other_wilds=" ".join(r.label for r in sorted(rules.wild_ranks) if r != Rank.TWO),
            point_table=rules.point_table.id
            if rules.point_table.id in POINT_TABLES
            and POINT_TABLES[rules.point_table.id] == rules.point_table
            else CUSTOM_POINTS,
            options={name: _option_text(value) for name, value in document["options"].items()},
            rounds=[
                RoundRow(
                    [MeldRow(m["kind"], str(m["min_length"])) for m in r["contract"]],
                    str(r["cards_dealt"]),
                    r["going_out"],
                    "" if r["buy_limit"] is None else str(r["buy_limit"]),
                )
                for r in document["rounds"]
            ],
            decks={n: str(rules.decks.decks_for(n)) for n in ALL_PLAYER_COUNTS},
            jokers_per_deck=str(rules.decks.jokers_per_deck),
            example_round=str(_example_round(rules)),
            summary=rules.local_summary,
            summary_auto=rules.local_summary if _written_by_the_app(rules) else "",
            progression=rules.progression.value,
            row_jokers={n: str(rules.decks.jokers_for(n)) for n in ALL_PLAYER_COUNTS},
            **_points_fields(rules.point_table),
        )

    @classmethod
    def read(cls, form: Mapping[str, str]) -> BuilderForm:
        def text(key: str, default: str = "") -> str:
            return str(form.get(key, default)).strip()[:MAX_FIELD]

        rounds: list[RoundRow] = []
        for i in range(MAX_ROUNDS):
            if f"r{i}.dealt" not in form:
                break
            melds = []
            for j in range(MAX_MELDS):
                if f"r{i}.m{j}.kind" not in form:
                    break
                melds.append(MeldRow(text(f"r{i}.m{j}.kind"), text(f"r{i}.m{j}.length")))
            rounds.append(
                RoundRow(melds, text(f"r{i}.dealt"), text(f"r{i}.out"), text(f"r{i}.buy"))
            )
        return cls(
            start=str(form.get("start", ""))[:MAX_START],
            base=text("base", DEFAULT_START),
            name=text("name"),
            players=(text("players.min"), text("players.max")),
            jokers=text("jokers"),
            deuces=text("deuces"),
            other_wilds=text("other_wilds"),
            point_table=text("point_table"),
            options={name: text(f"opt.{name}") for name in builder_options()},
            rounds=rounds,
            decks={n: text(f"decks.{n}") for n in ALL_PLAYER_COUNTS if f"decks.{n}" in form},
            jokers_per_deck=text("jokers_per_deck"),
            example_round=text("example.round", "1"),
            example_hand=str(form.get("example.hand", ""))[: rj.MAX_TEXT].strip(),
            open=set(str(form["open"]).split()[:MAX_OPEN]) if "open" in form else None,
            summary=str(form.get("summary", ""))[:MAX_TEXT].strip(),
            summary_auto=str(form.get("summary_auto", ""))[:MAX_TEXT].strip(),
            progression=text("progression", "rounds"),
            row_jokers={n: text(f"jokers.{n}") for n in ALL_PLAYER_COUNTS if f"jokers.{n}" in form},
            points={r.label: text(f"points.{r.label}") for r in Rank},
            points_joker=text("points.joker"),
            points_cards=str(form.get("points.cards", ""))[:MAX_TEXT].strip(),
        )

    def __post_init__(self) -> None:
        # A named table's points travel in the form too (hidden), so choosing "points of
        # your own" starts from the table chosen before.
        if self.point_table in POINT_TABLES:
            named = _points_fields(POINT_TABLES[self.point_table])
            self.points, self.points_joker = named["points"], named["points_joker"]
            self.points_cards = named["points_cards"]

    @property
    def summary_typed(self) -> bool:
        """Whether the person typed the summary (not empty, not the one the builder wrote)."""
        return bool(self.summary) and self.summary.split() != self.summary_auto.split()

    def apply(self, action: str) -> None:
        """A button: add or remove a round, add a set or a run to a round, remove a meld."""
        match = _ACTION.fullmatch(action)
        if match is None:
            return
        verb = match.group(1)
        i = int(match.group(2) or -1)
        if verb == "add-round" and len(self.rounds) < MAX_ROUNDS:
            last = self.rounds[-1] if self.rounds else RoundRow([], "10", "discard", "")
            self.rounds.append(copy.deepcopy(last))
        elif not 0 <= i < len(self.rounds):
            return
        elif verb == "remove-round" and len(self.rounds) > 1:
            del self.rounds[i]
        elif verb.startswith("add-") and len(self.rounds[i].melds) < MAX_MELDS:
            kind = verb[4:]
            self.rounds[i].melds.append(MeldRow(kind, str(NEW_MELD[kind])))
        elif verb == "remove-meld" and len(self.rounds[i].melds) > 1:
            j = int(match.group(3) or -1)
            if 0 <= j < len(self.rounds[i].melds):
                del self.rounds[i].melds[j]

    def document(self) -> dict[str, Any]:
        """The rule-set document the form describes: typed numbers as numbers, anything else
        as typed, so the document's own checks word each problem and say where it is."""
        document = self._start_document()
        document["name"] = self.name
        document["progression"] = self.progression
        if self.summary_typed:
            document["summary"] = self.summary
        document["players"] = {"min": _number(self.players[0]), "max": _number(self.players[1])}
        document["rounds"] = [
            {
                "contract": [{"kind": m.kind, "min_length": _number(m.length)} for m in row.melds],
                "cards_dealt": _number(row.dealt),
                "going_out": row.going_out,
                "buy_limit": None if row.buy == "" else _number(row.buy),
            }
            for row in self.rounds
        ]
        wilds = document.setdefault("wilds", {})
        if not isinstance(wilds, dict):
            wilds = document["wilds"] = {}
        # Ranks as typed ("K", "k, 3"); one that is no rank is passed on for the check to word.
        ranks = [r.upper() for r in re.split(r"[\s,]+", self.other_wilds) if r and r != "2"]
        # Whether a wild rank may stand for itself is the house rule wild_can_be_natural.
        wilds["ranks"] = (["2"] if self.deuces == "yes" else []) + ranks
        document["decks"] = {
            "by_players": [
                {"up_to": counts[-1], "decks": _number(decks)}
                | ({"jokers": _number(jokers)} if self.jokers_by_row else {})
                for counts, (decks, jokers) in self.deck_rows()
            ],
            "jokers": self.jokers,
            "jokers_per_deck": _number(self.jokers_per_deck),
        }
        if self.point_table in POINT_TABLES:
            document["point_table"] = self.point_table
        elif self.point_table == CUSTOM_POINTS:
            document["point_table"] = self._point_table(document.get("point_table"))
        document["options"] = {
            name: _option_value(option.kind, self.options.get(name, ""))
            for name, option in builder_options().items()
        }
        return document

    def player_counts(self) -> range:
        """The numbers of players the decks table shows: the players range as typed, or
        every number when the range cannot be read."""
        low, high = (whole_number_or(p) for p in self.players)
        if low is None or high is None or not MIN_PLAYERS <= low <= high <= MAX_PLAYERS:
            return ALL_PLAYER_COUNTS
        return range(low, high + 1)

    @property
    def jokers_by_row(self) -> bool:
        """Whether each row of the decks table gives its own jokers."""
        return self.jokers == JokerCount.BY_PLAYERS.value

    def deck_rows(self) -> list[tuple[list[int], tuple[str, str]]]:
        """The decks table as the document's rows: numbers of players in a row with the same
        decks typed (and the same jokers, when each row gives its own) make one row
        (``up_to`` its largest)."""
        rows: list[tuple[list[int], tuple[str, str]]] = []
        for players in self.player_counts():
            jokers = self.row_jokers.get(players, "") if self.jokers_by_row else ""
            typed = (self.decks.get(players, ""), jokers)
            if rows and rows[-1][1] == typed:
                rows[-1][0].append(players)
            else:
                rows.append(([players], typed))
        return rows

    def opened(self, action: str, errors: Mapping[str, list[str]]) -> set[str]:
        """The sections shown open: those the person left open (the name and the rounds at
        first), every one with a problem, and the round a button just changed."""
        opened = set(DEFAULT_OPEN if self.open is None else self.open)
        for where in errors:
            opened |= sections_of(where, self)
        match = _ACTION.fullmatch(action)
        if match is not None and match.group(2) is not None:
            opened.add(f"round-{match.group(2)}")
        if action == "add-round":
            opened.add(f"round-{len(self.rounds) - 1}")
        return opened

    def _point_table(self, start: Any) -> Any:
        """The point table typed: the one started from when nothing in it changed (so it
        keeps its name), else a custom table; a value that cannot be read is passed on as
        typed, for the document's check to word."""
        table: dict[str, Any] = {
            "ranks": {label: _number(self.points.get(label, "")) for label in _RANK_LABELS},
            "joker": _number(self.points_joker),
        }
        cards = card_points(self.points_cards)
        if cards is None:
            table["cards"] = self.points_cards
        elif cards:
            table["cards"] = cards
        same = isinstance(start, dict) and all(start.get(k) == v for k, v in table.items())
        if same and start.get("cards", {}) == table.get("cards", {}):
            return start
        return table

    def _start_document(self) -> dict[str, Any]:
        try:
            start: Any = json.loads(self.start)
        except (ValueError, RecursionError):  # not JSON, or nested too deep to read
            start = None
        document: dict[str, Any] = (
            start if isinstance(start, dict) else to_document(PRESETS[DEFAULT_START])
        )
        return document

    def build(self) -> tuple[RuleSet | None, dict[str, list[str]]]:
        """The rule set, or None and every problem by where it is (``""``: the whole)."""
        try:
            rules = from_document(self.document())
        except RuleSetDocumentError as error:
            return None, located(error.problems)
        except RuleSetError as error:
            return None, {"": [error.message]}
        return own_rules(self._summed_up(rules)), {}

    def _summed_up(self, rules: RuleSet) -> RuleSet:
        """``rules`` with the summary and source the module's doc describes; the form then
        shows that summary."""
        start = self.start_rules()
        same = start is not None and fingerprint(start) == fingerprint(rules)
        if self.summary_typed:
            text = rules.summary
        else:
            text = rules.summary if same else summary(rules)
            shown = dataclasses.replace(rules, summary=text).local_summary if same else text
            self.summary = self.summary_auto = shown
        return dataclasses.replace(rules, summary=text, source=rules.source if same else "")

    def start_rules(self) -> RuleSet | None:
        """The rules started from (None if the form's copy of them cannot be read)."""
        try:
            return from_document(self._start_document())
        except RuleSetError:
            return None


def builder_options() -> dict[str, Option]:
    """The house rules the builder lists one by one: every option but those that restate a
    part it shows on its own (the rounds, the wild cards, the players, the point table).
    Read from the rules core each time, so a new option shows up by itself."""
    return {name: o for name, o in OPTIONS.items() if name not in STRUCTURAL_OPTIONS}


_RANK_LABELS = tuple(r.label for r in Rank)


def _points_fields(table: PointTable) -> dict[str, Any]:
    """The point table's fields of the form: each rank's points, the joker's, the cards
    valued apart from their rank."""
    return {
        "points": {r.label: str(table.value_of(r)) for r in Rank},
        "points_joker": str(table.joker),
        "points_cards": ", ".join(f"{card} {value}" for card, value in table.cards),
    }


def card_points(text: str) -> dict[str, Any] | None:
    """Cards valued apart from their rank, as typed: ``"AS 15, AC 15"`` (commas or spaces
    between; None when the text cannot be read that way).

    >>> card_points("AS 15, ac: 15 AH=1")
    {'AS': 15, 'AC': 15, 'AH': 1}
    >>> card_points(""), card_points("aces 15")
    ({}, None)
    """
    found: dict[str, Any] = {}
    rest = text.replace(",", " ").strip()
    while rest:
        match = _CARD_POINTS.match(rest)
        if match is None:
            return None
        found[match.group(1).upper()] = int(match.group(2))
        rest = rest[match.end() :].strip()
    return found


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return _yes_no(value)
    return "" if value is None else str(value)


def _number(text: str) -> Any:
    """A typed whole number as a number; anything else as typed (the checks word it)."""
    found = whole_number_or(text.lstrip("-")) if text else None
    if found is None:
        return text
    return -found if text.startswith("-") else found


def _option_value(kind: str, text: str) -> Any:
    if kind == "bool":
        return text == "yes" if text in ("yes", "no") else text
    if kind == "int":
        return None if text == "" else _number(text)
    return text


def _written_by_the_app(rules: RuleSet) -> bool:
    """Whether the summary of ``rules`` is one the app wrote (a preset's, or one written from
    the rules), not one a person typed."""
    written = {"", summary(rules), *(preset.summary for preset in PRESETS.values())}
    return rules.summary in written


def located(problems: Iterable[str]) -> dict[str, list[str]]:
    """Problems by where they are: ``rounds[3].contract[1]: ...`` under
    ``rounds[3].contract[1]``, a problem of the whole under ``""``.

    >>> located(['rounds[0].cards_dealt: must be a whole number', 'too few cards'])
    {'rounds[0].cards_dealt': ['Must be a whole number'], '': ['too few cards']}
    """
    found: dict[str, list[str]] = {}
    for problem in problems:
        match = _LOCATION.match(problem)
        where, message = (match.group(1), match.group(2)) if match else ("", problem)
        message = re.sub(r'^"[a-z_]+" ', "", message)  # the field is named by where it shows
        found.setdefault(where, []).append(message[:1].upper() + message[1:] if where else message)
    return found


def _example_round(rules: RuleSet) -> int:
    """The round the worked example starts on: the first with sets and runs both."""
    for number, spec in enumerate(rules.rounds, start=1):
        if spec.contract.sets and spec.contract.runs:
            return number
    return 1


# --- sections, and where problems show -----------------------------------------------------------

# Problems are shown where the person types the value; these parts of a document have no field
# of their own on the page and are shown with the one that holds them.
_SHOWN_WITH = (("wilds", "wilds"), ("point_table", "point_table"))


def option_sections() -> dict[str, dict[str, Option]]:
    """The house rules the builder lists, by section (:data:`OPTION_TOPICS`, then "other")."""
    options = builder_options()
    sections = {
        section: {name: options[name] for name in names if name in options}
        for section, names in OPTION_TOPICS.items()
    }
    listed = {name for names in OPTION_TOPICS.values() for name in names}
    sections["other"] = {name: o for name, o in options.items() if name not in listed}
    return sections


def _section_of_option(name: str) -> str:
    for section, names in OPTION_TOPICS.items():
        if name in names:
            return section
    return "other"


def sections_of(where: str, form: BuilderForm) -> set[str]:
    """The sections holding the field a problem is placed at (see :func:`place_problems`)."""
    head = re.split(r"[.\[]", where, maxsplit=1)[0]
    if head in ("name", "summary", "players"):
        return {"players"}
    if head == "rounds":
        match = re.match(r"rounds\[(\d+)\]", where)
        return {"rounds"} | ({f"round-{match.group(1)}"} if match else set())
    if head in ("decks", "jokers", "jokers_per_deck"):
        return {"decks"}
    if head == "wilds":
        return {"wilds"}
    if head == "point_table":
        return {"scoring"}
    if head == "options":
        return {_section_of_option(where.split(".", 1)[1])}
    return set()


def _deck_key(where: str, form: BuilderForm) -> list[str] | None:
    """Where a problem of the document's decks shows: a row of the rule is one or more rows
    of the table (``decks.5``), a problem of the whole rule under ``decks``."""
    if not where.startswith("decks"):
        return None
    match = re.match(r"decks\.by_players\[(\d+)\]", where)
    rows = form.deck_rows()
    if match is not None and int(match.group(1)) < len(rows):
        if where.endswith(".jokers"):
            return [f"jokers.{n}" for n in rows[int(match.group(1))][0]]
        return [f"decks.{n}" for n in rows[int(match.group(1))][0]]
    if where == "decks.jokers_per_deck":
        return ["jokers_per_deck"]
    if where == "decks.jokers":
        return ["jokers"]
    return ["decks"]


def place_problems(found: dict[str, list[str]], form: BuilderForm) -> dict[str, list[str]]:
    """Every problem under a key the page shows (a field, a meld, a round), the others under
    ``""`` (shown at the top), so none is lost."""
    shown = {"", "name", "summary", "players", "players.min", "players.max", "rounds", "jokers"}
    shown |= {"wilds", "point_table"} | {f"options.{name}" for name in builder_options()}
    for i, row in enumerate(form.rounds):
        base = f"rounds[{i}]"
        shown |= {base} | {f"{base}.{part}" for part in ROUND_PARTS}
        shown |= {f"{base}.contract[{j}]" for j in range(len(row.melds))}
    placed: dict[str, list[str]] = {}
    for where, messages in found.items():
        deck_keys = _deck_key(where, form)
        if deck_keys is not None:
            for key in deck_keys:
                placed.setdefault(key, []).extend(messages)
            continue
        key = re.sub(r"\.(kind|min_length)$", "", where)
        for prefix, target in _SHOWN_WITH:
            if key.startswith(prefix):
                key = target
        placed.setdefault(key if key in shown else "", []).extend(
            messages if key in shown or not where else [f"{where}: {m}" for m in messages]
        )
    return placed


ROUND_PARTS = ("contract", "cards_dealt", "going_out", "buy_limit")


def round_summary(row: RoundRow) -> str:
    """One line for a folded round, from what is typed: ``"Two sets · 10 cards · discard"``.

    >>> round_summary(RoundRow([MeldRow("set", "3"), MeldRow("run", "7")], "11", "all-out", "0"))
    'One set and one run of 7 · 11 cards · all out · no buying'
    >>> round_summary(RoundRow([MeldRow("run", "x")], "10", "discard", ""))
    '1 meld · 10 cards · discard'
    """
    try:
        contract = Contract(
            tuple(MeldSpec(MeldKind(m.kind), int(m.length)) for m in row.melds)
        ).describe(words=True)
    except ValueError:
        contract = f"{len(row.melds)} meld" + ("" if len(row.melds) == 1 else "s")
    parts = [contract, f"{row.dealt} cards", _GOING_OUT_SHORT.get(row.going_out, row.going_out)]
    if row.buy == "0":
        parts.append("no buying")
    elif row.buy:
        parts.append(f"buy up to {row.buy}")
    return " · ".join(parts)


_GOING_OUT_SHORT = {"discard": "discard", "all-out": "all out"}


def deck_table(form: BuilderForm, rules: RuleSet | None) -> list[dict[str, Any]]:
    """The decks table's rows: every number of players, the decks typed, and (when the rules
    can be built) the jokers and cards that makes; ``shown`` is false outside the players
    range (kept in the form, not shown)."""
    shown = form.player_counts()
    rows = []
    for players in ALL_PLAYER_COUNTS:
        row: dict[str, Any] = {
            "players": players,
            "decks": form.decks.get(players, ""),
            "shown": players in shown,
        }
        if rules is not None and players in shown:
            plan = deck_plan(rules, players)
            row |= {"jokers": plan.jokers, "cards": plan.total_cards}
        # Jokers worked out by the rule travel too, so choosing a number for each row
        # starts from them.
        typed = form.row_jokers.get(players, "")
        row["typed_jokers"] = typed if form.jokers_by_row else str(row.get("jokers", typed))
        rows.append(row)
    return rows
