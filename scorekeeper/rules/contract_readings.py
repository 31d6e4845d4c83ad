"""Reading a lay-down's groups as the contract needs them, without trying every combination.

A legal group may be read more than one way: a set that is also a run (``7♥ Joker Joker
Joker`` when a meld needs one natural card at most), a run with a 2 or an ace read the other
way, a run that is also a flush (``5♥ 6♥ 7♥ 8♥`` where a contract asks for a flush), a set
of one rank or another (:func:`.contract._other_readings`). A player says which they mean, so
the lay-down is legal if one reading of each group makes it so. Trying every combination
costs the product of the readings (six or seven per group of ``2♠ 2♥ 2♦ 2♣`` with 2s wild:
days for twelve groups). This module answers the same question exactly, in a few steps.

Terms:

- An **option** of a group is one reading, as far as the contract cares: its kind, and its
  **place** where readings of one kind constrain each other: ``(suit, low, high)`` for a run
  of a suit (two runs of one suit must be apart, or may overlap, by the rule set), ``(rank,)``
  for a set where two sets of a lay-down must be of different ranks; ``None`` otherwise.
  Option 0 is the reading the referee gives the group alone; the others follow in the
  referee's order.
- A group is **flexible** when its readings are of more than one kind. All of a group's
  readings have its length, so for the counts of each kind and for their lengths only *how
  many* flexible groups of each **class** (length, kinds it may be read as, kind of option
  0) are read as each kind matters: those counts are the **tally**. The tallies that meet
  the contract's counts and lengths are found first (at most one per way of splitting the
  flexible groups of each class among their kinds); when none does, no reading can help,
  and the search ends there.
- Only options with a place constrain each other (``may_share``, pair by pair), so the
  search keeps the places laid so far.
- Identical groups are interchangeable: of two, the earlier takes an option at least as far
  down the list as the later one, so each combination is tried once, not once per order.

The search goes through the groups that matter (groups with a place, and flexible groups),
the groups with one option first, then those with more, then the flexible groups by class,
keeping the fewest groups read another way than option 0 from each state (the tally so far,
the places laid); a state is solved once. When no combination works it says so; when one
does, it gives the one with the fewest groups read another way, the earliest options first.
Every option it weighs, and every tally it tries, is a step of the question's budget
(:mod:`.budget`): a stranger's lay-down of many flexible groups of many kinds ends in a
:class:`~.budget.TooHard`, never a long wait.

>>> RUN, SET = MeldKind.RUN, MeldKind.SET
>>> options = [
...     [Option(SET), Option(RUN, (0, 2, 5)), Option(RUN, (1, 1, 4))],
...     [Option(SET), Option(RUN, (0, 2, 5)), Option(RUN, (1, 1, 4))],
... ]
>>> def one_set_one_run(kinds):
...     return sorted(kinds) == [RUN, SET]
>>> def apart(a, b):
...     return a.place[0] != b.place[0] or a.place[2] < b.place[1] - 1 or b.place[2] < a.place[1] - 1
>>> choose(options, [4, 4], one_set_one_run, apart)
[1, 0]
>>> choose(options, [4, 4], lambda kinds: kinds.count(RUN) == 2, apart)
[2, 1]
>>> choose(options, [4, 4], lambda kinds: kinds.count(RUN) == 3, apart) is None
True
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from .budget import StepBudget, current
from .rulesets import MeldKind

Place = tuple[int, ...]  # (suit index, low, high) of a run of a suit; (rank,) of a set
Laid = tuple["Option", ...]  # the options with a place laid so far, sorted
Counts = tuple[int, ...]  # per kind of a class, how many of its groups are read so
Tally = tuple[Counts, ...]  # per class
NEVER = 1 << 20  # more changes than any lay-down has groups
State = tuple[int, Tally, Laid, int]  # position, tally, places laid, highest option


@dataclass(frozen=True)
class Option:
    """One reading of a group: its kind, and its place (``None`` where it constrains no
    other reading: a flush, a colour meld, a run of any suits or of wild cards only, a set
    where sets may share a rank)."""

    kind: MeldKind
    place: Place | None = None

    def sort_key(self) -> tuple[str, Place]:
        return (self.kind.value, self.place or ())


@dataclass(frozen=True)
class _Class:
    """Flexible groups that are interchangeable for the tally: same length, same kinds."""

    length: int
    kinds: tuple[MeldKind, ...]  # the kinds its groups may be read as, in order
    first: int  # the index in ``kinds`` of option 0's kind
    members: tuple[int, ...]


def choose(
    options: Sequence[Sequence[Option]],
    lengths: Sequence[int],
    kinds_fit: Callable[[list[MeldKind]], bool],
    may_share: Callable[[Option, Option], bool],
    budget: StepBudget | None = None,
) -> list[int] | None:
    """One option per group such that the kinds fit the contract (``kinds_fit``, given every
    group's kind) and every two options with a place may go down together (``may_share``);
    ``None`` if there is none. The fewest groups read another way than option 0 first."""
    return _Search(options, lengths, kinds_fit, may_share, current(budget)).run()


class _Search:
    def __init__(
        self,
        options: Sequence[Sequence[Option]],
        lengths: Sequence[int],
        kinds_fit: Callable[[list[MeldKind]], bool],
        may_share: Callable[[Option, Option], bool],
        budget: StepBudget,
    ) -> None:
        self.options = options
        self.may_share = may_share
        self.budget = budget
        self.classes = _classes(options, lengths)
        self.class_of = {i: c for c, cls in enumerate(self.classes) for i in cls.members}
        self.order = _order(options, self.classes)
        self.tallies = _fitting_tallies(options, self.classes, kinds_fit, budget)
        self.allowed = _allowed_next(self.tallies, len(self.classes))
        self.reach: dict[Tally, dict[Counts, int]] = {}
        # How many groups of each class are still to come, from each position on.
        self.left_in_class = [
            sum(1 for j in self.order[k:] if self.class_of.get(j) == self.class_of.get(i))
            for k, i in enumerate(self.order)
        ]
        self.memo: dict[State, tuple[int, tuple[int, State] | None]] = {}

    def run(self) -> list[int] | None:
        if not self.tallies:
            return None  # no split of the kinds meets the contract's counts and lengths
        empty = tuple((0,) * len(c.kinds) for c in self.classes)
        start: State = (0, empty, (), NEVER)
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
            if (index != 0) + self._fewest(child[0], child[1]) >= best[0]:
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

    def _fewest(self, k: int, tally: Tally) -> int:
        """The fewest groups still to be read another way: those of the class under way that
        must yet be read as another kind than option 0's (each is a change)."""
        if k == len(self.order):
            return 0
        c = self.class_of.get(self.order[k])
        if c is None:
            return 0
        first = self.classes[c].first
        have = tally[c]
        most = self._reachable(tally[:c], c).get(have)
        if most is None:
            return NEVER
        return self.left_in_class[k] - (most - have[first])

    def _children(self, k: int, tally: Tally, laid: Laid, ceiling: int) -> list[tuple[int, State]]:
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
            placed = self._placed(laid, option)
            if placed is None:
                continue
            out.append((index, (k + 1, after, placed, index if twin else NEVER)))
        return out

    def _tallied(self, k: int, tally: Tally, option: Option) -> Tally | None:
        """The tally after the ``k``-th group takes ``option``; ``None`` if no fitting tally
        can be reached from it."""
        c = self.class_of.get(self.order[k])
        if c is None:
            return tally
        cls = self.classes[c]
        counts = list(tally[c])
        counts[cls.kinds.index(option.kind)] += 1
        after = tuple(counts)
        if after not in self._reachable(tally[:c], c):
            return None
        return (*tally[:c], after, *tally[c + 1 :])

    def _reachable(self, prefix: Tally, c: int) -> dict[Counts, int]:
        """The counts class ``c`` may have on the way to a fitting tally that starts with
        ``prefix``, each with the most groups of option 0's kind such a tally gives the class.
        Worked out once per prefix, from the full counts down (a step per counts)."""
        found = self.reach.get(prefix)
        if found is None:
            found = _downward(self.allowed.get(prefix, ()), self.classes[c].first, self.budget)
            self.reach[prefix] = found
        return found

    def _placed(self, laid: Laid, option: Option) -> Laid | None:
        """The places laid with ``option``'s added; ``None`` if it may not join them."""
        if option.place is None:
            return laid
        if not all(self.may_share(option, other) for other in laid):
            return None
        return tuple(sorted((*laid, option), key=Option.sort_key))

    def _identical(self, one: int, other: int) -> bool:
        return self.options[one] == self.options[other] and self.class_of.get(
            one
        ) == self.class_of.get(other)


def _downward(full: Sequence[Counts], first: int, budget: StepBudget) -> dict[Counts, int]:
    """Every counts at or below one of ``full`` (componentwise), each with the largest
    ``first`` count among the ``full`` counts above it.

    >>> sorted(_downward([(2, 0), (0, 1)], 0, StepBudget()).items())
    [((0, 0), 2), ((0, 1), 0), ((1, 0), 2), ((2, 0), 2)]
    """
    best = {v: v[first] for v in full}
    level = set(best)
    while level:
        budget.spend(len(level))
        below: set[Counts] = set()
        for counts in level:
            for i, n in enumerate(counts):
                if n:
                    lower = (*counts[:i], n - 1, *counts[i + 1 :])
                    if best.get(lower, -1) < best[counts]:
                        best[lower] = best[counts]
                        below.add(lower)
        level = below
    return best


def _kinds(options: Sequence[Option]) -> tuple[MeldKind, ...]:
    return tuple(k for k in MeldKind if any(o.kind == k for o in options))


def _classes(options: Sequence[Sequence[Option]], lengths: Sequence[int]) -> list[_Class]:
    """The flexible groups by class: length, kinds, and the kind of option 0."""
    found: dict[tuple[int, tuple[MeldKind, ...], int], list[int]] = {}
    for i, o in enumerate(options):
        kinds = _kinds(o)
        if len(kinds) > 1:
            found.setdefault((lengths[i], kinds, kinds.index(o[0].kind)), []).append(i)
    return [
        _Class(length, kinds, first, tuple(members))
        for (length, kinds, first), members in sorted(
            found.items(), key=lambda item: (item[0][0], [k.value for k in item[0][1]], item[0][2])
        )
    ]


def _order(options: Sequence[Sequence[Option]], classes: Sequence[_Class]) -> list[int]:
    """The groups that matter, in the order the search takes them: groups with a place and
    one kind, fewest options first, then the flexible groups by class, identical groups side
    by side."""
    first_of: dict[tuple[Option, ...], int] = {}
    for i, o in enumerate(options):
        first_of.setdefault(tuple(o), i)
    flexible = {i for cls in classes for i in cls.members}
    placed = [
        i
        for i, o in enumerate(options)
        if i not in flexible and any(x.place is not None for x in o)
    ]
    placed.sort(key=lambda i: (len(options[i]), first_of[tuple(options[i])], i))
    by_class = [
        i
        for cls in classes
        for i in sorted(cls.members, key=lambda i: (first_of[tuple(options[i])], i))
    ]
    return placed + by_class


def _splits(size: int, parts: int) -> Iterator[Counts]:
    """Every way to split ``size`` groups among ``parts`` kinds (counts in kind order)."""
    if parts == 1:
        yield (size,)
        return
    for first in range(size, -1, -1):
        for rest in _splits(size - first, parts - 1):
            yield (first, *rest)


def _fitting_tallies(
    options: Sequence[Sequence[Option]],
    classes: Sequence[_Class],
    kinds_fit: Callable[[list[MeldKind]], bool],
    budget: StepBudget,
) -> set[Tally]:
    """Every tally whose kinds meet the contract: for each class, its groups in order take
    the counts of its kinds (the members of a class stand for each other)."""
    base = [o[0].kind for o in options]
    fitting = set()
    for tally in product(*(list(_splits(len(c.members), len(c.kinds))) for c in classes)):
        budget.spend(len(options))
        kinds = list(base)
        for cls, counts in zip(classes, tally, strict=True):
            members = iter(cls.members)
            for kind, count in zip(cls.kinds, counts, strict=True):
                for _ in range(count):
                    kinds[next(members)] = kind
        if kinds_fit(kinds):
            fitting.add(tuple(tally))
    return fitting


def _allowed_next(tallies: set[Tally], classes: int) -> dict[Tally, list[Counts]]:
    """For every start of a fitting tally, the counts the next class may end with."""
    allowed: dict[Tally, set[Counts]] = {}
    for tally in tallies:
        for c in range(classes):
            allowed.setdefault(tally[:c], set()).add(tally[c])
    return {start: sorted(counts) for start, counts in allowed.items()}


__all__ = ["Option", "Place", "choose"]
