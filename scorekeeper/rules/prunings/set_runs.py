"""Pruning ``set-runs``: one set and the runs still to make, together, with the wilds free.

When a set is still to make beside two runs or more (of a suit apart), the set is of one
rank and its natural cards are not in the runs. A dual card counts as a wild here
(:mod:`.meld_wilds`). For a set of rank ``r`` taking ``t`` of its natural cards, the set
needs ``length - t`` wilds, and the runs at least the fewest wilds of windows of their
length, apart, without those cards (:func:`.run_room.fewest_wilds_for_runs`, each window
counted whatever its natural cards number, so that each card taken from the runs costs
them one wild at most). Then every card more the set takes saves it a wild and costs the
runs one at most: taking every natural card of rank ``r`` it could take (``t_all``) gives
the fewest, and

    wilds needed >= length - t_all + fewest wilds of the runs without those cards,

over the ranks the set could be of (with enough natural cards for a set), must not exceed
the wilds free. Sound for rule sets of sets and runs whose runs of a suit may not overlap
(the windows of two runs do not share a card), each run with a natural card, and no extra
melds.

May I? round 6, a set and two runs: a set of fives leaves the spades ``4♠ 6♠`` and the
diamond ``3♦`` (two and three wilds); a set of sixes leaves ``4♠ 5♠`` and ``3♦ 5♦`` (two
and two, and one for the set); a set of 2s takes three of the four wilds. Five wilds
either way, and the four 2s are all the hand has; each kind alone is possible.

>>> from ..cards import parse_cards
>>> from ..presets import MAY_I
>>> from ..search_state import SearchState
>>> from .meld_wilds import enough_wilds
>>> from .run_room import suits_hold_runs
>>> node = SearchState.of(MAY_I, 6, parse_cards("5S 3D 5H 4S 6H 2S 2D 2D 2D KS 5D 6S")).node(0)
>>> enough_wilds(node), suits_hold_runs(node), set_and_runs_fit(node)
(True, True, False)
"""

from __future__ import annotations

from functools import partial

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node, SearchState
from ..solver_model import HIGH_ACE, UNBOUNDED, SearchRules
from .pruning import SETS_AND_RUNS, Pruning, understands
from .run_room import FewestWilds, fewest_in_all, fewest_wilds_for_runs, kept_fewest_wilds_for_runs


def set_and_runs_fit(node: Node, fewest: FewestWilds = kept_fewest_wilds_for_runs) -> bool:
    """Whether the one set and the runs still to make could have the wilds they need
    together (when a set and two runs or more are all that is still to make: with one run,
    the search is small, and asking costs more than it saves)."""
    state = node.state
    runs, length = state.open_runs()
    if runs < 2 or state.to_make - runs != 1:
        return True
    set_length = min(
        s.min_length for j, s in enumerate(state.specs) if s.kind == MeldKind.SET and state.open[j]
    )

    def suit_costs(suit: int, plain: int) -> tuple[int, ...]:
        # The fewest wilds 0, 1, ... runs of the suit need, each window counted whatever
        # its natural cards number.
        rules = state.rules
        most = runs
        if rules.same_suit == SameSuitRuns.NEVER:
            most = 0 if state.runs[suit] else 1
        if not most:
            return (0,)
        low = state.run_floor(suit, node.at)
        return fewest(plain, plain, low, length, 0, False, rules.gap, rules.highest, most)

    base = [suit_costs(suit, plain) for suit, plain in enumerate(node.plain)]
    best = UNBOUNDED
    if state.rules.set_min_naturals == 0:
        best = set_length + fewest_in_all(base, runs)  # a set of wilds only
    for rank, taken in _set_ranks(state, set_length):
        plain, gone = _without(state, node.plain, rank, taken)
        less = [
            cost if plain[suit] == node.plain[suit] else suit_costs(suit, plain[suit])
            for suit, cost in enumerate(base)
        ]
        best = min(best, set_length - gone + fewest_in_all(less, runs))
    return best <= node.free


def _set_ranks(state: SearchState, length: int) -> list[tuple[int, list[int]]]:
    """The ranks the set could be of (enough natural cards, dual ones too), each with the
    natural cards (not dual) of each suit it could take."""
    rules = state.rules
    least = max(1, rules.set_min_naturals)
    if rules.wilds_at_most_naturals:
        least = max(least, (length + 1) // 2)
    distinct = rules.set_max <= 4
    dual = state.hand.dual
    out = []
    for rank in range(1, 14):
        if state.ranks[rank] < least:
            continue
        base = (rank - 1) * 4
        counts = state.naturals[base : base + 4]
        have = len(counts) - counts.count(0) if distinct else sum(counts)
        if have >= least:
            plain = [0 if c in dual else n for c, n in enumerate(counts, base)]
            out.append((rank, [min(n, 1) for n in plain] if distinct else plain))
    return out


def _without(
    state: SearchState, plain: list[int], rank: int, taken: list[int]
) -> tuple[list[int], int]:
    """The masks without the cards of ``rank`` the set takes, and how many it takes."""
    out = list(plain)
    for suit, n in enumerate(taken):
        if n and state.naturals[(rank - 1) * 4 + suit] == n:  # no copy left for a run
            bits = 1 << rank
            if rank == 1 and not state.high_aces[suit]:
                bits |= 1 << HIGH_ACE
            out[suit] &= ~bits
    return out, sum(taken)


def sound_for(rules: SearchRules) -> bool:
    """Runs of a suit apart, each with a natural card, no extra melds: a set and a run."""
    kinds = [spec.kind for spec in rules.slots]
    return (
        understands(rules, SETS_AND_RUNS)
        and rules.same_suit != SameSuitRuns.APART_OR_OVERLAPPING
        and rules.run_min_naturals >= 1
        and not (rules.extra_melds and rules.all_out)
        and MeldKind.SET in kinds
        and MeldKind.RUN in kinds
    )


PRUNING = Pruning(
    name="set-runs",
    cuts="one set and the runs still to make need more wilds together than are free",
    sound_for=sound_for,
    check=set_and_runs_fit,
    plain_check=partial(set_and_runs_fit, fewest=fewest_wilds_for_runs),
    cache="set-runs cache",
)

__all__ = ["PRUNING", "set_and_runs_fit"]
