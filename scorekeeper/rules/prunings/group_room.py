"""Pruning ``group-room``: the colour melds and flushes still to make have their cards.

A colour meld takes natural cards of one colour, a flush of one suit, and wilds for the
rest; each holds at least ``least`` natural cards (one, the rule set's fewest, and as
many as its cap of wilds and "no more wilds than natural cards" ask). However the melds
still to make are shared out among the colours and suits, the natural cards not yet
decided of each colour (a flush's of its suit) go at most once, and the free wilds make up
the rest. :func:`groups_fit` tries every way to share them out (each flush to a suit, each
colour meld to a colour) and asks, per colour, for the fewest wilds; if no way needs no
more wilds than are free, no way down from the node makes the contract. It is a relaxation
(it forgets the sets and runs, and that a dual card counted among the natural cards is a
free wild too, which only lets more through), so it is sound for every rule set. All out,
the cards kept for the colour melds and flushes (:data:`..search_state.GROUP`) count too,
and, where no extra colour meld or flush may take them, each suit kept must have one of
the contract's to go into (cards of three suits and one colour meld: no way on).

Two colour melds of five, from eight red cards and a joker (and three black cards): one
red meld of five leaves three red cards and the joker for the other, and a black meld
would need two wilds. The search would try every way to split the red cards first.

>>> groups_fit((2, 4, 4, 1), 1, ((False, 5, 1), (False, 5, 1)))  # per suit: ♠ ♥ ♦ ♣
False
>>> groups_fit((2, 4, 4, 1), 2, ((False, 5, 1), (False, 5, 1)))
True

All out, with spades and hearts kept for them, one colour meld cannot take both.

>>> groups_fit((2, 4, 4, 1), 2, ((False, 5, 1),), covered=(0, 1))
False
>>> groups_fit((2, 4, 4, 1), 2, ((False, 5, 1),), covered=(0, 3))
True

Ten Phases, phase 8 (a flush of 7): five hearts and one wild are a card short.

>>> from ..cards import parse_cards
>>> from ..presets import TEN_PHASE
>>> from ..search_state import SearchState
>>> def root(hand):
...     return SearchState.of(TEN_PHASE, 8, parse_cards(hand)).node(0)
>>> groups_have_cards(root("3H 5H 8H 9H JH KS 2C 4D"))
False
>>> groups_have_cards(root("3H 5H 8H 9H JH QH KS 2C"))
True
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from ..cards import Suit
from ..rulesets import MeldKind
from ..search_state import Node, SearchState
from ..solver_model import SearchRules
from .pruning import Pruning

_SUITS = tuple(Suit)
# The two colours, each as its two suits (by suit index).
COLOURS = tuple(
    tuple(i for i, s in enumerate(_SUITS) if s.color == colour)
    for colour in dict.fromkeys(s.color for s in _SUITS)
)
_COLOUR_OF = tuple(next(c for c, suits in enumerate(COLOURS) if s in suits) for s in range(4))
_GROUPS = (MeldKind.COLOR, MeldKind.FLUSH)

Group = tuple[bool, int, int]  # a flush?, its fewest cards, its fewest natural cards


def least_naturals(rules: SearchRules, kind: MeldKind, length: int) -> int:
    """The fewest natural cards a meld of ``kind`` and ``length`` cards holds."""
    least = max(1, rules.min_naturals(kind), length - rules.wild_cap)
    if rules.wilds_at_most_naturals:
        least = max(least, (length + 1) // 2)
    return least


def groups_have_cards(node: Node, also: Collection[int] = ()) -> bool:
    """Whether the colour melds and flushes still to make may have their cards (and, where
    only they may take cards, cards of the suits ``also`` too: :mod:`.card_homes`)."""
    state = node.state
    groups: list[Group] = []
    for n, spec in zip(state.open, state.specs, strict=True):
        if n and spec.kind in _GROUPS:
            least = least_naturals(state.rules, spec.kind, spec.min_length)
            groups.extend([(spec.kind == MeldKind.FLUSH, spec.min_length, least)] * n)
    if not groups:
        return True
    need = sum(length for _, length, _ in groups)
    # The natural cards not yet decided, and those kept for colour melds and flushes.
    counts = tuple(min(need, n + k) for n, k in zip(state.suits, state.deferred, strict=True))
    covered: tuple[int, ...] = ()
    if only_contract_groups(state):  # each kept suit must go into one of them
        covered = tuple(s for s in range(4) if state.deferred[s] or s in also)
    return groups_fit(counts, min(node.free, need), tuple(groups), covered)


def only_contract_groups(state: SearchState) -> bool:
    """Whether the cards kept for colour melds and flushes can only go into the contract's:
    all out (with a discard, a card kept for them may stay in hand), and no extra colour
    meld or flush may be made."""
    return state.rules.all_out and not any(kind in _GROUPS for kind, _ in state.rules.extras)


@lru_cache(maxsize=4096)
def groups_fit(
    counts: tuple[int, ...], free: int, groups: tuple[Group, ...], covered: tuple[int, ...] = ()
) -> bool:
    """Whether ``groups`` can be shared out among the suits (a flush) and colours (a colour
    meld) so that, per colour, the natural cards ``counts`` (per suit) and ``free`` wilds
    between all the colours reach them, and each suit of ``covered`` has one."""
    if free < 0:
        return False
    return _Placing(counts, free, tuple(sorted(groups)), covered).fits(0, 0)


class _Placing:
    """The melds placed one by one, a flush to a suit (places 0-3), a colour meld to a
    colour (places 4 and 5), equal melds in order (the other orders are the same sharing).
    A meld placed never lowers the wilds the melds need, so a placing stops as soon as they
    are more than are free."""

    def __init__(
        self,
        counts: tuple[int, ...],
        free: int,
        groups: tuple[Group, ...],
        covered: tuple[int, ...],
    ) -> None:
        self.counts, self.free, self.groups, self.covered = counts, free, groups, covered
        self.size = [0] * 6  # per place, the melds' cards
        self.low = [0] * 6  # per place, the natural cards the melds must hold

    def fits(self, i: int, first: int) -> bool:
        """Whether the melds from ``i`` on fit, placed from place ``first`` on."""
        if i == len(self.groups):
            return all(self.size[s] or self.size[4 + _COLOUR_OF[s]] for s in self.covered)
        flush, length, least = group = self.groups[i]
        for place in range(first, 4) if flush else range(max(first, 4), 6):
            self.size[place] += length
            self.low[place] += least
            wilds = self._wilds()
            more = i + 1 < len(self.groups) and self.groups[i + 1] == group
            fit = (
                wilds is not None and wilds <= self.free and self.fits(i + 1, place if more else 0)
            )
            self.size[place] -= length
            self.low[place] -= least
            if fit:
                return True
        return False

    def _wilds(self) -> int | None:
        """The fewest wilds the melds placed need (``None``: too few natural cards). Per
        colour, each flush takes its suit's cards up to its length, the colour melds the
        rest."""
        counts, size, low = self.counts, self.size, self.low
        wilds = 0
        for colour, (a, b) in enumerate(COLOURS):
            if low[a] > counts[a] or low[b] > counts[b]:
                return None
            total = counts[a] + counts[b]
            both = 4 + colour
            if low[a] + low[b] + low[both] > total:
                return None
            naturals = min(total, min(counts[a], size[a]) + min(counts[b], size[b]) + size[both])
            wilds += size[a] + size[b] + size[both] - naturals
        return wilds


PRUNING = Pruning(
    name="group-room",
    cuts="the colour melds and flushes still to make cannot have their cards",
    sound_for=lambda rules: any(spec.kind in _GROUPS for spec in rules.slots),
    check=groups_have_cards,
    steps=4,  # the colour melds and flushes shared out among the colours (a cache of sharings)
)

__all__ = ["COLOURS", "PRUNING", "groups_fit", "groups_have_cards", "least_naturals"]
