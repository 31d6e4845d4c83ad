"""Every referee question is bounded (issue 23): the step budget, the rule-set limits, and
the answers that must not change while the searches got cheaper."""

from __future__ import annotations

import pytest

from scorekeeper.rules import check_contract, parse_cards, resolve_rules
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.bruteforce import brute_force

# --- extra melds in an all-out round (item 12) --------------------------------------------------

EXTRA_MELDS = [
    # A contract set of 4 and an extra set of 3: an extra meld is as long as the shortest
    # contract meld of its kind, or the usual fewest (set 3, run 4) when that is shorter.
    ("set", 4, "7H 7C 7D 7S 8H 8C 8D", ["7H 7C 7D 7S", "8H 8C 8D"]),
    # A contract run of 5 and an extra run of 4.
    ("run", 5, "3S 4S 5S 6S 7S 9H 10H JH QH", ["3S 4S 5S 6S 7S", "9H 10H JH QH"]),
]


def _one_all_out_round(kind: str, length: int, dealt: int) -> dict[str, object]:
    return {
        "rounds": [
            {
                "contract": [{"kind": kind, "min_length": length}],
                "cards_dealt": dealt,
                "going_out": "all-out",
            }
        ],
        "options": {"extra_melds": True},
    }


@pytest.mark.parametrize(("kind", "length", "hand", "melds"), EXTRA_MELDS)
def test_the_arranger_lays_extra_melds_the_contract_check_accepts(
    kind: str, length: int, hand: str, melds: list[str]
) -> None:
    cards = parse_cards(hand)
    rules = resolve_rules(_one_all_out_round(kind, length, len(cards)))
    verdict = check_contract(rules, 1, [parse_cards(m) for m in melds], hand=())
    assert verdict.legal, verdict.messages()
    arrangement = arrange(rules, 1, cards)
    assert arrangement.possible, arrangement.reason
    laid = [m.cards for m in arrangement.melds]
    assert sorted(sorted(map(str, m)) for m in laid) == sorted(
        sorted(map(str, parse_cards(m))) for m in melds
    )
    assert check_contract(rules, 1, laid, hand=arrangement.leftover).legal
    assert brute_force(rules, 1, cards) is not None
