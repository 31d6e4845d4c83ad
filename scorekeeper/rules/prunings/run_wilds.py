"""Pruning ``run-wilds``: the runs still to make need no more wilds than are free, together.

Each run alone may find the window of its suit that needs the fewest wilds
(:mod:`.meld_wilds`), yet two runs of one suit that may not overlap cannot both take it.
Per suit, :func:`fewest_wilds_for_runs` finds the fewest wilds 0, 1, 2 ... runs need
between them, apart from each other and above the runs laid; shared out among the suits
(:func:`fewest_in_all`), the runs still to make need at least that many. Sound where
:mod:`.run_room` is, for two runs or more.

Liverpool round 7, three runs of four (three natural cards each), one joker: ``3♠ 4♠ 5♠
6♠`` needs no wild, ``3♥ 4♥ _ 6♥`` and ``8♥ 9♥ _ J♥`` one each. Each run alone finds a
window with no wild (the same one), and the suits have room for three runs of at most one
wild each: only the runs together show that a second joker is missing.

>>> from ..cards import parse_cards
>>> from ..presets import LIVERPOOL
>>> from ..search_state import SearchState
>>> from . import meld_wilds, run_room
>>> def root(hand):
...     return SearchState.of(LIVERPOOL, 7, parse_cards(hand)).node(0)
>>> node = root("3S 4S 5S 6S 3H 4H 6H 8H 9H JH JK")
>>> meld_wilds.enough_wilds(node), run_room.suits_hold_runs(node), runs_find_wilds(node)
(True, True, False)
>>> runs_find_wilds(root("3S 4S 5S 6S 3H 4H 6H 8H 9H JH JK JK"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node
from ..solver_model import MAX_RUN, UNBOUNDED, SearchRules
from .pruning import Pruning
from .run_room import sound_for as run_room_sound_for

FewestWilds = Callable[[int, int, int, int, bool, int, int, int], tuple[int, ...]]


def fewest_wilds_for_runs(
    mask: int, low: int, length: int, least: int, capped: bool, gap: int, top: int, runs: int
) -> tuple[int, ...]:
    """The fewest wilds that 0, 1, ... ``runs`` runs of one suit need between them, apart
    from each other (at least ``gap`` positions between two), from position ``low`` to
    ``top``, each at least ``length`` long with at least ``least`` natural cards from
    ``mask`` (with ``capped``, no more wilds than natural cards); ``UNBOUNDED``: that many
    runs do not fit.

    >>> spades = sum(1 << p for p in (3, 4, 5, 6, 8, 9, 10))  # 3-6, then 8-10
    >>> fewest_wilds_for_runs(spades, 1, 4, 1, False, 1, 14, 2)
    (0, 0, 1)
    >>> fewest_wilds_for_runs(spades, 1, 4, 1, False, 1, 14, 3)[3] == UNBOUNDED  # no third
    True
    """
    # best[p][r]: the fewest wilds of r runs lying below position p (from ``low``).
    best = [[0] + [UNBOUNDED] * runs for _ in range(top + 2)]
    for end in range(low, top + 1):
        row = list(best[end])  # the position ``end`` left out
        for start in range(max(low, end - MAX_RUN + 1), end - length + 2):
            size = end - start + 1
            have = (mask & (((1 << size) - 1) << start)).bit_count()
            wilds = size - have
            if have < least or (capped and wilds > have):
                continue
            before = best[max(low, start - gap)]
            for r in range(1, runs + 1):
                row[r] = min(row[r], before[r - 1] + wilds)
        best[end + 1] = row
    return tuple(best[top + 1])


kept_fewest_wilds_for_runs = lru_cache(maxsize=1 << 16)(fewest_wilds_for_runs)


def fewest_in_all(costs: Sequence[tuple[int, ...]], wanted: int) -> int:
    """The fewest wilds ``wanted`` runs need, shared out among the suits (``costs``: per
    suit, the fewest for 0, 1, ... runs).

    >>> fewest_in_all([(0, 0, 1), (0, 2)], 2), fewest_in_all([(0, 0, 1), (0, 2)], 3)
    (1, 3)
    """
    total = [0] + [UNBOUNDED] * wanted
    for cost in costs:
        total = [
            min(total[k - r] + cost[r] for r in range(min(k, len(cost) - 1) + 1))
            for k in range(wanted + 1)
        ]
    return total[wanted]


def runs_find_wilds(node: Node, fewest: FewestWilds = kept_fewest_wilds_for_runs) -> bool:
    """Whether the runs still to make (two or more) find the wilds they need together."""
    state = node.state
    rules = state.rules
    wanted, length = state.open_runs()
    if wanted < 2:
        return True  # one run alone: :mod:`.meld_wilds` bounds it
    per_suit = 1 if rules.same_suit == SameSuitRuns.NEVER else UNBOUNDED
    least = max(1, rules.run_min_naturals)
    costs = []
    for suit, mask in enumerate(node.masks):
        laid = len(state.runs[suit])
        if mask and laid < per_suit:
            low = state.run_floor(suit, node.at)
            runs = min(per_suit - laid, wanted)
            capped = rules.wilds_at_most_naturals
            costs.append(fewest(mask, low, length, least, capped, rules.gap, rules.highest, runs))
    return fewest_in_all(costs, wanted) <= node.free


def sound_for(rules: SearchRules) -> bool:
    """Where :mod:`.run_room` is sound, with two runs or more in the contract."""
    return run_room_sound_for(rules) and sum(s.kind == MeldKind.RUN for s in rules.slots) > 1


PRUNING = Pruning(
    name="run-wilds",
    cuts="the runs still to make need more wilds together than are free",
    sound_for=sound_for,
    check=runs_find_wilds,
    plain_check=partial(runs_find_wilds, fewest=fewest_wilds_for_runs),
    cache="run-wilds cache",
)

__all__ = ["PRUNING", "fewest_in_all", "fewest_wilds_for_runs", "runs_find_wilds"]
