"""Every referee question is bounded by its work (issue 33 §3): each check of the contract
search is charged the steps it costs each time it is asked, so the step budget bounds the CPU
time of the dearest rounds too; a CPU guard backs the steps up, and the wall-clock deadline
is far away, a last resort for a busy machine.

The tests hold the searches to their steps (deterministic), never to a clock: the CPU guard
and the deadline are tested with clocks of their own.
"""

from __future__ import annotations

import dataclasses
import importlib.util
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations
from flask import Flask

from scorekeeper.config import DEFAULTS
from scorekeeper.rules import parse_cards, resolve_rules
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.budget import (
    CHECK_EVERY,
    DEFAULT_CPU_SECONDS,
    DEFAULT_SECONDS,
    DEFAULT_STEPS,
    StepBudget,
    TooHard,
    current,
)
from scorekeeper.rules.language import speaking
from scorekeeper.rules.prunings import ALL, CHECKS, Asked, Prunings
from scorekeeper.rules.solver_model import SearchRules
from scorekeeper.web.errors import start_referee_budget, stop_referee_budget

CATALOGUES = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def _bounds() -> Any:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bounds.py"
    spec = importlib.util.spec_from_file_location("benchmark_bounds_work", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BOUNDS = _bounds()
# The hardest single request issue 33 found (4.4-6.0 s of CPU when each check cost a step
# at most), then questions drawn at the limits (benchmarks/bounds.py --bodies draws more).
BODIES = [{"rules": BOUNDS.ISSUE_33_RULES, "round": 1, "cards": BOUNDS.ISSUE_33_HAND}]
BODIES += BOUNDS.hard_bodies(33, 12)
NAMES = {p.check: p.name for p in CHECKS}


@dataclasses.dataclass(frozen=True)
class CountedPrunings(Prunings):
    """Every pruning on, each check counting how often the search asks it."""

    asked: Counter[str] = dataclasses.field(default_factory=Counter, compare=False)

    def checks(self, rules: SearchRules) -> tuple[Asked, ...]:
        return tuple(Asked(self._counted(a.check), a.steps) for a in ALL.checks(rules))

    def _counted(self, check: Any) -> Any:
        def counted(node: Any) -> bool:
            self.asked[NAMES[check]] += 1
            return bool(check(node))

        return counted


def _ask(body: dict[str, Any], prunings: Prunings) -> tuple[str, StepBudget]:
    """Arrange the body's cards and read the reason why not, as the API does, on a budget
    of the usual steps and no clock."""
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    rules = resolve_rules(body["rules"])
    try:
        answer = arrange(rules, body["round"], parse_cards(body["cards"]), budget=budget)
        said = "possible" if answer.possible else f"impossible: {answer.reason}"
    except TooHard as refused:
        assert not refused.timed_out and refused.code == "too-hard"
        said = "too hard"
    return said, budget


@pytest.mark.parametrize("body", BODIES, ids=[f"body{k}" for k in range(len(BODIES))])
def test_every_check_asked_is_charged_its_work_within_the_budget(body: dict[str, Any]) -> None:
    """Answered, or refused as too hard, within the budget; and every check the search
    asked was charged its steps: issue 33's worst request asked ``card-homes`` 30,262 times
    and ``group-room`` 32,010 within 100,000 steps (a step each at most), 4.4-6.0 s."""
    prunings = CountedPrunings()
    said, budget = _ask(body, prunings)
    charged = sum(prunings.asked[p.name] * p.steps for p in CHECKS if p.name in prunings.asked)
    assert charged <= budget.used <= DEFAULT_STEPS + CHECK_EVERY
    assert said == "too hard" or budget.used <= DEFAULT_STEPS


def test_the_dear_checks_cost_more_than_a_step() -> None:
    """The checks that judge every card left are charged as the several steps they cost."""
    by_name = {p.name: p.steps for p in CHECKS}
    assert by_name["card-homes"] > by_name["card-count"]
    assert by_name["group-room"] > by_name["card-count"]


# --- the CPU guard and the deadline --------------------------------------------------------------


def test_a_question_past_its_cpu_time_is_refused_as_too_hard() -> None:
    cpu = [0.0]
    budget = StepBudget(steps=10**6, seconds=None, cpu_seconds=1.0, cpu_clock=lambda: cpu[0])
    budget.spend(CHECK_EVERY)
    cpu[0] = 1.5  # a thread's CPU time, read with the steps' look at the clocks
    budget.spend(CHECK_EVERY - 1)
    with pytest.raises(TooHard) as refused:
        budget.spend()
    assert not refused.value.timed_out and refused.value.code == "too-hard"
    assert "1 seconds of computing" in refused.value.message


def test_the_deadline_is_far_beyond_the_cpu_guard() -> None:
    """The wall clock is the last resort (a busy machine), not the bound: under load a
    family's question within its steps is not turned into a 503."""
    assert DEFAULT_SECONDS >= 10 * DEFAULT_CPU_SECONDS


def test_a_request_gets_the_budget_of_the_settings(app: Flask) -> None:
    app.config.update(REFEREE_STEPS=5000, REFEREE_CPU_SECONDS=0.5, REFEREE_SECONDS=7.0)
    with app.test_request_context("/api/v1/referee/arrange"):
        start_referee_budget()
        budget = current()
        assert (budget.limit, budget.cpu_seconds, budget.seconds) == (5000, 0.5, 7.0)
        stop_referee_budget()


def test_the_default_settings_are_the_budgets() -> None:
    assert DEFAULTS["REFEREE_STEPS"] == DEFAULT_STEPS
    assert DEFAULTS["REFEREE_CPU_SECONDS"] == DEFAULT_CPU_SECONDS
    assert DEFAULTS["REFEREE_SECONDS"] == DEFAULT_SECONDS


@pytest.mark.parametrize(
    ("language", "start"),
    [("es", "Esta pregunta es demasiado trabajo"), ("de", "Diese Frage ist zu viel Arbeit")],
)
def test_too_hard_is_said_in_the_persons_language(language: str, start: str) -> None:
    catalogue = Translations.load(str(CATALOGUES), [language])
    with speaking(catalogue):
        budget = StepBudget(steps=10, seconds=None, cpu_seconds=None)
        with pytest.raises(TooHard) as refused:
            budget.spend(11)
    assert refused.value.message.startswith(start)
