"""Reading cards as a colour meld or a flush: cards of one colour, or of one suit, any ranks.

Terms:

- A **colour meld** is cards of one colour (hearts and diamonds red, spades and clubs
  black), a **flush** cards of one suit; both in any ranks and any order, the same card
  twice where several decks are shuffled together (ten-phase's "7 cards of one colour").
- A wild card stands for a card of the meld's colour (a flush: its suit), no more: what a
  natural card may take its place is any card of that colour or suit (:mod:`.table`).
- Card counts follow the rule set: the fewest natural cards (``color_min_naturals``,
  ``flush_min_naturals``), wilds never outnumbering naturals where that rule holds, and the
  most wild cards in a meld going down (``wilds_per_meld``).

A worked hand, the ten-phase preset's phase 8 (a flush of 7, kings wild):

>>> from .cards import parse_cards
>>> from .presets import TEN_PHASE
>>> meld = best(flush_readings(parse_cards("2H 5H 5H 9H QH KS JH"), TEN_PHASE, 7)).meld
>>> meld.describe(), [w.stands_for for w in meld.wilds]
('flush of hearts', ['H'])
>>> for p in best(flush_readings(parse_cards("2H 5H 5D 9H QH KS JH"), TEN_PHASE, 7)).problems:
...     print(p.code, "|", p.message)
mixed-suits | 2♥ 5♥ 5♦ 9♥ Q♥ K♠ J♥ mixes suits: a flush is cards of one suit, and 5♦ is not a heart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .budget import StepBudget, current, reading_cost
from .cards import Card, Color, Suit
from .errors import Problem
from .language import ngettext
from .meld_model import (
    Meld,
    Reading,
    WildUse,
    can_be_natural,
    codes,
    natural_count_problems,
    pretty,
    too_few_cards,
    wild_meld,
)
from .rulesets import MeldKind, RuleSet


def _read(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind,
    suit: Suit | None,
    color: Color | None,
    min_length: int,
) -> Reading:
    """The cards read as a flush of ``suit`` or a colour meld of ``color`` (neither given:
    wild cards only)."""
    wanted = {suit} if suit is not None else set(color.suits) if color is not None else set()
    naturals: list[int] = []
    wilds: list[int] = []
    strays: list[int] = []
    for i, card in enumerate(cards):
        if not can_be_natural(card, rules):
            wilds.append(i)
        elif card.suit in wanted:
            naturals.append(i)  # a card of a wild rank of the meld's suit stands for itself
        elif card.rank in rules.wild_ranks:
            wilds.append(i)
        else:
            strays.append(i)
    short = len(cards) < min_length
    problems = [
        *([too_few_cards(cards, kind, min_length)] if short else []),
        *_stray_problems(cards, strays, kind, suit, color),
        *natural_count_problems(
            cards, kind, len(naturals) + len(strays), len(wilds), rules, short=short
        ),
    ]
    meld = None
    if not problems:
        meld = (
            wild_meld(kind, cards)
            if not naturals
            else Meld(
                kind=kind,
                cards=tuple(cards),
                wilds=tuple(WildUse(cards[i], None, suit, color=color) for i in wilds),
                rank=None,
                suit=suit,
                low=0,
                high=0,
                positions=(0,) * len(cards),
                wild_indices=tuple(wilds),
                color=color,
            )
        )
    return Reading(kind, tuple(problems), len(naturals) + len(strays), len(strays), meld)


def _stray_problems(
    cards: Sequence[Card],
    strays: list[int],
    kind: MeldKind,
    suit: Suit | None,
    color: Color | None,
) -> list[Problem]:
    if not strays:
        return []
    odd = [cards[i] for i in strays]
    if suit is not None:
        message = ngettext(
            "{cards} mixes suits: a flush is cards of one suit, and {odd} is not {suit}.",
            "{cards} mixes suits: a flush is cards of one suit, and {odd} are not {suit}.",
            len(odd),
        ).format(
            cards=pretty(cards), odd=pretty(odd), suit=suit.one if len(odd) == 1 else suit.noun
        )
        return [Problem("mixed-suits", message, cards=codes(odd))]
    assert color is not None
    if color is Color.RED:
        message = ngettext(
            "{cards} mixes colours: a colour meld is cards of one colour, and {odd} is not red.",
            "{cards} mixes colours: a colour meld is cards of one colour, and {odd} are not red.",
            len(odd),
        )
    else:
        message = ngettext(
            "{cards} mixes colours: a colour meld is cards of one colour, and {odd} is not black.",
            "{cards} mixes colours: a colour meld is cards of one colour, and {odd} are not black.",
            len(odd),
        )
    message = message.format(cards=pretty(cards), odd=pretty(odd))
    return [Problem("mixed-colors", message, cards=codes(odd))]


def _natural_suits(cards: Iterable[Card], rules: RuleSet) -> list[Suit]:
    found: list[Suit] = []
    for card in cards:
        if card.suit is not None and can_be_natural(card, rules) and card.suit not in found:
            found.append(card.suit)
    return found


def flush_readings(
    cards: Sequence[Card], rules: RuleSet, min_length: int, budget: StepBudget | None = None
) -> Iterator[Reading]:
    """Every reading of ``cards`` as a flush: one per suit of a natural card (or one of
    wild cards only), each spending from ``budget``."""
    budget = current(budget)
    suits: list[Suit | None] = [*_natural_suits(cards, rules)]
    for suit in suits or [None]:
        budget.spend(reading_cost(len(cards)))
        yield _read(cards, rules, MeldKind.FLUSH, suit, None, min_length)


def color_readings(
    cards: Sequence[Card], rules: RuleSet, min_length: int, budget: StepBudget | None = None
) -> Iterator[Reading]:
    """Every reading of ``cards`` as a colour meld: one per colour of a natural card (or one
    of wild cards only), each spending from ``budget``."""
    budget = current(budget)
    colors: list[Color | None] = []
    for suit in _natural_suits(cards, rules):
        if suit.color not in colors:
            colors.append(suit.color)
    for color in colors or [None]:
        budget.spend(reading_cost(len(cards)))
        yield _read(cards, rules, MeldKind.COLOR, None, color, min_length)


def best(readings: Iterator[Reading]) -> Reading:
    """The closest reading: fewest problems, then fewest strays, then most naturals."""
    return min(readings, key=lambda r: r.key)


__all__ = ["best", "color_readings", "flush_readings"]
