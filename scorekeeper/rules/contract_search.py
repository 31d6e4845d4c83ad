"""The contract search: one depth-first search over the hand's cards and the contract's melds.

The search keeps the hand as counts (:mod:`.solver_model`) and walks the cells from the
lowest. For the lowest card still undecided it tries, in this order:

1. to start one of the contract's melds still to be made with it (:mod:`.meld_choices`),
   or, when extra melds are allowed in an all-out round, an extra meld;
2. if it is a dual card (a 2 that may stand for itself), to make it wild;
3. if it is an ace and aces may be high, to keep it for the top of a run (``J Q K A``);
4. in a round with a discard, to leave it in hand.

A round with a discard is made as soon as every contract meld is made and the wilds they
use are there. An all-out round is made when every card is decided, none is left, and the
wilds not yet placed fit into the melds (each set, and each meld of wilds only, may hold
a number of extra wilds; a run holds exactly the wilds its positions need).

Melds of wild cards only (when the rule set asks for no natural card) have no lowest card:
they are made at the end, from the wilds.

The search remembers the states it has seen fail (the counts still undecided, the wilds,
the melds still to make and the runs already laid per suit), so it never explores the same
state twice; ``benchmarks/arranger.py`` shows what that buys on the hard hands.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .budget import StepBudget, current
from .meld_choices import RunChoice, SetChoice, place_ends, run_choices, set_choices
from .rulesets import MeldKind, MeldSpec, SameSuitRuns
from .solver_model import (
    CELLS,
    HIGH_ACE,
    LOW_ACE,
    MAX_RUN,
    UNBOUNDED,
    HandCounts,
    SearchRules,
)

# The search's prunings, each of which the benchmark can switch off to show what it buys
# (``benchmarks/arranger.py --no-memo`` ...). The answers never depend on them.
SWITCHES = {"memo": True, "cover": True, "room": True, "wilds": True, "cache": True}


@dataclass(frozen=True)
class SolvedMeld:
    """One meld of a solution: which contract meld it fills (``None``: an extra meld), its
    kind, the natural cards it holds (``None`` for wilds only) and its number of wilds."""

    slot: int | None
    kind: MeldKind
    shape: SetChoice | RunChoice | None
    wilds: int


@dataclass(frozen=True)
class Solution:
    """The melds, in contract order then the extras, and the dual cells played as wilds."""

    melds: tuple[SolvedMeld, ...]
    wild_cells: tuple[int, ...]


class ContractSearch:
    """One search over one hand. ``must_leave`` asks for a card left to discard. Every node
    and every meld choice it enumerates spends a step of ``budget`` (:mod:`.budget`)."""

    def __init__(
        self,
        rules: SearchRules,
        hand: HandCounts,
        *,
        must_leave: bool = False,
        budget: StepBudget | None = None,
    ):
        self.rules = rules
        self.hand = hand
        self.must_leave = must_leave
        self.budget = current(budget)
        self.naturals = list(hand.naturals)
        self.high_aces = [0, 0, 0, 0]
        self.pool = hand.wilds  # wilds available now
        self.committed = 0  # wilds the melds made so far need
        self.room = 0  # extra wilds those melds could still hold (all out)
        self.left = 0  # cards left in hand
        self.used = 0  # natural cards in melds
        self.specs: list[MeldSpec] = list(dict.fromkeys(rules.slots))
        self.open = [rules.slots.count(spec) for spec in self.specs]
        # A node bounds every distinct contract meld: with many, a node is more work.
        self.node_steps = 1 + len(self.specs) // 4
        self.made: list[tuple[int | None, MeldKind, SetChoice | RunChoice]] = []
        self.turned: list[int] = []
        self.runs: list[list[tuple[int, int]]] = [[], [], [], []]
        # The states seen to fail, each with the most free wilds it failed with.
        self.failed: dict[Hashable, int] = {}
        self.nodes = 0

    # --- the walk ----------------------------------------------------------------------------

    def solve(self) -> Solution | None:
        if sum(m.min_length for m in self.rules.slots) > self.hand.size:
            return None
        return self._node(0)

    def _node(self, at: int) -> Solution | None:
        self.nodes += 1
        self.budget.spend(self.node_steps)
        naturals = self.naturals
        while at < CELLS and not naturals[at]:
            at += 1
        finished = self._finish(at)
        if finished is not None or at == CELLS:
            return finished
        if not SWITCHES["memo"]:
            return self._branch(at) if self._within_bounds(at) else None
        key = self._key(at)
        free = 0 if self.rules.all_out else self.pool - self.committed
        failed_with = self.failed.get(key)
        if failed_with is not None and failed_with >= free:
            return None
        found = self._branch(at) if self._within_bounds(at) else None
        if found is None:
            self.failed[key] = free if failed_with is None else max(free, failed_with)
        return found

    def _within_bounds(self, at: int) -> bool:
        """Cheap bounds: the melds still open need no more wilds than are free (each alone,
        at best), and in an all-out round the free wilds fit somewhere."""
        free = self.pool + self._spare_dual(at) - self.committed
        masks = _suit_masks(self.naturals, self.high_aces, at)
        need = 0
        for j, spec in enumerate(self.specs):
            if self.open[j]:
                least = fewest_wilds(self.rules, spec, self.naturals, masks, at, free)
                need += least * self.open[j]
                if need > free:
                    return False
        if SWITCHES["room"] and not self._suits_hold_runs(at, masks, free):
            return False
        if self.rules.all_out:
            if SWITCHES["cover"] and not self._cards_find_melds(at):
                return False
            return self.pool - self.committed <= self._most_wilds_held()
        return True

    def _suits_hold_runs(self, at: int, masks: list[int], free: int) -> bool:
        """Each run still to make needs natural cards of its suit close enough together,
        above the runs of that suit already laid when runs may not overlap: the suits must
        have room for as many runs as are still to make (counted for each suit alone)."""
        rules = self.rules
        if rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING or rules.run_min_naturals < 1:
            return True  # runs may overlap, or be made of wilds only
        lengths = [
            s.min_length
            for j, s in enumerate(self.specs)
            if self.open[j] and s.kind == MeldKind.RUN
        ]
        if not lengths or (rules.extra_melds and rules.all_out):
            return True
        wanted = sum(self.open[j] for j, s in enumerate(self.specs) if s.kind == MeldKind.RUN)
        length, room = min(lengths), 0
        per_suit = 1 if rules.same_suit == SameSuitRuns.NEVER else UNBOUNDED
        rank = at // 4 + 1
        suits: list[tuple[int, int, int]] = []  # the suits with room: mask, lowest, runs
        together = SWITCHES["wilds"] and wanted > 1  # one run alone: fewest_wilds bounds it
        for suit, mask in enumerate(masks):
            laid = self.runs[suit]
            if mask and len(laid) < per_suit:
                # The runs still to make start at or above ``rank``: above the runs laid
                # from below it (a run of wilds under a high ace is laid from the ace).
                below = [high + rules.gap + 1 for low, high in laid if low <= rank]
                low = max([rules.lowest, *below])
                fits = min(per_suit - len(laid), most_runs(rules, mask, low, length, max(free, 0)))
                room += fits
                if fits:
                    suits.append((mask, low, min(fits, wanted)))
        if room < wanted:
            return False
        if not together:
            return True
        costs = [fewest_wilds_for_runs(rules, m, low, length, runs) for m, low, runs in suits]
        return _fewest_in_all(costs, wanted) <= free

    def _cards_find_melds(self, at: int) -> bool:
        """All out: every natural card not yet decided must go into a meld still open (a
        meld takes its natural cards when it is made). A run holds one card of each
        position, a set (of different suits) one card of each suit, and runs of one suit
        that may not overlap hold no card twice (an ace twice: low in one, high in another).
        So the copies of a card beyond what the runs hold each need a set of their own, and
        a suit needs a run when its cards span more ranks than the open sets could take.
        Dual cards are left out: each may become a wild instead."""
        rules = self.rules
        if rules.extra_melds:
            return True
        sets = runs = 0
        for j, spec in enumerate(self.specs):
            if spec.kind == MeldKind.SET:
                sets += self.open[j]
            else:
                runs += self.open[j]
        ranks = [0, 0, 0, 0]  # per suit, the ranks with a card to place
        rank_bits = [0, 0, 0, 0]  # the same, a bit per rank
        most = list(self.high_aces)  # per suit, the most copies of one card
        sets_needed = 0
        dual = self.hand.dual
        for base in range(at - at % 4, CELLS, 4):
            have = [
                0 if c < at or c in dual else n
                for c, n in enumerate(self.naturals[base : base + 4], base)
            ]
            if not any(have):
                continue
            for suit, n in enumerate(have):
                if n:
                    ranks[suit] += 1
                    rank_bits[suit] |= 1 << (base // 4)
                    most[suit] = max(most[suit], n)
            sets_needed += _sets_for(rules, have, _copies_in_runs(rules, runs, ace=base == 0))
            if sets_needed > sets:
                return False
        runs_needed = 0
        for suit in range(4):
            need = 1 if self.high_aces[suit] or ranks[suit] > sets else 0
            if rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING and (
                rules.set_max <= 4 or not sets
            ):
                # Each copy beyond what the sets take (one each when suits differ, none when
                # no set is open) in a run of its own.
                need = max(need, most[suit] - sets)
            runs_needed += need
        return (
            runs_needed <= runs
            and _sets_take_the_rest(rank_bits, self.high_aces, sets, runs)
            and self._stacked_runs_fit(at, sets, runs)
        )

    def _stacked_runs_fit(self, at: int, sets: int, runs: int) -> bool:
        """All out, runs only, that may overlap: when one suit has as many copies of a card
        as there are runs (aces count low and high together: a run holds one ace), every
        run is of that suit, and the runs must hold each of its cards (a card with three
        copies in three runs): they need at least :func:`fewest_run_cards` cards between
        them, which the cards left must reach."""
        if sets or self.rules.same_suit != SameSuitRuns.APART_OR_OVERLAPPING or runs < 2:
            return True
        cards = sum(self.naturals[at:]) + sum(self.high_aces) + self.pool - self.committed
        length = min(s.min_length for j, s in enumerate(self.specs) if self.open[j])
        for suit in range(4):
            middle = [
                0 if c < at or c in self.hand.dual else self.naturals[c]
                for c in range(4 + suit, CELLS, 4)
            ]  # ranks 2 to king
            aces = self.naturals[suit] if suit >= at and suit not in self.hand.dual else 0
            high = self.high_aces[suit]
            if max([*middle, aces + high]) < runs:
                continue
            # The aces not yet decided stand low or high: the fewest cards over every split.
            need = min(
                fewest_run_cards((0, low, *middle, high + aces - low), runs)
                for low in self._low_ace_counts(aces)
            )
            if max(need, runs * length) > cards:
                return False
        return True

    def _low_ace_counts(self, aces: int) -> range:
        """How many of ``aces`` undecided aces may stand low (the others high)."""
        rules = self.rules
        if rules.highest < HIGH_ACE:
            return range(aces, aces + 1)
        return range(aces + 1) if rules.lowest == LOW_ACE else range(1)

    def _most_wilds_held(self) -> int:
        if self.rules.extra_melds:
            return UNBOUNDED
        room = self.room
        for j, spec in enumerate(self.specs):
            if self.open[j]:
                top = self.rules.set_max if spec.kind == MeldKind.SET else MAX_RUN
                room += self.open[j] * (top - min(1, self.rules.min_naturals(spec.kind)))
        return room

    def _key(self, at: int) -> Hashable:
        # Only the wilds still free matter (not how many were had and used), and the runs
        # laid only while another run may still join them.
        runs_open = any(
            o and s.kind == MeldKind.RUN for o, s in zip(self.open, self.specs, strict=True)
        )
        if self.rules.all_out:
            # The runs' end wilds are placed at the end, so every run laid matters.
            return (
                at,
                bytes(self.naturals[at:]),
                tuple(self.high_aces),
                self.pool - self.committed,
                min(self.room, UNBOUNDED),
                tuple(self.open),
                tuple(
                    sorted(
                        (m[2].suit, m[2].low, m[2].high, m[2].wilds, m[2].length, len(m[2].taken))
                        for m in self.made
                        if isinstance(m[2], RunChoice)
                    )
                ),
            )
        # With a discard, more free wilds never hurt (a spare one stays in hand): the free
        # wilds are kept beside the key, and a state that failed with as many fails again.
        return (
            at,
            bytes(self.naturals[at:]),
            tuple(self.high_aces),
            tuple(self.open),
            tuple(tuple(r) for r in self.runs) if runs_open or self.rules.extra_melds else (),
            self.must_leave and self.left > 0,
        )

    def _branch(self, at: int) -> Solution | None:
        rules = self.rules
        for j, spec in enumerate(self.specs):
            if self.open[j]:
                found = self._start(at, j, spec.kind, spec.min_length)
                if found is not None:
                    return found
        if rules.extra_melds and rules.all_out:
            for kind, length in zip(MeldKind, rules.extra_length, strict=True):
                found = self._start(at, None, kind, length)
                if found is not None:
                    return found
        if at in self.hand.dual:
            found = self._set_aside(at, "wild")
            if found is not None:
                return found
        if at < 4 and rules.highest == HIGH_ACE:
            found = self._set_aside(at, "high")
            if found is not None:
                return found
        if not rules.all_out:
            return self._set_aside(at, "leave")
        return None

    def _set_aside(self, at: int, how: str) -> Solution | None:
        """Make the card at ``at`` wild, keep it as a high ace, or leave it in hand."""
        self.naturals[at] -= 1
        if how == "wild":
            self.pool += 1
            self.turned.append(at)
        elif how == "high":
            self.high_aces[at] += 1
        else:
            self.left += 1
        found = self._node(at)
        if how == "wild":
            self.pool -= 1
            self.turned.pop()
        elif how == "high":
            self.high_aces[at] -= 1
        else:
            self.left -= 1
        self.naturals[at] += 1
        return found

    # --- starting a meld ---------------------------------------------------------------------

    def _start(self, at: int, j: int | None, kind: MeldKind, length: int) -> Solution | None:
        if kind == MeldKind.SET:
            for choice in set_choices(self.rules, self.naturals, at, length, self.budget):
                found = self._with(at, j, choice)
                if found is not None:
                    return found
            return None
        start = at // 4 + 1
        if start > 1:
            return self._runs_from(at, j, start, length)
        found = self._runs_from(at, j, start, length) if self.rules.lowest == 1 else None
        if found is None and self.rules.highest == HIGH_ACE:
            found = self._ace_on_top(at, j, length)
        return found

    def _runs_from(self, at: int, j: int | None, start: int, length: int) -> Solution | None:
        """Every run whose lowest natural card is the one at ``at``, at position ``start``."""
        may_leave = self._claimants(j)
        budget = self.pool + self._spare_dual(at) - self.committed
        suit = at % 4
        for run in run_choices(
            self.rules,
            self.naturals,
            self.high_aces,
            suit,
            start,
            length,
            budget,
            self.runs[suit],
            may_leave,
            self.budget,
        ):
            found = self._with(at, j, run)
            if found is not None:
                return found
        return None

    def _ace_on_top(self, at: int, j: int | None, length: int) -> Solution | None:
        """A run whose only natural card is an ace played high, wilds below it (``Q K A``
        with two wilds): the ace is moved to the high aces, where such a run takes it."""
        self.naturals[at] -= 1
        self.high_aces[at] += 1
        found = self._runs_from(at, j, HIGH_ACE, length)
        self.high_aces[at] -= 1
        self.naturals[at] += 1
        return found

    def _claimants(self, j: int | None) -> int:
        """How many other melds could still take a natural card a run leaves behind."""
        if self.rules.extra_melds and self.rules.all_out:
            return UNBOUNDED
        count = 0
        for k, spec in enumerate(self.specs):
            others = self.open[k] - (k == j)
            if spec.kind == MeldKind.SET and others:
                return UNBOUNDED  # a set may take every copy of a card
            if spec.kind == MeldKind.RUN and self.rules.same_suit.value != "never":
                count += others  # another run takes one copy
        return count

    def _with(self, at: int, j: int | None, choice: SetChoice | RunChoice) -> Solution | None:
        """Lay ``choice`` (filling contract meld ``j``), search on, and take it back."""
        cells = _cells_of(choice)
        for c in cells:
            self._take(c, -1)
        self.used += len(cells)
        self.committed += choice.wilds
        self.room += choice.room
        if j is not None:
            self.open[j] -= 1
        if isinstance(choice, RunChoice):
            self.runs[choice.suit].append((choice.low, choice.high))
        kind = MeldKind.SET if isinstance(choice, SetChoice) else MeldKind.RUN
        self.made.append((j, kind, choice))
        found = None
        if self.committed <= self.pool + self._spare_dual(at):
            found = self._node(at)
        self.made.pop()
        if isinstance(choice, RunChoice):
            self.runs[choice.suit].pop()
        if j is not None:
            self.open[j] += 1
        self.room -= choice.room
        self.committed -= choice.wilds
        self.used -= len(cells)
        for c in cells:
            self._take(c, 1)
        return found

    def _take(self, c: int, change: int) -> None:
        if c >= CELLS:
            self.high_aces[c - CELLS] += change
        else:
            self.naturals[c] += change

    def _spare_dual(self, at: int) -> int:
        """Dual cards not yet decided: each may still become a wild."""
        return sum(self.naturals[c] for c in self.hand.dual if c >= at)

    # --- the end -----------------------------------------------------------------------------

    def _finish(self, at: int) -> Solution | None:
        """A solution if the melds still open can be finished now (with wilds only)."""
        rules = self.rules
        wild_only = self._wild_only()
        if wild_only is None:
            return None
        need = sum(w for _, _, w, _ in wild_only)
        if rules.all_out:
            if at < CELLS or self.left or any(self.high_aces):
                return None
            return self._finish_all_out(wild_only, self.pool - self.committed - need)
        spare_dual = self._spare_dual(at)
        short = self.committed + need - self.pool
        if short > spare_dual:
            return None
        used = self.used + self.committed + need
        if self.must_leave and used >= self.hand.size:
            return None
        turned = self._more_wild(at, max(short, 0))
        return self._solution(wild_only, 0, turned, {})

    def _finish_all_out(
        self, wild_only: list[tuple[int, MeldKind, int, int]], spare: int
    ) -> Solution | None:
        """Share the ``spare`` wilds between the runs' ends and the sets' (and wild-only
        melds') room; the run ends are placed here, once."""
        if not 0 <= spare <= self.room + sum(r for *_, r in wild_only):
            return None
        set_room = sum(c.room for _, _, c in self.made if isinstance(c, SetChoice))
        set_room += sum(r for *_, r in wild_only)
        runs = [c for _, _, c in self.made if isinstance(c, RunChoice)]
        placed = place_ends(self.rules, runs, spare - set_room, spare, self.budget)
        if placed is None:
            return None
        fixed = {id(run): done for run, done in zip(runs, placed, strict=True)}
        extra = sum(p.wilds for p in placed) - sum(r.wilds for r in runs)
        return self._solution(wild_only, spare - extra, [], fixed)

    def _wild_only(self) -> list[tuple[int, MeldKind, int, int]] | None:
        """The melds still open, each made of wilds only: (slot spec, kind, wilds, room);
        ``None`` if some open meld may not be all wild."""
        out: list[tuple[int, MeldKind, int, int]] = []
        for j, spec in enumerate(self.specs):
            if not self.open[j]:
                continue
            if self.rules.min_naturals(spec.kind) > 0 or self.rules.wilds_at_most_naturals:
                return None
            top = self.rules.set_max if spec.kind == MeldKind.SET else MAX_RUN
            if spec.min_length > top:
                return None
            room = 0 if self.rules.exact else top - spec.min_length
            out.extend([(j, spec.kind, spec.min_length, room)] * self.open[j])
        return out

    def _more_wild(self, at: int, count: int) -> list[int]:
        """``count`` undecided dual cards, made wild to cover the wilds the melds need."""
        out: list[int] = []
        for c in self.hand.dual:
            if c >= at:
                take = min(count - len(out), self.naturals[c])
                out.extend([c] * take)
        return out

    def _solution(
        self,
        wild_only: list[tuple[int, MeldKind, int, int]],
        spare: int,
        turned: list[int],
        fixed: dict[int, RunChoice],
    ) -> Solution:
        """The melds made, in contract order then the extras, with ``spare`` wilds shared
        among the melds that have room for them."""
        slot_of = _slot_numbers(self.rules.slots, self.specs)
        melds: list[SolvedMeld] = []
        # Equal contract melds are filled in reading order: sets by rank, runs by suit.
        for j, kind, laid in sorted(self.made, key=_reading_order):
            choice = fixed.get(id(laid), laid)
            extra = min(spare, choice.room) if isinstance(choice, SetChoice) else 0
            spare -= extra
            slot = slot_of[j].pop(0) if j is not None else None
            melds.append(SolvedMeld(slot, kind, choice, choice.wilds + extra))
        for j, kind, wilds, room in wild_only:
            extra = min(spare, room)
            spare -= extra
            melds.append(SolvedMeld(slot_of[j].pop(0), kind, None, wilds + extra))
        melds.sort(key=lambda m: len(self.rules.slots) if m.slot is None else m.slot)
        return Solution(tuple(melds), (*self.turned, *turned))


def _suit_masks(naturals: list[int], high_aces: list[int], at: int) -> list[int]:
    """Per suit, a bit per run position holding a natural card not yet decided."""
    masks = [0, 0, 0, 0]
    for c in range(at, CELLS):
        if naturals[c]:
            masks[c % 4] |= 1 << (c // 4 + 1)
            if c < 4:  # an ace may also be high
                masks[c] |= 1 << HIGH_ACE
    for s in range(4):
        if high_aces[s]:
            masks[s] |= 1 << HIGH_ACE
    return masks


def _sets_take_the_rest(rank_bits: list[int], high_aces: list[int], sets: int, runs: int) -> bool:
    """All out: the suits that get no run put every card in a set, and a set is of one
    rank, so some choice of at most ``runs`` suits for the runs (every suit with an ace kept
    high among them) leaves cards of at most ``sets`` ranks to the sets.

    >>> hearts, spades, clubs = 0b1100, 0b110000000, 0b1111111111110  # 3 4, 8 9, 2 to K
    >>> _sets_take_the_rest([0, hearts, 0, clubs], [0] * 4, sets=1, runs=2)
    True
    >>> _sets_take_the_rest([spades, hearts, 0, clubs], [0] * 4, sets=1, runs=2)
    False
    """
    if runs >= sum(1 for bits in rank_bits if bits):
        return True  # a run for every suit with cards
    must = {s for s in range(len(rank_bits)) if high_aces[s]}
    for chosen in combinations(range(len(rank_bits)), runs):
        if must <= set(chosen):
            rest = 0
            for suit, bits in enumerate(rank_bits):
                if suit not in chosen:
                    rest |= bits
            if rest.bit_count() <= sets:
                return True
    return False


def _copies_in_runs(rules: SearchRules, runs: int, *, ace: bool) -> int:
    """The most copies of one card ``runs`` open runs of its suit could take."""
    if runs == 0:
        return 0
    if rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING:
        return runs
    if ace and rules.same_suit == SameSuitRuns.APART and rules.lowest < rules.highest - 12:
        return min(runs, 2)  # A 2 3 4 and J Q K A
    return 1


def _sets_for(rules: SearchRules, have: list[int], held: int) -> int:
    """The fewest sets of one rank that take the cards of that rank (``have`` per suit)
    beyond the ``held`` copies of each the runs could take (``UNBOUNDED``: no set can)."""
    beyond = [max(0, n - held) for n in have]
    total = sum(beyond)
    if not total:
        return 0
    distinct = rules.set_max <= 4
    naturals = sum(1 for n in have if n) if distinct else sum(have)
    if naturals < rules.set_min_naturals:
        return UNBOUNDED  # no set of this rank has enough natural cards
    if distinct:
        return max(beyond)  # suits differ: a set takes one card of a suit
    return 1 if rules.set_max >= UNBOUNDED else -(-total // rules.set_max)


def most_runs(rules: SearchRules, mask: int, low: int, length: int, free: int) -> int:
    """How many runs of one suit, apart from each other, fit from position ``low`` up, each
    with its natural cards from ``mask`` and at most ``free`` wilds (each run alone).

    Runs are taken greedily, the one that ends lowest first, which gives the most.

    >>> from .presets import LIVERPOOL
    >>> rules = SearchRules.of(LIVERPOOL, 3)
    >>> spades = sum(1 << p for p in (3, 4, 5, 6, 8, 9, 10))  # 3-6, then 8-J with a wild
    >>> most_runs(rules, spades, 1, 4, 0), most_runs(rules, spades, 1, 4, 1)
    (1, 2)
    """
    count = _most_runs if SWITCHES["cache"] else _most_runs.__wrapped__
    return count(
        mask,
        low,
        length,
        max(1, rules.run_min_naturals),
        min(free, MAX_RUN),
        rules.wilds_at_most_naturals,
        rules.gap,
        rules.highest,
    )


@lru_cache(maxsize=1 << 16)
def _most_runs(
    mask: int, low: int, length: int, least: int, free: int, capped: bool, gap: int, top: int
) -> int:
    count = 0
    while True:
        end = _earliest_end(mask, low, length, least, free, capped, top)
        if end is None:
            return count
        count += 1
        low = end + gap + 1


def _earliest_end(
    mask: int, low: int, length: int, least: int, free: int, capped: bool, top: int
) -> int | None:
    for end in range(low + length - 1, top + 1):
        for start in range(max(low, end - MAX_RUN + 1), end - length + 2):
            size = end - start + 1
            have = (mask & (((1 << size) - 1) << start)).bit_count()
            wilds = size - have
            if have >= least and wilds <= free and not (capped and wilds > have):
                return end
    return None


def fewest_wilds_for_runs(
    rules: SearchRules, mask: int, low: int, length: int, runs: int
) -> tuple[int, ...]:
    """The fewest wilds that 0, 1, ... ``runs`` runs of one suit need between them, apart
    from each other (as the same-suit rule asks), from position ``low`` up, each at least
    ``length`` long with its natural cards from ``mask``. Each run alone may have the fewest
    wilds, yet two runs cannot both take the best stretch of a suit: this counts them
    together (``UNBOUNDED``: that many runs do not fit).

    >>> from .presets import LIVERPOOL
    >>> rules = SearchRules.of(LIVERPOOL, 3)
    >>> spades = sum(1 << p for p in (3, 4, 5, 6, 8, 9, 10))  # 3-6, then 8-J with a wild
    >>> fewest_wilds_for_runs(rules, spades, 1, 4, 2)
    (0, 0, 1)
    >>> fewest_wilds_for_runs(rules, spades, 1, 4, 3)[3] == UNBOUNDED  # no room for a third
    True
    """
    count = _fewest_wilds_for_runs if SWITCHES["cache"] else _fewest_wilds_for_runs.__wrapped__
    return count(
        mask,
        low,
        length,
        max(1, rules.run_min_naturals),
        rules.wilds_at_most_naturals,
        rules.gap,
        rules.highest,
        runs,
    )


@lru_cache(maxsize=1 << 16)
def _fewest_wilds_for_runs(
    mask: int, low: int, length: int, least: int, capped: bool, gap: int, top: int, runs: int
) -> tuple[int, ...]:
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


def _fewest_in_all(costs: list[tuple[int, ...]], wanted: int) -> int:
    """The fewest wilds ``wanted`` runs need, shared out among the suits (``costs``: per
    suit, the fewest for 0, 1, ... runs)."""
    total = [0] + [UNBOUNDED] * wanted
    for cost in costs:
        total = [
            min(total[k - r] + cost[r] for r in range(min(k, len(cost) - 1) + 1))
            for k in range(wanted + 1)
        ]
    return total[wanted]


@lru_cache(maxsize=1 << 12)
def fewest_run_cards(copies: tuple[int, ...], runs: int) -> int:
    """The fewest cards ``runs`` runs of one suit hold between them when position ``p`` (an
    index of ``copies``, 1-14) must be in at least ``copies[p]`` of them.

    Walking up the positions, the number of runs open at each one is at least the copies
    there, and a run that closes cannot open again: at most ``runs`` openings in all.

    >>> two_and_jack = tuple(3 if p in (2, 11) else 0 for p in range(15))
    >>> fewest_run_cards(two_and_jack, 3)  # three runs from 2 to J
    30
    """
    best = {(0, 0): 0}  # (runs open, runs opened so far) -> cards so far
    for need in copies[1:]:
        after: dict[tuple[int, int], int] = {}
        for (open_, opened), total in best.items():
            for now in range(need, runs + 1):
                state = (now, opened + max(0, now - open_))
                if state[1] <= runs and total + now < after.get(state, UNBOUNDED):
                    after[state] = total + now
        best = after
    return min(best.values(), default=UNBOUNDED)


def fewest_wilds(
    rules: SearchRules, spec: MeldSpec, naturals: list[int], masks: list[int], at: int, free: int
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
            have = sum(1 for n in counts if n) if distinct else sum(counts)
            if have and have >= least:
                best = min(best, max(0, length - have))
        return best
    # A longer run holds a window of ``length`` with no more wilds than it has, so the
    # windows of exactly ``length`` bound every run (whatever its natural cards must number).
    best = length if least == 0 else UNBOUNDED
    # A run's natural cards lie within ``least + free`` positions of each other (within its
    # length when contract melds are exactly their length).
    span = length if rules.exact else min(MAX_RUN, max(length, least + free))
    run_wilds = _run_wilds if SWITCHES["cache"] else _run_wilds.__wrapped__
    for mask in masks:
        if mask:
            best = min(best, run_wilds(mask, length, least, span))
    return best


@lru_cache(maxsize=1 << 16)
def _run_wilds(mask: int, length: int, least: int, span: int) -> int:
    """The fewest wilds a run of ``length`` over the positions of ``mask`` needs, if some
    ``span`` positions hold ``least`` of them (``UNBOUNDED`` if not). A suit's positions
    change only when one of its cards is decided, so the search asks this again and again:
    the answers are kept."""
    if least > 1 and not any((mask & w).bit_count() >= least for w in _WINDOWS[span]):
        return UNBOUNDED
    best = UNBOUNDED
    for window in _WINDOWS[length]:
        have = (mask & window).bit_count()
        if have:
            best = min(best, length - have)
    return best


# Every window of ``length`` run positions as a bit mask (positions 1..14).
_WINDOWS = {
    length: [((1 << length) - 1) << low for low in range(1, 16 - length)]
    for length in range(1, MAX_RUN + 1)
}


def _reading_order(made: tuple[int | None, MeldKind, SetChoice | RunChoice]) -> tuple[int, ...]:
    j, _, choice = made
    if isinstance(choice, SetChoice):
        return (-1 if j is None else j, choice.rank)
    return (-1 if j is None else j, choice.suit, choice.low)


def _cells_of(choice: SetChoice | RunChoice) -> list[int]:
    """The cells a meld's natural cards come from (``CELLS + suit`` for a high ace)."""
    if isinstance(choice, SetChoice):
        base = (choice.rank - 1) * 4
        return [base + t for t, n in enumerate(choice.taken) for _ in range(n)]
    return [
        CELLS + choice.suit if p == HIGH_ACE else (p - 1) * 4 + choice.suit for p in choice.taken
    ]


def _slot_numbers(slots: tuple[MeldSpec, ...], specs: list[MeldSpec]) -> dict[int, list[int]]:
    """For each distinct contract meld, the indices of the contract melds equal to it."""
    return {j: [i for i, s in enumerate(slots) if s == spec] for j, spec in enumerate(specs)}


def clear_caches() -> None:
    """Forget the answers kept per suit mask (for the benchmark's fair comparisons)."""
    _run_wilds.cache_clear()
    _most_runs.cache_clear()
    _fewest_wilds_for_runs.cache_clear()
    fewest_run_cards.cache_clear()


def solve(
    rules: SearchRules,
    hand: HandCounts,
    *,
    must_leave: bool = False,
    budget: StepBudget | None = None,
) -> Solution | None:
    """A way to make the contract from the hand, or ``None``."""
    return ContractSearch(rules, hand, must_leave=must_leave, budget=budget).solve()


class Solver:
    """Answers the questions asked about one hand (the contract, then, for the reason why
    not, parts of it and the hand with a wild or two more), each once: the reason asks
    again some of what the arranger asked. Every question spends from one ``budget``."""

    def __init__(self, budget: StepBudget | None = None) -> None:
        self.budget = current(budget)
        self._answers: dict[tuple[SearchRules, HandCounts, bool], Solution | None] = {}

    def solve(
        self, rules: SearchRules, hand: HandCounts, *, must_leave: bool = False
    ) -> Solution | None:
        question = (rules, hand, must_leave)
        if question not in self._answers:
            self._answers[question] = solve(rules, hand, must_leave=must_leave, budget=self.budget)
        return self._answers[question]
