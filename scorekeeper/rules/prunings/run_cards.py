"""Pruning ``run-cards``: all out, the runs still to make have the cards they need.

In an all-out round where only runs are left to make, every natural card not yet decided
goes into one of them, a run of its suit (a dual card may turn wild instead), and an ace
kept high goes at the top of one. So the open runs are shared out among the suits, each
suit with a card to place getting one run at least, and for each suit and each number of
runs it could get there is a fewest number of cards those runs hold between them:

- runs of a suit that may overlap (:func:`fewest_run_cards`): a card with ``k`` copies is
  in ``k`` of them, and a run is a stretch of positions that closes and never opens again;
- runs of a suit that may not (:func:`fewest_apart_cards`): no card twice (an ace once low
  and once high), each run at least its length, a gap between two.

The fewest over every way of sharing the runs out (:func:`.run_room.fewest_in_all`) must
not exceed the cards left, natural and wild. With one set still to make as well, the set
takes the cards of one rank (one of each suit at most, when suits must differ) and at least
its length in cards, and the runs the rest: the fewest over the ranks it could be of. Sound
for all-out rounds of sets and runs without extra melds (an extra meld could take any
card).

Family round 7, three runs that may overlap, all out, thirty cards: three ``2♠`` and three
``J♠`` put three runs over ``2♠``-``J♠``, thirty cards, with no room for the rest. And six
jokers with twenty-four spades and clubs: the clubs need a run of 12 cards (2 to K), and the
spades (two aces, two 3s, two 9s) two runs of 21 cards between them: 33 cards in all.

>>> from ..cards import parse_cards
>>> from ..presets import FAMILY
>>> from ..search_state import SearchState
>>> def root(hand):
...     return SearchState.of(FAMILY, 7, parse_cards(hand)).node(0)
>>> runs_have_cards(root("2S 2S 2S JS JS JS JK JK JK JK JK JK 3S 4S 5S 6S 7S 8S 9S 10S"))
False
>>> runs_have_cards(root("2S 2S 2S 3S 3S 3S 4S 4S 4S 5S 5S 5S"))
True
>>> spades = "AS AS 2S 3S 3S 4S 6S 7S 8S 9S 9S 10S JS KS"
>>> clubs = "2C 4C 6C 7C 8C 9C 10C JC QC KC"
>>> runs_have_cards(root(f"JK JK JK JK JK JK {spades} {clubs}"))
False

Six-round Deuces Wild, round 6 (a set and two runs, all out): whichever rank the set is of,
the clubs (ace to 6, 8 to 10) and the spades (3 to 7) need more cards than the hand holds.
A second 2 (a wild) is the card missing.

>>> from ..presets import DEUCES_SIX
>>> def deuces(hand):
...     return SearchState.of(DEUCES_SIX, 6, parse_cards(hand)).node(0)
>>> hand = "AC 3C 4C 5C 6C 8C 9C 10C 3S 4S 5S 6S 7S 7D 7H 2D"
>>> runs_have_cards(deuces(hand)), runs_have_cards(deuces(hand + " 2H"))
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node, SearchState
from ..solver_model import CELLS, HIGH_ACE, LOW_ACE, MAX_RUN, UNBOUNDED, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands
from .run_room import fewest_in_all


class RunShape(NamedTuple):
    """What the rules say of the runs of one suit, for :func:`suit_costs`."""

    length: int  # the fewest cards of a run still to make
    bare: bool  # a run may hold no natural card
    overlap: bool  # runs of a suit may overlap
    alone: bool  # one run a suit at most
    gap: int  # fewest positions between two runs of a suit that do not overlap
    lowest: int
    highest: int


def fewest_run_cards(copies: Sequence[int], runs: int) -> list[int]:
    """The fewest cards 0, 1, ... ``runs`` runs of one suit hold between them when position
    ``p`` (an index of ``copies``, 1-14) must be in at least ``copies[p]`` of them.

    Walking up the positions, the number of runs open at each one is at least the copies
    there, and a run that closes cannot open again: a run more for each rise. With as many
    runs as rises, every position holds just its copies. With fewer, valleys fill up: each
    card more at the bottom of a valley (a stretch lower than both its sides) saves a rise,
    and costs the valley's width. A valley only widens as it fills (and as it meets
    another), so the narrowest valley first gives the fewest cards for every number of
    runs.

    >>> two_and_jack = tuple(3 if p in (2, 11) else 0 for p in range(15))
    >>> fewest_run_cards(two_and_jack, 4)  # 3 runs from 2 to J; with a 4th, 2-J twice
    [1024, 1024, 1024, 30, 22]
    >>> fewest_run_cards((0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0), 2)
    [1024, 6, 4]
    """
    level = [*copies, 0]  # runs open at each position, and none past the last
    most, cards = max(level), sum(level)
    rises = sum(max(0, b - a) for a, b in pairwise(level))
    out = [UNBOUNDED] * (runs + 1)
    while True:
        for k in range(max(rises, most), runs + 1):
            out[k] = min(out[k], cards)
        valley = _narrowest_valley(level) if rises > most else None
        if valley is None:
            return out
        low, high = valley
        for p in range(low, high + 1):
            level[p] += 1
        cards += high - low + 1
        rises -= 1


def _narrowest_valley(level: Sequence[int]) -> tuple[int, int] | None:
    """The narrowest stretch of equal levels lower than both its sides (first and last
    position), if any."""
    best: tuple[int, int] | None = None
    p = 1
    while p < len(level) - 1:
        end = p
        while end + 1 < len(level) - 1 and level[end + 1] == level[p]:
            end += 1
        walled = level[p - 1] > level[p] < level[end + 1]
        if walled and (best is None or end - p < best[1] - best[0]):
            best = (p, end)
        p = end + 1
    return best


def fewest_apart_cards(copies: Sequence[int], runs: int, length: int, gap: int) -> list[int]:
    """The fewest cards 0, 1, ... ``runs`` runs of one suit that do not overlap hold between
    them, each at least ``length`` long and ``gap`` positions from the next, when they take
    the positions of ``copies`` (1-14) holding a card: no position twice.

    >>> spades = tuple(1 if p in (3, 4, 6, 10, 11) else 0 for p in range(15))
    >>> fewest_apart_cards(spades, 2, 4, 1)  # 3-J in one run, or 3-6 and 10-K
    [1024, 9, 8]
    """
    if max(copies) > 1:
        return [UNBOUNDED] * (runs + 1)
    held = [p for p, n in enumerate(copies) if n]
    # best[i][k]: the fewest cards of k runs taking the first i positions held.
    best = [[0] + [UNBOUNDED] * runs] + [[UNBOUNDED] * (runs + 1) for _ in held]
    for end in range(1, len(held) + 1):
        for start in range(end):
            span = held[end - 1] - held[start] + 1
            apart = start == 0 or held[start] - held[start - 1] - 1 >= gap
            if span > MAX_RUN or not apart:
                continue
            for k in range(1, runs + 1):
                best[end][k] = min(best[end][k], best[start][k - 1] + max(span, length))
    return [min(best[-1][: k + 1]) for k in range(runs + 1)]


def suit_costs(
    middle: tuple[int, ...], aces: int, high: int, runs: int, shape: RunShape
) -> tuple[int, ...]:
    """The fewest cards 0, 1, ... ``runs`` runs of one suit hold between them when they take
    its cards: ``middle`` per rank from 2 to king, ``aces`` not yet decided (low or high)
    and ``high`` kept high (``UNBOUNDED``: that many runs cannot).

    >>> shape = RunShape(4, False, True, False, 1, 1, 14)
    >>> suit_costs((3,) + (0,) * 8 + (3, 0, 0), 0, 0, 3, shape)  # three 2s, three Js
    (1024, 1024, 1024, 30)
    """
    if not (any(middle) or aces or high):
        bare = [k * shape.length if shape.bare else UNBOUNDED for k in range(1, runs + 1)]
        return (0, *(UNBOUNDED if shape.alone and k > 1 else c for k, c in enumerate(bare, 1)))
    out = [UNBOUNDED] * (runs + 1)
    for low in _low_ace_counts(shape, aces):
        copies = (0, low, *middle, high + aces - low)
        if shape.overlap:
            stacked = fewest_run_cards(copies, runs)
            for k in range(1, runs + 1):
                out[k] = min(out[k], max(stacked[k], k * shape.length))
        else:
            apart = fewest_apart_cards(copies, 1 if shape.alone else runs, shape.length, shape.gap)
            for k in range(1, len(apart)):
                out[k] = min(out[k], apart[k])
    return tuple(out)


def _low_ace_counts(shape: RunShape, aces: int) -> range:
    """How many of ``aces`` undecided aces may stand low (the others high)."""
    if shape.highest < HIGH_ACE:
        return range(aces, aces + 1)
    return range(aces + 1) if shape.lowest == LOW_ACE else range(1)


def runs_have_cards(node: Node) -> bool:
    """Whether the cards left could fill the melds still to make: runs only, shared out
    among the suits, or runs and one set, which takes the cards of one rank (at most one
    of each suit when suits must differ) and leaves the rest to the runs: the fewest over
    the ranks it could be of."""
    state = node.state
    runs, length = state.open_runs()
    sets = state.to_make - runs
    if not runs or sets > 1:
        return True
    shape = _shape(state.rules, length)
    cards = sum(state.naturals) + sum(state.high_aces) + state.pool - state.committed
    suits = [_suit_cards(state, suit) for suit in range(4)]
    per_suit = [suit_costs(*suit, runs, shape) for suit in suits]
    if not sets:
        return fewest_in_all(per_suit, runs) <= cards
    set_length = min(
        s.min_length for j, s in enumerate(state.specs) if s.kind == MeldKind.SET and state.open[j]
    )
    fewest = UNBOUNDED
    for rank, taken in _set_ranks(state, set_length):
        less = list(per_suit)  # only the suits the set takes a card of change
        for suit, count in enumerate(taken):
            if count:
                less[suit] = suit_costs(*_without(suits[suit], rank, count), runs, shape)
        fewest = min(fewest, fewest_in_all(less, runs))
    return set_length + fewest <= cards


SuitCards = tuple[tuple[int, ...], int, int]  # a suit's cards: per rank 2-K, aces, high aces


def _suit_cards(state: SearchState, suit: int) -> SuitCards:
    """The cards of ``suit`` the runs must take (every cell below the lowest undecided one
    is empty; a dual card may turn wild)."""
    middle = state.naturals[4 + suit : CELLS : 4]
    aces = state.naturals[suit]
    for c in state.hand.dual:
        if c & 3 == suit:
            if c < 4:
                aces = 0
            else:
                middle[c // 4 - 1] = 0
    return tuple(middle), aces, state.high_aces[suit]


def _set_ranks(state: SearchState, length: int) -> list[tuple[int, tuple[int, ...]]]:
    """The ranks the set still to make could be of, each with the cards of each suit it
    would take at most (a rank of no card: a set of wilds only)."""
    rules = state.rules
    least = rules.set_min_naturals
    if rules.wilds_at_most_naturals:
        least = max(least, (length + 1) // 2)
    distinct = rules.set_max <= 4
    out: list[tuple[int, tuple[int, ...]]] = [(0, (0, 0, 0, 0))] if least == 0 else []
    for rank in range(1, 14):
        if state.ranks[rank] < max(least, 1):
            continue
        counts = state.naturals[(rank - 1) * 4 : rank * 4]
        taken = tuple([1 if n else 0 for n in counts]) if distinct else tuple(counts)
        if sum(taken) >= least:
            out.append((rank, taken))
    return out


def _without(cards: SuitCards, rank: int, count: int) -> SuitCards:
    """A suit's cards less ``count`` cards of ``rank`` (none of no rank: a set of wilds)."""
    middle, aces, high = cards
    if rank == 1:
        return middle, max(0, aces - count), high
    if rank == 0:
        return cards
    less = list(middle)
    less[rank - 2] = max(0, less[rank - 2] - count)
    return tuple(less), aces, high


def _shape(rules: SearchRules, length: int) -> RunShape:
    return RunShape(
        length=length,
        bare=rules.run_min_naturals == 0 and not rules.wilds_at_most_naturals,
        overlap=rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING,
        alone=rules.same_suit == SameSuitRuns.NEVER,
        gap=rules.gap,
        lowest=rules.lowest,
        highest=rules.highest,
    )


def sound_for(rules: SearchRules) -> bool:
    """All out, no extra melds, a run in the contract."""
    return (
        understands(rules, SETS_AND_RUNS)
        and rules.all_out
        and not rules.extra_melds
        and any(s.kind == MeldKind.RUN for s in rules.slots)
    )


PRUNING = Pruning(
    name="run-cards",
    cuts="all out, runs and a set at most left: the cards left cannot fill them",
    sound_for=sound_for,
    check=runs_have_cards,
    steps=1,  # the runs' cards per suit (asked all out only)
)

__all__ = [
    "PRUNING",
    "fewest_apart_cards",
    "fewest_run_cards",
    "runs_have_cards",
    "suit_costs",
]
