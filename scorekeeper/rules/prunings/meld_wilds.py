"""Pruning ``meld-wilds``: the melds still to make need no more wilds than are free.

Each contract meld still to make needs at least the fewest wilds any one meld of its kind
and length could need from the cards not yet decided: a set, those of the rank with the
most natural cards; a run, those of the window of its length holding the most natural
cards of one suit. Melds share no card, so together they need at least the sum of these
(the best rank or window counted for each is only an underestimate), and the free wilds
(the hand's, and the dual cards that may still turn wild, less what the melds laid need)
must cover it. Sound for every rule set of sets and runs.

Liverpool round 3, two runs of four (three natural cards each): ``3♠ 4♠ 6♠`` and
``9♦ 10♦ Q♦`` each need a wild. With one joker the search stops at once; with two it goes
on.

>>> from ..cards import parse_cards
>>> from ..presets import LIVERPOOL
>>> from ..search_state import SearchState
>>> def root(hand):
...     return SearchState.of(LIVERPOOL, 3, parse_cards(hand)).node(0)
>>> enough_wilds(root("3S 4S 6S 9D 10D QD JK 7H 8C KC"))
False
>>> enough_wilds(root("3S 4S 6S 9D 10D QD JK JK 8C KC"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial

from ..rulesets import MeldKind, MeldSpec
from ..search_state import Node
from ..solver_model import MAX_RUN, UNBOUNDED, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands

RunWilds = Callable[[int, int, int, int], int]


def run_wilds(mask: int, length: int, least: int, span: int) -> int:
    """The fewest wilds a run of ``length`` over the positions of ``mask`` needs, if some
    ``span`` positions hold ``least`` of them (``UNBOUNDED`` if not).

    >>> spades = 0b1101100  # positions 2, 3, 5 and 6
    >>> run_wilds(spades, 4, 2, 4), run_wilds(spades, 5, 2, 5), run_wilds(spades, 4, 5, 4)
    (1, 1, 1024)
    """
    if least > 1 and not any((mask & w).bit_count() >= least for w in _WINDOWS[span]):
        return UNBOUNDED
    best = UNBOUNDED
    for window in _WINDOWS[length]:
        have = (mask & window).bit_count()
        if have:
            best = min(best, length - have)
    return best


# A suit's positions change only when one of its cards is decided, so the search asks the
# same question again and again: the answers are kept.
kept_run_wilds = lru_cache(maxsize=1 << 16)(run_wilds)

# Every window of ``length`` run positions as a bit mask (positions 1..14).
_WINDOWS = {
    length: [((1 << length) - 1) << low for low in range(1, 16 - length)]
    for length in range(1, MAX_RUN + 1)
}


def fewest_wilds(
    rules: SearchRules,
    spec: MeldSpec,
    naturals: Sequence[int],
    masks: Sequence[int],
    at: int,
    free: int,
    wilds_of_run: RunWilds = kept_run_wilds,
) -> int:
    """The fewest wilds one meld of ``spec`` needs from the cards not yet decided, at best
    (``UNBOUNDED`` if none can be made with ``free`` wilds)."""
    least = rules.min_naturals(spec.kind)
    length = spec.min_length
    if spec.kind == MeldKind.SET:
        best = 0 if least == 0 else UNBOUNDED
        distinct = rules.set_max <= 4
        for rank in range(at // 4 + 1, 14):
            counts = naturals[(rank - 1) * 4 : rank * 4]
            have = 4 - counts.count(0) if distinct else sum(counts)
            if have and have >= least:
                best = min(best, max(0, length - have))
        return best
    # A longer run holds a window of ``length`` with no more wilds than it has, so the
    # windows of exactly ``length`` bound every run (whatever its natural cards must number).
    best = length if least == 0 else UNBOUNDED
    # A run's natural cards lie within ``least + free`` positions of each other (within its
    # length when contract melds are exactly their length).
    span = length if rules.exact else min(MAX_RUN, max(length, least + free))
    for mask in masks:
        if mask:
            best = min(best, wilds_of_run(mask, length, least, span))
    return best


def enough_wilds(node: Node, wilds_of_run: RunWilds = kept_run_wilds) -> bool:
    """Whether the free wilds cover the fewest the melds still to make need together."""
    state = node.state
    need = 0
    for j, spec in enumerate(state.specs):
        if state.open[j]:
            least = fewest_wilds(
                state.rules, spec, state.naturals, node.masks, node.at, node.free, wilds_of_run
            )
            need += least * state.open[j]
            if need > node.free:
                return False
    return True


PRUNING = Pruning(
    name="meld-wilds",
    cuts="the melds still to make need more wilds than are free",
    sound_for=lambda rules: understands(rules, SETS_AND_RUNS),
    check=enough_wilds,
    plain_check=partial(enough_wilds, wilds_of_run=run_wilds),
    cache="meld-wilds cache",
)

__all__ = ["PRUNING", "enough_wilds", "fewest_wilds", "run_wilds"]
