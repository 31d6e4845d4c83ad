"""Pruning ``run-places``: the suits have places for the runs still to make.

Two runs of one suit may not overlap, and keep ``gap`` ranks between them: on a suit's line
of ranks (``lowest`` to ``highest``, or the circle of thirteen ranks where aces wrap) only
so many fit beside the runs of that suit already laid, and each holds natural cards of its
suit not yet decided (the rule set's fewest). Shared out among the suits, the places must
hold the runs still to make. It counts places and cards only (not which ranks hold them; a
rank with no place in a run counts as one), so it is sound wherever each run is of one suit
and runs of a suit are kept apart. It is asked where the runs lie on a line of ranks of
their own (:attr:`.SearchRules.line_runs`: turning the corner, with holes, wilds apart or
capped), which ``run-room`` does not bound.

Continental round 7 (three runs of four, turning the corner, a rank between two runs of a
suit), twenty-two diamonds and eight jokers: two runs and their gaps take ten of the
diamonds' thirteen places, and a third would need five more. The search would try every
way to lay out two runs first.

>>> from ..cards import parse_cards
>>> from ..presets import CONTINENTAL
>>> from ..search_state import SearchState
>>> diamonds = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2D 3D 4D 5D 6D 8D JD QD KD 6D"
>>> runs_have_places(SearchState.of(CONTINENTAL, 7, parse_cards(diamonds + " JK" * 8)).node(0))
False
>>> runs_have_places(SearchState.of(CONTINENTAL, 7, parse_cards(diamonds + " 3S 4S 5S")).node(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node
from ..solver_model import UNBOUNDED, SearchRules
from .pruning import Pruning

RANKS = 13


def runs_have_places(node: Node) -> bool:
    """Whether the suits have places (and natural cards) for the runs still to make."""
    state = node.state
    rules = state.rules
    wanted, length = state.open_runs()
    if not wanted:
        return True
    least = max(1, rules.run_min_naturals)
    per_suit = 1 if rules.same_suit == SameSuitRuns.NEVER else UNBOUNDED
    room = 0
    for suit, laid in enumerate(state.runs):
        cards = state.suits[suit]
        room += max(0, min(cards // least, per_suit - len(laid), more_runs(rules, laid, length)))
        if room >= wanted:
            return True
    return False


def more_runs(rules: SearchRules, laid: Sequence[tuple[int, int]], length: int) -> int:
    """How many more runs of ``length`` cards fit beside the runs ``laid`` (their places,
    low and high) on one suit's line or circle, ``gap`` ranks apart.

    >>> from ..presets import CONTINENTAL
    >>> from ..solver_model import SearchRules
    >>> circle = SearchRules.of(CONTINENTAL, 7)  # a circle of 13, a rank between two runs
    >>> more_runs(circle, [], 4), more_runs(circle, [(3, 9)], 4), more_runs(circle, [(3, 10)], 4)
    (2, 1, 0)
    """
    used = sum(high - low + 1 for low, high in laid)
    gap, step = rules.gap, length + rules.gap
    if rules.wrap:  # n runs on a circle: their places and a gap after each (when n > 1)
        alone = 1 if not laid and length <= RANKS else 0
        return max(alone, (RANKS - used - gap * len(laid)) // step)
    places = rules.highest - rules.lowest + 1  # n runs on a line: n - 1 gaps between them
    return max(0, (places - used - gap * (len(laid) - 1)) // step)


def sound_for(rules: SearchRules) -> bool:
    """Runs on a line of their own (:attr:`.SearchRules.line_runs`), each of one suit and
    with a natural card, kept apart: and a run to make."""
    return (
        rules.line_runs
        and not rules.any_suit
        and rules.same_suit != SameSuitRuns.APART_OR_OVERLAPPING
        and rules.run_min_naturals >= 1
        and any(spec.kind == MeldKind.RUN for spec in rules.slots)
    )


PRUNING = Pruning(
    name="run-places",
    cuts="the runs still to make have no places left in their suits",
    sound_for=sound_for,
    check=runs_have_places,
    steps=1,  # a count of places per suit
)

__all__ = ["PRUNING", "more_runs", "runs_have_places"]
