"""Pruning ``card-count``: the cards left reach the melds still to make (and a discard).

Every meld still to make holds at least its length in cards, and no card is in two melds.
The cards the melds still to make can take are the hand's, less the natural cards laid, the
wilds the melds laid need and the cards left in hand; they must reach the sum of the
lengths, and, when a card must stay in hand to discard and none has yet, one more. Sound
for every rule set.

May I? round 7, three runs of four from twelve cards, a card to keep: the twelve cards are
all the runs need, so no way keeps one (the search would try every way of laying them out).

>>> from ..cards import parse_cards
>>> from ..presets import MAY_I
>>> from ..search_state import SearchState
>>> hand = parse_cards("2C 2D 5D 2H 3S KD QD 5S 3D 2S 2D 4S")
>>> melds_have_cards(SearchState.of(MAY_I, 7, hand).node(0))
True
>>> melds_have_cards(SearchState.of(MAY_I, 7, hand, must_leave=True).node(0))
False
"""

from __future__ import annotations

from ..search_state import Node
from .pruning import Pruning


def melds_have_cards(node: Node) -> bool:
    """Whether the cards not yet laid or left reach the melds still to make (and one more
    to discard, when a card must stay and none has)."""
    state = node.state
    need = sum(n * spec.min_length for n, spec in zip(state.open, state.specs, strict=True))
    if state.must_leave and not state.left:
        need += 1
    return state.size - state.used - state.committed - state.left >= need


PRUNING = Pruning(
    name="card-count",
    cuts="the cards left cannot reach the melds still to make (and one to discard)",
    sound_for=lambda rules: True,
    check=melds_have_cards,
    steps=1,  # a pass over the melds still to make
)

__all__ = ["PRUNING", "melds_have_cards"]
