"""The meld on the table read as the rule book says (issue 35 §1): its kind and round when
they are known, else the contract's kinds first; as short as a round lets a meld go down;
and the meld check's words for a run round the corner and a group of mixed colours."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules.cards import Card, parse_cards
from scorekeeper.rules.contract import check_contract
from scorekeeper.rules.melds import meld_problems
from scorekeeper.rules.presets import CARIOCA, LIVERPOOL, PRESETS, TEN_PHASE
from scorekeeper.rules.rulesets import Contract, MeldKind, MeldSpec, RoundSpec, RuleSet
from scorekeeper.rules.table import joker_swap, layoff, liverpool_check
from scorekeeper.rules.table_meld import read_table_meld, table_lengths

HEARTS_IN_SEQUENCE = "5H 6H 7H 8H 9H 10H JH"


def one_round(*melds: tuple[MeldKind, int]) -> RuleSet:
    """Liverpool's rules with one round of the given contract."""
    contract = Contract(tuple(MeldSpec(kind, n) for kind, n in melds))
    return dataclasses.replace(LIVERPOOL, rounds=(RoundSpec(contract, 10),))


COLOUR_AND_FLUSH = one_round((MeldKind.COLOR, 5), (MeldKind.FLUSH, 5))


# --- a set of 2 ----------------------------------------------------------------------------


def test_a_ten_phase_set_of_two_on_the_table_takes_a_card_of_its_rank() -> None:
    """Kings are wild and phase 9 asks for a set of 2: 5♥ K♠ is one."""
    result = layoff(parse_cards("5H KS"), Card.parse("5C"), TEN_PHASE)
    assert result.fits and result.position == "set", result.reason
    assert result.meld is not None and result.meld.describe() == "set of fives"


def test_a_set_of_two_is_too_short_in_a_phase_that_asks_for_none() -> None:
    result = layoff(parse_cards("5H KS"), Card.parse("5C"), TEN_PHASE, round_number=1)
    assert not result.fits and "at least 3" in result.reason
    assert layoff(parse_cards("5H KS"), Card.parse("5C"), TEN_PHASE, round_number=9).fits


def test_the_liverpool_call_sees_a_set_of_two() -> None:
    table = [parse_cards("5H KS"), parse_cards("7C 8D 9S 10H")]
    result = liverpool_check(table, Card.parse("5D"), TEN_PHASE)
    assert [(p.meld, p.position) for p in result.where] == [(0, "set")]


def test_a_set_of_two_is_no_meld_where_no_round_asks_for_one() -> None:
    meld, why = read_table_meld(parse_cards("7H 7C"), LIVERPOOL)
    assert meld is None and "at least 3" in why


# --- the table meld's kind and round -------------------------------------------------------


def test_in_phase_eight_a_flush_in_sequence_takes_any_heart() -> None:
    hearts = parse_cards(HEARTS_IN_SEQUENCE)
    for asked in ({"round_number": 8}, {"kind": MeldKind.FLUSH}):
        result = layoff(hearts, Card.parse("2H"), TEN_PHASE, **asked)  # type: ignore[arg-type]
        assert result.fits and result.position == "set", (asked, result.reason)
        assert result.meld is not None and result.meld.kind == MeldKind.FLUSH


def test_in_phase_four_the_same_cards_are_a_run_that_takes_no_two() -> None:
    hearts = parse_cards(HEARTS_IN_SEQUENCE)
    assert not layoff(hearts, Card.parse("2H"), TEN_PHASE, round_number=4).fits
    assert not layoff(hearts, Card.parse("2H"), TEN_PHASE, kind=MeldKind.RUN).fits


def test_the_liverpool_call_reads_the_table_by_round_and_kind() -> None:
    table = [parse_cards(HEARTS_IN_SEQUENCE)]
    discard = Card.parse("2H")
    assert liverpool_check(table, discard, TEN_PHASE, round_number=8).playable
    assert liverpool_check(table, discard, TEN_PHASE, kinds=[MeldKind.FLUSH]).playable
    assert not liverpool_check(table, discard, TEN_PHASE, round_number=4).playable


def test_with_colour_melds_and_flushes_a_flush_is_not_read_as_a_colour_meld() -> None:
    """A wild in a flush of hearts stands for a heart: 2♦ does not free it."""
    flush = parse_cards("5H 7H JK 9H 10H")
    for asked in ({}, {"round_number": 1}, {"kind": MeldKind.FLUSH}):
        swap = joker_swap(flush, Card.parse("2D"), COLOUR_AND_FLUSH, **asked)  # type: ignore[arg-type]
        assert not swap.allowed, asked
        assert "hearts" in swap.reason
    laid_as_colour = joker_swap(flush, Card.parse("2D"), COLOUR_AND_FLUSH, kind=MeldKind.COLOR)
    assert laid_as_colour.allowed, laid_as_colour.reason


def test_a_kind_the_cards_are_not_says_why() -> None:
    meld, why = read_table_meld(parse_cards("7H 7C 7S"), LIVERPOOL, MeldKind.RUN)
    assert meld is None and why.startswith("The meld on the table is not legal")


# --- the meld check's words ----------------------------------------------------------------


def test_a_gap_round_the_corner_is_counted_round_the_corner() -> None:
    problems = meld_problems(parse_cards("KH AH 3H 4H 5H"), CARIOCA)
    assert [(p.code, p.cards) for p in problems] == [("not-consecutive", ("2H",))]
    assert "2♥ is missing" in problems[0].message


def test_the_contract_check_counts_the_gap_round_the_corner_too() -> None:
    verdict = check_contract(CARIOCA, 3, [parse_cards("KH AH 3H 4H 5H")])
    gaps = [p for p in verdict.problems if p.code == "not-consecutive"]
    assert [p.cards for p in gaps] == [("2H",)]


@pytest.mark.parametrize("cards", ["3H 9D 9S QH JK", "3H 4D 5S 6H 7C"])
def test_a_mixed_colour_group_in_a_colour_meld_round_is_told_about_colours(cards: str) -> None:
    verdict = check_contract(one_round((MeldKind.COLOR, 5)), 1, [parse_cards(cards)])
    assert verdict.melds[0].kind == MeldKind.COLOR
    assert [p.code for p in verdict.problems] == ["mixed-colors"]
    assert "colour" in verdict.problems[0].message and "run" not in verdict.problems[0].message


def test_a_bad_run_in_a_round_of_sets_is_still_told_as_a_run() -> None:
    verdict = check_contract(LIVERPOOL, 1, [parse_cards("5H 6H 8H 9H")])
    assert verdict.melds[0].kind == MeldKind.RUN


@pytest.mark.parametrize("preset", list(PRESETS))
def test_table_lengths_are_the_contracts_and_the_usual_ones(preset: str) -> None:
    """One pass over the rounds gives what the contract check asks of a lay-down's melds."""
    rules = PRESETS[preset]
    for number in [None, *range(1, rules.round_count + 1)]:
        specs = (
            rules.round(number).contract.melds
            if number is not None
            else [m for spec in rules.rounds for m in spec.contract.melds]
        )
        wanted = {
            kind: min([m.min_length for m in specs if m.kind == kind] + [rules.usual_length(kind)])
            for kind in MeldKind
        }
        assert table_lengths(rules, number) == wanted, number
