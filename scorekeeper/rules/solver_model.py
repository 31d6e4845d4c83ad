"""The contract solver's view of a hand and of the rules: counts, not cards.

Terms:

- A **cell** is one card face, a rank and a suit: ``cell(rank, suit) = (rank - 1) * 4 + suit``,
  so cells go rank by rank (all aces, then all 2s, ...). A hand is a count per cell of its
  **natural** cards (cards that may stand for themselves) and a count of cards that are
  **always wild** (jokers, and wild-rank cards when a 2 may not stand for itself).
- A **dual** cell holds wild-rank cards that may also stand for themselves (the 2s of a
  deuces-wild game): the search decides for each such card whether it is natural or wild.
- Run **positions** are 1 (the low ace) to 14 (the high ace); :attr:`SearchRules.lowest`
  and :attr:`SearchRules.highest` say which ends the rule set allows.

>>> from .cards import parse_cards
>>> from .presets import DEUCES_SIX
>>> counts = HandCounts.of(parse_cards("7H 2H JK"), DEUCES_SIX)
>>> counts.naturals[cell(7, 1)], counts.naturals[cell(2, 1)], counts.wilds, counts.dual
(1, 1, 1, (5,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Rank, Suit
from .rulesets import (
    Aces,
    ExtraMeldKinds,
    MeldKind,
    MeldSpec,
    RuleSet,
    RunSuits,
    SameSuitRuns,
    SetRanks,
)

SUITS: tuple[Suit, ...] = tuple(Suit)
CELLS = 52
LOW_ACE = 1
HIGH_ACE = 14
MAX_RUN = 13
SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
UNBOUNDED = 1 << 10  # "any number of wilds": more than any hand holds


def cell(rank: int, suit: int) -> int:
    """The cell of a rank (1..13) and a suit index (0..3)."""
    return (rank - 1) * 4 + suit


def rank_of(position: int) -> int:
    """The rank at a run position: 14, the high ace, is rank 1."""
    return 1 if position == HIGH_ACE else position


def card_at(position: int, suit: int) -> Card:
    return Card(Rank(rank_of(position)), SUITS[suit])


@dataclass(frozen=True)
class SearchRules:
    """Everything the search needs to know about the rule set and the round."""

    slots: tuple[MeldSpec, ...]  # the contract's melds, in contract order
    set_min_naturals: int
    run_min_naturals: int
    wilds_at_most_naturals: bool
    set_max: int  # most cards in a set (4 when suits must differ)
    lowest: int  # lowest run position: 1 if an ace may be low
    highest: int  # highest run position: 14 if an ace may be high
    same_suit: SameSuitRuns
    gap: int  # fewest ranks between two runs of one suit that do not overlap
    exact: bool  # contract melds exactly their minimum length
    all_out: bool
    extra_melds: bool
    keep_discard: bool  # a discard round must leave a card to discard
    extra_length: tuple[int, int]  # fewest cards of an extra (set, run)
    # Issue 24's kinds and house rules (the defaults keep the search as it was).
    extras: tuple[tuple[MeldKind, int], ...] = ()  # all out: the extra melds' kinds, fewest cards
    group_min_naturals: tuple[int, int] = (1, 1)  # colour meld, flush
    wild_cap: int = UNBOUNDED  # most wilds in one meld (``wilds_per_meld``)
    sets_differ: bool = False  # the sets of a lay-down are of different ranks
    any_suit: bool = False  # runs of any suits
    wrap: bool = False  # runs may turn the corner (each rank once)
    holes: frozenset[int] = frozenset()  # ranks with no place in a run
    adjacent_wilds: bool = True  # two wilds may stand side by side in a run
    line_runs: bool = False  # runs are made by :mod:`.group_choices` (any new run rule)
    # No meld cares which suit a card is of (runs of any suits, sets that may repeat suits,
    # no colour meld or flush, no dual cards): of one rank, the search takes the lowest.
    suit_blind: bool = False

    @property
    def plain(self) -> bool:
        """Whether the round's melds are sets and runs of one suit on the line of 14 places:
        the rule sets the prunings other than ``card-count`` and ``memo`` were shown sound
        for. Sets of different ranks and a cap of wilds per meld only forbid ways a pruning
        counts as open (each pruning is a bound that holds without them, so with them too);
        colour melds, flushes and runs on another line (:attr:`line_runs`) are not counted
        by them at all."""
        kinds = {spec.kind for spec in self.slots} | {kind for kind, _ in self.extras}
        return kinds <= {MeldKind.SET, MeldKind.RUN} and not self.line_runs

    @classmethod
    def of(cls, rules: RuleSet, round_number: int) -> SearchRules:
        spec = rules.round(round_number)
        melds = spec.contract.melds
        extras = _extras(rules, round_number)
        kinds = [m.kind for m in melds] + [kind for kind, _ in extras]
        return cls(
            slots=melds,
            set_min_naturals=rules.set_min_naturals,
            run_min_naturals=rules.run_min_naturals,
            wilds_at_most_naturals=rules.wilds_at_most_naturals,
            set_max=rules.set_max_cards or UNBOUNDED,
            lowest=2 if rules.aces == Aces.HIGH_ONLY else LOW_ACE,
            highest=13 if rules.aces == Aces.LOW_ONLY else HIGH_ACE,
            same_suit=rules.same_suit_runs,
            gap=rules.same_suit_run_gap,
            exact=rules.exact_contract_melds and not spec.all_out,
            all_out=spec.all_out,
            extra_melds=rules.extra_melds,
            keep_discard=rules.keep_card_to_discard and not spec.all_out,
            extra_length=(
                _shortest(rules, melds, MeldKind.SET),
                _shortest(rules, melds, MeldKind.RUN),
            ),
            extras=extras,
            group_min_naturals=(rules.color_min_naturals, rules.flush_min_naturals),
            wild_cap=UNBOUNDED if rules.wilds_per_meld is None else rules.wilds_per_meld,
            sets_differ=rules.set_ranks == SetRanks.DIFFERENT
            and (kinds.count(MeldKind.SET) > 1 or bool(extras)),
            any_suit=rules.run_suits == RunSuits.ANY,
            wrap=rules.aces == Aces.WRAP,
            holes=frozenset(int(r) for r in rules.run_holes),
            adjacent_wilds=rules.adjacent_wilds,
            line_runs=MeldKind.RUN in kinds and _runs_off_the_line(rules),
            suit_blind=_suit_blind(rules, kinds),
        )

    def min_naturals(self, kind: MeldKind) -> int:
        # (Asked per card at a node by the bounds: a chain of tests, not a dict made per call.)
        if kind == MeldKind.SET:
            return self.set_min_naturals
        if kind == MeldKind.RUN:
            return self.run_min_naturals
        return self.group_min_naturals[0 if kind == MeldKind.COLOR else 1]

    def wild_room(self, kind: MeldKind, naturals: int, length: int) -> int:
        """How many more wilds a meld of ``naturals`` natural cards and ``length`` cards may
        take (negative: it already holds too many)."""
        most = UNBOUNDED
        if self.wilds_at_most_naturals:
            most = naturals - (length - naturals)
        top = self.set_max if kind == MeldKind.SET else MAX_RUN
        if kind in (MeldKind.COLOR, MeldKind.FLUSH):
            top = UNBOUNDED
        return min(most, top - length, self.wild_cap - (length - naturals))

    def runs_fit(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """May two runs of one suit, at positions ``a`` and ``b`` (low, high), both go down?

        >>> from .presets import LIVERPOOL
        >>> rules = SearchRules.of(LIVERPOOL, 3)
        >>> rules.runs_fit((2, 5), (7, 10)), rules.runs_fit((2, 5), (6, 9))
        (True, False)
        """
        if self.same_suit == SameSuitRuns.NEVER:
            return False
        (_, ahi), (blo, _) = sorted((a, b))
        if blo <= ahi:
            return self.same_suit == SameSuitRuns.APART_OR_OVERLAPPING
        return blo - ahi - 1 >= self.gap


def _shortest(rules: RuleSet, melds: Sequence[MeldSpec], kind: MeldKind) -> int:
    """The fewest cards of an extra meld of ``kind``: as long as the shortest contract meld
    of its kind, or the usual fewest cards when that is shorter (what the contract referee
    accepts)."""
    return min([m.min_length for m in melds if m.kind == kind] + [rules.usual_length(kind)])


def _extras(rules: RuleSet, round_number: int) -> tuple[tuple[MeldKind, int], ...]:
    """All out with extra melds: the kinds an extra meld may be of, each with its fewest
    cards (none in other rounds)."""
    spec = rules.round(round_number)
    if not (rules.extra_melds and spec.all_out):
        return ()
    melds = spec.contract.melds
    contract_only = rules.extra_meld_kinds == ExtraMeldKinds.CONTRACT
    kinds = spec.contract.kinds if contract_only else rules.meld_kinds
    return tuple((kind, _shortest(rules, melds, kind)) for kind in MeldKind if kind in kinds)


def _runs_off_the_line(rules: RuleSet) -> bool:
    """Whether a run rule takes runs off the line of one suit and 14 places (any suits,
    wrapping, holes, wilds kept apart or capped): such runs are made by
    :mod:`.group_choices`."""
    return (
        rules.run_suits == RunSuits.ANY
        or rules.aces == Aces.WRAP
        or bool(rules.run_holes)
        or not rules.adjacent_wilds
        or rules.wilds_per_meld is not None
    )


def _suit_blind(rules: RuleSet, kinds: Sequence[MeldKind]) -> bool:
    """Whether no meld cares which suit a card is of: runs of any suits, sets that may
    repeat suits, no colour meld or flush, no dual cards."""
    return (
        rules.run_suits == RunSuits.ANY
        and rules.set_max_cards is None
        and not (rules.wild_ranks and rules.wild_can_be_natural)
        and set(kinds) <= {MeldKind.SET, MeldKind.RUN}
    )


@dataclass(frozen=True)
class HandCounts:
    """A hand as counts: natural cards per cell, always-wild cards, and the dual cells."""

    naturals: tuple[int, ...]
    wilds: int
    dual: tuple[int, ...]  # cells whose cards may be natural or wild

    @classmethod
    def of(cls, cards: Sequence[Card], rules: RuleSet) -> HandCounts:
        naturals = [0] * CELLS
        wilds = 0
        dual: set[int] = set()
        for card in cards:
            if card.rank is None or card.suit is None:
                wilds += 1
                continue
            at = cell(int(card.rank), SUIT_INDEX[card.suit])
            if card.rank not in rules.wild_ranks:
                naturals[at] += 1
            elif rules.wild_can_be_natural:
                naturals[at] += 1
                dual.add(at)
            else:
                wilds += 1
        return cls(tuple(naturals), wilds, tuple(sorted(dual)))

    @property
    def size(self) -> int:
        return sum(self.naturals) + self.wilds
