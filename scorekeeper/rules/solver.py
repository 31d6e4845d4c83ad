"""The solver of one hand: the contract search's questions about it, on one budget.

The arranger asks whether a hand makes the contract (and, in a round with a discard, whether
it can while keeping a card); when it cannot, the reason why not (:mod:`.arrangement_reasons`)
asks smaller questions of the same search. A :class:`Solver` asks them all with the same
prunings, and every question spends from one budget.
"""

from __future__ import annotations

from .budget import StepBudget, current
from .contract_search import Solution, solve
from .prunings import ALL, Prunings
from .solver_model import HandCounts, SearchRules


class Solver:
    """Asks the search the questions about one hand; every question spends from one
    ``budget``."""

    def __init__(self, budget: StepBudget | None = None, prunings: Prunings = ALL) -> None:
        self.budget = current(budget)
        self.prunings = prunings

    def solve(
        self, rules: SearchRules, hand: HandCounts, *, must_leave: bool = False
    ) -> Solution | None:
        return solve(rules, hand, must_leave=must_leave, prunings=self.prunings, budget=self.budget)


__all__ = ["Solver"]
