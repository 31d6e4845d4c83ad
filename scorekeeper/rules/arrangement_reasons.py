"""Why a hand cannot make the contract: the contract search asked smaller questions.

Each sentence comes from asking the same search (:mod:`.contract_search`, through
:mod:`.solver`) about part of the problem: the sets alone, the runs alone, one suit alone,
the same hand with a wild or two more, the same round as if it had a discard. The first
question that fails says what is missing.

>>> from .cards import parse_cards
>>> from .presets import LIVERPOOL
>>> print(explain(LIVERPOOL, 1, parse_cards("7H 7C 9D 8S KD 2C 4H 5H QS JD")))
No way to make 2 sets: only sevens have 2 or more natural cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from .budget import DEFAULT_STEPS, ShareSpent
from .cards import Card, Rank, format_cards
from .rulesets import MeldKind, MeldSpec, RuleSet, number_word
from .solver import Solver
from .solver_model import SUITS, HandCounts, SearchRules, cell

# The reason may spend a quarter of the question's budget, and at most a quarter of the
# usual budget (its questions are smaller than the contract's: most take a few steps).
REASON_SHARE = 4
REASON_STEPS = DEFAULT_STEPS // REASON_SHARE


def explain(
    rules: RuleSet, round_number: int, hand: Sequence[Card], solver: Solver | None = None
) -> str:
    """A sentence saying what is missing, as concrete as the counts allow (``solver``: the
    one that found the contract impossible, with its budget and prunings).

    The smaller questions it asks spend at most a quarter of the question's budget; past
    that, the sentence only says the contract cannot be made (which is known already)."""
    ask = solver or Solver()
    whole = ask.budget
    ask.budget = whole.share(min(REASON_STEPS, whole.limit // REASON_SHARE))
    try:
        return _explain(ask, rules, round_number, hand)
    except ShareSpent:
        want = rules.round(round_number).contract.describe()
        return (
            f"No way to make {want} with these {len(hand)} cards. Saying exactly what is "
            "missing would take the referee too long."
        )
    finally:
        ask.budget = whole


def _explain(ask: Solver, rules: RuleSet, round_number: int, hand: Sequence[Card]) -> str:
    spec = rules.round(round_number)
    contract = spec.contract
    want = contract.describe()
    if len(hand) < contract.min_cards:
        verb = "is" if len(hand) == 1 else "are"
        return (
            f"No way to make {want}: it needs at least {contract.min_cards} cards, and there "
            f"{verb} only {len(hand)}."
        )
    search = SearchRules.of(rules, round_number)
    counts = HandCounts.of(hand, rules)
    with_discard = dataclasses.replace(search, all_out=False, keep_discard=False)
    if search.all_out:
        stuck = homeless(ask, search, counts, hand, rules) if search.plain else []
        if stuck:
            verb = "fits" if len(stuck) == 1 else "fit"
            return (
                f"No way to use every card: round {round_number} is all out, and "
                f"{format_cards(stuck, pretty=True)} {verb} in no meld."
            )
        if ask.solve(with_discard, counts) is not None:
            return (
                f"No way to use every card: round {round_number} is all out, and these "
                f"{len(hand)} cards do not split into exactly {want}."
            )
    elif search.keep_discard and ask.solve(with_discard, counts) is not None:
        return (
            f"No way to make {want} and keep a card to discard: every way uses all "
            f"{len(hand)} cards."
        )
    return _missing(ask, with_discard, counts, want)


def _missing(ask: Solver, search: SearchRules, counts: HandCounts, want: str) -> str:
    parts = []
    for kind in MeldKind:
        group = tuple(m for m in search.slots if m.kind == kind)
        if group and ask.solve(dataclasses.replace(search, slots=group), counts) is None:
            if search.plain:
                parts.append(_explain_kind(ask, search, kind, group, counts))
            else:
                parts.append(_explain_new_kind(ask, search, kind, group, counts))
    if parts:
        return " ".join(parts)
    more = _wilds_short(ask, search, counts)
    if more:
        return (
            f"No way to make {want} at once with {_wild_words(counts.wilds)}: the sets and "
            f"the runs can each be made, but together they need {number_word(more)} more."
        )
    return (
        f"No way to make {want} at once: the sets and the runs can each be made, but they "
        "need the same cards."
    )


def _wild_words(n: int) -> str:
    return f"{n} wild card" + ("" if n == 1 else "s")


def _and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _with_wilds(counts: HandCounts, more: int) -> HandCounts:
    return dataclasses.replace(counts, wilds=counts.wilds + more)


def _wilds_short(ask: Solver, search: SearchRules, counts: HandCounts) -> int:
    """How many more wilds (1 or 2) would make the melds possible; 0 if that would not do."""
    if ask.solve(search, _with_wilds(counts, 2)) is None:
        return 0
    return 1 if ask.solve(search, _with_wilds(counts, 1)) is not None else 2


def _only_cells(counts: HandCounts, keep: set[int]) -> HandCounts:
    """The hand with only the natural cards of ``keep``; other dual cards become wilds."""
    naturals = [n if c in keep else 0 for c, n in enumerate(counts.naturals)]
    freed = sum(counts.naturals[c] for c in counts.dual if c not in keep)
    dual = tuple(c for c in counts.dual if c in keep)
    return HandCounts(tuple(naturals), counts.wilds + freed, dual)


def _explain_kind(
    ask: Solver,
    search: SearchRules,
    kind: MeldKind,
    group: tuple[MeldSpec, ...],
    counts: HandCounts,
) -> str:
    count = len(group)
    noun = f"{count} {kind.value}" + ("" if count == 1 else "s")
    head = f"No way to make {noun}"
    length = min(m.min_length for m in group)
    wilds = counts.wilds
    if kind == MeldKind.RUN:
        least = max(1, search.run_min_naturals)  # "0 or more" says nothing
        one = dataclasses.replace(search, slots=(MeldSpec(kind, length),))
        able = [
            SUITS[s].noun
            for s in range(4)
            if ask.solve(one, _only_cells(counts, {cell(r, s) for r in range(1, 14)})) is not None
        ]
        what = f"{least} or more natural cards close enough together for a run of {length}"
        with_wilds = f"(with {_wild_words(wilds)})"
        if not able:
            return f"{head}: no suit has {what} {with_wilds}."
        if len(able) < count:
            tail = _one_suit_tail(search, able, count)
            return f"{head}: only {_and_list(able)} have {what} {with_wilds}{tail}."
    else:
        least = max(1, search.set_min_naturals)
        distinct = search.set_max <= 4
        ranks = [Rank(r).noun for r in range(1, 14) if _set_naturals(counts, r, distinct) >= least]
        what = f"{least} or more natural cards" + (" of different suits" if distinct else "")
        if not ranks:
            return f"{head}: no rank has {what}."
        if len(ranks) < count:
            return f"{head}: only {_and_list(ranks)} have {what}."
    more = _wilds_short(ask, dataclasses.replace(search, slots=group), counts)
    if more:
        return f"{head} with {_wild_words(wilds)}: {number_word(more)} more would be needed."
    what = "natural cards in sequence" if kind == MeldKind.RUN else "natural cards of one rank"
    return f"{head}: the {what} are too few for {number_word(count)} {kind.value}s."


def _explain_new_kind(
    ask: Solver,
    search: SearchRules,
    kind: MeldKind,
    group: tuple[MeldSpec, ...],
    counts: HandCounts,
) -> str:
    """Why the melds of ``kind`` alone cannot be made under issue 24's kinds and house
    rules: the counts the sentences of :func:`_explain_kind` give are those of sets and runs
    of one suit, so this one says what the house rules allow and how many wilds are short."""
    count = len(group)
    noun = kind.noun if count == 1 else kind.plural
    head = f"No way to make {number_word(count)} {noun} with these cards under this table's rules"
    more = _wilds_short(ask, dataclasses.replace(search, slots=group), counts)
    if more:
        if more == 1:
            return f"{head}: one more wild card would be needed."
        return f"{head}: {number_word(more)} more wild cards would be needed."
    return f"{head}: the natural cards that fit together are too few."


def _one_suit_tail(search: SearchRules, able: list[str], count: int) -> str:
    if search.same_suit.value == "never":
        return ", and runs must be of different suits"
    if len(able) == 1:
        return f", and {able[0]} alone cannot hold {number_word(count)} runs here"
    return ""


def _set_naturals(counts: HandCounts, rank: int, distinct: bool) -> int:
    have = [counts.naturals[cell(rank, s)] for s in range(4)]
    return sum(1 for n in have if n) if distinct else sum(have)


def homeless(
    ask: Solver, search: SearchRules, counts: HandCounts, hand: Sequence[Card], rules: RuleSet
) -> list[Card]:
    """Natural cards that are in no legal meld of the contract's kinds: for each, the search
    is asked for a set of its rank from the cards of that rank, and the run windows of its
    suit are tried."""
    shortest = {
        m.kind: min(x.min_length for x in search.slots if x.kind == m.kind) for m in search.slots
    }
    if search.extra_melds:  # an extra meld may be of either kind, and shorter
        shortest = dict(zip((MeldKind.SET, MeldKind.RUN), search.extra_length, strict=True))
    one = dataclasses.replace(search, all_out=False, keep_discard=False, exact=False)
    in_sets: dict[int, bool] = {}  # by rank
    in_runs: dict[int, int] = {}  # by suit: the positions some run window covers
    stuck: list[Card] = []
    for card in hand:
        if card.rank is None or card.suit is None or card.rank in rules.wild_ranks:
            continue
        rank, suit = int(card.rank), SUITS.index(card.suit)
        if MeldKind.SET in shortest and rank not in in_sets:
            in_sets[rank] = _set_fits(ask, one, counts, shortest[MeldKind.SET], rank)
        if MeldKind.RUN in shortest and suit not in in_runs:
            in_runs[suit] = _run_windows(one, counts, shortest[MeldKind.RUN], suit)
        positions = (1, 14) if rank == 1 else (rank,)
        in_run = any(in_runs.get(suit, 0) >> p & 1 for p in positions)
        if not (in_sets.get(rank, False) or in_run):
            stuck.append(card)
    return stuck


def _set_fits(ask: Solver, search: SearchRules, counts: HandCounts, length: int, rank: int) -> bool:
    """Is there a set of ``rank`` (of ``length`` cards at least) in the hand?"""
    slots = (MeldSpec(MeldKind.SET, length),)
    keep = {cell(rank, s) for s in range(4)}
    return (
        ask.solve(dataclasses.replace(search, slots=slots), _only_cells(counts, keep)) is not None
    )


def _run_windows(search: SearchRules, counts: HandCounts, length: int, suit: int) -> int:
    """The run positions of ``suit`` (a bit each, 1-14) inside some legal run window filled
    by the suit's natural cards and the hand's wilds."""
    spare = counts.wilds + sum(counts.naturals[c] for c in counts.dual)
    held = _positions(suit, lambda c: counts.naturals[c] > 0)
    dual = _positions(suit, lambda c: counts.naturals[c] > 0 and c in counts.dual)
    least = max(1, search.run_min_naturals)
    covered = 0
    for low in range(search.lowest, search.highest - length + 2):
        for high in range(low + length - 1, min(search.highest, low + 12) + 1):
            window = ((1 << (high - low + 1)) - 1) << low
            naturals = (held & window).bit_count()
            wilds = high - low + 1 - naturals
            if (
                naturals >= least
                and wilds <= spare - (dual & window).bit_count()
                and not (search.wilds_at_most_naturals and wilds > naturals)
            ):
                covered |= window
    return covered


def _positions(suit: int, where: Callable[[int], bool]) -> int:
    """A bit per run position (1-14) of ``suit`` whose cell is ``where``."""
    return sum(1 << p for p in range(1, 15) if where(cell(1 if p == 14 else p, suit)))


__all__ = ["explain", "homeless"]
