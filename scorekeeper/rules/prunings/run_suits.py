"""Pruning ``run-suits``: where the runs must be of different suits, enough suits are left.

When no two runs may be of one suit (Kalooki), each run still to make needs a suit no run
laid has, and, in it, natural cards of distinct ranks not yet decided (an ace kept high
among them): a run of ``length`` cards on a suit holding ``d`` such ranks needs at least
``length - d`` wilds, and no more than its cap of wilds. A run of wilds only, where the
rule set allows one, is counted as needing a suit of none and ``length`` wilds.
:func:`runs_fit` gives each run still to make a suit of its own (or none), the cheapest
way, and asks that the free wilds cover them. It forgets the sets and the ranks two runs
might both want, and counts an ace at both ends and a dual card as natural and wild (each
only lets more through): sound for every rule set whose runs are of one suit each and may
not share a suit.

Kalooki round 9 (four runs of four), thirty cards of spades and clubs and eleven jokers:
two suits have cards, and the other two runs would be all jokers, which Kalooki forbids.
The search would try every way to lay out the first two runs before it finds that out.

>>> runs_fit((6, 0, 0, 5), 11, ((4, 1), (4, 1), (4, 1), (4, 1)), False)
False
>>> runs_fit((6, 0, 0, 5), 11, ((4, 1), (4, 1)), False)
True
>>> runs_fit((6, 0, 0, 5), 11, ((4, 1), (4, 1), (4, 1), (4, 1)), True)  # runs of wilds only
True
"""

from __future__ import annotations

from functools import lru_cache

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node
from ..solver_model import SearchRules
from .group_room import least_naturals
from .pruning import Pruning

Run = tuple[int, int]  # a run's fewest cards, its fewest natural cards


def runs_have_suits(node: Node) -> bool:
    """Whether the runs still to make may each have a suit of their own."""
    state = node.state
    rules = state.rules
    runs: list[Run] = []
    for n, spec in zip(state.open, state.specs, strict=True):
        if n and spec.kind == MeldKind.RUN:
            least = least_naturals(rules, MeldKind.RUN, spec.min_length)
            runs.extend([(spec.min_length, least)] * n)
    if not runs:
        return True
    ranks = tuple(0 if state.runs[s] else min(14, node.masks[s].bit_count()) for s in range(4))
    return runs_fit(ranks, min(node.free, 14 * len(runs)), tuple(sorted(runs)), bare_runs(rules))


def bare_runs(rules: SearchRules) -> bool:
    """Whether a run may be made of wilds only."""
    return rules.min_naturals(MeldKind.RUN) == 0 and not rules.wilds_at_most_naturals


@lru_cache(maxsize=4096)
def runs_fit(ranks: tuple[int, ...], free: int, runs: tuple[Run, ...], bare: bool) -> bool:
    """Whether ``runs`` can each take a suit of their own (``ranks``: per suit, the distinct
    ranks it holds; 0 for a suit taken or empty), or none when ``bare``, with ``free``
    wilds between them."""
    return _fewest_wilds(ranks, runs, bare) <= free


def _fewest_wilds(ranks: tuple[int, ...], runs: tuple[Run, ...], bare: bool) -> int:
    """The fewest wilds ``runs`` need, each on a suit of its own (or none, when ``bare``)."""
    if not runs:
        return 0
    (length, least), rest = runs[0], runs[1:]
    best = length + _fewest_wilds(ranks, rest, bare) if bare else _NEVER
    for s, have in enumerate(ranks):
        if min(length, have) >= least:
            taken = (*ranks[:s], 0, *ranks[s + 1 :])
            best = min(best, length - min(length, have) + _fewest_wilds(taken, rest, bare))
    return best


_NEVER = 1 << 10  # more wilds than any hand holds


def _sound_for(rules: SearchRules) -> bool:
    runs = any(spec.kind == MeldKind.RUN for spec in rules.slots)
    return runs and rules.same_suit == SameSuitRuns.NEVER and not rules.any_suit


PRUNING = Pruning(
    name="run-suits",
    cuts="the runs still to make cannot each have a suit of their own",
    sound_for=_sound_for,
    check=runs_have_suits,
    steps=2,  # the runs still to make shared out among the suits (a cache)
)

__all__ = ["PRUNING", "bare_runs", "runs_fit", "runs_have_suits"]
