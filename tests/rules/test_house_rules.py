"""House rules about melds and going down: a ruling with a worked hand for each option, and
the arranger against the brute-force oracle on rule sets drawn at random (any contract of
one to three melds, either going-out rule, every option of this kind)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Card, Rank, RuleSet, Suit, check_contract
from scorekeeper.rules.arranger import Arrangement, arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.cards import JOKER, format_cards, parse_cards
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.options import option_values, with_options
from scorekeeper.rules.presets import LIVERPOOL
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldKind, MeldSpec, RoundSpec
from scorekeeper.rules.validation import validate


def assert_sound(rules: RuleSet, number: int, hand: tuple[Card, ...], a: Arrangement) -> None:
    used = [c for m in a.melds for c in m.cards] + list(a.leftover)
    assert Counter(used) == Counter(hand)
    if not a.possible:
        assert a.reason and not a.melds
        return
    verdict = check_contract(rules, number, [m.cards for m in a.melds], hand=a.leftover)
    assert verdict.legal, verdict.messages()


def judged(rules: RuleSet, number: int, hand: str) -> Arrangement:
    """The arranger's answer, checked against the oracle and the contract referee."""
    cards = parse_cards(hand)
    a = arrange(rules, number, cards)
    assert a.possible == (brute_force(rules, number, cards) is not None), a.reason
    assert_sound(rules, number, cards, a)
    return a


# --- a 2 standing for itself -----------------------------------------------------------------


def test_a_two_may_stand_for_itself_or_always_be_wild() -> None:
    """Deuces-six round 1 (2 sets): 2♥ 2♠ 2♦ is a set of twos when a 2 may stand for itself;
    when every 2 is wild they are three wilds, and the nines take only one of them."""
    hand = "2H 2S 2D 9S 9D 9C KD QS JC 5H"
    deuces = PRESETS["deuces-six"]
    assert judged(deuces, 1, hand).possible
    always_wild = with_options(deuces, {"wild_can_be_natural": False})
    assert not judged(always_wild, 1, hand).possible


# --- aces ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("aces", "low_run", "high_run"),
    [("low-or-high", True, True), ("high-only", False, True), ("low-only", True, False)],
)
def test_aces_low_high_or_both(aces: str, low_run: bool, high_run: bool) -> None:
    """Liverpool round 3 (2 runs): A♠-4♠ needs a low ace, J♥-A♥ a high one."""
    rules = with_options(LIVERPOOL, {"aces": aces})
    assert judged(rules, 3, "AS 2S 3S 4S 9D 10D JD QD 7C 5H").possible == low_run
    assert judged(rules, 3, "JH QH KH AH 3S 4S 5S 6S 9C 9D").possible == high_run
    codes = [p.code for p in check_contract(rules, 3, [parse_cards("AS 2S 3S 4S")]).problems]
    assert ("ace-not-allowed" in codes) == (not low_run)


# --- the gap between two runs of one suit ------------------------------------------------------


@pytest.mark.parametrize(
    ("gap", "touching", "one_apart"), [(0, True, True), (1, False, True), (2, False, False)]
)
def test_gap_between_runs_of_one_suit(gap: int, touching: bool, one_apart: bool) -> None:
    """7♦-10♦ with J♦-A♦ touch (two runs only when touching is allowed); 2♥-5♥ with 7♥-10♥
    have one rank between them (too close for a "May I?" table's gap of two)."""
    rules = with_options(LIVERPOOL, {"same_suit_run_gap": gap})
    assert judged(rules, 3, "7D 8D 9D 10D JD QD KD AD 3C 5S").possible == touching
    assert judged(rules, 3, "2H 3H 4H 5H 7H 8H 9H 10H KS QC").possible == one_apart
    verdict = check_contract(rules, 3, [parse_cards("2H 3H 4H 5H"), parse_cards("7H 8H 9H 10H")])
    assert [p.code for p in verdict.problems] == ([] if one_apart else ["runs-too-close"])


def test_a_gap_needs_runs_of_one_suit() -> None:
    with pytest.raises(RuleSetError, match="same_suit_run_gap"):
        with_options(LIVERPOOL, {"same_suit_runs": "never", "same_suit_run_gap": 2})


# --- extra melds -------------------------------------------------------------------------------


def test_extra_melds_going_down() -> None:
    """Liverpool round 7 (3 runs, all out): the three kings fit in no run, but they are a set
    of their own when extra melds may go down."""
    hand = "3S 4S 5S 6S 9D 10D JD QD 5C 6C 7C 8C KH KS KC"
    assert not judged(LIVERPOOL, 7, hand).possible
    rules = with_options(LIVERPOOL, {"extra_melds": True})
    a = judged(rules, 7, hand)
    assert [format_cards(m.cards) for m in a.melds][-1] == "KS KH KC"
    groups = [parse_cards(g) for g in ("3S 4S 5S 6S", "9D 10D JD QD", "5C 6C 7C 8C", "KH KS KC")]
    assert [p.code for p in check_contract(LIVERPOOL, 7, groups, hand=()).problems] == [
        "too-many-sets"
    ]
    assert check_contract(rules, 7, groups, hand=()).legal


# --- a card to discard ---------------------------------------------------------------------------


def test_the_arrangement_shown_keeps_a_card_to_discard() -> None:
    """Family round 6: 2♠-5♠, 5♠ 6♠ Joker 8♠ and the jacks leave A♠ to discard."""
    a = judged(PRESETS["family"], 6, "AS 2S 3S 4S 5S 5S 6S 8S JS JD JC JK")
    assert format_cards(a.leftover) == "AS"


def test_going_down_must_leave_a_card_to_discard() -> None:
    """Liverpool round 1 with six cards: two sets use them all, which only the strict rule
    forbids."""
    hand = "7H 7C 7S 9D 9S 9H"
    assert judged(LIVERPOOL, 1, hand).possible
    strict = with_options(LIVERPOOL, {"keep_card_to_discard": True})
    a = judged(strict, 1, hand)
    assert a.reason == (
        "No way to make 2 sets and keep a card to discard: every way uses all 6 cards."
    )
    sets = [parse_cards("7H 7C 7S"), parse_cards("9D 9S 9H")]
    assert [p.code for p in check_contract(strict, 1, sets, hand=()).problems] == [
        "no-card-to-discard"
    ]
    assert check_contract(strict, 1, sets, hand=parse_cards("KD")).legal


# --- melds of wild cards only ------------------------------------------------------------------

WILD_ONLY = with_options(LIVERPOOL, {"set_min_naturals": 0, "run_min_naturals": 0})


def test_a_set_of_wild_cards_only() -> None:
    """Liverpool round 1 (2 sets) at a table that asks for no natural card: the nines and
    three jokers are two sets. All out, with nothing else in hand, the jokers must be a set
    of their own."""
    groups = [parse_cards("9S 9D 9C"), parse_cards("JK JK JK")]
    assert [p.code for p in check_contract(LIVERPOOL, 1, groups).problems] == ["no-naturals"]
    verdict = check_contract(WILD_ONLY, 1, groups, hand=parse_cards("4H"))
    assert verdict.legal and verdict.melds[1].meld is not None
    assert verdict.melds[1].meld.describe() == "set of wild cards"
    all_out = dataclasses.replace(
        WILD_ONLY, rounds=(RoundSpec(Contract.of(sets=2), 6, GoingOut.ALL_OUT),)
    )
    a = judged(all_out, 1, "9S 9D 9C JK JK JK")
    assert [format_cards(m.cards) for m in a.melds] == ["9S 9D 9C", "JK JK JK"]
    # The limit on wild cards still holds: three wilds outnumber no natural card.
    capped = with_options(all_out, {"wilds_at_most_naturals": True})
    assert not judged(capped, 1, "9S 9D 9C JK JK JK").possible


def test_a_run_of_wild_cards_only() -> None:
    """Liverpool round 2 (1 set and 1 run): four jokers are the run. Wild cards that could be
    either kind count as the meld the contract still needs."""
    hand = "7H 7C 7S JK JK JK JK KD"
    assert not judged(LIVERPOOL, 2, hand).possible
    a = judged(WILD_ONLY, 2, hand)
    assert [(m.kind, format_cards(m.cards)) for m in a.melds] == [
        (MeldKind.SET, "7S 7H 7C"),
        (MeldKind.RUN, "JK JK JK JK"),
    ]
    verdict = check_contract(WILD_ONLY, 2, [m.cards for m in a.melds], hand=a.leftover)
    assert verdict.legal
    assert [r.meld.describe() for r in verdict.melds if r.meld] == [
        "set of sevens",
        "run of wild cards",
    ]
    # Only runs may be wild: the same jokers as a set are not a set.
    runs_only = with_options(LIVERPOOL, {"run_min_naturals": 0})
    assert judged(runs_only, 2, hand).possible
    assert not judged(runs_only, 1, "7H 7C 7S JK JK JK KD").possible


def test_a_run_of_wild_cards_only_is_clear_of_other_runs() -> None:
    """Liverpool round 3 (2 runs), runs of one suit apart: a run of wild cards has no suit,
    so it never touches the other run."""
    groups = [parse_cards("5H 6H 7H 8H"), parse_cards("JK JK JK JK")]
    verdict = check_contract(WILD_ONLY, 3, groups, hand=parse_cards("KD"))
    assert verdict.legal, verdict.messages()
    never = with_options(WILD_ONLY, {"same_suit_runs": "never"})
    assert check_contract(never, 3, groups, hand=parse_cards("KD")).legal
    assert judged(WILD_ONLY, 3, "5H 6H 7H 8H JK JK JK JK KD").possible


# --- random rule sets ----------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A one-round rule set: a contract of one to three melds and the meld options."""
    melds = draw(
        st.lists(
            st.one_of(
                st.builds(MeldSpec, st.just(MeldKind.SET), st.integers(2, 4)),
                st.builds(MeldSpec, st.just(MeldKind.RUN), st.integers(3, 5)),
            ),
            min_size=1,
            max_size=3,
        )
    )
    going_out = draw(st.sampled_from(list(GoingOut)))
    rules = dataclasses.replace(
        LIVERPOOL, rounds=(RoundSpec(Contract(tuple(melds)), 10, going_out),)
    )
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "aces": st.sampled_from(["low-or-high", "high-only", "low-only"]),
                "same_suit_runs": st.sampled_from(["apart", "apart-or-overlapping"]),
                "same_suit_run_gap": st.integers(0, 2),
                "extra_melds": st.booleans(),
                "keep_card_to_discard": st.booleans(),
                "deuces_wild": st.booleans(),
                "wild_can_be_natural": st.booleans(),
                "wilds_at_most_naturals": st.booleans(),
                "set_distinct_suits": st.booleans(),
                "exact_contract_melds": st.booleans(),
                "set_min_naturals": st.integers(0, 3),
                "run_min_naturals": st.integers(0, 3),
            },
        )
    )
    try:
        rules = with_options(rules, options)
        validate(rules)
    except RuleSetError:
        return LIVERPOOL
    return rules


def _hand(rng: random.Random, rules: RuleSet, size: int) -> tuple[Card, ...]:
    """Cards crowded into two suits and a band of ranks, so that melds often form."""
    suits = rng.sample(list(Suit), 2)
    low = rng.randint(1, 8)
    ranks = [Rank(r) for r in range(low, min(13, low + 6) + 1)] + [Rank.ACE, Rank.TWO]
    pool = [Card(r, s) for s in suits for r in ranks] * 2 + [JOKER] * 2
    return tuple(rng.sample(pool, size))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data())
def test_random_rule_sets_agree_with_the_oracle(rules: RuleSet, data: st.DataObject) -> None:
    rng = data.draw(st.randoms(use_true_random=False))
    size = data.draw(st.integers(4, 9))
    hand = _hand(rng, rules, size)
    a = arrange(rules, 1, hand)
    oracle = brute_force(rules, 1, hand)
    assert a.possible == (oracle is not None), (format_cards(hand), option_values(rules), a.reason)
    assert_sound(rules, 1, hand, a)
