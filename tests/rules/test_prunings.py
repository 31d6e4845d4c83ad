"""The answers never depend on the search's prunings, caches and tricks.

Each is switched off in turn, then each is left on alone, then all are off: on a corpus of
small hands (every preset's short rounds, and one-round rule sets of short melds that reach
the all-out rounds and the same-suit rules each pruning is for) the arranger must agree
with the brute-force oracle, and give the very arrangement it gives with everything on (the
search tries the same ways in the same order; a pruning only cuts ways that fail). On big
hands, where the oracle is too slow, the arrangement with everything on is the reference.
And each pruning must cut something in the corpus, so that these tests test it.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

from scorekeeper.rules import PRESETS, Card, MeldKind, Rank, RuleSet, Suit
from scorekeeper.rules.arranger import Arrangement, arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.budget import StepBudget
from scorekeeper.rules.cards import JOKER, format_cards
from scorekeeper.rules.limits import waived
from scorekeeper.rules.options import with_options
from scorekeeper.rules.prunings import ALL, CHECKS, MEMO, NAMES, Asked, Prunings
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldSpec, RoundSpec
from scorekeeper.rules.solver_model import SearchRules

Case = tuple[RuleSet, int, tuple[Card, ...]]

SEED = 27
CACHES = tuple(p.cache for p in CHECKS if p.cache)
# What the search itself does differently without them (the caches change only the time).
CUTTING = (MEMO, *(p.name for p in CHECKS))


def _deck(rules: RuleSet) -> list[Card]:
    players = range(rules.min_players, rules.max_players + 1)
    decks = max(rules.decks.decks_for(p) for p in players)
    jokers = max(rules.decks.jokers_for(p) for p in players)
    return [Card(r, s) for s in Suit for r in Rank] * decks + [JOKER] * jokers


def _hand(rng: random.Random, rules: RuleSet, round_number: int, size: int) -> tuple[Card, ...]:
    """A hand built around the contract (melds shortened, lengthened or spoiled, some cards
    wild) from one or two suits now and then, topped up to ``size`` cards."""
    pool = _deck(rules)
    wild = [c for c in pool if c.rank is None or c.rank in rules.wild_ranks]
    suits = rng.sample(list(Suit), rng.choice([1, 2, 4]))
    hand: list[Card] = []
    for meld in rules.round(round_number).contract.melds:
        length = meld.min_length + rng.choice([-1, 0, 0, 1])
        if meld.kind == MeldKind.SET:
            rank = Rank(rng.randint(1, 13))
            cards = [Card(rank, rng.choice(list(Suit))) for _ in range(length)]
        else:
            suit, low = rng.choice(suits), rng.randint(1, 14 - length)
            cards = [Card(Rank(1 if p == 14 else p), suit) for p in range(low, low + length)]
        for card in cards:
            if wild and rng.random() < 0.2:
                card = rng.choice(wild)
            if card in pool:
                pool.remove(card)
                hand.append(card)
    crowded = [c for c in pool if c.suit in suits or c in wild]
    while len(hand) < size:
        hand.append(crowded.pop(rng.randrange(len(crowded))))
    rng.shuffle(hand)
    return tuple(hand[:size])


def _copies(rng: random.Random, rules: RuleSet, size: int) -> tuple[Card, ...]:
    """Cards of one suit, two or three copies of each, and a wild card or two: where runs
    of one suit are stacked (and where they cannot be)."""
    suit, copies = rng.choice(list(Suit)), rng.choice([2, 3])
    ranks = rng.sample([r for r in Rank if r not in rules.wild_ranks], size // copies)
    hand = [Card(rank, suit) for rank in ranks for _ in range(copies)]
    hand += [JOKER] * rng.choice([0, 1, 2])
    rng.shuffle(hand)
    return tuple(hand[:size])


def _one_round(
    contract: list[tuple[str, int]], all_out: bool, options: dict[str, object]
) -> RuleSet:
    melds = tuple(MeldSpec(MeldKind(kind), length) for kind, length in contract)
    going_out = GoingOut.ALL_OUT if all_out else GoingOut.DISCARD
    rounds = (RoundSpec(Contract(melds), 10, going_out),)
    with waived():  # four decks of 2s and jokers: more wild cards than a new game may have
        return with_options(dataclasses.replace(PRESETS["family"], rounds=rounds), options)


# One-round rule sets of short melds: all-out rounds of two and three runs (each pruning's
# ground), runs of a suit apart, overlapping or never together, 2s wild, extra melds.
CUSTOM = [
    ([("run", 3), ("run", 3)], True, {"same_suit_runs": "apart"}),
    ([("run", 3), ("run", 3), ("run", 3)], True, {"same_suit_runs": "apart"}),
    ([("run", 3), ("run", 3), ("run", 3)], True, {"same_suit_runs": "apart-or-overlapping"}),
    ([("run", 3), ("run", 3)], True, {"same_suit_runs": "apart-or-overlapping"}),
    ([("set", 3), ("run", 3), ("run", 3)], True, {"deuces_wild": True}),
    ([("set", 3), ("run", 4)], True, {"set_distinct_suits": True}),
    ([("run", 3), ("run", 4)], False, {"same_suit_runs": "never", "run_min_naturals": 2}),
    ([("run", 4), ("run", 4)], False, {"run_min_naturals": 3}),
    ([("run", 3), ("run", 3)], True, {"extra_melds": True, "run_min_naturals": 2}),
    ([("set", 3), ("set", 3)], True, {"run_min_naturals": 1}),
    # Issue 24's kinds and house rules: the prunings they switch off stay off, those they
    # keep on (sets of different ranks, a cap of wilds) must not change an answer.
    ([("set", 3), ("set", 3)], False, {"set_ranks": "different", "wilds_per_meld": 1}),
    ([("set", 3), ("set", 3), ("run", 3)], True, {"set_ranks": "different"}),
    ([("set", 3), ("run", 4)], False, {"run_suits": "any"}),
    ([("run", 3), ("run", 3)], True, {"aces": "wrap", "adjacent_wilds": False}),
    ([("color", 4), ("set", 3)], True, {"extra_melds": True}),
    ([("flush", 4), ("run", 3)], False, {"extra_meld_kinds": "contract"}),
    # group-room's ground: colour melds and flushes sharing a colour's cards.
    ([("color", 4), ("color", 4)], False, {"color_min_naturals": 2}),
    ([("color", 3), ("flush", 3)], True, {"wilds_per_meld": 1}),
    ([("flush", 3), ("flush", 3), ("color", 3)], False, {"wilds_at_most_naturals": True}),
    # run-suits' ground: runs of different suits, all out and with a discard.
    ([("run", 3), ("run", 3), ("run", 3)], True, {"same_suit_runs": "never"}),
    ([("run", 3), ("run", 3)], False, {"same_suit_runs": "never", "wilds_per_meld": 1}),
    # run-places' ground: runs of one suit round the corner, three ranks apart (two of four
    # take 14 places of a suit's 13).
    (
        [("run", 4), ("run", 4)],
        False,
        {"aces": "wrap", "same_suit_runs": "apart", "same_suit_run_gap": 3},
    ),
]


@cache
def corpus() -> tuple[tuple[Case, bool], ...]:
    """The small hands, each with the oracle's answer (computed once)."""
    rng = random.Random(SEED)
    cases: list[Case] = []
    for name in ("liverpool", "family", "deuces-six", "may-i"):
        rules = PRESETS[name]
        for round_number in range(1, 7):
            for _ in range(5):
                size = rng.randint(7, 10)
                cases.append((rules, round_number, _hand(rng, rules, round_number, size)))
    for contract, all_out, options in CUSTOM:
        rules = _one_round(contract, all_out, options)
        for _ in range(10):
            cases.append((rules, 1, _hand(rng, rules, 1, rng.randint(6, 10))))
        for _ in range(5):
            cases.append((rules, 1, _copies(rng, rules, rng.randint(6, 10))))
    return tuple((case, brute_force(*case) is not None) for case in cases)


@cache
def reference(index: int) -> Arrangement:
    """The arrangement with everything on."""
    rules, round_number, hand = corpus()[index][0]
    return arrange(rules, round_number, hand)


def _assert_same_answers(prunings: Prunings) -> None:
    for index, ((rules, round_number, hand), possible) in enumerate(corpus()):
        got = arrange(rules, round_number, hand, prunings=prunings)
        where = (rules.id, round_number, format_cards(hand), got.reason)
        assert got.possible == possible, where
        assert got == reference(index), where
        assert got.reason == reference(index).reason, where


@pytest.mark.parametrize("name", NAMES)
def test_the_answers_do_not_change_with_each_pruning_off(name: str) -> None:
    _assert_same_answers(ALL.without(name))


@pytest.mark.parametrize("name", [*CUTTING, *CACHES])
def test_the_answers_do_not_change_with_each_pruning_alone(name: str) -> None:
    _assert_same_answers(Prunings.only(name))


def test_the_plain_search_agrees_with_the_oracle() -> None:
    _assert_same_answers(Prunings.only())


def _no_deadline() -> StepBudget:
    return StepBudget(steps=10**7, seconds=None, cpu_seconds=None)


@dataclasses.dataclass(frozen=True)
class Uncharged(Prunings):
    """The same prunings, their checks asked free of steps: the steps are the search's own
    work (its nodes and the ways its makers try), what a pruning cuts."""

    def checks(self, rules: SearchRules) -> tuple[Asked, ...]:
        return tuple(Asked(asked.check, 0) for asked in super().checks(rules))


def _steps(prunings: Prunings, case: Case) -> int:
    """The search's own steps for the answer and its reason why not (the checks free)."""
    budget = _no_deadline()
    uncharged = Uncharged(prunings.off)
    assert isinstance(arrange(*case, budget=budget, prunings=uncharged).reason, str)
    return budget.used


@pytest.mark.parametrize("name", CUTTING)
def test_each_pruning_cuts_something_in_the_corpus(name: str) -> None:
    """Some hand of the corpus takes more of the search's work without it: the tests above
    test it. (Each check costs steps of its own: a check that cuts little may cost a hand
    more steps than it saves.)"""
    assert any(_steps(ALL.without(name), case) > _steps(ALL, case) for case, _ in corpus()), (
        f"{name} cuts nothing in the corpus"
    )


# --- big hands: the arrangement with everything on is the reference -----------------------------


@cache
def big_hands() -> tuple[Case, ...]:
    """20 to 30 cards, all out and with a discard, crowded into few suits now and then."""
    rng = random.Random(SEED + 1)
    cases = []
    for name in ("liverpool", "family", "deuces-six"):
        rules = PRESETS[name]
        for round_number in (3, 6, 7):
            if round_number > rules.round_count:
                continue
            for size in (20, 26):
                cases.append((rules, round_number, _hand(rng, rules, round_number, size)))
    return tuple(cases)


@pytest.mark.parametrize("name", [MEMO, "cover", "run-cards", "run-room"])
def test_big_hands_are_arranged_alike_with_each_pruning_off(name: str) -> None:
    for rules, round_number, hand in big_hands():
        # Steps, not the clock, bound the work: without a pruning a search takes longer.
        with_all = arrange(rules, round_number, hand, budget=_no_deadline())
        without = arrange(
            rules, round_number, hand, budget=_no_deadline(), prunings=ALL.without(name)
        )
        assert without == with_all, (rules.id, round_number, format_cards(hand))
        assert without.reason == with_all.reason, (rules.id, round_number, format_cards(hand))


def test_an_unknown_pruning_is_refused() -> None:
    with pytest.raises(ValueError, match="no such pruning: sharp"):
        ALL.without("sharp")
