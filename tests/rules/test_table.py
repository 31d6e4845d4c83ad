"""Table helpers (scorekeeper.rules.table): lay-offs, joker swaps, Liverpool, decks."""

from __future__ import annotations

import pytest

from scorekeeper.rules.cards import Card, format_cards, parse_cards
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.melds import classify
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import (
    CONTRACT_RUMMY,
    DEUCES_SIX,
    FAMILY,
    LIVERPOOL,
    LIVERPOOL_11,
    PRESETS,
)
from scorekeeper.rules.rulesets import JokerSwap, RuleSet
from scorekeeper.rules.table import (
    DeckPlan,
    deck_plan,
    joker_swap,
    layoff,
    liverpool_check,
)

# --- laying off --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "card", "rules", "position", "stands_for", "after"),
    [
        ("3H 4H 5H 6H", "7H", LIVERPOOL, "high", None, "3H 4H 5H 6H 7H"),
        ("3H 4H 5H 6H", "2H", LIVERPOOL, "low", None, "2H 3H 4H 5H 6H"),
        ("3H 4H 5H 6H", "JK", LIVERPOOL, "high", "7H", "3H 4H 5H 6H JK"),
        ("JH QH KH AH", "JK", LIVERPOOL, "low", "10H", "JK JH QH KH AH"),
        ("JH QH KH AH", "10H", LIVERPOOL, "low", None, "10H JH QH KH AH"),
        ("2H 3H 4H 5H", "AH", LIVERPOOL, "low", None, "AH 2H 3H 4H 5H"),
        ("10H JH QH KH", "AH", LIVERPOOL, "high", None, "10H JH QH KH AH"),
        ("8C 9C JK JC", "QC", LIVERPOOL, "high", None, "8C 9C JK JC QC"),
        ("JC JK 8C 9C", "7C", LIVERPOOL, "low", None, "7C 8C 9C JK JC"),
        ("7H 7C JK", "7S", LIVERPOOL, "set", None, "7H 7C JK 7S"),
        ("7H 7C JK", "7H", LIVERPOOL, "set", None, "7H 7C JK 7H"),
        ("7H 7C JK", "JK", LIVERPOOL, "set", "7", "7H 7C JK JK"),
        ("3H 4H 5H 6H", "2C", DEUCES_SIX, "high", "7H", "3H 4H 5H 6H 2C"),
        ("3H 4H 5H 6H", "2H", DEUCES_SIX, "low", None, "2H 3H 4H 5H 6H"),
        ("8H 8C 8S", "8D", DEUCES_SIX, "set", None, "8H 8C 8S 8D"),
        ("8H 8C 8S", "2D", DEUCES_SIX, "set", "8", "8H 8C 8S 2D"),
    ],
)
def test_layoff_fits(
    meld: str,
    card: str,
    rules: RuleSet,
    position: str,
    stands_for: str | None,
    after: str,
) -> None:
    result = layoff(parse_cards(meld), Card.parse(card), rules)
    assert result.fits, result.reason
    assert result.position == position
    assert result.stands_for == stands_for
    assert result.meld is not None
    assert format_cards(result.meld.ordered()) == after


def test_layoff_keeps_wilds_where_they_were() -> None:
    # The joker stands for 10♣; laying off the Q♣ must not move it.
    result = layoff(parse_cards("8C 9C JK JC"), Card.parse("QC"), LIVERPOOL)
    assert result.meld is not None
    assert [w.stands_for for w in result.meld.wilds] == ["10C"]


@pytest.mark.parametrize(
    ("meld", "card", "rules", "reason"),
    [
        ("5H 6H 7H 8H", "10H", LIVERPOOL, "10♥ does not go on the run 5♥-8♥: only 4♥ or 9♥ would."),
        ("5H 6H 7H 8H", "9C", LIVERPOOL, "9♣ is not a heart: it does not go on the run 5♥-8♥."),
        ("5H 6H 7H 8H", "6H", LIVERPOOL, "6♥ is already in the run 5♥-8♥."),
        (
            "8C 9C JK JC",
            "10C",
            LIVERPOOL,
            "10♣ is the card the Joker in the run 8♣-J♣ stands for: swap it for the wild card "
            "instead of laying it off.",
        ),
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "JK",
            LIVERPOOL,
            "The run A♥-K♥ is complete: aces are high or low, not both.",
        ),
        (
            "7H 7C JK",
            "8H",
            LIVERPOOL,
            "8♥ does not go on the set of sevens: only sevens and wild cards do.",
        ),
        (
            "JH QH KH AH",
            "2H",
            LIVERPOOL,
            "2♥ does not go on the run J♥-A♥: only 10♥ would.",
        ),
    ],
)
def test_layoff_refuses_with_a_reason(meld: str, card: str, rules: RuleSet, reason: str) -> None:
    result = layoff(parse_cards(meld), Card.parse(card), rules)
    assert not result.fits
    assert result.meld is None and result.position is None and result.stands_for is None
    assert result.reason == reason


def test_layoff_respects_distinct_suits_and_set_size() -> None:
    assert not layoff(parse_cards("8H 8C 8S"), Card.parse("8H"), DEUCES_SIX).fits
    full = layoff(parse_cards("8H 8C 8S 2D"), Card.parse("8D"), DEUCES_SIX)
    assert not full.fits and "at most 4" in full.reason


def test_layoff_respects_wilds_at_most_naturals() -> None:
    rules = with_options(LIVERPOOL, {"wilds_at_most_naturals": True})
    assert layoff(parse_cards("7H 7C JK JK"), Card.parse("JK"), LIVERPOOL).fits
    assert layoff(parse_cards("7H 7C JK"), Card.parse("JK"), rules).fits
    result = layoff(parse_cards("7H 7C JK JK"), Card.parse("JK"), rules)
    assert not result.fits and "more wild cards" in result.reason


def test_layoff_on_an_illegal_meld() -> None:
    result = layoff(parse_cards("7H 8H"), Card.parse("9H"), LIVERPOOL)
    assert not result.fits
    assert result.reason.startswith("The meld on the table is not legal:")


# --- joker swaps --------------------------------------------------------------------------


SWAPPING = {i: r for i, r in PRESETS.items() if r.joker_swap != JokerSwap.NEVER}


@pytest.mark.parametrize("rules", list(SWAPPING.values()), ids=list(SWAPPING))
def test_a_joker_in_a_run_may_be_swapped(rules: RuleSet) -> None:
    meld, card = parse_cards("8C 9C JK JC"), Card.parse("10C")
    if not rules.uses_jokers:
        meld = parse_cards("8C 9C 2H JC")
    swap = joker_swap(meld, card, rules)
    assert swap.allowed, swap.reason
    assert swap.joker_index == 2
    assert swap.meld is not None and swap.meld.wilds == ()
    assert format_cards(swap.meld.cards) == "8C 9C 10C JC"


def test_swap_names_the_freed_wild() -> None:
    swap = joker_swap(parse_cards("5H 2C 7H 8H"), Card.parse("6H"), DEUCES_SIX)
    assert swap.allowed and swap.joker_index == 1
    assert swap.reason == (
        "6♥ takes the place of the 2♣ standing for 6♥ in the run 5♥-8♥; the 2♣ must be played "
        "this turn."
    )


@pytest.mark.parametrize(
    ("meld", "card", "rules", "allowed", "index"),
    [
        ("AS 2S JK 4S", "3S", LIVERPOOL, True, 2),
        ("AS 2S JK 4S", "3H", LIVERPOOL, False, None),
        ("AS 2S JK 4S", "JK", LIVERPOOL, False, None),
        ("JK QH KH AH", "JH", LIVERPOOL, True, 0),
        ("JH QH KH JK", "AH", LIVERPOOL, True, 3),
        ("3H 4H 5H 6H", "7H", LIVERPOOL, False, None),
        ("7H 7C JK", "7S", LIVERPOOL, False, None),
        ("7H 7C JK", "7S", CONTRACT_RUMMY, False, None),
        ("7H 7C JK", "7S", FAMILY, True, 2),
        ("JK 7H 7C", "7S", FAMILY, True, 0),
        ("7H 7C 7D JK", "7S", FAMILY, False, None),
        ("7H 7C JK", "8S", FAMILY, False, None),
        ("8C 9C JK JC", "10C", with_options(LIVERPOOL, {"joker_swap": "never"}), False, None),
    ],
)
def test_joker_swap(meld: str, card: str, rules: RuleSet, allowed: bool, index: int | None) -> None:
    swap = joker_swap(parse_cards(meld), Card.parse(card), rules)
    assert swap.allowed == allowed, swap.reason
    assert swap.joker_index == index
    assert swap.reason


def test_swap_reasons() -> None:
    dead = joker_swap(parse_cards("7H 7C JK"), Card.parse("7S"), LIVERPOOL)
    assert dead.reason == "A wild card in a set is dead: it cannot be taken."
    later = joker_swap(parse_cards("7H 7C 7D JK"), Card.parse("7S"), FAMILY)
    assert "added after it was laid" in later.reason
    wrong = joker_swap(parse_cards("AS 2S JK 4S"), Card.parse("3H"), LIVERPOOL)
    assert wrong.reason == (
        "3♥ is not what a wild card in the run A♠-4♠ stands for: the Joker stands for 3♠."
    )


# --- Liverpool ----------------------------------------------------------------------------


def test_liverpool_lists_every_place_the_discard_fits() -> None:
    table = [parse_cards("3H 4H 5H 6H"), parse_cards("7S 7C 7D"), parse_cards("8H 9H 10H JH")]
    result = liverpool_check(table, Card.parse("7H"), LIVERPOOL)
    assert result.playable
    assert [(p.meld, p.position) for p in result.where] == [(0, "high"), (1, "set"), (2, "low")]
    joker = liverpool_check(table, Card.parse("JK"), LIVERPOOL)
    assert [p.stands_for for p in joker.where] == ["7H", "7", "QH"]


def test_liverpool_when_the_discard_fits_nowhere() -> None:
    table = [parse_cards("3H 4H 5H 6H"), parse_cards("7S 7C 7D")]
    result = liverpool_check(table, Card.parse("KD"), LIVERPOOL)
    assert not result.playable and result.where == ()
    assert not liverpool_check([], Card.parse("KD"), LIVERPOOL).playable


# --- decks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "plan"),
    [
        (LIVERPOOL, 5, DeckPlan(2, 4, 108)),
        (LIVERPOOL, 6, DeckPlan(3, 6, 162)),
        (LIVERPOOL_11, 4, DeckPlan(2, 4, 108)),
        (LIVERPOOL_11, 5, DeckPlan(3, 6, 162)),
        (CONTRACT_RUMMY, 3, DeckPlan(2, 2, 106)),
        (CONTRACT_RUMMY, 5, DeckPlan(3, 4, 160)),
        (DEUCES_SIX, 4, DeckPlan(2, 0, 104)),
        (DEUCES_SIX, 6, DeckPlan(3, 0, 156)),
        (FAMILY, 4, DeckPlan(2, 4, 108)),
        (FAMILY, 6, DeckPlan(3, 6, 162)),
        (FAMILY, 8, DeckPlan(4, 8, 216)),
    ],
)
def test_deck_plan(rules: RuleSet, players: int, plan: DeckPlan) -> None:
    assert deck_plan(rules, players) == plan


def test_deck_plan_rejects_impossible_player_counts() -> None:
    with pytest.raises(RuleSetError, match="3 to 8 players"):
        deck_plan(FAMILY, 2)
    with pytest.raises(RuleSetError):
        deck_plan(LIVERPOOL, 9)


def test_classify_of_a_layoff_result_is_the_same_meld() -> None:
    result = layoff(parse_cards("8C 9C JK JC"), Card.parse("7C"), LIVERPOOL)
    assert result.meld is not None
    again = classify(result.meld.ordered(), LIVERPOOL)
    assert again is not None and (again.low, again.high) == (7, 11)
