"""Reading a lay-down's groups as the contract needs them, without trying every combination.

A legal group may be read more than one way: a set that is also a run (``7♥ Joker Joker
Joker`` when a meld needs one natural card at most), a run with a 2 or an ace read the other
way (:func:`.contract._other_readings`). A player says which they mean, so the lay-down is
legal if one reading of each group makes it so. Trying every combination costs the product
of the readings (six or seven per group of ``2♠ 2♥ 2♦ 2♣`` with 2s wild: days for twelve
groups). This module answers the same question exactly, in a few steps.

Terms:

- An **option** of a group is one reading, as far as the contract cares: its kind, and for
  a run of a suit its **place** ``(suit, low, high)``. Option 0 is the reading the referee
  gives the group alone; the others follow in the referee's order.
- A group is **flexible** when it may be read as a set or as a run. All of a group's
  readings have its length, so for the counts of sets and runs and for their lengths only
  *how many* flexible groups of each length are read as runs matters: that vector is the
  **tally**. The tallies that meet the contract's counts and lengths are found first (at
  most one per way of splitting the flexible groups of each length); when none does, no
  reading can help, and the search ends there.
- Only runs of one suit constrain each other (the rule set's same-suit rule, pair by pair),
  so the search keeps, per suit, the places of the runs laid so far.
- Identical groups are interchangeable: of two, the earlier takes an option at least as far
  down the list as the later one, so each combination is tried once, not once per order.

The search goes through the groups that matter (runs of a suit, and flexible groups), the
runs with one place first, then the runs with more, then the flexible groups by length,
keeping the fewest groups read another way than option 0 from each state (the tally so far,
the runs laid per suit); a state is solved once. When no combination works it says so; when
one does, it gives the one with the fewest groups read another way, the earliest options
first. Every option it weighs is a step of the question's budget (:mod:`.budget`).

>>> RUN = MeldKind.RUN
>>> options = [
...     [Option(MeldKind.SET), Option(RUN, (0, 2, 5)), Option(RUN, (1, 1, 4))],
...     [Option(MeldKind.SET), Option(RUN, (0, 2, 5)), Option(RUN, (1, 1, 4))],
... ]
>>> def one_set_one_run(kinds):
...     return sorted(kinds) == [MeldKind.RUN, MeldKind.SET]
>>> apart = lambda a, b: a[1] < b[0] - 1 or b[1] < a[0] - 1
>>> choose(options, [4, 4], one_set_one_run, apart)
[1, 0]
>>> choose(options, [4, 4], lambda kinds: kinds.count(RUN) == 2, apart)
[2, 1]
>>> choose(options, [4, 4], lambda kinds: kinds.count(RUN) == 3, apart) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from .budget import StepBudget, current
from .rulesets import MeldKind

Place = tuple[int, int, int]  # (suit index, low, high) of a run with a suit
Laid = tuple[tuple[tuple[int, int], ...], ...]  # per suit, the (low, high) of the runs laid
NEVER = 1 << 20  # more changes than any lay-down has groups
State = tuple[int, tuple[int, ...], Laid, int]  # position, tally, runs laid, highest option


@dataclass(frozen=True)
class Option:
    """One reading of a group: its kind, and the place of a run of a suit (``None`` for a
    set, and for a run of wild cards only, which has no suit and no place)."""

    kind: MeldKind
    place: Place | None = None


def choose(
    options: Sequence[Sequence[Option]],
    lengths: Sequence[int],
    kinds_fit: Callable[[list[MeldKind]], bool],
    may_share: Callable[[tuple[int, int], tuple[int, int]], bool],
    budget: StepBudget | None = None,
) -> list[int] | None:
    """One option per group such that the kinds fit the contract (``kinds_fit``, given every
    group's kind) and every two runs of one suit may go down together (``may_share``, given
    their ``(low, high)``); ``None`` if there is none. The fewest groups read another way
    than option 0 first."""
    return _Search(options, lengths, kinds_fit, may_share, current(budget)).run()


class _Search:
    def __init__(
        self,
        options: Sequence[Sequence[Option]],
        lengths: Sequence[int],
        kinds_fit: Callable[[list[MeldKind]], bool],
        may_share: Callable[[tuple[int, int], tuple[int, int]], bool],
        budget: StepBudget,
    ) -> None:
        self.options = options
        self.may_share = may_share
        self.budget = budget
        flexible = [i for i, o in enumerate(options) if _flexible(o)]
        self.classes = sorted({lengths[i] for i in flexible})
        self.class_of = {i: self.classes.index(lengths[i]) for i in flexible}
        members = [[i for i in flexible if self.class_of[i] == c] for c in range(len(self.classes))]
        self.order = _order(options, flexible, self.class_of)
        self.tallies = _fitting_tallies(options, members, kinds_fit, budget)
        self.bounds = _prefix_bounds(self.tallies, len(self.classes))
        # How many groups of each class are still to come, from each position on.
        self.left_in_class = [
            sum(1 for j in self.order[k:] if self.class_of.get(j) == self.class_of.get(i))
            for k, i in enumerate(self.order)
        ]
        self.memo: dict[State, tuple[int, tuple[int, State] | None]] = {}

    def run(self) -> list[int] | None:
        if not self.tallies:
            return None  # no split of sets and runs meets the contract's counts and lengths
        start: State = (0, (0,) * len(self.classes), ((), (), (), ()), NEVER)
        if self._solve(start)[0] >= NEVER:
            return None
        return self._walk(start)

    # --- the dynamic program ---------------------------------------------------------------

    def _solve(self, state: State) -> tuple[int, tuple[int, State] | None]:
        """The fewest changes from ``state`` on, and the first option that reaches it (with
        the state it leads to)."""
        k = state[0]
        if k == len(self.order):
            return (0 if state[1] in self.tallies else NEVER), None
        found = self.memo.get(state)
        if found is not None:
            return found
        best: tuple[int, tuple[int, State] | None] = (NEVER, None)
        for index, child in self._children(*state):
            if (index != 0) + self._fewest(*child[:2]) >= best[0]:
                continue  # cannot beat the best way found (the earlier option wins a tie)
            cost = (index != 0) + self._solve(child)[0]
            if cost < best[0]:
                best = (cost, (index, child))
            if best[0] <= 1:
                break  # every later option reads this group another way: one change at least
        self.memo[state] = best
        return best

    def _walk(self, state: State) -> list[int]:
        """The options of the best way found from ``state``, in the groups' own order."""
        chosen = [0] * len(self.options)
        while state[0] < len(self.order):
            step = self._solve(state)[1]
            assert step is not None, "a state worth walking has a best option"
            chosen[self.order[state[0]]], state = step
        return chosen

    def _fewest(self, k: int, tally: tuple[int, ...]) -> int:
        """The fewest groups still to be read another way: the flexible groups of the class
        under way that must yet be read as runs (each is a change)."""
        if k == len(self.order):
            return 0
        c = self.class_of.get(self.order[k])
        if c is None:
            return 0
        low, _ = self.bounds.get(tally[:c], (0, 0))
        return max(0, low - tally[c])

    def _children(
        self, k: int, tally: tuple[int, ...], laid: Laid, ceiling: int
    ) -> list[tuple[int, State]]:
        """Each option of the ``k``-th group that keeps the lay-down possible, with the state
        it leads to."""
        group = self.order[k]
        options = self.options[group]
        twin = k + 1 < len(self.order) and self._identical(group, self.order[k + 1])
        out = []
        for index in range(min(len(options), ceiling + 1)):
            self.budget.spend()
            option = options[index]
            after = self._tallied(k, tally, option)
            if after is None:
                continue
            placed = self._placed(laid, option.place)
            if placed is None:
                continue
            out.append((index, (k + 1, after, placed, index if twin else NEVER)))
        return out

    def _tallied(self, k: int, tally: tuple[int, ...], option: Option) -> tuple[int, ...] | None:
        """The tally after the ``k``-th group takes ``option``; ``None`` if no fitting tally
        can be reached from it."""
        c = self.class_of.get(self.order[k])
        if c is None:
            return tally
        after = list(tally)
        after[c] += option.kind == MeldKind.RUN
        low, high = self.bounds.get(tuple(after[:c]), (NEVER, -1))
        left = self.left_in_class[k] - 1
        if not low <= after[c] + left or after[c] > high:
            return None
        return tuple(after)

    def _placed(self, laid: Laid, place: Place | None) -> Laid | None:
        """The runs laid with a run at ``place`` added; ``None`` if it may not join them."""
        if place is None:
            return laid
        suit, low, high = place
        if not all(self.may_share((low, high), other) for other in laid[suit]):
            return None
        runs = tuple(sorted((*laid[suit], (low, high))))
        return (*laid[:suit], runs, *laid[suit + 1 :])

    def _identical(self, one: int, other: int) -> bool:
        return self.options[one] == self.options[other] and self.class_of.get(
            one
        ) == self.class_of.get(other)


def _flexible(options: Sequence[Option]) -> bool:
    return len({o.kind for o in options}) > 1


def _order(
    options: Sequence[Sequence[Option]], flexible: list[int], class_of: dict[int, int]
) -> list[int]:
    """The groups that matter, in the order the search takes them: runs with one place,
    then runs with more (fewest first), then flexible groups by length, identical groups
    side by side."""
    first_of: dict[tuple[Option, ...], int] = {}
    for i, o in enumerate(options):
        first_of.setdefault(tuple(o), i)
    runs = [
        i
        for i, o in enumerate(options)
        if i not in class_of and any(x.place is not None for x in o)
    ]
    runs.sort(key=lambda i: (len(options[i]), first_of[tuple(options[i])], i))
    by_class = sorted(flexible, key=lambda i: (class_of[i], first_of[tuple(options[i])], i))
    return runs + by_class


def _fitting_tallies(
    options: Sequence[Sequence[Option]],
    members: list[list[int]],
    kinds_fit: Callable[[list[MeldKind]], bool],
    budget: StepBudget,
) -> set[tuple[int, ...]]:
    """Every tally whose kinds meet the contract: for each class, its first groups (as many
    as the tally says) read as runs stand for any of them."""
    base = [o[0].kind for o in options]
    fitting = set()
    for tally in product(*(range(len(m) + 1) for m in members)):
        budget.spend(len(options))
        kinds = list(base)
        for group, count in zip(members, tally, strict=True):
            for i in group[:count]:
                kinds[i] = MeldKind.RUN
            for i in group[count:]:
                kinds[i] = MeldKind.SET
        if kinds_fit(kinds):
            fitting.add(tally)
    return fitting


def _prefix_bounds(
    tallies: set[tuple[int, ...]], classes: int
) -> dict[tuple[int, ...], tuple[int, int]]:
    """For every start of a fitting tally, the fewest and most runs the next class may
    have."""
    bounds: dict[tuple[int, ...], tuple[int, int]] = {}
    for tally in tallies:
        for c in range(classes):
            low, high = bounds.get(tally[:c], (NEVER, -1))
            bounds[tally[:c]] = (min(low, tally[c]), max(high, tally[c]))
    return bounds


__all__ = ["Option", "Place", "choose"]
