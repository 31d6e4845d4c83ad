"""What a pruning is: a pure test of a search node, and the rule sets it is sound for.

A **pruning** looks at one node of the contract search (a :class:`.search_state.Node`: the
cards still to decide, the melds laid, the free wilds) and answers ``False`` when it can
prove that no way down from that node makes the contract; the search then goes no further
there. It must never answer ``False`` where a way exists (**sound**): the answers never
depend on the prunings, only the time does (``tests/rules/test_prunings.py`` runs the oracle
comparison with each one off in turn, and with each alone).

A pruning is sound for some rule sets only: it says which (:attr:`Pruning.sound_for`),
and the search asks it only there. Each names the meld kinds it understands; a rule set
with another kind of meld switches it off until someone shows it sound there too.

A pruning may keep answers it computed per suit in a cache (an ``lru_cache`` around a pure
function); ``plain_check`` is the same test without it, to show what the cache buys.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import NamedTuple

from ..rulesets import MeldKind
from ..search_state import Node
from ..solver_model import SearchRules

Check = Callable[[Node], bool]

SETS_AND_RUNS = frozenset({MeldKind.SET, MeldKind.RUN})


@dataclass(frozen=True)
class Pruning:
    """A pruning: its name (for the benchmark's table and ``Prunings.without``), what it
    cuts in a line, the rule sets it is sound for, and the test itself."""

    name: str
    cuts: str
    sound_for: Callable[[SearchRules], bool]
    check: Check
    plain_check: Check | None = None  # the same test without its cache
    cache: str | None = None  # the name of that cache
    # The steps of the budget (:mod:`...budget`) each asking of the test costs: its real
    # work, so that a step stays worth about the same CPU time in every kind of round (a
    # step is about what the cheapest checks cost; ``benchmarks/bounds.py --bodies``
    # measures the pace). Charged before the test is asked, so only where it is.
    steps: int = 1

    def __post_init__(self) -> None:
        if (self.plain_check is None) != (self.cache is None):
            raise ValueError("a pruning with a cache names it and has a plain check")


class Asked(NamedTuple):
    """A check the search asks at every node, and the steps each asking costs."""

    check: Check
    steps: int


def understands(rules: SearchRules, kinds: Collection[MeldKind]) -> bool:
    """Whether every meld the round may lay is of one of ``kinds`` (extra melds: any kind),
    under the rules the prunings were shown sound for. A round that lays issue 24's colour
    melds or flushes, or runs of any suits, turning the corner, with holes, wilds kept apart
    or capped per meld (:attr:`.SearchRules.plain`) switches them off: their bounds count
    runs of one suit on a line of 14 places. Only ``card-count`` and ``memo``, the
    prunings written for them (``group-room``, ``run-suits``, ``run-places``,
    ``card-homes``) and ``meld-wilds`` (which counts those runs too) are shown sound there.
    (Sets of different ranks, and a cap of wilds in sets, only forbid ways: a bound that
    holds without them holds with them.)"""
    if not rules.plain:
        return False
    if rules.extra_melds and rules.all_out:
        return all(kind in kinds for kind in (MeldKind.SET, MeldKind.RUN))
    return all(spec.kind in kinds for spec in rules.slots)


__all__ = ["SETS_AND_RUNS", "Asked", "Check", "Pruning", "understands"]
