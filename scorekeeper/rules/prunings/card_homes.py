"""Pruning ``card-homes``: all out, every card not yet decided has a meld it could go into.

In an all-out round every natural card goes into a meld: one of the contract's melds still
to make, or an extra meld where the rule set allows them. A card can only go into a meld of
a kind whose cards it could join, with the other cards not yet decided and the wilds still
free: so for each card there must be a kind (of an open contract meld, or an extra meld's)
for which the cards and wilds could make a meld holding it, at least as long as the
shortest such meld must be:

- a set: the cards of its rank (one per suit where suits must differ) and the wilds;
- a run: the cards in some window of the run's length holding it, on the rule set's line of
  ranks (one suit, or every suit where runs may mix them; round the corner where aces wrap;
  a rank with no place in a run has none), and the wilds;
- a colour meld or flush: the cards of its colour or suit, and the wilds;

each with at least the natural cards its kind asks for, and no more wilds than a meld may
hold. The wild cards need homes too: where a meld holds a few wilds at most, the wilds not
yet placed must fit into the melds laid (their room) and the melds still to make (that few
each; an extra meld needs a natural card, so there are no more of them than natural cards
left). Every test counts more than any one meld could have (a window's cards need not all
go into one run, the wilds are shared), so it is sound for every rule set and kind in an
all-out round. It is the bound the rounds of issue 24's kinds lacked: a colour meld may take
any of its colour's cards, and an extra meld any kind, so without it the search tries every
way of sharing cards out before finding one no meld can take. (In the rounds of sets and runs
of one suit, ``cover`` and ``run-cards`` ask this and more: it leaves those rounds to them.)

One colour meld of 4, all out, extra melds of any kind allowed, one wild in a meld at most
(Carioca's runs of four otherwise): the clubs ``2♣ 10♣ J♣`` are three black cards, and no set,
run or colour meld could take the ``2♣``; ``10♣ J♣ Q♣ K♣`` is a run.

>>> import dataclasses
>>> from ..cards import parse_cards
>>> from ..options import with_options
>>> from ..presets import CARIOCA
>>> from ..rulesets import Contract, GoingOut, MeldSpec, RoundSpec
>>> from ..search_state import SearchState
>>> round_ = RoundSpec(Contract((MeldSpec(MeldKind.COLOR, 4),)), 12, GoingOut.ALL_OUT)
>>> rules = with_options(
...     dataclasses.replace(CARIOCA, rounds=(round_,)),
...     {"extra_melds": True, "extra_meld_kinds": "any", "wilds_per_meld": 1},
... )
>>> red = "8H KD QD AD 2H 10D JD 5D"
>>> every_card_has_a_home(SearchState.of(rules, 1, parse_cards("10C 2C JC 8D " + red)).node(0))
False
>>> every_card_has_a_home(SearchState.of(rules, 1, parse_cards("10C JC QC KC " + red)).node(0))
True

Two flushes of 4, all out, no extra melds, one wild in a meld at most: three jokers cannot
all be placed, however the nine clubs are shared.

>>> round_ = RoundSpec(Contract((MeldSpec(MeldKind.FLUSH, 4),) * 2), 12, GoingOut.ALL_OUT)
>>> options = {"wilds_per_meld": 1, "extra_melds": False}
>>> rules = with_options(dataclasses.replace(CARIOCA, rounds=(round_,)), options)
>>> clubs = "4C 5C 6C 7C 9C 9C JC QC KC"
>>> every_card_has_a_home(SearchState.of(rules, 1, parse_cards(clubs + " JK JK JK")).node(0))
False
>>> every_card_has_a_home(SearchState.of(rules, 1, parse_cards(clubs + " 10C JK JK")).node(0))
True
"""

from __future__ import annotations

from functools import lru_cache

from ..rulesets import MeldKind
from ..search_state import Node, SearchState
from ..solver_model import HIGH_ACE, MAX_RUN, SUITS, UNBOUNDED, SearchRules
from . import cover
from .group_room import groups_have_cards, only_contract_groups
from .pruning import Pruning

_COLOUR = tuple(1 if suit.is_red else 0 for suit in SUITS)  # per suit index
_LINE = (1 << 15) - 2  # run positions 1 (the low ace) to 14 (the high ace)
_RANKS = (1 << 14) - 2  # positions 1 to 13: a card not yet decided is at its rank's
_HIGH = 1 << HIGH_ACE
_GROUP_KINDS = (MeldKind.COLOR, MeldKind.FLUSH)
_MOST_CARDS = 200  # more cards than a set could ever need (four decks' and the wilds)


def every_card_has_a_home(node: Node) -> bool:
    """Whether every natural card not yet decided (and every ace kept high) could go into
    a meld of some kind still open, with the cards and wilds left (see the module).

    The cards are judged suit by suit, as bits (a bit per rank holding a card): those a set
    or a run could take, and those only a colour meld or flush could; the work is the same
    for every card of a suit, however many there are."""
    state, rules = node.state, node.state.rules
    shortest = _shortest_open(node)
    if not shortest:
        return True  # (the search's own end tells a card left over)
    homes = Homes(rules, state, node.masks, node.free, shortest)
    # Where only the contract's colour melds and flushes may take a card of no other home,
    # the suits of such cards (and of the cards kept for them) must be theirs to cover.
    covering = only_contract_groups(state) and any(
        n and spec.kind in _GROUP_KINDS for n, spec in zip(state.open, state.specs, strict=True)
    )
    only_groups: list[int] = []
    # A dual card needs no home (it may turn wild), and may join a meld either way: counted
    # among the natural cards and among the free wilds (more than it is: still a bound).
    for suit, cards in enumerate(undecided_naturals(state)):
        homeless = cards & ~homes.other_homes(suit, cards)
        if not homeless:
            continue
        if not homes.group_has(suit):
            return False
        if covering:
            only_groups.append(suit)
    if only_groups and not groups_have_cards(node, only_groups):
        return False
    high = [suit for suit in range(4) if state.high_aces[suit]]
    if high and not (
        MeldKind.RUN in shortest and all(homes.runs_take(suit) & _HIGH for suit in high)
    ):
        return False
    return _wilds_have_homes(node)


def undecided_naturals(state: SearchState) -> list[int]:
    """Per suit, a bit per rank (1-13) holding a natural card not yet decided, the dual
    cards left out."""
    cards = [mask & _RANKS for mask in state.masks]
    for c in state.hand.dual:
        if state.naturals[c]:
            cards[c & 3] &= ~(1 << (c // 4 + 1))
    return cards


def _wilds_have_homes(node: Node) -> bool:
    """Whether the wilds not yet placed fit into the melds laid and still to make, where a
    meld holds a few at most (the undecided dual cards may stay natural: not counted)."""
    state, rules = node.state, node.state.rules
    if rules.wild_cap >= UNBOUNDED:
        return True
    melds = state.to_make
    if rules.extras:
        if any(rules.min_naturals(kind) == 0 for kind, _ in rules.extras):
            return True  # extra melds of wilds only: no bound
        melds += sum(state.naturals) + sum(state.deferred)
    return state.pool - state.committed <= state.room + rules.wild_cap * melds


def _shortest_open(node: Node) -> dict[MeldKind, int]:
    """The fewest cards of a meld of each kind a card could still go into: the contract's
    melds still to make, and the extra melds (all out, where allowed)."""
    state = node.state
    out: dict[MeldKind, int] = {}
    for j, spec in enumerate(state.specs):
        if state.open[j]:
            out[spec.kind] = min(out.get(spec.kind, UNBOUNDED), spec.min_length)
    for kind, length in state.rules.extras:
        out[kind] = min(out.get(kind, UNBOUNDED), length)
    return out


class Homes:
    """The counts a node's cards are judged by, gathered once per node; what each suit's
    cards may go into is worked out once per suit, as bits."""

    def __init__(
        self,
        rules: SearchRules,
        state: SearchState,
        masks: list[int],
        free: int,
        shortest: dict[MeldKind, int],
    ) -> None:
        self.rules = rules
        self.state = state
        self.shortest = shortest
        # A colour meld or flush may also take the cards kept for them.
        self.suits = [n + k for n, k in zip(state.suits, state.deferred, strict=True)]
        self.colours = [0, 0]
        for s in range(4):
            self.colours[_COLOUR[s]] += self.suits[s]
        self.masks = (
            masks if not rules.any_suit else [masks[0] | masks[1] | masks[2] | masks[3]] * 4
        )
        self.wilds = min(free, rules.wild_cap)
        self._sets: int | None = None  # the ranks a set could take a card of, as bits

    def other_homes(self, suit: int, cards: int) -> int:
        """The ranks (as bits) whose card of ``suit`` a set or a run could take; only the
        ranks of ``cards`` are worked out."""
        homes = 0
        if MeldKind.SET in self.shortest:
            homes = self._set_ranks()
        if cards & ~homes and MeldKind.RUN in self.shortest:
            runs = self.runs_take(suit)
            homes |= runs | (1 if runs & _HIGH else 0) << 1  # a high ace is the ace
        return homes

    def group_has(self, suit: int) -> bool:
        """Whether a colour meld or flush still open could take a card of ``suit``."""
        shortest = self.shortest
        return (
            MeldKind.COLOR in shortest and self.fits(MeldKind.COLOR, self.colours[_COLOUR[suit]])
        ) or (MeldKind.FLUSH in shortest and self.fits(MeldKind.FLUSH, self.suits[suit]))

    def fits(self, kind: MeldKind, naturals: int, length: int | None = None) -> bool:
        """Whether ``naturals`` natural cards and the free wilds could make a meld of
        ``kind`` (of ``length`` cards, or the shortest open)."""
        if naturals < max(1, self.rules.min_naturals(kind)):
            return False
        wilds = self.wilds
        if self.rules.wilds_at_most_naturals:
            wilds = min(wilds, naturals)
        return naturals + wilds >= (length or self.shortest[kind])

    def _set_ranks(self) -> int:
        """The ranks (as bits) whose cards a set could take: those with enough natural
        cards (of different suits, where a set's suits differ), worked out once per node
        from the fewest a set needs (more cards never make a set less possible)."""
        if self._sets is None:
            least = next(n for n in range(1, _MOST_CARDS) if self.fits(MeldKind.SET, n))
            distinct = self.rules.set_max <= 4
            masks, ranks = self.state.masks, self.state.ranks
            self._sets = 0
            for rank in range(1, 14):
                if distinct:
                    have = (masks[0] >> rank & 1) + (masks[1] >> rank & 1)
                    have += (masks[2] >> rank & 1) + (masks[3] >> rank & 1)
                else:
                    have = ranks[rank]
                if have >= least:
                    self._sets |= 1 << rank
        return self._sets

    def runs_take(self, suit: int) -> int:
        """The run positions (1-14, as bits) of ``suit`` some window could hold, at least a
        run's length, with enough natural cards and the free wilds in its gaps
        (:func:`window_homes`); none at a rank with no place in a run."""
        rules = self.rules
        homes = window_homes(
            self.masks[suit],
            self.shortest[MeldKind.RUN],
            self.wilds,
            max(1, rules.run_min_naturals),
            rules.wilds_at_most_naturals,
            (rules.wrap, rules.lowest, rules.highest),
        )
        for rank in rules.holes:
            homes &= ~(1 << rank | (_HIGH if rank == 1 else 0))
        return homes


def window_holds(
    mask: int,
    position: int,
    length: int,
    wilds: int,
    least: int,
    capped: bool,
    line: tuple[bool, int, int],
) -> bool:
    """Whether some window of run positions holding ``position``, at least ``length`` long,
    has ``least`` natural cards of ``mask`` or more and room for ``wilds`` (no more than its
    natural cards where ``capped``) in its gaps; ``line`` is (wrap, lowest, highest).

    >>> spades = 0b1101100  # positions 2, 3, 5 and 6
    >>> window_holds(spades, 5, 4, 0, 3, False, (False, 1, 14))
    False
    >>> window_holds(spades, 5, 4, 1, 3, False, (False, 1, 14))
    True
    """
    return bool(window_homes(mask, length, wilds, least, capped, line) >> position & 1)


@lru_cache(maxsize=8192)
def window_homes(
    mask: int, length: int, wilds: int, least: int, capped: bool, line: tuple[bool, int, int]
) -> int:
    """The run positions (1-14, as bits) some window holds that is at least ``length`` long,
    has ``least`` natural cards of ``mask`` or more and room for ``wilds`` (no more than its
    natural cards where ``capped``) in its gaps; ``line`` is (wrap, lowest, highest). Round
    the corner, the ranks go twice round the circle and an ace is at both ends. (A window
    longer than the run's length and than the natural cards a run needs plus the wilds would
    still do with an end position less: the lengths tried stop there.) Kept per suit mask:
    a node's suits and its neighbours' are mostly the same.

    >>> spades = 0b1101100  # positions 2, 3, 5 and 6
    >>> bin(window_homes(spades, 4, 1, 3, False, (False, 1, 14)))
    '0b1111100'
    """
    wrap, lowest, highest = line
    longest = min(MAX_RUN, max(length, least + wilds))
    if wrap:  # ranks 1-13 as bits 0-12, twice round the circle
        ranks = (mask >> 1) & 0x1FFF
        bits, lowest, highest = ranks | ranks << 13, 0, 25
    else:
        bits = mask & _LINE
    homes = 0
    for size in range(length, longest + 1):
        window = (1 << size) - 1
        for low in range(lowest, highest - size + 2):
            naturals = (bits >> low & window).bit_count()
            room = min(wilds, naturals) if capped else wilds
            if naturals >= least and naturals + room >= size:
                homes |= window << low
    if wrap:  # back to positions, the ace at both ends
        ranks = (homes | homes >> 13) & 0x1FFF
        return ranks << 1 | (_HIGH if ranks & 1 else 0)
    return homes & _LINE


def sound_for(rules: SearchRules) -> bool:
    """All out, where ``cover`` is not asked (the rounds the classic prunings cannot bound,
    :attr:`.SearchRules.plain` false, and those with extra melds): sound in every all-out
    round, it only costs time where ``cover`` and ``run-cards`` already look."""
    return rules.all_out and not cover.sound_for(rules)


PRUNING = Pruning(
    name="card-homes",
    cuts="all out: a card left could go into no meld still open",
    sound_for=sound_for,
    check=every_card_has_a_home,
    steps=6,  # every suit's cards, the sets' ranks, the windows of runs, the colour melds
)

__all__ = ["PRUNING", "every_card_has_a_home"]
