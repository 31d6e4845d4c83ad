"""Pruning ``cover``: all out, every card not yet decided has a meld still to make to go to.

In an all-out round every natural card goes into a meld, and a meld takes its natural cards
when it is made, so each card not yet decided needs a meld still open. A run holds one card
of each position and a set (of different suits) one card of each suit; runs of one suit
that may not overlap hold no card twice (an ace twice: low in one, high in another). So:

- the copies of a card beyond what the open runs could hold each need a set of their own,
  with enough natural cards of that rank: more sets than are open, and no way works;
- a suit needs a run of its own when its cards span more ranks than the open sets could
  take (or it has an ace kept high), and when sets of different suits cannot take its
  extra copies: more runs than are open, and no way works;
- the suits that get no run put every card in a set, and a set is of one rank: some choice
  of at most as many suits as open runs must leave cards of at most as many ranks as open
  sets (:func:`sets_take_the_rest`).

Dual cards are left out: each may become a wild instead. Sound for all-out rounds of sets
and runs without extra melds (an extra meld could take any card). Where a run and a set
at most are still to make, :mod:`.run_cards` asks all this and more (how many cards the
runs need), so cover leaves those nodes to it.

Two sets and a run, all out (Liverpool's rules otherwise): the hearts ``7♥ 9♥ K♥`` span
three ranks, more than two sets take, and so do the diamonds: two suits need the one run.
With ``7♣`` for the ``K♥``, the sevens and the nines make the sets.

>>> import dataclasses
>>> from ..cards import parse_cards
>>> from ..presets import LIVERPOOL
>>> from ..rulesets import MeldSpec
>>> from ..search_state import SearchState
>>> from ..solver_model import HandCounts, SearchRules
>>> two_sets_and_a_run = (MeldSpec(SET, 3),) * 2 + (MeldSpec(MeldKind.RUN, 4),)
>>> rules = dataclasses.replace(SearchRules.of(LIVERPOOL, 7), slots=two_sets_and_a_run)
>>> def root(hand):
...     return SearchState(rules, HandCounts.of(parse_cards(hand), LIVERPOOL)).node(0)
>>> cards_find_melds(root("7S 7H 7D 9S 9H 9C 3D 4D 5D 6D KH"))
False
>>> cards_find_melds(root("7S 7H 7D 9S 9H 9C 3D 4D 5D 6D 7C"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..rulesets import MeldKind, SameSuitRuns
from ..search_state import Node
from ..solver_model import UNBOUNDED, SearchRules
from . import run_cards
from .pruning import SETS_AND_RUNS, Pruning, understands

SET = MeldKind.SET


def cards_find_melds(node: Node) -> bool:
    """Whether the open sets and runs could take every natural card not yet decided (with
    a run and a set at most still to make, :mod:`.run_cards` asks more of them: passed)."""
    state = node.state
    runs, _ = state.open_runs()
    sets = state.to_make - runs
    if runs and sets <= 1 and run_cards.sound_for(state.rules):
        return True
    cards = _cards_by_suit(node, sets, runs)
    if cards is None:
        return False
    ranks, rank_bits, most = cards
    return _runs_needed(state.rules, state.high_aces, ranks, most, sets) <= runs and (
        sets_take_the_rest(rank_bits, state.high_aces, sets, runs)
    )


def _cards_by_suit(
    node: Node, sets: int, runs: int
) -> tuple[list[int], list[int], list[int]] | None:
    """Per suit, the ranks with a card to place (a count, and a bit each) and the most
    copies of one card; ``None`` if the copies the runs cannot take need more sets than are
    open."""
    state, rules = node.state, node.state.rules
    dual = state.hand.dual
    most = list(state.high_aces)
    held = copies_in_runs(rules, runs, ace=False)
    held_aces = copies_in_runs(rules, runs, ace=True)
    sets_needed = 0
    for rank in range(1, 14):
        if not state.ranks[rank]:
            continue  # (every cell below the lowest undecided one is empty)
        base = (rank - 1) * 4
        have = state.naturals[base : base + 4]
        if dual and base <= dual[-1] and base + 4 > dual[0]:  # (the dual cells are sorted)
            have = [0 if c in dual else n for c, n in enumerate(have, base)]
        top = max(have)
        if not top:
            continue
        for suit, n in enumerate(have):
            if n > most[suit]:
                most[suit] = n
        if top > (held_aces if base == 0 else held):
            sets_needed += sets_for(rules, have, held_aces if base == 0 else held)
            if sets_needed > sets:
                return None
    rank_bits = [plain >> 1 & _RANKS for plain in node.plain]  # bit 0: the ace, low
    return [bits.bit_count() for bits in rank_bits], rank_bits, most


_RANKS = (1 << 13) - 1


def _runs_needed(
    rules: SearchRules, high_aces: Sequence[int], ranks: list[int], most: list[int], sets: int
) -> int:
    """The runs the suits need: one for a suit whose cards span more ranks than the open
    sets could take (or with an ace kept high), and, when runs may overlap, one for each
    copy of a card beyond what the sets take (one each when suits differ, none when no set
    is open)."""
    needed = 0
    for suit in range(4):
        need = 1 if high_aces[suit] or ranks[suit] > sets else 0
        if rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING and (
            rules.set_max <= 4 or not sets
        ):
            need = max(need, most[suit] - sets)
        needed += need
    return needed


def sets_take_the_rest(
    rank_bits: Sequence[int], high_aces: Sequence[int], sets: int, runs: int
) -> bool:
    """Whether some choice of at most ``runs`` suits for the runs (every suit with an ace
    kept high among them) leaves cards of at most ``sets`` ranks to the sets.

    >>> hearts, spades, clubs = 0b1100, 0b110000000, 0b1111111111110  # 3 4, 8 9, 2 to K
    >>> sets_take_the_rest([0, hearts, 0, clubs], [0] * 4, sets=1, runs=2)
    True
    >>> sets_take_the_rest([spades, hearts, 0, clubs], [0] * 4, sets=1, runs=2)
    False
    """
    if runs >= sum(1 for bits in rank_bits if bits):
        return True  # a run for every suit with cards
    must = {s for s in range(len(rank_bits)) if high_aces[s]}
    for chosen in combinations(range(len(rank_bits)), runs):
        if must <= set(chosen):
            rest = 0
            for suit, bits in enumerate(rank_bits):
                if suit not in chosen:
                    rest |= bits
            if rest.bit_count() <= sets:
                return True
    return False


def copies_in_runs(rules: SearchRules, runs: int, *, ace: bool) -> int:
    """The most copies of one card ``runs`` open runs of its suit could take."""
    if runs == 0:
        return 0
    if rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING:
        return runs
    if ace and rules.same_suit == SameSuitRuns.APART and rules.lowest < rules.highest - 12:
        return min(runs, 2)  # A 2 3 4 and J Q K A
    return 1


def sets_for(rules: SearchRules, have: Sequence[int], held: int) -> int:
    """The fewest sets of one rank that take the cards of that rank (``have`` per suit)
    beyond the ``held`` copies of each the runs could take (``UNBOUNDED``: no set can)."""
    beyond = [max(0, n - held) for n in have]
    total = sum(beyond)
    if not total:
        return 0
    distinct = rules.set_max <= 4
    naturals = sum(1 for n in have if n) if distinct else sum(have)
    if naturals < rules.set_min_naturals:
        return UNBOUNDED  # no set of this rank has enough natural cards
    if distinct:
        return max(beyond)  # suits differ: a set takes one card of a suit
    return 1 if rules.set_max >= UNBOUNDED else -(-total // rules.set_max)


def sound_for(rules: SearchRules) -> bool:
    """All out, no extra melds."""
    return understands(rules, SETS_AND_RUNS) and rules.all_out and not rules.extra_melds


PRUNING = Pruning(
    name="cover",
    cuts="all out: a card not yet decided has no open meld to go to",
    sound_for=sound_for,
    check=cards_find_melds,
    steps=1,  # a pass over the cards left
)

__all__ = ["PRUNING", "cards_find_melds", "copies_in_runs", "sets_for", "sets_take_the_rest"]
