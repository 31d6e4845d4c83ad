"""A brute-force contract solver: the test and benchmark oracle for :mod:`.arranger`.

It is slow on purpose and obviously right: it tries every group of cards from the hand,
asks the meld referee (:func:`.melds.classify`) whether the group is a legal set or run,
and then tries every way to pick one group per contract meld from pairwise disjoint cards.
A pick is accepted under the same contract-level rules :func:`.contract.check_contract`
applies: the meld lengths are matched to the contract (:func:`.contract.match_lengths`),
two runs of one suit obey the rule set's same-suit policy for some placement of their wilds
(a wild at a run's end may stand below or above it), and in an all-out round every card is
used. A group that is a legal set and a legal run may fill either kind of contract meld, as
the contract referee counts it; a run of wild cards only has no suit, so no other run is too
close to it. Only for hands of up to about 12 cards; never used by the app.

>>> from .cards import format_cards, parse_cards
>>> from .presets import LIVERPOOL
>>> groups = brute_force(LIVERPOOL, 2, parse_cards("7H 7C JK 8C 9C 10C JK KD"))
>>> [format_cards(g) for g in groups]
['7H 7C JK', 'JK 8C 9C 10C']
>>> brute_force(LIVERPOOL, 2, parse_cards("7H 7C JK 8C 9C 10C KD")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, product

from .budget import StepBudget
from .cards import Card
from .contract import match_lengths
from .contract_pairs import runs_may_share
from .meld_model import rank_at
from .melds import Meld, classify, readings
from .rulesets import (
    MAX_RUN_LENGTH,
    Aces,
    ExtraMeldKinds,
    MeldKind,
    MeldSpec,
    RuleSet,
    RunSuits,
    SetRanks,
)
from .runs import run_bounds, run_readings

RANKS = 13


@dataclass(frozen=True)
class _Group:
    mask: int  # indices of the hand's cards
    kind: MeldKind
    length: int
    # A run's possible (suit, low, high), over every legal reading of its cards (an ace low
    # or high, a 2 natural or wild); () for a set, or a run that may be of wild cards only.
    places: tuple[tuple[object, int, int], ...]
    # A set's possible ranks, over every legal reading (None: of wild cards only), where
    # the sets of a lay-down must differ in rank; () otherwise.
    ranks: tuple[object, ...] = ()


def _windows(meld: Meld, rules: RuleSet) -> tuple[tuple[int, int], ...]:
    """Every (low, high) the run can take: its wilds past the naturals go either end (none
    for a run of wild cards only, which has no place), within the aces' bounds, never on a
    rank with no place in a run, and never two wilds side by side where that is the rule.
    Where aces wrap, a place is given from a low position 1 to 13."""
    lowest, highest = run_bounds(rules)
    positions = meld.card_positions()
    wild_at = set(meld.wild_indices)
    naturals = sorted(p for i, p in enumerate(positions) if i not in wild_at)
    if not naturals:
        return ()
    n = len(meld.cards)
    first, last = naturals[0], naturals[-1]
    extra = n - (last - first + 1)
    out = set()
    for low in range(first - extra, first + 1):
        high = low + n - 1
        if low < lowest or high > highest:
            continue
        window = range(low, high + 1)
        if any(rank_at(p) in rules.run_holes for p in window):
            continue
        wild = [p not in naturals for p in window]
        if not rules.adjacent_wilds and any(a and b for a, b in pairwise(wild)):
            continue
        if rules.aces == Aces.WRAP:
            shift = (low - 1) // RANKS * RANKS
            low, high = low - shift, high - shift
        out.add((low, high))
    return tuple(sorted(out))


def _plain(cards: Sequence[Card], rules: RuleSet, kind: MeldKind) -> bool:
    """A cheap necessary condition, to skip groups the referee would surely reject."""
    natural = [c for c in cards if c.rank is not None and c.rank not in rules.wild_ranks]
    if kind == MeldKind.SET:
        return len({c.rank for c in natural}) <= 1
    if kind == MeldKind.FLUSH:
        return len({c.suit for c in natural}) <= 1
    if kind == MeldKind.COLOR:
        return len({c.suit.color for c in natural if c.suit is not None}) <= 1
    if len(cards) > MAX_RUN_LENGTH:
        return False
    if rules.run_suits == RunSuits.ANY:
        return len({c.rank for c in natural}) == len(natural)
    return len({c.suit for c in natural}) <= 1


def _read(
    rules: RuleSet,
    kind: MeldKind,
    group: list[Card],
    least: dict[MeldKind, int],
    seen: dict[tuple[MeldKind, tuple[Card, ...]], Meld | None],
) -> Meld | None:
    """The meld ``group`` makes as ``kind`` (each group of cards is asked once)."""
    if not _plain(group, rules, kind):
        return None
    key = (kind, tuple(sorted(group, key=lambda c: c.sort_key)))
    if key not in seen:
        seen[key] = classify(group, rules, kind, min_length=least[kind])
    return seen[key]


def _shortest(rules: RuleSet, specs: Sequence[MeldSpec]) -> dict[MeldKind, int]:
    """The fewest cards of a meld of each kind, as the referee judges a lay-down."""
    return {
        kind: min([m.min_length for m in specs if m.kind == kind] + [rules.usual_length(kind)])
        for kind in MeldKind
    }


def candidate_groups(rules: RuleSet, round_number: int, cards: Sequence[Card]) -> list[_Group]:
    """Every group of the hand's cards that is a legal meld of a kind the contract uses."""
    spec = rules.round(round_number)
    least = _shortest(rules, spec.contract.melds)
    sizes = _meld_sizes(rules, round_number, least)
    groups: list[_Group] = []
    seen: dict[tuple[MeldKind, tuple[Card, ...]], Meld | None] = {}
    for size in range(1, len(cards) + 1):
        for kind, fits in sizes.items():
            if not fits(size):
                continue
            for picked in combinations(range(len(cards)), size):
                group = [cards[i] for i in picked]
                if _read(rules, kind, group, least, seen) is not None:
                    mask = sum(1 << i for i in picked)
                    groups.append(_group(rules, kind, group, mask, least[kind]))
    return groups


def _meld_sizes(
    rules: RuleSet, round_number: int, least: dict[MeldKind, int]
) -> dict[MeldKind, Callable[[int], bool]]:
    """The kinds a meld of the round may be of, each with the test of its number of cards:
    exactly a contract meld's length where contract melds are exact, else at least the
    shortest (an extra meld of an all-out round may be shorter than the contract's)."""
    spec = rules.round(round_number)
    specs = spec.contract.melds
    extras = rules.extra_melds and spec.all_out
    exact = rules.exact_contract_melds and not spec.all_out
    kinds = {m.kind for m in specs}
    if extras and rules.extra_meld_kinds == ExtraMeldKinds.ANY:
        kinds = set(rules.meld_kinds)
    out: dict[MeldKind, Callable[[int], bool]] = {}
    for kind in kinds:
        lengths = {m.min_length for m in specs if m.kind == kind} or {least[kind]}
        if extras:
            lengths.add(least[kind])
        fewest = min(lengths)
        out[kind] = lengths.__contains__ if exact else fewest.__le__
    return out


def _group(rules: RuleSet, kind: MeldKind, group: list[Card], mask: int, least: int) -> _Group:
    """A legal meld's group, with a run's places or a set's ranks where the rules need
    them."""
    places = _places(rules, group, least) if kind == MeldKind.RUN else ()
    ranks = _set_ranks(rules, group, least) if kind == MeldKind.SET else ()
    return _Group(mask, kind, len(group), places, ranks)


def _set_ranks(rules: RuleSet, group: Sequence[Card], least: int) -> tuple[object, ...]:
    """Every rank a legal reading of the set ``group`` has (None: wild cards only), where
    the sets of a lay-down differ in rank."""
    if rules.set_ranks != SetRanks.DIFFERENT:
        return ()
    found = readings(group, rules, MeldKind.SET, least, StepBudget(10**9))
    ranks = {r.meld.rank for r in found if r.meld is not None}
    return tuple(sorted(ranks, key=str))


def _ranks_differ(sets: Sequence[_Group]) -> bool:
    """Some reading of each set gives the sets different ranks (a set of wild cards only
    has none)."""
    sets = [g for g in sets if g.ranks]
    for ranks in product(*(g.ranks for g in sets)):
        named = [r for r in ranks if r is not None]
        if len(set(named)) == len(named):
            return True
    return not sets


def _runs_fit(rules: RuleSet, runs: Sequence[_Group]) -> bool:
    """Some placement of the runs' wilds obeys the same-suit policy (a run of wild cards
    only has no suit: it is clear of every other run)."""
    runs = [r for r in runs if r.places]
    for places in product(*(r.places for r in runs)):
        ok = True
        for i in range(len(runs)):
            for j in range(i + 1, len(runs)):
                (suit, *a), (other, *b) = places[i], places[j]
                if suit == other and not _pair_fits(rules, (a[0], a[1]), (b[0], b[1])):
                    ok = False
        if ok:
            return True
    return False


def _places(
    rules: RuleSet, group: Sequence[Card], least: int
) -> tuple[tuple[object, int, int], ...]:
    """Every (suit, low, high) a legal reading of the run ``group`` can take; () if one
    reading is of wild cards only (no suit, no place: clear of every other run)."""
    melds = [r.meld for r in run_readings(group, rules, least) if r.meld is not None]
    out: set[tuple[object, int, int]] = set()
    for meld in melds:
        if meld.suit is None:
            return ()  # of any suits, or of wild cards only: no suit to share
        windows = _windows(meld, rules)
        if not windows:
            continue  # no legal placement of its end wilds in this reading
        out.update((meld.suit, low, high) for low, high in windows)
    return tuple(sorted(out, key=str))


def _pair_fits(rules: RuleSet, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two runs of one suit at ``a`` and ``b`` (low, high), by the same-suit rules."""
    return runs_may_share(rules, a, b)


def _extras(groups: Sequence[_Group], left: int) -> Iterator[list[_Group]]:
    """Every way to cover exactly the cards of ``left`` with legal melds (the extra melds
    of an all-out round); the lowest card left must be in the first of them."""
    if not left:
        yield []
        return
    low = left & -left
    for g in groups:
        if g.mask & low and not g.mask & ~left:
            for rest in _extras(groups, left & ~g.mask):
                yield [g, *rest]


def brute_force(
    rules: RuleSet, round_number: int, cards: Sequence[Card]
) -> list[tuple[Card, ...]] | None:
    """One way to lay the contract (one group per contract meld, in contract order), or None."""
    spec = rules.round(round_number)
    specs = spec.contract.melds
    exact = rules.exact_contract_melds and not spec.all_out
    full = (1 << len(cards)) - 1
    groups = candidate_groups(rules, round_number, cards)
    by_kind = {kind: [g for g in groups if g.kind == kind] for kind in MeldKind}
    order = sorted(range(len(specs)), key=lambda j: (specs[j].kind, specs[j].min_length))

    def accept(chosen: list[_Group], everything: list[_Group] | None = None) -> bool:
        for kind in MeldKind:
            mine = [g for g in chosen if g.kind == kind]
            wanted = [m for m in specs if m.kind == kind]
            _, unmatched, _ = match_lengths([g.length for g in mine], wanted, exact=exact)
            if unmatched:
                return False
        runs = [g for g in everything or chosen if g.kind == MeldKind.RUN]
        sets = [g for g in everything or chosen if g.kind == MeldKind.SET]
        return _runs_fit(rules, runs) and _ranks_differ(sets)

    def rec(k: int, used: int, start: int, chosen: list[_Group]) -> list[_Group] | None:
        if k == len(order):
            if rules.keep_card_to_discard and not spec.all_out and used == full:
                return None
            if spec.all_out and used != full:
                if not rules.extra_melds:
                    return None
                for more in _extras(groups, full & ~used):
                    if accept(chosen, chosen + more):
                        return list(chosen)
                return None
            return list(chosen) if accept(chosen) else None
        kind = specs[order[k]].kind
        same = k > 0 and specs[order[k - 1]].kind == kind
        pool = by_kind[kind]
        for idx in range(start if same else 0, len(pool)):
            g = pool[idx]
            if g.mask & used:
                continue
            chosen.append(g)
            found = rec(k + 1, used | g.mask, idx + 1, chosen)
            chosen.pop()
            if found is not None:
                return found
        return None

    found = rec(0, 0, 0, [])
    if found is None:
        return None
    # Give each group its contract meld, matched by kind and length as the referee does.
    result: list[tuple[Card, ...]] = [() for _ in specs]
    for kind in MeldKind:
        mine = [g for g in found if g.kind == kind]
        slots = [j for j in range(len(specs)) if specs[j].kind == kind]
        pairs, _, _ = match_lengths(
            [g.length for g in mine], [specs[j] for j in slots], exact=exact
        )
        for gi, si in pairs.items():
            result[slots[si]] = tuple(c for i, c in enumerate(cards) if mine[gi].mask >> i & 1)
    return result


__all__ = ["brute_force", "candidate_groups"]
