"""The contract search: one depth-first search over the hand's cards and the contract's melds.

As in every rummy meld search, the melds are found card by card and must not share a card.
The hand is kept as counts (:mod:`.solver_model`), and the search walks its cells from the
lowest (:mod:`.search_state`). The lowest card still to decide is in no meld yet, so it is
the first natural card of whatever meld takes it; the search tries, in this order:

1. to start one of the contract's melds still to make with it (each kind of meld has a
   maker of choices, :data:`MAKERS`: :mod:`.meld_choices`);
2. in a round with colour melds or flushes (in the contract, or as extra melds), to keep it
   for them (:data:`.search_state.GROUP`);
3. when extra melds are allowed in an all-out round, to start an extra meld with it;
4. if it is a dual card (a 2 that may stand for itself), to make it wild;
5. if it is an ace and aces may be high, to keep it for the top of a run (``J Q K A``);
6. in a round with a discard, to leave it in hand (a dual card is made wild instead: a wild
   no meld takes stays in hand all the same).

In a round with colour melds or flushes they are made **last**: a colour meld cares for a
card's colour, not its rank, so once every other card is decided, the cards kept for them
differ only by suit. They then stand as one cell per suit, and the search makes the colour
melds and flushes of those counts (a way to share seven hearts out is tried once, not once
per choice of seven cards; the states that failed are known by their counts); with a
discard, a kept card no colour meld or flush takes stays in hand. Made first, each colour
meld would be tried with every subset of its colour's cards.

A round with a discard is made as soon as every contract meld is made and the wilds they
use are there. An all-out round is made when every card is decided, none is left, and the
wilds not yet placed fit into the melds (each set, and each meld of wilds only, may hold a
number of extra wilds; the runs' end wilds are placed then: :mod:`.run_ends`). Melds of
wild cards only (when the rule set asks for no natural card) have no lowest card: they are
made at the end, from the wilds.

That is the whole search. What only makes it faster is given to it as a
:class:`.prunings.Prunings` value: the checks each node must pass (each proves that no way
down from a node can succeed, and says which rule sets it is sound for) and the memo of
failed states; the answers never depend on them.

Steps (:mod:`.budget`): every part of the work is charged what it costs, so that a step is
worth about the same CPU time in every kind of round. A node costs a step, one more per four
distinct contract melds (it checks each) and one for the memo's key; each check the steps it
costs, when it is asked (:attr:`.prunings.pruning.Pruning.steps`); the makers of choices and
the placing of run ends a step per way they try; and laying a choice a step more per two
cells it changes (:func:`lay_steps`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .budget import StepBudget, current
from .group_choices import GroupChoice, bare_most, group_melds, line_runs
from .meld_choices import Choice, RunChoice, SetChoice, run_starts, set_choices
from .prunings import ALL, MEMO, Prunings
from .prunings.memo import FailedStates, free_wilds, state_key
from .rulesets import MeldKind, MeldSpec
from .run_ends import place_ends
from .search_state import GROUP, HIGH, LEAVE, WILD, SearchState
from .solver_model import CELLS, HIGH_ACE, HandCounts, SearchRules


@dataclass(frozen=True)
class SolvedMeld:
    """One meld of a solution: which contract meld it fills (``None``: an extra meld), its
    kind, the natural cards it holds (``None`` for wilds only) and its number of wilds."""

    slot: int | None
    kind: MeldKind
    shape: SetChoice | RunChoice | GroupChoice | None
    wilds: int


@dataclass(frozen=True)
class Solution:
    """The melds, in contract order then the extras, and the dual cells played as wilds."""

    melds: tuple[SolvedMeld, ...]
    wild_cells: tuple[int, ...]


def solve(
    rules: SearchRules,
    hand: HandCounts,
    *,
    must_leave: bool = False,
    prunings: Prunings = ALL,
    budget: StepBudget | None = None,
) -> Solution | None:
    """A way to make the contract from the hand, or ``None``. ``must_leave`` asks for a card
    left to discard; the search spends from ``budget`` (:func:`.budget.current`)."""
    if sum(m.min_length for m in rules.slots) > hand.size:
        return None
    state = SearchState(rules, hand, must_leave=must_leave)
    return _Search(state, prunings, current(budget)).node(0)


def _groups_last(rules: SearchRules) -> bool:
    """Whether colour melds and flushes are made last: where the round has any."""
    kinds = {spec.kind for spec in rules.slots} | {kind for kind, _ in rules.extras}
    return bool(kinds & GROUP_KINDS)


# The makers of meld choices, by kind: every meld of the kind whose lowest natural card is
# the one at cell ``at``, filling contract meld ``j`` (``None``: an extra meld), of at least
# ``length`` cards. Each way a maker tries spends a step of the budget.
Maker = Callable[[SearchState, int, "int | None", int, StepBudget], Iterable[Choice | GroupChoice]]


def _sets(
    state: SearchState, at: int, j: int | None, length: int, steps: StepBudget
) -> Iterable[Choice]:
    choices = set_choices(state.rules, state.naturals, at, length, steps)
    if state.rules.suit_blind:
        choices = (c for c in choices if _lowest_first(state.naturals, at, c.taken))
    if not state.rules.sets_differ:
        return choices
    # The sets of a lay-down differ in rank: none of a rank a set laid already has.
    laid = {c.rank for _, _, c in state.made if isinstance(c, SetChoice)}
    return choices if at // 4 + 1 not in laid else ()


def _lowest_first(naturals: list[int], at: int, taken: tuple[int, ...]) -> bool:
    """Whether a set takes its cards from the lowest suits first (where no meld cares which
    suit a card is of, any other way of taking as many is the same to the search)."""
    base = at - at % 4
    short = False
    for t, n in enumerate(taken):
        if short and n:
            return False
        if base + t >= at and n < naturals[base + t]:
            short = True
    return True


def _groups(kind: MeldKind) -> Maker:
    def make(
        state: SearchState, at: int, j: int | None, length: int, steps: StepBudget
    ) -> Iterable[GroupChoice]:
        free, most = state.free(), state.most_cards(j)
        return group_melds(state.rules, state.naturals, at, kind, length, free, steps, most)

    return make


def _runs(
    state: SearchState, at: int, j: int | None, length: int, steps: StepBudget
) -> Iterable[Choice | GroupChoice]:
    suit = at % 4
    if state.rules.line_runs:
        free, others, dual = state.free(), state.runs[suit], state.hand.dual
        most = state.most_cards(j)
        return line_runs(state.rules, state.naturals, at, length, free, others, steps, dual, most)
    wilds, others, claimants = state.free(), state.runs[suit], state.claimants(j, suit)
    return run_starts(
        state.rules, state.naturals, state.high_aces, at, length, wilds, others, claimants, steps
    )


MAKERS: dict[MeldKind, Maker] = {
    MeldKind.SET: _sets,
    MeldKind.RUN: _runs,
    MeldKind.COLOR: _groups(MeldKind.COLOR),
    MeldKind.FLUSH: _groups(MeldKind.FLUSH),
}

GROUP_KINDS = frozenset({MeldKind.COLOR, MeldKind.FLUSH})
LAY_CELLS_PER_STEP = 2
MEMO_STEPS = 1  # the memo's key of a node: its cards still to decide and melds, made hashable
_WildOnly = tuple[int, MeldKind, int, int]  # a meld of wilds only: spec, kind, wilds, room


class _Search:
    """One search over one hand: the state it walks, the checks and the memo it uses."""

    def __init__(self, state: SearchState, prunings: Prunings, budget: StepBudget) -> None:
        self.state = state
        self.rules = state.rules
        self.checks = prunings.checks(state.rules)
        self.failed = FailedStates() if prunings.on(MEMO) else None
        self.budget = budget
        # A node's checks bound every distinct contract meld: with many, a node is more work;
        # each check costs its own steps when it is asked (:meth:`_explore`), and the memo's
        # key a step more.
        self.node_steps = 1 + len(state.specs) // 4 + (self.failed is not None) * MEMO_STEPS
        # Whether some contract meld may be made of wilds only (then it has no lowest card).
        self.bare = any(self._bare_room(spec) is not None for spec in state.specs)
        # Colour melds and flushes are made last, of the cards kept for them (see the module).
        self.groups_last = _groups_last(state.rules)

    # --- the walk ----------------------------------------------------------------------------

    def node(self, at: int) -> Solution | None:
        """A solution from the state as it is, deciding the cards from cell ``at`` on."""
        self.budget.spend(self.node_steps)
        state = self.state
        at = state.next_cell(at)
        if at == CELLS and any(state.deferred):  # (none is kept once they are made)
            return self._make_groups()
        finished = self._finish(at)
        if finished is not None or at == CELLS:
            return finished
        if self.failed is None:
            return self._explore(at)
        key, free = state_key(state, at), free_wilds(state)
        if self.failed.known(key, free):
            return None
        found = self._explore(at)
        if found is None:
            self.failed.remember(key, free)
        return found

    def _explore(self, at: int) -> Solution | None:
        """The ways on from the node, unless a check shows that none can succeed."""
        if self.checks:
            node = self.state.node(at)
            asked = 0  # the steps of the checks asked, charged once (a call each is dear)
            for check, steps in self.checks:
                asked += steps
                if not check(node):
                    self.budget.spend(asked)
                    return None
            self.budget.spend(asked)
        return self._branch(at)

    def _only_groups_take(self, at: int) -> list[int]:
        """The cards still to decide (one cell per card) when only colour melds and
        flushes may take them: every other contract meld is made, and no extra meld of
        another kind may be. The dual cards apart: they may turn wild instead."""
        state, rules = self.state, self.rules
        if any(
            n and spec.kind not in GROUP_KINDS
            for n, spec in zip(state.open, state.specs, strict=True)
        ):
            return []
        if rules.all_out and any(kind not in GROUP_KINDS for kind, _ in rules.extras):
            return []
        dual = state.hand.dual
        return [c for c in range(at, CELLS) for _ in range(state.naturals[c]) if c not in dual]

    def _keep(self, cards: list[int], at: int) -> Solution | None:
        """Keep ``cards`` for the colour melds and flushes at once (none has another way
        to go), and search on."""
        state = self.state
        for c in cards:
            state.set_aside(c, GROUP)
        found = self.node(at)
        for c in reversed(cards):
            state.set_aside(c, GROUP, sign=-1)
        return found

    def _make_groups(self) -> Solution | None:
        """Every card decided: make the colour melds and flushes of the cards kept for
        them (see the module)."""
        self.state.group_kept()
        try:
            return self.node(0)
        finally:
            self.state.group_kept(sign=-1)

    def _branch(self, at: int) -> Solution | None:
        """Decide the card at ``at``: in a meld it starts, or set aside (see the module)."""
        keeping = self.groups_last and not self.state.grouping
        if keeping:
            rest = self._only_groups_take(at)
            if rest:
                return self._keep(rest, at)
        found = self._start_contract_meld(at)
        if found is None and keeping:
            found = self._aside(at, GROUP)
        if found is None:
            found = self._start_extra_meld(at)
        for how in self._set_asides(at):
            if found is not None:
                break
            found = self._aside(at, how)
        return found

    def _start_contract_meld(self, at: int) -> Solution | None:
        state = self.state
        for j, spec in enumerate(state.specs):
            if state.open[j] and self._now(spec.kind):
                found = self._start(at, j, spec.kind, spec.min_length)
                if found is not None:
                    return found
        return None

    def _start_extra_meld(self, at: int) -> Solution | None:
        if not (self.rules.extra_melds and self.rules.all_out):
            return None
        for kind, length in self.rules.extras:
            if self._now(kind):
                found = self._start(at, None, kind, length)
                if found is not None:
                    return found
        return None

    def _aside(self, at: int, how: str) -> Solution | None:
        """Set the card at ``at`` aside ``how``, search on, take it back."""
        self.state.set_aside(at, how)
        found = self.node(at)
        self.state.set_aside(at, how, sign=-1)
        return found

    def _now(self, kind: MeldKind) -> bool:
        """Whether a meld of ``kind`` is made now: colour melds and flushes once the other
        cards are decided, and then only they."""
        return (kind in GROUP_KINDS) == self.state.grouping

    def _set_asides(self, at: int) -> list[str]:
        """The ways the card at ``at`` may stay out of a meld it starts. (A dual card is
        not left in hand: made wild, it stays in hand all the same if no meld takes it.)"""
        if self.state.grouping:  # a card no colour meld or flush takes stays in hand
            return [] if self.rules.all_out else [LEAVE]
        ways: list[str] = []
        dual = at in self.state.hand.dual
        if dual:
            ways.append(WILD)
        if at < 4 and self.rules.highest == HIGH_ACE and not self.rules.line_runs:
            ways.append(HIGH)
        if not self.rules.all_out and not dual and not self.groups_last:
            ways.append(LEAVE)  # (made last, the colour melds and flushes may still take it)
        return ways

    def _start(self, at: int, j: int | None, kind: MeldKind, length: int) -> Solution | None:
        """Lay each meld of ``kind`` the card at ``at`` can start, search on, take it back."""
        state = self.state
        for choice in MAKERS[kind](state, at, j, length, self.budget):
            self.budget.spend(lay_steps(choice))
            state.lay(j, choice)
            found = self.node(at) if state.free() >= 0 else None
            state.lay(j, choice, sign=-1)
            if found is not None:
                return found
        return None

    # --- the end -----------------------------------------------------------------------------

    def _finish(self, at: int) -> Solution | None:
        """A solution if the melds still open can be made of wilds only, now."""
        state = self.state
        if state.to_make and not self.bare:
            return None
        wild_only = self._wild_only()
        if wild_only is None:
            return None
        need = sum(w for _, _, w, _ in wild_only)
        if self.rules.all_out:
            if at < CELLS or state.left or any(state.high_aces):
                return None
            return self._finish_all_out(wild_only, state.pool - state.committed - need)
        short = state.committed + need - state.pool
        if short > state.spare:
            return None
        used = state.used + state.committed + need
        if state.must_leave and used >= state.hand.size:
            return None
        return self._solution(wild_only, 0, self._more_wild(at, max(short, 0)), {})

    def _finish_all_out(self, wild_only: list[_WildOnly], spare: int) -> Solution | None:
        """Share the ``spare`` wilds between the runs' ends and the sets' (and wild-only
        melds') room; the run ends are placed here, once."""
        made = self.state.made
        if not 0 <= spare <= self.state.room + sum(r for *_, r in wild_only):
            return None
        set_room = sum(c.room for _, _, c in made if isinstance(c, SetChoice | GroupChoice))
        set_room += sum(r for *_, r in wild_only)
        runs = [(i, c) for i, (_, _, c) in enumerate(made) if isinstance(c, RunChoice)]
        cores = [c for _, c in runs]
        placed = place_ends(self.rules, cores, spare - set_room, spare, self.budget)
        if placed is None:
            return None
        ends = {i: run for (i, _), run in zip(runs, placed, strict=True)}
        extra = sum(p.wilds for p in placed) - sum(r.wilds for r in cores)
        return self._solution(wild_only, spare - extra, [], ends)

    def _wild_only(self) -> list[_WildOnly] | None:
        """The melds still open, each made of wilds only: (slot spec, kind, wilds, room);
        ``None`` if some open meld may not be all wild."""
        state = self.state
        out: list[_WildOnly] = []
        for j, spec in enumerate(state.specs):
            if not state.open[j]:
                continue
            room = self._bare_room(spec)
            if room is None:
                return None
            out.extend([(j, spec.kind, spec.min_length, room)] * state.open[j])
        return out

    def _bare_room(self, spec: MeldSpec) -> int | None:
        """How many more wilds a meld of ``spec`` made of wilds only may take; ``None`` if
        it may not be all wild."""
        rules = self.rules
        if rules.min_naturals(spec.kind) > 0 or rules.wilds_at_most_naturals:
            return None
        top = bare_most(rules, spec.kind)
        if spec.min_length > top:
            return None
        return 0 if rules.exact else top - spec.min_length

    def _more_wild(self, at: int, count: int) -> list[int]:
        """``count`` undecided dual cards, made wild to cover the wilds the melds need."""
        out: list[int] = []
        for c in self.state.hand.dual:
            if c >= at:
                take = min(count - len(out), self.state.naturals[c])
                out.extend([c] * take)
        return out

    def _solution(
        self,
        wild_only: list[_WildOnly],
        spare: int,
        turned: list[int],
        ends: dict[int, RunChoice],
    ) -> Solution:
        """The melds made (``ends``: the runs with their ends placed, by their index among
        the melds made), in contract order then the extras, with ``spare`` wilds shared
        among the melds that have room for them."""
        state = self.state
        slot_of = _slot_numbers(self.rules.slots, state.specs)
        kept = [iter(cells) for cells in state.kept]
        melds: list[SolvedMeld] = []
        # Equal contract melds are filled in reading order: sets by rank, runs by suit.
        for i, (j, kind, laid) in sorted(enumerate(state.made), key=_reading_order):
            choice = ends.get(i, laid)
            if isinstance(choice, GroupChoice) and choice.kind in GROUP_KINDS:
                choice = _kept_cards(choice, kept)
            extra = min(spare, choice.room) if isinstance(choice, SetChoice | GroupChoice) else 0
            spare -= extra
            slot = slot_of[j].pop(0) if j is not None else None
            if isinstance(choice, GroupChoice) and extra:
                more = (None,) * extra
                choice = GroupChoice(kind, choice.cells + more, choice.wilds + extra, 0)
                extra = 0
            melds.append(SolvedMeld(slot, kind, choice, choice.wilds + extra))
        for j, kind, wilds, room in wild_only:
            extra = min(spare, room)
            spare -= extra
            melds.append(SolvedMeld(slot_of[j].pop(0), kind, None, wilds + extra))
        melds.sort(key=lambda m: len(self.rules.slots) if m.slot is None else m.slot)
        return Solution(tuple(melds), (*state.turned, *turned))


def lay_steps(choice: Choice | GroupChoice) -> int:
    """The steps more laying ``choice`` and taking it back cost, beyond the step its maker
    charged: a step per :data:`LAY_CELLS_PER_STEP` cells whose counts it changes (each
    changes the counts of its cell, rank and suit, both ways).

    >>> lay_steps(SetChoice(rank=7, taken=(1, 1, 1, 1), wilds=0, room=0))
    2
    """
    if isinstance(choice, SetChoice):
        cells = sum(1 for n in choice.taken if n)
    elif isinstance(choice, GroupChoice):
        cells = len(choice.cell_counts)
    else:
        cells = len(choice.taken)
    return cells // LAY_CELLS_PER_STEP


def _kept_cards(choice: GroupChoice, kept: list[Iterator[int]]) -> GroupChoice:
    """A colour meld or flush made last, with each suit's cell (the ace's) replaced by
    the cards kept for it, in turn, and the cards in the order of their cells."""
    cards = sorted(next(kept[c]) for c in choice.cells if c is not None)  # by rank, as made
    return dataclasses.replace(choice, cells=(*cards, *(None,) * choice.wilds))


def _reading_order(
    made: tuple[int, tuple[int | None, MeldKind, Choice | GroupChoice]],
) -> tuple[int, ...]:
    j, _, choice = made[1]
    if isinstance(choice, GroupChoice):
        return (-1 if j is None else j, *(-1 if c is None else c for c in choice.cells))
    if isinstance(choice, SetChoice):
        return (-1 if j is None else j, choice.rank)
    return (-1 if j is None else j, choice.suit, choice.low)


def _slot_numbers(slots: tuple[MeldSpec, ...], specs: list[MeldSpec]) -> dict[int, list[int]]:
    """For each distinct contract meld, the indices of the contract melds equal to it."""
    return {j: [i for i, s in enumerate(slots) if s == spec] for j, spec in enumerate(specs)}


__all__ = ["MAKERS", "Solution", "SolvedMeld", "lay_steps", "solve"]
