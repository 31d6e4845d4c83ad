"""All out, colour melds and flushes are made last, of the cards kept for them (the contract
search's module doc): each way of sharing a colour's cards out is tried once, by counts per
suit, and the melds given back hold the very cards kept.

The budgets below are steps, not time (the same on every machine). Before colour melds
were made last, the first question took 1,981 steps (every subset of the black cards tried
for the first meld) and the discard round's 498: those fail without the change. The others
hold the melds given back to the hand's own cards (a kept card given back twice, or a card
of the wrong suit, fails them) and to the referee's reading.
"""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import check_contract
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.budget import StepBudget
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import CARIOCA
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldKind, MeldSpec, RoundSpec, RuleSet

BLACK = "2S 3S 4S 5S 6S 7S 8S 9S 10S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC"


def _all_out(melds: list[tuple[MeldKind, int]], **options: object) -> RuleSet:
    round_ = RoundSpec(Contract(tuple(MeldSpec(k, n) for k, n in melds)), 12, GoingOut.ALL_OUT)
    return with_options(dataclasses.replace(CARIOCA, rounds=(round_,)), options)


@pytest.mark.parametrize(
    ("melds", "hand", "options"),
    [
        ([(MeldKind.COLOR, 5), (MeldKind.COLOR, 5)], BLACK + " JK", {"extra_melds": False}),
        ([(MeldKind.FLUSH, 6), (MeldKind.COLOR, 5)], BLACK + " JK", {"extra_melds": False}),
        (
            [(MeldKind.COLOR, 4), (MeldKind.SET, 3)],
            BLACK + " 5H 5D JK",
            {"extra_melds": True, "extra_meld_kinds": "any"},
        ),
        ([(MeldKind.FLUSH, 4), (MeldKind.FLUSH, 4)], "3H 5H 9H KH 2D 6D 8D QD JK 10H", {}),
    ],
)
def test_colour_melds_are_shared_out_by_counts(
    melds: list[tuple[MeldKind, int]], hand: str, options: dict[str, object]
) -> None:
    rules = _all_out(melds, **options)
    cards = parse_cards(hand)
    budget = StepBudget(steps=300, seconds=None)
    arrangement = arrange(rules, 1, cards, budget=budget)
    assert arrangement.possible
    # The melds hold the hand's own cards, every one, and the referee accepts them.
    laid = sorted(str(c) for m in arrangement.melds for c in m.cards)
    assert laid == sorted(str(c) for c in cards)
    verdict = check_contract(rules, 1, [m.cards for m in arrangement.melds], hand=())
    assert verdict.legal, verdict.messages()


def test_kept_cards_no_colour_meld_can_take_end_the_search() -> None:
    """One colour meld, no extra melds: a red card and black cards cannot all go into it;
    the search stops as soon as both colours are kept (it tried every black subset)."""
    rules = _all_out([(MeldKind.COLOR, 4)], extra_melds=False)
    budget = StepBudget(steps=100, seconds=None)
    arrangement = arrange(rules, 1, parse_cards(BLACK + " 2H"), budget=budget)
    assert not arrangement.possible


def test_with_a_discard_the_colour_melds_are_made_last_too() -> None:
    """A colour meld and a flush of six, one wild in a meld: the colour meld takes the
    hearts and an ace, the flush the diamonds (made first, the colour meld tried most of the
    ways to take six of the ten red cards: 498 steps)."""
    round_ = RoundSpec(
        Contract((MeldSpec(MeldKind.COLOR, 6), MeldSpec(MeldKind.FLUSH, 6))), 12, GoingOut.DISCARD
    )
    rules = with_options(dataclasses.replace(CARIOCA, rounds=(round_,)), {"wilds_per_meld": 1})
    cards = parse_cards("5D JK 3D 6H 6D 9H AD 8H 4D 10H JK 7D")
    arrangement = arrange(rules, 1, cards, budget=StepBudget(steps=100, seconds=None))
    assert arrangement.possible
    verdict = check_contract(
        rules, 1, [m.cards for m in arrangement.melds], hand=arrangement.leftover
    )
    assert verdict.legal, verdict.messages()
