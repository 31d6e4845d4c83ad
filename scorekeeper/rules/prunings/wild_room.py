"""Pruning ``wild-room``: all out, the melds can hold the wilds already in hand.

In an all-out round every wild goes into a meld. A meld holds a limited number of cards (a
set of different suits four, a run thirteen) and must keep its natural cards, so the melds
laid (their ``room``) and the melds still to make (at most their largest size, less the
natural card each needs) can hold only so many more wilds: when the wilds that are wild
already (not counting the dual cards that may still stand for themselves) are more, no way
down from the node uses them all. Sound for all-out rounds of sets and runs without extra
melds (an extra meld could take any number of wilds).

Deuces-six round 6, one set (at most four cards: suits differ) and two runs, all out: with
the runs laid, a set of sevens still to make holds at most three wilds; four are too many.

>>> from ..cards import parse_cards
>>> from ..meld_choices import RunChoice
>>> from ..presets import DEUCES_SIX
>>> from ..search_state import SearchState
>>> state = SearchState.of(DEUCES_SIX, 6, parse_cards("7H 7C JK JK JK JK"))
>>> state.open = [1, 0]  # the runs laid
>>> wilds_fit(state.node(0))
False
>>> state.pool = 2
>>> wilds_fit(state.node(0))
True
"""

from __future__ import annotations

from ..rulesets import MeldKind
from ..search_state import Node
from ..solver_model import MAX_RUN, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands


def wilds_fit(node: Node) -> bool:
    """Whether the melds laid and those still to make could hold the wilds in hand."""
    state = node.state
    rules = state.rules
    room = state.room
    for j, spec in enumerate(state.specs):
        if state.open[j]:
            top = rules.set_max if spec.kind == MeldKind.SET else MAX_RUN
            room += state.open[j] * (top - min(1, rules.min_naturals(spec.kind)))
    return state.pool - state.committed <= room


def sound_for(rules: SearchRules) -> bool:
    """All out, no extra melds."""
    return understands(rules, SETS_AND_RUNS) and rules.all_out and not rules.extra_melds


PRUNING = Pruning(
    name="wild-room",
    cuts="all out: the melds cannot hold the wilds in hand",
    sound_for=sound_for,
    check=wilds_fit,
)

__all__ = ["PRUNING", "wilds_fit"]
