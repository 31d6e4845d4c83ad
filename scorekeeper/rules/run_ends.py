"""All out: where the runs' end wilds go, once every card is decided.

In an all-out round the search (:mod:`.contract_search`) lays each run from its lowest to
its highest natural card (:class:`.meld_choices.RunChoice`) and leaves its **end wilds**
(the wilds below or above them) for the end: how many each run takes, and at which end,
matters only to the runs of its suit, and only once the spare wilds are known. This module
places them: every run reaches its length, the wilds beyond the fewest each needs number
from ``least`` to ``most``, and two runs of one suit obey the same-suit rule.

>>> from .presets import LIVERPOOL
>>> from .solver_model import SearchRules
>>> rules = SearchRules.of(LIVERPOOL, 7)  # all out: runs of four apart
>>> core = RunChoice(suit=0, low=5, high=7, taken=(5, 6, 7), wilds=1, length=4, room=9)
>>> [(r.low, r.high) for r in place_ends(rules, [core], 1, 1)]  # one spare wild: 5 cards
[(3, 7)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .budget import StepBudget
from .meld_choices import RunChoice
from .solver_model import SearchRules


def place_ends(
    rules: SearchRules,
    runs: Sequence[RunChoice],
    least: int,
    most: int,
    budget: StepBudget | None = None,
) -> list[RunChoice] | None:
    """The all-out runs (in the same order) with their end wilds placed, the wilds beyond
    the fewest each needs numbering from ``least`` to ``most``; ``None`` if no placement
    does.

    Runs of different suits never meet, so only runs of one suit constrain each other; the
    search gives up on a branch as soon as the rooms left cannot reach ``least``.
    """
    # The runs that start last take the spare wilds, below their first card when they can.
    index = sorted(range(len(runs)), key=lambda k: (runs[k].low, runs[k].suit))
    order = [runs[k] for k in index]
    rooms = [r.room for r in order]
    tails = [sum(rooms[i:]) for i in range(len(order) + 1)]
    placed: list[RunChoice] = []

    def walk(i: int, extra: int) -> bool:
        if i == len(order):
            return extra >= least
        if extra + tails[i] < least:
            return False
        run = order[i]
        for more in range(min(run.room, most - extra) + 1):
            for fixed in _ends(rules, run, run.wilds - len_inside(run) + more):
                if budget is not None:
                    budget.spend()
                if all(
                    p.suit != fixed.suit or rules.runs_fit((p.low, p.high), (fixed.low, fixed.high))
                    for p in placed
                ):
                    placed.append(fixed)
                    if walk(i + 1, extra + more):
                        return True
                    placed.pop()
        return False

    if not walk(0, 0):
        return None
    out = list(runs)
    for k, fixed in zip(index, placed, strict=True):
        out[k] = fixed
    return out


def len_inside(run: RunChoice) -> int:
    """The wilds inside a run: positions between its natural cards."""
    return run.high - run.low + 1 - len(run.taken)


def _ends(rules: SearchRules, run: RunChoice, ends: int) -> Iterator[RunChoice]:
    """The run with ``ends`` end wilds, every way they can split between its two ends."""
    inside = len_inside(run)
    for below in range(ends, -1, -1):
        low, high = run.low - below, run.high + ends - below
        if low >= rules.lowest and high <= rules.highest:
            yield RunChoice(run.suit, low, high, run.taken, inside + ends)


__all__ = ["len_inside", "place_ends"]
