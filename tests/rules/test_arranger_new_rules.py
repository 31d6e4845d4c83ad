"""The arranger under issue 24's kinds and house rules agrees with the brute-force oracle.

Random one-round rule sets draw colour melds and flushes beside sets and runs, and every new
option (runs of any suits, aces that wrap, sets of different ranks, runs with no place for
an always-wild rank, extra melds of the contract's kinds only, a cap of wilds per meld, no
two wilds side by side, the fewest naturals of a colour meld or flush); hands are built
around the contract (some melds spoiled) or drawn at random. On every hand the arranger
and the oracle agree whether the contract can be made, and every arrangement is one the
contract referee accepts. The same with each pruning switched off.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Card, MeldKind, Rank, RuleSet, Suit, check_contract
from scorekeeper.rules.arranger import Arrangement, arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.cards import JOKER, format_cards
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.limits import waived
from scorekeeper.rules.options import with_options
from scorekeeper.rules.prunings import NAMES, Prunings
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldSpec, RoundSpec

NEW_OPTIONS = {
    "run_suits": st.sampled_from(["same", "any"]),
    "aces": st.sampled_from(["low-or-high", "wrap", "low-only", "high-only"]),
    "set_ranks": st.sampled_from(["any", "different"]),
    "wilds_per_meld": st.sampled_from([None, 0, 1, 2]),
    "adjacent_wilds": st.booleans(),
    "extra_meld_kinds": st.sampled_from(["any", "contract"]),
    "color_min_naturals": st.integers(0, 3),
    "flush_min_naturals": st.integers(0, 2),
    "run_min_naturals": st.integers(1, 3),
    "set_min_naturals": st.integers(1, 2),
    "wilds_at_most_naturals": st.booleans(),
    "same_suit_runs": st.sampled_from(["apart", "apart-or-overlapping", "never"]),
}


@st.composite
def new_rules(draw: st.DrawFn) -> RuleSet:
    """One round of one to three melds of the four kinds, either going-out rule, with a draw
    of the new house rules (and sometimes 2s wild, never standing for themselves, with runs
    that have no place for them)."""
    contract = draw(
        st.lists(
            st.one_of(
                st.tuples(st.just("set"), st.integers(3, 4)),
                st.tuples(st.just("run"), st.integers(3, 5)),
                st.tuples(st.just("color"), st.integers(3, 5)),
                st.tuples(st.just("flush"), st.integers(3, 5)),
            ),
            min_size=1,
            max_size=3,
        )
    )
    options: dict[str, object] = {k: draw(v) for k, v in NEW_OPTIONS.items() if draw(st.booleans())}
    options["extra_melds"] = draw(st.booleans())
    if draw(st.booleans()):
        options["deuces_wild"] = True
        if draw(st.booleans()):
            options["wild_can_be_natural"] = False
            options["runs_without_wild_rank"] = draw(st.booleans())
    melds = tuple(MeldSpec(MeldKind(kind), length) for kind, length in contract)
    going_out = draw(st.sampled_from(["all-out", "discard", "discard"]))
    rounds = (RoundSpec(Contract(melds), 10, GoingOut(going_out)),)
    base = dataclasses.replace(PRESETS["liverpool"], rounds=rounds)
    try:
        return with_options(base, options)
    except RuleSetError:  # a combination the rule set refuses: plainer rules
        return with_options(base, {"extra_melds": options["extra_melds"]})


def _deck(rules: RuleSet) -> list[Card]:
    return [Card(r, s) for s in Suit for r in Rank] * 2 + [JOKER] * 4


def _meld(rng: random.Random, kind: MeldKind, length: int) -> list[Card]:
    """Natural cards of a meld of ``kind`` (of one suit, or of any, at random)."""
    suit = rng.choice(list(Suit))
    if kind == MeldKind.SET:
        rank = Rank(rng.randint(1, 13))
        return [Card(rank, rng.choice(list(Suit))) for _ in range(length)]
    if kind == MeldKind.RUN:
        low = rng.randint(1, 13)
        mixed = rng.random() < 0.4
        return [
            Card(Rank((p - 1) % 13 + 1), rng.choice(list(Suit)) if mixed else suit)
            for p in range(low, low + length)
        ]
    suits = [suit] if kind == MeldKind.FLUSH else list(suit.color.suits)
    return [Card(Rank(rng.randint(1, 13)), rng.choice(suits)) for _ in range(length)]


def _hand(rng: random.Random, rules: RuleSet, size: int) -> tuple[Card, ...]:
    """A hand around the contract: each meld shortened, kept or lengthened, some cards
    swapped for wilds, topped up (or cut) to ``size`` cards; one in five at random."""
    pool = _deck(rules)
    if rng.random() < 0.1:
        return tuple(rng.sample(pool, size))
    wild = [c for c in pool if c.rank is None or c.rank in rules.wild_ranks]
    hand: list[Card] = []
    for meld in rules.round(1).contract.melds:
        for card in _meld(rng, meld.kind, meld.min_length + rng.choice([-1, 0, 0, 0, 0, 1])):
            if rng.random() < 0.15:
                card = rng.choice(wild)
            if card in pool:
                pool.remove(card)
                hand.append(card)
    rng.shuffle(hand)
    hand = hand[:size]
    while len(hand) < size:
        hand.append(pool.pop(rng.randrange(len(pool))))
    return tuple(hand)


def _size(rules: RuleSet, more: int) -> int:
    """The contract's cards and ``more``, from 5 to 11 (the oracle's reach)."""
    return max(5, min(11, rules.round(1).contract.min_cards + more))


def _assert_sound(rules: RuleSet, hand: tuple[Card, ...], a: Arrangement) -> None:
    used = [c for m in a.melds for c in m.cards] + list(a.leftover)
    assert Counter(used) == Counter(hand)
    if not a.possible:
        return
    spec = rules.round(1)
    contract = len(spec.contract.melds)
    assert [m.kind for m in a.melds[:contract]] == [m.kind for m in spec.contract.melds]
    if spec.all_out:
        assert a.leftover == ()
    verdict = check_contract(rules, 1, [m.cards for m in a.melds], hand=a.leftover)
    assert verdict.legal, (
        format_cards(hand),
        [format_cards(m.cards) for m in a.melds],
        verdict.messages(),
    )


@settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(rules=new_rules(), data=st.data())
def test_new_rules_agree_with_the_oracle(rules: RuleSet, data: st.DataObject) -> None:
    rng = data.draw(st.randoms(use_true_random=False))
    hand = _hand(rng, rules, _size(rules, data.draw(st.integers(0, 3))))
    with waived():
        a = arrange(rules, 1, hand)
    oracle = brute_force(rules, 1, hand)
    assert a.possible == (oracle is not None), (format_cards(hand), a.reason, oracle)
    _assert_sound(rules, hand, a)
    if not a.possible:
        assert a.reason


@settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(rules=new_rules(), data=st.data(), off=st.sampled_from(NAMES))
def test_new_rules_agree_with_each_pruning_off(
    rules: RuleSet, data: st.DataObject, off: str
) -> None:
    rng = data.draw(st.randoms(use_true_random=False))
    hand = _hand(rng, rules, _size(rules, data.draw(st.integers(0, 2))))
    with waived():
        a = arrange(rules, 1, hand, prunings=Prunings().without(off))
        everything = arrange(rules, 1, hand)
    assert a == everything
    assert a.possible == (brute_force(rules, 1, hand) is not None), format_cards(hand)
    _assert_sound(rules, hand, a)
