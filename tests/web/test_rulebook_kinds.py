"""The rules pages explain each new meld kind and house rule a rule set plays, with a legal
and an illegal example judged live by the referee's own checks (the sentence shown is the
check's), on the rule book's page of a preset and on a game's rules page."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.rules import PRESETS, check_contract, parse_cards
from scorekeeper.rules.document import to_document
from scorekeeper.rules.melds import judge
from scorekeeper.rules.options import with_options
from scorekeeper.rules.rulesets import Contract, MeldKind, MeldSpec, RuleSet
from scorekeeper.web.rulebook import rulebook
from scorekeeper.web.rulebook_kinds import house_rule_examples
from tests.conftest import grant_device

PAIRED = {
    "color", "flush", "run_suits", "aces", "set_ranks", "runs_without_wild_rank",
    "wilds_per_meld", "adjacent_wilds", "extra_meld_kinds",
}  # fmt: skip


def with_colour_round(rules: RuleSet, kind: MeldKind = MeldKind.COLOR) -> RuleSet:
    """``rules`` with round 1 asking for one colour meld (or flush) of 5 and a set."""
    first = dataclasses.replace(
        rules.rounds[0], contract=Contract((MeldSpec(kind, 5), MeldSpec(MeldKind.SET, 3)))
    )
    return dataclasses.replace(rules, rounds=(first, *rules.rounds[1:]))


LIVERPOOL = PRESETS["liverpool"]
VARIANTS: dict[str, RuleSet] = {
    "colour round": with_colour_round(LIVERPOOL),
    "flush round": with_colour_round(LIVERPOOL, MeldKind.FLUSH),
    "any suits": with_options(LIVERPOOL, {"run_suits": "any"}),
    "wrap": with_options(LIVERPOOL, {"aces": "wrap"}),
    "sets of different ranks": with_options(LIVERPOOL, {"set_ranks": "different"}),
    "twos without a place": with_options(
        LIVERPOOL,
        {"deuces_wild": True, "wild_can_be_natural": False, "runs_without_wild_rank": True},
    ),
    "one wild a meld": with_options(LIVERPOOL, {"wilds_per_meld": 1}),
    "two wilds a meld": with_options(LIVERPOOL, {"wilds_per_meld": 2}),
    "no wild going down": with_options(LIVERPOOL, {"wilds_per_meld": 0}),
    "wilds apart": with_options(LIVERPOOL, {"adjacent_wilds": False}),
    "extras of the contract's kinds": with_options(
        PRESETS["carioca"], {"extra_meld_kinds": "contract"}
    ),
    **{name: PRESETS[name] for name in ("ten-phase", "carioca", "continental", "kalooki")},
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_each_entry_shows_a_legal_then_an_illegal_example(name: str) -> None:
    """The examples are built for the rules they are shown under: the first of each pair is
    legal there, the second not, with the check's own sentence saying why."""
    entries = house_rule_examples(VARIANTS[name])
    assert entries
    for entry in entries:
        assert entry["key"] in PAIRED and entry["title"] and entry["text"]
        good, bad = entry["examples"][:2]
        assert good["legal"] and good["description"], (entry["key"], good)
        assert not bad["legal"] and bad["problems"], (entry["key"], bad)


def test_the_verdicts_are_the_checks_own() -> None:
    """Each example meld's verdict is what the referee's meld check says of those cards."""
    rules = VARIANTS["colour round"]
    entry = next(e for e in house_rule_examples(rules) if e["key"] == "color")
    for example in entry["examples"]:
        cards = parse_cards(example["cards"])
        _kind, meld, problems = judge(cards, rules, MeldKind.COLOR, min_length=5)
        assert example["legal"] == (meld is not None)
        assert example["problems"] == [p.message for p in problems]
    sets = next(e for e in house_rule_examples(PRESETS["kalooki"]) if e["key"] == "set_ranks")
    bad = sets["examples"][1]
    verdict = check_contract(PRESETS["kalooki"], 1, [parse_cards(g) for g in bad["groups"]])
    assert bad["problems"] == [p.message for p in verdict.problems]


@pytest.mark.parametrize(
    ("preset", "keys"),
    [
        ("ten-phase", ["flush", "run_suits", "runs_without_wild_rank"]),
        ("carioca", ["set_ranks", "aces", "wilds_per_meld", "adjacent_wilds",
                     "extra_meld_kinds"]),
        ("continental", ["aces", "adjacent_wilds"]),
        ("kalooki", ["set_ranks", "adjacent_wilds"]),
        ("liverpool", []),
    ],
)  # fmt: skip
def test_the_rule_books_page_explains_what_the_preset_plays(
    client: FlaskClient, preset: str, keys: list[str]
) -> None:
    page = client.get(f"/rules/{preset}").get_data(as_text=True)
    assert re.findall(r'data-house-rule="([a-z_]+)"', page) == keys
    for key in keys:
        chunk = page[page.index(f'data-house-rule="{key}"') :]
        chunk = chunk[: chunk.index("</ul>")]
        assert chunk.index('class="example ok"') < chunk.index('class="example bad"')
        assert "Not legal:" in chunk and "Legal:" in chunk
    if not keys:
        assert 'id="house-rules"' not in page


def test_the_sentences_read_on_the_page() -> None:
    book = rulebook(PRESETS["ten-phase"])
    flush = next(e for e in book["house_rules"] if e["key"] == "flush")
    assert flush["examples"][1]["problems"] == [
        "2♣ 10♣ A♣ 6♣ J♣ 8♣ Q♥ mixes suits: a flush is cards of one suit, and Q♥ is not a club."
    ]
    wild = flush["examples"][2]
    assert wild["legal"] and {w["words"] for w in wild["wilds"]} == {"a club"}


def test_kalookis_black_aces_show_on_its_rules_page(client: FlaskClient) -> None:
    page = html.unescape(client.get("/rules/kalooki").get_data(as_text=True))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Cards valued apart from their rank: A♠ 15 , A♣ 15" in text
    assert "card-points" not in client.get("/rules/liverpool").get_data(as_text=True)


def test_a_phase_games_flush_phase_has_a_lay_down_example() -> None:
    """Phase 8 of the ten phases is a flush of 7: its lay-down is shown, legal."""
    book = rulebook(PRESETS["ten-phase"])
    flush = [c for c in book["contracts"] if "flush" in c["note"]]
    assert flush and flush[0]["legal"] and flush[0]["note"].startswith("phase 8")


def _game_with(app: Flask, client: FlaskClient, rules: RuleSet) -> str:
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=to_document(rules), players=["Ann", "Bob", "Cy"]
        )
    grant_device(app, client, view.id)
    return str(view.id)


def test_a_games_rules_page_explains_the_kinds_its_rules_use(
    app: Flask, client: FlaskClient
) -> None:
    own = dataclasses.replace(VARIANTS["colour round"], id="colours", name="Colours")
    game_id = _game_with(app, client, own)
    page = client.get(f"/games/{game_id}/rules").get_data(as_text=True)
    assert re.findall(r'data-house-rule="([a-z_]+)"', page) == ["color"]
    assert "a black card among red ones" in page and "is not red." in html.unescape(page)
    plain = _game_with(app, client, LIVERPOOL)
    assert "data-house-rule" not in client.get(f"/games/{plain}/rules").get_data(as_text=True)
