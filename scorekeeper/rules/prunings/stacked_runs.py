"""Pruning ``stacked-runs``: all out, runs that may overlap have the cards to stack.

When runs of one suit may overlap and only runs are left to make, a card with as many
copies as there are runs puts one copy in every run (aces count low and high together: a
run holds one ace), so every run is of its suit, and between them the runs hold every card
of it: a copy of each card in as many runs as it has copies. A run is a stretch of
positions that closes and never opens again, so they need at least
:func:`fewest_run_cards` cards between them (and each its length), which the cards left
(natural and wild) must reach. Sound for all-out rounds of sets and runs without extra
melds, runs of a suit that may overlap, and two runs or more.

Family round 7, three runs, all out: three ``2♠`` and three ``J♠`` put three runs over
``2♠``-``J♠``, thirty cards, and the hand has twelve. (:mod:`.cover` lets it pass: three
runs may each take a copy.)

>>> from ..cards import parse_cards
>>> from ..presets import FAMILY
>>> from ..search_state import SearchState
>>> def root(hand):
...     return SearchState.of(FAMILY, 7, parse_cards(hand)).node(0)
>>> runs_stack(root("2S 2S 2S JS JS JS JK JK JK JK JK JK"))
False
>>> runs_stack(root("2S 2S 2S 3S 3S 3S 4S 4S 4S 5S 5S 5S"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node, SearchState
from ..solver_model import CELLS, HIGH_ACE, LOW_ACE, UNBOUNDED, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands

RunCards = Callable[[tuple[int, ...], int], int]


def fewest_run_cards(copies: tuple[int, ...], runs: int) -> int:
    """The fewest cards ``runs`` runs of one suit hold between them when position ``p`` (an
    index of ``copies``, 1-14) must be in at least ``copies[p]`` of them.

    Walking up the positions, the number of runs open at each one is at least the copies
    there, and a run that closes cannot open again: at most ``runs`` openings in all.

    >>> two_and_jack = tuple(3 if p in (2, 11) else 0 for p in range(15))
    >>> fewest_run_cards(two_and_jack, 3)  # three runs from 2 to J
    30
    """
    best = {(0, 0): 0}  # (runs open, runs opened so far) -> cards so far
    for need in copies[1:]:
        after: dict[tuple[int, int], int] = {}
        for (open_, opened), total in best.items():
            for now in range(need, runs + 1):
                state = (now, opened + max(0, now - open_))
                if state[1] <= runs and total + now < after.get(state, UNBOUNDED):
                    after[state] = total + now
        best = after
    return min(best.values(), default=UNBOUNDED)


kept_fewest_run_cards = lru_cache(maxsize=1 << 12)(fewest_run_cards)


def runs_stack(node: Node, fewest: RunCards = kept_fewest_run_cards) -> bool:
    """Whether the cards left could fill the runs still to make, stacked in one suit."""
    state, at = node.state, node.at
    runs, length = state.open_runs()
    if runs < 2 or any(state.open[j] for j, s in enumerate(state.specs) if s.kind != MeldKind.RUN):
        return True
    cards = sum(state.naturals[at:]) + sum(state.high_aces) + state.pool - state.committed
    dual = state.hand.dual
    for suit in range(4):
        middle = [
            0 if c < at or c in dual else state.naturals[c] for c in range(4 + suit, CELLS, 4)
        ]  # ranks 2 to king
        aces = state.naturals[suit] if suit >= at and suit not in dual else 0
        high = state.high_aces[suit]
        if max([*middle, aces + high]) < runs:
            continue
        # The aces not yet decided stand low or high: the fewest cards over every split.
        need = min(
            fewest((0, low, *middle, high + aces - low), runs)
            for low in _low_ace_counts(state, aces)
        )
        if max(need, runs * length) > cards:
            return False
    return True


def _low_ace_counts(state: SearchState, aces: int) -> range:
    """How many of ``aces`` undecided aces may stand low (the others high)."""
    rules = state.rules
    if rules.highest < HIGH_ACE:
        return range(aces, aces + 1)
    return range(aces + 1) if rules.lowest == LOW_ACE else range(1)


def sound_for(rules: SearchRules) -> bool:
    """All out, no extra melds, runs of a suit that may overlap, two runs or more."""
    return (
        understands(rules, SETS_AND_RUNS)
        and rules.all_out
        and not rules.extra_melds
        and rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING
        and sum(s.kind == MeldKind.RUN for s in rules.slots) > 1
    )


PRUNING = Pruning(
    name="stacked-runs",
    cuts="all out, runs that may overlap: the cards left cannot fill the runs stacked",
    sound_for=sound_for,
    check=runs_stack,
    plain_check=partial(runs_stack, fewest=fewest_run_cards),
    cache="stacked-runs cache",
)

__all__ = ["PRUNING", "fewest_run_cards", "runs_stack"]
