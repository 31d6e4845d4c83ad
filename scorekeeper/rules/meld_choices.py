"""Candidate melds from counts: the ways one contract meld can start at a given card.

The search (:mod:`.contract_search`) walks the hand's cards from the lowest (rank by rank,
suits in order) and asks, for the lowest card still undecided, which melds could have it
as their **first natural card**. Every card below it is already decided, so:

- a **set** of its rank takes it and, from the suits after it, any number of other natural
  cards of that rank; wilds make up the length;
- a **run** of its suit starts at it (a wild or two may stand below it) and goes up: each
  higher position is filled by the natural card if there is one, or by a wild. A natural
  card may also be left for another meld (a wild stands in its place) when another meld is
  still to be made and wilds allow it.

In a round with a discard a meld longer than it needs to be is never tried when a card
could come off an end and leave it legal: the shorter meld uses fewer cards, so whatever
the longer one allows, the shorter allows too.

>>> from .presets import LIVERPOOL
>>> from .solver_model import SearchRules
>>> rules = SearchRules.of(LIVERPOOL, 3)
>>> naturals = [0] * 52
>>> for rank in (3, 4, 5, 6, 8):
...     naturals[(rank - 1) * 4] = 1  # spades
>>> [(c.low, c.high, c.wilds) for c in run_choices(rules, naturals, [0] * 4, 0, 3, 4, 1, ())]
[(2, 5, 1), (3, 6, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from .budget import StepBudget
from .rulesets import MeldKind, SameSuitRuns
from .solver_model import HIGH_ACE, LOW_ACE, MAX_RUN, SearchRules, cell


@dataclass(frozen=True)
class SetChoice:
    """A set of ``rank``: natural cards taken per suit, the fewest wilds, and how many more
    wilds it could take (all-out rounds use them to hold spare wilds)."""

    rank: int
    taken: tuple[int, ...]
    wilds: int
    room: int


@dataclass(frozen=True)
class RunChoice:
    """A run of ``suit`` over positions ``low..high``; ``taken`` holds the positions filled
    by natural cards, every other position by a wild.

    In an all-out round a run's wild **ends** are not placed one by one: ``low..high`` runs
    from its lowest to its highest natural card, ``wilds`` counts the wilds inside plus the
    fewest end wilds that bring it to ``length``, and ``room`` how many more end wilds it
    could take if it were alone in its suit. :func:`.run_ends.place_ends` places the end
    wilds once every card is decided.
    """

    suit: int
    low: int
    high: int
    taken: tuple[int, ...]
    wilds: int
    length: int = 0  # all out: the fewest cards the run needs (0: its ends are placed)
    room: int = 0


Choice = SetChoice | RunChoice


def set_choices(
    rules: SearchRules,
    naturals: Sequence[int],
    at: int,
    length: int,
    budget: StepBudget | None = None,
) -> Iterator[SetChoice]:
    """Every set starting at cell ``at``, most natural cards first (each way of taking the
    natural cards tried spends a step of ``budget``)."""
    rank, suit = at // 4 + 1, at % 4
    least = max(1, rules.set_min_naturals)
    cap = 1 if rules.set_max <= 4 else None  # suits must differ: one card per suit
    ranges = []
    for t in range(4):
        have = naturals[(rank - 1) * 4 + t] if t >= suit else 0
        if cap is not None:
            have = min(have, cap)
        ranges.append(range(have, 0 if t == suit else -1, -1))
    if budget is not None:
        budget.spend(len(ranges[0]) * len(ranges[1]) * len(ranges[2]) * len(ranges[3]))
    most = _most_taken(rules, least, length)
    for taken in product(*ranges):
        if sum(taken) <= most:
            choice = _set_choice(rules, rank, taken, least, length)
            if choice is not None:
                yield choice


def _most_taken(rules: SearchRules, least: int, length: int) -> int:
    """The most natural cards a set may take: in a round with a discard, no more than its
    length or the natural cards it needs (:func:`_set_choice` refuses a set a natural card
    could come off), never more than a set holds. (With many decks most ways of taking
    copies take more: they are passed over at once.)"""
    if rules.all_out:
        return rules.set_max
    return min(rules.set_max, max(length, least))


def _set_choice(
    rules: SearchRules, rank: int, taken: tuple[int, ...], least: int, length: int
) -> SetChoice | None:
    count = sum(taken)
    if count < least or count > rules.set_max:
        return None
    if not rules.all_out and count > length and count - 1 >= least:
        return None  # a natural card could come off and leave the set legal
    size = max(length, count)
    if rules.exact and size != length:
        return None
    room = rules.wild_room(MeldKind.SET, count, size)
    if room < 0:
        return None
    return SetChoice(rank, taken, size - count, room if rules.all_out else 0)


def run_starts(
    rules: SearchRules,
    naturals: Sequence[int],
    high_aces: Sequence[int],
    at: int,
    length: int,
    budget: int,
    others: Sequence[tuple[int, int]],
    may_leave: Sequence[int] = (0,) * 15,
    steps: StepBudget | None = None,
) -> Iterator[RunChoice]:
    """Every run whose lowest natural card is the one at cell ``at`` (the arguments as for
    :func:`run_choices`). An ace starts a run low (``A 2 3``) or, when aces may be high, is
    a run's only natural card, high, wilds below it (``Q K A`` with two wilds).

    >>> from dataclasses import replace
    >>> from .presets import LIVERPOOL
    >>> rules = replace(SearchRules.of(LIVERPOOL, 3), run_min_naturals=1)  # runs of four
    >>> naturals = [0] * 52
    >>> naturals[0] = naturals[cell(2, 0)] = naturals[cell(3, 0)] = 1  # A 2 3 of spades
    >>> [(c.low, c.high, c.wilds) for c in run_starts(rules, naturals, [0] * 4, 0, 4, 3, ())]
    [(1, 4, 1), (11, 14, 3)]
    """
    suit, start = at % 4, at // 4 + 1
    if start > LOW_ACE or rules.lowest == LOW_ACE:
        yield from run_choices(
            rules, naturals, high_aces, suit, start, length, budget, others, may_leave, steps
        )
    if start == LOW_ACE and rules.highest == HIGH_ACE:
        yield from run_choices(
            rules, naturals, high_aces, suit, HIGH_ACE, length, budget, others, may_leave, steps
        )


def run_choices(
    rules: SearchRules,
    naturals: Sequence[int],
    high_aces: Sequence[int],
    suit: int,
    start: int,
    length: int,
    budget: int,
    others: Sequence[tuple[int, int]],
    may_leave: Sequence[int] = (0,) * 15,
    steps: StepBudget | None = None,
) -> Iterator[RunChoice]:
    """Every run of ``suit`` whose lowest natural card sits at position ``start``.

    ``budget`` is the most wilds it may use; ``others`` are the runs of the same suit
    already chosen; ``may_leave[p]`` is how many other melds could take a natural card the
    run leaves at position ``p`` (a wild stands in its place); a card with more copies than
    that is never left. Each stretch of cards tried spends a step of ``steps``.
    """
    least = max(1, rules.run_min_naturals)
    cores = _cores(naturals, high_aces, suit, start, rules, budget, may_leave, length)
    if steps is not None:
        steps.spend(len(cores))
    for high, taken, inner in cores:
        if len(taken) < least:
            continue
        if rules.all_out:
            core = _core_choice(rules, suit, start, high, taken, inner, length, budget)
            if core is not None and _core_fits(rules, core, others):
                yield core
            continue
        top_wild = high != taken[-1]
        for below in range(budget - inner + 1):
            verdict = _window(rules, start, high, len(taken), inner, below, length, top_wild)
            if verdict is _STOP:
                break
            if verdict is _SKIP:
                continue
            low = start - below
            if all(rules.runs_fit((low, high), other) for other in others):
                yield RunChoice(suit, low, high, taken, inner + below)


def _core_choice(
    rules: SearchRules,
    suit: int,
    start: int,
    high: int,
    taken: tuple[int, ...],
    inner: int,
    length: int,
    budget: int,
) -> RunChoice | None:
    """The all-out run from natural card ``start`` to natural card ``high``, its end wilds
    left to :func:`.run_ends.place_ends` (``None`` if it cannot reach ``length`` even alone)."""
    if high != taken[-1]:
        return None  # a wild at the top is an end wild: placed later
    size = high - start + 1
    most = min(MAX_RUN, rules.highest - rules.lowest + 1)
    if rules.wilds_at_most_naturals:
        most = min(most, 2 * len(taken))
    need = max(size, length)
    if need > most or inner + need - size > budget:
        return None
    return RunChoice(suit, start, high, taken, inner + need - size, length, most - need)


def _core_fits(rules: SearchRules, core: RunChoice, others: Sequence[tuple[int, int]]) -> bool:
    """Whether a run may join the runs of its suit already chosen, at best. Apart runs only
    get closer as their ends grow, so their natural cards must already be far enough apart;
    runs that may overlap can grow into each other, so only the ends placed can tell
    (:func:`.run_ends.place_ends`)."""
    if rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING and rules.gap > 0:
        return True
    return all(rules.runs_fit((core.low, core.high), other) for other in others)


_STOP = object()
_SKIP = object()
_OK = object()


def _window(
    rules: SearchRules,
    start: int,
    high: int,
    naturals: int,
    inner: int,
    below: int,
    length: int,
    top_wild: bool,
) -> object:
    """Whether the run ``start - below .. high`` is worth trying (``_STOP``: nor any with
    more wilds below it). In a round with a discard a longer run than needed is not: a wild
    end could come off, or a shorter run from the same card would do (:func:`_cores` stops
    at one, except where runs of a suit may overlap but not touch: a shorter run could
    touch one the longer overlaps, so only the top card coming off is looked at)."""
    size = high - start + 1 + below
    wilds = inner + below
    if start - below < rules.lowest or size > MAX_RUN:
        return _STOP
    if rules.wilds_at_most_naturals and wilds > naturals:
        return _STOP
    if size < length:
        return _SKIP
    if rules.exact and size != length:
        return _STOP
    if not rules.all_out and size > length:
        if below or top_wild:
            return _STOP  # a wild end could come off
        if naturals - 1 >= max(1, rules.run_min_naturals) and not (
            rules.wilds_at_most_naturals and wilds > naturals - 1
        ):
            return _STOP  # so could the top natural card
    return _OK


def _touching(rules: SearchRules) -> bool:
    """Whether a shorter run could touch a run of its suit the longer one overlaps."""
    return rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING and rules.gap > 0


def _cores(
    naturals: Sequence[int],
    high_aces: Sequence[int],
    suit: int,
    start: int,
    rules: SearchRules,
    budget: int,
    may_leave: Sequence[int],
    length: int,
) -> list[tuple[int, tuple[int, ...], int]]:
    """Every ``(high, natural positions, wilds inside)`` from ``start`` up. In a round with
    a discard none goes on past a legal run of ``length`` or more: a longer one would use
    the shorter one's cards and more, and whatever it allows, the shorter allows too (the
    cards above stay in hand). Not where runs of a suit may overlap but not touch: a
    shorter run could touch one the longer overlaps (:func:`_window`)."""
    out: list[tuple[int, tuple[int, ...], int]] = []
    least = max(1, rules.run_min_naturals)
    stop = not rules.all_out and not _touching(rules)
    capped = rules.wilds_at_most_naturals
    top = min(rules.highest, start + MAX_RUN - 1)
    cards = [0] * (top + 2)  # per position, the natural cards of the suit there
    for position in range(start + 1, top + 1):
        cards[position] = (
            high_aces[suit] if position == HIGH_ACE else naturals[cell(position, suit)]
        )
    # With no more wilds than natural cards, the natural cards still ahead must outnumber
    # the wilds already inside for a run to come.
    ahead = [0] * (top + 2)
    for position in range(top, start, -1):
        ahead[position] = ahead[position + 1] + (1 if cards[position] else 0)

    def walk(position: int, taken: tuple[int, ...], inner: int) -> None:
        out.append((position - 1, taken, inner))
        if position > top:
            return
        naturals_in = len(taken)
        if capped and inner > naturals_in + ahead[position]:
            return
        legal = naturals_in >= least and not (capped and inner > naturals_in)
        if stop and legal and position - start >= length:
            return
        have = cards[position]
        if have:
            walk(position + 1, (*taken, position), inner)
            if have > may_leave[position]:
                return
        if inner < budget:
            walk(position + 1, taken, inner + 1)

    walk(start + 1, (start,), 0)
    return out
