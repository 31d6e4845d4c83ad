"""Table-play options, each with a worked hand: the wild-card limit on lay-offs, which wild
cards a joker swap takes back, and choosing the end of a run a card is laid off on."""

from __future__ import annotations

import pytest

from scorekeeper.rules import OPTIONS, PRESETS, Card, RuleSetError, parse_cards
from scorekeeper.rules.options import option_values, with_options
from scorekeeper.rules.table import joker_swap, layoff, liverpool_check

LIMITED = with_options(PRESETS["liverpool"], {"wilds_at_most_naturals": True})
DEUCES = with_options(PRESETS["liverpool"], {"deuces_wild": True})


def card(text: str) -> Card:
    return Card.parse(text)


# --- "wilds may not outnumber naturals": lay-offs too, or only going down ----------------------


def test_the_wild_limit_applies_to_lay_offs_by_default() -> None:
    """Worked hand: 7♥ 7♣ Joker is on the table (one wild, two naturals). A second joker
    would make two wilds to two naturals, still allowed; a third would outnumber them."""
    assert PRESETS["liverpool"].wild_limit_on_layoffs is True
    second = layoff(parse_cards("7H 7C JK"), card("JK"), LIMITED)
    assert second.fits
    third = layoff(parse_cards("7H 7C JK JK"), card("JK"), LIMITED)
    assert not third.fits
    assert "wild" in third.reason.lower()


def test_only_when_going_down_lets_a_lay_off_tip_the_balance() -> None:
    rules = with_options(LIMITED, {"wild_limit_on_layoffs": False})
    third = layoff(parse_cards("7H 7C JK JK"), card("JK"), rules)
    assert third.fits and third.position == "set"
    # The meld that results is judged by the same rules when the next card comes.
    assert layoff(parse_cards("7H 7C JK JK JK"), card("7S"), rules).fits
    assert not layoff(parse_cards("7H 7C JK JK JK"), card("7S"), LIMITED).fits
    # A run too, where a run needs only two naturals: 5♠ 6♠ Joker Joker takes a third joker.
    two = {"run_min_naturals": 2}
    run = parse_cards("5S 6S JK JK")
    assert layoff(run, card("JK"), with_options(rules, two)).fits
    assert not layoff(run, card("JK"), with_options(LIMITED, two)).fits


def test_a_discard_is_a_liverpool_under_the_same_rule() -> None:
    rules = with_options(LIMITED, {"wild_limit_on_layoffs": False})
    table = [parse_cards("7H 7C JK JK")]
    assert liverpool_check(table, card("JK"), rules).playable
    assert not liverpool_check(table, card("JK"), LIMITED).playable


# --- which wild cards a joker swap takes back ---------------------------------------------------


def test_every_wild_may_be_taken_back_by_default() -> None:
    """Worked hand: 8♣ 2♦ 10♣ J♣ with 2s wild; the 9♣ takes the 2♦'s place."""
    swap = joker_swap(parse_cards("8C 2D 10C JC"), card("9C"), DEUCES)
    assert swap.allowed and swap.joker_index == 1


def test_jokers_only_leaves_a_wild_two_where_it_is() -> None:
    rules = with_options(DEUCES, {"swap_wilds": "jokers-only"})
    refused = joker_swap(parse_cards("8C 2D 10C JC"), card("9C"), rules)
    assert not refused.allowed
    assert refused.reason == (
        "Under these rules only a joker can be taken back, and the run 8♣-J♣ holds none."
    )
    # With a joker and a wild 2 in the run, only the joker can be freed.
    mixed = parse_cards("8C 2D 10C JK QC")
    assert joker_swap(mixed, card("JC"), rules).joker_index == 3
    wrong = joker_swap(mixed, card("9C"), rules)
    assert not wrong.allowed
    assert "is not what a joker in the run" in wrong.reason
    assert "the Joker stands for J♣" in wrong.reason
    assert "2♦" not in wrong.reason


# --- choosing the end of a run ------------------------------------------------------------------


def test_a_wild_that_fits_at_both_ends_says_so_and_goes_high_by_default() -> None:
    """Worked hand: a joker on 5♥ 6♥ 7♥ 8♥ could stand for 4♥ or 9♥."""
    run = parse_cards("5H 6H 7H 8H")
    result = layoff(run, card("JK"), PRESETS["liverpool"])
    assert result.ends == ("high", "low")
    assert result.position == "high" and result.stands_for == "9H"
    assert result.reason == (
        "Joker goes on the high end of the run 5♥-8♥, standing for 9♥. "
        "It could go on the low end instead."
    )
    low = layoff(run, card("JK"), PRESETS["liverpool"], "low")
    assert low.fits and low.position == "low" and low.stands_for == "4H"
    assert low.meld is not None and str(low.meld.ordered()[0]) == "JK"


def test_a_natural_card_fits_one_end_only() -> None:
    result = layoff(parse_cards("5H 6H 7H 8H"), card("9H"), PRESETS["liverpool"], "low")
    assert not result.fits
    assert result.ends == ("high",)
    assert result.reason == "9♥ does not go on the low end of the run 5♥-8♥: only on the high end."


def test_a_run_ending_with_the_high_ace_takes_a_wild_low() -> None:
    result = layoff(parse_cards("JS QS KS AS"), card("JK"), PRESETS["liverpool"])
    assert result.ends == ("low",) and result.position == "low"


# --- the options themselves ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "bad"),
    [("swap_wilds", "twos-only"), ("wild_limit_on_layoffs", "yes"), ("buy_penalty_cards", 9)],
)
def test_options_are_validated(name: str, bad: object) -> None:
    assert OPTIONS[name].doc
    with pytest.raises(RuleSetError, match=name):
        with_options(PRESETS["liverpool"], {name: bad})


def test_defaults_keep_todays_behaviour() -> None:
    # Perla's Carioca: a card "stolen" out of turn comes with no penalty card (its source).
    no_penalty_card = {"carioca-english"}
    for rules in PRESETS.values():
        assert option_values(rules)["swap_wilds"] == "any-wild"
        assert option_values(rules)["wild_limit_on_layoffs"] is True
        penalty_cards = 0 if rules.id in no_penalty_card else 1
        assert option_values(rules)["buy_penalty_cards"] == penalty_cards


# --- melds of wild cards only ------------------------------------------------------------------

WILD_ONLY = with_options(PRESETS["liverpool"], {"set_min_naturals": 0, "run_min_naturals": 0})


def test_a_wild_goes_on_a_meld_of_wild_cards_and_keeps_it_wild() -> None:
    on_set = layoff(parse_cards("JK JK JK"), card("JK"), WILD_ONLY)
    assert (on_set.fits, on_set.position, on_set.stands_for) == (True, "set", "any")
    assert on_set.reason == "Joker goes on the set of wild cards."
    on_run = layoff(parse_cards("JK JK JK JK"), card("JK"), with_options(WILD_ONLY,
        {"set_min_naturals": 2}))  # fmt: skip
    assert on_run.fits and on_run.meld is not None and on_run.meld.describe() == "run of wild cards"
    assert on_run.reason == "Joker goes on the run of wild cards."


def test_a_natural_card_gives_a_set_of_wild_cards_its_rank() -> None:
    result = layoff(parse_cards("JK JK JK"), card("7H"), WILD_ONLY)
    assert result.fits and result.stands_for is None and result.meld is not None
    assert result.meld.describe() == "set of sevens"
    assert result.reason == "7♥ goes on the set of wild cards, which becomes a set of sevens."


def test_a_natural_card_gives_a_run_of_wild_cards_its_suit_and_place() -> None:
    """Worked hand: 7♥ on four jokers (a run of wild cards, where runs need no natural card
    and sets need two). At the high end the jokers stand for 3♥-6♥, at the low end for
    8♥-J♥; a card that only fits one end says so."""
    rules = with_options(WILD_ONLY, {"set_min_naturals": 2})
    run = parse_cards("JK JK JK JK")
    high = layoff(run, card("7H"), rules)
    assert (high.fits, high.position, high.ends) == (True, "high", ("high", "low"))
    assert high.meld is not None and high.meld.describe() == "run 3♥-7♥"
    assert high.reason == (
        "7♥ goes on the high end of the run of wild cards, which becomes the run 3♥-7♥. "
        "It could go on the low end instead."
    )
    low = layoff(run, card("7H"), rules, "low")
    assert low.meld is not None and low.meld.describe() == "run 7♥-J♥"
    queen = layoff(run, card("QH"), rules)
    assert queen.ends == ("high",) and queen.meld is not None
    assert queen.meld.describe() == "run 8♥-Q♥"
    refused = layoff(run, card("QH"), rules, "low")
    assert not refused.fits and refused.reason.endswith("only on the high end.")
    assert liverpool_check([run], card("5C"), rules).playable


def test_a_full_run_of_wild_cards_takes_nothing_more() -> None:
    """(Where sets too may be wild cards only, thirteen jokers on the table read as a set.)"""
    full = parse_cards("JK " * 13)
    result = layoff(full, card("7H"), with_options(WILD_ONLY, {"set_min_naturals": 2}))
    assert not result.fits
    assert result.reason == "The run of wild cards is complete: a run holds at most 13 cards."


def test_no_swap_takes_a_wild_from_a_meld_of_wild_cards() -> None:
    swap = joker_swap(parse_cards("JK JK JK JK"), card("7H"), with_options(WILD_ONLY,
        {"set_min_naturals": 2}))  # fmt: skip
    assert not swap.allowed
    assert swap.reason == (
        "The run of wild cards stands for no card in particular, so no natural card can take "
        "the place of one of its wild cards."
    )
