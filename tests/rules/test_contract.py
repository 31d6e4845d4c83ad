"""The contract referee (scorekeeper.rules.contract)."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules.cards import Rank, parse_cards
from scorekeeper.rules.contract import (
    card_supply_problems,
    check_contract,
    fits_spec,
    match_lengths,
)
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import CONTRACT_RUMMY, DEUCES_SIX, FAMILY, LIVERPOOL, PRESETS
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldKind, MeldSpec, RoundSpec, RuleSet


def verdict_codes(
    rules: RuleSet, round_number: int, *groups: str, hand: str | None = None
) -> list[str]:
    verdict = check_contract(
        rules,
        round_number,
        [parse_cards(g) for g in groups],
        None if hand is None else parse_cards(hand),
    )
    assert verdict.legal == (not verdict.problems)
    return [p.code for p in verdict.problems]


SET_A = "7H 7C 7S"
SET_B = "9D 9C JK"
SET_C = "KH KS KD"
RUN_A = "3H 4H 5H 6H"
RUN_B = "8C 9C JK JC"
RUN_C = "JD QD KD AD"


def _contract_groups(contract: Contract, rules: RuleSet = LIVERPOOL) -> list[str]:
    """One legal meld per contract meld, in contract order: sets of different ranks and
    suits, runs of different suits from the 3 up, flushes and colour melds of odd ranks
    (none of a wild rank)."""
    groups = []
    set_ranks = iter(
        r for r in ["7", "9", "K", "Q", "5", "4"] if Rank.parse(r) not in rules.wild_ranks
    )
    run_suits = iter("HCDS")
    other_suits = iter("SDCH")
    for meld in contract.melds:
        if meld.kind == MeldKind.SET:
            rank = next(set_ranks)
            groups.append(" ".join(f"{rank}{s}" for s in ("SHDC" * 2)[: meld.min_length]))
        elif meld.kind == MeldKind.RUN:
            suit = next(run_suits)
            ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
            groups.append(" ".join(f"{r}{suit}" for r in ranks[: meld.min_length]))
        else:
            suit = next(other_suits)
            ranks = ["3", "5", "7", "9", "J", "Q", "A"] * 3
            groups.append(" ".join(f"{r}{suit}" for r in ranks[: meld.min_length]))
    return groups


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_every_round_of_every_preset_can_be_met(rules: RuleSet) -> None:
    for number, spec in enumerate(rules.rounds, start=1):
        groups = _contract_groups(spec.contract, rules)
        verdict = check_contract(rules, number, [parse_cards(g) for g in groups], hand=())
        assert verdict.legal, (number, verdict.messages())
        assert verdict.round_number == number and verdict.contract == spec.contract
        assert [r.kind for r in verdict.melds] == [m.kind for m in spec.contract.melds]


def test_a_legal_lay_down_reports_each_meld() -> None:
    verdict = check_contract(LIVERPOOL, 2, [parse_cards(SET_B), parse_cards(RUN_B)])
    assert verdict.legal
    assert [r.meld.describe() for r in verdict.melds if r.meld] == ["set of nines", "run 8♣-J♣"]
    assert all(r.legal for r in verdict.melds)
    assert verdict.melds[1].meld is not None
    assert verdict.melds[1].meld.wilds[0].stands_for == "10C"


@pytest.mark.parametrize(
    ("round_number", "groups", "expected"),
    [
        (1, [SET_A], ["too-few-sets"]),
        (1, [], ["too-few-sets"]),
        (1, [SET_A, SET_B, SET_C], ["too-many-sets"]),
        (1, [SET_A, RUN_A], ["too-few-sets", "too-many-runs"]),
        (2, [SET_A, SET_C], ["too-many-sets", "too-few-runs"]),
        (3, [RUN_A], ["too-few-runs"]),
        (5, [SET_A, SET_C, RUN_A, RUN_C], ["too-many-runs"]),
    ],
)
def test_the_count_of_sets_and_runs(
    round_number: int, groups: list[str], expected: list[str]
) -> None:
    assert verdict_codes(LIVERPOOL, round_number, *groups) == expected


def test_count_messages_say_what_is_asked_and_laid() -> None:
    verdict = check_contract(LIVERPOOL, 2, [parse_cards(SET_A), parse_cards(SET_C)])
    assert verdict.messages() == [
        "Round 2 asks for 1 set and 1 run, and these are 2 sets: one set too many.",
        "Round 2 asks for 1 set and 1 run, and these are 2 sets: one run is missing.",
    ]
    assert all(p.meld is None for p in verdict.problems)


def test_meld_problems_carry_their_group_index() -> None:
    verdict = check_contract(LIVERPOOL, 2, [parse_cards("7H JK JK"), parse_cards("KS AS 2S 3S")])
    assert [(p.meld, p.code) for p in verdict.problems] == [
        (0, "too-few-naturals"),
        (1, "turns-the-corner"),
    ]
    assert [r.kind for r in verdict.melds] == [MeldKind.SET, MeldKind.RUN]
    assert verdict.melds[0].meld is None and not verdict.melds[0].legal
    assert verdict.melds[1].problems[0].meld == 1


def test_an_illegal_group_counts_as_the_kind_it_looks_like() -> None:
    # The broken run is still counted as the run, so only its own problem is reported.
    assert verdict_codes(LIVERPOOL, 2, SET_A, "7H 8H 10H JH") == ["not-consecutive"]


# --- lengths: general contracts and exact melds --------------------------------------------

SHANGHAI_LIKE = dataclasses.replace(
    LIVERPOOL,
    rounds=(
        RoundSpec(Contract.of(runs=3, run_length=5), 15),
        RoundSpec(Contract((MeldSpec(MeldKind.SET, 4), MeldSpec(MeldKind.SET, 3))), 10),
    ),
)


def test_melds_are_matched_to_the_contract_by_length() -> None:
    five = ["3H 4H 5H 6H 7H", "8C 9C 10C JC QC", "9D 10D JD QD KD"]
    assert verdict_codes(SHANGHAI_LIKE, 1, *five) == []
    short = ["3H 4H 5H 6H", "8C 9C 10C JC QC", "9D 10D JD QD KD"]
    verdict = check_contract(SHANGHAI_LIKE, 1, [parse_cards(g) for g in short])
    assert [(p.meld, p.code) for p in verdict.problems] == [(0, "meld-too-short")]
    assert "needs at least 5 cards" in verdict.problems[0].message


def test_a_set_of_four_and_a_set_of_three_in_either_order() -> None:
    four, three = "7H 7C 7S 7D", "9D 9C 9S"
    assert verdict_codes(SHANGHAI_LIKE, 2, three, four) == []
    assert verdict_codes(SHANGHAI_LIKE, 2, four, three) == []
    assert verdict_codes(SHANGHAI_LIKE, 2, three, "KH KS KD") == ["meld-too-short"]


def test_exact_contract_melds() -> None:
    # Seed 002: "Only the specific number of cards needed for the contract may be melded."
    assert verdict_codes(CONTRACT_RUMMY, 1, SET_A, SET_C) == []
    assert verdict_codes(CONTRACT_RUMMY, 1, "7H 7C 7S 7D", SET_C) == ["meld-not-exact"]
    assert verdict_codes(CONTRACT_RUMMY, 2, SET_A, "3H 4H 5H 6H 7H") == ["meld-not-exact"]
    # ... except in the last, all-out round.
    assert verdict_codes(CONTRACT_RUMMY, 7, "3H 4H 5H 6H 7H", RUN_B, RUN_C, hand="") == []
    assert verdict_codes(LIVERPOOL, 1, "7H 7C 7S 7D", SET_C) == []


def test_match_lengths_is_a_matching_not_a_count() -> None:
    specs = [MeldSpec(MeldKind.RUN, 5), MeldSpec(MeldKind.RUN, 4)]
    assert match_lengths([4, 5], specs, exact=False) == ({0: 1, 1: 0}, [], [])
    assert match_lengths([5, 4], specs, exact=False) == ({1: 1, 0: 0}, [], [])
    assert match_lengths([4, 4], specs, exact=False) == ({0: 1}, [1], [0])
    assert match_lengths([4, 6], specs, exact=True) == ({0: 1}, [1], [0])
    assert fits_spec(6, specs[0], exact=False) and not fits_spec(6, specs[0], exact=True)


# --- same-suit runs --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "first", "second", "expected"),
    [
        (LIVERPOOL, "2H 3H 4H 5H", "7H 8H 9H 10H", []),
        (LIVERPOOL, "2H 3H 4H 5H", "6H 7H 8H 9H", ["runs-touch"]),
        (LIVERPOOL, "5S 6S 7S 8S", "7S 8S 9S 10S", ["runs-overlap"]),
        (LIVERPOOL, "5S 6S 7S 8S", "5S 6S 7S 8S", ["runs-overlap"]),
        (FAMILY, "5S 6S 7S 8S", "7S 8S 9S 10S", []),
        (FAMILY, "5S 6S 7S 8S", "5S 6S 7S 8S", []),
        (FAMILY, "4H 5H 6H 7H", "9H 10H JH QH", []),
        (FAMILY, "4H 5H 6H 7H", "8H 9H 10H JH", ["runs-touch"]),
        (CONTRACT_RUMMY, "2H 3H 4H 5H", "7H 8H 9H 10H", []),
        (CONTRACT_RUMMY, "2H 3H 4H 5H", "6H 7H 8H 9H", ["runs-touch"]),
        (LIVERPOOL, "AH 2H 3H 4H", "JH QH KH AH", []),
        (LIVERPOOL, "2H 3H 4H 5H", "JK 7H 8H 9H", ["runs-touch"]),
        (
            with_options(LIVERPOOL, {"same_suit_runs": "never"}),
            RUN_A,
            "8H 9H 10H JH",
            ["same-suit-runs"],
        ),
        (with_options(LIVERPOOL, {"same_suit_runs": "never"}), RUN_A, RUN_B, []),
    ],
)
def test_same_suit_runs(rules: RuleSet, first: str, second: str, expected: list[str]) -> None:
    assert verdict_codes(rules, 3, first, second) == expected


def test_runs_touch_message() -> None:
    verdict = check_contract(LIVERPOOL, 3, [parse_cards("2H 3H 4H 5H"), parse_cards("6H 7H 8H 9H")])
    (problem,) = verdict.problems
    assert problem.meld is None
    assert problem.message.startswith("2♥-5♥ and 6♥-9♥ touch, so together they are one run")


# --- all out, supply, rounds ------------------------------------------------------------------


def test_all_out_round_needs_an_empty_hand() -> None:
    groups = [RUN_A, RUN_B, RUN_C]
    assert verdict_codes(LIVERPOOL, 7, *groups, hand="") == []
    assert verdict_codes(LIVERPOOL, 7, *groups) == []  # hand unknown: not checked
    verdict = check_contract(LIVERPOOL, 7, [parse_cards(g) for g in groups], parse_cards("KC 2D"))
    assert [p.code for p in verdict.problems] == ["cards-left-in-hand"]
    assert verdict.problems[0].cards == ("KC", "2D")
    assert verdict.problems[0].message == (
        "Round 7 is all out: every card must go into the melds, but K♣ 2♦ are left in hand."
    )
    # A round that ends with a discard does not care about the hand.
    assert verdict_codes(LIVERPOOL, 3, RUN_A, RUN_B, hand="KC 2D") == []


def test_deuces_six_round_six_is_all_out_and_round_five_is_not() -> None:
    assert DEUCES_SIX.round(6).going_out == GoingOut.ALL_OUT
    assert verdict_codes(DEUCES_SIX, 5, "7H 7C 7S", "9D 9C 2S", RUN_A, hand="KC") == []
    assert verdict_codes(DEUCES_SIX, 6, "7H 7C 7S", RUN_A, "8C 9C 10C JC", hand="KC") == [
        "cards-left-in-hand"
    ]


def test_impossible_cards_are_reported() -> None:
    assert verdict_codes(LIVERPOOL, 1, "7H 7H 7H", "7H 7C 7S") == ["too-many-copies"]
    assert verdict_codes(DEUCES_SIX, 1, "7H 7C JK", SET_C) == ["no-jokers"]
    assert card_supply_problems(parse_cards("JK " * 7), LIVERPOOL)[0].code == "too-many-copies"
    assert card_supply_problems(parse_cards("JK " * 6), LIVERPOOL) == []


def test_an_unknown_round_raises() -> None:
    with pytest.raises(RuleSetError, match="there is no round 8"):
        check_contract(LIVERPOOL, 8, [])
    with pytest.raises(RuleSetError):
        check_contract(DEUCES_SIX, 7, [])


# --- a group that is a set and a run -------------------------------------------------------------


def test_a_group_that_is_both_counts_as_the_contract_needs() -> None:
    """Where a meld needs one natural card, 7♥ and three jokers are a set of sevens or the run
    4♥-7♥: a set unless the contract still needs a run."""
    rules = with_options(LIVERPOOL, {"set_min_naturals": 1, "run_min_naturals": 1})
    both = parse_cards("JK JK JK 7H")
    one_run = check_contract(rules, 2, [parse_cards(SET_A), both])
    assert one_run.legal, one_run.messages()
    assert [r.kind for r in one_run.melds] == [MeldKind.SET, MeldKind.RUN]
    assert one_run.melds[1].meld is not None
    assert one_run.melds[1].meld.describe() == "run 4♥-7♥"
    two_sets = check_contract(rules, 1, [parse_cards(SET_A), both])
    assert two_sets.legal and [r.kind for r in two_sets.melds] == [MeldKind.SET] * 2
    # Under Liverpool's rules it is neither, and the lay-down says what is wrong.
    assert "too-few-naturals" in verdict_codes(LIVERPOOL, 2, SET_A, "JK JK JK 7H")


def test_when_no_reading_makes_the_contract_the_group_is_a_set() -> None:
    rules = with_options(LIVERPOOL, {"set_min_naturals": 0, "run_min_naturals": 0})
    # Round 1 asks for 2 sets: four jokers stay a set, and the run is one meld too many.
    verdict = check_contract(rules, 1, [parse_cards("JK JK JK JK"), parse_cards(RUN_A)])
    assert [p.code for p in verdict.problems] == ["too-few-sets", "too-many-runs"]
    assert verdict.melds[0].kind == MeldKind.SET
    # Round 3 asks for 2 runs: the jokers are one, and the only problem left is the short run.
    assert verdict_codes(rules, 3, "JK JK JK JK", "5H 6H 7H") == ["too-few-cards"]


def _runs_round(*lengths: int, **options: object) -> RuleSet:
    melds = tuple(MeldSpec(MeldKind.RUN, n) for n in lengths)
    rounds = (RoundSpec(Contract(melds), 10, GoingOut.DISCARD),)
    return with_options(dataclasses.replace(LIVERPOOL, rounds=rounds), options)


@pytest.mark.parametrize("set_min_naturals", [1, 2])
def test_a_2_is_read_the_way_that_keeps_runs_apart(set_min_naturals: int) -> None:
    """5♣ Joker 2♥ 2♣ with 2s wild reads 2♣-5♣ (most naturals), which overlaps A♣-3♣; read
    as 5♣-8♣ (the 2♣ wild) the lay-down is legal, as the player who laid it means. With a
    set of one natural card allowed, it would also be a set of fives: read as a run here."""
    rules = _runs_round(
        3, 4, deuces_wild=True, set_min_naturals=set_min_naturals, run_min_naturals=1
    )
    groups = [parse_cards("AC 2C 3C"), parse_cards("5C JK 2H 2C")]
    verdict = check_contract(rules, 1, groups)
    assert verdict.legal, verdict.messages()
    assert (verdict.melds[1].meld.low, verdict.melds[1].meld.high) == (5, 8)
    # Without the first run there is nothing to keep apart: the usual reading stands.
    one_run = _runs_round(4, deuces_wild=True, run_min_naturals=1)
    alone = check_contract(one_run, 1, [parse_cards("5C JK 2H 2C")])
    assert (alone.melds[0].meld.low, alone.melds[0].meld.high) == (2, 5)


def test_an_ace_is_read_high_when_low_would_touch_a_run() -> None:
    """Joker Joker A♦ beside 3♦-6♦: A♦-3♦ overlaps, Q♦-A♦ is apart."""
    rules = _runs_round(3, 4, run_min_naturals=1)
    verdict = check_contract(rules, 1, [parse_cards("JK JK AD"), parse_cards("3D 4D 5D 6D")])
    assert verdict.legal, verdict.messages()
    assert verdict.melds[0].meld.high == 14
