"""The arranger: can these cards make the round's contract, and how?

Terms:

- An **arrangement** lays the contract's melds out of a hand: one meld per contract meld,
  in contract order (a run's cards in run order, each wild in the place it stands for),
  and the **leftover** cards. In an **all-out** round every card goes into the melds, which
  may then be longer than their minimum; otherwise the arranger prefers short melds and the
  leftover may be anything.
- The arranger is **exact**: when it says a contract is impossible, no arrangement exists
  under the rule set (it is checked against :mod:`.bruteforce`, a plain enumerator, and
  every arrangement it returns is accepted by :func:`.contract.check_contract`).

How it works (counts, not cards):

- The hand becomes a count per suit and rank of **natural** cards and one count of **wilds**:
  jokers are interchangeable, and so are wild-rank cards acting wild. In deuces-wild games a
  2 may also stand for itself; it stays among the naturals but also counts in the wild pool,
  and using it as a natural takes it out of the pool (a wild-rank card that is not used as
  a natural can always act as a wild), so no branching on which 2s are wild is needed.
- **Rounds with a discard**: runs are chosen first, each a window ``[low, high]`` of one
  suit (positions 1..14, 14 being the high ace) that takes every natural card it covers,
  except one a set or a later overlapping run may need; a window that could lose an end
  card and stay legal is never tried (a shorter run leaves more cards for the rest). The sets
  are then placed by a small dynamic programme over ranks that minimises the wilds used.
- **All-out rounds**: the lowest card still in hand must go somewhere: into a run in which
  it is the lowest natural card, or into the sets of its rank. Once every card has a home,
  the wilds still in the pool must be absorbed exactly: a set takes any number of wilds
  (at most four cards when suits must differ; never more wilds than naturals under that
  house rule), a run grows at either end up to 13 cards while staying clear of the other
  runs of its suit. The totals each meld can absorb are combined exactly (a small knapsack).
- Failed states are remembered, so the search never repeats itself.

A worked hand, Liverpool round 6 (1 set and 2 runs):

>>> from .cards import parse_cards
>>> from .rulesets import LIVERPOOL
>>> hand = parse_cards("7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C")
>>> arrangement = arrange(LIVERPOOL, 6, hand)
>>> arrangement.possible
True
>>> [format_cards(m.cards) for m in arrangement.melds]
['7H 7C JK', '3S 4S 5S 6S', '9D 10D JD QD']
>>> format_cards(arrangement.leftover)
'2C'
>>> print(arrange(LIVERPOOL, 3, parse_cards("3S 4S 5S 6S 9D 10D 7H 8C")).reason)
No way to make 2 runs: only spades have 3 or more natural cards close enough together for a run of 4 (with 0 wild cards), and spades alone cannot hold two runs here.
"""  # noqa: E501

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from .cards import Card, Rank, Suit, format_cards
from .rulesets import MeldKind, RuleSet, SameSuitRuns, number_word

SUITS: tuple[Suit, ...] = tuple(Suit)
HIGH_ACE = 14
MAX_RUN = 13
_STRIDE = 14  # natural counts live at index suit * 14 + rank (rank 1..13)
_INF = 1 << 20


# --- the answer -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArrangedMeld:
    """One meld of an arrangement: its kind and its cards (a run's in run order)."""

    kind: MeldKind
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Arrangement:
    """The arranger's answer.

    ``melds`` has one meld per contract meld, in contract order; ``leftover`` is every card
    not laid down (empty in an all-out round). When ``possible`` is false, ``melds`` is
    empty, ``leftover`` is the whole hand and ``reason`` says what is missing.
    """

    possible: bool
    melds: tuple[ArrangedMeld, ...]
    leftover: tuple[Card, ...]
    reason: str = ""


# --- the rules, as the search needs them --------------------------------------------------------


@dataclass(frozen=True)
class _Ctx:
    m_run: int
    m_set: int
    wam: bool  # wilds at most naturals
    distinct: bool  # sets of different suits, at most 4 cards
    policy: SameSuitRuns
    exact: bool  # contract melds exactly their minimum length
    dual: frozenset[int]  # ranks that are wild but may stand for themselves
    dual_pos: int  # bit mask of run positions (1..14) whose card is such a rank
    key: int  # one small number per distinct set of the fields above, for cache keys

    @classmethod
    def of(cls, rules: RuleSet, all_out: bool) -> _Ctx:
        dual = (
            frozenset(int(r) for r in rules.wild_ranks)
            if rules.wild_can_be_natural
            else frozenset()
        )
        mask = 0
        for r in dual:
            mask |= 1 << r
            if r == 1:
                mask |= 1 << HIGH_ACE
        m_run, m_set = rules.run_min_naturals, rules.set_min_naturals
        wam, distinct = rules.wilds_at_most_naturals, rules.set_distinct_suits
        policy, exact = rules.same_suit_runs, rules.exact_contract_melds and not all_out
        fields = (m_run, m_set, wam, distinct, policy, exact, dual, mask)
        with _CTX_KEYS_LOCK:  # two threads must never draw the same number for different rules
            key = _CTX_KEYS.setdefault(fields, len(_CTX_KEYS))
        return cls(m_run, m_set, wam, distinct, policy, exact, dual, mask, key)

    def set_bounds(self, naturals: int, length: int) -> tuple[int, int]:
        """Fewest and most wilds a set with ``naturals`` natural cards may hold (lo > hi: none)."""
        lo = max(0, length - naturals)
        hi = _INF
        if self.wam:
            hi = naturals
        if self.distinct:
            hi = min(hi, 4 - naturals)
        if naturals < self.m_set:
            return 1, 0
        return lo, hi


# The search's caches are keyed by a context's number, not the context: a key of ints
# alone (and a value of ints and tuples alone) is one the garbage collector stops tracking,
# so the bounded caches do not make every full collection longer. Few contexts ever exist
# (one per combination of the house rules above).
_CTX_KEYS: dict[tuple[object, ...], int] = {}
_CTX_KEYS_LOCK = threading.Lock()


_CARD: tuple[tuple[Card, ...], ...] = tuple(
    (Card(Rank.ACE, suit), *(Card(rank, suit) for rank in Rank)) for suit in SUITS
)  # _CARD[suit][rank], rank 1..13


def _rank_of(position: int) -> int:
    return 1 if position == HIGH_ACE else position


def _positions(mask: int) -> Iterator[int]:
    p = 1
    mask >>= 1
    while mask:
        if mask & 1:
            yield p
        mask >>= 1
        p += 1


def _window(lo: int, hi: int) -> int:
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)


_WINDOWS_AT = [[_window(lo, hi) if lo <= hi else 0 for hi in range(15)] for lo in range(15)]


def _suit_mask(nat: Sequence[int], s: int) -> int:
    base = s * _STRIDE
    mask = 0
    for r in range(1, 14):
        if nat[base + r]:
            mask |= 1 << r
    if mask & 2:
        mask |= 1 << HIGH_ACE
    return mask


def _compatible(policy: SameSuitRuns, lo: int, hi: int, others: Sequence[tuple[int, int]]) -> bool:
    """May a run ``[lo, hi]`` sit beside the runs ``others`` of the same suit?"""
    for olo, ohi in others:
        if policy == SameSuitRuns.NEVER:
            return False
        if hi + 1 == olo or ohi + 1 == lo:  # touching
            return False
        if policy == SameSuitRuns.APART and lo <= ohi and olo <= hi:  # overlapping
            return False
    return True


_WINDOW_BITS = 16  # a window's id: low * 16 + high


def _compatible_masks(policy: SameSuitRuns) -> tuple[int, ...]:
    """For each window id, the bit mask of the window ids a run may take beside it in the
    same suit (as :func:`_compatible` says): one bit test per pair in the searches."""
    windows = [(lo, hi) for lo in range(1, 15) for hi in range(lo, 15)]
    ends_at = [0] * 16  # the windows ending at each position
    starts_at = [0] * 16
    for lo, hi in windows:
        ends_at[hi] |= 1 << (lo * _WINDOW_BITS + hi)
        starts_at[lo] |= 1 << (lo * _WINDOW_BITS + hi)
    masks = [0] * (15 * _WINDOW_BITS)
    for lo, hi in windows:
        if policy == SameSuitRuns.APART_OR_OVERLAPPING:  # anything but touching
            bad = ends_at[lo - 1] | starts_at[hi + 1]
            masks[lo * _WINDOW_BITS + hi] = sum(ends_at) & ~bad
        elif policy == SameSuitRuns.APART:  # a gap of one position at least
            below = sum(ends_at[: max(lo - 1, 0)])
            above = sum(starts_at[hi + 2 :])
            masks[lo * _WINDOW_BITS + hi] = below | above
    return tuple(masks)


_COMPATIBLE = {policy: _compatible_masks(policy) for policy in SameSuitRuns}


# the run positions of each rank: the ace's two, low and high
_RANK_POSITIONS = (0, (1 << 1) | (1 << HIGH_ACE), *(1 << r for r in range(2, 14)))


class _RunPlan(NamedTuple):
    """A run before cards are picked: its contract meld, suit, window and natural positions."""

    spec: int
    suit: int
    lo: int
    hi: int
    mask: int


class _SetPlan(NamedTuple):
    """A set before cards are picked: its contract meld, rank, naturals per suit, wilds."""

    spec: int
    rank: int
    naturals: tuple[int, int, int, int]
    wilds: int


_Plan = _RunPlan | _SetPlan


# --- rounds with a discard ------------------------------------------------------------------------


class _DiscardSearch:
    """Runs first (windows), then sets by a dynamic programme over ranks."""

    def __init__(self, ctx: _Ctx, runs: list[tuple[int, int]], sets: list[tuple[int, int]]):
        self.ctx = ctx
        self.runs = sorted(runs, key=lambda x: (x[1], x[0]))
        self.sets = sets
        self.ordered = len({length for _, length in runs}) <= 1
        self.failed: set[tuple[object, ...]] = set()

    def solve(self, nat: list[int], wilds: int) -> list[_Plan] | None:
        return self._runs(0, nat, wilds, [[], [], [], []], (-1, 0, 0, 0))

    def _runs(
        self,
        i: int,
        nat: list[int],
        wilds: int,
        windows: list[list[tuple[int, int]]],
        prev: tuple[int, int, int, int],
    ) -> list[_Plan] | None:
        if i == len(self.runs):
            return _place_sets(self.ctx, nat, wilds, self.sets)
        per_suit, per_rank, per_set = _tallies(self.ctx, nat)
        if not _enough_naturals(self.ctx, per_suit, per_rank, len(self.runs) - i, len(self.sets)):
            return None
        key = (i, tuple(nat), wilds, tuple(tuple(w) for w in windows), prev)
        if key in self.failed:
            return None
        index, length = self.runs[i]
        same_spec = i > 0 and self.runs[i - 1][1] == length
        for cand in _discard_run_candidates(
            self.ctx,
            nat,
            wilds,
            length,
            bool(self.sets),
            len(self.runs) - i - 1,
            self.ordered,
            windows,
            per_set,
        ):
            s, lo, hi, mask, cost = cand
            if same_spec and (s, lo, hi, mask) < prev:
                continue
            if windows[s] and not _compatible(self.ctx.policy, lo, hi, windows[s]):
                continue
            base = s * _STRIDE
            for p in _positions(mask):
                nat[base + _rank_of(p)] -= 1
            windows[s].append((lo, hi))
            rest = self._runs(i + 1, nat, wilds - cost, windows, (s, lo, hi, mask))
            windows[s].pop()
            for p in _positions(mask):
                nat[base + _rank_of(p)] += 1
            if rest is not None:
                return [_RunPlan(index, s, lo, hi, mask), *rest]
        self.failed.add(key)
        return None


def _tallies(ctx: _Ctx, nat: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Natural cards per suit and per rank, and per rank the naturals one set can hold
    (for sets of different suits: the suits present)."""
    per_suit = [0, 0, 0, 0]
    per_rank = [0] * 14
    per_set = [0] * 14
    distinct = ctx.distinct
    for s in range(4):
        base = s * _STRIDE
        total = 0
        for r in range(1, 14):
            c = nat[base + r]
            if c:
                total += c
                per_rank[r] += c
                per_set[r] += 1 if distinct else c
        per_suit[s] = total
    return per_suit, per_rank, per_set


def _enough_naturals(
    ctx: _Ctx, per_suit: Sequence[int], per_rank: Sequence[int], runs: int, sets: int
) -> bool:
    """A quick count: every run needs its natural cards of one suit, every set of one rank."""
    if sum(c // ctx.m_run for c in per_suit) < runs:
        return False
    if sets and sum(c // ctx.m_set for c in per_rank) < sets:
        return False
    return runs * ctx.m_run + sets * ctx.m_set <= sum(per_suit)


def _discard_run_candidates(
    ctx: _Ctx,
    nat: Sequence[int],
    wilds: int,
    length: int,
    sets_remain: bool,
    runs_after: int,
    ordered: bool,
    chosen: Sequence[Sequence[tuple[int, int]]],
    per_set: Sequence[int],
) -> Iterator[tuple[int, int, int, int, int]]:
    """Runs worth trying: ``(suit, low, high, natural positions, wild-pool cost)``.

    A run takes the naturals in its window, except ones it releases (standing a wild in
    their place) because a set of that rank or a later overlapping run may want them.

    A run longer than ``length`` that could lose an end card and stay legal is skipped: the
    shorter run leaves more behind. When runs of one suit may overlap, losing an end can
    make the run touch another one; with interchangeable runs tried in order of their low
    end (``ordered``), only an earlier run ending at this run's low end, or a later run
    starting at its high end, can do that, so only then is the longer run tried.
    """
    m = ctx.m_run
    overlap = ctx.policy == SameSuitRuns.APART_OR_OVERLAPPING
    several = overlap and (runs_after > 0 or any(chosen))
    if several and not ordered:
        trim_mode = 0  # no trimming argument: try every window
    elif several:
        trim_mode = 2  # trimming, unless another run may block it
    else:
        trim_mode = 1
    exact = ctx.exact
    dual_pos = ctx.dual_pos
    wam = ctx.wam
    for s in range(4):
        mask = _suit_mask(nat, s)
        if mask.bit_count() < m:
            continue
        release_ok = 0
        if sets_remain or (overlap and runs_after):
            base = s * _STRIDE
            for p in _positions(mask):
                r = _rank_of(p)
                if (overlap and nat[base + r] <= runs_after) or (
                    sets_remain and per_set[r] >= ctx.m_set
                ):
                    release_ok |= 1 << p
        ends_blocked = {hi for _, hi in chosen[s]} if trim_mode == 2 else set()
        for lo, hi, full, n0, size in _windows_for(mask, length, m, exact, trim_mode == 1):
            if size - n0 > wilds:
                continue
            long = size > length and not exact and trim_mode > 0
            free = full & release_ok
            if long:
                free &= ~((1 << lo) | (1 << hi))
            for drop in _submasks(free):
                nat_mask = full & ~drop if drop else full
                n = n0 - drop.bit_count()
                w = size - n
                if n < m or (wam and w > n):
                    continue
                cost = w + (nat_mask & dual_pos).bit_count()
                if cost > wilds:
                    continue
                if long:
                    spare = n > m and not (wam and w >= n)  # a natural end could go
                    low_trim = spare or not nat_mask >> lo & 1
                    high_trim = spare or not nat_mask >> hi & 1
                    if trim_mode == 1 and (low_trim or high_trim):
                        continue
                    if low_trim and lo not in ends_blocked:
                        continue
                    if high_trim and not runs_after:
                        continue
                yield s, lo, hi, nat_mask, cost


# cached values are tuples of ints: once the collector has seen them it stops tracking them,
# so the bounded caches do not make every full collection longer
_WINDOWS: dict[tuple[int, int, int, bool, bool], tuple[tuple[int, int, int, int, int], ...]] = {}


def _windows_for(
    mask: int, length: int, m: int, exact: bool, trim: bool
) -> tuple[tuple[int, int, int, int, int], ...]:
    """Windows ``(low, high, naturals mask, naturals, size)`` of a suit holding ``mask``.

    Only windows with at least ``m`` naturals; when ``trim``, a window longer than
    ``length`` must have natural cards at both ends (a wild end could simply go).
    """
    key = (mask, length, m, exact, trim)
    found = _WINDOWS.get(key)
    if found is not None:
        return found
    out: list[tuple[int, int, int, int, int]] = []
    for lo in range(1, 16 - length):
        row = _WINDOWS_AT[lo]
        top = lo + length - 1 if exact else min(HIGH_ACE, lo + MAX_RUN - 1)
        if (mask & row[top]).bit_count() < m:
            continue
        if trim and not mask >> lo & 1:
            top = lo + length - 1  # a longer window would start with a wild
        for hi in range(lo + length - 1, top + 1):
            full = mask & row[hi]
            n0 = full.bit_count()
            if n0 < m:
                continue
            size = hi - lo + 1
            if trim and size > length and not full >> hi & 1:
                continue
            out.append((lo, hi, full, n0, size))
    if len(_WINDOWS) > 200_000:
        _WINDOWS.clear()
    found = _WINDOWS[key] = tuple(out)
    return found


def _submasks(mask: int) -> Iterator[int]:
    """Every submask of ``mask``, the empty one first."""
    yield 0
    sub = mask
    subs = []
    while sub:
        subs.append(sub)
        sub = (sub - 1) & mask
    yield from reversed(subs)


def _distinct_best(
    counts: tuple[int, ...], targets_lo: Sequence[int], targets_hi: Sequence[int]
) -> list[int] | None:
    """Most naturals for sets of different suits: one per suit per set (Gale-Ryser).

    ``counts`` are the cards of the rank per suit; set j takes between ``targets_lo[j]`` and
    ``targets_hi[j]`` naturals. Returns the per-set naturals, or None.
    """
    g = len(targets_lo)
    best: list[int] | None = None
    best_total = -1
    caps = [sum(min(c, k) for c in counts) for k in range(g + 1)]

    def rec(j: int, chosen: list[int]) -> None:
        nonlocal best, best_total
        if j == g:
            ordered = sorted(chosen, reverse=True)
            acc = 0
            for k, a in enumerate(ordered, start=1):
                acc += a
                if acc > caps[k]:
                    return
            if acc > best_total:
                best_total, best = acc, list(chosen)
            return
        for a in range(targets_hi[j], targets_lo[j] - 1, -1):
            chosen.append(a)
            rec(j + 1, chosen)
            chosen.pop()

    rec(0, [])
    return best


def _set_cost(
    ctx: _Ctx, nat: Sequence[int], rank: int, sizes: Sequence[int]
) -> tuple[int, tuple[int, ...]] | None:
    """Fewest wild-pool cards for sets of ``sizes`` on ``rank``, and each set's naturals."""
    counts = (nat[rank], nat[_STRIDE + rank], nat[2 * _STRIDE + rank], nat[3 * _STRIDE + rank])
    key = (ctx.m_set, ctx.wam, ctx.distinct, rank in ctx.dual, counts, tuple(sizes))
    found = _SET_COSTS.get(key, False)
    if found is False:
        found = _set_cost_of(ctx, counts, rank in ctx.dual, sizes)
        if len(_SET_COSTS) > 50_000:
            _SET_COSTS.clear()
        _SET_COSTS[key] = found
    return found  # type: ignore[return-value]


# (rule parameters, naturals per suit, sizes) -> (fewest wild-pool cards, naturals per set)
_SET_COSTS: dict[tuple[object, ...], tuple[int, tuple[int, ...]] | None] = {}


def _set_cost_of(
    ctx: _Ctx, counts: tuple[int, ...], dual: bool, sizes: Sequence[int]
) -> tuple[int, tuple[int, ...]] | None:
    lows = [max(ctx.m_set, (size + 1) // 2 if ctx.wam else 0) for size in sizes]
    if any(lo > size for lo, size in zip(lows, sizes, strict=True)):
        return None
    if ctx.distinct:
        his = [min(size, 4) for size in sizes]
        split = _distinct_best(counts, lows, his)
        if split is None:
            return None
    else:
        have = sum(counts)
        if have < sum(lows):
            return None
        split = list(lows)
        spare = have - sum(lows)
        for j, size in enumerate(sizes):
            extra = min(spare, size - split[j])
            split[j] += extra
            spare -= extra
    used = sum(split)
    cost = sum(sizes) - used + (used if dual else 0)
    return cost, tuple(split)


def _place_sets(
    ctx: _Ctx, nat: Sequence[int], wilds: int, sets: list[tuple[int, int]]
) -> list[_Plan] | None:
    """Place the sets on ranks with the fewest wilds (rounds with a discard)."""
    if not sets:
        return []
    sizes = [length if ctx.exact else max(length, ctx.m_set) for _, length in sets]
    order = sorted(range(len(sets)), key=lambda j: sizes[j])
    per_set = _tallies(ctx, nat)[2]
    ranks = [r for r in range(1, 14) if per_set[r] >= ctx.m_set]
    if not ranks:
        return None
    if len(set(sizes)) == 1:
        return _place_equal_sets(ctx, nat, wilds, sets, sizes[0], ranks)
    best: tuple[int, list[tuple[int, list[int], tuple[int, ...]]]] | None = None
    cost_cache: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]] | None] = {}

    def group_cost(rank: int, members: list[int]) -> tuple[int, tuple[int, ...]] | None:
        key = (rank, tuple(sizes[j] for j in members))
        if key not in cost_cache:
            cost_cache[key] = _set_cost(ctx, nat, rank, [sizes[j] for j in members])
        return cost_cache[key]

    # Each set picks a rank; sets of one size pick ranks in order (they are interchangeable).
    def rec(k: int, chosen: list[int]) -> None:
        nonlocal best
        if k == len(order):
            groups: dict[int, list[int]] = {}
            for j, r in zip(order, chosen, strict=True):
                groups.setdefault(r, []).append(j)
            total = 0
            parts: list[tuple[int, list[int], tuple[int, ...]]] = []
            for r, members in groups.items():
                found = group_cost(r, members)
                if found is None:
                    return
                total += found[0]
                parts.append((r, members, found[1]))
            if total <= wilds and (best is None or total < best[0]):
                best = (total, parts)
            return
        j = order[k]
        start = 0
        if k > 0 and sizes[order[k - 1]] == sizes[j]:
            start = ranks.index(chosen[-1])
        for r in ranks[start:]:
            chosen.append(r)
            rec(k + 1, chosen)
            chosen.pop()
            if best is not None and best[0] == 0:
                return

    rec(0, [])
    if best is None:
        return None
    plans: list[_Plan] = []
    for r, members, split in best[1]:
        suits = _split_suits(ctx, tuple(nat[s * _STRIDE + r] for s in range(4)), split)
        for j, naturals in zip(members, suits, strict=True):
            plans.append(_SetPlan(sets[j][0], r, naturals, sizes[j] - sum(naturals)))
    return plans


def _place_equal_sets(
    ctx: _Ctx,
    nat: Sequence[int],
    wilds: int,
    sets: list[tuple[int, int]],
    size: int,
    ranks: list[int],
) -> list[_Plan] | None:
    """Sets of one size: a dynamic programme over ranks on the number of sets placed, each
    rank's cost for so many sets from :func:`_set_cost` (kept per rank's cards)."""
    k = len(sets)
    # best[g] = (fewest wild-pool cards for g sets on the ranks so far, [(rank, sets, split)])
    best: list[tuple[int, list[tuple[int, int, tuple[int, ...]]]] | None] = [(0, [])] + [None] * k
    for r in ranks:
        nxt = list(best)
        for g in range(1, k + 1):
            found = _set_cost(ctx, nat, r, [size] * g)
            if found is None:
                break  # more sets of this rank would need even more of its cards
            cost_r, split = found
            for g0 in range(k - g + 1):
                entry = best[g0]
                if entry is None:
                    continue
                cost = entry[0] + cost_r
                cur = nxt[g0 + g]
                if cost <= wilds and (cur is None or cost < cur[0]):
                    nxt[g0 + g] = (cost, [*entry[1], (r, g, split)])
        best = nxt
    final = best[k]
    if final is None:
        return None
    plans: list[_Plan] = []
    j = 0
    for r, _, split in final[1]:
        per_set = _split_suits(ctx, tuple(nat[s * _STRIDE + r] for s in range(4)), split)
        for naturals in per_set:
            plans.append(_SetPlan(sets[j][0], r, naturals, size - sum(naturals)))
            j += 1
    return plans


def _split_suits(
    ctx: _Ctx, counts: tuple[int, ...], split: Sequence[int]
) -> list[tuple[int, int, int, int]]:
    """Which suits each set's naturals come from (different suits when required)."""
    left = list(counts)
    out: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * len(split)
    for j in sorted(range(len(split)), key=lambda j: -split[j]):
        take = [0, 0, 0, 0]
        need = split[j]
        if ctx.distinct:
            for s in sorted(range(4), key=lambda s: -left[s])[:need]:
                take[s] = 1
                left[s] -= 1
        else:
            for s in range(4):
                k = min(need, left[s])
                take[s] += k
                left[s] -= k
                need -= k
        out[j] = (take[0], take[1], take[2], take[3])
    return out


# --- runs only, in rounds with a discard: suit by suit ----------------------------------------


def _runs_by_suit(
    ctx: _Ctx, nat: Sequence[int], wilds: int, runs: Sequence[tuple[int, int]]
) -> list[_Plan] | None:
    """Runs only (rounds with a discard): each suit on its own, then the suits together.

    Runs of different suits share nothing but the wild pool, so every suit gets, for each
    group of the contract's runs it could hold, the fewest wild-pool cards those runs need
    (:func:`_suit_runs`); a small programme over the suits then picks one group per suit.
    """
    key = (ctx.key, tuple(nat), tuple(sorted(length for _, length in runs)))
    cached = _RUNS_BY_SUIT.get(key)
    if cached is not None and (cached[0] is not None or cached[1] >= wilds):
        found = cached[0]
    else:
        # two wilds of slack: asking again with one or two more (as the explanation of a
        # failure does) then finds the answer cached
        found = _runs_by_suit_best(ctx, nat, wilds + 2, runs)
        if len(_RUNS_BY_SUIT) > 50_000:
            _RUNS_BY_SUIT.clear()
        _RUNS_BY_SUIT[key] = (found, wilds + 2)
    if found is None or found[0] > wilds:
        return None
    return _run_plans(runs, found[1])


# (ctx, naturals, run lengths) -> (fewest wilds and windows, or None; the cap searched)
_RUNS_BY_SUIT: dict[tuple[object, ...], tuple[tuple[int, tuple[_SuitPick, ...]] | None, int]] = {}


def _runs_by_suit_best(
    ctx: _Ctx, nat: Sequence[int], cap: int, runs: Sequence[tuple[int, int]]
) -> tuple[int, tuple[_SuitPick, ...]] | None:
    """The fewest wild-pool cards the runs need (None: more than ``cap``), and their windows
    per suit: ``(suit, lengths, windows)``."""
    lengths = tuple(sorted(length for _, length in runs))
    groups = _groups(lengths)
    # reach: runs still to place (a sorted tuple) -> (cost so far, windows per suit)
    reach: dict[tuple[int, ...], tuple[int, tuple[_SuitPick, ...]]] = {lengths: (0, ())}
    for s in range(4):
        counts = tuple(nat[s * _STRIDE + r] for r in range(14))
        if sum(counts) < ctx.m_run:
            continue
        nxt = dict(reach)
        for left, (cost0, chosen) in reach.items():
            for group in groups:
                rest = _minus(left, group)
                if rest is None:
                    continue
                found = _suit_runs(ctx, counts, group, cap)
                if found is None:
                    continue
                cost = cost0 + found[0]
                cur = nxt.get(rest)
                if cur is None or cost < cur[0]:
                    nxt[rest] = (cost, (*chosen, (s, group, found[1])))
        reach = nxt
    final = reach.get(())
    if final is None or final[0] > cap:
        return None
    return final


def _run_plans(
    runs: Sequence[tuple[int, int]], chosen: Sequence[tuple[int, tuple[int, ...], _Windows]]
) -> list[_Plan]:
    """Run plans from windows chosen per suit: each run gets a contract meld of its length."""
    free = list(runs)
    plans: list[_Plan] = []
    for s, group, windows in chosen:
        for length, (lo, hi, mask) in zip(group, windows, strict=True):
            k = next(k for k, (_, have) in enumerate(free) if have == length)
            plans.append(_RunPlan(free.pop(k)[0], s, lo, hi, mask))
    return plans


def _set_choices(
    ctx: _Ctx, nat: Sequence[int], r: int, least: int, most: int
) -> Iterator[tuple[int, int, int, int]]:
    """Natural cards of rank ``r`` a set may take, per suit (one per suit when suits must
    differ), from ``least`` to ``most`` of them."""
    top = [nat[s * _STRIDE + r] for s in range(4)]
    if ctx.distinct:
        top = [min(1, c) for c in top]
    if sum(top) < least:
        return
    for a in range(top[0] + 1):
        for b in range(top[1] + 1):
            for c in range(top[2] + 1):
                for d in range(top[3] + 1):
                    if least <= a + b + c + d <= most:
                        yield (a, b, c, d)


_SetPick = tuple[int, int, tuple[int, int, int, int]]  # (set index, rank, naturals per suit)
_Windows = tuple[tuple[int, int, int], ...]  # (low, high, natural positions) per run
_SuitPick = tuple[int, tuple[int, ...], _Windows]  # (suit, run lengths, windows)
# (ctx, naturals, runs, sets) -> ((cost, sets, runs per suit) or None, the cap searched)
_SetsRuns = tuple[int, tuple[_SetPick, ...], tuple[_SuitPick, ...]]
_SETS_RUNS: dict[tuple[object, ...], tuple[_SetsRuns | None, int]]
_SETS_RUNS = {}


def _sets_and_runs(
    ctx: _Ctx,
    nat: list[int],
    wilds: int,
    runs: Sequence[tuple[int, int]],
    sets: Sequence[tuple[int, int]],
) -> list[_Plan] | None:
    """Sets and runs (rounds with a discard, same-suit runs may overlap): every way to make
    the sets (a rank, which natural cards, the rest wilds), then the runs suit by suit
    (:func:`_runs_by_suit_best`) with the natural cards left. Few ranks hold enough natural
    cards for a set, so the choices are few. The fewest wild-pool cards in all is kept per
    hand (with two wilds of slack, for the explanation of a failure).
    """
    key = (ctx.key, tuple(nat), tuple(runs), tuple(sets))
    cached = _SETS_RUNS.get(key)
    found: _SetsRuns | None
    if cached is not None and (cached[0] is not None or cached[1] >= wilds):
        found = cached[0]
    else:
        cap = wilds + 2
        sizes = [length if ctx.exact else max(length, ctx.m_set) for _, length in sets]
        best: list[object] = [cap + 1, None]
        picks: list[_SetPick] = []
        dual = ctx.dual
        # taking natural cards away never makes the runs cheaper: a bound, and a way out
        floor = _runs_by_suit_best(ctx, nat, cap, runs)
        least_runs = cap + 1 if floor is None else floor[0]

        def rec(j: int, cost: int, prev: tuple[int, tuple[int, int, int, int]]) -> bool:
            """True once the bound is reached (nothing can do better)."""
            if cost + least_runs >= best[0]:  # type: ignore[operator]
                return False
            if j == len(sets):
                got = _runs_by_suit_best(ctx, nat, best[0] - 1 - cost, runs)  # type: ignore[operator]
                if got is not None:
                    best[0] = cost + got[0]
                    best[1] = (cost + got[0], tuple(picks), got[1])
                    return best[0] == least_runs + least_sets
                return False
            size = sizes[j]
            least = max(ctx.m_set, (size + 1) // 2 if ctx.wam else 0)
            most = min(size, 4) if ctx.distinct else size
            if ctx.distinct and size > 4:
                return False
            same = j > 0 and sizes[j - 1] == size
            for r in range(1, 14):
                for naturals in _set_choices(ctx, nat, r, least, most):
                    if same and (r, naturals) < prev:
                        continue
                    n = sum(naturals)
                    add = size - n + (n if r in dual else 0)
                    for s in range(4):
                        nat[s * _STRIDE + r] -= naturals[s]
                    picks.append((sets[j][0], r, naturals))
                    done = rec(j + 1, cost + add, (r, naturals))
                    picks.pop()
                    for s in range(4):
                        nat[s * _STRIDE + r] += naturals[s]
                    if done:
                        return True
            return False

        # the least each set can cost on its own (a bound: the sets and runs share cards)
        least_sets = 0
        for size in sizes:
            least = max(ctx.m_set, (size + 1) // 2 if ctx.wam else 0)
            most = min(size, 4) if ctx.distinct else size
            least_sets += min(
                (
                    size - sum(v) + (sum(v) if r in dual else 0)
                    for r in range(1, 14)
                    for v in _set_choices(ctx, nat, r, least, most)
                ),
                default=cap + 1,
            )
        if floor is not None and least_runs + least_sets <= cap:
            rec(0, 0, (0, (0, 0, 0, 0)))
        found = best[1]  # type: ignore[assignment]
        if len(_SETS_RUNS) > 50_000:
            _SETS_RUNS.clear()
        _SETS_RUNS[key] = (found, cap)
    if found is None or found[0] > wilds:
        return None
    plans: list[_Plan] = []
    for index, r, naturals in found[1]:
        size = next(
            length if ctx.exact else max(length, ctx.m_set) for i, length in sets if i == index
        )
        plans.append(_SetPlan(index, r, naturals, size - sum(naturals)))
    plans.extend(_run_plans(runs, found[2]))
    return plans


_GROUPS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def _groups(lengths: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of the run lengths ``lengths`` (sorted)."""
    found = _GROUPS.get(lengths)
    if found is None:
        found = _GROUPS[lengths] = sorted(
            {
                tuple(lengths[j] for j in pick)
                for k in range(1, len(lengths) + 1)
                for pick in _index_combinations(len(lengths), k)
            }
        )
    return found


def _index_combinations(n: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    for first in range(n):
        for rest in _index_combinations(n - first - 1, k - 1):
            yield (first, *(first + 1 + x for x in rest))


def _minus(left: tuple[int, ...], group: tuple[int, ...]) -> tuple[int, ...] | None:
    out = list(left)
    for x in group:
        if x not in out:
            return None
        out.remove(x)
    return tuple(out)


_SuitRuns = tuple[int, _Windows]
# (ctx, counts, lengths) -> (the answer, or None if it costs more than cap; that cap)
_SUIT_RUNS: dict[tuple[object, ...], tuple[_SuitRuns | None, int]] = {}
# (positions held, length, ...) -> windows (own cost, low, high, naturals, ranks covered as
# positions (an ace as both), window id), cheapest first
_SUIT_OPTS: dict[tuple[object, ...], tuple[tuple[int, int, int, int, int, int], ...]] = {}


def _suit_runs(
    ctx: _Ctx, counts: tuple[int, ...], lengths: tuple[int, ...], cap: int
) -> tuple[int, tuple[tuple[int, int, int], ...]] | None:
    """Fewest wild-pool cards for runs of ``lengths`` in one suit, and their windows.

    ``counts[r]`` is the suit's natural cards of rank ``r``. Given the runs' windows, a
    position covered by ``k`` runs gives natural cards to ``min(count, k)`` of them (at most
    one each), and each run needs enough natural cards (a flow with lower bounds: checked,
    and its cards found, by :func:`_share`); everything else is a wild. Windows are tried
    cheapest first, with the best total so far as a bound. Returns ``(cost, ((low, high,
    natural positions), ...))``, or None when the cost would exceed ``cap``.
    """
    key = (ctx.key, counts, lengths)
    cached = _SUIT_RUNS.get(key)
    if cached is not None:
        found, searched = cached
        if found is not None:
            return found if found[0] <= cap else None
        if searched >= cap:
            return None
    m = ctx.m_run
    k = len(lengths)
    # each run holds at most one card of each rank (an ace: low or high)
    if sum(min(c, k) for c in counts) < k * m:
        _SUIT_RUNS[key] = (None, _INF)
        return None
    mask = 0
    for r in range(1, 14):
        if counts[r]:
            mask |= 1 << r
    if mask & 2:
        mask |= 1 << HIGH_ACE
    dual_pos = ctx.dual_pos
    per_length: dict[int, tuple[tuple[int, int, int, int, int, int], ...]] = {}
    for length in set(lengths):
        # Unless runs of the suit may overlap, a longer run with a wild at one end is never
        # better than the run without it (shrinking cannot make two runs touch).
        trim = ctx.policy != SameSuitRuns.APART_OR_OVERLAPPING
        okey = (mask, length, m, ctx.exact, ctx.wam, dual_pos, trim)
        opts = _SUIT_OPTS.get(okey)
        if opts is None:
            found_opts = []
            for lo, hi, full, n0, size in _windows_for(mask, length, m, ctx.exact, trim):
                if ctx.wam and size > 2 * n0:
                    continue
                own = size - n0 + (full & dual_pos).bit_count()
                cover = full | (full >> 13 & 2) | (full & 2) << 13
                found_opts.append((own, lo, hi, full, cover, lo * _WINDOW_BITS + hi))
            found_opts.sort()
            if len(_SUIT_OPTS) > 100_000:
                _SUIT_OPTS.clear()
            opts = _SUIT_OPTS[okey] = tuple(found_opts)
        # windows dearer than the cap are never tried (the search stops at the bound)
        per_length[length] = opts if opts and opts[0][0] <= cap else ()
    if any(not per_length[length] for length in lengths):
        _SUIT_RUNS[key] = (None, cap)
        return None
    # the least the runs after the j-th can cost
    rest_lb = [sum(per_length[x][0][0] for x in lengths[j + 1 :]) for j in range(k)]
    # by_count[c - 1]: the positions (an ace as both) of the ranks with c natural cards
    by_count = [0] * k
    for r in range(1, 14):
        if 0 < counts[r] <= k:
            by_count[counts[r] - 1] |= _RANK_POSITIONS[r]
    chosen: list[tuple[int, int, int]] = []
    best: list[object] = [cap + 1, None]
    compatible = _COMPATIBLE[ctx.policy]

    def rec(
        j: int, cost: int, start: int, allowed: int, covered: tuple[int, ...], used: int
    ) -> None:
        """``allowed``: the window ids that fit beside the runs chosen; ``covered[c]``: the
        positions of the ranks they cover more than ``c`` times; ``used``: the positions
        whose natural cards are all taken by them (or that cost a wild anyway)."""
        if j == k:
            # one run: its window already has enough natural cards
            masks = [chosen[0][2]] if k == 1 else _share(counts, chosen, lengths, ctx)
            if masks is not None:
                best[0] = cost
                best[1] = tuple((lo, hi, nm) for (lo, hi, _), nm in zip(chosen, masks, strict=True))
            return
        opts = per_length[lengths[j]]
        same = j > 0 and lengths[j - 1] == lengths[j]
        lb = cost + rest_lb[j]
        for idx in range(start if same else 0, len(opts)):
            own, lo, hi, full, cover, wid = opts[idx]
            if lb + own >= best[0]:  # type: ignore[operator]
                break
            if not allowed >> wid & 1:
                continue
            # the cost added: the window's size less the natural cards still free in it
            add = hi - lo + 1 - (full & ~used).bit_count()
            if lb + add >= best[0]:  # type: ignore[operator]
                continue
            now = (covered[0] | cover, *(c | (below & cover) for below, c in pairwise(covered)))
            now_used = used
            for c, need in zip(now, by_count, strict=True):
                now_used |= c & need
            chosen.append((lo, hi, full))
            rec(j + 1, cost + add, idx, allowed & compatible[wid], now, now_used)
            chosen.pop()

    rec(0, 0, 0, -1, (0,) * k, dual_pos)
    result: _SuitRuns | None = None
    if best[1] is not None:
        assert isinstance(best[0], int)
        result = (best[0], best[1])  # type: ignore[assignment]
    if len(_SUIT_RUNS) > 100_000:
        _SUIT_RUNS.clear()
    _SUIT_RUNS[key] = (result, cap)
    return result


def _share(
    counts: Sequence[int],
    windows: Sequence[tuple[int, int, int]],
    lengths: Sequence[int],
    ctx: _Ctx,
    split_ace: bool = False,
) -> list[int] | None:
    """Give runs of one suit their natural cards: each run at most one per position, every
    run enough (``ctx.m_run``, and half its cards under "wilds at most naturals"), and as
    many in all as the counts allow. A small augmenting-path flow: lower bounds first;
    growing the total afterwards never takes a run below its bound.

    ``counts`` is indexed by rank (an ace serves either end), or with ``split_ace`` by
    position (``counts[14]``: the aces that are high). Returns each run's natural
    positions, or None.
    """
    k = len(windows)
    left = list(counts) + [0] * (15 - len(counts))
    holders: list[list[int]] = [[] for _ in range(15)]  # runs holding a card of each node
    taken = [0] * k
    got = [0] * k
    pos_of = [[0] * 15 for _ in range(k)]  # the position run j covers for each node (0: none)
    for j, (_, _, full) in enumerate(windows):
        for p in _positions(full):
            pos_of[j][p if split_ace else _rank_of(p)] = p

    def augment(j: int, seen: set[int]) -> bool:
        row = pos_of[j]
        for r in range(1, 15):
            if row[r] and not taken[j] >> r & 1 and left[r]:
                left[r] -= 1
                taken[j] |= 1 << r
                holders[r].append(j)
                return True
        for r in range(1, 15):
            if row[r] and not taken[j] >> r & 1 and r not in seen:
                seen.add(r)
                for j2 in list(holders[r]):
                    # j2 gives up node r if it can take another card instead
                    taken[j2] &= ~(1 << r)
                    holders[r].remove(j2)
                    if augment(j2, seen):
                        taken[j] |= 1 << r
                        holders[r].append(j)
                        return True
                    taken[j2] |= 1 << r
                    holders[r].append(j2)
        return False

    for phase in (0, 1):
        for j, (lo, hi, _) in enumerate(windows):
            size = hi - lo + 1
            want = max(ctx.m_run, (size + 1) // 2 if ctx.wam else 0) if phase == 0 else size
            while got[j] < want:
                if not augment(j, set()):
                    if phase == 0:
                        return None
                    break
                got[j] += 1
    return [sum(1 << pos_of[j][r] for r in range(1, 15) if taken[j] >> r & 1) for j in range(k)]


# --- runs only, all out: suit by suit ----------------------------------------------------------


def _allout_runs_by_suit(
    ctx: _Ctx, nat: Sequence[int], wilds: int, runs: Sequence[tuple[int, int]]
) -> list[_Plan] | None:
    """Runs only, all out: suit by suit.

    Every natural card goes into a run of its suit, so each suit holding cards takes a
    group of the contract's runs; for each group, every total of wilds those runs can hold
    while using all the suit's cards (:func:`_allout_suit_runs`). The totals over the suits
    must come to exactly the wilds in hand (:func:`_allout_run_totals`).
    """
    final = _allout_run_totals(ctx, nat, wilds, runs).get(wilds)
    return None if final is None else _run_plans(runs, final)


_ALLOUT_TOTALS: dict[tuple[object, ...], dict[int, tuple[_SuitPick, ...]]] = {}


def _allout_run_totals(
    ctx: _Ctx, nat: Sequence[int], cap: int, runs: Sequence[tuple[int, int]]
) -> dict[int, tuple[_SuitPick, ...]]:
    """Every number of wild-pool cards (up to ``cap``) the runs can take while holding every
    natural card (wild-rank cards standing for themselves: any of them), with the windows.

    A wild-rank card may stand for itself in a run of its suit or go to the wild pool: per
    suit, every count of them used as naturals is tried (each one used leaves the pool, so
    it counts in the total like a wild). Each suit is searched up to ``cap`` less the least
    the other suits take (:func:`_allout_suit_floors`).
    """
    lengths = tuple(sorted(length for _, length in runs))
    key = (ctx.key, tuple(nat), lengths, cap)
    cached = _ALLOUT_TOTALS.get(key)
    if cached is not None:
        return cached
    groups = _groups(lengths)
    dual = sorted(ctx.dual)
    # the suits from each one on that hold natural cards (not wild-rank ones): a run each
    floors, held = _allout_suit_floors(nat, runs, [q for q in range(1, 14) if q not in ctx.dual])
    needy = [0] * 5
    for s in range(3, -1, -1):
        needy[s] = needy[s + 1] + (held[s] > 0)
    # and the fewest wild-pool cards each suit's runs take: a suit may take no more than
    # the others' least leaves
    spare_cap = cap - sum(floors)
    reach: dict[tuple[tuple[int, ...], int], tuple[_SuitPick, ...]]
    reach = {(lengths, 0): ()} if spare_cap >= 0 else {}
    for s in range(4):
        counts = [nat[s * _STRIDE + r] for r in range(14)]
        if not any(counts):
            continue
        spare = [(q, counts[q]) for q in dual if counts[q]]
        for q, _ in spare:
            counts[q] = 0
        # with only wild-rank cards, the suit may hold no run
        nxt: dict[tuple[tuple[int, ...], int], tuple[_SuitPick, ...]]
        nxt = {} if any(counts) else dict(reach)
        options: dict[tuple[int, ...], dict[int, _Windows]] = {}
        for (left, cost0), chosen in reach.items():
            room = len(left) - needy[s + 1]  # the runs this suit may take
            for group in groups:
                if len(group) > room:
                    continue
                rest = _minus(left, group)
                if rest is None:
                    continue
                if group not in options:
                    options[group] = _allout_dual_options(
                        ctx, counts, spare, group, spare_cap + floors[s]
                    )
                for cost, windows in options[group].items():
                    total = cost0 + cost
                    if total <= cap and (rest, total) not in nxt:
                        nxt[(rest, total)] = (*chosen, (s, group, windows))
        reach = nxt
        if not reach:
            break
    result = {total: chosen for (left, total), chosen in reach.items() if not left}
    if len(_ALLOUT_TOTALS) > 50_000:
        _ALLOUT_TOTALS.clear()
    _ALLOUT_TOTALS[key] = result
    return result


def _allout_dual_options(
    ctx: _Ctx,
    counts: list[int],
    spare: Sequence[tuple[int, int]],
    group: tuple[int, ...],
    cap: int,
) -> dict[int, _Windows]:
    """:func:`_allout_suit_runs` for every count of the suit's wild-rank cards standing for
    themselves (``spare``: rank and cards); each such card counts in the total."""
    if not spare:
        return _allout_suit_runs(ctx, tuple(counts), group, cap)
    out: dict[int, _Windows] = {}
    k = len(group)
    ranges = [range(min(c, k) + 1) for _, c in spare]
    for uses in _product(ranges):
        trial = list(counts)
        for (q, _), u in zip(spare, uses, strict=True):
            trial[q] = u
        if not any(trial):
            continue
        used = sum(uses)
        for cost, windows in _allout_suit_runs(ctx, tuple(trial), group, cap).items():
            if cost + used <= cap:
                out.setdefault(cost + used, windows)
    return out


def _product(ranges: Sequence[range]) -> Iterator[tuple[int, ...]]:
    if not ranges:
        yield ()
        return
    for x in ranges[0]:
        for rest in _product(ranges[1:]):
            yield (x, *rest)


def _allout_sets_and_runs(
    ctx: _Ctx,
    nat: list[int],
    wilds: int,
    runs: Sequence[tuple[int, int]],
    sets: Sequence[tuple[int, int]],
) -> list[_Plan] | None:
    """Sets and runs, all out: every way to make the sets' natural part (a rank, which
    natural cards), then the runs suit by suit with every card left
    (:func:`_allout_run_totals`); the sets absorb the wilds the runs do not, each between
    its fewest and most."""
    picks: list[tuple[int, int, tuple[int, int, int, int], int, int]] = []
    dual = ctx.dual
    most = 4 if ctx.distinct else 4 * _STRIDE
    plain = [q for q in range(1, 14) if q not in dual]

    def rec(
        j: int, prev: tuple[int, tuple[int, int, int, int]], lo_sum: int, hi_sum: int, pool: int
    ) -> tuple[int, tuple[_SuitPick, ...]] | None:
        if lo_sum > pool:
            return None
        if j == len(sets):
            # every natural card left goes into a run of its suit, which holds one card of
            # each rank: a suit needs as many runs as its most repeated rank has cards
            wanted = 0
            for s in range(4):
                base = s * _STRIDE
                wanted += max(nat[base + q] for q in plain)
            if wanted > len(runs):
                return None
            if _allout_runs_floor(ctx, nat, runs, plain) > pool - lo_sum:
                return None
            for t, chosen in _allout_run_totals(ctx, nat, pool - lo_sum, runs).items():
                if lo_sum <= pool - t <= hi_sum:
                    return pool - t, chosen
            return None
        length = sets[j][1]
        same = j > 0 and sets[j - 1][1] == length
        for r in range(1, 14):
            for naturals in _set_choices(ctx, nat, r, ctx.m_set, most):
                if same and (r, naturals) < prev:
                    continue
                n = sum(naturals)
                lo, hi = ctx.set_bounds(n, length)
                if lo > hi:
                    continue
                for s in range(4):
                    nat[s * _STRIDE + r] -= naturals[s]
                picks.append((sets[j][0], r, naturals, lo, hi))
                found = rec(
                    j + 1,
                    (r, naturals),
                    lo_sum + lo,
                    min(hi_sum + hi, _INF),
                    pool - (n if r in dual else 0),
                )
                for s in range(4):
                    nat[s * _STRIDE + r] += naturals[s]
                if found is not None:
                    return found
                picks.pop()
        return None

    found = rec(0, (0, (0, 0, 0, 0)), 0, 0, wilds)
    if found is None:
        return None
    extra, chosen = found
    plans: list[_Plan] = []
    extra -= sum(lo for *_, lo, _ in picks)
    for index, r, naturals, lo, hi in picks:
        w = lo + min(extra, hi - lo)
        extra -= w - lo
        plans.append(_SetPlan(index, r, naturals, w))
    plans.extend(_run_plans(runs, chosen))
    return plans


def _allout_runs_floor(
    ctx: _Ctx, nat: Sequence[int], runs: Sequence[tuple[int, int]], plain: Sequence[int]
) -> int:
    """The fewest wild-pool cards all-out runs can take while holding every natural card
    left (``plain``: the ranks that are never wild), a bound that needs no search.

    Runs take a wild-pool card for every place no natural card fills (a wild-rank card
    standing for itself leaves the pool too), so they take their total length less the
    natural cards. That total is at least the contract's run lengths; and a suit holding
    one run covers its cards' span (the ace low or high), so that suit alone takes its span
    less its cards, unless it holds two runs or more.

    >>> from .rulesets import DEUCES_SIX
    >>> ctx = _Ctx.of(DEUCES_SIX, True)
    >>> nat = [0] * (4 * _STRIDE)
    >>> for i in (1, 5, 7, _STRIDE + 5, _STRIDE + 7):  # A 5 7 of spades, 5 7 of hearts
    ...     nat[i] = 1
    >>> _allout_runs_floor(ctx, nat, [(1, 4), (2, 4)], [q for q in range(1, 14) if q != 2])
    6

    Spades need a run from the ace to the 7 (four wilds), hearts one from 4 to 7 or 5 to 8
    (two more).
    """
    floors, held = _allout_suit_floors(nat, runs, plain)
    return max(sum(floors), sum(length for _, length in runs) - sum(held))


def _allout_suit_floors(
    nat: Sequence[int], runs: Sequence[tuple[int, int]], plain: Sequence[int]
) -> tuple[list[int], list[int]]:
    """Per suit, the fewest wild-pool cards its all-out runs can take (as
    :func:`_allout_runs_floor` reasons; 0 for a suit without natural cards), and its
    natural cards."""
    shortest = min(length for _, length in runs)
    held = [0, 0, 0, 0]
    suits: list[tuple[int, int, int, int]] = []  # (suit, natural cards, most of one rank, span)
    for s in range(4):
        base = s * _STRIDE
        n = most = 0
        low = high = low_plain = 0  # lowest and highest rank, lowest that is not the ace
        for q in plain:
            c = nat[base + q]
            if c:
                n += c
                most = max(most, c)
                if not low:
                    low = q
                if not low_plain and q != 1:
                    low_plain = q
                high = q
        if n:
            span = high - low + 1
            if low == 1:  # or the ace high: from the lowest other card to the ace
                span = min(span, HIGH_ACE - (low_plain or HIGH_ACE) + 1)
            suits.append((s, n, most, span))
            held[s] = n
    floors = [0, 0, 0, 0]
    several = len(runs) - len(suits) + 1  # the most runs one suit can hold
    for s, n, most, span in suits:
        floor = _INF
        if most == 1:
            floor = max(shortest, span) - n
        if several >= max(2, most):
            floor = min(floor, max(2, most) * shortest - n)
        floors[s] = floor
    return floors, held


_ALLOUT_SUIT: dict[tuple[object, ...], dict[int, _Windows]] = {}
_ALLOUT_WINDOWS: dict[
    tuple[int, int, int, bool, int], tuple[tuple[int, int, int, tuple[int, ...]], ...]
]
_ALLOUT_WINDOWS = {}


def _allout_windows(
    mask: int, length: int, m: int, wam: bool, cap: int
) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Windows ``(low, high, naturals mask, natural positions)`` of an all-out run over
    the positions ``mask`` holds, with at most ``cap`` wilds."""
    key = (mask, length, m, wam, cap)
    found = _ALLOUT_WINDOWS.get(key)
    if found is None:
        out: list[tuple[int, int, int, tuple[int, ...]]] = []
        for lo in range(1, 16 - length):
            row = _WINDOWS_AT[lo]
            for hi in range(lo + length - 1, min(HIGH_ACE, lo + MAX_RUN - 1) + 1):
                full = mask & row[hi]
                n0 = full.bit_count()
                size = hi - lo + 1
                if size - n0 > cap:
                    break  # a longer window from lo holds as many wilds or more
                if n0 >= m and not (wam and size > 2 * n0):
                    out.append((lo, hi, full, tuple(_positions(full))))
        found = tuple(out)
        if len(_ALLOUT_WINDOWS) > 100_000:
            _ALLOUT_WINDOWS.clear()
        _ALLOUT_WINDOWS[key] = found
    return found


def _allout_suit_runs(
    ctx: _Ctx, counts: tuple[int, ...], lengths: tuple[int, ...], cap: int
) -> dict[int, _Windows]:
    """Every number of wilds (up to ``cap``) runs of ``lengths`` in one suit can hold while
    holding every natural card ``counts`` has, each with the runs' windows.

    The aces are split between low and high first; then windows are chosen (ordered when
    the runs are interchangeable) so that every position is covered by as many runs as it
    has cards, and :func:`_share` checks each run gets enough natural cards.
    """
    key = (ctx.key, counts, lengths, cap)
    cached = _ALLOUT_SUIT.get(key)
    if cached is not None:
        return cached
    m = ctx.m_run
    k = len(lengths)
    total = sum(counts)
    result: dict[int, _Windows] = {}
    # Cheap bounds: each run holds at most one card per rank and at most 13 cards.
    if max(counts) > k or total > MAX_RUN * k or total < m * k:
        _ALLOUT_SUIT[key] = result
        return result
    policy = ctx.policy
    # the lowest short position may be left to a run to come only if that run could sit
    # below the one being chosen (the runs from j on are interchangeable: ordered)
    tail_same = [all(x == lengths[j] for x in lengths[j:]) for j in range(k)]

    def search(supply: list[int]) -> None:
        mask = 0
        for p in range(1, 15):
            if supply[p]:
                mask |= 1 << p
        per_length = {
            length: _allout_windows(mask, length, m, ctx.wam, cap) for length in set(lengths)
        }
        cov = [0] * 15
        chosen: list[tuple[int, int, int]] = []
        spans: list[tuple[int, int]] = []
        budget = cap + total  # the sizes of all the runs together

        def rec(j: int, size_sum: int, start: int) -> None:
            if j == k:
                for p in range(1, 15):
                    if cov[p] < supply[p]:
                        return
                cost = size_sum - total
                if cost in result:
                    return
                # one run: its window holds every natural card left, enough of them
                masks = (
                    [chosen[0][2]]
                    if k == 1
                    else _share(supply, chosen, lengths, ctx, split_ace=True)
                )
                if masks is not None:
                    result[cost] = tuple(
                        (lo, hi, nm) for (lo, hi, _), nm in zip(chosen, masks, strict=True)
                    )
                return
            # Each run still to come covers a position at most once: a position short of
            # as many cards as there are runs to come must be covered by every one of them.
            runs_left = k - j
            short = must = deficit = 0
            for p in range(1, 15):
                d = supply[p] - cov[p]
                if d > 0:
                    if d > runs_left:
                        return
                    if not short:
                        short = p
                    if d == runs_left:
                        must |= 1 << p
                    deficit += d
            if size_sum + deficit > budget:
                return
            rest_min = sum(lengths[j + 1 :])
            ordered = j > 0 and lengths[j - 1] == lengths[j]
            stop = short if tail_same[j] and short else HIGH_ACE + 1
            if must:
                stop = min(stop, (must & -must).bit_length() - 1)
            opts = per_length[lengths[j]]
            for idx in range(start if ordered else 0, len(opts)):
                lo, hi, full, where = opts[idx]
                if lo > stop:
                    break
                if must & ~full:
                    continue
                size = hi - lo + 1
                if size_sum + size + rest_min > budget:
                    continue
                if spans and not _compatible(policy, lo, hi, spans):
                    continue
                for p in where:
                    cov[p] += 1
                chosen.append((lo, hi, full))
                spans.append((lo, hi))
                rec(j + 1, size_sum + size, idx)
                spans.pop()
                chosen.pop()
                for p in where:
                    cov[p] -= 1

        rec(0, 0, 0)

    aces = counts[1]
    for high in range(aces + 1):
        supply = [*counts, high]
        supply[1] = aces - high
        search(supply)
    if len(_ALLOUT_SUIT) > 100_000:
        _ALLOUT_SUIT.clear()
    _ALLOUT_SUIT[key] = result
    return result


# --- all-out rounds -------------------------------------------------------------------------------


class _AllOutSearch:
    """Lowest card first: each card goes into a run (as its lowest natural) or to the sets."""

    def __init__(self, ctx: _Ctx, runs: list[tuple[int, int]], sets: list[tuple[int, int]]):
        self.ctx = ctx
        self.run_specs = runs
        self.set_specs = sets
        self.failed: set[tuple[object, ...]] = set()
        ranks = [q for q in range(1, 14) if q not in ctx.dual]
        self.natural_ranks = ranks
        self.natural_slots = [t * _STRIDE + q for t in range(4) for q in ranks]

    def solve(self, nat: list[int], wilds: int) -> list[_Plan] | None:
        lengths = tuple(sorted(length for _, length in self.run_specs))
        found = self._step(nat, wilds, [0] * (4 * _STRIDE), lengths, (), 0)
        if found is None:
            return None
        return self._assign_specs(found)

    def _assign_specs(self, plans: list[_Plan]) -> list[_Plan]:
        """Give each run its contract meld (by length; any fitting one will do)."""
        out: list[_Plan] = []
        free = sorted(self.run_specs, key=lambda x: x[1], reverse=True)
        runs = sorted(
            (p for p in plans if isinstance(p, _RunPlan)), key=lambda p: p.hi - p.lo, reverse=True
        )
        for plan in runs:
            size = plan.hi - plan.lo + 1
            for k, (index, length) in enumerate(free):
                if length <= size:
                    out.append(plan._replace(spec=index))
                    del free[k]
                    break
        out.extend(p for p in plans if isinstance(p, _SetPlan))
        return out

    def _lowest(self, nat: Sequence[int]) -> int:
        for i in self.natural_slots:
            if nat[i]:
                return i
        return -1

    def _step(
        self,
        nat: list[int],
        wilds: int,
        pool: list[int],
        runs_left: tuple[int, ...],
        chosen: tuple[tuple[int, int, int], ...],
        need: int,
    ) -> list[_Plan] | None:
        ctx = self.ctx
        key = (tuple(nat), wilds, tuple(pool), runs_left, chosen)
        if key in self.failed:
            return None
        i = self._lowest(nat)
        if i < 0:
            found = self._finish(nat, wilds, pool, runs_left, chosen)
            if found is None:
                self.failed.add(key)
            return found
        s, r = divmod(i, _STRIDE)
        # Quick bound: with no sets, every card still in hand goes into a run still to come,
        # which holds at most one card of each rank: a suit needs as many runs of its own as
        # its most repeated rank has cards (and one if it has any).
        if not self.set_specs:
            wanted = 0
            ranks = self.natural_ranks
            for t in range(4):
                base = t * _STRIDE
                wanted += max(nat[base + q] for q in ranks)
            if wanted > len(runs_left):
                self.failed.add(key)
                return None
        # 1. Into a run, as its lowest natural card (or its high ace).
        can_skip = bool(self.set_specs) or (
            ctx.policy == SameSuitRuns.APART_OR_OVERLAPPING and len(runs_left) > 1
        )
        tried: set[int] = set()
        for length in runs_left:
            if length in tried:
                continue
            tried.add(length)
            rest_runs = list(runs_left)
            rest_runs.remove(length)
            left = tuple(rest_runs)
            for mask, n, duals in _allout_run_candidates(
                ctx, nat, s, r, length, wilds - need, can_skip
            ):
                lo, hi = _span(mask)
                run_need = max(length, hi - lo + 1) - n
                if need + run_need + duals > wilds:
                    continue
                base = s * _STRIDE
                for p in _positions(mask):
                    nat[base + _rank_of(p)] -= 1
                entry = (s, mask, length)
                found = self._step(
                    nat,
                    wilds - duals,
                    pool,
                    left,
                    tuple(sorted((*chosen, entry))),
                    need + run_need,
                )
                for p in _positions(mask):
                    nat[base + _rank_of(p)] += 1
                if found is not None:
                    return found
        # 2. To the sets of its rank.
        if self.set_specs:
            pool[i] += 1
            nat[i] -= 1
            ok = True
            r_new = i % _STRIDE
            if pool[i] == 1 and not any(pool[t * _STRIDE + r_new] for t in range(4) if t != s):
                # a new rank in the sets: at most one rank per set
                ok = sum(1 for q in range(1, 14) if any(pool[q::_STRIDE])) <= len(self.set_specs)
            if ok and ctx.distinct:
                ok = pool[i] <= len(self.set_specs)
            found = self._step(nat, wilds, pool, runs_left, chosen, need) if ok else None
            pool[i] -= 1
            nat[i] += 1
            if found is not None:
                return found
        self.failed.add(key)
        return None

    def _finish(
        self,
        nat: list[int],
        wilds: int,
        pool: list[int],
        runs_left: tuple[int, ...],
        chosen: tuple[tuple[int, int, int], ...],
    ) -> list[_Plan] | None:
        """Every natural card has a home: form the rest, then absorb the wilds exactly."""
        ctx = self.ctx
        if runs_left:
            # Only wild-rank cards standing for themselves are left to anchor a run.
            if ctx.m_run > 1:
                return None
            length = runs_left[0]
            for s in range(4):
                for q in sorted(ctx.dual):
                    i = s * _STRIDE + q
                    if nat[i] and wilds >= 1:
                        nat[i] -= 1
                        entry = (s, 1 << q, length)
                        found = self._finish(
                            nat, wilds - 1, pool, runs_left[1:], tuple(sorted((*chosen, entry)))
                        )
                        nat[i] += 1
                        if found is not None:
                            return found
            return None
        components: list[dict[int, object]] = []
        by_suit: dict[int, list[tuple[int, int]]] = {}
        for s, mask, length in chosen:
            by_suit.setdefault(s, []).append((mask, length))
        for s, runs in by_suit.items():
            options = _run_totals(ctx, tuple(sorted(runs)), wilds)
            if not options:
                return None
            components.append({t: ("runs", s, cfg) for t, cfg in options.items()})
        set_options = self._set_totals(nat, pool, wilds)
        if not set_options:
            return None
        components.append(set_options)
        picks = _knapsack(components, wilds)
        if picks is None:
            return None
        plans: list[_Plan] = []
        for pick in picks:
            if isinstance(pick, tuple) and pick and pick[0] == "runs":
                _, s, cfg = pick
                for (mask, _length), (lo, hi) in zip(sorted(by_suit[s]), cfg, strict=True):
                    plans.append(_RunPlan(-1, s, lo, hi, mask))
            else:
                assert isinstance(pick, list)
                plans.extend(pick)
        return plans

    def _set_totals(self, nat: Sequence[int], pool: Sequence[int], cap: int) -> dict[int, object]:
        """Each total of wild-pool cards the sets can take, with a way to do it."""
        ctx = self.ctx
        specs = self.set_specs
        if not specs:
            return {0: []}
        ranks = sorted({i % _STRIDE for i, c in enumerate(pool) if c})
        hosts = list(ranks)
        dual_counts = {
            q: tuple(nat[s * _STRIDE + q] for s in range(4))
            for q in sorted(ctx.dual)
            if any(nat[s * _STRIDE + q] for s in range(4))
        }
        hosts += [q for q in dual_counts if q not in ranks]
        if len(ranks) > len(specs):
            return {}
        result: dict[int, object] = {}
        k = len(specs)

        def assignments(j: int, chosen: list[int]) -> Iterator[list[int]]:
            if j == k:
                if all(r in chosen for r in ranks):
                    yield list(chosen)
                return
            for r in hosts:
                if j > 0 and specs[j - 1][1] == specs[j][1] and r < chosen[-1]:
                    continue
                chosen.append(r)
                yield from assignments(j + 1, chosen)
                chosen.pop()

        for assignment in assignments(0, []):
            groups: dict[int, list[int]] = {}
            for j, r in enumerate(assignment):
                groups.setdefault(r, []).append(j)
            parts: list[dict[int, object]] = []
            for r, members in groups.items():
                lengths = [specs[j][1] for j in members]
                if r in ranks:
                    counts = tuple(pool[s * _STRIDE + r] for s in range(4))
                    options = _set_group_totals(ctx, counts, lengths, cap, exact_use=True)
                else:
                    options = _set_group_totals(ctx, dual_counts[r], lengths, cap, exact_use=False)
                if not options:
                    break
                parts.append(
                    {
                        t: [
                            _SetPlan(specs[j][0], r, naturals, w)
                            for j, (naturals, w) in zip(members, cfg, strict=True)
                        ]
                        for t, cfg in options.items()
                    }
                )
            else:
                combined: dict[int, list[_Plan]] = {0: []}
                for part in parts:
                    nxt: dict[int, list[_Plan]] = {}
                    for t0, p0 in combined.items():
                        for t1, p1 in part.items():
                            t = t0 + t1
                            if t <= cap and t not in nxt:
                                assert isinstance(p1, list)
                                nxt[t] = p0 + p1
                    combined = nxt
                for t, plans in combined.items():
                    result.setdefault(t, plans)
        return result


def _span(mask: int) -> tuple[int, int]:
    return (mask & -mask).bit_length() - 1, mask.bit_length() - 1


def _allout_run_candidates(
    ctx: _Ctx, nat: Sequence[int], s: int, r: int, length: int, budget: int, can_skip: bool
) -> Iterator[tuple[int, int, int]]:
    """Runs holding card ``(s, r)`` as their lowest natural (an ace: lowest, or high ace).

    Yields ``(natural positions mask, naturals, wild-rank naturals)``. Cards between the
    first and last natural that the run leaves out must be able to go elsewhere:
    wild-rank cards always can, others only when ``can_skip`` (sets to go into, or an
    overlapping run of the same suit).
    """
    m = ctx.m_run
    mask = _suit_mask(nat, s)
    dual_pos = ctx.dual_pos
    starts: list[tuple[int, int]] = []  # (mask so far, direction)
    if r == 1:
        starts.append((1 << 1, 1))
        if not (dual_pos >> HIGH_ACE & 1):
            starts.append((1 << HIGH_ACE, -1))
    else:
        starts.append((1 << r, 1))
        # Wild-rank cards of the suit below r may stand for themselves in this run too.
        below = mask & dual_pos & ((1 << r) - 1) & ~1
        for extra in _submasks(below):
            if extra and r - ((extra & -extra).bit_length() - 1) < MAX_RUN:
                starts.append(((1 << r) | extra, 1))
    for start, step in starts:
        lo, hi = _span(start)
        n = start.bit_count()
        if step > 0:
            edge, limit = hi, min(HIGH_ACE, lo + MAX_RUN - 1)
            if lo == 1:
                limit = min(limit, MAX_RUN)
        else:
            edge, limit = lo, max(2, hi - MAX_RUN + 1)
        yield from _extend(ctx, mask, start, n, edge, step, limit, budget, can_skip, m, length)


def _extend(
    ctx: _Ctx,
    mask: int,
    chosen: int,
    n: int,
    edge: int,
    step: int,
    limit: int,
    budget: int,
    can_skip: bool,
    m: int,
    length: int,
) -> Iterator[tuple[int, int, int]]:
    lo, hi = _span(chosen)
    span = hi - lo + 1
    if n >= m:
        need = max(length, span) - n
        if need <= budget and not (ctx.wam and max(length, span) > 2 * n):
            yield chosen, n, (chosen & ctx.dual_pos).bit_count()
    if span - n > budget:
        return
    q = edge + step
    while (q <= limit) if step > 0 else (q >= limit):
        if mask >> q & 1:
            nxt = chosen | (1 << q)
            if step > 0 and q == HIGH_ACE and chosen & 2:
                break
            yield from _extend(ctx, mask, nxt, n + 1, q, step, limit, budget, can_skip, m, length)
            if not (can_skip or (ctx.dual_pos >> q & 1)):
                return
        q += step
        lo2, hi2 = (lo, q) if step > 0 else (q, hi)
        if (hi2 - lo2 + 1) - n - 1 > budget:
            return


def _run_totals(
    ctx: _Ctx, runs: tuple[tuple[int, int], ...], cap: int
) -> dict[int, tuple[tuple[int, int], ...]]:
    """Wilds the runs of one suit can hold together, each total with its windows."""
    key = (ctx.key, runs, cap)
    cached = _RUN_TOTALS.get(key)
    if cached is not None:
        return cached
    options: list[list[tuple[int, int, int]]] = []
    for mask, length in runs:
        a, b = _span(mask)
        n = mask.bit_count()
        most = MAX_RUN if not ctx.wam else min(MAX_RUN, 2 * n)
        opts = []
        for lo in range(max(1, b - MAX_RUN + 1), a + 1):
            for hi in range(max(b, lo + length - 1), min(HIGH_ACE, lo + most - 1) + 1):
                w = hi - lo + 1 - n
                if w > cap:
                    break
                opts.append((w, lo, hi))
        options.append(opts)
    result: dict[int, tuple[tuple[int, int], ...]] = {}
    if len(runs) == 1:
        for w, lo, hi in options[0]:
            result.setdefault(w, ((lo, hi),))
    else:

        def rec(j: int, total: int, placed: list[tuple[int, int]]) -> None:
            if j == len(options):
                result.setdefault(total, tuple(placed))
                return
            for w, lo, hi in options[j]:
                if total + w > cap:
                    continue
                if placed and not _compatible(ctx.policy, lo, hi, placed):
                    continue
                placed.append((lo, hi))
                rec(j + 1, total + w, placed)
                placed.pop()

        rec(0, 0, [])
    if len(_RUN_TOTALS) > 50_000:
        _RUN_TOTALS.clear()
    _RUN_TOTALS[key] = result
    return result


_RUN_TOTALS: dict[tuple[object, ...], dict[int, tuple[tuple[int, int], ...]]] = {}


def _set_group_totals(
    ctx: _Ctx, counts: tuple[int, ...], lengths: Sequence[int], cap: int, *, exact_use: bool
) -> dict[int, list[tuple[tuple[int, int, int, int], int]]]:
    """Wild-pool cards sets of one rank can take, each total with the sets' make-up.

    ``exact_use``: the sets take every card in ``counts`` (cards placed in the sets);
    otherwise (wild-rank cards standing for themselves, in a set of their own rank) any of
    them, and each natural taken also leaves the wild pool.
    """
    g = len(lengths)
    total = sum(counts)
    result: dict[int, list[tuple[tuple[int, int, int, int], int]]] = {}
    top = min(4, total) if ctx.distinct else total
    for split in _splits(g, top, ctx.m_set, total if exact_use else None):
        if ctx.distinct:
            if any(a > 4 for a in split) or not _gale_ryser(counts, split, exact_use):
                continue
        elif not exact_use and sum(split) > total:
            continue
        bounds = [ctx.set_bounds(a, length) for a, length in zip(split, lengths, strict=True)]
        if any(lo > hi for lo, hi in bounds):
            continue
        lo_sum = sum(lo for lo, _ in bounds)
        hi_sum = min(sum(hi for _, hi in bounds), cap + 1)
        used = 0 if exact_use else sum(split)
        for t in range(lo_sum, hi_sum + 1):
            if t + used > cap:
                break
            if t + used in result:
                continue
            spread = []
            left = t - lo_sum
            for lo, hi in bounds:
                extra = min(left, hi - lo)
                spread.append(lo + extra)
                left -= extra
            per_suit = _split_suits(ctx, counts, list(split))
            result[t + used] = list(zip(per_suit, spread, strict=True))
    return result


def _splits(g: int, top: int, least: int, exact: int | None) -> Iterator[tuple[int, ...]]:
    """Naturals per set: ``g`` numbers from ``least`` to ``top``, summing to ``exact``."""

    def rec(j: int, left: int | None, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if j == g:
            if left is None or left == 0:
                yield tuple(acc)
            return
        for a in range(least, top + 1):
            if left is not None and a > left:
                break
            acc.append(a)
            yield from rec(j + 1, None if left is None else left - a, acc)
            acc.pop()

    yield from rec(0, exact, [])


def _gale_ryser(counts: Sequence[int], split: Sequence[int], exact: bool) -> bool:
    """Can sets take ``split`` naturals each, one per suit per set, from ``counts``?"""
    if exact and sum(split) != sum(counts):
        return False
    if exact and max(counts) > len(split):
        return False
    acc = 0
    for k, a in enumerate(sorted(split, reverse=True), start=1):
        acc += a
        if acc > sum(min(c, k) for c in counts):
            return False
    return True


def _knapsack(components: Sequence[dict[int, object]], target: int) -> list[object] | None:
    """One option per component, with totals summing exactly to ``target``."""
    reach: list[dict[int, tuple[int, int]]] = [{0: (0, 0)}]
    for comp in components:
        nxt: dict[int, tuple[int, int]] = {}
        for t0 in reach[-1]:
            for t1 in comp:
                t = t0 + t1
                if t <= target and t not in nxt:
                    nxt[t] = (t0, t1)
        if not nxt:
            return None
        reach.append(nxt)
    if target not in reach[-1]:
        return None
    picks: list[object] = []
    t = target
    for level in range(len(components), 0, -1):
        t0, t1 = reach[level][t]
        picks.append(components[level - 1][t1])
        t = t0
    picks.reverse()
    return picks


# --- the public entry point -------------------------------------------------------------------


def arrange(rules: RuleSet, round_number: int, cards: Sequence[Card]) -> Arrangement:
    """Lay out the contract of round ``round_number`` from ``cards``, or say why not.

    >>> from .cards import parse_cards
    >>> from .rulesets import CONTRACT_RUMMY, DEUCES_SIX
    >>> a = arrange(DEUCES_SIX, 6, parse_cards("7H 7C 2S 3D 4D 5D 6D 9S 10S JS QS 2D"))
    >>> a.possible, [format_cards(m.cards) for m in a.melds], a.leftover
    (True, ['7H 7C 2S', '2D 9S 10S JS QS', '3D 4D 5D 6D'], ())
    >>> print(arrange(CONTRACT_RUMMY, 7, parse_cards("3S 4S 5S 6S 9D 10D JD QD 5C 6C 7C 8C KH")).reason)
    No way to use every card: round 7 is all out, and K♥ fits in no meld.
    """  # noqa: E501
    spec = rules.round(round_number)
    hand = tuple(cards)
    ctx = _context(rules, spec.all_out)
    specs = [(m.kind, m.min_length) for m in spec.contract.melds]
    nat, wilds = _counts(ctx, hand, rules.wild_ranks)
    plans = _run(ctx, specs, spec.all_out, nat, wilds)
    if plans is None:
        return Arrangement(False, (), hand, _explain(rules, round_number, hand, failed=True))
    melds, leftover = _build(ctx, specs, plans, hand, rules.wild_ranks)
    return Arrangement(True, melds, leftover, "")


_CONTEXTS: dict[tuple[int, bool], tuple[RuleSet, _Ctx]] = {}


def _context(rules: RuleSet, all_out: bool) -> _Ctx:
    """The search's view of ``rules``, kept per rule-set object."""
    key = (id(rules), all_out)
    found = _CONTEXTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    ctx = _Ctx.of(rules, all_out)
    if len(_CONTEXTS) > 256:
        _CONTEXTS.clear()
    _CONTEXTS[key] = (rules, ctx)
    return ctx


_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def _counts(ctx: _Ctx, hand: Sequence[Card], wild_ranks: frozenset[Rank]) -> tuple[list[int], int]:
    nat = [0] * (4 * _STRIDE)
    wilds = 0
    suit_index = _SUIT_INDEX
    for card in hand:
        if card.rank is None or card.suit is None:
            wilds += 1
        elif card.rank in wild_ranks:
            wilds += 1
            if int(card.rank) in ctx.dual:
                nat[suit_index[card.suit] * _STRIDE + int(card.rank)] += 1
        else:
            nat[suit_index[card.suit] * _STRIDE + int(card.rank)] += 1
    return nat, wilds


def _run(
    ctx: _Ctx,
    specs: Sequence[tuple[MeldKind, int]],
    all_out: bool,
    nat: list[int],
    wilds: int,
    by_suit: bool = False,
) -> list[_Plan] | None:
    runs = [(i, length) for i, (kind, length) in enumerate(specs) if kind == MeldKind.RUN]
    sets = [(i, length) for i, (kind, length) in enumerate(specs) if kind == MeldKind.SET]
    if sum(length for _, length in specs) > sum(nat) - _dual_total(ctx, nat) + wilds:
        return None
    if all_out:
        if not sets:
            return _allout_runs_by_suit(ctx, nat, wilds, runs)
        if runs:
            return _allout_sets_and_runs(ctx, nat, wilds, runs, sets)
        return _AllOutSearch(ctx, runs, sets).solve(nat, wilds)
    # Suit by suit, the fewest wilds are found (and kept) once: the explanation of a failure,
    # which asks again with a wild or two more, uses that way for every rule set.
    if by_suit or ctx.policy == SameSuitRuns.APART_OR_OVERLAPPING:
        if not sets:
            return _runs_by_suit(ctx, nat, wilds, runs)
        if len(runs) > 1:
            return _sets_and_runs(ctx, nat, wilds, runs, sets)
    return _DiscardSearch(ctx, runs, sets).solve(nat, wilds)


def _dual_total(ctx: _Ctx, nat: Sequence[int]) -> int:
    return sum(nat[s * _STRIDE + q] for s in range(4) for q in ctx.dual)


# --- from plans to cards ----------------------------------------------------------------------


def _build(
    ctx: _Ctx,
    specs: Sequence[tuple[MeldKind, int]],
    plans: Sequence[_Plan],
    hand: Sequence[Card],
    wild_ranks: frozenset[Rank],
) -> tuple[tuple[ArrangedMeld, ...], tuple[Card, ...]]:
    """Pick the actual cards: naturals first, then wilds (jokers before wild-rank cards).

    Cards are handled by a small number (``suit * 14 + rank``, 0 for a joker) rather than
    hashed: copies of one card are interchangeable, and the leftover keeps the hand's order
    (the first copies of a card stay in hand).
    """
    suit_index = _SUIT_INDEX
    ids = [0 if c.suit is None else suit_index[c.suit] * _STRIDE + int(c.rank or 0) for c in hand]
    left = [0] * (4 * _STRIDE)
    for i in ids:
        left[i] += 1
    slots: list[list[Card | None]] = [[] for _ in specs]
    run_suit: dict[int, int] = {}
    for plan in plans:
        if isinstance(plan, _RunPlan):
            index, s, lo, hi, mask = plan
            run_suit[index] = s
            row = _CARD[s]
            base = s * _STRIDE
            group = slots[index]
            for p in range(lo, hi + 1):
                if mask >> p & 1:
                    r = _rank_of(p)
                    left[base + r] -= 1
                    group.append(row[r])
                else:
                    group.append(None)
        else:
            index, r, naturals, w = plan
            group = slots[index]
            for s, k in enumerate(naturals):
                if k:
                    left[s * _STRIDE + r] -= k
                    group.extend([_CARD[s][r]] * k)
            group.extend([None] * w)
    # the wild cards still in hand, each kind in the order it first appears: jokers first,
    # then wild-rank cards that cannot stand for themselves, then those that can
    kinds: list[tuple[bool, bool, int, int, Card]] = []
    seen: set[int] = set()
    for i, card in zip(ids, hand, strict=True):
        if i in seen or not (i == 0 or card.rank in wild_ranks):
            continue
        seen.add(i)
        if left[i] > 0:
            kinds.append((i != 0, i % _STRIDE in ctx.dual, len(kinds), i, card))
    kinds.sort()
    order = [(i, card) for *_, i, card in kinds for _ in range(left[i])]
    for index, group in enumerate(slots):
        own = run_suit.get(index, -1)
        for k, slot in enumerate(group):
            if slot is not None:
                continue
            at = next((j for j, (i, _) in enumerate(order) if i == 0 or i // _STRIDE != own), 0)
            i, pick = order.pop(at)
            left[i] -= 1
            group[k] = pick
    melds = tuple(
        ArrangedMeld(kind, tuple(c for c in group if c is not None))
        for (kind, _), group in zip(specs, slots, strict=True)
    )
    leftover: list[Card] = []
    for i, card in zip(ids, hand, strict=True):
        if left[i] > 0:
            left[i] -= 1
            leftover.append(card)
    return melds, tuple(leftover)


# --- why not ------------------------------------------------------------------------------------


def _and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _wild_words(n: int) -> str:
    return f"{n} wild card" + ("" if n == 1 else "s")


def _explain(
    rules: RuleSet, round_number: int, hand: Sequence[Card], *, failed: bool = False
) -> str:
    """A sentence saying what is missing, as concrete as the counts allow.

    ``failed``: the contract was just found impossible with these cards (a contract of one
    kind of meld in a round with a discard need not be asked again).
    """
    spec = rules.round(round_number)
    contract = spec.contract
    want = contract.describe()
    if len(hand) < contract.min_cards:
        return (
            f"No way to make {want}: it needs at least {contract.min_cards} cards, and there "
            f"{'is' if len(hand) == 1 else 'are'} only {len(hand)}."
        )
    specs = [(m.kind, m.min_length) for m in contract.melds]
    ctx = _context(rules, spec.all_out)
    nat, wilds = _counts(ctx, hand, rules.wild_ranks)
    if spec.all_out:
        stuck = _homeless(ctx, specs, hand, nat, wilds, rules.wild_ranks)
        if stuck:
            shown = format_cards(stuck, pretty=True)
            verb = "fits" if len(stuck) == 1 else "fit"
            return (
                f"No way to use every card: round {round_number} is all out, and {shown} "
                f"{verb} in no meld."
            )
        if _run(ctx, specs, False, list(nat), wilds, True) is not None:  # never exact here
            return (
                f"No way to use every card: round {round_number} is all out, and these "
                f"{len(hand)} cards do not split into exactly {want}."
            )
    parts: list[str] = []
    for kind in (MeldKind.SET, MeldKind.RUN):
        group = [x for x in specs if x[0] == kind]
        if not group:
            continue
        known = failed and not spec.all_out and len(group) == len(specs)
        if known or _run(ctx, group, False, list(nat), wilds, True) is None:
            parts.append(_explain_kind(ctx, kind, group, nat, wilds))
    if parts:
        return " ".join(parts)
    more = _wilds_short(ctx, specs, nat, wilds)
    if more:
        return (
            f"No way to make {want} at once with {_wild_words(wilds)}: the sets and the runs "
            f"can each be made, but together they need {number_word(more)} more."
        )
    return (
        f"No way to make {want} at once: the sets and the runs can each be made, but they "
        "need the same cards."
    )


def _wilds_short(
    ctx: _Ctx, specs: Sequence[tuple[MeldKind, int]], nat: Sequence[int], wilds: int
) -> int:
    """How many more wilds (1 or 2) would make the melds possible; 0 if that would not do.

    Asked with two more first: in a round with a discard more wilds never hurt, and most
    hands that fail are far from the contract.
    """
    if _run(ctx, specs, False, list(nat), wilds + 2, True) is None:
        return 0
    return 1 if _run(ctx, specs, False, list(nat), wilds + 1, True) is not None else 2


def _explain_kind(
    ctx: _Ctx, kind: MeldKind, group: Sequence[tuple[MeldKind, int]], nat: list[int], wilds: int
) -> str:
    count = len(group)
    noun = f"{count} {kind.value}" + ("" if count == 1 else "s")
    length = min(length for _, length in group)
    head = f"No way to make {noun}"
    if kind == MeldKind.RUN:
        m = ctx.m_run
        able = [
            SUITS[s].noun
            for s in range(4)
            if _suit_runs(ctx, tuple(nat[s * _STRIDE : (s + 1) * _STRIDE]), (length,), wilds)
            is not None
        ]
        what = f"{m} or more natural cards close enough together for a run of {length}"
        with_wilds = f"(with {_wild_words(wilds)})"
        if not able:
            return f"{head}: no suit has {what} {with_wilds}."
        if len(able) < count:
            if ctx.policy == SameSuitRuns.NEVER:
                tail = ", and runs must be of different suits"
            elif len(able) == 1:
                tail = f", and {able[0]} alone cannot hold {number_word(count)} runs here"
            else:
                tail = ""
            return f"{head}: only {_and_list(able)} have {what} {with_wilds}{tail}."
    else:
        m = ctx.m_set
        ranks = []
        for r in range(1, 14):
            counts = [nat[s * _STRIDE + r] for s in range(4)]
            have = sum(1 for c in counts if c) if ctx.distinct else sum(counts)
            if have >= m:
                ranks.append(Rank(r).noun)
        what = f"{m} or more natural cards" + (" of different suits" if ctx.distinct else "")
        if not ranks:
            return f"{head}: no rank has {what}."
        if len(ranks) < count:
            return f"{head}: only {_and_list(ranks)} have {what}."
    more = _wilds_short(ctx, group, nat, wilds)
    if more:
        return f"{head} with {_wild_words(wilds)}: {number_word(more)} more would be needed."
    if kind == MeldKind.RUN:
        return f"{head}: the natural cards in sequence are too few for {number_word(count)} runs."
    return f"{head}: the natural cards of one rank are too few for {number_word(count)} sets."


def _homeless(
    ctx: _Ctx,
    specs: Sequence[tuple[MeldKind, int]],
    hand: Sequence[Card],
    nat: Sequence[int],
    wilds: int,
    wild_ranks: frozenset[Rank],
) -> list[Card]:
    """Natural cards that are in no legal meld of the contract's kinds at all."""
    kinds = {kind: min(length for k, length in specs if k == kind) for kind, _ in specs}
    masks = [_suit_mask(nat, s) for s in range(4)]
    # per suit, the positions some legal run of the contract's shortest length could cover
    reach = [0, 0, 0, 0]
    if MeldKind.RUN in kinds:
        length = kinds[MeldKind.RUN]
        for s in range(4):
            mask = masks[s]
            if mask.bit_count() < ctx.m_run:
                continue
            for lo in range(1, 16 - length):
                # the longest legal run from lo covers what the shorter ones do
                row = _WINDOWS_AT[lo]
                for hi in range(min(HIGH_ACE, lo + MAX_RUN - 1), lo + length - 2, -1):
                    full = mask & row[hi]
                    n = full.bit_count()
                    w = hi - lo + 1 - n
                    if (
                        n >= ctx.m_run
                        and w <= wilds - (full & ctx.dual_pos).bit_count()
                        and not (ctx.wam and w > n)
                    ):
                        reach[s] |= row[hi]
                        break
    rank_ok: dict[int, bool] = {}
    stuck: list[Card] = []
    for card in hand:
        if card.rank is None or card.suit is None or card.rank in wild_ranks:
            continue
        s, r = SUITS.index(card.suit), int(card.rank)
        ok = False
        if MeldKind.SET in kinds:
            if r not in rank_ok:
                size = max(kinds[MeldKind.SET], ctx.m_set)
                counts = [nat[t * _STRIDE + r] for t in range(4)]
                if (sum(1 for c in counts if c) if ctx.distinct else sum(counts)) < ctx.m_set:
                    rank_ok[r] = False
                else:
                    cost = _set_cost(ctx, nat, r, [size])
                    rank_ok[r] = cost is not None and cost[0] <= wilds
            ok = bool(rank_ok[r])
        if not ok and MeldKind.RUN in kinds:
            ok = bool(reach[s] >> r & 1 or (r == 1 and reach[s] >> HIGH_ACE & 1))
        if not ok:
            stuck.append(card)
    return stuck


def _only_rank(nat: Sequence[int], r: int) -> list[int]:
    out = [0] * len(nat)
    for s in range(4):
        out[s * _STRIDE + r] = nat[s * _STRIDE + r]
    return out


__all__ = ["ArrangedMeld", "Arrangement", "arrange"]
