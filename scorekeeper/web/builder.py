"""The rule-set builder: a person's own rules, in plain words, saved and shared.

Terms:

- **Plain words**: every value a person reads about a rule set (a house-rule choice, a going-out
  rule, a meld kind) has one wording, kept beside the options in the rules core
  (:data:`~scorekeeper.rules.options.CHOICE_WORDS`) and used by every page that shows an
  option: the builder, the new-game form's house rules, the shared-link page.
- **Not in play**: what a rule set leaves out of the game (jokers, in a game without jokers)
  is neither offered (the card picker has no joker) nor accepted (:func:`cards_not_in_play`).
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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, make_response, request, url_for

from ..db import get_session
from ..errors import Invalid, NotFound
from ..games import saved_rules
from ..rules import PRESETS, Card, Rank, RulesError, RuleSet, from_document, to_document
from ..rules.document import STRUCTURAL_OPTIONS
from ..rules.document_reader import MAX_MELDS, MAX_TEXT
from ..rules.errors import RuleSetDocumentError, RuleSetError
from ..rules.options import OPTIONS, Option, choice_words, option_values
from ..rules.points import POINT_TABLES
from ..rules.prose import rule_book, summary
from ..rules.ruleset_ids import fingerprint, own_rules
from ..rules.rulesets import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    Contract,
    GoingOut,
    JokerCount,
    MeldKind,
    MeldSpec,
    RoundSpec,
)
from ..rules.scoring import cards_not_in_deck
from ..rules.table import deck_plan
from . import access
from . import referee_json as rj
from .htmx import redirect_to, render
from .numbers import whole_number_or
from .security import no_store

# --- what a rule set leaves out ------------------------------------------------------------------


def cards_not_in_play(rules: RuleSet, cards: Iterable[Card]) -> str | None:
    """Why some of ``cards`` cannot be in a game of ``rules`` (a sentence), or None.

    The rules core decides (:func:`~scorekeeper.rules.scoring.cards_not_in_deck`), so the
    pages refuse what the API refuses, in the same words.

    >>> from scorekeeper.rules import PRESETS, parse_cards
    >>> cards_not_in_play(PRESETS["deuces-six"], parse_cards("7H JK"))
    'Six-round Deuces Wild is played without jokers: JK is not in its deck.'
    >>> cards_not_in_play(PRESETS["liverpool"], parse_cards("7H JK")) is None
    True
    """
    problems = cards_not_in_deck(rules, cards)
    return " ".join(p.message for p in problems) if problems else None


# --- the builder's form --------------------------------------------------------------------------

DEFAULT_START = "liverpool"
SAVED_START = "saved"  # the "Start from" choice of the saved rules the builder opened with
MAX_FIELD = 100  # characters kept of one typed value
MAX_START = 20_000  # characters of the starting document carried in the form
NEW_MELD = {"set": 3, "run": 4}
_ACTION = re.compile(r"(add-round|remove-round|add-set|add-run|remove-meld)(?:-(\d+))?(?:-(\d+))?")
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
        "joker_swap",
        "swap_wilds",
    ),
    "melds": (
        "set_min_naturals",
        "run_min_naturals",
        "set_distinct_suits",
        "exact_contract_melds",
        "aces",
        "same_suit_runs",
        "same_suit_run_gap",
        "extra_melds",
    ),
    "scoring": ("keep_card_to_discard", "layoff_on_going_down_turn", "cut_bonus"),
    "buying": (
        "buys_per_turn",
        "buy_precedence",
        "buy_penalty_cards",
        "no_buying_once_down",
        "next_player_takes_discard_free",
        "down_player_takes_discard_only_to_play",
    ),
}
SECTION_HEADINGS = {
    "wilds": "Wild cards",
    "melds": "Sets and runs",
    "scoring": "Going out and points",
    "buying": "Buying",
    "other": "Other house rules",
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
            point_table=rules.point_table.id,
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
            summary=rules.summary,
            summary_auto=rules.summary if _written_by_the_app(rules) else "",
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
        )

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
        elif verb in ("add-set", "add-run") and len(self.rounds[i].melds) < MAX_MELDS:
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
        ranks = [r for r in wilds.get("ranks", []) if r != "2"]
        # Whether a 2 may stand for itself is the house rule wild_can_be_natural, below.
        wilds["ranks"] = (["2"] if self.deuces == "yes" else []) + ranks
        document["decks"] = {
            "by_players": [
                {"up_to": counts[-1], "decks": _number(typed)} for counts, typed in self.deck_rows()
            ],
            "jokers": self.jokers,
            "jokers_per_deck": _number(self.jokers_per_deck),
        }
        if self.point_table in POINT_TABLES:
            document["point_table"] = self.point_table
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

    def deck_rows(self) -> list[tuple[list[int], str]]:
        """The decks table as the document's rows: numbers of players in a row with the same
        decks typed make one row (``up_to`` its largest)."""
        rows: list[tuple[list[int], str]] = []
        for players in self.player_counts():
            typed = self.decks.get(players, "")
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
            opened |= _sections_of(where, self)
        match = _ACTION.fullmatch(action)
        if match is not None and match.group(2) is not None:
            opened.add(f"round-{match.group(2)}")
        if action == "add-round":
            opened.add(f"round-{len(self.rounds) - 1}")
        return opened

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
            self.summary = self.summary_auto = text
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


# --- the worked example --------------------------------------------------------------------------

_SET_RANKS = ("7", "9", "Q", "4", "K", "5", "8", "J")
_RUN_SUITS = ("S", "H", "D", "C")
_RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def example_hand(spec: RoundSpec) -> str:
    """A hand that makes ``spec``'s contract with natural cards: sets of 7s, 9s, queens...,
    runs from 3 (from the ace when longer than 11) in spades, hearts...; and, in a round
    with a discard, a king of diamonds to discard.

    >>> from scorekeeper.rules import PRESETS
    >>> example_hand(PRESETS["liverpool"].rounds[1])
    '7S 7H 7D 3S 4S 5S 6S KD'
    """
    cards: list[str] = []
    sets = runs = 0
    for meld in spec.contract.melds:
        if meld.kind == MeldKind.SET:
            rank = _SET_RANKS[sets % len(_SET_RANKS)]
            cards += [rank + "SHDC"[i % 4] for i in range(meld.min_length)]
            sets += 1
        else:
            suit = _RUN_SUITS[runs % len(_RUN_SUITS)]
            first = 2 if meld.min_length <= len(_RANK_ORDER) - 2 else 0
            cards += [r + suit for r in _RANK_ORDER[first : first + meld.min_length]]
            runs += 1
    if not spec.all_out:
        cards.append("KD")
    return " ".join(cards)


def worked_example(rules: RuleSet, form: BuilderForm) -> dict[str, Any]:
    """The example hand (as typed, or made for the round) and the referee's answer: can it
    make the round's contract, and how (the referee's own arranger and verdict)."""
    number = min(max(whole_number_or(form.example_round) or 1, 1), rules.round_count)
    hand_text = form.example_hand or example_hand(rules.round(number))
    context: dict[str, Any] = {"round": number, "hand_text": hand_text, "chips": []}
    try:
        hand = rj.read_cards(hand_text, "The hand", limit=rj.MAX_ARRANGE_CARDS)
        context["chips"] = rj.cards_json(hand)
        refused = cards_not_in_play(rules, hand)
        if refused is not None:
            raise RulesError(refused)
        context["answer"] = rj.arrange_answer(rules, number, hand)
    except RulesError as error:
        context["answer"] = {"error": error.message}
    return context


# --- views ---------------------------------------------------------------------------------------

bp = Blueprint("builder", __name__, url_prefix="/rules")

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


def _sections_of(where: str, form: BuilderForm) -> set[str]:
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
        rows.append(row)
    return rows


def _page(form: BuilderForm, status: int = 200, notice: str = "", action: str = "") -> Response:
    rules, found = form.build()
    errors = place_problems(found, form)
    context: dict[str, Any] = {
        "form": form,
        "errors": errors,
        "rules": rules,
        "notice": notice,
        "presets": PRESETS,
        "point_tables": POINT_TABLES,
        "option_sections": option_sections(),
        "section_headings": SECTION_HEADINGS,
        "opened": form.opened(action, found),
        "flagged": {section for where in found for section in _sections_of(where, form)},
        "round_summary": round_summary,
        "deck_rows": deck_table(form, rules),
        "choice_values": _choice_values(),
        "sections": rule_book(rules) if rules is not None else [],
        "example": worked_example(rules, form) if rules is not None else None,
        "arrange_tool": {"id": "arrange", "slots": ()},
        "max_rounds": MAX_ROUNDS,
        "max_melds": MAX_MELDS,
    }
    if found and status == 200 and request.method == "POST":
        status = 400
    return render("rules/build.html", "rules/_builder.html", status=status, **context)


def _choice_values() -> dict[str, tuple[str, ...]]:
    """The values of the choices the builder shows beside the options."""
    return {
        "jokers": tuple(j.value for j in JokerCount),
        "going_out": tuple(g.value for g in GoingOut),
        "kind": tuple(k.value for k in MeldKind),
    }


def _started_again(form: BuilderForm) -> BuilderForm:
    """The form for the rules chosen to start from: a preset, or the saved rules the form
    started from, as saved (Liverpool's if the form's copy of them cannot be read)."""
    if form.base in PRESETS:
        return BuilderForm.of(PRESETS[form.base], form.base)
    start = form.start_rules() if form.base == SAVED_START else None
    if start is None:
        return BuilderForm.of(PRESETS[DEFAULT_START], DEFAULT_START)
    return BuilderForm.of(start, SAVED_START)


@bp.get("/build")
def build() -> Response:
    """The builder, starting from a preset (``?from=family``) or a saved rule set
    (``?saved=3``, this device's)."""
    saved_id = whole_number_or(request.args.get("saved", ""))
    if saved_id is not None:
        saved = saved_rules.get_saved(get_session(), access.device_id(), saved_id)
        return _page(BuilderForm.of(saved.rules, SAVED_START))
    start = request.args.get("from", DEFAULT_START)
    if start not in PRESETS:
        raise NotFound(f'There is no rule set "{start[:40]}". The rule sets are '
                       f"{', '.join(PRESETS)}.")  # fmt: skip
    return _page(BuilderForm.of(PRESETS[start], start))


@bp.post("/build")
def build_changed() -> Response:
    """The builder with a change: a button (add a round...), another starting preset, a
    typed value (the summary and the example follow), or Save."""
    form = BuilderForm.read(request.form)
    action = request.form.get("action", "")
    if action == "start" or request.form.get("started_from", form.base) != form.base:
        return _page(_started_again(form))
    form.apply(action)
    if action != "save":
        return _page(form, action=action)
    rules, _problems = form.build()
    if rules is None:
        return _page(form, 400, notice="Not saved: fix the problems marked below first.")
    try:
        saved = saved_rules.save_rules(get_session(), access.device_id(), form.name, rules)
    except Invalid as error:
        return _page(form, 400, notice=error.message)
    return redirect_to(url_for("builder.saved_page", saved_id=saved.id, saved="1"))


# --- saved and shared rule sets ------------------------------------------------------------------


@bp.get("/saved")
def saved_list() -> Response:
    """This device's saved rule sets, and the form to import one from a file."""
    return _saved_list()


def _saved_list(status: int = 200, problems: Sequence[str] = (), error: str = "") -> Response:
    """This device's saved rule sets (those that no longer read apart, to delete), and the
    import form with what was wrong with a file."""
    session, device = get_session(), access.device_id()
    return render(
        "rules/saved_list.html", status=status, presets=PRESETS, problems=problems, error=error,
        saved=saved_rules.list_saved(session, device),
        unreadable=saved_rules.list_unreadable(session, device),
    )  # fmt: skip


@bp.post("/saved/import")
def import_file() -> Response:
    """Save the rule set of an uploaded JSON file; every problem listed, nothing saved."""
    upload = request.files.get("file")
    data = upload.read(saved_rules.MAX_FILE_BYTES + 1) if upload is not None else b""
    session = get_session()
    try:
        if not data:
            raise Invalid("Choose a rule-set file (.json) to import.")
        saved = saved_rules.import_rules(
            session, access.device_id(), request.form.get("name", "")[:MAX_FIELD], data
        )
    except Invalid as error:
        problems = error.details if isinstance(error.details, list) else []
        return _saved_list(400, problems, error.message)
    return redirect_to(url_for("builder.saved_page", saved_id=saved.id, saved="1"))


def _saved_context(saved: saved_rules.SavedView, owner: bool) -> dict[str, Any]:
    share_url = url_for("builder.shared_page", token=saved.token, _external=True)
    choice = f"saved:{saved.id}" if owner else f"shared:{saved.token}"
    return {
        "saved": saved,
        "rules": saved.rules,
        "owner": owner,
        "share_url": share_url,
        "sections": rule_book(saved.rules),
        "play_url": url_for("games.new", preset=choice),
        "just_saved": request.args.get("saved") == "1",
    }


@bp.get("/saved/<saved_id>")
def saved_page(saved_id: str) -> Response:
    """One of this device's saved rule sets: its rules, its sharing link and file, play it."""
    saved = saved_rules.get_saved(get_session(), access.device_id(), _saved_number(saved_id))
    return no_store(render("rules/saved.html", **_saved_context(saved, owner=True)))


@bp.get("/saved/<saved_id>/rules.json")
def saved_file(saved_id: str) -> Response:
    saved = saved_rules.get_saved(get_session(), access.device_id(), _saved_number(saved_id))
    return _json_file(saved)


@bp.post("/saved/<saved_id>/delete")
def delete(saved_id: str) -> Response:
    saved_rules.delete_saved(get_session(), access.device_id(), _saved_number(saved_id))
    return redirect_to(url_for("builder.saved_list"))


@bp.get("/shared/<token>")
def shared_page(token: str) -> Response:
    """A rule set shared by link: read it, save a copy on this device, or start a game."""
    saved = saved_rules.get_shared(get_session(), token)
    return no_store(render("rules/saved.html", **_saved_context(saved, owner=False)))


@bp.get("/shared/<token>/rules.json")
def shared_file(token: str) -> Response:
    return _json_file(saved_rules.get_shared(get_session(), token))


@bp.post("/shared/<token>/save")
def save_shared(token: str) -> Response:
    """A copy of a shared rule set, saved on this device under its name."""
    session = get_session()
    shared = saved_rules.get_shared(session, token)
    name = request.form.get("name", "")[:MAX_FIELD] or shared.name
    saved = saved_rules.save_rules(session, access.device_id(), name, shared.rules)
    return redirect_to(url_for("builder.saved_page", saved_id=saved.id, saved="1"))


def _saved_number(text: str) -> int:
    number = whole_number_or(text)
    if number is None:
        raise NotFound(saved_rules.NOT_FOUND)
    return number


def _json_file(saved: saved_rules.SavedView) -> Response:
    response = make_response(saved_rules.document_json(saved))
    response.mimetype = "application/json"
    filename = re.sub(r"[^A-Za-z0-9_-]+", "-", saved.name).strip("-").lower() or "rules"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename[:60]}.json"'
    return response


# --- the new-game form's rule sets ---------------------------------------------------------------


def chosen_rules(choice: str) -> RuleSet | None:
    """The rule set a new-game form's choice names: ``saved:<id>`` (this device's) or
    ``shared:<token>`` (a link's); None for anything else (a preset is looked up apart)."""
    kind, _, key = choice.partition(":")
    try:
        if kind == "saved" and whole_number_or(key) is not None:
            return saved_rules.get_saved(get_session(), access.device_id(), int(key)).rules
        if kind == "shared":
            return saved_rules.get_shared(get_session(), key).rules
    except NotFound:
        return None
    return None


@bp.app_template_global("saved_rule_sets")
def saved_rule_sets() -> list[saved_rules.SavedView]:
    """This device's saved rule sets (for the new-game form's rule-set list)."""
    return saved_rules.list_saved(get_session(), access.device_id())


@bp.app_template_global("choice_words")
def _choice_words(option: str, value: Any) -> str:
    return choice_words(option, value)


bp.add_app_template_global(option_values, "option_values")
