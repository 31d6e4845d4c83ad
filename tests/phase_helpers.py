"""Builders shared by the phase-game tests: a phase rule set as a document, and hands written
compactly."""

from __future__ import annotations

import dataclasses
from typing import Any

from scorekeeper import games
from scorekeeper.rules.document import to_document
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.rulesets import PhaseOrder, Progression
from scorekeeper.rules.scoring import PlayerResult


def phase_document(order: str = "in-order", phases: int = 3) -> dict[str, Any]:
    """A phase game of Liverpool's first ``phases`` contracts (2 sets; 1 set and 1 run; 2
    runs), phases in ``order``, as a rule-set document."""
    liverpool = PRESETS["liverpool"]
    rules = dataclasses.replace(
        liverpool,
        id="test-phases",
        name="Test Phases",
        rounds=liverpool.rounds[:phases],
        progression=Progression.PHASES,
        phase_order=PhaseOrder(order),
    )
    return to_document(rules)


def result(cell: str) -> PlayerResult:
    """One result written as words: ``out`` (went out), a number (points typed), ``done``
    or ``not`` (phase_done true or false), ``pN`` (phase N): ``"10 done"``, ``"out p3"``."""
    went_out, points, done, phase = False, None, None, None
    for word in cell.split():
        if word == "out":
            went_out = True
        elif word in ("done", "not"):
            done = word == "done"
        elif word.startswith("p"):
            phase = int(word[1:])
        else:
            points = int(word)
    return PlayerResult(went_out=went_out, points=points, phase_done=done, phase=phase)


def hand(*cells: str, cut_bonus: bool = False) -> games.RoundInput:
    return games.RoundInput(tuple(result(cell) for cell in cells), cut_bonus)


def api_result(player: str, cell: str) -> dict[str, Any]:
    """The same result as a JSON round entry names it."""
    r = result(cell)
    body: dict[str, Any] = {"player": player}
    if r.went_out:
        body["went_out"] = True
    if r.points is not None:
        body["points"] = r.points
    if r.phase_done is not None:
        body["phase_done"] = r.phase_done
    if r.phase is not None:
        body["phase"] = r.phase
    return body
