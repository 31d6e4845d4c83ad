"""Rule sets: every parameter of a contract-rummy game, as data.

Terms:

- A **contract** is the list of melds a player must lay down to "go down" in a round, each a
  kind (set or run) with its own minimum length: Liverpool's "2 sets and 1 run" is
  ``(set ≥3, set ≥3, run ≥4)``; Shanghai's "3 runs of 5" is three ``run ≥5``.
- A **round** is a contract, the cards dealt, how a player goes out (with a final discard,
  or **all out**: every card must go into the melds) and how many cards a player may buy.
- A **rule set** holds the rounds and every house rule with its default. Around it: the
  presets of RULES.md are instances (:mod:`.presets`); :func:`~.options.with_options` builds
  a validated variant from house-rule overrides (:mod:`.options`); :mod:`.validation` says
  whether one can be played. Nothing in the engine branches on a preset's id.

>>> from .presets import CONTRACT_RUMMY, LIVERPOOL
>>> LIVERPOOL.rounds[1].contract.describe()
'1 set and 1 run'
>>> LIVERPOOL.decks.decks_for(6), LIVERPOOL.decks.jokers_for(6)
(3, 6)
>>> CONTRACT_RUMMY.decks.jokers_for(5)
4
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import Rank
from .errors import RuleSetError
from .language import N_, _, and_list, in_language, ngettext
from .points import PointTable

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_RUN_LENGTH = 13  # aces high or low, never both: A..K or 2..A
MAX_CARDS_DEALT = 20
MAX_ROUNDS = 20


class MeldKind(StrEnum):
    """What a meld is: a set (cards of one rank), a run (consecutive cards, of one suit unless
    the rule set lets runs mix suits), a colour meld (cards of one colour, any ranks) or a
    flush (cards of one suit, any ranks)."""

    SET = "set"
    RUN = "run"
    COLOR = "color"
    FLUSH = "flush"

    @property
    def noun(self) -> str:
        """The kind as a person reads it: ``set``, ``run``, ``colour meld``, ``flush``."""
        return _KIND_NOUNS[self][0]

    @property
    def plural(self) -> str:
        """``sets``, ``runs``, ``colour melds``, ``flushes``."""
        return _KIND_NOUNS[self][1]

    @property
    def code_plural(self) -> str:
        """The plural in problem codes (``too-few-flushes``): ``sets``, ``colors``..."""
        return _KIND_NOUNS[self][2]

    def counted(self, count: int) -> str:
        """``1 set``, ``2 flushes``."""
        return f"{count} {self.noun if count == 1 else self.plural}"


# English here (the rule book's prose is written from these); :func:`kind_word` says a kind
# in the current language (the meld check's sentences).
_KIND_NOUNS = {
    MeldKind.SET: (N_("set"), N_("sets"), "sets"),
    MeldKind.RUN: (N_("run"), N_("runs"), "runs"),
    MeldKind.COLOR: (N_("colour meld"), N_("colour melds"), "colors"),
    MeldKind.FLUSH: (N_("flush"), N_("flushes"), "flushes"),
}


def kind_word(kind: MeldKind) -> str:
    """The kind in words, in the current language (``set``; Spanish ``trío``).

    >>> kind_word(MeldKind.RUN)
    'run'
    """
    return _(kind.noun)


# The kinds whose melds hold cards of any ranks: a colour meld, a flush.
ANY_RANK_KINDS = frozenset({MeldKind.COLOR, MeldKind.FLUSH})


_NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]


def number_word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


# The same words marked for the catalogues (a translation may write digits, where a word would
# have to agree with its noun: Spanish "un trío", "una escala").
_SAID_NUMBERS = [
    *(N_("one"), N_("two"), N_("three"), N_("four")),
    *(N_("five"), N_("six"), N_("seven"), N_("eight")),
]


def said_number(n: int) -> str:
    """``n`` as the referee says it, in the current language (``one``... ``eight``, then digits).

    >>> said_number(2), said_number(12)
    ('two', '12')
    """
    return _(_SAID_NUMBERS[n - 1]) if 1 <= n <= len(_SAID_NUMBERS) else str(n)


def counted_kind(kind: MeldKind, count: int) -> str:
    """``1 set``, ``2 flushes``, in the current language.

    >>> counted_kind(MeldKind.FLUSH, 2)
    '2 flushes'
    """
    return _COUNTED[kind](count).format(count=count)


_COUNTED_OF = {
    MeldKind.SET: lambda n: ngettext("{count} set of {length}", "{count} sets of {length}", n),
    MeldKind.RUN: lambda n: ngettext("{count} run of {length}", "{count} runs of {length}", n),
    MeldKind.COLOR: lambda n: ngettext(
        "{count} colour meld of {length}", "{count} colour melds of {length}", n
    ),
    MeldKind.FLUSH: lambda n: ngettext(
        "{count} flush of {length}", "{count} flushes of {length}", n
    ),
}
_COUNTED = {
    MeldKind.SET: lambda n: ngettext("{count} set", "{count} sets", n),
    MeldKind.RUN: lambda n: ngettext("{count} run", "{count} runs", n),
    MeldKind.COLOR: lambda n: ngettext("{count} colour meld", "{count} colour melds", n),
    MeldKind.FLUSH: lambda n: ngettext("{count} flush", "{count} flushes", n),
}


@dataclass(frozen=True)
class MeldSpec:
    """One meld a contract asks for: its kind and the fewest cards it may have."""

    kind: MeldKind
    min_length: int

    def describe(self) -> str:
        """``set``, ``run of 7``, ``flush of 7`` (a colour meld's or a flush's length is
        always named: neither has a usual one)."""
        if self.min_length == USUAL_LENGTH.get(self.kind):
            return self.kind.noun
        return f"{self.kind.noun} of {self.min_length}"


# The fewest cards of a meld of each kind when nothing else says: a contract meld names its
# own, and an extra meld is as long as the shortest of its kind the contract asks for.
DEFAULT_MIN_LENGTH = {MeldKind.SET: 3, MeldKind.RUN: 4, MeldKind.COLOR: 3, MeldKind.FLUSH: 3}
# The lengths a contract's description leaves unsaid ("2 sets and 1 run").
USUAL_LENGTH = {MeldKind.SET: 3, MeldKind.RUN: 4}
MAX_GROUP_LENGTH = 20  # the longest colour meld or flush a contract asks for: a whole deal


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

    def of_kind(self, kind: MeldKind) -> tuple[MeldSpec, ...]:
        return tuple(m for m in self.melds if m.kind == kind)

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        """The kinds the contract asks for, in the order of :class:`MeldKind`."""
        return tuple(k for k in MeldKind if any(m.kind == k for m in self.melds))

    @property
    def min_cards(self) -> int:
        return sum(m.min_length for m in self.melds)

    def describe(self, *, words: bool = False) -> str:
        """``"2 sets and 1 run"`` (or ``"Two sets and one run"`` with ``words``).

        Melds of a non-default length are named: ``"3 runs of 5"``, ``"1 flush of 7"``. In the
        current language (:mod:`.language`).
        """
        parts: list[str] = []
        for kind in MeldKind:
            lengths: dict[int, int] = {}
            for m in self.melds:
                if m.kind == kind:
                    lengths[m.min_length] = lengths.get(m.min_length, 0) + 1
            mixed = len(lengths) > 1  # "1 set of 5 and 1 set of 3": every length named
            for length, count in lengths.items():
                amount = said_number(count) if words else str(count)
                if length == USUAL_LENGTH.get(kind) and not mixed:
                    parts.append(_COUNTED[kind](count).format(count=amount))
                else:
                    pattern = _COUNTED_OF[kind](count)
                    parts.append(pattern.format(count=amount, length=length))
        text = and_list(parts)
        return text[:1].upper() + text[1:] if words else text

    def describe_with_count(self) -> str:
        """``"One set and one run — at least 7 cards"``."""
        return ngettext(
            "{contract} — at least {count} card",
            "{contract} — at least {count} cards",
            self.min_cards,
        ).format(contract=self.describe(words=True), count=self.min_cards)


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


class Progression(StrEnum):
    """How the players move through the contracts."""

    ROUNDS = "rounds"  # every player plays round N's contract in round N (Liverpool)
    PHASES = "phases"  # each player plays their own phase; a completed phase moves them up


class PhaseOrder(StrEnum):
    """In a phase game, the order in which a player completes the phases."""

    IN_ORDER = "in-order"  # one after another, as listed
    ANY = "any"  # any phase not yet completed (the player says which one they completed)


class JokerCount(StrEnum):
    """How many jokers are shuffled in."""

    PER_DECK = "per-deck"  # every deck's jokers (usually 2)
    PLAYERS_MINUS_ONE = "players-minus-one"  # one fewer than the number of players
    NONE = "none"
    BY_PLAYERS = "by-players"  # each row of the decks table gives its own count


@dataclass(frozen=True)
class DeckRule:
    """Decks and jokers as a function of the number of players.

    ``decks_by_players`` lists ``(most players, decks)`` in ascending order: ``((5, 2), (8, 3))``
    is 2 decks for up to 5 players, 3 for 6 to 8. With ``jokers`` ``by-players``,
    ``jokers_by_row`` gives each row's jokers (Kalooki: 2 decks and 4 jokers for 3-4
    players, 3 and 8 for 5-6, 4 and 10 for 7-8).
    """

    decks_by_players: tuple[tuple[int, int], ...]
    jokers: JokerCount = JokerCount.PER_DECK
    jokers_per_deck: int = 2
    jokers_by_row: tuple[int, ...] = ()

    def _row(self, players: int) -> int:
        for index, (most, _decks) in enumerate(self.decks_by_players):
            if players <= most:
                return index
        return len(self.decks_by_players) - 1

    def decks_for(self, players: int) -> int:
        return self.decks_by_players[self._row(players)][1]

    def jokers_for(self, players: int) -> int:
        if self.jokers == JokerCount.NONE:
            return 0
        if self.jokers == JokerCount.PLAYERS_MINUS_ONE:
            return max(players - 1, 0)
        if self.jokers == JokerCount.BY_PLAYERS:
            row = self._row(players)
            return self.jokers_by_row[row] if row < len(self.jokers_by_row) else 0
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
    WRAP = "wrap"  # anywhere: a run may turn the corner (Q K A 2 3), each rank once at most


class RunSuits(StrEnum):
    """Whether a run's cards share a suit."""

    SAME = "same"  # consecutive cards of one suit
    ANY = "any"  # consecutive ranks of any suits (phase games)


class SetRanks(StrEnum):
    """Whether the sets of one contract may share a rank."""

    ANY = "any"
    DIFFERENT = "different"  # two sets of one lay-down are of different ranks (Kalooki, Carioca)


class ExtraMeldKinds(StrEnum):
    """Which kinds of melds may go down beyond the contract (where extra melds may)."""

    ANY = "any"
    CONTRACT = "contract"  # only kinds the round's contract asks for


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

    Frozen: build a variant with :func:`~.options.with_options`.
    """

    id: str
    name: str  # in English, as every text here
    summary: str
    rounds: tuple[RoundSpec, ...]
    decks: DeckRule
    point_table: PointTable
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    # Progression: rounds (everyone plays the same contract) or phases (each player their own;
    # ``rounds`` are then the phases, in order).
    progression: Progression = Progression.ROUNDS
    phase_order: PhaseOrder = PhaseOrder.IN_ORDER
    # Wild cards. Jokers are always wild; ``wild_ranks`` adds ranks (2s in deuces games).
    wild_ranks: frozenset[Rank] = frozenset()
    wild_can_be_natural: bool = True
    # Melds.
    set_min_naturals: int = 2
    run_min_naturals: int = 3
    color_min_naturals: int = 1
    flush_min_naturals: int = 1
    set_distinct_suits: bool = False
    wilds_at_most_naturals: bool = False
    exact_contract_melds: bool = False
    same_suit_runs: SameSuitRuns = SameSuitRuns.APART
    # The fewest ranks between two runs of one suit that do not overlap: 1 keeps them from
    # touching (2-5 and 7-10), 0 lets them touch (7-10 and J-A), 2 asks for two missing ranks.
    same_suit_run_gap: int = 1
    aces: Aces = Aces.LOW_OR_HIGH
    run_suits: RunSuits = RunSuits.SAME
    # A rank that is always wild has no place in a run (2s always wild: runs go 3 to A).
    runs_without_wild_rank: bool = False
    set_ranks: SetRanks = SetRanks.ANY
    # Going down: at most this many wild cards in one meld (None: no cap).
    wilds_per_meld: int | None = None
    adjacent_wilds: bool = True  # two wild cards may stand side by side in a run
    extra_melds: bool = False  # melds beyond the contract may go down with it
    extra_meld_kinds: ExtraMeldKinds = ExtraMeldKinds.ANY
    keep_card_to_discard: bool = False  # going down in a discard round leaves a card to discard
    # Scoring.
    cut_bonus: int = 0
    # Added to the score of a player who goes down and out in one turn (Continental -10).
    one_turn_bonus: int = 0
    # Added to a player's score for each card they bought (Perla's Carioca: +2 a steal).
    buy_points: int = 0
    # The jokers are dealt as Skip cards: never wild, never melded, scored as the point
    # table's joker (Phase 10 with a standard deck: 15).
    jokers_as_skips: bool = False
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
    # The name and summary in other languages, as (language code, text) pairs in code order
    # (a document's "names" and "summaries"). Not compared: the same rules by other words
    # are the same rules (a sheet cached for one serves the other).
    names: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    summaries: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    # ``wilds_at_most_naturals`` judges the melds laid off on too, not only those laid down.
    wild_limit_on_layoffs: bool = True
    source: str = field(default="", compare=False)

    # --- derived facts -------------------------------------------------------------------

    @property
    def local_name(self) -> str:
        """The name in the current language (the English ``name`` when it has none)."""
        return in_language(self.names, self.name)

    @property
    def local_summary(self) -> str:
        """The summary in the current language (the English ``summary`` when it has none)."""
        return in_language(self.summaries, self.summary)

    @property
    def phased(self) -> bool:
        """Whether each player plays their own phase (``rounds`` are the phases)."""
        return self.progression == Progression.PHASES

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def round(self, number: int) -> RoundSpec:
        """Round ``number`` (1-based; in a phase game, phase ``number``), or a RuleSetError
        naming the valid range."""
        if isinstance(number, bool) or not isinstance(number, int):
            if self.phased:
                raise RuleSetError(
                    _("the phase must be a whole number from 1 to {count}").format(
                        count=self.round_count
                    )
                )
            raise RuleSetError(
                _("the round must be a whole number from 1 to {count}").format(
                    count=self.round_count
                )
            )
        if not 1 <= number <= self.round_count:
            if self.phased:
                raise RuleSetError(
                    _("{name} has phases 1 to {count}; there is no phase {number}").format(
                        name=self.local_name, count=self.round_count, number=number
                    )
                )
            raise RuleSetError(
                _("{name} has rounds 1 to {count}; there is no round {number}").format(
                    name=self.local_name, count=self.round_count, number=number
                )
            )
        return self.rounds[number - 1]

    def min_naturals_for(self, kind: MeldKind) -> int:
        """The fewest natural cards in a meld of ``kind`` (0: wild cards alone make one)."""
        return {
            MeldKind.SET: self.set_min_naturals,
            MeldKind.RUN: self.run_min_naturals,
            MeldKind.COLOR: self.color_min_naturals,
            MeldKind.FLUSH: self.flush_min_naturals,
        }[kind]

    def usual_length(self, kind: MeldKind) -> int:
        """The fewest cards of a meld of ``kind`` where no contract meld says otherwise: a set
        3, a run 4; a colour meld or a flush as few as the shortest one a round asks for (3
        where none does): in the ten-phase game a flush is 7 cards.

        >>> from .presets import TEN_PHASE
        >>> TEN_PHASE.usual_length(MeldKind.FLUSH), TEN_PHASE.usual_length(MeldKind.SET)
        (7, 3)
        """
        if kind in USUAL_LENGTH:
            return USUAL_LENGTH[kind]
        asked = [m.min_length for spec in self.rounds for m in spec.contract.of_kind(kind)]
        return min(asked, default=DEFAULT_MIN_LENGTH[kind])

    @property
    def meld_kinds(self) -> tuple[MeldKind, ...]:
        """The kinds of melds in play: sets and runs always, and a colour meld or a flush
        where some round's contract asks for one (in the order of :class:`MeldKind`)."""
        asked = {m.kind for spec in self.rounds for m in spec.contract.melds}
        return tuple(k for k in MeldKind if k in (MeldKind.SET, MeldKind.RUN) or k in asked)

    @property
    def always_wild_ranks(self) -> frozenset[Rank]:
        """The wild ranks that never stand for themselves."""
        return frozenset() if self.wild_can_be_natural else self.wild_ranks

    @property
    def run_holes(self) -> frozenset[Rank]:
        """The ranks a run has no place for (``runs_without_wild_rank``)."""
        return self.always_wild_ranks if self.runs_without_wild_rank else frozenset()

    @property
    def longest_run(self) -> int:
        """The most cards a run may hold: 13 (each rank once), fewer where the aces' places
        or ranks without a place in a run cut the line of ranks short.

        >>> import dataclasses
        >>> from .presets import LIVERPOOL
        >>> kings = dataclasses.replace(LIVERPOOL, wild_ranks=frozenset({Rank.KING}),
        ...     wild_can_be_natural=False, runs_without_wild_rank=True)
        >>> kings.longest_run, dataclasses.replace(kings, aces=Aces.LOW_ONLY).longest_run
        (12, 12)
        >>> dataclasses.replace(kings, aces=Aces.HIGH_ONLY).longest_run
        11
        """
        holes = {int(rank) for rank in self.run_holes}
        if self.aces == Aces.WRAP:
            if not holes:
                return MAX_RUN_LENGTH
            ordered = sorted(holes)
            after = [*ordered[1:], ordered[0] + 13]
            gaps = [b - a - 1 for a, b in zip(ordered, after, strict=True)]
            return max(gaps)
        lowest = 2 if self.aces == Aces.HIGH_ONLY else 1
        highest = 13 if self.aces == Aces.LOW_ONLY else 14
        longest = length = 0
        for position in range(lowest, highest + 1):
            rank = 1 if position == 14 else position
            length = 0 if rank in holes else length + 1
            longest = max(longest, length)
        return min(longest, MAX_RUN_LENGTH)

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
        """``jokers and twos are wild``, ``no wild cards``, in the current language."""
        names = [_("jokers")] if self.uses_jokers else []
        names += [r.noun for r in sorted(self.wild_ranks)]
        return _("{cards} are wild").format(cards=and_list(names)) if names else _("no wild cards")

    def check_players(self, players: int) -> None:
        """Raise a RuleSetError unless ``players`` may play this rule set."""
        if not self.min_players <= players <= self.max_players:
            raise RuleSetError(
                _("{name} is for {least} to {most} players, not {count}").format(
                    name=self.local_name,
                    least=self.min_players,
                    most=self.max_players,
                    count=players,
                )
            )
