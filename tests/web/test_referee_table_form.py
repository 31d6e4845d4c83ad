"""The referee page's table tools pass the table meld's round and kind (issue 35 §1): the
lay-off and joker-swap tools ask both, the Liverpool tool the round."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import GameBuilder

HX = {"HX-Request": "true"}
HEARTS_IN_SEQUENCE = "5H 6H 7H 8H 9H 10H JH"


def tap(client: FlaskClient, tool: str, **form: Any) -> str:
    form.setdefault("rules", "ten-phase")
    response = client.post(f"/referee?tool={tool}", data=form, headers=HX)
    assert response.status_code == 200, response.data[:500]
    return html.unescape(response.get_data(as_text=True))


def verdict(page: str) -> str:
    match = re.search(r'data-verdict="([^"]+)"', page)
    assert match, page
    return match.group(1)


def test_the_set_of_two_takes_a_five_on_the_page(client: FlaskClient) -> None:
    assert verdict(tap(client, "layoff", meld="5H KS", card="5C")) == "fits"


@pytest.mark.parametrize(
    ("form", "word"),
    [
        ({}, "no"),
        ({"meld_round": "4"}, "no"),
        ({"meld_round": "8"}, "fits"),
        ({"kind": "flush"}, "fits"),
        ({"kind": "run", "meld_round": "8"}, "no"),
    ],
)
def test_the_lay_off_reads_the_meld_by_its_round_and_kind(
    client: FlaskClient, form: dict[str, str], word: str
) -> None:
    page = tap(client, "layoff", meld=HEARTS_IN_SEQUENCE, card="2H", **form)
    assert verdict(page) == word


def test_the_liverpool_tool_reads_the_table_by_its_round(client: FlaskClient) -> None:
    table = {"group": ["5H 5D 5C", HEARTS_IN_SEQUENCE], "discard": "2H"}
    assert verdict(tap(client, "liverpool", **table)) == "safe"
    assert verdict(tap(client, "liverpool", meld_round="8", **table)) == "playable"


def test_the_form_offers_the_rules_kinds_and_rounds(client: FlaskClient) -> None:
    page = tap(client, "swap", meld="5H 7H KS 9H", card="3H")
    assert 'name="meld_round"' in page and 'name="kind"' in page
    assert '<option value="flush">flush</option>' in page
    assert 'value="color"' not in page  # no contract of the ten-phase game asks for one
    liverpool = tap(client, "liverpool", group=["5H 5D 5C"], discard="5S")
    assert 'name="meld_round"' in liverpool and 'name="kind"' not in liverpool
    assert 'name="meld_round"' not in tap(client, "points", hand="AH")


def test_a_kind_the_rules_lack_is_told_in_the_verdict(client: FlaskClient) -> None:
    page = tap(client, "layoff", rules="liverpool", meld="7H 7C 7S", card="7D", kind="flush")
    assert verdict(page) == "error" and '"flush"' in page
    page = tap(client, "layoff", meld="7H 7C 7S", card="7D", meld_round="11")
    assert verdict(page) == "error" and "1 to 10" in page


def test_the_carioca_rules_page_counts_the_gap_round_the_corner(client: FlaskClient) -> None:
    page = html.unescape(client.get("/rules/carioca").get_data(as_text=True))
    assert "2♥ is missing" in page
    assert "8 cards are missing" not in page


def test_a_games_referee_starts_with_the_games_round(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    game_id = new_game.by_form(client, rules="liverpool")
    page = html.unescape(client.get(f"/games/{game_id}/referee?tool=layoff").get_data(True))
    assert re.search(r'<option value="1" selected>Round 1', page)
    chosen = {"meld": "7H 7C 7S", "card": "7D", "meld_round": ""}
    response = client.post(f"/games/{game_id}/referee?tool=layoff", data=chosen, headers=HX)
    page = html.unescape(response.get_data(as_text=True))
    assert re.search(r'<option value="" selected>any round', page)


LIVERPOOL_TABLE = {"group": ["5H 5D 5C", HEARTS_IN_SEQUENCE], "discard": "2H"}


@pytest.mark.parametrize(
    ("form", "word"),
    [
        ({"group_kind": ["", "flush"]}, "playable"),
        ({"group_kind": ["set", "flush"]}, "playable"),
        ({"group_kind": ["", "run"], "meld_round": "8"}, "safe"),
        ({"group_kind": ["", ""], "meld_round": "8"}, "playable"),
    ],
)
def test_the_liverpool_tool_reads_each_table_meld_by_its_kind(
    client: FlaskClient, form: dict[str, Any], word: str
) -> None:
    assert verdict(tap(client, "liverpool", **LIVERPOOL_TABLE, **form)) == word


def test_each_liverpool_table_meld_has_its_own_kind_choice(client: FlaskClient) -> None:
    page = tap(client, "liverpool", **LIVERPOOL_TABLE, group_kind=["", "flush"])
    assert page.count('name="group_kind"') == 2
    chosen = re.search(r'id="ref-group-kind-2">(.*?)</select>', page, re.S)
    assert chosen and '<option value="flush" selected>' in chosen.group(1)
    assert "as the contract reads it" in page


def test_a_dropped_table_meld_takes_its_kind_with_it(client: FlaskClient) -> None:
    table = {"group": ["", "5H 5D 5C", HEARTS_IN_SEQUENCE], "discard": "2H"}
    page = tap(client, "liverpool", **table, group_kind=["run", "", "flush"], drop_group="0")
    assert page.count('name="group_kind"') == 2
    assert verdict(page) == "playable"  # the flush kept its kind


def test_a_table_melds_kind_the_rules_lack_is_told_in_the_verdict(client: FlaskClient) -> None:
    page = tap(client, "liverpool", **LIVERPOOL_TABLE, group_kind=["", "color"])
    assert verdict(page) == "error"
    assert "Table meld 2" in page and '"color"' in page
