"""Pruning ``run-room``: the suits have room for the runs still to make, with the wilds free.

When two runs of one suit may not overlap, each run still to make needs natural cards of
its suit close enough together, above the runs of that suit already laid from below, and
two runs of one suit cannot both take its best stretch. Per suit,
:func:`fewest_wilds_for_runs` finds the fewest wilds 0, 1, 2 ... runs need between them,
apart from each other and above the runs laid; shared out among the suits
(:func:`fewest_in_all`), the runs still to make need at least that many wilds, and the free
wilds must cover them. (The runs are first counted for each suit alone, greedily
(:func:`most_runs`): cheaper, and for one run the same answer.) Sound when runs of a suit
may not overlap and each run holds a natural card (otherwise a run may lie anywhere), and
when no extra meld can take the cards in between.

Liverpool round 7, three runs of four (three natural cards each), one joker: ``3♠ 4♠ 5♠
6♠`` needs no wild, ``3♥ 4♥ _ 6♥`` and ``8♥ 9♥ _ J♥`` one each. Each run alone finds a
window with no wild (the same one, which :mod:`.meld_wilds` counts for each): only the runs
together show that a second joker is missing.

>>> from ..cards import parse_cards
>>> from ..presets import LIVERPOOL
>>> from ..search_state import SearchState
>>> from .meld_wilds import enough_wilds
>>> def root(hand):
...     return SearchState.of(LIVERPOOL, 7, parse_cards(hand)).node(0)
>>> node = root("3S 4S 5S 6S 3H 4H 6H 8H 9H JH JK")
>>> enough_wilds(node), suits_hold_runs(node)
(True, False)
>>> suits_hold_runs(root("3S 4S 5S 6S 3H 4H 6H 8H 9H JH JK JK"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node
from ..solver_model import MAX_RUN, UNBOUNDED, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands

MostRuns = Callable[[int, int, int, int, int, int, bool, int, int], int]
FewestWilds = Callable[[int, int, int, int, int, bool, int, int, int], tuple[int, ...]]


def most_runs(
    mask: int,
    plain: int,
    low: int,
    length: int,
    least: int,
    free: int,
    capped: bool,
    gap: int,
    top: int,
) -> int:
    """How many runs of one suit, apart from each other (at least ``gap`` positions between
    two), fit from position ``low`` to ``top``, each at least ``length`` long with at least
    ``least`` natural cards from ``mask`` and at most ``free`` wilds (each run alone; with
    ``capped``, no more wilds than natural cards). A dual card (in ``mask``, not in
    ``plain``) counts among the natural cards a run needs, and among the wilds it takes.
    Taken greedily, the one that ends lowest first, which gives the most; cheaper than
    :func:`fewest_wilds_for_runs`, and enough for one run.

    >>> spades = sum(1 << p for p in (3, 4, 5, 6, 8, 9, 10))  # 3-6, then 8-10
    >>> most_runs(spades, spades, 1, 4, 1, 0, False, 1, 14)
    1
    >>> most_runs(spades, spades, 1, 4, 1, 1, False, 1, 14)
    2
    """
    count = 0
    while True:
        end = _earliest_end(mask, plain, low, length, least, free, capped, top)
        if end is None:
            return count
        count += 1
        low = end + gap + 1


def _earliest_end(
    mask: int, plain: int, low: int, length: int, least: int, free: int, capped: bool, top: int
) -> int | None:
    for end in range(low + length - 1, top + 1):
        for start in range(max(low, end - MAX_RUN + 1), end - length + 2):
            size = end - start + 1
            window = ((1 << size) - 1) << start
            have = (mask & window).bit_count()
            if have < least or (capped and size - have > have):
                continue
            if size - (plain & window).bit_count() <= free:
                return end
    return None


def fewest_wilds_for_runs(
    mask: int,
    plain: int,
    low: int,
    length: int,
    least: int,
    capped: bool,
    gap: int,
    top: int,
    runs: int,
) -> tuple[int, ...]:
    """The fewest wilds that 0, 1, ... ``runs`` runs of one suit need between them, apart
    from each other (at least ``gap`` positions between two), from position ``low`` to
    ``top``, each at least ``length`` long with at least ``least`` natural cards from
    ``mask`` (with ``capped``, no more wilds than natural cards); ``UNBOUNDED``: that many
    runs do not fit. Dual cards count as in :func:`most_runs`.

    >>> spades = sum(1 << p for p in (3, 4, 5, 6, 8, 9, 10))  # 3-6, then 8-10
    >>> fewest_wilds_for_runs(spades, spades, 1, 4, 1, False, 1, 14, 2)
    (0, 0, 1)
    >>> fewest_wilds_for_runs(spades, spades, 1, 4, 1, False, 1, 14, 3)[3] == UNBOUNDED
    True
    """
    # best[p][r]: the fewest wilds of r runs lying below position p (from ``low``).
    best = [[0] + [UNBOUNDED] * runs for _ in range(top + 2)]
    for end in range(low, top + 1):
        row = list(best[end])  # the position ``end`` left out
        for start in range(max(low, end - MAX_RUN + 1), end - length + 2):
            size = end - start + 1
            window = ((1 << size) - 1) << start
            have = (mask & window).bit_count()
            if have < least or (capped and size - have > have):
                continue
            wilds = size - (plain & window).bit_count()
            before = best[max(low, start - gap)]
            for r in range(1, runs + 1):
                row[r] = min(row[r], before[r - 1] + wilds)
        best[end + 1] = row
    return tuple(best[top + 1])


# A suit's positions change only when one of its cards is decided, so the search asks the
# same questions again and again: the answers are kept.
kept_most_runs = lru_cache(maxsize=1 << 16)(most_runs)
kept_fewest_wilds_for_runs = lru_cache(maxsize=1 << 16)(fewest_wilds_for_runs)


def fewest_in_all(costs: Sequence[tuple[int, ...]], wanted: int) -> int:
    """The fewest wilds ``wanted`` runs need, shared out among the suits (``costs``: per
    suit, the fewest for 0, 1, ... runs).

    >>> fewest_in_all([(0, 0, 1), (0, 2)], 2), fewest_in_all([(0, 0, 1), (0, 2)], 3)
    (1, 3)
    """
    total = [0] + [UNBOUNDED] * wanted
    for cost in costs:
        after = [UNBOUNDED] * (wanted + 1)
        for r, wilds in enumerate(cost[: wanted + 1]):
            if wilds >= UNBOUNDED:
                continue
            for k in range(r, wanted + 1):
                sum_ = total[k - r] + wilds
                if sum_ < after[k]:
                    after[k] = sum_
        total = after
    return total[wanted]


def suits_hold_runs(
    node: Node, count: MostRuns = kept_most_runs, fewest: FewestWilds = kept_fewest_wilds_for_runs
) -> bool:
    """Whether the runs still to make fit in their suits with the wilds free: first each
    run alone (:func:`most_runs`), then, for two runs or more, together."""
    state = node.state
    rules = state.rules
    wanted, length = state.open_runs()
    if not wanted:
        return True
    per_suit = 1 if rules.same_suit == SameSuitRuns.NEVER else UNBOUNDED
    least = max(1, rules.run_min_naturals)
    capped, gap, top = rules.wilds_at_most_naturals, rules.gap, rules.highest
    free = max(node.free, 0)
    room = 0
    suits = []  # the suits with room: masks, lowest position, runs
    for suit, (mask, plain) in enumerate(zip(node.masks, node.plain, strict=True)):
        laid = len(state.runs[suit])
        if mask and laid < per_suit:
            low = state.run_floor(suit, node.at)
            fits = count(mask, plain, low, length, least, min(free, MAX_RUN), capped, gap, top)
            fits = min(per_suit - laid, fits)
            room += fits
            if fits:
                suits.append((mask, plain, low, min(fits, wanted)))
    if room < wanted:
        return False
    if wanted == 1:
        return True
    costs = [
        fewest(mask, plain, low, length, least, capped, gap, top, runs)
        for mask, plain, low, runs in suits
    ]
    return fewest_in_all(costs, wanted) <= node.free


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
    cuts="the runs still to make do not fit in their suits with the wilds free",
    sound_for=sound_for,
    check=suits_hold_runs,
    plain_check=partial(suits_hold_runs, count=most_runs, fewest=fewest_wilds_for_runs),
    cache="run-room cache",
    steps=1,  # the runs that fit per suit (a cache per suit)
)

__all__ = ["PRUNING", "fewest_in_all", "fewest_wilds_for_runs", "most_runs", "suits_hold_runs"]
