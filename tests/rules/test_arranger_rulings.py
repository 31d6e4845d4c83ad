"""Rulings of the arranger under issue 24's kinds and house rules: a worked hand each, one
that can go down (with the melds the arranger lays) and one that cannot, each checked against
the brute-force oracle and, when it goes down, by the contract referee."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scorekeeper.rules import RuleSet, check_contract
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.cards import format_cards, parse_cards
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import LIVERPOOL
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldKind, MeldSpec, RoundSpec


def one(melds: list[tuple[str, int]], going: str = "discard", **options: Any) -> RuleSet:
    """Liverpool's house rules with one round of ``melds`` and ``options``."""
    contract = Contract(tuple(MeldSpec(MeldKind(kind), n) for kind, n in melds))
    rounds = (RoundSpec(contract, 10, GoingOut(going)),)
    return with_options(dataclasses.replace(LIVERPOOL, rounds=rounds), options)


HOLES = {"deuces_wild": True, "wild_can_be_natural": False, "runs_without_wild_rank": True}

RULINGS = [
    # (what, rules, hand, melds laid or None when it cannot go down)
    (
        "a colour meld of five black cards",
        one([("color", 5)]),
        "3H 9D QH 5S 2S 7C KC JS",
        ["2S 5S 7C JS KC"],
    ),
    (
        "four red and four black: no colour meld of five",
        one([("color", 5)]),
        "3H 9D QH 5D 2S 7C KC JS",
        None,
    ),
    (
        "a joker stands for a red card",
        one([("color", 5)]),
        "3H 9D QH 5D JK 7C KC JS",
        ["3H 5D 9D QH JK"],
    ),
    ("a flush of four hearts", one([("flush", 4)]), "3H 9H QH 5D 2H 7C KC JS", ["2H 3H 9H QH"]),
    (
        "a flush needs its natural cards",
        one([("flush", 4)], flush_min_naturals=3),
        "3H 9H JK JK 7C KC JS",
        None,
    ),
    (
        "a run of any suits",
        one([("run", 4)], run_suits="any"),
        "3H 4S 5D 6C 9S KD",
        ["3H 4S 5D 6C"],
    ),
    ("runs of one suit by default", one([("run", 4)]), "3H 4S 5D 6C 9S KD", None),
    (
        "a run turns the corner",
        one([("run", 4)], aces="wrap"),
        "QS KS AS 2S 7D 9C",
        ["QS KS AS 2S"],
    ),
    ("no corner by default", one([("run", 4)]), "QS KS AS 2S 7D 9C", None),
    (
        "sets of different ranks",
        one([("set", 3), ("set", 3)], set_ranks="different"),
        "7H 7C 7D 7S 7H 7C 9D KS",
        None,
    ),
    (
        "two sets of sevens by default",
        one([("set", 3), ("set", 3)]),
        "7H 7C 7D 7S 7H 7C 9D KS",
        ["7S 7H 7H", "7D 7C 7C"],
    ),
    ("no place for a 2 in a run", one([("run", 4)], **HOLES), "AS 2H 3S 4S 9D", None),
    (
        "the 2 stands for a five instead",
        one([("run", 4)], **HOLES),
        "3S 2H 4S 5S 9D",
        ["3S 4S 5S 2H"],
    ),
    (
        "extra melds of the contract's kinds only",
        one([("set", 3)], "all-out", extra_melds=True, extra_meld_kinds="contract"),
        "7H 7C 7D 3S 4S 5S 6S",
        None,
    ),
    (
        "an extra run where any kind may go",
        one([("set", 3)], "all-out", extra_melds=True),
        "7H 7C 7D 3S 4S 5S 6S",
        ["7H 7D 7C", "3S 4S 5S 6S"],
    ),
    (
        "an extra set beside a set",
        one([("set", 3)], "all-out", extra_melds=True, extra_meld_kinds="contract"),
        "7H 7C 7D 9S 9D 9C",
        ["7H 7D 7C", "9S 9D 9C"],
    ),
    ("one wild per meld", one([("set", 3)], wilds_per_meld=1), "7H JK JK 9C", None),
    (
        "one wild per meld, two naturals",
        one([("set", 3)], wilds_per_meld=1),
        "7H 7D JK JK 9C",
        ["7H 7D JK"],
    ),
    ("no two wilds side by side", one([("run", 5)], adjacent_wilds=False), "5S 6S 9S JK JK", None),
    ("wilds apart", one([("run", 5)], adjacent_wilds=False), "5S 6S 8S JK JK", ["JK 5S 6S JK 8S"]),
    ("wilds side by side by default", one([("run", 5)]), "5S 6S 9S JK JK", ["5S 6S JK JK 9S"]),
]


@pytest.mark.parametrize(("what", "rules", "hand", "melds"), RULINGS, ids=[r[0] for r in RULINGS])
def test_ruling(what: str, rules: RuleSet, hand: str, melds: list[str] | None) -> None:
    cards = parse_cards(hand)
    a = arrange(rules, 1, cards)
    assert a.possible == (melds is not None), a.reason
    assert a.possible == (brute_force(rules, 1, cards) is not None)
    if melds is None:
        assert a.reason.startswith("No way")
        return
    assert [format_cards(m.cards) for m in a.melds] == melds
    verdict = check_contract(rules, 1, [m.cards for m in a.melds], hand=a.leftover)
    assert verdict.legal, verdict.messages()
