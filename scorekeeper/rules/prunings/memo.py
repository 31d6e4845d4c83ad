"""The memo of failed states: a state the search has seen fail is not searched again.

The search's way on from a node depends only on what is still to decide and what still
constrains it, not on how the node was reached: the lowest cell still to decide and the
cards from it on, the aces kept high, the melds still to make, the runs laid per suit
(while another run may still join them), and the wilds. :func:`state_key` is that. Two
ways to the same key are common: a set of ``7♠ 7♥ 7♦`` and one of ``7♠ 7♥ 7♣`` with the
other seven left in hand reach the same cards still to decide once the seven left is
passed.

The wilds are kept beside the key in a round with a discard (:func:`free_wilds`): there a
spare wild never hurts (it stays in hand), so a state that failed with some free wilds
fails with fewer too, and :class:`FailedStates` remembers the most it failed with. All out,
every wild must find a meld, so the wilds are part of the key. Sound for every rule set:
it cuts only a state already searched in full. (Where the sets of a lay-down differ in
rank, the ranks of the sets laid are in the key; where runs are made on a line of ranks,
:mod:`..group_choices`, so are their places, all out too: they are placed when laid.)

Liverpool round 4, three sets: ``7♠ 7♥ 7♦`` laid and ``7♣`` left, or ``7♠ 7♥ 7♣`` laid and
``7♦`` left, are one state from the eights on.

>>> from ..cards import parse_cards
>>> from ..meld_choices import SetChoice
>>> from ..presets import LIVERPOOL
>>> from ..search_state import LEAVE, SearchState
>>> hand = parse_cards("7S 7H 7D 7C 8S 8H 9D 9C 9S JK")
>>> one, other = SearchState.of(LIVERPOOL, 4, hand), SearchState.of(LIVERPOOL, 4, hand)
>>> one.lay(0, SetChoice(rank=7, taken=(1, 1, 1, 0), wilds=0, room=0))
>>> one.set_aside(27, LEAVE)  # 7♣
>>> other.lay(0, SetChoice(rank=7, taken=(1, 1, 0, 1), wilds=0, room=0))
>>> other.set_aside(26, LEAVE)  # 7♦
>>> state_key(one, 28) == state_key(other, 28)
True

A state that failed with two free wilds fails with one:

>>> failed = FailedStates()
>>> failed.remember(("a key",), 2)
>>> failed.known(("a key",), 1), failed.known(("a key",), 2), failed.known(("a key",), 3)
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Hashable

from ..meld_choices import RunChoice, SetChoice
from ..search_state import SearchState
from ..solver_model import UNBOUNDED

NAME = "memo"


def state_key(state: SearchState, at: int) -> Hashable:
    """What the search's way on from a node at cell ``at`` depends on (the wilds apart, in
    a round with a discard: :func:`free_wilds`)."""
    # Where the sets of a lay-down differ in rank, the ranks of the sets laid matter.
    ranks = (
        tuple(sorted(c.rank for _, _, c in state.made if isinstance(c, SetChoice)))
        if state.rules.sets_differ
        else ()
    )
    if state.rules.all_out:
        # The runs' end wilds are placed at the end, so every run laid matters (and the
        # places of the runs made on a line of ranks, which are placed when laid).
        return (
            ranks,
            tuple(state.deferred),  # the cards kept for colour melds and flushes
            state.grouping,
            tuple(map(tuple, state.runs)) if state.rules.line_runs else (),
            at,
            bytes(state.naturals[at:]),
            tuple(state.high_aces),
            state.pool - state.committed,
            min(state.room, UNBOUNDED),
            tuple(state.open),
            tuple(
                sorted(
                    (m.suit, m.low, m.high, m.wilds, m.length, len(m.taken))
                    for _, _, m in state.made
                    if isinstance(m, RunChoice)
                )
            ),
        )
    # The runs laid matter only while another run may still join them.
    runs_open = any(state.open[j] for j in state.run_specs)
    return (
        ranks,
        tuple(state.deferred),
        state.grouping,
        at,
        bytes(state.naturals[at:]),
        tuple(state.high_aces),
        tuple(state.open),
        tuple(map(tuple, state.runs)) if runs_open or state.rules.extra_melds else (),
        state.must_leave and state.left > 0,
    )


def free_wilds(state: SearchState) -> int:
    """The wilds kept beside the key: with a discard, the wilds not yet committed (more
    never hurt); all out, none (they are in the key)."""
    return 0 if state.rules.all_out else state.pool - state.committed


class FailedStates:
    """The states seen to fail, each with the most free wilds it failed with."""

    __slots__ = ("_most_free",)

    def __init__(self) -> None:
        self._most_free: dict[Hashable, int] = {}

    def known(self, key: Hashable, free: int) -> bool:
        """Whether ``key`` failed with ``free`` free wilds or more."""
        failed_with = self._most_free.get(key)
        return failed_with is not None and failed_with >= free

    def remember(self, key: Hashable, free: int) -> None:
        self._most_free[key] = max(free, self._most_free.get(key, free))


__all__ = ["NAME", "FailedStates", "free_wilds", "state_key"]
