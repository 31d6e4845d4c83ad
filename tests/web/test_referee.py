"""The referee pages with Flask's test client: every tool for every preset, the editor's taps,
full page vs htmx fragment, a game's referee, the rules pages, and the refusals."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from scorekeeper.rules.cards import Rank
from scorekeeper.rules.rulesets import Aces
from scorekeeper.web.referee import TOOLS
from tests.conftest import GameBuilder

HX = {"HX-Request": "true"}


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def chips(page: str, slot: str) -> list[str]:
    """The chips of one slot, in order."""
    block = page.split(f'data-slot="{slot}"', 1)[1].split("data-slot=", 1)[0]
    return re.findall(r'name="drop_card" value="[^"]+" class="chip [^"]*"[^>]*>([^<]+)<', block)


def target(page: str) -> str:
    match = re.search(r'name="target" value="([^"]*)"', page)
    assert match
    return match.group(1)


def verdict(page: str) -> str:
    match = re.search(r'data-verdict="([^"]+)"', page)
    assert match, page
    return match.group(1)


def tap(client: FlaskClient, tool: str = "contract", **form: Any) -> str:
    form.setdefault("rules", "liverpool")
    response = client.post(f"/referee?tool={tool}", data=form, headers=HX)
    assert response.status_code == 200, response.data[:500]
    return text(response)


# --- every page renders ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("tool", list(TOOLS))
def test_every_tool_for_every_preset(client: FlaskClient, preset: str, tool: str) -> None:
    response = client.get(f"/referee?tool={tool}&rules={preset}")
    assert response.status_code == 200
    page = text(response)
    assert page.count('class="pick ') == 52 + PRESETS[preset].uses_jokers  # no joker without
    assert TOOLS[tool].heading in page
    assert 'data-verdict="empty"' in page
    assert "style=" not in page
    assert "<script>" not in page


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_round_of_every_preset(client: FlaskClient, preset: str) -> None:
    rules = PRESETS[preset]
    for number, spec in enumerate(rules.rounds, start=1):
        page = text(client.get(f"/referee?rules={preset}&round={number}"))
        label = "Phase" if rules.phased else "Round"
        assert f"{label} {number}: <strong>{spec.contract.describe(words=True)}" in page


def test_urls(app: Flask) -> None:
    with app.test_request_context():
        assert url_for("referee.page") == "/referee"
        assert url_for("referee.page", game_id="x" * 22) == f"/games/{'x' * 22}/referee"
        assert url_for("referee.rules_page", preset="family") == "/rules/family"
        assert url_for("referee.rules_index") == "/rules"


def test_full_page_or_fragment_with_vary(client: FlaskClient) -> None:
    full = client.get("/referee")
    fragment = client.get("/referee", headers=HX)
    assert "HX-Request" in full.headers["Vary"]
    assert "HX-Request" in fragment.headers["Vary"]
    assert "<html" in full.get_data(as_text=True)
    body = fragment.get_data(as_text=True)
    assert "<html" not in body
    assert body.lstrip().startswith("{#") is False
    assert 'id="ref-editor"' in body
    # A history restore gets the full page.
    restore = client.get("/referee", headers={**HX, "HX-History-Restore-Request": "true"})
    assert "<html" in restore.get_data(as_text=True)


# --- the editor's taps ------------------------------------------------------------------------


def test_tapping_builds_a_legal_lay_down(client: FlaskClient) -> None:
    page = tap(client, round="2", group=["7H 7C"], target="group-0", add="JK")
    assert chips(page, "group-0") == ["7♥", "7♣", "Joker"]
    assert verdict(page) == "illegal"
    assert "one run is missing" in page
    page = tap(client, round="2", group=["7H 7C JK"], target="group-0", new_group="1")
    assert target(page) == "group-1"
    page = tap(client, round="2", group=["7H 7C JK", "4S 5S 6S"], target="group-1", add="7S")
    assert chips(page, "group-1") == ["4♠", "5♠", "6♠", "7♠"]
    assert verdict(page) == "legal"
    assert "Round 2 asks for 1 set and 1 run" in page
    assert "set of sevens" in page
    assert "run 4♠-7♠" in page
    assert "stands for" in page


def test_an_illegal_lay_down_names_every_problem(client: FlaskClient) -> None:
    page = tap(client, round="3", group=["2H 3H 4H 5H", "6H 7H 8H 9H"])
    assert verdict(page) == "illegal"
    assert "2♥-5♥ and 6♥-9♥ touch" in page
    page = tap(client, round="2", group=["9S 9D 9C", "KS AS 2S 3S"])
    assert "K♠ A♠ 2♠ 3♠ turns the corner: aces are high or low, not both." in page
    assert "not a legal run" in page


def test_chips_are_removed_groups_dropped_and_cleared(client: FlaskClient) -> None:
    groups = ["7H 7C JK", "4S 5S 6S 7S"]
    page = tap(client, round="2", group=groups, drop_card="group-1:0")
    assert chips(page, "group-1") == ["5♠", "6♠", "7♠"]
    assert target(page) == "group-1"
    page = tap(client, round="2", group=groups, target="group-1", drop_group="0")
    assert chips(page, "group-0") == ["4♠", "5♠", "6♠", "7♠"]
    assert 'data-slot="group-1"' not in page
    assert target(page) == "group-0"
    page = tap(client, round="2", group=groups, hand="KD", clear="1")
    assert chips(page, "group-0") == []
    assert chips(page, "hand") == []
    assert verdict(page) == "empty"


def test_selecting_a_slot_and_one_card_slots(client: FlaskClient) -> None:
    page = tap(client, "layoff", meld="5H 6H 7H 8H", select="card")
    assert target(page) == "card"
    page = tap(client, "layoff", meld="5H 6H 7H 8H", card="10H", target="card", add="9H")
    assert chips(page, "card") == ["9♥"]  # a one-card slot takes the new card instead
    assert verdict(page) == "fits"
    assert "9♥ goes on the high end of the run 5♥-8♥." in page


def test_typed_notation_is_read_and_made_canonical(client: FlaskClient) -> None:
    page = tap(client, round="2", group=["7h, 7c jk", "T♠ J♠ Q♠ K♠"])
    assert 'value="7H 7C JK"' in page
    assert 'value="10S JS QS KS"' in page
    assert verdict(page) == "legal"


def test_a_bad_card_is_shown_not_refused(client: FlaskClient) -> None:
    page = tap(client, round="2", group=["7H 7X JK"])
    assert verdict(page) == "error"
    assert 'Meld 1: "7X" is not a card' in page
    assert "7X?" in page  # its chip shows what is wrong, and can be tapped out
    assert 'value="7H 7X JK"' in page  # what was typed is kept


def test_the_hand_matters_in_the_all_out_round(client: FlaskClient) -> None:
    runs = ["3H 4H 5H 6H", "3D 4D 5D 6D", "3S 4S 5S 6S"]
    assert verdict(tap(client, round="7", group=runs)) == "legal"
    page = tap(client, round="7", group=runs, hand="KC")
    assert verdict(page) == "illegal"
    assert "K♣ is left in hand" in page


def test_limits(client: FlaskClient) -> None:
    page = tap(client, group=["7H"] * 12, new_group="1")
    assert "12 melds at most" in page
    page = tap(client, group=["7H " * 40], target="group-0", add="8H")
    assert "40 cards at most" in page
    page = tap(client, group=["7H"], add="ZZ")
    assert '"ZZ" is not a card' in page


@pytest.mark.parametrize(
    ("tool", "form", "word", "says"),
    [
        ("arrange", {"round": "6", "hand": "7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C"},
         "possible", "Left over"),
        ("arrange", {"round": "3", "hand": "3S 4S 5S 6S 9D 10D 7H"}, "impossible", "2 runs"),
        ("layoff", {"meld": "5H 6H 7H 8H", "card": "10H"}, "no", "only 4♥ or 9♥ would"),
        ("swap", {"meld": "8C 9C JK JC", "card": "10C"}, "allowed", "takes the place"),
        ("swap", {"meld": "7H 7C JK", "card": "7S"}, "no", "dead"),
        ("liverpool", {"group": ["3H 4H 5H 6H", "9S 9C 9D"], "discard": "7H"},
         "playable", "Liverpool!"),
        ("liverpool", {"group": ["3H 4H 5H 6H"], "discard": "KD"}, "safe", "does not go on"),
        ("points", {"hand": "AH JK 7C"}, "points", ">40<"),
        ("points", {"hand": "AH JK 7C", "points_table": "face-value"}, "points", ">37<"),
    ],
)  # fmt: skip
def test_the_other_tools(
    client: FlaskClient, tool: str, form: dict[str, Any], word: str, says: str
) -> None:
    page = tap(client, tool, **form)
    assert verdict(page) == word
    assert says in page


def test_links_from_a_verdict_carry_the_cards(client: FlaskClient) -> None:
    page = tap(client, round="2", group=["7H 7C JK", "4S 5S 6S 7S"])
    assert "tool=layoff" in page and "meld=4S+5S+6S+7S" in page
    assert "tool=liverpool" in page and "group=7H+7C+JK&group=4S+5S+6S+7S" in page
    layoff = text(client.get("/referee?tool=layoff&rules=liverpool&meld=4S+5S+6S+7S"))
    assert chips(layoff, "meld") == ["4♠", "5♠", "6♠", "7♠"]


def test_no_javascript_needed_plain_form_posts(client: FlaskClient) -> None:
    """Without htmx the buttons are submit buttons: the server answers with the full page."""
    response = client.post(
        "/referee?tool=contract", data={"rules": "liverpool", "round": "1", "add": "7H"}
    )
    page = text(response)
    assert "<html" in page
    assert chips(page, "group-0") == ["7♥"]


# --- a game's referee --------------------------------------------------------------------------


def test_a_games_referee_uses_its_rules_and_round(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    game_id = new_game.by_form(client, rules="deuces-six")
    page = text(client.get(f"/games/{game_id}/referee"))
    assert "Round 1: <strong>Two sets" in page
    assert 'name="rules"' not in page  # the game's rule set, not a choice
    assert "Six-round Deuces Wild" in page
    assert f'href="/games/{game_id}"' in page
    page = text(
        client.post(
            f"/games/{game_id}/referee?tool=contract",
            data={"round": "1", "group": ["7H 7C JK", "9S 9D 9C"]},
            headers=HX,
        )
    )
    assert "played without jokers" in page
    # Hand points under the game's table, one tap away from the round entry.
    page = text(
        client.post(f"/games/{game_id}/referee?tool=points", data={"hand": "AH 2C"}, headers=HX)
    )
    assert ">50<" in page
    assert "as the hand of:" in page
    link = f"/games/{game_id}?player=1&cards=AH+2C#entry-form"
    assert link in page and ">Bob</a>" in page
    # The link opens the round entry with Bob's cards filled in.
    game_page = text(client.get(link))
    assert 'name="cards-1" value="AH 2C"' in game_page
    assert 'name="cards-0" value=""' in game_page
    # A bad card or an unknown seat is ignored, not an error.
    assert client.get(f"/games/{game_id}?player=9&cards=AH").status_code == 200
    assert client.get(f"/games/{game_id}?player=1&cards=ZZ").status_code == 200


def test_an_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/games/nosuchgame-nosuchgame/referee").status_code == 404
    assert client.get("/games/x/referee").status_code == 404


# --- refusals ----------------------------------------------------------------------------------


def test_unknown_rules_tool_or_table_is_400(client: FlaskClient) -> None:
    response = client.get("/referee?rules=nope")
    assert response.status_code == 400
    assert 'there is no rule set "nope"' in text(response)
    assert client.get("/referee?tool=nope").status_code == 400
    assert client.get("/referee?tool=points&points_table=nope").status_code == 400


def test_an_impossible_round_is_brought_into_range(client: FlaskClient) -> None:
    page = text(client.get("/referee?rules=deuces-six&round=7"))
    assert "Round 6:" in page
    page = text(client.get("/referee?rules=liverpool&round=abc"))
    assert "Round 1:" in page


def test_pages_are_csrf_protected(tmp_path: Any) -> None:
    from tests.conftest import make_app

    app = make_app(f"sqlite:///{tmp_path / 'csrf.sqlite3'}", tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.get("/referee").status_code == 200
    assert client.post("/referee", data={"add": "7H"}).status_code == 400


# --- rules pages -------------------------------------------------------------------------------


def test_rules_index_lists_every_preset(client: FlaskClient) -> None:
    page = text(client.get("/rules"))
    for preset in PRESETS.values():
        assert preset.name in page
        assert f'href="/rules/{preset.id}"' in page


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_page_for_every_preset(client: FlaskClient, preset: str) -> None:
    rules = PRESETS[preset]
    response = client.get(f"/rules/{preset}")
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    page = text(response)
    assert rules.name in page
    for spec in rules.rounds:
        assert spec.contract.describe(words=True) in page
    assert rules.point_table.describe(rules.uses_jokers) in page
    assert rules.describe_wilds()[1:] in page
    assert "Legal:" in page and "Not legal:" in page
    # K A 2 3: no corner where runs may turn it, nor where the king is a wild card
    if rules.aces != Aces.WRAP and Rank.KING not in rules.wild_ranks:
        assert "turns the corner" in page


def test_rules_pages_follow_the_rule_set_data(client: FlaskClient) -> None:
    """Verdicts are computed under each preset, so they differ where the rules differ."""
    liverpool = text(client.get("/rules/liverpool"))
    family = text(client.get("/rules/family"))
    deuces = text(client.get("/rules/deuces-six"))
    assert "has only 2 natural cards: a run needs at least 3" in liverpool
    assert "has only 2 natural cards" not in family
    assert "5♠-8♠ and 7♠-10♠ overlap" in liverpool
    assert "5♠-8♠ and 7♠-10♠ overlap" not in family
    assert "the cards of a set must be of different suits" in deuces
    assert "A wild card in a set is dead" in liverpool
    assert "7♠ takes the place of the Joker" in family
    assert "Cut bonus" in liverpool and "There is no cut bonus" in family
    assert "No buying in round 1" in family


def test_unknown_preset_rules_page_is_404(client: FlaskClient) -> None:
    response = client.get("/rules/nope")
    assert response.status_code == 404
    assert "There is no rule set" in text(response)
