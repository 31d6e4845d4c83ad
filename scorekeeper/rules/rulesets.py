"""Rule sets: every parameter of a contract-rummy game, as data.

Terms:

- A **contract** is the list of melds a player must lay down to "go down" in a round, each a
  kind (set or run) with its own minimum length: Liverpool's "2 sets and 1 run" is
  ``(set ≥3, set ≥3, run ≥4)``; Shanghai's "3 runs of 5" is three ``run ≥5``.
- A **round** is a contract, the cards dealt, how a player goes out (with a final discard,
  or **all out**: every card must go into the melds) and how many cards a player may buy.
- A **rule set** holds the rounds and every house rule with its default. The five presets of
  RULES.md are instances; ``with_options`` builds a validated variant from house-rule
  overrides. Nothing in the engine branches on a preset's id.

>>> LIVERPOOL.rounds[1].contract.describe()
'1 set and 1 run'
>>> LIVERPOOL.decks.decks_for(6), LIVERPOOL.decks.jokers_for(6)
(3, 6)
>>> CONTRACT_RUMMY.decks.jokers_for(5)
4
>>> LIVERPOOL.with_options({"run_min_naturals": 2}).run_min_naturals
2
>>> LIVERPOOL.with_options({"buying": False})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.rules.errors.RuleSetError: round 7 (3 runs) needs at least 12 cards, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Rank
from .errors import RuleSetError
from .limits import check_limits
from .points import (
    CONTRACT_RUMMY_DEUCES_POINTS,
    CONTRACT_RUMMY_POINTS,
    DEUCES_SIX_POINTS,
    FACE_VALUE_POINTS,
    LIVERPOOL_POINTS,
    SHANGHAI_POINTS,
    PointTable,
    get_point_table,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_RUN_LENGTH = 13  # aces high or low, never both: A..K or 2..A
MAX_CARDS_DEALT = 20
MAX_ROUNDS = 20


class MeldKind(StrEnum):
    """A set (cards of one rank) or a run (consecutive cards of one suit)."""

    SET = "set"
    RUN = "run"


_NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]


def number_word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


@dataclass(frozen=True)
class MeldSpec:
    """One meld a contract asks for: its kind and the fewest cards it may have."""

    kind: MeldKind
    min_length: int

    def describe(self) -> str:
        default = DEFAULT_MIN_LENGTH[self.kind]
        return (
            self.kind.value if self.min_length == default else f"{self.kind} of {self.min_length}"
        )


DEFAULT_MIN_LENGTH = {MeldKind.SET: 3, MeldKind.RUN: 4}


@dataclass(frozen=True)
class Contract:
    """The melds a player must lay down together to go down."""

    melds: tuple[MeldSpec, ...]

    @classmethod
    def of(
        cls, sets: int = 0, runs: int = 0, *, set_length: int = 3, run_length: int = 4
    ) -> Contract:
        """``sets`` sets of ``set_length`` and ``runs`` runs of ``run_length``."""
        return cls(
            (MeldSpec(MeldKind.SET, set_length),) * sets
            + (MeldSpec(MeldKind.RUN, run_length),) * runs
        )

    @property
    def sets(self) -> tuple[MeldSpec, ...]:
        return tuple(m for m in self.melds if m.kind == MeldKind.SET)

    @property
    def runs(self) -> tuple[MeldSpec, ...]:
        return tuple(m for m in self.melds if m.kind == MeldKind.RUN)

    @property
    def min_cards(self) -> int:
        return sum(m.min_length for m in self.melds)

    def describe(self, *, words: bool = False) -> str:
        """``"2 sets and 1 run"`` (or ``"Two sets and one run"`` with ``words``).

        Melds of a non-default length are named: ``"3 runs of 5"``.
        """
        parts: list[str] = []
        for kind in (MeldKind.SET, MeldKind.RUN):
            lengths: dict[int, int] = {}
            for m in self.melds:
                if m.kind == kind:
                    lengths[m.min_length] = lengths.get(m.min_length, 0) + 1
            for length, count in lengths.items():
                noun = kind.value + ("s" if count != 1 else "")
                amount = number_word(count) if words else str(count)
                suffix = "" if length == DEFAULT_MIN_LENGTH[kind] else f" of {length}"
                parts.append(f"{amount} {noun}{suffix}")
        text = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 2 else parts)
        return text[:1].upper() + text[1:] if words else text

    def describe_with_count(self) -> str:
        """``"One set and one run — at least 7 cards"``."""
        return f"{self.describe(words=True)} — at least {self.min_cards} cards"


class GoingOut(StrEnum):
    """How a player goes out in a round."""

    DISCARD = "discard"  # the last card may be discarded
    ALL_OUT = "all-out"  # no discard: every card in hand must go into the melds


@dataclass(frozen=True)
class RoundSpec:
    """One round: its contract, the cards dealt, the going-out rule and the buy limit.

    ``buy_limit`` is how many cards one player may buy in the round: ``None`` for no limit,
    ``0`` for no buying at all.
    """

    contract: Contract
    cards_dealt: int
    going_out: GoingOut = GoingOut.DISCARD
    buy_limit: int | None = None

    @property
    def all_out(self) -> bool:
        return self.going_out == GoingOut.ALL_OUT

    @property
    def buying_allowed(self) -> bool:
        return self.buy_limit is None or self.buy_limit > 0


class JokerCount(StrEnum):
    """How many jokers are shuffled in."""

    PER_DECK = "per-deck"  # every deck's jokers (usually 2)
    PLAYERS_MINUS_ONE = "players-minus-one"  # one fewer than the number of players
    NONE = "none"


@dataclass(frozen=True)
class DeckRule:
    """Decks and jokers as a function of the number of players.

    ``decks_by_players`` lists ``(most players, decks)`` in ascending order: ``((5, 2), (8, 3))``
    is 2 decks for up to 5 players, 3 for 6 to 8.
    """

    decks_by_players: tuple[tuple[int, int], ...]
    jokers: JokerCount = JokerCount.PER_DECK
    jokers_per_deck: int = 2

    def decks_for(self, players: int) -> int:
        for most, decks in self.decks_by_players:
            if players <= most:
                return decks
        return self.decks_by_players[-1][1]

    def jokers_for(self, players: int) -> int:
        if self.jokers == JokerCount.NONE:
            return 0
        if self.jokers == JokerCount.PLAYERS_MINUS_ONE:
            return max(players - 1, 0)
        return self.decks_for(players) * self.jokers_per_deck


class SameSuitRuns(StrEnum):
    """When two runs of one contract may share a suit."""

    APART = "apart"  # only with a gap between them: they may neither touch nor overlap
    APART_OR_OVERLAPPING = "apart-or-overlapping"  # only touching runs are illegal
    NEVER = "never"  # two runs of a contract must be of different suits


class Aces(StrEnum):
    """Where an ace may stand in a run."""

    LOW_OR_HIGH = "low-or-high"  # A 2 3 4 or J Q K A, never both at once
    HIGH_ONLY = "high-only"  # only above the king: J Q K A
    LOW_ONLY = "low-only"  # only below the 2: A 2 3 4


class BuyPrecedence(StrEnum):
    """Who gets the discard when several players want to buy it."""

    NEAREST = "nearest"  # the player nearest (clockwise) to the player about to draw
    FIRST_TO_CALL = "first-to-call"  # the "Me" variant


class JokerSwap(StrEnum):
    """Which jokers on the table a player who is down may take by playing the natural card."""

    RUNS_ONLY = "runs-only"  # a joker in a set is dead
    RUNS_AND_SET_THIRD = "runs-and-set-third"  # also a joker laid as the third card of a set
    NEVER = "never"


class SwapWilds(StrEnum):
    """Which wild cards a joker swap may take back from the table."""

    ANY_WILD = "any-wild"  # every wild: a joker or a wild 2 alike
    JOKERS_ONLY = "jokers-only"  # only jokers; a wild 2 stays where it is


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one way to play, with the defaults of RULES.md.

    Frozen: build a variant with :meth:`with_options`.
    """

    id: str
    name: str
    summary: str
    rounds: tuple[RoundSpec, ...]
    decks: DeckRule
    point_table: PointTable
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    # Wild cards. Jokers are always wild; ``wild_ranks`` adds ranks (2s in deuces games).
    wild_ranks: frozenset[Rank] = frozenset()
    wild_can_be_natural: bool = True
    # Melds.
    set_min_naturals: int = 2
    run_min_naturals: int = 3
    set_distinct_suits: bool = False
    wilds_at_most_naturals: bool = False
    exact_contract_melds: bool = False
    same_suit_runs: SameSuitRuns = SameSuitRuns.APART
    # The fewest ranks between two runs of one suit that do not overlap: 1 keeps them from
    # touching (2-5 and 7-10), 0 lets them touch (7-10 and J-A), 2 asks for two missing ranks.
    same_suit_run_gap: int = 1
    aces: Aces = Aces.LOW_OR_HIGH
    extra_melds: bool = False  # melds beyond the contract may go down with it
    keep_card_to_discard: bool = False  # going down in a discard round leaves a card to discard
    # Scoring.
    cut_bonus: int = 0
    # Table play.
    buys_per_turn: int | None = None
    buy_penalty_cards: int = 1
    buy_precedence: BuyPrecedence = BuyPrecedence.NEAREST
    no_buying_once_down: bool = True
    next_player_takes_discard_free: bool = False
    down_player_takes_discard_only_to_play: bool = False
    layoff_on_going_down_turn: bool = True
    joker_swap: JokerSwap = JokerSwap.RUNS_ONLY
    swap_wilds: SwapWilds = SwapWilds.ANY_WILD
    # ``wilds_at_most_naturals`` judges the melds laid off on too, not only those laid down.
    wild_limit_on_layoffs: bool = True
    source: str = field(default="", compare=False)

    # --- derived facts -------------------------------------------------------------------

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def round(self, number: int) -> RoundSpec:
        """Round ``number`` (1-based), or a RuleSetError naming the valid range."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise RuleSetError(f"the round must be a whole number from 1 to {self.round_count}")
        if not 1 <= number <= self.round_count:
            raise RuleSetError(
                f"{self.name} has rounds 1 to {self.round_count}; there is no round {number}"
            )
        return self.rounds[number - 1]

    def min_naturals_for(self, kind: MeldKind) -> int:
        """The fewest natural cards in a meld of ``kind`` (0: wild cards alone make one)."""
        return self.set_min_naturals if kind == MeldKind.SET else self.run_min_naturals

    def allows_wild_only(self, kind: MeldKind) -> bool:
        """May wild cards alone make a meld of ``kind``? Only where it needs no natural card
        and wild cards may outnumber natural ones."""
        return self.min_naturals_for(kind) == 0 and not self.wilds_at_most_naturals

    @property
    def set_max_cards(self) -> int | None:
        """Sets of different suits hold at most one card per suit."""
        return 4 if self.set_distinct_suits else None

    @property
    def uses_jokers(self) -> bool:
        """Do the decks hold a joker for some number of players the rule set allows?
        (No jokers at all, or none per deck, leaves them out.)"""
        players = range(self.min_players, self.max_players + 1)
        return any(self.decks.jokers_for(n) > 0 for n in players)

    def describe_wilds(self) -> str:
        names = (["jokers"] if self.uses_jokers else []) + [r.noun for r in sorted(self.wild_ranks)]
        return " and ".join(names) + " are wild" if names else "no wild cards"

    def check_players(self, players: int) -> None:
        """Raise a RuleSetError unless ``players`` may play this rule set."""
        if not self.min_players <= players <= self.max_players:
            raise RuleSetError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )

    # --- variants --------------------------------------------------------------------------

    def with_options(self, options: Mapping[str, Any]) -> RuleSet:
        """A new rule set with house-rule overrides applied and validated.

        ``options`` maps names of :data:`OPTIONS` to values; unknown names, wrong types and
        impossible combinations are rejected with a RuleSetError saying why.
        """
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise RuleSetError("house-rule options must be given as name/value pairs")
        changes: dict[str, Any] = {}
        result = self
        for name, value in options.items():
            option = OPTIONS.get(name) if isinstance(name, str) else None
            if option is None:
                known = ", ".join(OPTIONS)
                raise RuleSetError(f'"{name}" is not a house-rule option; the options are {known}')
            result = option.apply(result, value)
            changes[name] = value
        validate(result)
        return result

    def options(self) -> dict[str, Any]:
        """The current value of every house-rule option, as JSON-friendly data."""
        return {name: option.read(self) for name, option in OPTIONS.items()}

    def as_dict(self) -> dict[str, Any]:
        """Everything a client needs to show this rule set, JSON-friendly."""
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "players": {"min": self.min_players, "max": self.max_players},
            "rounds": [
                {
                    "round": i,
                    "contract": r.contract.describe(),
                    "melds": [
                        {"kind": m.kind.value, "min_length": m.min_length} for m in r.contract.melds
                    ],
                    "min_cards": r.contract.min_cards,
                    "cards_dealt": r.cards_dealt,
                    "going_out": r.going_out.value,
                    "buy_limit": r.buy_limit,
                }
                for i, r in enumerate(self.rounds, start=1)
            ],
            "decks": {
                str(n): {"decks": self.decks.decks_for(n), "jokers": self.decks.jokers_for(n)}
                for n in range(self.min_players, self.max_players + 1)
            },
            "wilds": self.describe_wilds(),
            "point_table": self.point_table.as_dict(),
            "options": self.options(),
        }


# --- house-rule options ----------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A house rule a game may override: its name, its one-line doc and how to apply it."""

    name: str
    doc: str
    kind: str  # "bool", "int", "choice", "table", "ints"
    apply: Callable[[RuleSet, Any], RuleSet]
    read: Callable[[RuleSet], Any]
    choices: tuple[str, ...] = ()


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleSetError(f'"{name}" must be true or false, not {value!r}')
    return value


def _int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleSetError(f'"{name}" must be a whole number, not {value!r}')
    if not low <= value <= high:
        raise RuleSetError(f'"{name}" must be between {low} and {high}, not {value}')
    return value


def _choice(name: str, value: Any, enum: type[StrEnum]) -> Any:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise RuleSetError(f'"{name}" must be one of {allowed}, not {value!r}') from None


def _field(field_name: str, convert: Callable[[Any], Any]) -> Callable[[RuleSet, Any], RuleSet]:
    def apply(rules: RuleSet, value: Any) -> RuleSet:
        return dataclasses.replace(rules, **{field_name: convert(value)})

    return apply


def _apply_point_table(rules: RuleSet, value: Any) -> RuleSet:
    if isinstance(value, PointTable):
        return dataclasses.replace(rules, point_table=value)
    if isinstance(value, str):
        return dataclasses.replace(rules, point_table=get_point_table(value))
    if isinstance(value, Mapping):
        ranks = value.get("ranks")
        joker = value.get("joker")
        if not isinstance(ranks, Mapping) or isinstance(joker, bool) or not isinstance(joker, int):
            raise RuleSetError(
                'a custom point table is {"ranks": {"A": 15, "2": 5, ...}, "joker": 20}'
            )
        return dataclasses.replace(rules, point_table=PointTable.custom(ranks, joker))
    raise RuleSetError("the point table must be the name of a table or a custom table")


def _apply_cards_dealt(rules: RuleSet, value: Any) -> RuleSet:
    if isinstance(value, Sequence) and not isinstance(value, str):
        counts = [_int("cards_dealt", v, 1, MAX_CARDS_DEALT) for v in value]
        if len(counts) != rules.round_count:
            raise RuleSetError(
                f'"cards_dealt" needs one number per round ({rules.round_count}), not {len(counts)}'
            )
    else:
        counts = [_int("cards_dealt", value, 1, MAX_CARDS_DEALT)] * rules.round_count
    rounds = tuple(
        dataclasses.replace(r, cards_dealt=n) for r, n in zip(rules.rounds, counts, strict=True)
    )
    return dataclasses.replace(rules, rounds=rounds)


def _apply_buying(rules: RuleSet, value: Any) -> RuleSet:
    allowed = _bool("buying", value)
    if allowed == any(r.buying_allowed for r in rules.rounds):
        return rules
    limit = None if allowed else 0
    return dataclasses.replace(
        rules, rounds=tuple(dataclasses.replace(r, buy_limit=limit) for r in rules.rounds)
    )


def _apply_buy_limit(rules: RuleSet, value: Any) -> RuleSet:
    """Set the limit in every round that allows buying (a round without buying, like the
    family game's first, keeps none); in every round if none allows buying."""
    limit = None if value is None else _int("buy_limit", value, 0, 20)
    some = any(r.buying_allowed for r in rules.rounds)
    return dataclasses.replace(
        rules,
        rounds=tuple(
            dataclasses.replace(r, buy_limit=limit) if r.buying_allowed or not some else r
            for r in rules.rounds
        ),
    )


def _apply_deuces_wild(rules: RuleSet, value: Any) -> RuleSet:
    wild = _bool("deuces_wild", value)
    ranks = rules.wild_ranks | {Rank.TWO} if wild else rules.wild_ranks - {Rank.TWO}
    return dataclasses.replace(rules, wild_ranks=frozenset(ranks))


def _apply_jokers(rules: RuleSet, value: Any) -> RuleSet:
    count = _choice("jokers", value, JokerCount)
    return dataclasses.replace(rules, decks=dataclasses.replace(rules.decks, jokers=count))


def _read_buying(rules: RuleSet) -> bool:
    return any(r.buying_allowed for r in rules.rounds)


def _read_buy_limit(rules: RuleSet) -> int | None:
    limits = {r.buy_limit for r in rules.rounds if r.buying_allowed}
    return limits.pop() if len(limits) == 1 else None


def _optional_int(name: str, low: int, high: int) -> Callable[[Any], int | None]:
    return lambda v: None if v is None else _int(name, v, low, high)


OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option(
            "point_table",
            "Point table: a table's name, or a custom table.",
            "table",
            _apply_point_table,
            lambda r: r.point_table.id,
        ),
        Option(
            "cards_dealt",
            "Cards dealt to each player: one number, or one per round.",
            "ints",
            _apply_cards_dealt,
            lambda r: [x.cards_dealt for x in r.rounds],
        ),
        Option(
            "buying",
            'Players may buy the discard out of turn ("May I?").',
            "bool",
            _apply_buying,
            _read_buying,
        ),
        Option(
            "buy_limit",
            "Most cards one player may buy in a round (empty: no limit).",
            "int",
            _apply_buy_limit,
            _read_buy_limit,
        ),
        Option(
            "buys_per_turn",
            "Most buys between two turns (1 = single buy; empty: multiple buys).",
            "int",
            _field("buys_per_turn", _optional_int("buys_per_turn", 1, 8)),
            lambda r: r.buys_per_turn,
        ),
        Option(
            "buy_precedence",
            "Who gets a discard several players want to buy.",
            "choice",
            _field("buy_precedence", lambda v: _choice("buy_precedence", v, BuyPrecedence)),
            lambda r: r.buy_precedence.value,
            tuple(BuyPrecedence),
        ),
        Option(
            "deuces_wild",
            "Every 2 is wild too.",
            "bool",
            _apply_deuces_wild,
            lambda r: Rank.TWO in r.wild_ranks,
        ),
        Option(
            "jokers",
            "How many jokers are shuffled in.",
            "choice",
            _apply_jokers,
            lambda r: r.decks.jokers.value,
            tuple(JokerCount),
        ),
        Option(
            "exact_contract_melds",
            "Contract melds must be exactly 3 (sets) and 4 (runs) "
            "cards, except in an all-out round.",
            "bool",
            _field("exact_contract_melds", lambda v: _bool("exact_contract_melds", v)),
            lambda r: r.exact_contract_melds,
        ),
        Option(
            "set_min_naturals",
            "Fewest natural (non-wild) cards in a set (0: wild cards alone make a set).",
            "int",
            _field("set_min_naturals", lambda v: _int("set_min_naturals", v, 0, 4)),
            lambda r: r.set_min_naturals,
        ),
        Option(
            "run_min_naturals",
            "Fewest natural (non-wild) cards in a run (0: wild cards alone make a run).",
            "int",
            _field("run_min_naturals", lambda v: _int("run_min_naturals", v, 0, 13)),
            lambda r: r.run_min_naturals,
        ),
        Option(
            "set_distinct_suits",
            "The cards of a set must all be of different suits.",
            "bool",
            _field("set_distinct_suits", lambda v: _bool("set_distinct_suits", v)),
            lambda r: r.set_distinct_suits,
        ),
        Option(
            "wilds_at_most_naturals",
            "Wild cards may not outnumber natural cards in a meld.",
            "bool",
            _field("wilds_at_most_naturals", lambda v: _bool("wilds_at_most_naturals", v)),
            lambda r: r.wilds_at_most_naturals,
        ),
        Option(
            "same_suit_runs",
            "When two runs of one contract may share a suit.",
            "choice",
            _field("same_suit_runs", lambda v: _choice("same_suit_runs", v, SameSuitRuns)),
            lambda r: r.same_suit_runs.value,
            tuple(SameSuitRuns),
        ),
        Option(
            "same_suit_run_gap",
            "Fewest ranks between two runs of one suit that do not overlap (0: they may touch).",
            "int",
            _field("same_suit_run_gap", lambda v: _int("same_suit_run_gap", v, 0, 6)),
            lambda r: r.same_suit_run_gap,
        ),
        Option(
            "aces",
            "Where an ace may stand in a run: low or high, high only, or low only.",
            "choice",
            _field("aces", lambda v: _choice("aces", v, Aces)),
            lambda r: r.aces.value,
            tuple(Aces),
        ),
        Option(
            "wild_can_be_natural",
            "In deuces-wild games a 2 may stand for itself (otherwise every 2 is wild).",
            "bool",
            _field("wild_can_be_natural", lambda v: _bool("wild_can_be_natural", v)),
            lambda r: r.wild_can_be_natural,
        ),
        Option(
            "extra_melds",
            "Melds beyond the contract may go down with it.",
            "bool",
            _field("extra_melds", lambda v: _bool("extra_melds", v)),
            lambda r: r.extra_melds,
        ),
        Option(
            "keep_card_to_discard",
            "Going down in a round with a discard must leave at least one card to discard.",
            "bool",
            _field("keep_card_to_discard", lambda v: _bool("keep_card_to_discard", v)),
            lambda r: r.keep_card_to_discard,
        ),
        Option(
            "cut_bonus",
            "Points added to the cutter's score for an exact cut (usually -50; 0 for none).",
            "int",
            _field("cut_bonus", lambda v: _int("cut_bonus", v, -500, 0)),
            lambda r: r.cut_bonus,
        ),
        Option(
            "joker_swap",
            "Which jokers on the table may be taken by playing the natural card.",
            "choice",
            _field("joker_swap", lambda v: _choice("joker_swap", v, JokerSwap)),
            lambda r: r.joker_swap.value,
            tuple(JokerSwap),
        ),
        Option(
            "swap_wilds",
            "Which wild cards a joker swap may take back: every wild, or jokers only.",
            "choice",
            _field("swap_wilds", lambda v: _choice("swap_wilds", v, SwapWilds)),
            lambda r: r.swap_wilds.value,
            tuple(SwapWilds),
        ),
        Option(
            "wild_limit_on_layoffs",
            "Wilds may not outnumber naturals after a lay-off either (not only when going down).",
            "bool",
            _field("wild_limit_on_layoffs", lambda v: _bool("wild_limit_on_layoffs", v)),
            lambda r: r.wild_limit_on_layoffs,
        ),
        Option(
            "buy_penalty_cards",
            "Penalty cards drawn from the stock with each card bought.",
            "int",
            _field("buy_penalty_cards", lambda v: _int("buy_penalty_cards", v, 0, 3)),
            lambda r: r.buy_penalty_cards,
        ),
        Option(
            "no_buying_once_down",
            "A player who has gone down may not buy.",
            "bool",
            _field("no_buying_once_down", lambda v: _bool("no_buying_once_down", v)),
            lambda r: r.no_buying_once_down,
        ),
        Option(
            "next_player_takes_discard_free",
            "The player about to draw may take the discard without a penalty card.",
            "bool",
            _field(
                "next_player_takes_discard_free",
                lambda v: _bool("next_player_takes_discard_free", v),
            ),
            lambda r: r.next_player_takes_discard_free,
        ),
        Option(
            "down_player_takes_discard_only_to_play",
            "A player who is down takes the discard only to play it at once.",
            "bool",
            _field(
                "down_player_takes_discard_only_to_play",
                lambda v: _bool("down_player_takes_discard_only_to_play", v),
            ),
            lambda r: r.down_player_takes_discard_only_to_play,
        ),
        Option(
            "layoff_on_going_down_turn",
            "A player may lay off in the turn they go down.",
            "bool",
            _field("layoff_on_going_down_turn", lambda v: _bool("layoff_on_going_down_turn", v)),
            lambda r: r.layoff_on_going_down_turn,
        ),
        Option(
            "min_players",
            "Fewest players.",
            "int",
            _field("min_players", lambda v: _int("min_players", v, MIN_PLAYERS, MAX_PLAYERS)),
            lambda r: r.min_players,
        ),
        Option(
            "max_players",
            "Most players.",
            "int",
            _field("max_players", lambda v: _int("max_players", v, MIN_PLAYERS, MAX_PLAYERS)),
            lambda r: r.max_players,
        ),
    )
}


def validate(rules: RuleSet) -> None:
    """Raise a RuleSetError if the rule set cannot be played as it stands."""
    if not rules.rounds:
        raise RuleSetError("a game needs at least one round")
    if len(rules.rounds) > MAX_ROUNDS:
        raise RuleSetError(f"a game has at most {MAX_ROUNDS} rounds")
    if rules.min_players > rules.max_players:
        raise RuleSetError(
            f"the fewest players ({rules.min_players}) is more than the most ({rules.max_players})"
        )
    for number, spec in enumerate(rules.rounds, start=1):
        if not spec.contract.melds:
            raise RuleSetError(f"round {number} has an empty contract")
        for meld in spec.contract.melds:
            if meld.kind == MeldKind.SET:
                _check_set(rules, number, meld)
            else:
                _check_run(rules, number, meld)
        _check_cards_held(number, spec)
        runs = len(spec.contract.runs)
        if rules.same_suit_runs == SameSuitRuns.NEVER and runs > len(_SUITS):
            raise RuleSetError(
                f"round {number} asks for {runs} runs, but runs must be of different suits"
            )
    _check_same_suit_gap(rules)
    _check_decks(rules)
    check_limits(rules)  # what the referee can judge within its budget (limits.py)


def _check_same_suit_gap(rules: RuleSet) -> None:
    """A gap between runs of one suit means nothing when such runs are never allowed."""
    if rules.same_suit_runs == SameSuitRuns.NEVER and rules.same_suit_run_gap != 1:
        raise RuleSetError(
            "runs of one suit are never allowed here, so there is no gap between them to "
            'choose: leave "same_suit_run_gap" at 1, or let runs share a suit'
        )


def _check_set(rules: RuleSet, number: int, meld: MeldSpec) -> None:
    if meld.min_length < 2:
        raise RuleSetError(f"round {number}: a set needs at least 2 cards")
    if rules.set_max_cards is None:
        return
    if meld.min_length > rules.set_max_cards:
        raise RuleSetError(
            f"round {number} asks for a set of {meld.min_length}, but sets of "
            f"different suits hold at most {rules.set_max_cards} cards"
        )
    if rules.set_min_naturals > rules.set_max_cards:
        raise RuleSetError(
            f"sets of different suits hold at most {rules.set_max_cards} cards, "
            f"fewer than the {rules.set_min_naturals} natural cards asked for"
        )


def _check_run(rules: RuleSet, number: int, meld: MeldSpec) -> None:
    if not 2 <= meld.min_length <= MAX_RUN_LENGTH:
        raise RuleSetError(f"round {number}: a run has between 2 and {MAX_RUN_LENGTH} cards")
    if rules.run_min_naturals > MAX_RUN_LENGTH:
        raise RuleSetError(f"a run cannot hold more than {MAX_RUN_LENGTH} natural cards")


def _check_cards_held(number: int, spec: RoundSpec) -> None:
    """A player holds the cards dealt plus the card drawn, and two more for every buy
    (Liverpool's last round, 3 runs from 10 cards, can only be made after a buy)."""
    if spec.buy_limit is None:
        return
    contract = spec.contract
    if contract.min_cards > spec.cards_dealt + 1 + 2 * spec.buy_limit:
        held = f"the {spec.cards_dealt} dealt plus the card drawn"
        if spec.buy_limit:
            held += f" and {2 * spec.buy_limit} from buying"
        raise RuleSetError(
            f"round {number} ({contract.describe()}) needs at least {contract.min_cards} "
            f"cards, more than {held}"
        )


def _check_decks(rules: RuleSet) -> None:
    """Every player count the rule set allows has enough cards for the largest deal."""
    most_dealt = max(r.cards_dealt for r in rules.rounds)
    for players in range(rules.min_players, rules.max_players + 1):
        decks = rules.decks.decks_for(players)
        cards = decks * 52 + rules.decks.jokers_for(players)
        if players * most_dealt + 1 > cards:
            raise RuleSetError(
                f"{players} players with {most_dealt} cards each need more than the {cards} cards "
                f"of {decks} deck{'' if decks == 1 else 's'}"
            )


_SUITS = "SHDC"

# --- the presets of RULES.md ---------------------------------------------------------------

SEVEN_CONTRACTS = (
    Contract.of(sets=2),
    Contract.of(sets=1, runs=1),
    Contract.of(runs=2),
    Contract.of(sets=3),
    Contract.of(sets=2, runs=1),
    Contract.of(sets=1, runs=2),
    Contract.of(runs=3),
)


def seven_rounds(
    cards: Sequence[int], *, buy_limits: Sequence[int | None] | None = None
) -> tuple[RoundSpec, ...]:
    """The seven classic contracts, the last one all out."""
    limits = buy_limits or [None] * 7
    return tuple(
        RoundSpec(
            contract,
            cards_dealt=n,
            going_out=GoingOut.ALL_OUT if i == 6 else GoingOut.DISCARD,
            buy_limit=limit,
        )
        for i, (contract, n, limit) in enumerate(zip(SEVEN_CONTRACTS, cards, limits, strict=True))
    )


LIVERPOOL = RuleSet(
    id="liverpool",
    name="Liverpool Rummy",
    summary=(
        "Seven rounds of ten cards, from two sets up to three runs; in the last round you must "
        "go out with every card, no discard. Jokers are wild: a set needs two natural cards, a "
        "run three. Buy the discard out of turn with a penalty card (nearest player first), but "
        "not once you are down. Aces 15, jokers 20, 2-9 five, tens and faces ten. The cutter who "
        "cuts exactly the cards for the deal takes 50 points off."
    ),
    rounds=seven_rounds([10] * 7),
    decks=DeckRule(((5, 2), (MAX_PLAYERS, 3))),
    point_table=LIVERPOOL_POINTS,
    cut_bonus=-50,
    source="a web overview of Liverpool Rummy, its encyclopedia-style section",
)

LIVERPOOL_11 = dataclasses.replace(
    LIVERPOOL,
    id="liverpool-11",
    name="Liverpool Rummy, 11 cards",
    summary=(
        "The seven Liverpool contracts with eleven cards dealt every round; the last round is "
        "all out. Two decks and four jokers for up to four players, three decks and six jokers "
        "for more. Aces and jokers 15, faces 10, other cards their face value. No cut bonus."
    ),
    rounds=seven_rounds([11] * 7),
    decks=DeckRule(((4, 2), (MAX_PLAYERS, 3))),
    point_table=FACE_VALUE_POINTS,
    cut_bonus=0,
    source="a web overview of Liverpool Rummy, its description of an online game",
)

CONTRACT_RUMMY = RuleSet(
    id="contract-rummy",
    name="Contract Rummy",
    summary=(
        "Seven contracts, ten cards for rounds 1-4 and twelve for 5-7. Contract melds are "
        "exactly three or four cards (except in the last round, where every card goes down), and "
        "you may not lay off in the turn you go down. Jokers, one fewer than the players, are "
        "wild; a joker in a set is dead. One buy per turn with a penalty card. Jokers 25, aces "
        "15, faces 10, other cards face value."
    ),
    rounds=seven_rounds([10, 10, 10, 10, 12, 12, 12]),
    decks=DeckRule(((4, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.PLAYERS_MINUS_ONE),
    point_table=CONTRACT_RUMMY_POINTS,
    exact_contract_melds=True,
    buys_per_turn=1,
    layoff_on_going_down_turn=False,
    source="a family's Contract Rummy score sheet and its optional rules, published on the web",
)

DEUCES_SIX = RuleSet(
    id="deuces-six",
    name="Six-round Deuces Wild",
    summary=(
        "Six rounds of ten cards with 2s wild and no jokers. Sets are three or four cards of "
        "different suits. Round 5 ends with one card left to discard; in round 6 you go out "
        "with every card. Buy as many discards as you like. Aces and 2s 25, 3-9 five, tens and "
        "faces ten."
    ),
    rounds=(
        RoundSpec(Contract.of(sets=2), 10),
        RoundSpec(Contract.of(sets=1, runs=1), 10),
        RoundSpec(Contract.of(sets=3), 10),
        RoundSpec(Contract.of(sets=3), 10),
        RoundSpec(Contract.of(sets=2, runs=1), 10),
        RoundSpec(Contract.of(sets=1, runs=2), 10, GoingOut.ALL_OUT),
    ),
    decks=DeckRule(((5, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.NONE),
    point_table=DEUCES_SIX_POINTS,
    wild_ranks=frozenset({Rank.TWO}),
    set_distinct_suits=True,
    source="a web page describing a six-round Liverpool Rummy with the 2s wild",
)

FAMILY = RuleSet(
    id="family",
    name="Family Liverpool",
    summary=(
        "One family's house rules: seven contracts, ten cards for hands 1-4 and twelve for 5-7, "
        "three players or more. Sets and runs need only two natural cards, and two runs of one "
        "suit may overlap or be apart, but not touch. No buying in round 1; afterwards the next "
        "player takes the discard free and others buy with a penalty card. Aces and jokers 15, "
        "faces 10, other cards face value."
    ),
    rounds=seven_rounds(
        [10, 10, 10, 10, 12, 12, 12], buy_limits=[0, None, None, None, None, None, None]
    ),
    decks=DeckRule(((4, 2), (6, 3), (MAX_PLAYERS, 4))),
    point_table=FACE_VALUE_POINTS,
    min_players=3,
    run_min_naturals=2,
    same_suit_runs=SameSuitRuns.APART_OR_OVERLAPPING,
    next_player_takes_discard_free=True,
    down_player_takes_discard_only_to_play=True,
    joker_swap=JokerSwap.RUNS_AND_SET_THIRD,
    source="one family's house rules, from the blog post “The Rules of Liverpool”",
)


def _set_and_run(set_length: int, run_length: int, sets: int = 1) -> Contract:
    return Contract(
        (MeldSpec(MeldKind.SET, set_length),) * sets + (MeldSpec(MeldKind.RUN, run_length),)
    )


SHANGHAI = RuleSet(
    id="shanghai",
    name="Shanghai Rummy",
    summary=(
        "Ten rounds of eleven cards whose contracts grow to a run of ten and to three runs of "
        "five. Up to 3 buys a round (4 in rounds 9 and 10), each with a penalty card. Jokers, "
        "one fewer than the players, are wild, never more of them in a meld than natural cards. "
        "Every 2-10 left in hand scores 5, faces 10, aces and jokers 15. Source: “Shanghai "
        "Rummy”, Rummy Rule Book, https://www.rummyrulebook.com/pages/contract-shanghai/."
    ),
    rounds=tuple(
        RoundSpec(contract, 11, buy_limit=3 if number <= 8 else 4)
        for number, contract in enumerate(
            (
                Contract.of(sets=2),
                Contract.of(sets=1, runs=1),
                Contract.of(runs=2),
                Contract.of(sets=3),
                _set_and_run(3, 7),
                _set_and_run(3, 5, sets=2),
                Contract.of(runs=3),
                _set_and_run(3, 10),
                _set_and_run(3, 5, sets=3),
                Contract.of(runs=3, run_length=5),
            ),
            start=1,
        )
    ),
    decks=DeckRule(((4, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.PLAYERS_MINUS_ONE),
    point_table=SHANGHAI_POINTS,
    min_players=3,
    wilds_at_most_naturals=True,
    source="the Shanghai Rummy page of the Rummy Rule Book website (rummyrulebook.com)",
)

MAY_I = RuleSet(
    id="may-i",
    name="May I? (Onze)",
    summary=(
        "Seven contracts, eleven cards dealt (thirteen in the last round). Jokers and 2s are "
        "wild, and a meld never holds more wild cards than natural ones. Say “May I?” to take "
        "the discard out of turn with a penalty card, at most 3 times a round; the nearest "
        "player wins a tie. Jokers and 2s 25, aces 15, faces 10, other cards face value. "
        "Source: “Onze”, The Bear Knows Best, http://thebearknowsbest.com/onze/."
    ),
    rounds=tuple(
        RoundSpec(contract, 13 if number == 7 else 11, buy_limit=3)
        for number, contract in enumerate(SEVEN_CONTRACTS, start=1)
    ),
    decks=DeckRule(((5, 2), (MAX_PLAYERS, 3))),
    point_table=CONTRACT_RUMMY_DEUCES_POINTS,
    wild_ranks=frozenset({Rank.TWO}),
    run_min_naturals=2,
    wilds_at_most_naturals=True,
    source="the rules of Onze, a “May I?” game, on the family games blog The Bear Knows Best",
)

PRESETS: dict[str, RuleSet] = {
    r.id: r for r in (LIVERPOOL, LIVERPOOL_11, CONTRACT_RUMMY, DEUCES_SIX, FAMILY, SHANGHAI, MAY_I)
}


def get_preset(id: str) -> RuleSet:
    """The named preset, or a RuleSetError listing the known ones."""
    try:
        return PRESETS[id]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise RuleSetError(f'there is no rule set "{id}": choose one of {known}') from None


def build_rules(preset: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset with house-rule overrides, validated."""
    return get_preset(preset).with_options(options or {})


for _preset in PRESETS.values():
    validate(_preset)
