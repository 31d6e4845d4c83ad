"""Rule sets and presets (scorekeeper.rules.rulesets): the table of RULES.md, and options."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scorekeeper.rules.cards import Rank
from scorekeeper.rules.document import overview
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.options import OPTIONS, option_values, with_options
from scorekeeper.rules.points import (
    CONTRACT_RUMMY_POINTS,
    DEUCES_SIX_POINTS,
    FACE_VALUE_POINTS,
    LIVERPOOL_POINTS,
    POINT_TABLES,
    PointTable,
    get_point_table,
)
from scorekeeper.rules.presets import (
    CONTRACT_RUMMY,
    DEUCES_SIX,
    FAMILY,
    LIVERPOOL,
    LIVERPOOL_11,
    PRESETS,
    build_rules,
    get_preset,
)
from scorekeeper.rules.rulesets import (
    BuyPrecedence,
    Contract,
    GoingOut,
    JokerSwap,
    MeldKind,
    MeldSpec,
    RoundSpec,
    RuleSet,
    SameSuitRuns,
)
from scorekeeper.rules.validation import validate

SEVEN = [
    "2 sets",
    "1 set and 1 run",
    "2 runs",
    "3 sets",
    "2 sets and 1 run",
    "1 set and 2 runs",
    "3 runs",
]


def contracts(rules: RuleSet) -> list[str]:
    return [r.contract.describe() for r in rules.rounds]


def decks(rules: RuleSet) -> dict[int, tuple[int, int]]:
    """Players -> (decks, jokers), for every player count the rule set allows."""
    return {
        n: (rules.decks.decks_for(n), rules.decks.jokers_for(n))
        for n in range(rules.min_players, rules.max_players + 1)
    }


def points(table: PointTable) -> dict[str, int]:
    return {r.label: table.value_of(r) for r in Rank} | {"JK": table.joker}


def face(ace: int, joker: int) -> dict[str, int]:
    return {"A": ace, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "JK": joker}


# --- the presets, row by row of RULES.md ---------------------------------------------------


def test_the_presets() -> None:
    assert list(PRESETS) == [
        "liverpool", "liverpool-11", "contract-rummy", "deuces-six", "family", "shanghai", "may-i",
        "ten-phase", "ten-phase-even", "ten-phase-odd", "carioca", "carioca-english",
        "continental", "kalooki", "rommi",
    ]  # fmt: skip


def test_liverpool_seed_000_encyclopedia() -> None:
    rules = LIVERPOOL
    assert contracts(rules) == SEVEN
    assert [r.cards_dealt for r in rules.rounds] == [10] * 7
    assert [r.going_out for r in rules.rounds] == [GoingOut.DISCARD] * 6 + [GoingOut.ALL_OUT]
    assert decks(rules) == {2: (2, 4), 3: (2, 4), 4: (2, 4), 5: (2, 4), 6: (3, 6), 7: (3, 6),
                            8: (3, 6)}  # fmt: skip
    assert points(rules.point_table) == {
        "A": 15, **{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10,
        "JK": 20,
    }  # fmt: skip
    assert (rules.set_min_naturals, rules.run_min_naturals) == (2, 3)
    assert rules.cut_bonus == -50
    assert rules.buy_penalty_cards == 1 and rules.buy_precedence == BuyPrecedence.NEAREST
    assert rules.no_buying_once_down
    assert rules.wild_ranks == frozenset() and rules.uses_jokers
    assert rules.joker_swap == JokerSwap.RUNS_ONLY
    assert rules.same_suit_runs == SameSuitRuns.APART
    assert not rules.exact_contract_melds


def test_liverpool_11_seed_000_online_game() -> None:
    rules = LIVERPOOL_11
    assert contracts(rules) == SEVEN
    assert [r.cards_dealt for r in rules.rounds] == [11] * 7
    assert rules.rounds[-1].all_out
    assert decks(rules) == {2: (2, 4), 3: (2, 4), 4: (2, 4), 5: (3, 6), 6: (3, 6), 7: (3, 6),
                            8: (3, 6)}  # fmt: skip
    assert points(rules.point_table) == face(ace=15, joker=15)
    assert (rules.set_min_naturals, rules.run_min_naturals) == (2, 3)
    assert rules.cut_bonus == 0


def test_contract_rummy_seed_002() -> None:
    rules = CONTRACT_RUMMY
    assert contracts(rules) == SEVEN
    assert [r.cards_dealt for r in rules.rounds] == [10, 10, 10, 10, 12, 12, 12]
    assert rules.rounds[-1].all_out
    # 2 decks up to 4 players, 3 for 5+; jokers = players - 1.
    assert decks(rules) == {2: (2, 1), 3: (2, 2), 4: (2, 3), 5: (3, 4), 6: (3, 5), 7: (3, 6),
                            8: (3, 7)}  # fmt: skip
    assert points(rules.point_table) == face(ace=15, joker=25)
    assert rules.exact_contract_melds
    assert (rules.set_min_naturals, rules.run_min_naturals) == (2, 3)
    assert not rules.layoff_on_going_down_turn
    assert rules.joker_swap == JokerSwap.RUNS_ONLY  # jokers in sets are dead


def test_deuces_six_seed_001() -> None:
    rules = DEUCES_SIX
    # Rounds 3 and 4 are both "3 sets" in the source: kept as written.
    assert contracts(rules) == [
        "2 sets",
        "1 set and 1 run",
        "3 sets",
        "3 sets",
        "2 sets and 1 run",
        "1 set and 2 runs",
    ]
    assert [r.cards_dealt for r in rules.rounds] == [10] * 6
    assert [r.going_out for r in rules.rounds] == [GoingOut.DISCARD] * 5 + [GoingOut.ALL_OUT]
    assert rules.wild_ranks == frozenset({Rank.TWO}) and not rules.uses_jokers
    assert decks(rules) == {2: (2, 0), 3: (2, 0), 4: (2, 0), 5: (2, 0), 6: (3, 0), 7: (3, 0),
                            8: (3, 0)}  # fmt: skip
    assert points(rules.point_table) == {
        "A": 25, "2": 25, **{str(n): 5 for n in range(3, 10)}, "10": 10, "J": 10, "Q": 10,
        "K": 10, "JK": 25,
    }  # fmt: skip
    assert rules.set_distinct_suits and rules.set_max_cards == 4
    assert (rules.set_min_naturals, rules.run_min_naturals) == (2, 3)
    assert rules.describe_wilds() == "twos are wild"


def test_family_seed_003() -> None:
    rules = FAMILY
    assert contracts(rules) == SEVEN
    assert [r.cards_dealt for r in rules.rounds] == [10, 10, 10, 10, 12, 12, 12]
    assert rules.rounds[-1].all_out
    assert rules.min_players == 3
    assert decks(rules) == {3: (2, 4), 4: (2, 4), 5: (3, 6), 6: (3, 6), 7: (4, 8), 8: (4, 8)}
    assert points(rules.point_table) == face(ace=15, joker=15)
    assert (rules.set_min_naturals, rules.run_min_naturals) == (2, 2)
    assert rules.same_suit_runs == SameSuitRuns.APART_OR_OVERLAPPING
    assert [r.buying_allowed for r in rules.rounds] == [False] + [True] * 6
    assert rules.next_player_takes_discard_free
    assert rules.down_player_takes_discard_only_to_play
    assert rules.joker_swap == JokerSwap.RUNS_AND_SET_THIRD


def test_contracts_grow_by_one_card_each_round() -> None:
    # Seed 000: "The number of cards required to lay down increases by one ... from 6 to 12."
    for rules in (LIVERPOOL, LIVERPOOL_11, CONTRACT_RUMMY, FAMILY):
        assert [r.contract.min_cards for r in rules.rounds] == [6, 7, 8, 9, 10, 11, 12]


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_every_preset_is_valid_and_explains_itself(rules: RuleSet) -> None:
    validate(rules)
    assert len(rules.summary) > 80
    assert rules.name and rules.source
    assert get_preset(rules.id) is rules
    data = overview(rules)
    assert data["id"] == rules.id and len(data["rounds"]) == rules.round_count
    assert set(data["options"]) == set(OPTIONS)


def one_buy_limit(rules: RuleSet) -> bool:
    """Options give one buy limit for every round; Shanghai's differ by round (3, then 4),
    which only its rule-set document holds (tests/rules/test_document.py)."""
    return len({r.buy_limit for r in rules.rounds if r.buying_allowed}) <= 1


@pytest.mark.parametrize(
    "rules",
    [r for r in PRESETS.values() if one_buy_limit(r)],
    ids=[r.id for r in PRESETS.values() if one_buy_limit(r)],
)
def test_options_round_trip(rules: RuleSet) -> None:
    assert build_rules(rules.id, option_values(rules)) == rules


def test_options_cannot_hold_limits_that_differ_by_round() -> None:
    shanghai = PRESETS["shanghai"]
    assert not one_buy_limit(shanghai)
    assert build_rules(shanghai.id, option_values(shanghai)) != shanghai


def test_unknown_presets_and_tables() -> None:
    with pytest.raises(RuleSetError, match='there is no rule set "poker"'):
        get_preset("poker")
    with pytest.raises(RuleSetError, match="there is no point table"):
        get_point_table("nope")
    assert set(POINT_TABLES) >= {"liverpool", "face-value", "contract-rummy", "deuces-six"}
    assert get_point_table("liverpool") is LIVERPOOL_POINTS
    assert CONTRACT_RUMMY.point_table is CONTRACT_RUMMY_POINTS
    assert DEUCES_SIX.point_table is DEUCES_SIX_POINTS
    assert FAMILY.point_table is FACE_VALUE_POINTS


def test_rounds_are_numbered_from_one() -> None:
    assert LIVERPOOL.round(1).contract == Contract.of(sets=2)
    for bad in (0, 8, True, "1"):
        with pytest.raises(RuleSetError):
            LIVERPOOL.round(bad)  # type: ignore[arg-type]


def test_contract_descriptions() -> None:
    shanghai = Contract.of(runs=3, run_length=5)
    assert shanghai.melds == (MeldSpec(MeldKind.RUN, 5),) * 3
    assert shanghai.describe() == "3 runs of 5"
    assert Contract.of(sets=2, runs=1).describe(words=True) == "Two sets and one run"
    assert Contract.of(sets=1, runs=1).describe_with_count() == (
        "One set and one run — at least 7 cards"
    )


# --- house-rule options ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "check"),
    [
        ({"run_min_naturals": 2}, lambda r: r.run_min_naturals == 2),
        ({"deuces_wild": True}, lambda r: Rank.TWO in r.wild_ranks),
        ({"jokers": "per-deck"}, lambda r: r.decks.jokers_for(3) == 4),
        ({"jokers": "none"}, lambda r: not r.uses_jokers),
        ({"point_table": "contract-rummy-flat"}, lambda r: r.point_table.value_of(Rank.SEVEN) == 5),
        ({"point_table": "contract-rummy-jokers-15"}, lambda r: r.point_table.joker == 15),
        ({"buying": False}, lambda r: not any(x.buying_allowed for x in r.rounds)),
        ({"buys_per_turn": None}, lambda r: r.buys_per_turn is None),
        ({"cards_dealt": 11}, lambda r: [x.cards_dealt for x in r.rounds] == [11] * 7),
        ({"same_suit_runs": "apart-or-overlapping"},
         lambda r: r.same_suit_runs == SameSuitRuns.APART_OR_OVERLAPPING),
        ({"point_table": {"ranks": {r.label: 1 for r in Rank}, "joker": 2}},
         lambda r: r.point_table.hand_points([]) == 0 and r.point_table.joker == 2),
    ],
)  # fmt: skip
def test_contract_rummy_options_from_seed_002(options: dict[str, Any], check: Any) -> None:
    rules = with_options(CONTRACT_RUMMY, options)
    assert check(rules)
    assert option_values(rules) != option_values(CONTRACT_RUMMY)
    assert with_options(CONTRACT_RUMMY, {}) is CONTRACT_RUMMY


def test_family_buy_limit_keeps_round_one_without_buying() -> None:
    rules = with_options(FAMILY, {"buy_limit": 2})
    assert [r.buy_limit for r in rules.rounds] == [0] + [2] * 6


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, '"colour" is not a house-rule option'),
        ({"deuces_wild": "yes"}, '"deuces_wild" must be true or false'),
        ({"run_min_naturals": "3"}, '"run_min_naturals" must be a whole number'),
        ({"run_min_naturals": -1}, '"run_min_naturals" must be between 0 and 13'),
        ({"set_min_naturals": 5}, '"set_min_naturals" must be between 0 and 4'),
        ({"set_min_naturals": True}, "must be a whole number"),
        ({"same_suit_runs": "sometimes"}, '"same_suit_runs" must be one of apart'),
        ({"cut_bonus": 50}, '"cut_bonus" must be between -500 and 0'),
        ({"point_table": "nope"}, "there is no point table"),
        ({"point_table": {"ranks": {"A": 1}, "joker": 2}}, "needs points for 2 3 4"),
        ({"point_table": {"ranks": {}, "joker": "x"}}, "a custom point table is"),
        ({"point_table": 5}, "the name of a table or a custom table"),
        ({"cards_dealt": [10, 10]}, "needs one number per round"),
        ({"cards_dealt": 0}, "must be between 1 and 20"),
    ],
)
def test_bad_options_are_rejected_with_a_reason(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleSetError, match=message):
        with_options(LIVERPOOL, options)


@pytest.mark.parametrize(
    ("rules", "options", "message"),
    [
        # Liverpool's last round (3 runs, 12 cards) needs a bought card with 10 dealt.
        (LIVERPOOL, {"buying": False}, "round 7 .3 runs. needs at least 12 cards"),
        (LIVERPOOL, {"buy_limit": 0}, "round 7 .3 runs. needs at least 12 cards"),
        (LIVERPOOL, {"min_players": 6, "max_players": 4}, "the fewest players .6. is more"),
        (DEUCES_SIX, {"cards_dealt": 20}, "8 players with 20 cards each need more than the 156"),
        (DEUCES_SIX, {"set_min_naturals": 4, "set_distinct_suits": True}, None),
    ],
)
def test_impossible_combinations_are_rejected(
    rules: RuleSet, options: dict[str, Any], message: str | None
) -> None:
    if message is None:
        assert with_options(rules, options).set_min_naturals == 4
        return
    with pytest.raises(RuleSetError, match=message):
        with_options(rules, options)


def test_validate_catches_contracts_that_cannot_work() -> None:
    four_runs = RoundSpec(Contract.of(runs=5), 20)
    with pytest.raises(RuleSetError, match="runs must be of different suits"):
        validate(
            dataclasses.replace(LIVERPOOL, rounds=(four_runs,), same_suit_runs=SameSuitRuns.NEVER)
        )
    big_set = RoundSpec(Contract.of(sets=1, set_length=5), 10)
    with pytest.raises(RuleSetError, match="different suits hold at most 4"):
        validate(dataclasses.replace(DEUCES_SIX, rounds=(big_set,)))
    with pytest.raises(RuleSetError, match="empty contract"):
        validate(dataclasses.replace(LIVERPOOL, rounds=(RoundSpec(Contract(()), 10),)))
    with pytest.raises(RuleSetError, match="at least one round"):
        validate(dataclasses.replace(LIVERPOOL, rounds=()))


def test_option_docs() -> None:
    for name, option in OPTIONS.items():
        assert option.name == name
        assert option.doc.endswith(".")
        nullable = {"buy_limit", "buys_per_turn", "wilds_per_meld"}
        assert option.read(LIVERPOOL) is not None or name in nullable


def test_check_players() -> None:
    FAMILY.check_players(3)
    with pytest.raises(RuleSetError, match="3 to 8 players, not 2"):
        FAMILY.check_players(2)
