"""What the arranger's search does not handle yet, so that it refuses instead of answering
wrongly.

The contract check, lay-offs, joker swaps and points know every meld kind and house rule;
the arranger's search (:mod:`.contract_search`) knows sets and runs of one suit with the
aces low or high. Until it learns the rest, a question about a round that needs more is
answered with :class:`NotArrangedYet`: a :class:`~.budget.TooHard`, so the web layer gives it
the same 422 as a question too big to answer, with a sentence saying what is missing.

>>> from .presets import LIVERPOOL
>>> import dataclasses
>>> from .rulesets import RunSuits
>>> beyond_the_arranger(LIVERPOOL, 1)
[]
>>> beyond_the_arranger(dataclasses.replace(LIVERPOOL, run_suits=RunSuits.ANY), 3)
['runs of any suits']
"""

from __future__ import annotations

from .budget import TooHard
from .prose import and_list
from .rulesets import Aces, ExtraMeldKinds, MeldKind, RuleSet, RunSuits, SetRanks

SEARCHED_KINDS = (MeldKind.SET, MeldKind.RUN)


class NotArrangedYet(TooHard):
    """A round the arranger cannot lay out yet (the contract check still judges it)."""

    code = "not-arranged-yet"


def beyond_the_arranger(rules: RuleSet, round_number: int) -> list[str]:
    """What round ``round_number`` of ``rules`` needs that the arranger does not handle."""
    spec = rules.round(round_number)
    extras = rules.extra_melds and spec.all_out
    kinds = set(spec.contract.kinds) | (set(rules.meld_kinds) if extras else set())
    found = [kind.plural for kind in kinds if kind not in SEARCHED_KINDS]
    if rules.run_suits == RunSuits.ANY:
        found.append("runs of any suits")
    if rules.aces == Aces.WRAP:
        found.append("runs that turn the corner")
    if rules.run_holes:
        found.append("runs with no place for a wild rank")
    if rules.set_ranks == SetRanks.DIFFERENT:
        found.append("sets of different ranks")
    if rules.wilds_per_meld is not None:
        found.append("a cap on wild cards per meld")
    if not rules.adjacent_wilds:
        found.append("wild cards kept apart in runs")
    if extras and rules.extra_meld_kinds == ExtraMeldKinds.CONTRACT:
        found.append("extra melds only of the contract's kinds")
    return found


def check_arrangeable(rules: RuleSet, round_number: int) -> None:
    """Raise :class:`NotArrangedYet` for a round the arranger cannot lay out yet."""
    missing = beyond_the_arranger(rules, round_number)
    if missing:
        raise NotArrangedYet(
            f"The arranger cannot lay out this round yet: it does not handle "
            f"{and_list(missing)}. Lay the melds out yourself and check them with the "
            "contract check, which knows these rules."
        )


__all__ = ["NotArrangedYet", "beyond_the_arranger", "check_arrangeable"]
