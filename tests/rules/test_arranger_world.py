"""The five presets of issue 24 through the arranger: every round (every phase) of each
answers a hand made of its contract, and the same hand with a card of its first meld gone
(checked by the brute-force oracle where the hand is small enough for it); a worked hand from
each preset's sources; the referee's endpoint and the builder's preview answer for them."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, RuleSet, check_contract
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.cards import format_cards, parse_cards
from scorekeeper.rules.rulesets import MeldKind, RoundSpec
from tests.web.test_builder import builder_fields

WORLD = ("ten-phase", "carioca", "continental", "kalooki", "rommi")
HX = {"HX-Request": "true"}
ORACLE_REACH = 11  # the oracle tries every group of cards: fine up to about 11 cards


def contract_hand(rules: RuleSet, spec: RoundSpec) -> list[str]:
    """Natural cards making the contract: sets of 4s, 5s, 6s... (of different ranks, as
    some of these games ask), runs of 3 upwards in spades, hearts... (of different suits),
    colour melds and flushes of hearts and spades over distinct ranks (never a wild rank),
    and a card to discard in a round with one."""
    tame = [r for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q") if not _is_wild(r, rules)]
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    plain = [r for r in ranks if not _is_wild(r, rules)]
    cards: list[str] = []
    sets = runs = groups = 0
    for meld in spec.contract.melds:
        if meld.kind == MeldKind.SET:
            rank = tame[sets]
            cards += [rank + "SHDC"[i % 4] for i in range(meld.min_length)]
            sets += 1
        elif meld.kind == MeldKind.RUN:
            suit = "SHDC"[runs]
            cards += [r + suit for r in ranks[2 : 2 + meld.min_length]]
            runs += 1
        else:
            suit = "HS"[groups]
            cards += [r + suit for r in plain[: meld.min_length]]
            groups += 1
    if not spec.all_out:
        cards.append("AD")
    return cards


def _is_wild(rank: str, rules: RuleSet) -> bool:
    return parse_cards(f"{rank}S")[0].rank in rules.wild_ranks


ROUNDS = [
    (preset, number) for preset in WORLD for number in range(1, PRESETS[preset].round_count + 1)
]


@pytest.mark.parametrize(("preset", "number"), ROUNDS)
def test_every_round_answers_a_hand_of_its_contract(preset: str, number: int) -> None:
    rules = PRESETS[preset]
    hand = parse_cards(" ".join(contract_hand(rules, rules.round(number))))
    a = arrange(rules, number, hand)
    assert a.possible, (format_cards(hand), a.reason)
    verdict = check_contract(rules, number, [m.cards for m in a.melds], hand=a.leftover)
    assert verdict.legal, verdict.messages()
    # A card of the first meld gone: the oracle says whether it still goes down.
    short = hand[1:]
    b = arrange(rules, number, short)
    if len(short) <= ORACLE_REACH:
        assert b.possible == (brute_force(rules, number, short) is not None), format_cards(short)
    if not b.possible:
        assert b.reason.startswith("No way")


WORKED = [
    # (preset, round or phase, hand from its sources, melds laid or None)
    # Ten phases, phase 2: a set of 3 and a run of 4 of any suits, a king standing in.
    ("ten-phase", 2, "8H 8C 8S 3D 4C KH 6S 9D QD 2C", ["8S 8H 8C", "KH 2C 3D 4C"]),
    # Ten phases, phase 8: seven hearts, a king standing in.
    ("ten-phase", 8, "2H 5H 5H 9H QH KS JH 4C 7D 10S", ["2H 5H 5H 9H JH QH KS"]),
    # Carioca round 3: two escalas, one through the ace.
    ("carioca", 3, "QS KS AS 2S 5H 6H 7H 8H 10D JC 4C 3D", ["5H 6H 7H 8H", "QS KS AS 2S"]),
    # Carioca round 1: two trios must differ in rank.
    ("carioca", 1, "7H 7C 7D 7S 7H 7C 2D 4S 9C JD QH KS", None),
    # Continental TE: a trio and an escalera with a joker, never two jokers side by side.
    ("continental", 2, "9H 9C 9S 4D 5D JK 7D 2C KH", ["9S 9H 9C", "4D 5D JK 7D"]),
    # Kalooki contract 1: three threes of different ranks.
    ("kalooki", 1, "4H 4C 4S 9D 9C 9H KS KD JK", ["4S 4H 4C", "9H 9D 9C", "KS KD JK"]),
    # Rommi round 3: two runs of four.
    ("rommi", 3, "3S 4S 5S 6S 9H 10H JH QH 2D KC AC", ["3S 4S 5S 6S", "9H 10H JH QH"]),
]


@pytest.mark.parametrize(("preset", "number", "hand", "melds"), WORKED)
def test_worked_hands_from_the_sources(
    preset: str, number: int, hand: str, melds: list[str] | None
) -> None:
    rules, cards = PRESETS[preset], parse_cards(hand)
    a = arrange(rules, number, cards)
    assert a.possible == (melds is not None), a.reason
    if melds is not None:
        assert [format_cards(m.cards) for m in a.melds] == melds
        verdict = check_contract(rules, number, [m.cards for m in a.melds], hand=a.leftover)
        assert verdict.legal, verdict.messages()


@pytest.mark.parametrize("preset", WORLD)
def test_the_arrange_endpoint_answers_each_new_preset(client: FlaskClient, preset: str) -> None:
    rules = PRESETS[preset]
    number = rules.round_count
    cards = " ".join(contract_hand(rules, rules.round(number)))
    response = client.post(
        "/api/v1/referee/arrange", json={"rules": preset, "round": number, "cards": cards}
    )
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["possible"] is True
    assert sum(len(m["cards"]) for m in body["melds"]) >= rules.round(number).contract.min_cards


def test_the_referee_page_arranges_a_ten_phase_flush(client: FlaskClient) -> None:
    hand = "2H+5H+5H+9H+QH+KS+JH+4C"
    page = client.get(f"/referee?rules=ten-phase&tool=arrange&round=8&hand={hand}")
    assert page.status_code == 200
    assert 'data-verdict="possible"' in page.get_data(as_text=True)


def test_the_builder_previews_a_colour_meld(client: FlaskClient) -> None:
    fields = builder_fields(client, "ten-phase")
    fields["r0.m0.kind"] = "color"  # phase 1: a colour meld of 5 and a set
    fields["r0.m0.length"] = "5"
    fields["example.round"] = "1"
    fields["example.hand"] = "3H 5D 9D QH 2H 4C 4S 4C 7S"
    page = client.post("/rules/build", data=fields, headers=HX).get_data(as_text=True)
    assert 'data-verdict="possible"' in page
    fields["example.hand"] = "3H 5D 9S QC 2C 4C 4S 4C 7S"  # two red cards and no wild
    page = client.post("/rules/build", data=fields, headers=HX).get_data(as_text=True)
    assert 'data-verdict="impossible"' in page
