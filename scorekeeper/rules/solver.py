"""The solver of one hand: the contract search asked each question once, on one budget.

The arranger asks whether a hand makes the contract (and, in a round with a discard, whether
it can while keeping a card); when it cannot, the reason why not (:mod:`.arrangement_reasons`)
asks smaller questions of the same search, some of which the arranger asked already (for a
contract of sets only, "the sets alone" is the contract itself). A :class:`Solver` keeps
the answers of one hand (the ``answers`` trick of :mod:`.prunings`), and every question
spends from one budget.
"""

from __future__ import annotations

from .budget import StepBudget, current
from .contract_search import Solution, solve
from .prunings import ALL, ANSWERS, Prunings
from .solver_model import HandCounts, SearchRules


class Solver:
    """Answers the questions asked about one hand, each once (with ``answers`` on). Every
    question spends from one ``budget``."""

    def __init__(self, budget: StepBudget | None = None, prunings: Prunings = ALL) -> None:
        self.budget = current(budget)
        self.prunings = prunings
        self._answers: dict[tuple[SearchRules, HandCounts, bool], Solution | None] = {}
        self._remember = prunings.on(ANSWERS)

    def solve(
        self, rules: SearchRules, hand: HandCounts, *, must_leave: bool = False
    ) -> Solution | None:
        question = (rules, hand, must_leave)
        if question in self._answers:
            return self._answers[question]
        found = solve(
            rules, hand, must_leave=must_leave, prunings=self.prunings, budget=self.budget
        )
        if self._remember:
            self._answers[question] = found
        return found


__all__ = ["Solver"]
