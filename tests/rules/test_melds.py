"""The meld referee (scorekeeper.rules.melds): sets, runs, wilds and the problems reported."""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.cards import FULL_DECK, JOKER, Card, Rank, Suit, format_cards, parse_cards
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.meld_model import rank_at
from scorekeeper.rules.melds import (
    Meld,
    WildUse,
    check_meld,
    classify,
    is_run,
    is_set,
    is_wild,
    judge,
    meld_problems,
)
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import CONTRACT_RUMMY, DEUCES_SIX, FAMILY, LIVERPOOL, PRESETS
from scorekeeper.rules.rulesets import Aces, MeldKind, RuleSet, RunSuits

ALL_PRESETS = list(PRESETS.values())
PRESET_IDS = list(PRESETS)


def codes(text: str, rules: RuleSet, kind: MeldKind | None = None) -> list[str]:
    return [p.code for p in meld_problems(parse_cards(text), rules, kind)]


def stands_for(text: str, rules: RuleSet) -> list[str]:
    return [w.stands_for for w in check_meld(parse_cards(text), rules).wilds]


# --- legal melds and what their wilds stand for ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "kind", "wilds", "low", "high"),
    [
        ("7H 7C JK", LIVERPOOL, MeldKind.SET, ["7"], 7, 7),
        ("7H 7C 7S 7H 7D", LIVERPOOL, MeldKind.SET, [], 7, 7),
        ("AH AC AS", LIVERPOOL, MeldKind.SET, [], 1, 1),
        ("3H 4H 5H 6H 7H", LIVERPOOL, MeldKind.RUN, [], 3, 7),
        ("8C 9C JK JC", LIVERPOOL, MeldKind.RUN, ["10C"], 8, 11),
        ("JC JK 8C 9C", LIVERPOOL, MeldKind.RUN, ["10C"], 8, 11),
        ("AS 2S 3S 4S", LIVERPOOL, MeldKind.RUN, [], 1, 4),
        ("JS QS KS AS", LIVERPOOL, MeldKind.RUN, [], 11, 14),
        ("AS KS QS JS", LIVERPOOL, MeldKind.RUN, [], 11, 14),
        ("JK QH KH AH", LIVERPOOL, MeldKind.RUN, ["JH"], 11, 14),
        ("QH KH JK AH", LIVERPOOL, MeldKind.RUN, ["JH"], 11, 14),
        ("QH KH AH JK", LIVERPOOL, MeldKind.RUN, ["JH"], 11, 14),
        ("JH QH KH JK", LIVERPOOL, MeldKind.RUN, ["AH"], 11, 14),
        ("JK 2D 3D 4D", LIVERPOOL, MeldKind.RUN, ["AD"], 1, 4),
        ("2D 3D 4D JK", LIVERPOOL, MeldKind.RUN, ["5D"], 2, 5),
        ("7H 8H 9H JK", LIVERPOOL, MeldKind.RUN, ["10H"], 7, 10),
        ("JK 7H 8H 9H", LIVERPOOL, MeldKind.RUN, ["6H"], 6, 9),
        ("9H 8H 7H JK", LIVERPOOL, MeldKind.RUN, ["6H"], 6, 9),
        ("JK 9H 8H 7H", LIVERPOOL, MeldKind.RUN, ["10H"], 7, 10),
        ("8H 7H JK 9H", LIVERPOOL, MeldKind.RUN, ["10H"], 7, 10),
        ("7H JK JK 10H", FAMILY, MeldKind.RUN, ["8H", "9H"], 7, 10),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", LIVERPOOL, MeldKind.RUN, [], 2, 14),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", LIVERPOOL, MeldKind.RUN, [], 1, 13),
        ("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK JK", LIVERPOOL, MeldKind.RUN, ["2H", "AH"], 2, 14),
        ("8H 8C 2S", DEUCES_SIX, MeldKind.SET, ["8"], 8, 8),
        ("2H 2C 2S", DEUCES_SIX, MeldKind.SET, [], 2, 2),
        ("AH 2H 3H 4H", DEUCES_SIX, MeldKind.RUN, [], 1, 4),
        ("3H 4H 5H 2H", DEUCES_SIX, MeldKind.RUN, [], 2, 5),
        ("5H 2C 7H 8H", DEUCES_SIX, MeldKind.RUN, ["6H"], 5, 8),
        ("4H 5H 2S 7H", DEUCES_SIX, MeldKind.RUN, ["6H"], 4, 7),
        ("2H 5H 6H 7H", DEUCES_SIX, MeldKind.RUN, ["4H"], 4, 7),
    ],
)
def test_legal_melds(
    text: str, rules: RuleSet, kind: MeldKind, wilds: list[str], low: int, high: int
) -> None:
    meld = check_meld(parse_cards(text), rules)
    assert meld.kind == kind
    assert [w.stands_for for w in meld.wilds] == wilds
    assert (meld.low, meld.high) == (low, high)
    assert meld.cards == parse_cards(text)
    assert meld_problems(parse_cards(text), rules) == []


def test_wild_uses_follow_card_order_and_name_the_card() -> None:
    meld = check_meld(parse_cards("JK 5S JK 7S 8S"), FAMILY)
    assert meld.wilds == (
        WildUse(JOKER, Rank.FOUR, Suit.SPADES),
        WildUse(JOKER, Rank.SIX, Suit.SPADES),
    )
    assert meld.wild_indices == (0, 2)
    assert meld.naturals == 3 and len(meld) == 5


def test_a_high_ace_wild_says_so() -> None:
    (use,) = check_meld(parse_cards("JH QH KH JK"), LIVERPOOL).wilds
    assert use.rank == Rank.ACE and use.high_ace and use.position == 14
    assert use.stands_for == "AH" and use.pretty == "A♥"


def test_set_wilds_stand_for_the_rank_only() -> None:
    (use,) = check_meld(parse_cards("7H 7C JK"), LIVERPOOL).wilds
    assert use.suit is None and use.stands_for == "7" and use.pretty == "7"
    assert check_meld(parse_cards("7H 7C JK"), LIVERPOOL).rank == Rank.SEVEN


@pytest.mark.parametrize(
    ("text", "ordered"),
    [
        ("JC JK 8C 9C", "8C 9C JK JC"),
        ("KS AS QS JS", "JS QS KS AS"),
        ("JK 9H 8H 7H", "7H 8H 9H JK"),
        ("2D AD 4D 3D", "AD 2D 3D 4D"),
        ("7H 7C JK", "7H 7C JK"),
    ],
)
def test_ordered_puts_cards_in_run_order(text: str, ordered: str) -> None:
    assert format_cards(check_meld(parse_cards(text), LIVERPOOL).ordered()) == ordered


def test_ordered_works_for_a_meld_built_by_hand() -> None:
    meld = Meld(
        MeldKind.RUN,
        parse_cards("JC JK 8C 9C"),
        (WildUse(JOKER, Rank.TEN, Suit.CLUBS),),
        None,
        Suit.CLUBS,
        8,
        11,
    )
    assert format_cards(meld.ordered()) == "8C 9C JK JC"
    assert meld.describe() == "run 8♣-J♣"


def test_describe() -> None:
    assert check_meld(parse_cards("7H 7C JK"), LIVERPOOL).describe() == "set of sevens"
    assert check_meld(parse_cards("JH QH KH AH"), LIVERPOOL).describe() == "run J♥-A♥"
    assert check_meld(parse_cards("JH QH KH AH"), LIVERPOOL).span_text() == "J♥-A♥"


# --- problems -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "kind", "expected"),
    [
        ("", LIVERPOOL, None, ["too-few-cards"]),
        ("7H 7C", LIVERPOOL, None, ["too-few-cards"]),
        ("7H 8H 9H", LIVERPOOL, MeldKind.RUN, ["too-few-cards"]),
        ("7H JK JK", LIVERPOOL, None, ["too-few-naturals"]),
        ("JK JK JK", LIVERPOOL, MeldKind.SET, ["no-naturals"]),
        ("JK JK JK JK", LIVERPOOL, MeldKind.RUN, ["no-naturals"]),
        ("7H 7C 8S", LIVERPOOL, None, ["mixed-ranks"]),
        ("7H 8H 9C 10H", LIVERPOOL, None, ["mixed-suits"]),
        ("7H 8H 10H JH", LIVERPOOL, None, ["not-consecutive"]),
        ("7H 8H JK JH QH", LIVERPOOL, None, ["not-consecutive"]),
        ("KS AS 2S 3S", LIVERPOOL, None, ["turns-the-corner"]),
        ("QS KS AS 2S", LIVERPOOL, None, ["turns-the-corner"]),
        ("QH KH JK 2H", LIVERPOOL, None, ["turns-the-corner"]),
        ("5H 5H 6H 7H", LIVERPOOL, MeldKind.RUN, ["duplicate-card-in-run"]),
        ("7H JK JK 10H", LIVERPOOL, None, ["too-few-naturals"]),
        ("8H 8H 8C", DEUCES_SIX, None, ["repeated-suit-in-set"]),
        ("8H 8C 8S 8D 2C", DEUCES_SIX, None, ["set-too-large"]),
        ("8H 2C 2S", DEUCES_SIX, None, ["too-few-naturals"]),
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            LIVERPOOL,
            None,
            ["run-too-long", "duplicate-card-in-run"],
        ),
        ("7H 8C", LIVERPOOL, MeldKind.SET, ["too-few-cards", "mixed-ranks"]),
        ("7H 7C JK JK JK", LIVERPOOL, None, []),
        (
            "7H 7C JK JK JK",
            with_options(LIVERPOOL, {"wilds_at_most_naturals": True}),
            None,
            ["too-many-wilds"],
        ),
        ("7H 7H 7H 7H", LIVERPOOL, MeldKind.RUN, ["duplicate-card-in-run"]),
        ("7H 7C 7S", LIVERPOOL, MeldKind.RUN, ["too-few-cards", "mixed-suits"]),
    ],
)
def test_problem_codes(
    text: str, rules: RuleSet, kind: MeldKind | None, expected: list[str]
) -> None:
    assert codes(text, rules, kind) == expected


def test_every_problem_is_reported_not_just_the_first() -> None:
    found = codes("8H 8H 8C JK JK", DEUCES_SIX, MeldKind.SET)
    assert found == ["set-too-large", "repeated-suit-in-set"]
    found = codes("7H JK", LIVERPOOL, MeldKind.SET)
    assert found == ["too-few-cards", "too-few-naturals"]


@pytest.mark.parametrize(
    ("text", "rules", "message"),
    [
        ("KS AS 2S 3S", LIVERPOOL, "K♠ A♠ 2♠ 3♠ turns the corner: aces are high or low, not both."),
        ("7H JK JK", LIVERPOOL, "7♥ Joker Joker has only 1 natural card: a set needs at least 2."),
        (
            "7H 8H 10H JH",
            LIVERPOOL,
            "7♥ 8♥ 10♥ J♥ is not consecutive: 9♥ is missing, and there is no wild card to fill "
            "the gap.",
        ),
        (
            "7H 8H 9C 10H",
            LIVERPOOL,
            "7♥ 8♥ 9♣ 10♥ mixes suits: a run is cards of one suit, and 9♣ is not a heart.",
        ),
        (
            "7H 7C 8S",
            LIVERPOOL,
            "7♥ 7♣ 8♠ mixes ranks: a set is cards of one rank, and 8♠ does not match the sevens.",
        ),
        (
            "8H 8H 8C",
            DEUCES_SIX,
            "8♥ 8♥ 8♣ repeats ♥: the cards of a set must be of different suits.",
        ),
        (
            "5H 5H 6H 7H",
            LIVERPOOL,
            "5♥ 5♥ 6♥ 7♥ holds 5♥ twice: a run has one card of each rank.",
        ),
        ("7H 7C", LIVERPOOL, "7♥ 7♣ is too few cards for a set: a set needs at least 3."),
    ],
)
def test_messages_name_the_cards(text: str, rules: RuleSet, message: str) -> None:
    assert [p.message for p in meld_problems(parse_cards(text), rules)] == [message]


def test_problem_cards_name_the_offenders() -> None:
    (problem,) = meld_problems(parse_cards("7H 8H 9C 10H"), LIVERPOOL)
    assert problem.cards == ("9C",)
    (problem,) = meld_problems(parse_cards("7H 8H 10H JH"), LIVERPOOL)
    assert problem.cards == ("9H",)
    assert problem.meld is None


def test_check_meld_raises_every_problem() -> None:
    with pytest.raises(RuleViolation) as caught:
        check_meld(parse_cards("7H JK"), LIVERPOOL, MeldKind.SET)
    assert [p.code for p in caught.value.problems] == ["too-few-cards", "too-few-naturals"]
    assert caught.value.code == "too-few-cards"


def test_kind_forces_the_reading() -> None:
    cards = parse_cards("7H 8H 9H 10H")
    assert is_run(cards, LIVERPOOL) and not is_set(cards, LIVERPOOL)
    assert classify(cards, LIVERPOOL, MeldKind.SET) is None
    assert codes("7H 8H 9H 10H", LIVERPOOL, MeldKind.SET) == ["mixed-ranks"]
    assert is_set(parse_cards("7H 7C 7S"), LIVERPOOL)


def test_illegal_cards_are_judged_as_the_kind_they_look_like() -> None:
    assert judge(parse_cards("KS AS 2S 3S"), LIVERPOOL)[0] == MeldKind.RUN
    assert judge(parse_cards("7H 7C 7S 8D"), LIVERPOOL)[0] == MeldKind.SET
    assert judge(parse_cards("7H JK JK"), LIVERPOOL)[0] == MeldKind.SET


def test_min_length_can_be_changed() -> None:
    cards = parse_cards("7H 8H 9H 10H")
    assert codes("7H 8H 9H 10H", LIVERPOOL) == []
    assert [p.code for p in meld_problems(cards, LIVERPOOL, min_length=5)] == ["too-few-cards"]
    assert classify(parse_cards("7H 7C"), LIVERPOOL, MeldKind.SET, min_length=2) is not None


def test_deuces_wild_can_be_switched_off_as_naturals() -> None:
    rules = dataclasses.replace(DEUCES_SIX, wild_can_be_natural=False)
    assert codes("AH 2H 3H 4H", DEUCES_SIX) == []
    assert check_meld(parse_cards("AH 2H 3H 4H"), rules).wilds[0].stands_for == "2H"
    assert codes("2H 2C 2S", rules) == ["no-naturals"]


def test_is_wild() -> None:
    assert is_wild(JOKER, LIVERPOOL)
    assert not is_wild(Card.parse("2H"), LIVERPOOL)
    assert is_wild(Card.parse("2H"), DEUCES_SIX)
    assert is_wild(Card.parse("2H"), with_options(CONTRACT_RUMMY, {"deuces_wild": True}))


# --- wild cards only --------------------------------------------------------------------------

# A table that asks for no natural card in a meld; and one where only runs may be all wild.
WILD_ONLY = with_options(LIVERPOOL, {"set_min_naturals": 0, "run_min_naturals": 0})
WILD_RUNS = with_options(LIVERPOOL, {"run_min_naturals": 0})


def test_wild_cards_alone_make_a_meld_only_when_no_natural_is_asked_for() -> None:
    """Three jokers: no set under Liverpool (a set needs two naturals to say its rank); a set
    of no rank where none is asked for."""
    jokers = parse_cards("JK JK JK")
    assert codes("JK JK JK", LIVERPOOL) == ["no-naturals"]
    meld = check_meld(jokers, WILD_ONLY)
    assert (meld.kind, meld.rank, meld.suit, meld.naturals) == (MeldKind.SET, None, None, 0)
    assert meld.wild_only and meld.describe() == "set of wild cards"
    assert [(w.stands_for, w.pretty) for w in meld.wilds] == [("any", "any card")] * 3
    assert meld.ordered() == jokers and meld.card_positions() == (0, 0, 0)


def test_a_run_of_wild_cards_only_has_no_suit_and_no_place() -> None:
    four = parse_cards("JK 2C JK 2H")
    rules = with_options(WILD_RUNS, {"deuces_wild": True, "wild_can_be_natural": False})
    assert codes("JK 2C JK 2H", rules, MeldKind.SET) == ["no-naturals"]  # sets still need 2
    meld = check_meld(four, rules)
    assert (meld.kind, meld.suit, meld.low, meld.high) == (MeldKind.RUN, None, 0, 0)
    assert meld.describe() == "run of wild cards" and meld.span_text() == "wild cards"
    assert [w.stands_for for w in meld.wilds] == ["any"] * 4
    assert meld.ordered() == four
    # As long as any run, and no longer.
    assert codes("JK " * 13, WILD_RUNS) == []
    assert codes("JK " * 14, WILD_RUNS, MeldKind.RUN) == ["run-too-long"]
    assert codes("JK JK JK", WILD_RUNS, MeldKind.RUN) == ["too-few-cards"]


def test_a_wild_two_stands_for_itself_before_it_is_wild_only() -> None:
    """Deuces wild, a 2 may stand for itself: 2♥ and three jokers are a run of hearts, not a
    run of wild cards."""
    rules = with_options(WILD_RUNS, {"deuces_wild": True})
    meld = check_meld(parse_cards("2H JK JK JK"), rules, MeldKind.RUN)
    assert meld.suit == Suit.HEARTS and meld.naturals == 1 and meld.describe() == "run 2♥-5♥"


@pytest.mark.parametrize(
    ("options", "text", "code"),
    [
        ({"wilds_at_most_naturals": True}, "JK JK JK", "too-many-wilds"),
        ({"set_distinct_suits": True}, "JK JK JK JK JK", "set-too-large"),
    ],
)
def test_wild_cards_only_still_follow_the_other_rules(
    options: dict[str, object], text: str, code: str
) -> None:
    assert code in codes(text, with_options(WILD_ONLY, options), MeldKind.SET)


# --- properties ----------------------------------------------------------------------------

any_card = st.one_of(st.just(JOKER), st.sampled_from(FULL_DECK))
# Cards near each other, so that legal melds come up often.
near_card = st.one_of(
    st.just(JOKER),
    st.builds(Card, st.sampled_from([Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.KING,
                                     Rank.QUEEN, Rank.FIVE]), st.sampled_from([Suit.HEARTS,
                                                                              Suit.SPADES])),
)  # fmt: skip
# Every preset, and tables that ask for no natural card (wild cards alone make a meld).
presets = st.sampled_from(
    [
        *ALL_PRESETS,
        with_options(LIVERPOOL, {"set_min_naturals": 0, "run_min_naturals": 0}),
        with_options(DEUCES_SIX, {"run_min_naturals": 0}),
    ]
)


@given(st.lists(any_card, max_size=16), presets, st.sampled_from([None, *MeldKind]))
def test_meld_problems_never_raises(
    cards: list[Card], rules: RuleSet, kind: MeldKind | None
) -> None:
    problems = meld_problems(cards, rules, kind)
    meld = classify(cards, rules, kind)
    assert (meld is None) == bool(problems)
    for problem in problems:
        assert problem.code and problem.message.endswith(".")


def _run_windows(rules: RuleSet, n: int) -> range:
    """The lowest positions a run of ``n`` cards may start at: 1 (the low ace) to 14 (the
    high ace) as the aces allow; where aces wrap, from any rank."""
    if rules.aces == Aces.WRAP:
        return range(1, 14)
    lowest = 2 if rules.aces == Aces.HIGH_ONLY else 1
    highest = 13 if rules.aces == Aces.LOW_ONLY else 14
    return range(lowest, highest - n + 2)


def _is_legal_run_by_brute_force(cards: tuple[Card, ...], rules: RuleSet) -> bool:
    """Try every order of the cards at every starting position: the oracle for runs (of one
    suit or of any suits, aces where they may stand or wrapping, ranks a run has no place
    for, the wild cards' count, cap and neighbours)."""
    n = len(cards)
    if not 4 <= n <= 13:
        return False
    suits: list[Suit | None] = [None] if rules.run_suits == RunSuits.ANY else list(Suit)
    for order in set(permutations(cards)):
        for suit in suits:
            for low in _run_windows(rules, n):
                naturals = 0
                wild_places: list[int] = []
                for offset, card in enumerate(order):
                    place = low + offset
                    rank = rank_at(place)
                    if rank in rules.run_holes:
                        break
                    if (
                        card.rank == rank
                        and (suit is None or card.suit == suit)
                        and (card.rank not in rules.wild_ranks or rules.wild_can_be_natural)
                    ):
                        naturals += 1
                    elif is_wild(card, rules):
                        wild_places.append(place)
                    else:
                        break
                else:
                    wilds = len(wild_places)
                    apart = rules.adjacent_wilds or all(b - a > 1 for a, b in pairwise(wild_places))
                    if (
                        naturals >= rules.run_min_naturals
                        and not (rules.wilds_at_most_naturals and wilds > naturals)
                        and (rules.wilds_per_meld is None or wilds <= rules.wilds_per_meld)
                        and apart
                    ):
                        return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.lists(near_card, min_size=4, max_size=6), presets)
def test_runs_agree_with_a_brute_force_oracle(cards: list[Card], rules: RuleSet) -> None:
    assert is_run(cards, rules) == _is_legal_run_by_brute_force(tuple(cards), rules)


def _apart(indices: list[int]) -> bool:
    return all(b - a > 1 for a, b in pairwise(indices))


@st.composite
def legal_melds(draw: st.DrawFn) -> tuple[RuleSet, tuple[Card, ...]]:
    """A legal set or run of a preset (of every preset's kinds): natural cards in order,
    some replaced by a wild card as the preset allows."""
    rules = draw(presets)
    is_run = draw(st.booleans())
    if is_run:
        suit = draw(st.sampled_from(list(Suit)))
        length = draw(st.integers(4, rules.longest_run))
        windows = [
            low
            for low in _run_windows(rules, length)
            if not any(rank_at(p) in rules.run_holes for p in range(low, low + length))
        ]
        low = draw(st.sampled_from(windows))
        natural = [Card(rank_at(p), suit) for p in range(low, low + length)]
        least = rules.run_min_naturals
    else:
        rank = draw(st.sampled_from([r for r in Rank if r not in rules.wild_ranks]))
        suits = list(Suit) if rules.set_distinct_suits else list(Suit) * 2
        length = draw(st.integers(3, 4 if rules.set_distinct_suits else 8))
        chosen = draw(st.permutations(suits))[:length]
        natural = [Card(rank, s) for s in chosen]
        least = rules.set_min_naturals
    jokers = draw(st.integers(0, max(0, len(natural) - least)))
    if rules.wilds_at_most_naturals:
        jokers = min(jokers, len(natural) // 2)
    if rules.wilds_per_meld is not None:
        jokers = min(jokers, rules.wilds_per_meld)
    wild = (
        JOKER
        if rules.uses_jokers or not rules.wild_ranks
        else Card(min(rules.wild_ranks), Suit.CLUBS)
    )
    indices = sorted(draw(st.permutations(range(len(natural))))[:jokers])
    if is_run and not rules.adjacent_wilds and not _apart(indices):
        indices = indices[::2] if _apart(indices[::2]) else indices[:1]
    cards = [wild if i in indices else c for i, c in enumerate(natural)]
    return rules, tuple(cards)


@settings(max_examples=300, deadline=None)
@given(legal_melds(), st.randoms())
def test_a_legal_meld_stays_legal_in_any_order(
    case: tuple[RuleSet, tuple[Card, ...]], rng: random.Random
) -> None:
    rules, cards = case
    meld = check_meld(cards, rules)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    again = check_meld(shuffled, rules)
    assert again.kind == meld.kind
    assert again.naturals == meld.naturals
    assert sorted(again.ordered(), key=str) == sorted(meld.ordered(), key=str)


@settings(max_examples=300, deadline=None)
@given(legal_melds())
def test_wilds_stand_for_the_cards_that_make_the_meld_natural(
    case: tuple[RuleSet, tuple[Card, ...]],
) -> None:
    rules, cards = case
    meld = check_meld(cards, rules)
    if meld.wild_only:  # wild cards only stand for no card in particular
        assert all(w.stands_for == "any" for w in meld.wilds) and meld.suit is None
        return
    if meld.kind == MeldKind.SET:
        assert all(w.rank == meld.rank and w.suit is None for w in meld.wilds)
        return
    filled = list(meld.cards)
    for index, use in zip(meld.wild_indices, meld.wilds, strict=True):
        assert use.rank is not None and use.suit == meld.suit
        filled[index] = Card(use.rank, use.suit or Suit.CLUBS)
    places = meld.card_positions()
    assert [rank_at(p) for p in places] == [c.rank for c in filled]
    assert sorted(places) == list(range(meld.low, meld.high + 1))
    if meld.suit is not None:
        assert {c.suit for c in filled} == {meld.suit}
