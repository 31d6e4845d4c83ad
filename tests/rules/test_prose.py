"""The rule book in words (scorekeeper.rules.prose): one text for the rules pages, the printed
sheets' key rules and the API, following the rule set's data."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import PRESETS, RuleSet
from scorekeeper.rules.options import with_options
from scorekeeper.rules.prose import Section, key_rules, rounds_text, rule_book, summary
from scorekeeper.rules.rulesets import MeldKind

PROSE = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules" / "prose.py"
HEADINGS = [
    "Decks and wild cards",
    "Sets and runs",
    "Going down",
    "Laying off and going out",
    "Buying",
    "Joker swap",
    "Deal and cut",
    "Scoring",
]


def book_text(rules: RuleSet, players: int | None = None) -> str:
    return " ".join(p.text for s in rule_book(rules, players) for p in s.paragraphs)


def section(rules: RuleSet, heading: str) -> Section:
    return next(s for s in rule_book(rules) if s.heading == heading)


def headings(rules: RuleSet) -> list[str]:
    """The sections: a phase game's own, and "Melds" where colour melds or flushes join."""
    found = list(HEADINGS)
    if any(kind not in (MeldKind.SET, MeldKind.RUN) for kind in rules.meld_kinds):
        found[1] = "Melds"
    return [*found[:1], "Phases", *found[1:]] if rules.phased else found


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_has_every_section_in_whole_sentences(preset: str) -> None:
    rules = PRESETS[preset]
    book = rule_book(rules)
    assert [s.heading for s in book] == headings(rules)
    for part in book:
        assert part.paragraphs
        for paragraph in part.paragraphs:
            for sentence in paragraph.sentences:
                assert sentence.text[:1].isupper() or sentence.text[:1].isdigit(), sentence
                assert sentence.text.endswith((".", '!".')), sentence
    text = book_text(rules)
    assert rules.describe_wilds()[1:] in text
    assert rules.point_table.describe(rules.uses_jokers) in text
    if rules.phased:
        assert f"completes all {rules.round_count} phases" in text
    else:
        assert f"after round {rules.round_count}" in text


@pytest.mark.parametrize("preset", list(PRESETS))
def test_key_rules_are_the_books_key_sentences(preset: str) -> None:
    """The sheets' lines are not written again: each is one section's key sentences."""
    rules = PRESETS[preset]
    for players in range(rules.min_players, rules.max_players + 1):
        lines = key_rules(rules, players)
        book = rule_book(rules, players)
        expected = [
            " ".join(s.text for p in part.paragraphs for s in p.sentences if s.key) for part in book
        ]
        assert list(lines) == [line for line in expected if line]
        decks, jokers = rules.decks.decks_for(players), rules.decks.jokers_for(players)
        assert lines[0].startswith(f"{players} players: {decks} decks")
        assert (f"and {jokers} joker" if jokers else "no jokers") in lines[0]
        assert 6 <= len(lines) <= len(headings(rules))


def test_the_book_gives_decks_for_every_player_count() -> None:
    assert section(PRESETS["family"], "Decks and wild cards").paragraphs[0].text == (
        "3 or 4 players: 2 decks and 4 jokers; 5 or 6 players: 3 decks and 6 jokers; "
        "7 or 8 players: 4 decks and 8 jokers."
    )
    assert "5 to 8 players: 3 decks, no jokers" in book_text(
        with_options(PRESETS["liverpool"], {"jokers": "none", "deuces_wild": True})
    ).replace("6 to 8", "5 to 8")


def test_as_dict_is_json_and_keeps_the_key_sentences() -> None:
    book = [s.as_dict() for s in rule_book(PRESETS["contract-rummy"])]
    again = json.loads(json.dumps(book))
    assert again == book
    going_down = next(s for s in again if s["heading"] == "Going down")
    assert going_down["key_rule"].startswith("Contract melds are exactly 3 (set) or 4 (run)")
    exact = going_down["paragraphs"][1]
    assert exact["text"].startswith(exact["sentences"][0]["text"])
    assert [s["key"] for s in exact["sentences"]] == [True, False]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rule_book(PRESETS["liverpool"])[0].heading = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("options", "present", "absent"),
    [
        ({"buying": False}, ["No buying. Only the player whose turn"], ["penalty card"]),
        ({"buy_limit": 2}, ["A player may buy at most two cards in a round."], []),
        ({"buys_per_turn": 2}, ["At most two buys per turn."], []),
        (
            {"buy_precedence": "first-to-call"},
            ["When several players want the discard, the first to call gets it."],
            ["Nearest player first."],
        ),
        ({"jokers": "none"}, ["No wild cards.", "There are no wild cards to swap."], ["Swap"]),
        ({"deuces_wild": True}, ["Jokers and twos are wild.", "Wild twos may also stand"], []),
        ({"wilds_at_most_naturals": True}, ["may not outnumber natural cards"], []),
        (
            {"set_min_naturals": 0},
            ["cards of one rank, wild cards alone may make one.", "A set of wild cards only"],
            ["A run of wild cards only"],
        ),
        (  # no natural card asked, but wild cards may not outnumber them: never all wild
            {"set_min_naturals": 0, "wilds_at_most_naturals": True},
            ["Set: 3 or more cards of one rank, at least 1 natural."],
            ["wild cards alone may make one", "A set of wild cards only"],
        ),
        ({"set_distinct_suits": True}, ["Set: 3 or 4 cards of one rank, each of a different"], []),
        ({"same_suit_runs": "never"}, ["must all be of different suits"], []),
        ({"joker_swap": "never"}, ["Wild cards on the table cannot be swapped."], ["dead"]),
        ({"cut_bonus": 0}, ["There is no cut bonus."], ["Cut bonus:"]),
        ({"cut_bonus": -25}, ["Cut bonus: −25 to the cutter for an exact cut."], []),
        ({"layoff_on_going_down_turn": False}, ["No laying off in the turn you go down."], []),
        ({"exact_contract_melds": True}, ["exactly 3 (set) or 4 (run) cards, except in"], []),
        (
            {"extra_melds": True},
            ["Melds beyond the contract may go down with it.", "at least its number of sets"],
            ["exactly its number of sets"],
        ),
        ({"keep_card_to_discard": True}, ["must leave at least one card to discard"], []),
    ],
)
def test_house_rules_change_the_words(
    options: dict[str, Any], present: list[str], absent: list[str]
) -> None:
    # Liverpool's last round can only be made after a buy; Contract Rummy deals 12 cards then.
    preset = "contract-rummy" if options.get("buying") is False else "liverpool"
    rules = with_options(PRESETS[preset], options)
    text = book_text(rules)
    lines = " ".join(key_rules(rules, 4))
    for words in present:
        assert words in text
    for words in absent:
        assert words not in text
        assert words not in lines


def test_key_rules_follow_the_table_rules() -> None:
    family = " ".join(key_rules(PRESETS["family"], 5))
    assert "No buying in round 1." in family
    assert "The next player may take the discard free." in family
    assert "or out of a set's first three cards" in family
    contract = " ".join(key_rules(PRESETS["contract-rummy"], 4))
    assert "4 players: 2 decks and 3 jokers." in contract
    assert "No laying off in the turn you go down." in contract
    assert "At most one buy per turn." in contract
    liverpool = " ".join(key_rules(PRESETS["liverpool"], 4))
    assert "Cut bonus: −50 to the cutter for an exact cut." in liverpool


def test_round_lists() -> None:
    assert rounds_text([7]) == "round 7"
    assert rounds_text([1, 2, 3, 4, 5, 6]) == "rounds 1 to 6"
    assert rounds_text([1, 3]) == "rounds 1 and 3"
    assert rounds_text([1, 2, 3, 5]) == "rounds 1 to 3 and 5"


def test_prose_imports_nothing_outside_the_rules_core() -> None:
    """Pure text from rules: no Flask, database, printing or web import."""
    tree = ast.parse(PROSE.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level in (0, 1), node.module
            if node.level == 0:
                assert node.module in {"__future__", "collections.abc", "dataclasses",
                                       "itertools", "typing"}, node.module  # fmt: skip
        elif isinstance(node, ast.Import):
            pytest.fail(f"unexpected import {[a.name for a in node.names]}")


def test_the_api_serves_the_same_rule_book(client: Any) -> None:
    """The rules pages, the sheets and the API read the same sentences."""
    from scorekeeper.rules import PRESETS
    from scorekeeper.rules.prose import key_rules, rule_book

    for preset in PRESETS.values():
        answer = client.get(f"/api/v1/rules/{preset.id}/book")
        assert answer.status_code == 200
        data = answer.get_json()
        assert data["rules"] == preset.id and data["name"] == preset.name
        assert data["sections"] == [section.as_dict() for section in rule_book(preset)]
        book_keys = [s["key_rule"] for s in data["sections"] if s["key_rule"]]
        assert tuple(book_keys) == tuple(key_rules(preset, None))
        page = client.get(f"/rules/{preset.id}").get_data(as_text=True)
        assert all(s["heading"] in page for s in data["sections"])
    missing = client.get("/api/v1/rules/poker/book")
    assert missing.status_code == 404 and "poker" in missing.get_json()["error"]


# --- the summary written from the rules ----------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_summary_is_written_from_the_rules(preset: str) -> None:
    """A rule set of one's own is summed up from its own rules (the presets' summaries are
    written by hand): what it says follows the rule set's data."""
    rules = PRESETS[preset]
    text = summary(rules)
    first, last = rules.rounds[0].contract.describe(), rules.rounds[-1].contract.describe()
    assert f"from {first} to {last}{'; each player' if rules.phased else '.'}" in text
    assert rules.describe_wilds()[1:] + "." in text
    assert rules.point_table.describe(rules.uses_jokers) in text
    assert ("go out with every card" in text) == any(spec.all_out for spec in rules.rounds)
    dealt = max(14, *(spec.contract.min_cards - 1 for spec in rules.rounds))
    changed = with_options(
        rules,
        {"cards_dealt": dealt, "cut_bonus": -30, "buying": False, "max_players": 4},
    )
    other = summary(changed)
    assert f"of {dealt} cards" in other and "−30" in other and "No buying." in other
    for sentence in other.replace('Buying ("May I?")', "Buying").split(". "):
        assert sentence[:1].isupper() or sentence[:1].isdigit(), sentence


def test_a_one_round_summary() -> None:
    rules = dataclasses.replace(PRESETS["liverpool"], rounds=PRESETS["liverpool"].rounds[1:2])
    assert summary(rules).startswith("One round of 10 cards: 1 set and 1 run.")
    same = dataclasses.replace(rules, rounds=rules.rounds * 3)
    assert summary(same).startswith("Three rounds of 10 cards, each asking for 1 set and 1 run.")
