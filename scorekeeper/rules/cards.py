"""Cards and the card notation.

Terms:

- A **card** is a rank and a suit, or a joker. Several decks are shuffled together, so the
  same card can appear more than once in a hand; cards are values, compared by rank and suit.
- **Notation**: ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is accepted for 10), suits
  ``S H D C`` or ``♠ ♥ ♦ ♣``, the joker ``JK`` (also ``JOKER`` and ``★``). Input is
  case-insensitive and separated by spaces or commas. Canonical output is ASCII: ``10H``,
  ``QS``, ``JK``; ``pretty`` gives ``10♥``.

>>> parse_cards("7h, 7c jk")
(Card.parse('7H'), Card.parse('7C'), Card.parse('JK'))
>>> format_cards(parse_cards("10♥ J♥ Q♥ K♥"))
'10H JH QH KH'
>>> parse_cards("1X")
Traceback (most recent call last):
...
scorekeeper.rules.errors.CardParseError: "1X" is not a card: the suit must be one of S H D C
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .errors import CardParseError
from .language import N_, _


class Color(StrEnum):
    """A suit's colour: hearts and diamonds are red, spades and clubs black."""

    RED = "red"
    BLACK = "black"

    @property
    def suits(self) -> tuple[Suit, ...]:
        return tuple(s for s in Suit if s.color == self)


class Suit(StrEnum):
    """A suit, by its one-letter ASCII code."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def color(self) -> Color:
        """Hearts and diamonds are red, spades and clubs black.

        >>> Suit.DIAMONDS.color, Suit.CLUBS.color
        (<Color.RED: 'red'>, <Color.BLACK: 'black'>)
        """
        return Color.RED if self.is_red else Color.BLACK

    @property
    def noun(self) -> str:
        """The suit in words, plural (``spades``), in the current language."""
        return _(_SUIT_NOUNS[self][1])

    @property
    def one(self) -> str:
        """One card of the suit in words (``a spade``), in the current language."""
        return _(_SUIT_NOUNS[self][0])


_SUIT_NOUNS = {
    Suit.SPADES: (N_("a spade"), N_("spades")),
    Suit.HEARTS: (N_("a heart"), N_("hearts")),
    Suit.DIAMONDS: (N_("a diamond"), N_("diamonds")),
    Suit.CLUBS: (N_("a club"), N_("clubs")),
}
# A card in words, for a screen reader ("7 of hearts"; German "Herz 7").
_CARD_WORDS = {
    Suit.SPADES: N_("{rank} of spades"),
    Suit.HEARTS: N_("{rank} of hearts"),
    Suit.DIAMONDS: N_("{rank} of diamonds"),
    Suit.CLUBS: N_("{rank} of clubs"),
}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {v: k for k, v in _SUIT_SYMBOLS.items()}
# Outline symbols people sometimes type for the red suits.
_SUIT_BY_TEXT |= {"♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♧": Suit.CLUBS}


class Rank(IntEnum):
    """A rank, valued 1 (ace, when low) to 13 (king). A high ace is handled by runs."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    @property
    def word(self) -> str:
        """The rank as a card's name says it, in the current language: a word for an ace and
        the faces (``queen``, ``Dame``), the number itself for the others (``7``)."""
        word = _RANK_WORDS.get(self)
        return _(word) if word else self.label

    @property
    def noun(self) -> str:
        """The rank in words, plural (``kings``), in the current language."""
        return _(_RANK_NOUNS[self])

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank named by ``text`` (``A``, ``2``..``10``, ``T``, ``J``, ``Q``, ``K``)."""
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise CardParseError(
                _('"{text}" is not a rank: expected one of A 2 3 4 5 6 7 8 9 10 J Q K').format(
                    text=text
                )
            )
        return rank


_RANK_LABELS = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_NOUNS = {
    Rank.ACE: N_("aces"), Rank.TWO: N_("twos"), Rank.THREE: N_("threes"),
    Rank.FOUR: N_("fours"), Rank.FIVE: N_("fives"), Rank.SIX: N_("sixes"),
    Rank.SEVEN: N_("sevens"), Rank.EIGHT: N_("eights"), Rank.NINE: N_("nines"),
    Rank.TEN: N_("tens"), Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"),
    Rank.KING: N_("kings"),
}  # fmt: skip
# The ranks a card's name says in words (the number cards keep their digits, which every
# screen reader reads in its own language).
_RANK_WORDS = {
    Rank.ACE: N_("ace"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
}
_RANK_BY_TEXT = {label: rank for rank, label in _RANK_LABELS.items()} | {"T": Rank.TEN}
_JOKER_WORDS = {"JK", "JOKER", "★", "☆", "🃏", "JKR"}
_CARD_TOKEN = re.compile(r"^(10|[2-9AJQKT1])(.+)$")
_SEPARATORS = re.compile(r"[\s,;]+")
MAX_TOKEN_SHOWN = 20


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; ``rank`` and ``suit`` are both ``None`` for a joker."""

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @classmethod
    def joker(cls) -> Card:
        return JOKER

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``7h``, ``10♥``, ``TH``, ``JK``.

        >>> Card.parse("th").pretty
        '10♥'
        """
        token = text.strip().upper()
        if token in _JOKER_WORDS:
            return JOKER
        shown = token if len(token) <= MAX_TOKEN_SHOWN else token[:MAX_TOKEN_SHOWN] + "…"
        if not token:
            raise CardParseError(_("an empty string is not a card"))
        match = _CARD_TOKEN.match(token)
        if match is None:
            raise CardParseError(
                _(
                    '"{text}" is not a card: expected a rank (A 2-10 J Q K) followed by a suit '
                    "(S H D C), like 7H or 10♠, or JK for a joker"
                ).format(text=shown)
            )
        rank_text, suit_text = match.groups()
        suit = _SUIT_BY_TEXT.get(suit_text)
        if suit is None:
            raise CardParseError(
                _('"{text}" is not a card: the suit must be one of S H D C').format(text=shown)
            )
        if rank_text == "1":
            raise CardParseError(
                _(
                    '"{text}" is not a card: the rank must be one of A 2 3 4 5 6 7 8 9 10 J Q K'
                ).format(text=shown)
            )
        return Card(_RANK_BY_TEXT[rank_text], suit)

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.label}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """The card as people write it: ``10♥``, ``Joker``."""
        if self.rank is None or self.suit is None:
            return _("Joker")
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Suit order S H D C, then rank; jokers last."""
        if self.rank is None or self.suit is None:
            return (9, 0)
        return (_SUIT_ORDER[self.suit], int(self.rank))


_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}
JOKER = Card(None, None)
FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards from a string (spaces or commas between cards) or from a list of strings.

    Each list item may itself hold several cards. An empty string gives no cards.
    """
    if isinstance(text, str):
        pieces: Iterable[str] = [text]
    else:
        pieces = text
    cards: list[Card] = []
    for piece in pieces:
        if not isinstance(piece, str):
            raise CardParseError(
                _("{value} is not a card: cards are written as text, like 7H").format(
                    value=repr(piece)
                )
            )
        cards.extend(Card.parse(token) for token in _SEPARATORS.split(piece) if token)
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards in canonical notation, space-separated (``pretty`` uses suit symbols)."""
    return " ".join(c.pretty if pretty else str(c) for c in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted by suit (S H D C), then rank, jokers last."""
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def card_words(code: str) -> str:
    """A card (``7H``, ``JK``) in words, in the current language, for a screen reader (the
    card picker's buttons are labelled so): the rank's word, not its letter ("Q of spades"
    read as the letter Q), first letter capital as a label's.

    >>> card_words("10H"), card_words("QS"), card_words("JK")
    ('10 of hearts', 'Queen of spades', 'Joker')
    """
    card = Card.parse(code)
    if card.rank is None or card.suit is None:
        return _("Joker")
    said = _(_CARD_WORDS[card.suit]).format(rank=card.rank.word)
    return said[:1].upper() + said[1:]


def rank_words(label: str) -> str:
    """A rank (``A``, ``7``) as a card's name says it (``ace``, ``7``), in the current language.

    >>> rank_words("Q"), rank_words("10")
    ('queen', '10')
    """
    try:
        return Rank.parse(label).word
    except CardParseError:
        return label  # not a rank: shown as it is
