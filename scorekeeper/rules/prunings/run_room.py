"""Pruning ``run-room``: the suits have room for the runs still to make.

When two runs of one suit may not overlap, each run still to make needs natural cards of
its suit close enough together (at most the free wilds between and around them), above the
runs of that suit already laid from below. Counted for each suit alone, the most runs that
fit (:func:`most_runs`: taken greedily, the one that ends lowest first, which gives the
most) must add up to the runs still to make, or no way down from the node makes them.
Sound when runs of a suit may not overlap and each run holds a natural card (otherwise a
run may lie anywhere), and when no extra meld can take the cards in between.

Liverpool round 3, two runs of four, one joker: spades ``3♠ 4♠ 5♠ 6♠`` and ``8♠ 9♠ 10♠``
hold two runs (the joker completes the second); ``3♠ 4♠ 5♠ 6♠ 8♠ 9♠`` do not, and no other
suit has a run's natural cards.

>>> from ..cards import parse_cards
>>> from ..presets import LIVERPOOL
>>> from ..search_state import SearchState
>>> def root(hand):
...     return SearchState.of(LIVERPOOL, 3, parse_cards(hand)).node(0)
>>> suits_hold_runs(root("3S 4S 5S 6S 8S 9S 10S JK KH 2D"))
True
>>> suits_hold_runs(root("3S 4S 5S 6S 8S 9S QS JK KH 2D"))
False
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node
from ..solver_model import MAX_RUN, UNBOUNDED, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands

MostRuns = Callable[[int, int, int, int, int, bool, int, int], int]


def most_runs(
    mask: int, low: int, length: int, least: int, free: int, capped: bool, gap: int, top: int
) -> int:
    """How many runs of one suit, apart from each other (at least ``gap`` positions between
    two), fit from position ``low`` to ``top``, each at least ``length`` long with at least
    ``least`` natural cards from ``mask`` and at most ``free`` wilds (each run alone; with
    ``capped``, no more wilds than natural cards).

    >>> spades = sum(1 << p for p in (3, 4, 5, 6, 8, 9, 10))  # 3-6, then 8-10
    >>> most_runs(spades, 1, 4, 1, 0, False, 1, 14), most_runs(spades, 1, 4, 1, 1, False, 1, 14)
    (1, 2)
    """
    count = 0
    while True:
        end = _earliest_end(mask, low, length, least, free, capped, top)
        if end is None:
            return count
        count += 1
        low = end + gap + 1


kept_most_runs = lru_cache(maxsize=1 << 16)(most_runs)


def _earliest_end(
    mask: int, low: int, length: int, least: int, free: int, capped: bool, top: int
) -> int | None:
    for end in range(low + length - 1, top + 1):
        for start in range(max(low, end - MAX_RUN + 1), end - length + 2):
            size = end - start + 1
            have = (mask & (((1 << size) - 1) << start)).bit_count()
            wilds = size - have
            if have >= least and wilds <= free and not (capped and wilds > have):
                return end
    return None


def suits_hold_runs(node: Node, count: MostRuns = kept_most_runs) -> bool:
    """Whether the suits, each alone, have room for as many runs as are still to make."""
    state = node.state
    rules = state.rules
    wanted, length = state.open_runs()
    if not wanted:
        return True
    per_suit = 1 if rules.same_suit == SameSuitRuns.NEVER else UNBOUNDED
    least = max(1, rules.run_min_naturals)
    free = min(max(node.free, 0), MAX_RUN)
    room = 0
    for suit, mask in enumerate(node.masks):
        laid = len(state.runs[suit])
        if mask and laid < per_suit:
            low = state.run_floor(suit, node.at)
            capped = rules.wilds_at_most_naturals
            fits = count(mask, low, length, least, free, capped, rules.gap, rules.highest)
            room += min(per_suit - laid, fits)
            if room >= wanted:
                return True
    return False


def sound_for(rules: SearchRules) -> bool:
    """Runs of a suit apart, each with a natural card, no extra melds: and a run to make."""
    return (
        understands(rules, SETS_AND_RUNS)
        and rules.same_suit != SameSuitRuns.APART_OR_OVERLAPPING
        and rules.run_min_naturals >= 1
        and not (rules.extra_melds and rules.all_out)
        and any(spec.kind == MeldKind.RUN for spec in rules.slots)
    )


PRUNING = Pruning(
    name="run-room",
    cuts="the suits, each alone, have no room for the runs still to make",
    sound_for=sound_for,
    check=suits_hold_runs,
    plain_check=partial(suits_hold_runs, count=most_runs),
    cache="run-room cache",
)

__all__ = ["PRUNING", "most_runs", "suits_hold_runs"]
