"""The meld kinds and house rules of issue 24, each with a worked hand: colour melds and
flushes, runs of any suits, aces that wrap, ranks a run has no place for, sets of different
ranks, extra melds of the contract's kinds, the cap on wild cards per meld, wild cards kept
apart, point tables that value exact cards, jokers per row of the decks table; and the
arranger's refusal of what its search does not know yet."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.cards import Card, Rank, parse_cards
from scorekeeper.rules.contract import check_contract
from scorekeeper.rules.document import to_document
from scorekeeper.rules.document_reader import document_problems, from_document
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.melds import check_meld, meld_problems
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import CARIOCA, KALOOKI, LIVERPOOL, PRESETS, TEN_PHASE
from scorekeeper.rules.prose import rule_book
from scorekeeper.rules.rulesets import (
    Contract,
    MeldKind,
    MeldSpec,
    RoundSpec,
    RuleSet,
)
from scorekeeper.rules.table import joker_swap, layoff


def one_round(*melds: tuple[MeldKind, int], options: dict[str, Any] | None = None) -> RuleSet:
    """Liverpool's rules with one round of the given contract (10 cards, a discard)."""
    contract = Contract(tuple(MeldSpec(kind, n) for kind, n in melds))
    rules = dataclasses.replace(LIVERPOOL, rounds=(RoundSpec(contract, 10),))
    return with_options(rules, options or {})


def codes(text: str, rules: RuleSet, kind: MeldKind | None = None) -> list[str]:
    return [p.code for p in meld_problems(parse_cards(text), rules, kind)]


def laid(rules: RuleSet, *texts: str) -> list[str]:
    return [p.code for p in check_contract(rules, 1, [parse_cards(t) for t in texts]).problems]


COLOUR = one_round((MeldKind.COLOR, 5))
FLUSH = one_round((MeldKind.FLUSH, 5))


# --- colour melds and flushes ------------------------------------------------------------------


def test_a_colour_meld_is_cards_of_one_colour_any_ranks() -> None:
    meld = check_meld(parse_cards("3H 9D 9D QH JK"), COLOUR)
    assert meld.kind == MeldKind.COLOR and meld.describe() == "red colour meld"
    assert [(w.stands_for, w.pretty) for w in meld.wilds] == [("red", "a red card")]
    assert laid(COLOUR, "3H 9D 9D QH JK") == []
    problems = meld_problems(parse_cards("3H 9D 9S QH JK"), COLOUR, MeldKind.COLOR)
    assert [p.code for p in problems] == ["mixed-colors"]
    assert problems[0].message == (
        "3♥ 9♦ 9♠ Q♥ Joker mixes colours: a colour meld is cards of one colour, and 9♠ is not red."
    )


def test_a_flush_is_cards_of_one_suit() -> None:
    meld = check_meld(parse_cards("2S 9S 9S KS JK"), FLUSH)
    assert meld.describe() == "flush of spades" and meld.wilds[0].stands_for == "S"
    assert codes("2S 9S 9C KS JK", FLUSH, MeldKind.FLUSH) == ["mixed-suits"]


def test_colour_melds_and_flushes_are_in_play_only_where_a_contract_asks() -> None:
    """In Liverpool ``3H 9D QH`` is no meld; where a round asks for a flush, a flush of the
    contract's length is one."""
    assert LIVERPOOL.meld_kinds == (MeldKind.SET, MeldKind.RUN)
    assert check_meld(parse_cards("3H 9H QH JH 2H"), FLUSH).kind == MeldKind.FLUSH
    assert codes("3H 9H QH", LIVERPOOL)  # not a flush there: no such kind
    assert "too-few-cards" in codes("3H 9H QH", FLUSH)  # a flush is 5 cards in this rule set


def test_natural_cards_of_colour_melds_and_flushes() -> None:
    """One natural card by default; 0 lets wild cards alone make one, of no colour until a
    natural card is laid off on it."""
    assert "no-naturals" in codes("JK JK JK JK JK", COLOUR, MeldKind.COLOR)
    alone = with_options(FLUSH, {"flush_min_naturals": 0})
    meld = check_meld(parse_cards("JK JK JK JK JK"), alone, MeldKind.FLUSH)
    assert meld.describe() == "flush of wild cards" and meld.wilds[0].stands_for == "any"
    result = layoff(parse_cards("JK JK JK JK JK"), Card.parse("7D"), alone)
    assert result.fits and result.meld is not None and result.meld.describe() == "flush of diamonds"
    two = with_options(COLOUR, {"color_min_naturals": 2})
    assert "too-few-naturals" in codes("3H JK JK JK JK", two, MeldKind.COLOR)


def test_a_run_that_is_also_a_flush_counts_as_the_flush_asked_for() -> None:
    both = one_round((MeldKind.SET, 3), (MeldKind.FLUSH, 5))
    verdict = check_contract(both, 1, [parse_cards("7H 7C 7D"), parse_cards("2S 3S 4S 5S 6S")])
    assert verdict.legal, verdict.messages()
    assert [r.kind for r in verdict.melds] == [MeldKind.SET, MeldKind.FLUSH]


def test_laying_off_on_colour_melds_and_flushes() -> None:
    red = parse_cards("3H 9D 9D QH KD")
    assert layoff(red, Card.parse("AH"), COLOUR).reason == "A♥ goes on the red colour meld."
    assert layoff(red, Card.parse("AS"), COLOUR).reason == (
        "A♠ does not go on the red colour meld: only red cards and wild cards do."
    )
    joker = layoff(red, Card.parse("JK"), COLOUR)
    assert joker.fits and joker.stands_for == "red"
    assert joker.reason == "Joker goes on the red colour meld, standing for a red card."


def test_any_card_of_the_colour_or_suit_frees_a_wild_card() -> None:
    """A wild card in a colour meld or flush stands for no card in particular: any natural
    card of that colour or suit takes its place (where wild cards in runs may be taken)."""
    red = parse_cards("3H 9D JK QH KD")
    swap = joker_swap(red, Card.parse("2D"), COLOUR)
    assert swap.allowed and swap.joker_index == 2
    assert not joker_swap(red, Card.parse("2C"), COLOUR).allowed
    never = with_options(COLOUR, {"joker_swap": "never"})
    assert not joker_swap(red, Card.parse("2D"), never).allowed


# --- runs of any suits -------------------------------------------------------------------------


MIXED = one_round((MeldKind.RUN, 4), (MeldKind.RUN, 4), options={"run_suits": "any"})


def test_runs_of_any_suits() -> None:
    meld = check_meld(parse_cards("5H 6C JK 8S"), MIXED)
    assert meld.describe() == "run 5-8" and meld.suit is None
    assert meld.wilds[0].stands_for == "7"
    problems = meld_problems(parse_cards("5H 6C 6D 8S"), MIXED, MeldKind.RUN)
    assert problems[0].message == (
        "5♥ 6♣ 6♦ 8♠ holds sixes twice: a run has one card of each rank."
    )


def test_runs_of_any_suits_have_no_suit_to_share() -> None:
    assert laid(MIXED, "2H 3H 4H 5H", "6H 7H 8H 9H") == []
    assert "runs-touch" in laid(one_round((MeldKind.RUN, 4), (MeldKind.RUN, 4)), "2H 3H 4H 5H",
                                "6H 7H 8H 9H")  # fmt: skip


# --- aces that wrap ----------------------------------------------------------------------------


WRAP = one_round((MeldKind.RUN, 4), (MeldKind.RUN, 4), options={"aces": "wrap"})


def test_runs_turn_the_corner_each_rank_once() -> None:
    assert check_meld(parse_cards("QH KH AH 2H 3H"), WRAP).describe() == "run Q♥-3♥"
    assert check_meld(parse_cards("JK AH 2H 3H"), WRAP).wilds[0].stands_for == "KH"
    thirteen = "9H 10H JH QH KH AH 2H 3H 4H 5H 6H 7H 8H"
    assert check_meld(parse_cards(thirteen), WRAP).describe() == "run 9♥-8♥"
    assert "run-too-long" in codes(thirteen + " 9H", WRAP, MeldKind.RUN)
    assert "turns-the-corner" in codes("QH KH AH 2H", LIVERPOOL, MeldKind.RUN)


def test_wrapped_runs_lay_off_at_either_end() -> None:
    run = parse_cards("QD KD AD 2D")
    assert layoff(run, Card.parse("3D"), WRAP).position == "high"
    assert layoff(run, Card.parse("JD"), WRAP).position == "low"
    full = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert layoff(full, Card.parse("JK"), WRAP).reason.endswith("a run holds each rank once.")


def test_wrapped_runs_of_one_suit_touch_round_the_corner() -> None:
    assert laid(WRAP, "QD KD AD 2D", "3D 4D 5D 6D") == ["runs-touch"]
    assert laid(WRAP, "JD QD KD AD", "3D 4D 5D 6D") == []


# --- ranks without a place in a run ------------------------------------------------------------


DEUCES_ALWAYS = one_round(
    (MeldKind.RUN, 4),
    options={"deuces_wild": True, "wild_can_be_natural": False, "runs_without_wild_rank": True},
)


def test_always_wild_twos_have_no_place_in_a_run() -> None:
    """With the 2s always wild, runs go from 3 to the ace above the king."""
    assert DEUCES_ALWAYS.longest_run == 12
    assert codes("AH 2C 3H 4H", DEUCES_ALWAYS, MeldKind.RUN) == ["no-place-in-run"]
    assert (
        "needs a place for twos"
        in meld_problems(parse_cards("AH 2C 3H 4H"), DEUCES_ALWAYS, MeldKind.RUN)[0].message
    )
    assert check_meld(parse_cards("3H 2C 5H 6H"), DEUCES_ALWAYS).wilds[0].stands_for == "4H"
    assert check_meld(parse_cards("JH QH KH 2C"), DEUCES_ALWAYS).wilds[0].stands_for == "AH"
    with_place = with_options(DEUCES_ALWAYS, {"runs_without_wild_rank": False})
    assert check_meld(parse_cards("AH 2C 3H 4H"), with_place).wilds[0].stands_for == "2H"


def test_a_contract_run_longer_than_the_line_of_ranks_is_refused() -> None:
    rules = one_round((MeldKind.RUN, 13))
    with pytest.raises(RuleSetError, match="a run holds at most 12 cards"):
        with_options(
            rules,
            {"deuces_wild": True, "wild_can_be_natural": False, "runs_without_wild_rank": True},
        )


# --- sets of different ranks, extra melds of the contract's kinds ------------------------------


def test_sets_of_different_ranks_read_as_the_contract_needs() -> None:
    """``2S 2H 2D`` with 2s wild and natural may be a set of 2s or of another rank's wilds:
    where the sets must differ, the reading that differs is taken."""
    rules = one_round(
        (MeldKind.SET, 3), (MeldKind.SET, 3),
        options={"set_ranks": "different", "deuces_wild": True, "set_min_naturals": 0},
    )  # fmt: skip
    verdict = check_contract(rules, 1, [parse_cards("2S 2H 2D"), parse_cards("2C 2H 2D")])
    assert verdict.legal, verdict.messages()
    assert laid(rules, "7S 7H 7D", "7C 7H JK") == ["same-rank-sets"]


def test_extra_melds_of_the_contracts_kinds() -> None:
    rules = one_round(
        (MeldKind.SET, 3), options={"extra_melds": True, "extra_meld_kinds": "contract"}
    )
    assert laid(rules, "7S 7H 7D", "8S 8H 8D") == []
    assert laid(rules, "7S 7H 7D", "3S 4S 5S 6S") == ["extra-meld-kind"]
    anything = with_options(rules, {"extra_meld_kinds": "any"})
    assert laid(anything, "7S 7H 7D", "3S 4S 5S 6S") == []


# --- wild cards per meld, wild cards apart -----------------------------------------------------


def test_no_wild_card_in_a_meld_going_down() -> None:
    rules = one_round((MeldKind.SET, 3), options={"wilds_per_meld": 0})
    message = meld_problems(parse_cards("7H 7C JK"), rules)[0].message
    assert message == "7♥ 7♣ Joker has 1 wild card: a meld going down holds no wild card."
    assert layoff(parse_cards("7H 7C 7D"), Card.parse("JK"), rules).fits  # laid off later


def test_wild_cards_kept_apart_go_one_at_each_end() -> None:
    rules = one_round((MeldKind.RUN, 4), options={"adjacent_wilds": False, "run_min_naturals": 2})
    meld = check_meld(parse_cards("5H 6H 7H JK JK"), rules)
    assert sorted(w.stands_for for w in meld.wilds) == ["4H", "8H"]
    assert "adjacent-wilds" in codes("5H 6H 7H JK JK JK", rules, MeldKind.RUN)
    assert "adjacent-wilds" in codes("5H JK JK 8H", rules, MeldKind.RUN)
    together = with_options(rules, {"adjacent_wilds": True})
    assert check_meld(parse_cards("5H JK JK 8H"), together).describe() == "run 5♥-8♥"


# --- point tables with exact cards, jokers per row ---------------------------------------------


def test_a_point_table_values_exact_cards() -> None:
    document = to_document(KALOOKI)
    assert document["point_table"]["cards"] == {"AS": 15, "AC": 15}
    assert from_document(document) == KALOOKI
    assert "cards" not in to_document(LIVERPOOL)["point_table"]  # as it always read
    custom = with_options(
        LIVERPOOL,
        {"point_table": {"ranks": {r.label: 5 for r in Rank},
                         "joker": 20, "cards": {"qs": 50}}},
    )  # fmt: skip
    assert custom.point_table.hand_points(parse_cards("QS QH")) == 55


@pytest.mark.parametrize(
    ("cards", "problem"),
    [
        ({"ZZ": 5}, 'point_table.cards: "ZZ" is not a card'),
        ({"JK": 5}, 'point_table.cards: the joker\'s points are "joker"'),
        ({"AS": -1}, "point_table.cards.AS: must be between 0 and 1000, not -1"),
        ({"AS": 1, "as": 2}, "point_table.cards: A♠ is valued twice"),
        ([1], "point_table.cards: must be an object of cards and points, not a list"),
    ],
)
def test_card_values_that_cannot_be_read(cards: Any, problem: str) -> None:
    document = to_document(KALOOKI)
    document["point_table"]["cards"] = cards
    problems = document_problems(document)
    assert len(problems) == 1 and problems[0].startswith(problem), problems


def test_jokers_per_row_of_the_decks_table() -> None:
    document = to_document(KALOOKI)
    assert document["decks"]["jokers"] == "by-players"
    assert [row["jokers"] for row in document["decks"]["by_players"]] == [4, 8, 10]
    broken = copy.deepcopy(document)
    del broken["decks"]["by_players"][1]["jokers"]
    assert document_problems(broken) == [
        "decks.by_players: give the jokers in every row of the table, or in none"
    ]
    per_deck = copy.deepcopy(document)
    per_deck["decks"]["jokers"] = "per-deck"
    del per_deck["decks"]["for_players"]
    assert document_problems(per_deck) == [
        'decks.by_players: jokers in the rows of the decks table need "jokers": "by-players"'
    ]
    with pytest.raises(RuleSetError, match='"jokers" can be "by-players" only'):
        with_options(LIVERPOOL, {"jokers": "by-players"})
    assert with_options(KALOOKI, {"jokers": "per-deck"}).decks.jokers_by_row == ()


def test_jokers_per_row_count_against_the_wild_card_limit() -> None:
    document = to_document(KALOOKI)
    document["decks"]["by_players"][2]["jokers"] = 30
    del document["decks"]["for_players"]
    problems = document_problems(document)
    assert any("the referee judges games of at most 20 wild cards" in p for p in problems)


# --- the rule book says each rule ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "sentence"),
    [
        (COLOUR, "Colour meld: cards of one colour in any ranks"),
        (FLUSH, "Flush: cards of one suit in any ranks"),
        (MIXED, "Run: 4 or more cards in sequence, of any suits"),
        (WRAP, "A run may turn the corner: Q K A 2 3 is a run."),
        (DEUCES_ALWAYS, "Twos have no place in a run."),
        (CARIOCA, "A meld goes down with at most one wild card."),
        (CARIOCA, "Two wild cards never stand side by side in a run."),
        (CARIOCA, "The sets of one lay-down are of different ranks."),
        (CARIOCA, "Melds beyond the contract may go down with it, of a kind it asks for."),
        (TEN_PHASE, "Lay your phase down in a hand and you move up one phase after it."),
        (with_options(TEN_PHASE, {"phase_order": "any"}), "may be completed in any order"),
        (KALOOKI, "3 or 4 players: 2 decks and 4 jokers; 5 or 6 players: 3 decks and 8 jokers"),
    ],
)
def test_the_rule_book_says_each_rule(rules: RuleSet, sentence: str) -> None:
    text = " ".join(p.text for section in rule_book(rules) for p in section.paragraphs)
    assert sentence in text


# --- the arranger searches the new kinds and house rules (tests/rules/test_rulings.py for more) --


@pytest.mark.parametrize(
    ("rules", "hand"),
    [
        (TEN_PHASE, "7H 7C 7D 8S 8C 8D 3H 4H 5H 6H"),
        (PRESETS["carioca"], "7H 7C 7D 8S 8C 8D 3H 4H 5H 6H"),
        (PRESETS["kalooki"], "7H 7C 7D 8S 8C 8D 9H 9S 9D 6H"),  # three sets
        (COLOUR, "7H 7C 7D 8S 8C 8D 3H 4H 5H 6H"),
    ],
)
def test_the_arranger_answers_rounds_of_the_new_rules(rules: RuleSet, hand: str) -> None:
    a = arrange(rules, 1, parse_cards(hand))
    assert a.possible
    verdict = check_contract(rules, 1, [m.cards for m in a.melds], hand=a.leftover)
    assert verdict.legal, verdict.messages()


def test_the_arrange_endpoint_answers_a_carioca_round(client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/referee/arrange",
        json={"rules": "carioca", "round": 1, "cards": "7H 7C 7D 8S 8C 8D 3H 4H 5H 6H"},
    )
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["possible"] is True
