"""Published rulings: every rule of RULES.md, with the example from its source text.

Each test cites the seed file (in ``/work/shared/seeds/``) it comes from, and runs over every
preset the rule applies to:

- seed 000 (``000_b7353a195c3a2b14.txt``): ``liverpool`` (encyclopedia section) and
  ``liverpool-11`` (online game);
- seed 001 (``001_434909dc7af3ff3c.txt``): ``deuces-six``;
- seed 002 (``002_bee309483c45ad84.txt``): ``contract-rummy``;
- seed 003 (``003_9ad1c4574c6282cc.txt``): ``family``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scorekeeper.rules.cards import JOKER, Card, Rank, format_cards, parse_cards
from scorekeeper.rules.contract import check_contract
from scorekeeper.rules.melds import check_meld, classify, is_run, is_set, meld_problems
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import CONTRACT_RUMMY, DEUCES_SIX, FAMILY, LIVERPOOL, LIVERPOOL_11
from scorekeeper.rules.rulesets import MeldKind, RuleSet, SameSuitRuns
from scorekeeper.rules.scoring import PlayerResult, score_round, standings, winners
from scorekeeper.rules.seating import round_seats
from scorekeeper.rules.table import deck_plan, joker_swap, layoff, liverpool_check

CONTRACT_RUMMY_DEUCES = with_options(CONTRACT_RUMMY, {"deuces_wild": True})


# The presets these rulings come from (the later presets have rulings of their own in
# tests/rules/test_presets.py).
SEED_PRESETS = (LIVERPOOL, LIVERPOOL_11, CONTRACT_RUMMY, DEUCES_SIX, FAMILY)


def presets(where: Callable[[RuleSet], bool] = lambda r: True) -> list[object]:
    """Every preset the rule applies to, as pytest params named by preset id."""
    return [pytest.param(r, id=r.id) for r in SEED_PRESETS if where(r)]


def with_jokers(rules: RuleSet) -> bool:
    return rules.uses_jokers


def three_naturals(rules: RuleSet) -> bool:
    return rules.run_min_naturals == 3


def groups(*texts: str) -> list[tuple[Card, ...]]:
    return [parse_cards(t) for t in texts]


# --- cards and notation (RULES.md) ----------------------------------------------------------


def test_notation_rules_md() -> None:
    """RULES.md, Cards and notation: ranks A-K (T for 10), suits S H D C or symbols,
    JK / JOKER / ★ for a joker, case-insensitive, spaces or commas."""
    assert format_cards(parse_cards("7h 7c jk")) == "7H 7C JK"
    assert format_cards(parse_cards("10♥, J♥, Q♥, K♥")) == "10H JH QH KH"
    assert parse_cards("TH JOKER ★") == (Card(Rank.TEN, Card.parse("TH").suit), JOKER, JOKER)


# --- aces and the corner ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", presets())
@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        pytest.param("AD 2D 3D 4D", True, id="seed000-seed002-seed003-A234"),
        pytest.param("JD QD KD AD", True, id="seed000-seed002-seed003-JQKA"),
        pytest.param("KD AD 2D 3D", False, id="seed000-seed002-seed003-KA23"),
        pytest.param("QS KS AS 3S", False, id="seed000-online-QKA3"),
    ],
)
def test_aces_are_high_or_low_not_both(rules: RuleSet, hand: str, legal: bool) -> None:
    """Seed 000: "You can build ace, two three, four or you can build jack, queen, king, ace,
    but not queen, king, ace, two." Seed 002: "J-Q-K-A and A-2-3-4 are valid melds, but
    K-A-2-3 are not." Seed 003: "J, Q, K, A of diamonds or A, 2, 3, 4 of diamonds, but not
    K, A, 2, 3." (With deuces wild the 2 in K A 2 3 may be a wild, but no card it could
    stand for makes a run.)"""
    assert is_run(parse_cards(hand), rules) == legal


@pytest.mark.parametrize("rules", presets(lambda r: not r.wild_ranks))
def test_queen_king_ace_two_is_not_a_run(rules: RuleSet) -> None:
    """Seed 000 (online game): "not queen, king, ace, two"."""
    assert not is_run(parse_cards("QS KS AS 2S"), rules)


@pytest.mark.parametrize("rules", presets(lambda r: bool(r.wild_ranks)))
def test_with_deuces_wild_queen_king_ace_two_is_jack_to_ace(rules: RuleSet) -> None:
    """Seed 001: 2s "can be used to arrange series instead of any other card": in Q♠ K♠ A♠ 2
    the 2 cannot be the two of spades after the ace, so it is the wild J♠."""
    meld = check_meld(parse_cards("QS KS AS 2S"), rules)
    assert [w.stands_for for w in meld.wilds] == ["JS"]


@pytest.mark.parametrize("rules", presets(lambda r: not r.wild_ranks))
def test_turning_the_corner_is_named(rules: RuleSet) -> None:
    """Seed 002: "K-A-2-3 are not" valid; the referee says why in words."""
    (problem,) = meld_problems(parse_cards("KS AS 2S 3S"), rules)
    assert problem.code == "turns-the-corner"
    assert problem.message == "K♠ A♠ 2♠ 3♠ turns the corner: aces are high or low, not both."


@pytest.mark.parametrize("rules", presets(with_jokers))
def test_a_run_holds_at_most_13_cards(rules: RuleSet) -> None:
    """RULES.md: no turning the corner, "a run therefore has at most 13 cards"."""
    assert is_run(parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), rules)
    assert is_run(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), rules)
    codes = [p.code for p in meld_problems(parse_cards("AH " + "2H 3H 4H 5H 6H 7H 8H 9H "
                                                       "10H JH QH KH JK"), rules)]  # fmt: skip
    assert "run-too-long" in codes


# --- sets and runs ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", presets(lambda r: not r.set_distinct_suits))
@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("8H 8C 8S", id="seed000-8H-8C-8S"),
        pytest.param("AH AH AC", id="seed002-A-A-A-regardless-of-suit"),
        pytest.param("3H 3C 3S 3H 3D", id="seed000-several-decks"),
        pytest.param("2H 2C 2S", id="seed000-a-set-of-3-twos"),
    ],
)
def test_a_set_is_three_or_more_of_a_rank_suits_may_repeat(rules: RuleSet, hand: str) -> None:
    """Seed 000: "A Set consists of three or more cards all of the same rank, such as 8♥ 8♣
    8♠", and "a set of 3 twos". Seed 002: "any three cards of the same rank may form a set
    regardless of suit, and therefore a set formed of A-A-A is a valid set"."""
    meld = check_meld(parse_cards(hand), rules)
    assert meld.kind == MeldKind.SET and meld.wilds == ()


@pytest.mark.parametrize("rules", presets())
def test_two_cards_are_not_a_set(rules: RuleSet) -> None:
    """Seed 000: "Sets are 3 or more of a kind"."""
    assert [p.code for p in meld_problems(parse_cards("8H 8C"), rules)] == ["too-few-cards"]


@pytest.mark.parametrize("rules", presets(lambda r: r.set_distinct_suits))
@pytest.mark.parametrize(
    ("hand", "codes"),
    [
        pytest.param("9H 9C 9S 9D", [], id="seed001-9-9-9-9"),
        pytest.param("9H 9C 9S", [], id="seed001-three-nines"),
        pytest.param("9H 9H 9S", ["repeated-suit-in-set"], id="seed001-same-shape-twice"),
        pytest.param(
            "9H 9C 9S 9D 9H",
            ["set-too-large", "repeated-suit-in-set"],
            id="seed001-five-nines",
        ),
    ],
)
def test_seed_001_sets_are_of_different_suits(rules: RuleSet, hand: str, codes: list[str]) -> None:
    """Seed 001: a set is "3 or 4 cards with the same value but of different shapes for
    example 9, 9, 9, 9"."""
    assert [p.code for p in meld_problems(parse_cards(hand), rules)] == codes


@pytest.mark.parametrize("rules", presets())
@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        pytest.param("3H 4H 5H 6H 7H", True, id="seed000-seed001-3-to-7-of-hearts"),
        pytest.param("3H 4H 5H 6H", True, id="seed000-3-to-6-of-hearts"),
        pytest.param("3H 4H 5H", False, id="seed000-runs-are-4-or-more"),
        pytest.param("3H 4H 5C 6H", False, id="seed000-of-the-same-suit"),
        pytest.param("3H 4H 6H 7H", False, id="seed000-in-sequence"),
    ],
)
def test_a_run_is_four_or_more_in_suit_and_sequence(rules: RuleSet, hand: str, legal: bool) -> None:
    """Seed 000: "A Run consists of four or more cards in sequence, all of the same suit ...
    such as 3♥ 4♥ 5♥ 6♥ 7♥". Seed 001: "A 4 cards and more sequence with the same shape, for
    example 3,4,5,6,7 heart shaped"."""
    assert is_run(parse_cards(hand), rules) == legal


# --- wild cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", presets(with_jokers))
def test_a_set_needs_two_naturals(rules: RuleSet) -> None:
    """Seed 000: "Sets must include at least 2 non-wildcards. Legal Example: 7♥ 7♣ Joker."
    Seed 003: "a set must contain at least two natural cards"."""
    assert is_set(parse_cards("7H 7C JK"), rules)
    assert [p.code for p in meld_problems(parse_cards("7H JK JK"), rules)] == ["too-few-naturals"]


@pytest.mark.parametrize("rules", presets(lambda r: r.uses_jokers and three_naturals(r)))
def test_a_run_needs_three_naturals(rules: RuleSet) -> None:
    """Seed 000: "Runs must include at least 3 non-wildcards in an original 4 card grouping.
    Legal Example: 7♥ 8♥ Joker 10♥." (Contract Rummy, seed 002, is silent: decision.)"""
    meld = check_meld(parse_cards("7H 8H JK 10H"), rules)
    assert [w.stands_for for w in meld.wilds] == ["9H"]
    found = [p.code for p in meld_problems(parse_cards("7H JK JK 10H"), rules)]
    assert found == ["too-few-naturals"]


def test_seed_003_runs_need_only_two_naturals() -> None:
    """Seed 003: "a run must contain at least two natural cards"."""
    meld = check_meld(parse_cards("7H JK JK 10H"), FAMILY)
    assert [w.stands_for for w in meld.wilds] == ["8H", "9H"]
    assert [p.code for p in meld_problems(parse_cards("7H JK JK JK"), FAMILY)] == [
        "too-few-naturals"
    ]


@pytest.mark.parametrize(
    "rules", [pytest.param(DEUCES_SIX, id="deuces-six"),
              pytest.param(CONTRACT_RUMMY_DEUCES, id="contract-rummy+deuces_wild")],
)  # fmt: skip
@pytest.mark.parametrize(
    ("hand", "codes"),
    [
        pytest.param("8H 8C 2S", [], id="seed001-8H-8C-and-a-2"),
        pytest.param("8H 2C 2S", ["too-few-naturals"], id="seed001-two-2s-and-one-8"),
        pytest.param("4H 5H 2C 7H", [], id="seed001-4H-5H-2-7H"),
        pytest.param("4H 2S 2C 7H", ["too-few-naturals"], id="seed001-run-needs-3-naturals"),
    ],
)
def test_deuces_are_wild(rules: RuleSet, hand: str, codes: list[str]) -> None:
    """Seed 001: "In a set series you can arrange the 2 if there are at least 2 cards which
    build the series and are not the - 2. For example: 8 Heart shaped + 8 clover + 2 ... You
    can't compile a series like that when you use two 2 cards and only one 8 card." and "4
    Heart shaped + 5 Heart shaped + 2 as a Joker + 7 Heart shaped". Seed 002 option "Deuces
    wild: the game can be played with all the 2s acting as Jokers"."""
    assert [p.code for p in meld_problems(parse_cards(hand), rules)] == codes


@pytest.mark.parametrize(
    "rules", [pytest.param(DEUCES_SIX, id="deuces-six"),
              pytest.param(CONTRACT_RUMMY_DEUCES, id="contract-rummy+deuces_wild")],
)  # fmt: skip
def test_a_two_may_stand_for_itself(rules: RuleSet) -> None:
    """RULES.md decision: in deuces-wild games "AH 2H 3H 4H is a natural run"; a 2 standing
    for itself counts as natural. In 5H 2C 7H 8H the 2♣ is wild, the 6♥."""
    assert check_meld(parse_cards("AH 2H 3H 4H"), rules).wilds == ()
    (use,) = check_meld(parse_cards("5H 2C 7H 8H"), rules).wilds
    assert use.card == Card.parse("2C") and use.stands_for == "6H"


@pytest.mark.parametrize("rules", presets(with_jokers))
def test_a_wild_in_a_run_stands_for_one_definite_card(rules: RuleSet) -> None:
    """Seed 003: "8, 9, Joker, Jack of clubs" - the joker is the 10 of clubs. RULES.md: the
    referee reports what each wild stands for; in a set, the rank only."""
    assert [w.stands_for for w in check_meld(parse_cards("8C 9C JK JC"), rules).wilds] == ["10C"]
    assert [w.stands_for for w in check_meld(parse_cards("7H 7C JK"), rules).wilds] == ["7"]


# --- contracts -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", presets(lambda r: r.round_count == 7))
@pytest.mark.parametrize(
    ("round_number", "lay_down"),
    [
        pytest.param(1, ["7H 7C 7S", "9D 9C 9S"], id="seed000-deal1-two-sets"),
        pytest.param(2, ["7H 7C 7S", "3H 4H 5H 6H"], id="seed000-deal2-one-set-one-run"),
        pytest.param(3, ["3H 4H 5H 6H", "8C 9C 10C JC"], id="seed000-deal3-two-runs"),
        pytest.param(4, ["7H 7C 7S", "9D 9C 9S", "KH KS KD"], id="seed000-deal4-three-sets"),
        pytest.param(5, ["7H 7C 7S", "9D 9C 9S", "3H 4H 5H 6H"], id="seed000-deal5"),
        pytest.param(6, ["7H 7C 7S", "3H 4H 5H 6H", "8C 9C 10C JC"], id="seed000-deal6"),
        pytest.param(7, ["3H 4H 5H 6H", "8C 9C 10C JC", "JD QD KD AD"], id="seed000-deal7"),
    ],
)
def test_the_seven_contracts(rules: RuleSet, round_number: int, lay_down: list[str]) -> None:
    """Seed 000: "Deal #1: Two Sets ... Deal #7: Three Runs"; seeds 002 and 003 list the same
    seven contracts."""
    assert check_contract(rules, round_number, groups(*lay_down), hand=()).legal


@pytest.mark.parametrize("rules", presets(lambda r: not r.exact_contract_melds))
def test_melds_may_be_longer_than_the_minimum(rules: RuleSet) -> None:
    """Seed 000: "Once you have the minimum requirement of the hand (or more) you can 'go
    down'"."""
    verdict = check_contract(rules, 2, groups("KH KS KD KC", "3H 4H 5H 6H 7H"))
    assert verdict.legal, verdict.messages()


def test_seed_002_contract_melds_are_exactly_the_cards_needed() -> None:
    """Seed 002: "Only the specific number of cards needed for the contract may be melded
    when fulfilling the contract." Round 7 "must be a complete hand", so longer runs go down
    there."""
    verdict = check_contract(CONTRACT_RUMMY, 2, groups("KH KS KD KC", "3H 4H 5H 6H 7H"))
    assert [p.code for p in verdict.problems] == ["meld-not-exact", "meld-not-exact"]
    last = check_contract(CONTRACT_RUMMY, 7, groups("3H 4H 5H 6H 7H", "8C 9C 10C JC", "JD QD "
                                                    "KD AD"), hand=())  # fmt: skip
    assert last.legal


@pytest.mark.parametrize("rules", presets(lambda r: len(r.round(3).contract.runs) == 2))
def test_2_to_9_is_one_run(rules: RuleSet) -> None:
    """Seed 002: "a sequence of 2-3-4-5-6-7-8-9 counts as just one run"."""
    verdict = check_contract(rules, 3, groups("2H 3H 4H 5H 6H 7H 8H 9H"))
    assert "too-few-runs" in [p.code for p in verdict.problems]
    split = check_contract(rules, 3, groups("2H 3H 4H 5H", "6H 7H 8H 9H"))
    assert [p.code for p in split.problems] == ["runs-touch"]


@pytest.mark.parametrize("rules", presets(lambda r: len(r.round(3).contract.runs) == 2))
def test_2_to_5_and_7_to_10_are_two_runs(rules: RuleSet) -> None:
    """Seed 002: "2-3-4-5-7-8-9-10 is considered to be two runs because of the break between
    the 5 and the 7"."""
    assert check_contract(rules, 3, groups("2H 3H 4H 5H", "7H 8H 9H 10H")).legal
    assert not check_contract(rules, 3, groups("2H 3H 4H 5H 7H 8H 9H 10H")).legal


@pytest.mark.parametrize(
    "rules", presets(lambda r: r.same_suit_runs == SameSuitRuns.APART_OR_OVERLAPPING)
)
def test_seed_003_same_suit_runs_may_overlap_but_not_touch(rules: RuleSet) -> None:
    """Seed 003: "runs of cards may be constructed in the same suit as long as they are
    separated by one card (for example, 4, 5, 6, 7 of hearts and 9, 10, J, Q of hearts).
    Duplicate runs may also be constructed with overlap (for example, 5, 6, 7, 8 of spades
    and 7, 8, 9, 10 of spades)"."""
    assert check_contract(rules, 3, groups("4H 5H 6H 7H", "9H 10H JH QH")).legal
    assert check_contract(rules, 3, groups("5S 6S 7S 8S", "7S 8S 9S 10S")).legal
    touching = check_contract(rules, 3, groups("4H 5H 6H 7H", "8H 9H 10H JH"))
    assert [p.code for p in touching.problems] == ["runs-touch"]


@pytest.mark.parametrize("rules", presets(lambda r: r.same_suit_runs == SameSuitRuns.APART))
def test_seeds_000_001_002_same_suit_runs_may_not_overlap(rules: RuleSet) -> None:
    """Seed 002: runs of one suit only if "not in consecutive order"; RULES.md decision: they
    must neither touch nor overlap (seeds 000 and 001 are silent: same as seed 002)."""
    number = next(i for i, r in enumerate(rules.rounds, 1) if len(r.contract.runs) == 2)
    sets = ["KH KS KD"] * len(rules.round(number).contract.sets)
    overlap = check_contract(rules, number, groups(*sets, "5S 6S 7S 8S", "7S 8S 9S 10S"))
    assert [p.code for p in overlap.problems] == ["runs-overlap"]


@pytest.mark.parametrize("rules", presets())
def test_the_last_round_is_all_out(rules: RuleSet) -> None:
    """Seed 000: "Three Runs All Out (no discard, even the last card you pick up must fit into
    your hand)"; seed 001: "Sixth round - 1 set and 2 runs when no cards are left in the hand
    at all"; seed 002: round 7 "must be a complete hand"; seed 003: "In the final hand, no
    discard is allowed"."""
    last = rules.round_count
    spec = rules.round(last)
    assert spec.all_out
    sets = ["KH KS KD"] * len(spec.contract.sets)
    runs = ["3H 4H 5H 6H", "8C 9C 10C JC", "JD QD KD AD"][: len(spec.contract.runs)]
    assert check_contract(rules, last, groups(*sets, *runs), hand=()).legal
    left = check_contract(rules, last, groups(*sets, *runs), hand=parse_cards("9S"))
    assert [p.code for p in left.problems] == ["cards-left-in-hand"]


def test_seed_001_round_5_ends_with_one_card_to_discard() -> None:
    """Seed 001: "Fifth Round - 2 sets and 1 run when a single card is left which is
    discarded"."""
    assert not DEUCES_SIX.round(5).all_out
    verdict = check_contract(DEUCES_SIX, 5, groups("7H 7C 7S", "9D 9C 2S", "3H 4H 5H 6H"),
                             hand=parse_cards("KC"))  # fmt: skip
    assert verdict.legal


# --- the table: laying off, jokers, liverpool ----------------------------------------------


@pytest.mark.parametrize("rules", presets())
def test_playing_off(rules: RuleSet) -> None:
    """Seed 000: "If another player has laid down a set of 3's (3♥ 3♣ 3♠) and you have a 3 in
    your hand, you may lay it down on his pile. If another player has laid down a run of
    hearts (3♥ 4♥ 5♥ 6♥), you may add a 7♥ to their pile." """
    three = "3D" if rules.set_distinct_suits else "3H"
    assert layoff(parse_cards("3H 3C 3S"), Card.parse(three), rules).position == "set"
    assert layoff(parse_cards("3H 4H 5H 6H"), Card.parse("7H"), rules).position == "high"


@pytest.mark.parametrize("rules", presets())
def test_liverpool_call(rules: RuleSet) -> None:
    """Seed 000: "When a player discards a card that could have been played off on their own
    or another player's laid cards is a 'liverpool.'" """
    table = groups("3H 3C 3S", "3H 4H 5H 6H")
    assert liverpool_check(table, Card.parse("7H"), rules).playable
    assert not liverpool_check(table, Card.parse("KC"), rules).playable


@pytest.mark.parametrize("rules", presets(lambda r: r.uses_jokers))
def test_a_joker_in_a_run_may_be_taken(rules: RuleSet) -> None:
    """Seed 000: "a run that has ace, two, joker and then four of spades ... if you have the 3
    of spades you can replace the joker"; seed 003: "8, 9, Joker, Jack of clubs may be
    replaced with the 10 of clubs"; seed 002: "take a joker into his hand from a meld on the
    table by replacing it with the card it represents"."""
    swap = joker_swap(parse_cards("AS 2S JK 4S"), Card.parse("3S"), rules)
    assert swap.allowed and swap.joker_index == 2
    swap = joker_swap(parse_cards("8C 9C JK JC"), Card.parse("10C"), rules)
    assert swap.allowed and swap.joker_index == 2
    assert not joker_swap(parse_cards("8C 9C JK JC"), Card.parse("10H"), rules).allowed


DEAD_SET_JOKERS = [pytest.param(r, id=r.id) for r in (LIVERPOOL, LIVERPOOL_11, CONTRACT_RUMMY)]


@pytest.mark.parametrize("rules", DEAD_SET_JOKERS)
def test_a_joker_in_a_set_is_dead(rules: RuleSet) -> None:
    """Seed 000: "A joker can only be pulled out of a run, not out of a set." Seed 002:
    "Jokers played as part of a group are considered 'dead'; they cannot be reclaimed"."""
    swap = joker_swap(parse_cards("7H 7C JK"), Card.parse("7S"), rules)
    assert not swap.allowed
    assert swap.reason == "A wild card in a set is dead: it cannot be taken."


def test_seed_003_a_joker_laid_as_the_third_card_of_a_set_may_be_taken() -> None:
    """Seed 003: "If a joker is used in a run or as the third card in a set, the joker may be
    'stolen' ... If the joker is placed on a set, the joker is 'dead' and may not be taken."
    """
    assert joker_swap(parse_cards("7H 7C JK"), Card.parse("7S"), FAMILY).allowed
    later = joker_swap(parse_cards("7H 7C 7D JK"), Card.parse("7S"), FAMILY)
    assert not later.allowed and "dead" in later.reason


# --- decks, points, round flow ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "expected"),
    [
        pytest.param(LIVERPOOL_11, 4, (2, 4), id="seed000-online-4-players-2-decks-4-jokers"),
        pytest.param(LIVERPOOL_11, 5, (3, 6), id="seed000-online-5-players-3-decks-6-jokers"),
        pytest.param(LIVERPOOL, 5, (2, 4), id="seed000-2-decks-for-three-to-five"),
        pytest.param(LIVERPOOL, 6, (3, 6), id="seed000-3-decks-for-more"),
        pytest.param(DEUCES_SIX, 4, (2, 0), id="seed001-2-decks-for-4-5-players"),
        pytest.param(DEUCES_SIX, 6, (3, 0), id="seed001-3-decks-for-more"),
        pytest.param(CONTRACT_RUMMY, 3, (2, 2), id="seed002-3-players-2-jokers"),
        pytest.param(CONTRACT_RUMMY, 5, (3, 4), id="seed002-5-players-4-jokers"),
        pytest.param(FAMILY, 5, (3, 6), id="seed003-5-players-three-decks"),
        pytest.param(FAMILY, 7, (4, 8), id="seed003-7-players-four-decks"),
    ],
)
def test_decks_and_jokers(rules: RuleSet, players: int, expected: tuple[int, int]) -> None:
    """Seed 000: "For up to 4 players you use 2 decks including all 4 jokers. For 5 players you
    need 3 decks and all 6 jokers" and "typically 2 decks for three to five players, 3 decks
    for more"; seed 001: "2 decks of cards when there are 4-5 players, and 3 decks when there
    are more"; seed 002: "one fewer than the number of players, so for 3 players add in 2
    Jokers, for 5 players add in 4"; seed 003: "5 players, three decks, 7 players, four
    decks"."""
    plan = deck_plan(rules, players)
    assert (plan.decks, plan.jokers) == expected


@pytest.mark.parametrize(
    ("rules", "hand", "points"),
    [
        pytest.param(LIVERPOOL, "AH JK 9C 10D KS", 15 + 20 + 5 + 10 + 10, id="seed000-5-10"),
        pytest.param(LIVERPOOL_11, "AH JK 9C 10D KS", 15 + 15 + 9 + 10 + 10, id="seed000-online"),
        pytest.param(DEUCES_SIX, "AH 2C 9C 10D KS", 25 + 25 + 5 + 10 + 10, id="seed001"),
        pytest.param(CONTRACT_RUMMY, "AH JK 9C 10D KS", 15 + 25 + 9 + 10 + 10, id="seed002"),
        pytest.param(FAMILY, "AH JK 9C 10D KS", 15 + 15 + 9 + 10 + 10, id="seed003"),
    ],
)
def test_points_left_in_hand(rules: RuleSet, hand: str, points: int) -> None:
    """Seed 000: "Ace is 15 Points, Jokers are 20 points each, 2 through 9 are 5 points each,
    10, J, Q and K are 10 points each" (online: "Jokers and Aces are 15 points ... all others
    are equal to their numerical value"); seed 001: "Ace and 2 are equal 25 points each. 3 -
    9 are equal 5 points each. 10, J, Q and K are equal 10 points each"; seed 002: "Joker 25,
    Ace 15, Face cards 10, Others face value"; seed 003: "Aces and Jokers are 15 points each,
    Face cards are 10 points each, All other cards are face value"."""
    results = [PlayerResult(went_out=True), PlayerResult(cards=parse_cards(hand))]
    scored = score_round(rules, 1, results + [PlayerResult(went_out=False, points=0)] * (
        max(rules.min_players - 2, 0)), first_dealer=0)  # fmt: skip
    assert scored.points[:2] == (0, points)


@pytest.mark.parametrize("rules", presets(lambda r: r.cut_bonus != 0))
def test_cut_bonus(rules: RuleSet) -> None:
    """Seed 000: "if a player manages to cut the exact number of cards required to deal the
    hand and leave a face-up card, then the cutting player's score is reduced by 50 points"."""
    results = [PlayerResult(points=20), PlayerResult(went_out=True), PlayerResult(points=30)]
    scored = score_round(rules, 1, results, first_dealer=0, cut_bonus=True)
    # Round 1, seat 0 deals: seat 2, on the dealer's right, cuts.
    assert scored.points == (20, 0, 30 - 50)


def test_seating() -> None:
    """Seed 000: "The person to the right of the dealer cuts the cards ... The person to the
    left of the dealer draws first"; "Dealership rotates to each player from round to round";
    seed 002: "Each round, the dealer moves to the left"."""
    first = round_seats(first_dealer=1, round_number=1, players=4)
    second = round_seats(first_dealer=1, round_number=2, players=4)
    assert (first.dealer, first.first_player, first.cutter) == (1, 2, 0)
    assert second.dealer == 2


def test_lowest_total_wins_and_ties_share() -> None:
    """Seed 000: "the player with the lowest score at the end of the seven deals wins";
    RULES.md decision: equal totals share the win."""
    assert winners([120, 85, 85]) == [1, 2]
    assert [s.place for s in standings([120, 85, 85])] == [1, 1, 3]


def test_classify_does_not_depend_on_a_preset_id() -> None:
    """STYLE.md: rule variants are data - a custom rule set equal to a preset judges alike."""
    custom = with_options(
        LIVERPOOL, {"run_min_naturals": 2, "same_suit_runs": "apart-or-overlapping"}
    )
    hand = parse_cards("7H JK JK 10H")
    assert classify(hand, custom) is not None and classify(hand, LIVERPOOL) is None
