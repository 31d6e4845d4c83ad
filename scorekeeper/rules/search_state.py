"""Where the contract search stands: the cards still to decide, and the melds laid so far.

The search (:mod:`.contract_search`) walks a hand's cells from the lowest and decides every
card: into a meld, made wild (a dual card), kept for the top of a run (an ace), kept for the
colour melds and flushes (made last), or left in hand. :class:`SearchState` is what it has
decided so far. It changes by three moves, and each move is taken back by calling it again
with ``sign=-1``, so a branch of the search leaves the state as it found it:

- :meth:`SearchState.lay` lays a meld choice (:mod:`.meld_choices`), filling a contract meld
  (or none: an extra meld);
- :meth:`SearchState.set_aside` decides one card another way (:data:`WILD`, :data:`HIGH`,
  :data:`GROUP`, :data:`LEAVE`);
- :meth:`SearchState.group_kept` turns the cards kept for the colour melds and flushes into
  cards to decide again, one cell per suit, once every other card is decided.

A :class:`Node` is what the prunings (:mod:`.prunings`) see of the state at one node: it
adds the lowest cell still to decide, the wilds still free, and the run positions of the
cards not yet decided, suit by suit.

>>> from .cards import parse_cards
>>> from .meld_choices import SetChoice
>>> from .presets import LIVERPOOL
>>> state = SearchState.of(LIVERPOOL, 1, parse_cards("7H 7C JK 9D 9S"))
>>> sevens = SetChoice(rank=7, taken=(0, 1, 0, 1), wilds=1, room=0)  # 7♥ 7♣ and a wild
>>> state.lay(0, sevens)
>>> state.open, state.committed, state.naturals[24:28]
([1], 1, [0, 0, 0, 0])
>>> state.lay(0, sevens, sign=-1)
>>> state.open, state.committed, state.naturals[24:28]
([2], 0, [0, 1, 0, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import Card
from .group_choices import GroupChoice
from .meld_choices import Choice, SetChoice
from .rulesets import MeldKind, MeldSpec, RuleSet, SameSuitRuns
from .solver_model import CELLS, HIGH_ACE, LOW_ACE, UNBOUNDED, HandCounts, SearchRules

WILD = "wild"  # a dual card played as a wild
HIGH = "high"  # an ace kept for the top of a run (J Q K A)
LEAVE = "leave"  # a card left in hand (a round with a discard)
GROUP = "group"  # a card kept for the colour melds and flushes, made last

Laid = tuple[int | None, MeldKind, Choice | GroupChoice]  # a meld laid: the contract meld it fills


class SearchState:
    """The cards still to decide, the wilds, and the melds laid (see the module's doc).

    ``specs`` are the contract's distinct melds and ``open[j]`` how many melds of
    ``specs[j]`` are still to make. ``pool`` counts the wilds the hand has now (its wild
    cards and the dual cards made wild), ``committed`` the wilds the melds laid need, and
    ``room`` how many more they could hold (all out: spare wilds go there at the end)."""

    __slots__ = (
        "committed",
        "deferred",
        "grouping",
        "hand",
        "high_aces",
        "kept",
        "left",
        "made",
        "masks",
        "must_leave",
        "naturals",
        "open",
        "pool",
        "ranks",
        "room",
        "rules",
        "run_specs",
        "runs",
        "size",
        "spare",
        "specs",
        "suits",
        "to_make",
        "turned",
        "used",
    )

    def __init__(self, rules: SearchRules, hand: HandCounts, *, must_leave: bool = False):
        self.rules = rules
        self.hand = hand
        self.size = hand.size  # the hand's cards
        self.must_leave = must_leave  # a card must stay in hand, to discard
        self.naturals = list(hand.naturals)  # per cell, the natural cards not yet decided
        # Kept as the cards are decided: per suit, a bit per run position holding a card
        # (an ace at 1 only), and per rank (1-13) the cards.
        self.masks = suit_masks(self.naturals, [0] * 4, 0, high=False)
        self.ranks = [0] + [sum(self.naturals[(r - 1) * 4 : r * 4]) for r in range(1, 14)]
        self.suits = [sum(self.naturals[s::4]) for s in range(4)]  # and per suit
        self.spare = sum(self.naturals[c] for c in hand.dual)  # dual cards not yet decided
        self.high_aces = [0, 0, 0, 0]  # per suit, the aces kept for the top of a run
        self.pool = hand.wilds
        self.committed = 0
        self.room = 0
        self.left = 0  # cards left in hand
        self.used = 0  # natural cards in melds
        self.specs: list[MeldSpec] = list(dict.fromkeys(rules.slots))
        self.open = [rules.slots.count(spec) for spec in self.specs]
        self.run_specs = [j for j, spec in enumerate(self.specs) if spec.kind == MeldKind.RUN]
        self.to_make = len(rules.slots)  # contract melds still to make: the sum of ``open``
        self.made: list[Laid] = []
        self.turned: list[int] = []  # the dual cells made wild
        self.runs: list[list[tuple[int, int]]] = [[], [], [], []]  # per suit, (low, high)
        # The cards kept for the colour melds and flushes (:data:`GROUP`): per suit, how
        # many and which; at the end they stand as one cell per suit, the aces' (``grouping``:
        # then none is kept), where only colour melds and flushes take them (with a discard,
        # one they do not take stays in hand).
        self.deferred = [0, 0, 0, 0]
        self.kept: list[list[int]] = [[], [], [], []]
        self.grouping = False

    @classmethod
    def of(
        cls, rules: RuleSet, round_number: int, cards: Sequence[Card], *, must_leave: bool = False
    ) -> SearchState:
        """The state at the start of a search of ``cards`` (for the doctests and tests)."""
        search = SearchRules.of(rules, round_number)
        return cls(search, HandCounts.of(cards, rules), must_leave=must_leave)

    # --- the moves -------------------------------------------------------------------------

    def lay(self, j: int | None, choice: Choice | GroupChoice, sign: int = 1) -> None:
        """Lay ``choice``, filling contract meld ``specs[j]`` (``None``: an extra meld), or,
        with ``sign=-1``, take it back.

        A meld's natural cards leave the cards still to decide. A run's high ace is one kept
        high (:data:`HIGH`), unless it is the run's lowest natural card: then it is the card
        being decided (``Q K A`` with two wilds, started by the ace)."""
        if isinstance(choice, SetChoice):
            base = (choice.rank - 1) * 4
            for t, n in enumerate(choice.taken):
                if n:
                    self._take(base + t, sign * n)
            self.used += sign * sum(choice.taken)
            kind = MeldKind.SET
        elif isinstance(choice, GroupChoice):
            for c, n in choice.cell_counts:
                self._take(c, sign * n)
            self.used += sign * len(choice.taken)
            kind = choice.kind
            if choice.suit is not None:
                if sign > 0:
                    self.runs[choice.suit].append((choice.low, choice.high))
                else:
                    self.runs[choice.suit].pop()
        else:
            suit, first = choice.suit, choice.taken[0]
            for p in choice.taken:
                if p < HIGH_ACE:
                    self._take((p - 1) * 4 + suit, sign)
                elif p == first:
                    self._take(suit, sign)
                else:
                    self.high_aces[suit] -= sign
            self.used += sign * len(choice.taken)
            kind = MeldKind.RUN
            if sign > 0:
                self.runs[suit].append((choice.low, choice.high))
            else:
                self.runs[suit].pop()
        self.committed += sign * choice.wilds
        self.room += sign * choice.room
        if j is not None:
            self.open[j] -= sign
            self.to_make -= sign
        if sign > 0:
            self.made.append((j, kind, choice))
        else:
            self.made.pop()

    def set_aside(self, at: int, how: str, sign: int = 1) -> None:
        """Decide one card of cell ``at`` otherwise than in a meld: made wild, kept as a high
        ace, or left in hand (or, with ``sign=-1``, take that back)."""
        self._take(at, sign)
        if how == WILD:
            self.pool += sign
            if sign > 0:
                self.turned.append(at)
            else:
                self.turned.pop()
        elif how == HIGH:
            self.high_aces[at] += sign
        elif how == GROUP:
            self.deferred[at & 3] += sign
            if sign > 0:
                self.kept[at & 3].append(at)
            else:
                self.kept[at & 3].pop()
        else:
            self.left += sign

    def group_kept(self, sign: int = 1) -> None:
        """All cards decided: the cards kept for colour melds and flushes become the cards
        still to decide, each suit's as one cell (its ace's: a colour meld or flush cares
        for suits, not ranks), or, with ``sign=-1``, go back to being kept."""
        self.grouping = sign > 0
        for suit, cells in enumerate(self.kept):
            count = len(cells)
            self.deferred[suit] = 0 if sign > 0 else count
            if count:
                self.naturals[suit] += sign * count
                self.ranks[1] += sign * count
                self.suits[suit] += sign * count
                if self.naturals[suit]:
                    self.masks[suit] |= _POSITION_BIT[suit]
                else:
                    self.masks[suit] &= ~_POSITION_BIT[suit]

    def _take(self, at: int, count: int) -> None:
        """``count`` cards of cell ``at`` are decided (negative: taken back)."""
        left = self.naturals[at] - count
        self.naturals[at] = left
        self.ranks[at // 4 + 1] -= count
        self.suits[at & 3] -= count
        if at in self.hand.dual and not self.grouping:
            self.spare -= count
        if left:
            self.masks[at & 3] |= _POSITION_BIT[at]
        else:
            self.masks[at & 3] &= ~_POSITION_BIT[at]

    # --- what the search and the prunings read ---------------------------------------------

    def next_cell(self, at: int) -> int:
        """The lowest cell from ``at`` with a card still to decide (``CELLS``: none)."""
        naturals = self.naturals
        while at < CELLS and not naturals[at]:
            at += 1
        return at

    def free(self) -> int:
        """The wilds the melds still to make may use: the pool and the undecided dual
        cards, less what the melds laid need."""
        return self.pool + self.spare - self.committed

    def most_cards(self, j: int | None) -> int:
        """The most cards a meld filling ``specs[j]`` (``None``: an extra meld) may take and
        leave the cards the other melds still to make need (and one to discard, when one
        must stay): what ``card-count`` asks once it is laid, asked before."""
        need = sum(n * spec.min_length for n, spec in zip(self.open, self.specs, strict=True))
        if j is not None:
            need -= self.specs[j].min_length
        if self.must_leave and not self.left:
            need += 1
        return self.size - self.used - self.committed - self.left - need

    def claimants(self, j: int | None, suit: int) -> list[int]:
        """Per run position (1-14) of ``suit``, how many melds other than one of
        ``specs[j]`` could still take a natural card a run leaves there (``UNBOUNDED``: any
        number of copies): another run of the suit, when runs of a suit may overlap (the card
        is inside this run), or a set, when the natural cards of the position's rank could
        make one. (A card no other meld can take is better in the run than a wild: with the
        wild instead, the card would only stay in hand.)"""
        rules = self.rules
        if rules.extra_melds and rules.all_out:
            return [UNBOUNDED] * 15
        runs = 0
        set_length = 0
        for k, spec in enumerate(self.specs):
            others = self.open[k] - (k == j)
            if not others:
                continue
            if spec.kind == MeldKind.SET:
                set_length = min(set_length or spec.min_length, spec.min_length)
            elif rules.same_suit == SameSuitRuns.APART_OR_OVERLAPPING:
                runs += others  # another run takes one copy (runs apart: not inside this one)
        out = [runs] * 15
        if set_length:
            least = max(1, rules.set_min_naturals)
            if rules.wilds_at_most_naturals:
                least = max(least, (set_length + 1) // 2)
            distinct = rules.set_max <= 4
            for rank in range(1, 14):
                if self.ranks[rank] < least:
                    continue
                if distinct and sum(m >> rank & 1 for m in self.masks) < least:
                    continue  # suits differ: the suits holding the rank (an ace at 1)
                out[rank] = UNBOUNDED  # a set may take every copy of a card
            out[HIGH_ACE] = out[LOW_ACE]
        return out

    def open_runs(self) -> tuple[int, int]:
        """How many runs are still to make, and the fewest cards of one (``(0, 0)``: none)."""
        wanted = shortest = 0
        for j in self.run_specs:
            if self.open[j]:
                wanted += self.open[j]
                length = self.specs[j].min_length
                shortest = min(shortest or length, length)
        return wanted, shortest

    def run_floor(self, suit: int, at: int) -> int:
        """The lowest position a run of ``suit`` still to make may take when runs of a suit
        may not overlap: it starts at or above the rank of cell ``at``, so above the runs
        of its suit laid from below that rank (a run of wilds under a high ace is laid from
        the ace, above it)."""
        rules = self.rules
        floor = rules.lowest
        for low, high in self.runs[suit]:
            if low <= at // 4 + 1:
                floor = max(floor, high + rules.gap + 1)
        return floor

    def node(self, at: int) -> Node:
        """What the prunings see at a node whose lowest undecided cell is ``at``."""
        high = self.high_aces
        masks = [m | _HIGH_BIT if m & 2 or high[s] else m for s, m in enumerate(self.masks)]
        plain = self._plain(masks) if self.hand.dual else masks
        return Node(self, at, self.free(), masks, plain)

    def _plain(self, masks: list[int]) -> list[int]:
        """The masks without the positions held only by dual cards not yet decided (a cell
        is dual or not as a whole; an ace kept high stands for itself)."""
        plain = list(masks)
        for c in self.hand.dual:
            if self.naturals[c]:
                suit = c % 4
                bits = _POSITION_BIT[c]
                if c < 4 and not self.high_aces[suit]:
                    bits |= 1 << HIGH_ACE
                plain[suit] &= ~bits
        return plain


class Node(NamedTuple):
    """One node of the search as the prunings see it: the state, the lowest cell still to
    decide, the wilds still free (:meth:`SearchState.free`), per suit a bit per run position
    (1-14) holding a natural card not yet decided (an undecided ace sets both), and the same
    without the dual cards (``plain``: a dual card is among the free wilds too)."""

    state: SearchState
    at: int
    free: int
    masks: list[int]
    plain: list[int]


def suit_masks(
    naturals: Sequence[int], high_aces: Sequence[int], at: int, *, high: bool = True
) -> list[int]:
    """Per suit, a bit per run position holding a natural card not yet decided (with
    ``high``, an ace sets both ends).

    >>> naturals = [1] + [0] * 7 + [2] + [0] * 43  # A♠, two 3♠
    >>> masks = suit_masks(naturals, [0, 0, 0, 1], 0)  # and an ace of clubs kept high
    >>> [[p for p in range(15) if mask >> p & 1] for mask in masks]
    [[1, 3, 14], [], [], [14]]
    """
    masks = [0, 0, 0, 0]
    for c in range(at, CELLS):
        if naturals[c]:
            masks[c & 3] |= _POSITION_BIT[c]
    for suit in range(4 if high else 0):
        if high_aces[suit] or (suit >= at and naturals[suit]):  # an ace may also be high
            masks[suit] |= _HIGH_BIT
    return masks


_POSITION_BIT = [1 << (c // 4 + 1) for c in range(CELLS)]  # a cell's run position, as a bit
_HIGH_BIT = 1 << HIGH_ACE


__all__ = ["GROUP", "HIGH", "LEAVE", "WILD", "Laid", "Node", "SearchState", "suit_masks"]
