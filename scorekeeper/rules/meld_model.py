"""What the meld referee hands back (:class:`Meld`, :class:`WildUse`), which cards are wild,
and the pieces every reading of cards as a meld shares: positions in a run, the wording of
cards in messages, and the checks on how many natural cards a meld has.

A meld of **wild cards only** (legal only when the rule set asks for no natural card in a
meld of its kind) stands for no card in particular: a set of wilds only has no rank, a run
of wilds only has no suit and no place. Its wilds stand for ``"any"`` card, its ``rank`` and
``suit`` are ``None`` and every position is 0. A natural card laid off on it later gives it
a rank (a set), or a suit and a place (a run).

A wild card in a **colour meld** stands for a card of the meld's colour (``"red"``), in a
**flush** for a card of its suit (``"H"``): neither meld has ranks in order, so no more is
said; a run of **any suits** has no suit, and a wild card in it stands for a rank (``"9"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import language
from .cards import Card, Color, Rank, Suit, format_cards
from .errors import Problem
from .language import N_, _, ngettext
from .rulesets import MeldKind, RuleSet, kind_word

LOW_ACE = 1
HIGH_ACE = 14
SET_SUITS = len(Suit)
ANY_CARD = "any"  # what a wild of a meld of wild cards only stands for


# --- what the referee hands back -------------------------------------------------------------


@dataclass(frozen=True)
class WildUse:
    """What one wild card stands for.

    ``suit`` is ``None`` in a set (and a run of any suits), where a wild stands for the rank
    only. ``high_ace`` is true when the wild is an ace above the king. ``rank`` is ``None`` in
    a flush (which gives the ``suit``) and a colour meld (which gives the ``color``); and
    ``rank``, ``suit`` and ``color`` are all ``None`` in a meld of wild cards only, where a
    wild stands for no card in particular.
    """

    card: Card
    rank: Rank | None
    suit: Suit | None
    high_ace: bool = False
    color: Color | None = None

    @property
    def stands_for(self) -> str:
        """``"10C"``, ``"AH"``, for a set the rank alone (``"7"``), for a flush the suit
        (``"H"``), for a colour meld the colour (``"red"``), and ``"any"`` in a meld of wild
        cards only.

        >>> WildUse(Card.parse("JK"), Rank.TEN, Suit.CLUBS).stands_for
        '10C'
        >>> WildUse(Card.parse("JK"), Rank.SEVEN, None).stands_for
        '7'
        >>> WildUse(Card.parse("JK"), None, Suit.HEARTS).stands_for
        'H'
        >>> WildUse(Card.parse("JK"), None, None, color=Color.RED).stands_for
        'red'
        >>> WildUse(Card.parse("JK"), None, None).stands_for
        'any'
        """
        if self.rank is None:
            if self.suit is not None:
                return self.suit.value
            if self.color is not None:
                return self.color.value
            return ANY_CARD
        if self.suit is None:
            return self.rank.label
        return str(Card(self.rank, self.suit))

    @property
    def position(self) -> int:
        """The run position this wild fills (14 for a high ace; 0 for no card in particular)."""
        if self.rank is None:
            return 0
        return HIGH_ACE if self.high_ace else int(self.rank)

    @property
    def pretty(self) -> str:
        """``"10♣"``, for a set ``"7"``, for a flush ``"a heart"``, for a colour meld ``"a red
        card"``, in a meld of wild cards only ``"any card"``."""
        if self.rank is None:
            if self.suit is not None:
                return self.suit.one
            if self.color is Color.RED:
                return _("a red card")
            if self.color is not None:
                return _("a black card")
            return _("any card")
        if self.suit is None:
            return self.rank.label
        return Card(self.rank, self.suit).pretty


@dataclass(frozen=True)
class Meld:
    """A legal meld, as the referee understood it.

    ``cards`` are as given; ``wilds`` has one entry per wild card, in the order the wilds
    appear in ``cards``. A set has its ``rank`` and ``low == high == rank``; a run has its
    ``suit`` (``None`` for a run of any suits) and the positions ``low`` to ``high`` (1..14,
    14 = high ace; a run that turns the corner goes on past 14: ``Q K A 2`` is 12 to 15).
    A flush has its ``suit``, a colour meld its ``color``, and all their positions are 0.
    ``positions`` gives each card's position (for a set, every card's is the rank) and
    ``wild_indices`` the index in ``cards`` of each wild.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    wilds: tuple[WildUse, ...]
    rank: Rank | None
    suit: Suit | None
    low: int
    high: int
    positions: tuple[int, ...] = ()
    wild_indices: tuple[int, ...] = ()
    color: Color | None = None

    @property
    def naturals(self) -> int:
        """How many cards stand for themselves."""
        return len(self.cards) - len(self.wilds)

    @property
    def wild_only(self) -> bool:
        """Is the meld made of wild cards only (no rank, or no suit and place)?"""
        return not self.naturals

    def __len__(self) -> int:
        return len(self.cards)

    def card_positions(self) -> tuple[int, ...]:
        """The position of each card in ``cards``."""
        if len(self.positions) == len(self.cards):
            return self.positions
        if self.kind != MeldKind.RUN or self.wild_only:
            return (self.low,) * len(self.cards)
        # Rebuilt when a caller made the Meld by hand: naturals at their ranks, wilds in order.
        wild_at = self.wild_indices or _guess_wild_indices(self)
        places = dict(zip(wild_at, (w.position for w in self.wilds), strict=False))
        return tuple(
            places[i] if i in places else natural_position(card, self.high == HIGH_ACE)
            for i, card in enumerate(self.cards)
        )

    def ordered(self) -> tuple[Card, ...]:
        """The cards in run order, low to high, wilds in their places (a set: as given).

        >>> from .cards import parse_cards
        >>> from .melds import check_meld
        >>> from .presets import LIVERPOOL
        >>> format_cards(check_meld(parse_cards("JC JK 8C 9C"), LIVERPOOL).ordered())
        '8C 9C JK JC'
        """
        if self.kind != MeldKind.RUN or self.wild_only:
            return self.cards
        order = sorted(range(len(self.cards)), key=lambda i: (self.card_positions()[i], i))
        return tuple(self.cards[i] for i in order)

    def describe(self) -> str:
        """``"set of sevens"``, ``"run 7♥-10♥"`` (of any suits ``"run 7-10"``), ``"flush of
        hearts"``, ``"red colour meld"``, or ``"run of wild cards"``."""
        if self.wild_only:
            return _(_WILD_ONLY[self.kind])
        if self.kind == MeldKind.SET:
            assert self.rank is not None
            return _("set of {rank}").format(rank=self.rank.noun)
        if self.kind == MeldKind.FLUSH:
            assert self.suit is not None
            return _("flush of {suit}").format(suit=self.suit.noun)
        if self.kind == MeldKind.COLOR:
            assert self.color is not None
            return _(_COLOUR_MELDS[self.color])
        return _("run {span}").format(span=self.span_text())

    def span_text(self) -> str:
        """A run's first and last card, ``"7♥-10♥"`` (``"7-10"`` of any suits); a set's rank
        noun; ``"wild cards"``."""
        if self.wild_only:
            return _("wild cards")
        if self.kind != MeldKind.RUN:
            return self.rank.noun if self.rank is not None else ""
        if self.suit is None:
            return f"{rank_at(self.low).label}-{rank_at(self.high).label}"
        first = Card(rank_at(self.low), self.suit).pretty
        last = Card(rank_at(self.high), self.suit).pretty
        return f"{first}-{last}"


# Whole phrases per kind and colour, so each language says them its own way.
_WILD_ONLY = {
    MeldKind.SET: N_("set of wild cards"),
    MeldKind.RUN: N_("run of wild cards"),
    MeldKind.COLOR: N_("colour meld of wild cards"),
    MeldKind.FLUSH: N_("flush of wild cards"),
}
_COLOUR_MELDS = {Color.RED: N_("red colour meld"), Color.BLACK: N_("black colour meld")}


def wild_meld(kind: MeldKind, cards: Sequence[Card]) -> Meld:
    """A meld of wild cards only (when the rule set asks for no natural card): a set with
    no rank, or a run with no suit and no place, its wilds standing for no card in
    particular."""
    return Meld(
        kind=kind,
        cards=tuple(cards),
        wilds=tuple(WildUse(card, None, None) for card in cards),
        rank=None,
        suit=None,
        low=0,
        high=0,
        positions=(0,) * len(cards),
        wild_indices=tuple(range(len(cards))),
    )


def _guess_wild_indices(meld: Meld) -> tuple[int, ...]:
    """Indices of the wild cards, matched by card in order (for hand-built melds)."""
    found: list[int] = []
    start = 0
    for use in meld.wilds:
        for i in range(start, len(meld.cards)):
            if meld.cards[i] == use.card:
                found.append(i)
                start = i + 1
                break
    return tuple(found)


# --- small pure predicates -------------------------------------------------------------------


def is_wild(card: Card, rules: RuleSet) -> bool:
    """Jokers are always wild; so is every card of a wild rank (2s in deuces-wild games).

    >>> from .presets import LIVERPOOL, DEUCES_SIX
    >>> is_wild(Card.parse("2H"), LIVERPOOL), is_wild(Card.parse("2H"), DEUCES_SIX)
    (False, True)
    """
    return card.rank is None or card.rank in rules.wild_ranks


def can_be_natural(card: Card, rules: RuleSet) -> bool:
    """A card that may stand for itself: any non-wild card, or a wild-rank card when allowed."""
    if card.rank is None:
        return False
    return card.rank not in rules.wild_ranks or rules.wild_can_be_natural


def rank_at(position: int) -> Rank:
    """The rank at a run position: 1 and 14 are both the ace; a run that turns the corner
    goes on with 15 for the 2 and so on.

    >>> rank_at(1), rank_at(14), rank_at(15), rank_at(0)
    (<Rank.ACE: 1>, <Rank.ACE: 1>, <Rank.TWO: 2>, <Rank.KING: 13>)
    """
    return Rank((position - 1) % len(Rank) + 1)


def natural_position(card: Card, ace_high: bool) -> int:
    assert card.rank is not None
    if card.rank == Rank.ACE and ace_high:
        return HIGH_ACE
    return int(card.rank)


def pretty(cards: Sequence[Card]) -> str:
    return _pretty_tuple(tuple(cards))


def codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return _codes_tuple(tuple(cards))


# Every reading the referee tries names the same cards: format each group once.
@lru_cache(maxsize=4096)
def _pretty_tuple(cards: tuple[Card, ...]) -> str:
    return format_cards(cards, pretty=True) if cards else "No cards"


@lru_cache(maxsize=4096)
def _codes_tuple(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def and_list(items: Sequence[str]) -> str:
    return language.and_list(items)


# --- readings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """One way of understanding the cards, with what is wrong under it."""

    kind: MeldKind
    problems: tuple[Problem, ...]
    naturals: int  # cards standing for themselves, including off-rank or off-suit ones
    strays: int  # naturals of another rank (sets) or suit (runs)
    meld: Meld | None
    in_order: bool = False  # the cards were given in this reading's run order

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Fewer problems first, then fewer strays, then more naturals, then the reading that
        matches the order the cards were given in (``2H 3H ... KH AH``: the ace is high)."""
        return (len(self.problems), self.strays, -self.naturals, int(not self.in_order))


def too_few_cards(cards: Sequence[Card], kind: MeldKind, min_length: int) -> Problem:
    noun = kind_word(kind)
    if not cards:
        return Problem(
            "too-few-cards",
            _("No cards: a {kind} needs at least {least}.").format(kind=noun, least=min_length),
        )
    return Problem(
        "too-few-cards",
        _("{cards} is too few cards for a {kind}: a {kind} needs at least {least}.").format(
            cards=pretty(cards), kind=noun, least=min_length
        ),
        cards=codes(cards),
    )


def natural_count_problems(
    cards: Sequence[Card],
    kind: MeldKind,
    naturals: int,
    wilds: int,
    rules: RuleSet,
    *,
    short: bool,
) -> list[Problem]:
    """Minimum naturals and, if the house rules say so, no more wilds than naturals and no
    more wilds in one meld than the cap (``wilds_per_meld``, when going down).

    ``7H JK JK`` has one natural: too few for a set, which needs two.
    """
    problems: list[Problem] = []
    least = rules.min_naturals_for(kind)
    noun = kind_word(kind)
    shown = pretty(cards)
    if not cards:
        return problems
    if naturals == 0 and least > 0:
        message = ngettext(
            "{cards} is all wild cards: a {kind} needs at least {count} natural card to say "
            "what it is.",
            "{cards} is all wild cards: a {kind} needs at least {count} natural cards to say "
            "what it is.",
            least,
        )
        problems.append(
            Problem(
                "no-naturals",
                message.format(cards=shown, kind=noun, count=least),
                cards=codes(cards),
            )
        )
        return problems
    if naturals < least and not (short and wilds == 0):  # 8H 9H: "too few cards" says it all
        message = ngettext(
            "{cards} has only {count} natural card: a {kind} needs at least {least}.",
            "{cards} has only {count} natural cards: a {kind} needs at least {least}.",
            naturals,
        )
        problems.append(
            Problem(
                "too-few-naturals",
                message.format(cards=shown, count=naturals, kind=noun, least=least),
                cards=codes(cards),
            )
        )
    cap = rules.wilds_per_meld
    if cap is not None and wilds > cap:
        problems.append(
            Problem(
                "too-many-wilds-in-meld", _wild_cap_sentence(shown, wilds, cap), cards=codes(cards)
            )
        )
    if rules.wilds_at_most_naturals and wilds > naturals:
        problems.append(
            Problem(
                "too-many-wilds",
                _(
                    "{cards} has more wild cards ({wilds}) than natural cards ({naturals}): "
                    "wild cards may not outnumber natural ones."
                ).format(cards=shown, wilds=wilds, naturals=naturals),
                cards=codes(cards),
            )
        )
    return problems


def _wild_cap_sentence(cards: str, wilds: int, cap: int) -> str:
    """``cards`` hold ``wilds`` wild cards, more than the ``cap`` a meld going down may."""
    held = ngettext("{count} wild card", "{count} wild cards", wilds).format(count=wilds)
    if cap == 0:
        return _("{cards} has {held}: a meld going down holds no wild card.").format(
            cards=cards, held=held
        )
    return ngettext(
        "{cards} has {held}: a meld going down holds at most {count} wild card.",
        "{cards} has {held}: a meld going down holds at most {count} wild cards.",
        cap,
    ).format(cards=cards, held=held, count=cap)
