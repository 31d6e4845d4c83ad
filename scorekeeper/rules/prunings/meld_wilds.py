"""Pruning ``meld-wilds``: the melds still to make need no more wilds than are free.

Each run still to make needs at least the fewest wilds any one run of its length could
need from the cards not yet decided: those of the window of its length holding the most
natural cards of one suit. The sets still to make need at least the fewest wilds any
choice of ranks for them needs (:func:`sets_need`: two sets of one rank need the natural
cards of two). Melds share no card, so together they need at least the sum of these (the
best window counted for each run, and the cards counted for the sets and for the runs
alike, only underestimate it), and the free wilds (the hand's, and the dual cards that may
still turn wild, less what the melds laid need) must cover it. Sound for every rule set:
colour melds and flushes are not counted (:mod:`.group_room` counts their wilds), runs of
any suits count every suit's cards as one, runs that turn the corner count windows round
it, and rules that only forbid ways (a cap of wilds, wilds apart, ranks with no place in a
run) leave the count a bound.

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

Liverpool round 4, three sets: three aces and three fours make two, and the third needs a
wild whichever rank it is of (the best rank, counted for each set alone, would need none).

>>> def root4(hand):
...     return SearchState.of(LIVERPOOL, 4, parse_cards(hand)).node(0)
>>> enough_wilds(root4("AS AS AC 4H 4S 4C 7D 7C 3S 3H JC 9H"))
False
>>> enough_wilds(root4("AS AS AC 4H 4S 4C 7D 7C 3S 3H JC JK"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import lru_cache, partial

from ..meld_choices import SetChoice
from ..rulesets import MeldKind, MeldSpec
from ..search_state import Node
from ..solver_model import MAX_RUN, UNBOUNDED, SearchRules
from .pruning import Pruning

RunWilds = Callable[[int, int, int, int, int], int]


def run_wilds(mask: int, plain: int, length: int, least: int, span: int) -> int:
    """The fewest wilds and dual cards a run of ``length`` over the positions of ``mask``
    needs (``plain``: the positions holding a card that is not dual), if some ``span``
    positions of ``mask`` hold ``least`` of them (``UNBOUNDED`` if not).

    >>> spades = 0b1101100  # positions 2, 3, 5 and 6
    >>> run_wilds(spades, spades, 4, 2, 4), run_wilds(spades, spades, 5, 2, 5)
    (1, 1)
    >>> run_wilds(spades, spades, 4, 5, 4), run_wilds(spades, spades & ~0b1000, 4, 2, 4)
    (1024, 2)
    """
    return _fewest_wilds(mask, plain, length, least, _WINDOWS[span], _WINDOWS[length])


def _fewest_wilds(
    mask: int, plain: int, length: int, least: int, spans: list[int], windows: list[int]
) -> int:
    if least > 1 and not any((mask & w).bit_count() >= least for w in spans):
        return UNBOUNDED
    best = UNBOUNDED
    for window in windows:
        if mask & window:
            best = min(best, length - (plain & window).bit_count())
    return best


# A suit's positions change only when one of its cards is decided, so the search asks the
# same question again and again: the answers are kept.
kept_run_wilds = lru_cache(maxsize=1 << 16)(run_wilds)

# Every window of ``length`` run positions as a bit mask (positions 1..14).
_WINDOWS = {
    length: [((1 << length) - 1) << low for low in range(1, 16 - length)]
    for length in range(1, MAX_RUN + 1)
}


def run_need(
    rules: SearchRules,
    spec: MeldSpec,
    masks: Sequence[int],
    plain: Sequence[int],
    free: int,
    wilds_of_run: RunWilds = kept_run_wilds,
) -> int:
    """The fewest wilds and dual cards one run of ``spec`` needs from the cards not yet
    decided, at best (``UNBOUNDED`` if none can be made with ``free`` wilds); ``plain``
    are the masks without the dual cards. Where runs mix suits, every suit's cards count
    as one; where aces wrap, the windows go round the corner (:func:`on_circle`)."""
    least = rules.run_min_naturals
    length = spec.min_length
    # A longer run holds a window of ``length`` with no more wilds than it has, so the
    # windows of exactly ``length`` bound every run (whatever its natural cards must number).
    best = length if least == 0 else UNBOUNDED
    # A run's natural cards lie within ``least + free`` positions of each other (within its
    # length when contract melds are exactly their length).
    span = length if rules.exact else min(MAX_RUN, max(length, least + free))
    if rules.any_suit:
        masks, plain = [_union(masks)], [_union(plain)]
    if rules.wrap:
        masks, plain = [on_circle(m) for m in masks], [on_circle(m) for m in plain]
        wilds_of_run = circle_run_wilds if wilds_of_run is run_wilds else kept_circle_run_wilds
    for mask, plain_mask in zip(masks, plain, strict=True):
        if mask:
            best = min(best, wilds_of_run(mask, plain_mask, length, least, span))
    return best


def _union(masks: Sequence[int]) -> int:
    return masks[0] | masks[1] | masks[2] | masks[3]


def on_circle(mask: int) -> int:
    """A suit's run positions (1-14) as ranks on a circle, twice round, from bit 1: a
    window of up to 13 bits from bit 1 to 13 is a run's place, turning the corner or not.

    >>> circle = on_circle(1 << 13 | 1 << 1 | 1 << 14)  # a king and an ace (at 1 and 14)
    >>> [bit for bit in range(28) if circle >> bit & 1]  # A K, then A K again
    [1, 13, 14, 26]
    """
    ranks = (mask >> 1 | mask >> 14) & _RANKS
    return (ranks | ranks << 13) << 1


_RANKS = (1 << 13) - 1


def circle_run_wilds(mask: int, plain: int, length: int, least: int, span: int) -> int:
    """:func:`run_wilds` on a circle of ranks (masks from :func:`on_circle`)."""
    return _fewest_wilds(mask, plain, length, least, _CIRCLE[span], _CIRCLE[length])


kept_circle_run_wilds = lru_cache(maxsize=1 << 14)(circle_run_wilds)

# Every window of ``length`` ranks on the circle, from each rank (one window of all 13).
_CIRCLE = {
    length: [((1 << length) - 1) << low for low in range(1, 14 if length < 13 else 2)]
    for length in range(1, MAX_RUN + 1)
}


def sets_need(
    rules: SearchRules,
    naturals: Sequence[int],
    ranks: Sequence[int],
    sets: int,
    length: int,
    dual: Sequence[int] = (),
    taken: Collection[int] = (),
) -> int:
    """The fewest wilds and dual cards ``sets`` sets of at least ``length`` cards need
    together from the natural cards not yet decided (``UNBOUNDED``: they cannot be made).

    ``s`` sets of one rank with ``n`` natural cards for them need ``s * length - n`` wilds
    (none if that is negative), and cannot be made when ``n`` is under ``s`` times the
    natural cards a set needs (when suits differ, a suit gives each set one card at most,
    so ``n`` grows more slowly than ``s``). Each rank's wilds grow by as much or more with
    each set it takes, so the fewest in all are the smallest steps of all ranks together.
    The cards of ``dual`` cells count towards the natural cards a set needs, and among the
    wilds it takes (each is a wild or in the place of one). ``ranks`` counts the cards of
    each rank (1-13), for a quick look past the ranks too short of cards for a set. Where
    the sets of a lay-down differ in rank, a rank makes one set at most, and none of the
    ranks ``taken`` by the sets laid.

    >>> from ..presets import LIVERPOOL
    >>> from ..solver_model import SearchRules, cell
    >>> naturals = [0] * 52
    >>> for rank, suit in ((1, 0), (1, 0), (1, 3), (4, 1), (4, 0), (4, 3), (7, 2), (7, 3)):
    ...     naturals[cell(rank, suit)] += 1
    >>> ranks = [0] + [sum(naturals[cell(r, 0) : cell(r, 0) + 4]) for r in range(1, 14)]
    >>> sets_need(SearchRules.of(LIVERPOOL, 4), naturals, ranks, 3, 3)  # aces, fours, a wild
    1

    Kalooki, three sets of different ranks: six 7s and three 9s make two at most.

    >>> import dataclasses
    >>> from ..presets import KALOOKI
    >>> naturals = [0] * 52
    >>> for rank, suit in [(7, s) for s in (0, 1, 2, 3, 0, 1)] + [(9, s) for s in (0, 1, 2)]:
    ...     naturals[cell(rank, suit)] += 1
    >>> ranks = [0] + [sum(naturals[cell(r, 0) : cell(r, 0) + 4]) for r in range(1, 14)]
    >>> kalooki = SearchRules.of(KALOOKI, 1)
    >>> sets_need(kalooki, naturals, ranks, 3, 3) >= UNBOUNDED
    True
    >>> sets_need(dataclasses.replace(kalooki, sets_differ=False), naturals, ranks, 3, 3)
    0
    """
    least = max(rules.set_min_naturals, 1)
    steps = [length] * sets if rules.set_min_naturals == 0 else []  # sets of wilds only
    most = 1 if rules.sets_differ else sets  # sets of one rank
    taken = taken if rules.sets_differ else ()
    for rank in range(1, 14):
        if ranks[rank] >= least and rank not in taken:
            steps += _rank_steps(rules, naturals, rank, most, length, dual)
    if len(steps) < sets:
        return UNBOUNDED
    steps.sort()
    return sum(steps[:sets])


def _rank_steps(
    rules: SearchRules,
    naturals: Sequence[int],
    rank: int,
    sets: int,
    length: int,
    dual: Sequence[int],
) -> list[int]:
    """The wilds each more set of ``rank`` needs, one set after another (up to ``sets``, as
    long as its natural cards reach them)."""
    least = max(rules.set_min_naturals, 1)
    distinct = rules.set_max <= 4
    base = (rank - 1) * 4
    counts = naturals[base : base + 4]
    plain = counts
    if dual and base <= dual[-1] and base + 4 > dual[0]:  # (the dual cells are sorted)
        plain = [0 if c in dual else n for c, n in enumerate(counts, base)]
    steps: list[int] = []
    before = 0
    for s in range(1, sets + 1):
        have = sum([n if n < s else s for n in counts]) if distinct else sum(counts)
        if have < s * least:
            break
        have = sum([n if n < s else s for n in plain]) if distinct else sum(plain)
        need = max(0, s * length - have)
        steps.append(need - before)
        before = need
    return steps


def enough_wilds(node: Node, wilds_of_run: RunWilds = kept_run_wilds) -> bool:
    """Whether the free wilds cover the fewest the melds still to make need together: the
    sets together (:func:`sets_need`, of the shortest length among them), and each run.

    A dual card may stand for itself or be a wild, so it is among the free wilds: a meld
    counts it among the natural cards it needs, but among the wilds it takes (as itself,
    it fills a place a wild would otherwise fill)."""
    state = node.state
    rules = state.rules
    need = sets = 0
    set_length = UNBOUNDED
    for j, spec in enumerate(state.specs):
        if not state.open[j]:
            continue
        if spec.kind == MeldKind.SET:
            sets += state.open[j]
            set_length = min(set_length, spec.min_length)
            continue
        if spec.kind != MeldKind.RUN:
            continue  # colour melds and flushes: :mod:`.group_room` counts their wilds
        need += (
            run_need(rules, spec, node.masks, node.plain, node.free, wilds_of_run) * state.open[j]
        )
        if need > node.free:
            return False
    if sets:
        taken = [c.rank for _, _, c in state.made if isinstance(c, SetChoice)]
        dual = state.hand.dual
        need += sets_need(rules, state.naturals, state.ranks, sets, set_length, dual, taken)
    return need <= node.free


PRUNING = Pruning(
    name="meld-wilds",
    cuts="the melds still to make need more wilds than are free",
    sound_for=lambda rules: True,
    check=enough_wilds,
    plain_check=partial(enough_wilds, wilds_of_run=run_wilds),
    cache="meld-wilds cache",
    steps=1,  # the wilds each meld still to make needs, rank by rank (a cache per suit)
)

__all__ = ["PRUNING", "enough_wilds", "run_need", "run_wilds", "sets_need"]
