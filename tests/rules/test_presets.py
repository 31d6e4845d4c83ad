"""Rulings for the presets taken from published rule sets, each with a worked hand.

- ``shanghai``: the Shanghai Rummy page of the Rummy Rule Book website: ten rounds of eleven
  cards, a buy limit of 3 (4 in the last two rounds), limits on jokers in a meld, number cards
  worth 5.
- ``may-i``: "Onze", a "May I?" game: jokers and 2s wild, never more wild cards than natural
  ones in a meld, at most 3 "May I?"s a round, thirteen cards in the last round.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS, arrange, format_cards, parse_cards
from scorekeeper.rules.contract import check_contract
from scorekeeper.rules.melds import is_run, is_set, meld_problems
from scorekeeper.rules.scoring import hand_points
from scorekeeper.rules.table import deck_plan, joker_swap, layoff

SHANGHAI = PRESETS["shanghai"]
MAY_I = PRESETS["may-i"]


def melds_of(rules_id: str, round_number: int, hand: str) -> list[str]:
    result = arrange(PRESETS[rules_id], round_number, parse_cards(hand))
    assert result.possible, result.reason
    return [format_cards(m.cards) for m in result.melds]


# --- Shanghai Rummy -----------------------------------------------------------------------------


def test_shanghai_has_ten_rounds_of_eleven_cards() -> None:
    contracts = [spec.contract.describe() for spec in SHANGHAI.rounds]
    assert contracts == [
        "2 sets",
        "1 set and 1 run",
        "2 runs",
        "3 sets",
        "1 set and 1 run of 7",
        "2 sets and 1 run of 5",
        "3 runs",
        "1 set and 1 run of 10",
        "3 sets and 1 run of 5",
        "3 runs of 5",
    ]
    assert {spec.cards_dealt for spec in SHANGHAI.rounds} == {11}
    assert [spec.buy_limit for spec in SHANGHAI.rounds] == [3] * 8 + [4, 4]
    assert not any(spec.all_out for spec in SHANGHAI.rounds)
    assert "rummyrulebook.com" in SHANGHAI.summary


def test_shanghai_round_8_a_set_and_a_run_of_ten() -> None:
    """Worked hand, round 8: fourteen cards after two buys and a draw. The jokers fill the
    set's third card and the 8♥ of the run of ten; the K♦ is left to discard."""
    hand = "9C 9D JK 3H 4H 5H 6H 7H JK 9H 10H JH QH KD"
    melds = melds_of("shanghai", 8, hand)
    assert sorted(melds, key=len) == ["9D 9C JK", "3H 4H 5H 6H 7H JK 9H 10H JH QH"]
    laid = [parse_cards(m) for m in melds]
    assert check_contract(SHANGHAI, 8, laid, parse_cards("KD")).legal
    # A run of nine is one card short of the contract.
    short = check_contract(SHANGHAI, 8, [laid[0], parse_cards("3H 4H 5H 6H 7H JK 9H 10H JH")])
    assert not short.legal


def test_shanghai_wild_cards_never_outnumber_natural_ones() -> None:
    """The page limits jokers by meld length (1 in a run of 4, 3 in a run of 7); never more
    wilds than naturals is the nearest rule the options give."""
    assert is_run(parse_cards("5S 6S JK 8S"), SHANGHAI)
    assert not is_run(parse_cards("5S JK JK 8S"), SHANGHAI)  # 2 wilds need 3 naturals
    assert is_run(parse_cards("5S 6S JK 8S JK 10S JK"), SHANGHAI)
    codes = [p.code for p in meld_problems(parse_cards("5S JK JK JK 9S 10S JK"), SHANGHAI)]
    assert "too-many-wilds" in codes


def test_shanghai_scoring_and_decks() -> None:
    """Number cards 5 each, faces 10, aces and jokers 15; one joker fewer than the players."""
    left = parse_cards("KD QD 7S 10C JK AH")
    assert hand_points(left, SHANGHAI.point_table) == 10 + 10 + 5 + 5 + 15 + 15
    plan = deck_plan(SHANGHAI, 5)
    assert (plan.decks, plan.jokers) == (3, 4)
    with pytest.raises(ValueError, match="3 to 8 players"):
        deck_plan(SHANGHAI, 2)


# --- May I? (Onze) ------------------------------------------------------------------------------


def test_may_i_rounds_and_buys() -> None:
    assert [spec.cards_dealt for spec in MAY_I.rounds] == [11] * 6 + [13]
    assert {spec.buy_limit for spec in MAY_I.rounds} == {3}
    assert MAY_I.describe_wilds() == "jokers and twos are wild"
    assert "thebearknowsbest.com" in MAY_I.summary


def test_may_i_twos_and_jokers_are_wild_but_never_outnumber_naturals() -> None:
    """A run of four may hold two wild cards, a set of three one."""
    assert is_run(parse_cards("4S 2C JK 7S"), MAY_I)
    assert is_set(parse_cards("9H 9C 2D"), MAY_I)
    assert not is_set(parse_cards("9H 2C JK"), MAY_I)
    assert not is_run(parse_cards("4S 2C JK JK 8S"), MAY_I)


def test_may_i_round_3_two_runs_with_wild_twos() -> None:
    """Worked hand, round 3 (two runs): the 2s and the joker fill the gaps of both runs and
    the 5♣ 5♥ Q♠ stay in hand; the cards left cost 5 + 5 + 10."""
    melds = melds_of("may-i", 3, "4S 2C JK 7S 8D 9D 2H JK 5C 5H QS")
    for meld in melds:
        assert is_run(parse_cards(meld), MAY_I)
    used = sorted(card for meld in melds for card in meld.split())
    assert "QS" not in used and "5C" not in used
    assert hand_points(parse_cards("5C 5H QS"), MAY_I.point_table) == 20


def test_may_i_swap_and_layoff() -> None:
    """A natural card frees the 2 standing in a run; a wild may not be laid off on a run
    where wilds would then outnumber naturals."""
    swap = joker_swap(parse_cards("4S 2C 6S 7S"), parse_cards("5S")[0], MAY_I)
    assert swap.allowed and swap.joker_index == 1
    on_run = layoff(parse_cards("4S JK JK 7S"), parse_cards("2D")[0], MAY_I)
    assert not on_run.fits
