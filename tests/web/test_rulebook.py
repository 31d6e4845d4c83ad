"""A game's own rules page, ``/games/<id>/rules``: the rule set the game stored when it
started, whatever it was started from (a preset, a preset with house rules, a whole document),
and the game's pages link to it rather than to a preset's page."""

from __future__ import annotations

import copy
import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, resolve_rules, to_document
from tests.conftest import GameBuilder

PLAYERS = ["Ann", "Bob", "Cy"]


def custom_document() -> dict[str, Any]:
    """Liverpool's rules, renamed, in 4 rounds: the first asks for a run of 7, which no preset's
    first round does, and the last for three runs of 5."""
    rules = to_document(PRESETS["liverpool"])
    rules["id"], rules["name"] = "our-table", "Our table's rules"
    rules["rounds"] = copy.deepcopy(rules["rounds"][:4])
    rules["rounds"][0]["contract"] = [{"kind": "run", "min_length": 7}]
    rules["rounds"][3]["contract"] = [{"kind": "run", "min_length": 5}] * 3
    return rules


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def test_a_game_from_a_document_has_its_own_rules_page(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    game = new_game.by_api(client, PLAYERS, custom_document())["id"]
    answer = client.get(f"/games/{game}/rules")
    assert answer.status_code == 200
    text = text_of(answer.get_data(as_text=True))
    rules = resolve_rules(custom_document())
    assert "Our table's rules" in text
    assert f"{rules.round_count} rounds" in text
    for number, spec in enumerate(rules.rounds, start=1):
        contract = spec.contract.describe(words=True)
        assert f"{number} {contract} (at least {spec.contract.min_cards} cards)" in text
    # The preset the document was made from is not what the page describes.
    assert "Three runs of 5" in text and "One run of 7" in text
    assert PRESETS["liverpool"].rounds[0].contract.describe(words=True) not in text


def test_the_page_keeps_the_rules_the_game_started_with(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    """Options on top of a preset are part of the stored rule set, and so of its page."""
    game = new_game.by_api(client, PLAYERS, options={"buy_precedence": "first-to-call"})["id"]
    ours = text_of(client.get(f"/games/{game}/rules").get_data(as_text=True))
    plain = text_of(client.get("/rules/liverpool").get_data(as_text=True))
    sentence = "When several players want the discard, the first to call gets it."
    assert sentence in ours
    assert sentence not in plain


def test_game_and_watch_pages_link_to_the_games_rules(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    game = new_game.by_api(client, PLAYERS, custom_document())["id"]
    for page in (f"/games/{game}", f"/games/{game}/watch"):
        markup = client.get(page).get_data(as_text=True)
        assert f'href="/games/{game}/rules"' in markup, page
        assert 'href="/rules/' not in markup, page
    rules_page = client.get(f"/games/{game}/rules").get_data(as_text=True)
    assert f'href="/games/{game}"' in rules_page  # back to the game


def test_an_unknown_game_has_no_rules_page(client: FlaskClient) -> None:
    answer = client.get("/games/AAAAAAAAAAAAAAAAAAAAAA/rules")
    assert answer.status_code == 404


def test_open_the_referee_opens_it_with_the_games_own_rules(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    """The rules page's "Open the referee with these rules" opens the game's referee (its
    stored rules, its round), not the referee of a preset named like the document's id."""
    game = new_game.by_api(client, PLAYERS, custom_document())["id"]
    page = client.get(f"/games/{game}/rules").get_data(as_text=True)
    link = re.search(r'href="([^"]*)"[^>]*>Open the referee with these rules', page)
    assert link is not None and html.unescape(link.group(1)) == f"/games/{game}/referee"
    referee = text_of(client.get(link.group(1)).get_data(as_text=True))
    assert "Round 1: One run of 7" in referee
    # A preset's own rules page still opens the referee with the preset.
    preset_page = client.get("/rules/family").get_data(as_text=True)
    assert 'href="/referee?rules=family">Open the referee with these rules' in preset_page
