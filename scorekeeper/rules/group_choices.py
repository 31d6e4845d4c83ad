"""Candidate melds for issue 24's kinds and run rules: colour melds, flushes, and runs on a
line of ranks (of any suits, turning the corner, with holes, wilds kept apart, a cap on wilds).

As in :mod:`.meld_choices`, the search asks for every meld whose **first natural card** is
the lowest card still undecided (cell ``at``); every other natural card comes from the
cards still undecided, so from cells at or above it. A :class:`GroupChoice` names its cards
in meld order, ``None`` for a wild (a run's wild stands at its place).

- A **colour meld** or **flush** takes the card at ``at`` and any other cards of its colour
  or suit. In a round with a discard it is exactly as long as it must be (any card could
  come off a longer one and leave it legal); all out it may be longer, and may take more
  wilds later (``room``).
- A **run** is a window of consecutive places on the rule set's **line** of ranks: 1 (the
  low ace) to 14 (the high ace) as the aces allow, or, where aces wrap, a circle of the 13
  ranks; a rank with no place in a run (a hole) breaks the line. Each place holds a
  natural card of the run's suit (any suit, where runs mix suits) or a wild; no two wilds
  side by side where that is the rule. All out, a run's end wilds are chosen with it (its
  ``room`` is 0). In a round with a discard a run one of whose ends could come off and
  leave it legal is never tried: the shorter run does whatever it does.

Steps (:mod:`.budget`): a step to gather the cards a meld may take; a colour meld or flush
two steps per choice of cards, and one more per eight natural cards it takes; a run a step per
window and one more per four places in it, and one more per way to fill it after the first
(filling a long window of any suits is the dearest work of the search).

Ten Phases, phase 4 (a run of 7 of any suits, kings always wild, aces low): from the 3♣,
the lowest card, with one wild: a wild below it (2 to 8), every natural card (3 to 9), or
a wild in the place of each card another meld might want (six more):

>>> from .cards import Suit, parse_cards
>>> from .presets import TEN_PHASE
>>> from .search_state import SearchState
>>> from .solver_model import SUIT_INDEX, cell
>>> state = SearchState.of(TEN_PHASE, 4, parse_cards("3C 4H 5S 6S 7D 9C KH 8C"))
>>> at = cell(3, SUIT_INDEX[Suit.CLUBS])
>>> runs = list(line_runs(state.rules, state.naturals, at, 7, 1, [], None))
>>> [(r.low, r.high, r.wilds) for r in runs[:2]], len(runs)
([(2, 8, 1), (3, 9, 0)], 8)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .budget import StepBudget
from .cards import Suit
from .rulesets import MeldKind, SameSuitRuns
from .solver_model import MAX_RUN, UNBOUNDED, SearchRules, rank_of

RANKS = 13
_SUITS = tuple(Suit)
_SAME_COLOR = tuple(
    tuple(i for i, other in enumerate(_SUITS) if other.color == suit.color) for suit in _SUITS
)


@dataclass(frozen=True)
class GroupChoice:
    """A colour meld, flush or line run: its cards in meld order (a natural card's cell, or
    ``None`` for a wild), its wilds, the wilds it could still take (all out), and for a
    run of one suit its suit and place (``low..high``: line positions, on a circle the
    first from 1 to 13)."""

    kind: MeldKind
    cells: tuple[int | None, ...]
    wilds: int
    room: int = 0
    suit: int | None = None
    low: int = 0
    high: int = 0

    # The natural cards' cells, and the same as (cell, how many), each cell once (a colour
    # meld made last takes many cards of one cell, laid in one change): the search asks at
    # every lay and take-back, so they are worked out once, as the choice is made (a
    # ``cached_property`` takes a lock at its first look: dearer than the work).
    taken: tuple[int, ...] = field(init=False, repr=False, compare=False)
    cell_counts: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        taken = tuple(c for c in self.cells if c is not None)
        counts: dict[int, int] = {}
        for c in taken:
            counts[c] = counts.get(c, 0) + 1
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "cell_counts", tuple(counts.items()))


def group_melds(
    rules: SearchRules,
    naturals: Sequence[int],
    at: int,
    kind: MeldKind,
    length: int,
    free: int,
    steps: StepBudget | None = None,
    longest: int = UNBOUNDED,
) -> Iterator[GroupChoice]:
    """Every colour meld or flush (``kind``) of at least ``length`` cards and at most
    ``longest`` whose first natural card is at cell ``at``, most natural cards first, with at
    most ``free`` wilds.

    >>> from .presets import TEN_PHASE
    >>> from .solver_model import cell
    >>> rules = SearchRules.of(TEN_PHASE, 8)  # a flush of 7
    >>> naturals = [0] * 52
    >>> for rank in (3, 5, 8, 9, 11, 12):
    ...     naturals[cell(rank, 1)] = 1  # hearts
    >>> [c.wilds for c in group_melds(rules, naturals, cell(3, 1), MeldKind.FLUSH, 7, 1)]
    [1]
    """
    if steps is not None:
        steps.spend()  # the cards of its colour or suit, gathered from every cell above
    suits = (at % 4,) if kind == MeldKind.FLUSH else _SAME_COLOR[at % 4]
    pool = [
        (c, naturals[c] - (c == at))
        for c in range(at, 52)
        if c % 4 in suits and naturals[c] > (c == at)
    ]
    least = max(1, rules.min_naturals(kind))
    most_wilds = min(free, rules.wild_cap)
    top = sum(n for _, n in pool) + 1
    if not rules.all_out:
        top = min(top, length)
    for count in range(top, 0, -1):
        wilds = max(0, length - count)
        if count < least or wilds > most_wilds or count + wilds > longest:
            continue
        if rules.wilds_at_most_naturals and wilds > count:
            continue
        room = 0
        if rules.all_out:
            room = rules.wild_room(kind, count, count + wilds)
        for others in _picks(pool, 0, count - 1):
            if steps is not None:
                steps.spend(2 + count // 8)  # the choice made, its cells counted; a long one dearer
            yield GroupChoice(kind, (at, *others, *(None,) * wilds), wilds, room)


def _picks(pool: Sequence[tuple[int, int]], i: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``k`` cards from ``pool`` (cells with counts), from index ``i``."""
    after = [0] * (len(pool) + 1)  # the cards from each index on
    for j in range(len(pool) - 1, -1, -1):
        after[j] = after[j + 1] + pool[j][1]
    return _picks_from(pool, after, i, k)


def _picks_from(
    pool: Sequence[tuple[int, int]], after: Sequence[int], i: int, k: int
) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    if after[i] < k:
        return
    c, have = pool[i]
    for take in range(min(have, k), -1, -1):
        for rest in _picks_from(pool, after, i + 1, k - take):
            yield (c,) * take + rest


# --- runs on a line of ranks -----------------------------------------------------------------


def windows(rules: SearchRules, rank: int, length: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every window of ``length`` to ``most`` places holding ``rank``, as positions (on a
    circle from a first position 1..13; a position past 13 is the rank 13 below)."""
    line = Line(rules.wrap, rules.lowest, rules.highest, rules.holes)
    return iter(_windows(line, rank, length, most))


class Line(NamedTuple):
    """What the places of a run depend on: a circle, or a line from ``lowest`` to
    ``highest``; and the ranks with no place."""

    wrap: bool
    lowest: int
    highest: int
    holes: frozenset[int]


# The search asks for the same windows at every node, and many rule sets share a line.
@lru_cache(maxsize=1024)
def _windows(line: Line, rank: int, length: int, most: int) -> tuple[tuple[int, ...], ...]:
    return tuple(_all_windows(line, rank, length, most))


def _all_windows(line: Line, rank: int, length: int, most: int) -> Iterator[tuple[int, ...]]:
    if line.wrap:
        for size in range(length, min(most, RANKS) + 1):
            starts = (1,) if size == RANKS else range(1, RANKS + 1)
            for start in starts:
                places = tuple(range(start, start + size))
                ranks = [(p - 1) % RANKS + 1 for p in places]
                if rank in ranks and not any(r in line.holes for r in ranks):
                    yield places
        return
    for size in range(length, min(most, MAX_RUN) + 1):
        for start in range(line.lowest, line.highest - size + 2):
            places = tuple(range(start, start + size))
            ranks = [rank_of(p) for p in places]
            if rank in ranks and not any(r in line.holes for r in ranks):
                yield places


def line_runs(
    rules: SearchRules,
    naturals: Sequence[int],
    at: int,
    length: int,
    free: int,
    others: Sequence[tuple[int, int]],
    steps: StepBudget | None = None,
    dual: Sequence[int] = (),
    longest: int = MAX_RUN,
) -> Iterator[GroupChoice]:
    """Every run of at least ``length`` cards and at most ``longest`` (and a run's most)
    whose first natural card is at cell ``at``,
    with at most ``free`` wilds, that may go down beside ``others`` (the places of the
    runs of its suit already laid). A card of a ``dual`` cell it takes as itself is one
    fewer free wild too (it could have been one)."""
    rank, suit = at // 4 + 1, at % 4
    least = max(1, rules.run_min_naturals)
    most_wilds = min(free, rules.wild_cap)
    most = MAX_RUN if rules.all_out else _longest_minimal(rules, length, least, most_wilds)
    most = min(most, longest)
    if steps is not None:
        steps.spend()  # what each rank's place may hold, gathered from every cell
    held = _held(rules, naturals, at)
    for places in windows(rules, rank, length, most):
        if steps is not None:
            steps.spend(1 + len(places) // 4)  # its places' options gathered and counted
        if not rules.any_suit and not all(fits(rules, (places[0], places[-1]), o) for o in others):
            continue
        for tried, cells in enumerate(_fill(rules, held, places, most_wilds, free, dual)):
            if tried and steps is not None:
                steps.spend()  # a step per window, and one per way to fill it after the first
            wilds = cells.count(None)
            count = len(cells) - wilds
            if count < least or (rules.wilds_at_most_naturals and wilds > count):
                continue
            if not rules.all_out and _end_comes_off(rules, cells, length, least):
                continue
            if rules.exact and len(cells) != length:
                continue
            yield GroupChoice(
                MeldKind.RUN,
                cells,
                wilds,
                0,
                None if rules.any_suit else suit,
                places[0],
                places[-1],
            )


def _longest_minimal(rules: SearchRules, length: int, least: int, wilds: int) -> int:
    """The longest run a round with a discard may need: one longer than ``length`` is tried
    only if neither end can come off, so it holds just the fewest natural cards, or (where
    wilds may not outnumber naturals) as many wilds as naturals."""
    longest = max(length, least + wilds)
    if rules.wilds_at_most_naturals:
        longest = max(longest, 2 * wilds)
    return min(longest, MAX_RUN)


def _held(rules: SearchRules, naturals: Sequence[int], at: int) -> list[list[int | None]]:
    """Per rank (1-13), what a run's place of that rank may hold: the card at ``at`` at
    its own rank, else each natural card still undecided (of the run's suit, or any) and a
    wild (``None``)."""
    suits = range(4) if rules.any_suit else (at % 4,)
    rank = at // 4 + 1
    held: list[list[int | None]] = [[]]
    for r in range(1, RANKS + 1):
        if r == rank:  # a window holds each rank once: the card at ``at`` goes here
            held.append([at])
            continue
        base = (r - 1) * 4
        cards: list[int | None] = [base + s for s in suits if naturals[base + s]]
        if rules.suit_blind:
            cards = cards[:1]  # no meld cares which suit: the lowest stands for them all
        held.append([*cards, None])
    return held


def _fill(
    rules: SearchRules,
    held: list[list[int | None]],
    places: tuple[int, ...],
    most: int,
    free: int,
    dual: Sequence[int],
) -> Iterator[tuple[int | None, ...]]:
    """Every way to fill ``places`` from ``held`` (:func:`_held`): at most ``most`` wilds,
    and at most ``free`` wilds and ``dual`` cards together."""
    options = [held[(p - 1) % RANKS + 1 if rules.wrap else rank_of(p)] for p in places]
    if sum(len(o) == 1 and o[0] is None for o in options) > min(most, free):
        return  # more places only a wild can fill than wilds
    yield from _choose(rules, options, 0, (), most, free, dual)


def _choose(
    rules: SearchRules,
    options: list[list[int | None]],
    i: int,
    chosen: tuple[int | None, ...],
    most: int,
    free: int,
    dual: Sequence[int],
) -> Iterator[tuple[int | None, ...]]:
    if free < 0:
        return
    if i == len(options):
        yield chosen
        return
    for option in options[i]:
        if option is None:
            if most <= 0 or (not rules.adjacent_wilds and chosen and chosen[-1] is None):
                continue
            yield from _choose(rules, options, i + 1, (*chosen, None), most - 1, free - 1, dual)
        else:
            spent = free - 1 if option in dual else free
            yield from _choose(rules, options, i + 1, (*chosen, option), most, spent, dual)


def _end_comes_off(
    rules: SearchRules, cells: tuple[int | None, ...], length: int, least: int
) -> bool:
    """Whether a card could come off an end and leave a legal run of ``length`` or more."""
    if len(cells) <= length:
        return False
    wilds = cells.count(None)
    naturals = len(cells) - wilds
    for end in (cells[0], cells[-1]):
        if end is None:
            return True
        if naturals - 1 >= least and not (rules.wilds_at_most_naturals and wilds > naturals - 1):
            return True
    return False


def fits(rules: SearchRules, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """May runs of one suit at ``a`` and ``b`` (low, high) both go down? On a circle they
    are compared 13 places up and down too (``Q K A 2`` and ``A 2 3`` overlap)."""
    if rules.same_suit == SameSuitRuns.NEVER:
        return False
    shifts = (-RANKS, 0, RANKS) if rules.wrap else (0,)
    if any(a[0] <= b[1] + s and b[0] + s <= a[1] for s in shifts):
        return rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING
    gap = min(max(a[0], b[0] + s) - min(a[1], b[1] + s) - 1 for s in shifts)
    return gap >= rules.gap


def bare_most(rules: SearchRules, kind: MeldKind) -> int:
    """The most cards a meld of wild cards only may hold."""
    top = {MeldKind.SET: rules.set_max, MeldKind.RUN: MAX_RUN}.get(kind, UNBOUNDED)
    if kind == MeldKind.RUN and not rules.adjacent_wilds:
        top = min(top, 1)
    return min(top, rules.wild_cap)


__all__ = ["GroupChoice", "bare_most", "fits", "group_melds", "line_runs", "windows"]
