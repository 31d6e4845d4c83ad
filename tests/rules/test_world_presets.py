"""Published rulings of the five contract rummies of issue 24, each with a worked hand from
its source (the sources are cited in each preset's summary and in docs/rules.md):

- ``ten-phase``: the standard-card translations of the phase game (unogamerules.com,
  ourpastimes.com, gilbertandevans.com, a tekatrade.com page on wild cards);
- ``carioca``: the Chilean rules (xanimaniax.foroes.org, and the Spanish Wikipedia text);
- ``continental``: the Spanish Wikipedia article "Continental (juego)" and skylin.es;
- ``kalooki``: the English Wikipedia article "Kalooki", gamerules.com, gambiter.com;
- ``rommi``: the Finnish Wikipedia article "Shanghai (peli)" and a Finnish program's rules.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scorekeeper.rules.cards import Card, parse_cards
from scorekeeper.rules.contract import check_contract
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.melds import check_meld, meld_problems
from scorekeeper.rules.presets import CARIOCA, CONTINENTAL, KALOOKI, PRESETS, ROMMI, TEN_PHASE
from scorekeeper.rules.rulesets import GoingOut, MeldKind, Progression, RuleSet
from scorekeeper.rules.table import deck_plan, joker_swap, layoff

WORLD = (TEN_PHASE, CARIOCA, CONTINENTAL, KALOOKI, ROMMI)


def codes(text: str, rules: RuleSet, kind: MeldKind | None = None) -> list[str]:
    return [p.code for p in meld_problems(parse_cards(text), rules, kind)]


def lay_down(rules: RuleSet, number: int, *texts: str) -> list[str]:
    """The problem codes of laying ``texts`` down in round (phase) ``number``."""
    return [p.code for p in check_contract(rules, number, [parse_cards(t) for t in texts]).problems]


def contracts(rules: RuleSet) -> list[str]:
    return [spec.contract.describe() for spec in rules.rounds]


# --- every preset: data, sources ---------------------------------------------------------------


@pytest.mark.parametrize("rules", WORLD, ids=[r.id for r in WORLD])
def test_each_summary_cites_its_sources_by_address(rules: RuleSet) -> None:
    assert re.search(r"Sources?: .*https?://\S+", rules.summary), rules.summary
    assert rules.source and "http" not in rules.source  # the book's "Based on" is words


def test_no_code_branch_names_a_preset() -> None:
    """Rule variants are data: outside the presets module no code tests whether a rule set is
    one preset or another (no ``== "kalooki"``)."""
    root = Path(__file__).resolve().parents[2] / "scorekeeper"
    ids = set(PRESETS)
    for path in sorted(root.rglob("*.py")):
        if path.name == "presets.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and any(
                isinstance(op, ast.Eq | ast.NotEq) for op in node.ops
            ):
                for part in (node.left, *node.comparators):
                    named = isinstance(part, ast.Constant) and part.value in ids
                    assert not named, f"{path.relative_to(root)}:{node.lineno} names a preset"


# --- ten phases with standard cards ------------------------------------------------------------


def test_ten_phases_in_order_ten_cards_each() -> None:
    """S1, S2, S5, S7: the ten phases, ten cards a hand, each player on their own phase."""
    assert TEN_PHASE.progression == Progression.PHASES
    assert contracts(TEN_PHASE) == [
        "2 sets", "1 set and 1 run", "1 set of 4 and 1 run", "1 run of 7", "1 run of 8",
        "1 run of 9", "2 sets of 4", "1 flush of 7", "1 set of 5 and 1 set of 2",
        "1 set of 5 and 1 set of 3",
    ]  # fmt: skip
    assert {spec.cards_dealt for spec in TEN_PHASE.rounds} == {10}
    assert not any(spec.buying_allowed for spec in TEN_PHASE.rounds)
    with pytest.raises(RuleSetError, match="has phases 1 to 10; there is no phase 11"):
        TEN_PHASE.round(11)


def test_ten_phase_runs_of_any_colour_with_kings_wild() -> None:
    """S2: "The cards can be any color"; S1/S2: kings are the wild cards."""
    assert lay_down(TEN_PHASE, 2, "7H 7C 7D", "3H 4C 5D 6S") == []
    meld = check_meld(parse_cards("3H KC 5D 6S"), TEN_PHASE)
    assert [w.stands_for for w in meld.wilds] == ["4"] and meld.describe() == "run 3-6"


def test_ten_phase_runs_go_from_ace_to_queen() -> None:
    """S1's mapping: the numbers 1-12 are A-Q; a wild king stands only for one of them."""
    assert codes("JH QC KD AS", TEN_PHASE, MeldKind.RUN) == ["ace-not-allowed"]
    meld = check_meld(parse_cards("10H JC QD KS KH"), TEN_PHASE)  # no room above the queen
    assert sorted(w.stands_for for w in meld.wilds) == ["8", "9"]
    assert [w.stands_for for w in check_meld(parse_cards("10H JC QD KS"), TEN_PHASE).wilds] == ["9"]
    assert codes("QH KS AS 2C", TEN_PHASE, MeldKind.RUN)  # no corner to turn
    assert lay_down(TEN_PHASE, 6, "AH 2C 3D 4S 5H 6H 7C 8H KS") == []  # the run of 9: A-9


def test_ten_phase_meld_may_not_be_wild_cards_alone() -> None:
    """S9: "Wild cards can be used in any run or set, as long as it isn't a run or set of wild
    cards by themselves"; so phase 9's set of 2 may be a natural card and a king."""
    assert lay_down(TEN_PHASE, 9, "5H 5C 5D KH 5S", "9H KS") == []
    assert "no-naturals" in lay_down(TEN_PHASE, 9, "5H 5C 5D KH 5S", "KD KS")


def test_ten_phase_seven_cards_of_one_colour_is_a_flush() -> None:
    """S2/S3: the four suits stand for the four colours, so phase 8 is seven of one suit."""
    assert lay_down(TEN_PHASE, 8, "2H 5H 5H 9H QH KS JH") == []
    assert "mixed-suits" in lay_down(TEN_PHASE, 8, "2H 5H 5D 9H QH KS JH")
    assert "too-few-cards" in lay_down(TEN_PHASE, 8, "2H 5H 5H 9H QH KS")
    # Seven hearts in a row are a run of 7 in phase 4 and the flush of phase 8.
    assert lay_down(TEN_PHASE, 4, "2H 3H 4H 5H 6H 7H 8H") == []
    assert lay_down(TEN_PHASE, 8, "2H 3H 4H 5H 6H 7H 8H") == []


def test_ten_phase_points() -> None:
    """S4/S5: 1-9 score 5, 10-12 score 10, a wild 25."""
    assert TEN_PHASE.point_table.hand_points(parse_cards("AH 9C 10D QS KH")) == 55


def test_ten_phase_decks_and_no_wild_taken_back() -> None:
    assert [deck_plan(TEN_PHASE, n).decks for n in (2, 6, 7, 8)] == [2, 2, 3, 3]
    assert deck_plan(TEN_PHASE, 4).jokers == 0
    swap = joker_swap(parse_cards("2H 5H 5H 9H QH KS JH"), Card.parse("3H"), TEN_PHASE)
    assert not swap.allowed


# --- Carioca -----------------------------------------------------------------------------------


def test_carioca_rounds() -> None:
    """C1, C2, C4: eight rounds of twelve cards, three escalas before four trios."""
    assert contracts(CARIOCA) == [
        "2 sets", "1 set and 1 run", "2 runs", "3 sets", "2 sets and 1 run", "1 set and 2 runs",
        "3 runs", "4 sets",
    ]  # fmt: skip
    assert {spec.cards_dealt for spec in CARIOCA.rounds} == {12}
    assert not any(spec.buying_allowed for spec in CARIOCA.rounds)


def test_carioca_escalas_pass_through_the_ace() -> None:
    """C1: "pudiendo pasar las cartas entre el As"; C5: "K,A,2,3"."""
    assert check_meld(parse_cards("QH KH AH 2H"), CARIOCA).describe() == "run Q♥-2♥"
    assert check_meld(parse_cards("KS AS 2S 3S"), CARIOCA).describe() == "run K♠-3♠"
    assert "run-too-long" in codes("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", CARIOCA)


def test_carioca_one_wild_card_per_meld_going_down() -> None:
    """C2, C3: "como maximo un Joker por trio/escala"; laid off later, a meld takes more."""
    assert "too-many-wilds-in-meld" in lay_down(CARIOCA, 1, "7H 7C JK JK", "9H 9C 9D")
    assert layoff(parse_cards("7H 7C JK"), Card.parse("JK"), CARIOCA).fits


def test_carioca_wild_cards_never_side_by_side() -> None:
    """C2: the wild cards of an escala may not stand next to each other."""
    run = parse_cards("5H 6H 7H JK")  # the joker is the 8♥
    high = layoff(run, Card.parse("JK"), CARIOCA, "high")
    assert not high.fits and high.ends == ("low",)
    assert layoff(run, Card.parse("JK"), CARIOCA).position == "low"


def test_carioca_no_two_trios_alike() -> None:
    """C2: "ni dos juegos iguales": two trios of one rank do not go down together."""
    assert lay_down(CARIOCA, 1, "7H 7C 7D", "7S 7C JK") == ["same-rank-sets"]
    assert lay_down(CARIOCA, 1, "7H 7C 7D", "8S 8C JK") == []


def test_carioca_extra_melds_only_of_the_rounds_kinds() -> None:
    """C2: in a round of trios only, "no se puede intentar nada con escalas"."""
    assert lay_down(CARIOCA, 1, "7H 7C 7D", "8S 8C 8D", "3S 4S 5S 6S") == ["extra-meld-kind"]
    assert lay_down(CARIOCA, 1, "7H 7C 7D", "8S 8C 8D", "9S 9C 9D") == []
    assert not CARIOCA.layoff_on_going_down_turn  # C2: lay-offs from the next turn


def test_carioca_two_escalas_may_share_a_suit() -> None:
    """C2: two escalas of the same suit are allowed (apart, as the app's default keeps)."""
    assert lay_down(CARIOCA, 3, "2H 3H 4H 5H", "8H 9H 10H JH") == []


def test_carioca_points() -> None:
    """C1, C3: A 20, joker 30, J Q K 10, 2-10 face value."""
    assert CARIOCA.point_table.hand_points(parse_cards("AH JK KD 7C")) == 67


# --- Continental -------------------------------------------------------------------------------


def test_continental_hands_deal_one_more_card_than_needed() -> None:
    """K1: TT 7, TE 8, EE 9, TTT 10, TTE 11, TEE 12, EEE 13."""
    assert [spec.cards_dealt for spec in CONTINENTAL.rounds] == [7, 8, 9, 10, 11, 12, 13]
    assert all(s.cards_dealt == s.contract.min_cards + 1 for s in CONTINENTAL.rounds)


def test_continental_ace_between_king_and_two() -> None:
    """K1: "el as puede ser la carta mayor, la carta menor o incluso intermedia entre el dos y
    el rey"."""
    assert check_meld(parse_cards("KD AD 2D 3D"), CONTINENTAL).describe() == "run K♦-3♦"
    assert check_meld(parse_cards("JK AD 2D 3D"), CONTINENTAL).wilds[0].stands_for == "KD"


def test_continental_no_two_jokers_in_a_row() -> None:
    """K3: "no se permiten dos comodines consecutivos en una escalera"."""
    assert "adjacent-wilds" in codes("5S JK JK 8S 9S", CONTINENTAL, MeldKind.RUN)
    meld = check_meld(parse_cards("5S JK 7S JK 9S"), CONTINENTAL)
    assert [w.stands_for for w in meld.wilds] == ["6S", "8S"]


def test_continental_trios_and_escaleras_may_repeat() -> None:
    """K1: several trios may share a rank, several escaleras a suit."""
    assert lay_down(CONTINENTAL, 4, "7H 7C 7D", "7S 7C JK", "9H 9C 9D") == []
    assert lay_down(CONTINENTAL, 3, "2H 3H 4H 5H", "8H 9H 10H JH") == []


def test_continental_escaleras_of_one_suit_on_the_circle() -> None:
    """Round the corner, Q♦-2♦ and 3♦-6♦ touch: one run, not two (the app's apart rule)."""
    assert lay_down(CONTINENTAL, 3, "QD KD AD 2D", "3D 4D 5D 6D") == ["runs-touch"]
    assert lay_down(CONTINENTAL, 3, "QD KD AD 2D", "4D 5D 6D 7D") == []


def test_continental_decks_points_and_swaps() -> None:
    """K1: two decks with three jokers each; joker 50, A 20. K2, K7: a joker in an escalera
    may be swapped for its card."""
    assert deck_plan(CONTINENTAL, 4) == deck_plan(CONTINENTAL, 2)
    assert (deck_plan(CONTINENTAL, 4).decks, deck_plan(CONTINENTAL, 4).jokers) == (2, 6)
    assert CONTINENTAL.point_table.hand_points(parse_cards("JK AS 10H")) == 80
    assert joker_swap(parse_cards("QD KD JK 2D"), Card.parse("AD"), CONTINENTAL).allowed


# --- Kalooki -----------------------------------------------------------------------------------


def test_kalooki_contracts_deal_their_cards() -> None:
    """J2, J3: nine contracts dealt 9, 10, 11, 12, 12, 13, 14, 15, 16 cards."""
    assert contracts(KALOOKI) == [
        "3 sets", "2 sets and 1 run", "1 set and 2 runs", "3 runs", "4 sets",
        "3 sets and 1 run", "2 sets and 2 runs", "1 set and 3 runs", "4 runs",
    ]  # fmt: skip
    assert [s.cards_dealt for s in KALOOKI.rounds] == [9, 10, 11, 12, 12, 13, 14, 15, 16]


def test_kalooki_points() -> None:
    """J1: Joker 50, Black Ace 15, K Q J 10, Red Ace 1."""
    assert KALOOKI.point_table.hand_points(parse_cards("JK AS AC AH AD KD 9C")) == 101


def test_kalooki_aces_never_in_the_middle() -> None:
    """J1: "Q-K-A-2-3 is illegal"."""
    assert "turns-the-corner" in codes("QS KS AS 2S 3S", KALOOKI, MeldKind.RUN)
    assert check_meld(parse_cards("JS QS KS AS"), KALOOKI).describe() == "run J♠-A♠"


def test_kalooki_fours_of_different_suits_threes_of_different_ranks() -> None:
    """J1: "When more than one '4' is put down by one player, they must be of different suits,
    and when more than one '3' is put down by one player, they must be of different ranks"."""
    assert lay_down(KALOOKI, 3, "7H 7C 7D", "3S 4S 5S 6S", "8S 9S 10S JS") == ["same-suit-runs"]
    assert lay_down(KALOOKI, 3, "7H 7C 7D", "3S 4S 5S 6S", "8H 9H 10H JH") == []
    assert lay_down(KALOOKI, 1, "7H 7C 7D", "7S 7C JK", "9H 9C 9D") == ["same-rank-sets"]


def test_kalooki_jokers_in_threes_and_fours() -> None:
    """J2, J4: a three holds at least two real cards; in a four, jokers may not stand for
    consecutive cards; jokers "can never been removed"."""
    assert "too-few-naturals" in codes("7H JK JK", KALOOKI, MeldKind.SET)
    assert check_meld(parse_cards("7H 7C JK"), KALOOKI).describe() == "set of sevens"
    assert "adjacent-wilds" in codes("5S JK JK 8S", KALOOKI, MeldKind.RUN)
    assert [w.stands_for for w in check_meld(parse_cards("5S JK 7S JK"), KALOOKI).wilds] == [
        "6S",
        "8S",
    ]
    assert not joker_swap(parse_cards("5S JK 7S 8S"), Card.parse("6S"), KALOOKI).allowed


def test_kalooki_decks_by_players() -> None:
    """J1: 3-4 players 2 packs and 4 jokers, 5-6 3 packs and 8, 7-8 4 packs and 10."""
    plans = [deck_plan(KALOOKI, n) for n in (3, 4, 5, 6, 7, 8)]
    pairs = [(p.decks, p.jokers) for p in plans]
    assert pairs == [(2, 4), (2, 4), (3, 8), (3, 8), (4, 10), (4, 10)]
    assert plans[-1].total_cards == 4 * 52 + 10


# --- Rommi (the Finnish contract rummy, "Shanghai" there) --------------------------------------


def test_rommi_rounds() -> None:
    """F2: seven contracts, 11 cards and 13 in the last; F1: the last round goes out all at
    once unless a variant says otherwise."""
    assert contracts(ROMMI) == [
        "2 sets", "1 set and 1 run", "2 runs", "3 sets", "2 sets and 1 run", "1 set and 2 runs",
        "3 runs",
    ]  # fmt: skip
    assert [s.cards_dealt for s in ROMMI.rounds] == [11] * 6 + [13]
    assert [s.going_out for s in ROMMI.rounds] == [GoingOut.DISCARD] * 6 + [GoingOut.ALL_OUT]
    assert "Shanghai" in ROMMI.summary


def test_rommi_calls_decks_and_points() -> None:
    """F2: two decks and four jokers, three calls ("shanghai") per player and round; F1:
    2-10 face value, faces 10, ace 15, joker 25."""
    assert {(deck_plan(ROMMI, n).decks, deck_plan(ROMMI, n).jokers) for n in range(2, 9)} == {
        (2, 4)
    }
    assert {s.buy_limit for s in ROMMI.rounds} == {3} and ROMMI.buy_penalty_cards == 1
    assert ROMMI.point_table.hand_points(parse_cards("JK AS KD 7C")) == 57
    hand = parse_cards("3S 4S 5S 6S 8H 9H 10H JH 9C 10C JC QC JK")
    melds = [hand[:4], hand[4:8], hand[8:]]
    assert check_contract(ROMMI, 7, melds, hand=()).legal  # 13 cards, all out
