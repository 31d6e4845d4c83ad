"""Scores beyond the cards left in hand, and what a round may hold (issue 35, §2 and §3):
the one-turn bonus, points per card bought, Skips, the buys a round's rules allow, and the
presets that need them (Continental, both Cariocas, Shanghai (Finland), Phase 10's even and
odd variants)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.cards import Card, parse_cards
from scorekeeper.rules.errors import RuleSetError, RuleViolation
from scorekeeper.rules.melds import check_meld, meld_problems
from scorekeeper.rules.options import option_values, with_options
from scorekeeper.rules.presets import (
    CARIOCA,
    CARIOCA_ENGLISH,
    CONTINENTAL,
    FAMILY,
    LIVERPOOL,
    PRESETS,
    ROMMI,
    SHANGHAI,
    TEN_PHASE,
    TEN_PHASE_EVEN,
    TEN_PHASE_ODD,
    get_preset,
)
from scorekeeper.rules.rulesets import Aces, RuleSet
from scorekeeper.rules.scoring import PlayerResult, score_round

OUT = PlayerResult(went_out=True)
ONE_TURN = PlayerResult(went_out=True, down_and_out=True)


def scored(rules: RuleSet, *results: PlayerResult, number: int = 1) -> tuple[int, ...]:
    return score_round(rules, number, results, first_dealer=0).points


def refused(rules: RuleSet, *results: PlayerResult, number: int = 1) -> list[str]:
    with pytest.raises(RuleViolation) as caught:
        score_round(rules, number, results, first_dealer=0)
    return [p.code for p in caught.value.problems]


# --- down and out in one turn ------------------------------------------------------------------


def test_one_turn_bonus_is_an_option_of_zero_or_less() -> None:
    assert option_values(LIVERPOOL)["one_turn_bonus"] == 0
    assert with_options(LIVERPOOL, {"one_turn_bonus": -20}).one_turn_bonus == -20
    with pytest.raises(RuleSetError, match="one_turn_bonus"):
        with_options(LIVERPOOL, {"one_turn_bonus": 10})


def test_continental_and_carioca_score_going_down_and_out_at_once() -> None:
    assert (CONTINENTAL.one_turn_bonus, CARIOCA.one_turn_bonus) == (-10, -10)
    assert scored(CONTINENTAL, ONE_TURN, PlayerResult(points=35)) == (-10, 35)
    assert scored(CARIOCA_ENGLISH, PlayerResult(points=12), ONE_TURN) == (12, -30)
    assert scored(CONTINENTAL, OUT, PlayerResult(points=35)) == (0, 35)


def test_down_and_out_only_for_the_player_who_went_out() -> None:
    late = PlayerResult(points=20, down_and_out=True)
    assert refused(CONTINENTAL, OUT, late) == ["down-and-out-not-out"]


def test_down_and_out_refused_where_the_rules_score_nothing_for_it() -> None:
    assert refused(LIVERPOOL, ONE_TURN, PlayerResult(points=20)) == ["no-one-turn-bonus"]


# --- points per card bought ---------------------------------------------------------------------


def test_buy_points_added_for_each_card_bought() -> None:
    assert CARIOCA_ENGLISH.buy_points == 2
    assert with_options(LIVERPOOL, {"buy_points": 5}).buy_points == 5
    assert scored(CARIOCA_ENGLISH, PlayerResult(went_out=True, bought=1),
                  PlayerResult(points=20, bought=3)) == (2, 26)  # fmt: skip
    assert scored(LIVERPOOL, OUT, PlayerResult(points=20, bought=3)) == (0, 20)


# --- Skips ---------------------------------------------------------------------------------------


def test_jokers_as_skips_deals_jokers_worth_fifteen() -> None:
    skips = with_options(TEN_PHASE, {"jokers_as_skips": True})
    assert not TEN_PHASE.uses_jokers and skips.uses_jokers
    assert scored(skips, OUT, PlayerResult(cards=parse_cards("JK JK 7C"))) == (0, 35)
    assert TEN_PHASE.point_table.joker == 25  # the table's joker is not a Skip's value


def test_skips_are_never_wild_nor_melded() -> None:
    skips = with_options(TEN_PHASE, {"jokers_as_skips": True})
    assert check_meld(parse_cards("7H 7C KS"), skips).describe()  # kings stay wild
    assert [p.code for p in meld_problems(parse_cards("7H 7C JK"), skips)] == ["skip-in-meld"]


def test_the_arranger_never_melds_a_skip() -> None:
    skips = with_options(TEN_PHASE, {"jokers_as_skips": True})
    hand = parse_cards("7H 7C JK 8H 8C JK 2S 3S 4D 9C 10C")
    assert not arrange(skips, 1, hand).possible  # two pairs and two Skips: no two sets
    found = arrange(skips, 1, parse_cards("7H 7C 7D 8H 8C 8S JK 2S"))
    assert found.possible and Card.parse("JK") in found.leftover
    assert all(not c.is_joker for m in found.melds for c in m.cards)


# --- Continental's escaleras --------------------------------------------------------------------


def test_continental_escalera_with_jokers_apart_is_legal() -> None:
    """Spanish Wikipedia's Continental forbids only two jokers side by side."""
    assert check_meld(parse_cards("5S JK 7S JK"), CONTINENTAL).describe() == "run 5♠-8♠"
    assert meld_problems(parse_cards("5S JK JK 8S"), CONTINENTAL)


# --- the presets ---------------------------------------------------------------------------------


def test_perlas_carioca() -> None:
    rules = CARIOCA_ENGLISH
    assert [r.cards_dealt for r in rules.rounds] == [11] * 7 + [13]
    assert [r.all_out for r in rules.rounds] == [False] * 7 + [True]
    assert rules.aces == Aces.LOW_OR_HIGH
    assert meld_problems(parse_cards("KH AH 2H 3H"), rules)  # never turns the corner
    assert (rules.cut_bonus, rules.buy_points, rules.one_turn_bonus) == (-10, 2, -30)
    assert "https://en.wikipedia.org/wiki/Carioca_(card_game)" in rules.summary


def test_rommi_is_shanghai_finland_by_its_old_id() -> None:
    assert get_preset("rommi") is ROMMI
    assert ROMMI.name == "Shanghai (Finland)"
    assert dict(ROMMI.names) == {"es": "Shanghai (Finlandia)", "de": "Shanghai (Finnland)"}
    assert all("Rommi" not in r.name for r in PRESETS.values())


def test_phase_ten_even_and_odd_phases_only() -> None:
    def described(rules: RuleSet) -> list[str]:
        return [r.contract.describe() for r in rules.rounds]

    every = described(TEN_PHASE)
    assert described(TEN_PHASE_EVEN) == every[1::2]
    assert described(TEN_PHASE_ODD) == every[0::2]
    assert TEN_PHASE_EVEN.phased and TEN_PHASE_ODD.phased


# --- §3: what a round may hold -------------------------------------------------------------------


@pytest.mark.parametrize("rules", [TEN_PHASE, CARIOCA], ids=["ten-phase", "carioca"])
def test_no_buying_in_games_without_it(rules: RuleSet) -> None:
    assert refused(rules, OUT, PlayerResult(points=20, bought=1)) == ["no-buying"]


def test_no_buying_in_a_round_without_it() -> None:
    assert refused(FAMILY, OUT, PlayerResult(points=20, bought=1), number=1) == ["no-buying"]
    assert scored(FAMILY, OUT, PlayerResult(points=20, bought=1), number=2) == (0, 20)


def test_buys_over_the_rounds_limit() -> None:
    assert scored(SHANGHAI, OUT, PlayerResult(points=20, bought=3)) == (0, 20)
    assert refused(SHANGHAI, OUT, PlayerResult(points=20, bought=5)) == ["over-buy-limit"]


def test_buys_beyond_the_stock() -> None:
    """Two players of Liverpool: 108 cards, 20 dealt and the upcard leave 87 in the stock;
    each buy takes a penalty card and the next player's draw from it."""
    assert scored(LIVERPOOL, OUT, PlayerResult(points=20, bought=43)) == (0, 20)
    assert refused(LIVERPOOL, OUT, PlayerResult(points=20, bought=44)) == ["buys-beyond-stock"]
