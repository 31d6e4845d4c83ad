"""Cards and the card notation (scorekeeper.rules.cards)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import (
    FULL_DECK,
    JOKER,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    sort_cards,
)
from scorekeeper.rules.errors import CardParseError, RulesError

cards = st.one_of(st.just(JOKER), st.sampled_from(FULL_DECK))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7h", "7H"),
        ("7H", "7H"),
        ("10♥", "10H"),
        ("th", "10H"),
        ("T♠", "10S"),
        ("qs", "QS"),
        ("a♦", "AD"),
        ("K♣", "KC"),
        ("jk", "JK"),
        ("JOKER", "JK"),
        ("joker", "JK"),
        ("★", "JK"),
        (" 2c ", "2C"),
        ("9♡", "9H"),
    ],
)
def test_card_parse_accepts_every_spelling(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1X", "the suit must be one of S H D C"),
        ("1H", "the rank must be one of"),
        ("ZZ", "expected a rank"),
        ("", "empty string"),
        ("7", "expected a rank"),
        ("7HH", "the suit must be one of"),
        ("11H", "the suit must be one of"),
    ],
)
def test_card_parse_rejects_with_a_reason(text: str, fragment: str) -> None:
    with pytest.raises(CardParseError, match=fragment) as caught:
        Card.parse(text)
    assert caught.value.code == "bad-card"


def test_parse_cards_takes_spaces_commas_and_lists() -> None:
    expected = (Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.CLUBS), JOKER)
    assert parse_cards("7h, 7c jk") == expected
    assert parse_cards("7h;7c,,jk") == expected
    assert parse_cards(["7h", "7c jk"]) == expected
    assert parse_cards("") == ()
    assert parse_cards("  ") == ()


def test_parse_cards_rejects_non_text_items() -> None:
    with pytest.raises(CardParseError, match="written as text"):
        parse_cards([7])  # type: ignore[list-item]


def test_long_garbage_is_shortened_in_the_message() -> None:
    with pytest.raises(CardParseError) as caught:
        Card.parse("X" * 200)
    assert "…" in caught.value.message
    assert len(caught.value.message) < 200


def test_pretty_and_format() -> None:
    assert Card.parse("10h").pretty == "10♥"
    assert JOKER.pretty == "Joker"
    assert format_cards(parse_cards("10♥ J♥ Q♥ K♥")) == "10H JH QH KH"
    assert format_cards(parse_cards("10h jk"), pretty=True) == "10♥ Joker"
    assert repr(Card.parse("AS")) == "Card.parse('AS')"


def test_cards_are_values_and_duplicates_are_kept() -> None:
    assert Card.parse("7h") == Card.parse("7♥")
    assert parse_cards("7h 7h") == (Card.parse("7H"),) * 2
    assert Card.joker() is JOKER
    assert JOKER.is_joker and not Card.parse("7H").is_joker


def test_a_card_has_rank_and_suit_or_neither() -> None:
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.ACE, None)


def test_sort_cards_orders_by_suit_then_rank_jokers_last() -> None:
    shuffled = parse_cards("JK 3C KS AH 2S")
    assert format_cards(sort_cards(shuffled)) == "2S KS AH 3C JK"


def test_full_deck() -> None:
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52


def test_rank_and_suit_words() -> None:
    assert Rank.parse("t") is Rank.TEN
    assert Rank.SEVEN.noun == "sevens"
    assert Rank.ACE.label == "A"
    assert Suit.HEARTS.symbol == "♥" and Suit.HEARTS.is_red and not Suit.CLUBS.is_red
    with pytest.raises(CardParseError, match="is not a rank"):
        Rank.parse("X")


@given(st.lists(cards, max_size=30))
def test_format_then_parse_round_trips(hand: list[Card]) -> None:
    assert parse_cards(format_cards(hand)) == tuple(hand)
    assert parse_cards(format_cards(hand, pretty=True)) == tuple(hand)


@given(st.text())
def test_parse_cards_on_any_text_raises_only_card_parse_errors(text: str) -> None:
    try:
        result = parse_cards(text)
    except CardParseError as error:
        assert isinstance(error, RulesError)
        assert error.message
    else:
        assert all(isinstance(c, Card) for c in result)
