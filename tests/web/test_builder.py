"""The rule-set builder's pages with Flask's test client: every option and round in plain
words, problems beside their fields with every typed value kept, saving, sharing by link and
file, importing, and the new-game form offering what was saved. Also: rules not in effect are
not offered (no joker on the card pickers of a game without jokers, and none accepted)."""

from __future__ import annotations

import html
import io
import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import OPTIONS, PRESETS, MeldKind
from scorekeeper.rules.document import to_document
from scorekeeper.rules.document_reader import from_document
from scorekeeper.rules.options import CHOICE_WORDS, choice_words
from scorekeeper.rules.prose import summary
from scorekeeper.web.builder_example import example_hand
from scorekeeper.web.builder_form import builder_options
from tests.conftest import GameBuilder, grant_device

HX = {"HX-Request": "true"}


def text(response: Any) -> str:
    return response.get_data(as_text=True)


class _Fields(HTMLParser):
    """The values a browser would send for a form: inputs, text areas and selected options."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: MultiDict[str, str] = MultiDict()
        self._select: str | None = None
        self._first: str | None = None
        self._chosen = False
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("file", "submit"):
            self.fields.add(name, a.get("value") or "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields.add(name, "")
        elif tag == "select":
            self._select, self._first, self._chosen = name, None, False
        elif tag == "option" and self._select:
            value = a.get("value") or ""
            self._first = value if self._first is None else self._first
            if "selected" in a:
                self.fields.add(self._select, value)
                self._chosen = True

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self.fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        if tag == "select" and self._select:
            if not self._chosen and self._first is not None:
                self.fields.add(self._select, self._first)
            self._select = None


def form_of(page: str) -> MultiDict[str, str]:
    parser = _Fields()
    parser.feed(page)
    fields = parser.fields
    fields.pop("csrf_token", None)
    return fields


def builder_fields(client: FlaskClient, start: str = "liverpool") -> MultiDict[str, str]:
    response = client.get(f"/rules/build?from={start}")
    assert response.status_code == 200
    return form_of(text(response))


def field_errors(page: str, container: str) -> list[str]:
    """The messages shown inside the element whose attribute ``container`` is given, e.g.
    ``data-round="2"`` (up to the next element of its kind)."""
    start = page.index(container)
    tag = page.rfind("<", 0, start)
    name = re.match(r"<(\w+)", page[tag:])
    assert name is not None
    end = page.find(f"<{name.group(1)} ", start)
    chunk = page[start : end if end > 0 else len(page)]
    return [html.unescape(m) for m in re.findall(r'field-error">([^<]*)<', chunk)]


# --- plain words ---------------------------------------------------------------------------------


def test_every_choice_of_every_option_has_plain_words() -> None:
    for name, option in OPTIONS.items():
        for value in option.choices:
            words = choice_words(name, value)
            assert words and words != value and "-" not in words.split()[0], (name, value)
    assert choice_words("brand_new_option", "keep-it-simple") == "Keep it simple"
    # Every meld kind the rules core knows has its words in the builder's kind choice.
    assert set(CHOICE_WORDS["kind"]) == {kind.value for kind in MeldKind}


@pytest.mark.parametrize("url", ["/rules/build?from=family", "/games/new"])
def test_no_option_codes_where_people_read_options(client: FlaskClient, url: str) -> None:
    page = text(client.get(url))
    codes = [c for o in OPTIONS.values() for c in o.choices if "-" in c]
    assert codes  # there are codes to hide
    for code in codes:
        assert f">{code}<" not in page and f": {code}<" not in page, code
    assert "One joker fewer than the players" in page
    assert "Jokers in runs, and a joker laid as the third card of a set" in page


def test_the_builder_shows_every_option_of_the_rules_core(client: FlaskClient) -> None:
    page = text(client.get("/rules/build?from=contract-rummy"))
    for name, option in builder_options().items():
        assert f'name="opt.{name}"' in page
        assert option.doc in html.unescape(page)
    assert page.count("data-round=") == len(PRESETS["contract-rummy"].rounds)


def test_unknown_starting_rules_are_a_404(client: FlaskClient) -> None:
    response = client.get("/rules/build?from=poker")
    assert response.status_code == 404
    assert "poker" in text(response)


# --- changing the rules -----------------------------------------------------------------------


def test_a_changed_contract_is_summarised_and_judged(client: FlaskClient) -> None:
    fields = builder_fields(client)
    fields["r0.m0.kind"] = "run"
    fields["r0.m0.length"] = "7"
    fields["example.round"] = "1"
    response = client.post("/rules/build", data=fields, headers=HX)
    page = text(response)
    assert response.status_code == 200
    assert page.lstrip().startswith('<form id="builder"')
    assert "<html" not in page and "HX-Request" in response.headers["Vary"]
    assert "One set and one run of 7 — at least 10 cards" in page
    # The example: a hand made for round 1 (3♠ to 9♠, 7s...), judged by the referee.
    assert 'data-verdict="possible"' in page
    assert "3♠" in page and "9♠" in page
    # And a hand typed in that cannot make it.
    fields["example.hand"] = "3S 4S 5S 6S 7S 8S 9S 7H 7D 7C KD"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert 'data-verdict="possible"' in page
    fields["example.hand"] = "3S 4S 5S 6S 8S 9S 10S 7H 7D 7C KD"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert 'data-verdict="impossible"' in page


def test_every_problem_shows_beside_its_field_with_every_value_kept(
    client: FlaskClient,
) -> None:
    fields = builder_fields(client)
    fields["r0.dealt"] = "ten"
    fields["r3.m1.length"] = "1"
    fields["players.min"] = "9"
    fields["opt.set_min_naturals"] = "7"
    fields["name"] = ""
    response = client.post("/rules/build", data=fields)
    page = text(response)
    assert response.status_code == 400
    assert 'value="ten"' in page and 'value="9"' in page and 'value="7"' in page
    assert 'id="r3-m1-length" value="1"' in page
    assert any("whole number" in m for m in field_errors(page, 'data-round="1"'))
    assert any("between 2 and" in m for m in field_errors(page, 'id="r3-m1-kind"'))
    assert "Must be between 2 and 8, not 9" in page
    assert re.search(r"Must be between \d and 4, not 7", page)
    assert "Cannot be empty" in page
    assert "In plain words" in page and 'data-verdict="possible"' not in page


def test_rounds_and_melds_are_added_and_removed(client: FlaskClient) -> None:
    fields = builder_fields(client)
    fields["action"] = "add-round"
    page = text(client.post("/rules/build", data=fields))
    assert 'data-round="8"' in page and 'name="r7.dealt" id="r7-dealt" value="10"' in page
    fields["action"] = "remove-round-0"
    page = text(client.post("/rules/build", data=fields))
    assert 'data-round="7"' not in page
    summary = page.split("In plain words")[1]
    assert summary.split("<li>")[1].startswith("One set and one run")  # round 1 (two sets) went
    fields = builder_fields(client)
    fields["action"] = "add-run-0"
    page = text(client.post("/rules/build", data=fields))
    assert 'name="r0.m2.kind"' in page  # two sets and a run
    fields = form_of(page)
    fields["action"] = "remove-meld-0-0"
    page = text(client.post("/rules/build", data=fields))
    assert 'name="r0.m1.kind"' in page and 'name="r0.m2.kind"' not in page
    assert "One set and one run — at least 7 cards; 10 cards dealt" in page


def test_at_most_twenty_rounds(client: FlaskClient) -> None:
    fields = builder_fields(client)
    for _ in range(20):
        fields["action"] = "add-round"
        fields = form_of(text(client.post("/rules/build", data=fields)))
    assert "r19.dealt" in fields and "r20.dealt" not in fields


# --- saving, sharing, importing ---------------------------------------------------------------


def save(client: FlaskClient, name: str, **changes: str) -> str:
    """Family Liverpool with ``changes``, saved as ``name``: the saved page's address."""
    return save_from(client, "family", name=name, **changes)


def save_from(client: FlaskClient, start: str, **changes: str) -> str:
    fields = builder_fields(client, start)
    for key, value in {"action": "save", **changes}.items():
        fields[key] = value
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 303, text(response)
    location: str = response.headers["Location"]
    return location


def test_save_share_and_keep_a_copy_on_another_device(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    location = save(ann, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    page = text(ann.get(location))
    assert "Saved on this device" in page and "One set and one run of 7" in page
    share = re.search(r'id="share-link" value="http://localhost([^"]+)"', page)
    assert share is not None
    # Bob opens the link: he reads the rules, cannot change Ann's, and saves his own copy.
    shared = text(bob.get(share.group(1)))
    assert "Sevens" in shared and "Change them" not in shared
    assert bob.get(location).status_code == 404
    response = bob.post(share.group(1) + "/save", data={"name": "Ann's sevens"})
    assert response.status_code == 303
    assert "Ann&#39;s sevens" in text(bob.get("/rules/saved"))
    assert "Ann&#39;s sevens" not in text(ann.get("/rules/saved"))


def test_a_downloaded_file_imports_on_another_device(app: Flask) -> None:
    ann, cy = app.test_client(), app.test_client()
    location = save(ann, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    download = ann.get(location.split("?")[0] + "/rules.json")
    assert download.status_code == 200
    assert 'filename="sevens.json"' in download.headers["Content-Disposition"]
    document = json.loads(download.data)
    response = cy.post(
        "/rules/saved/import",
        data={"file": (io.BytesIO(download.data), "sevens.json"), "name": ""},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    page = text(cy.get(response.headers["Location"]))
    assert "Sevens" in page and "One set and one run of 7" in page
    assert from_document(document).rounds[0].contract.describe() == "1 set and 1 run of 7"


def test_a_bad_file_lists_every_problem_and_saves_nothing(client: FlaskClient) -> None:
    bad = {"rounds": [{"contract": [{"kind": "run", "min_length": 1}], "cards_dealt": "x"}]}
    response = client.post(
        "/rules/saved/import",
        data={"file": (io.BytesIO(json.dumps(bad).encode()), "bad.json")},
        content_type="multipart/form-data",
    )
    page = html.unescape(text(response))
    assert response.status_code == 400
    assert "Nothing was saved" in page
    assert "rounds[0].contract[0]: a run has between 2 and 13 cards, not 1" in page
    assert "rounds[0].cards_dealt: must be a whole number" in page
    assert "None yet" in page
    not_json = client.post(
        "/rules/saved/import",
        data={"file": (io.BytesIO(b"{oops"), "bad.json")},
        content_type="multipart/form-data",
    )
    assert not_json.status_code == 400 and "not JSON" in text(not_json)
    empty = client.post("/rules/saved/import", data={}, content_type="multipart/form-data")
    assert empty.status_code == 400 and "Choose a rule-set file" in text(empty)


def test_the_new_game_form_offers_saved_rules(client: FlaskClient) -> None:
    location = save(client, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    saved_id = re.search(r"/rules/saved/(\d+)", location)
    assert saved_id is not None
    page = text(client.get("/games/new"))
    assert f'<option value="saved:{saved_id.group(1)}">Sevens</option>' in page
    page = text(client.get(f"/games/new?preset=saved:{saved_id.group(1)}"))
    assert f'<option value="saved:{saved_id.group(1)}" selected>' in page
    assert "1 run of 7 and 1 set" in page or "1 set and 1 run of 7" in page
    other = text(client.get("/games/new?preset=saved:999"))
    assert "saved:999" not in other


def test_saving_with_problems_saves_nothing(client: FlaskClient) -> None:
    fields = builder_fields(client)
    for key, value in {"r0.dealt": "0", "action": "save", "name": "Broken"}.items():
        fields[key] = value
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 400
    assert "Not saved" in text(response)
    assert "None yet" in text(client.get("/rules/saved"))


def test_example_hands_make_their_contract() -> None:
    for rules in PRESETS.values():
        for spec in rules.rounds:
            cards = example_hand(spec).split()
            assert len(cards) == spec.contract.min_cards + (0 if spec.all_out else 1)


# --- rules not in effect are not offered ----------------------------------------------------------


@pytest.mark.parametrize(("preset", "joker"), [("deuces-six", False), ("liverpool", True)])
def test_the_referee_picker_offers_a_joker_only_with_jokers(
    client: FlaskClient, preset: str, joker: bool
) -> None:
    page = text(client.get(f"/referee?rules={preset}"))
    assert ('value="JK"' in page) is joker
    # An htmx answer (a change of rules) sends the picker again, out of band.
    fragment = text(client.post("/referee", data={"rules": preset, "add": "7H"}, headers=HX))
    assert 'hx-swap-oob="true"' in fragment and ('value="JK"' in fragment) is joker


def test_the_referee_refuses_a_joker_without_jokers(client: FlaskClient) -> None:
    for tool, field in (("points", "hand"), ("arrange", "hand"), ("layoff", "meld")):
        page = text(client.get(f"/referee?rules=deuces-six&tool={tool}&{field}=7H+8H+9H+JK"))
        assert "played without jokers" in page, tool
        assert "played without jokers" not in text(
            client.get(f"/referee?rules=liverpool&tool={tool}&{field}=7H+8H+9H+JK")
        )


def test_round_entry_refuses_a_joker_without_jokers(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={"player": ["Ann", "Bob"], "preset": "deuces-six", "first_dealer": "0"},
    )
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    grant_device(app, client, game_id)
    page = text(client.get(f"/games/{game_id}"))
    assert 'data-card="JK"' not in page and "data-no-jokers" in page
    fields = dict(re.findall(r'name="(key|version|round)" value="([^"]*)"', page))
    response = client.post(
        f"/games/{game_id}/rounds", data={**fields, "out": "0", "cards-1": "7H JK"}, headers=HX
    )
    assert response.status_code == 400
    assert "played without jokers" in text(response)
    assert "Round 1" not in text(client.get(f"/games/{game_id}/history"))


def test_choosing_another_rule_set_starts_again_from_it(client: FlaskClient) -> None:
    fields = builder_fields(client, "liverpool")
    fields["r0.m0.length"] = "5"
    fields["base"] = "deuces-six"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert 'name="name" value="Six-round Deuces Wild"' in page
    assert page.count("data-round=") == len(PRESETS["deuces-six"].rounds)
    assert 'id="r0-m0-length" value="3"' in page


def test_games_start_from_saved_and_shared_rules_and_keep_them(
    app: Flask, new_game: GameBuilder
) -> None:
    ann, bob = app.test_client(), app.test_client()
    location = save(ann, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    saved_id = location.split("/")[-1].split("?")[0]
    game = "/games/" + new_game.by_form(ann, rules=f"saved:{saved_id}", action="create")
    assert "1 set and 1 run of 7" in text(ann.get(game))
    # Another device starts a game from the sharing link.
    token = re.search(r"/rules/shared/([A-Za-z0-9_-]+)", text(ann.get(location)))
    assert token is not None
    page = text(bob.get(f"/games/new?preset=shared:{token.group(1)}"))
    assert f'<option value="shared:{token.group(1)}" selected>Sevens (shared with you)' in page
    shared = f"shared:{token.group(1)}"
    bobs_game = "/games/" + new_game.by_form(bob, ["Dee", "Eve", "Flo"], shared, action="create")
    assert "1 set and 1 run of 7" in text(bob.get(bobs_game))
    # Ann changes her saved rules: the games already started keep theirs.
    save(ann, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "8"})
    assert "One set and one run of 8" in text(ann.get(location))
    assert "1 set and 1 run of 7" in text(ann.get(game))
    assert "1 set and 1 run of 7" in text(bob.get(bobs_game))
    # Bob cannot start a game from Ann's saved rules by their number.
    refused = bob.post(
        "/games/new",
        data={"preset": f"saved:{saved_id}", "player": ["Dee", "Eve", "Flo"], "action": "create"},
    )
    assert refused.status_code == 400


@pytest.mark.parametrize(
    "url", ["/rules/saved/x", "/rules/saved/99999999999999999999", "/rules/saved/1/rules.json",
            "/rules/shared/nope", "/rules/shared/nope/rules.json", "/rules/build?saved=7"],
)  # fmt: skip
def test_missing_saved_rules_are_a_404(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert "no such saved rule set" in text(response)


# --- folding parts and the decks table ---------------------------------------------------------


def opened_sections(page: str) -> set[str]:
    return set(re.findall(r'data-section="([^"]+)" open', page))


def test_parts_stay_as_left_and_open_where_there_is_a_problem(client: FlaskClient) -> None:
    page = text(client.get("/rules/build?from=liverpool"))
    assert opened_sections(page) == {"players", "rounds"}  # the rounds folded, one line each
    assert "Two sets and one run · 10 cards · discard" in page
    fields = form_of(page)
    fields["open"] = "decks melds"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert opened_sections(page) == {"decks", "melds"}
    assert 'name="open" id="builder-open" value="decks melds"' in page
    # A problem opens its part (here round 4 and the rounds around it); a button opens the
    # round it changed.
    fields["r3.m1.length"] = "1"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert opened_sections(page) == {"decks", "melds", "rounds", "round-3"}
    fields["r3.m1.length"] = "3"
    fields["action"] = "add-run-5"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert opened_sections(page) == {"decks", "melds", "round-5"}
    assert "builder-flagged" not in page


def test_the_decks_table_makes_the_documents_rule(client: FlaskClient) -> None:
    """Liverpool: two decks up to five players, three from six. Four decks for seven and
    eight players is a third row of the rule; an unchanged table gives the preset back."""
    fields = builder_fields(client)
    assert [fields[f"decks.{n}"] for n in range(2, 9)] == ["2"] * 4 + ["3"] * 3
    fields["decks.7"] = fields["decks.8"] = "4"
    fields["name"] = "More decks"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    assert "6 players: 3 decks and 6 jokers; 7 or 8 players: 4 decks and 8 jokers" in page
    assert re.search(r'data-players="8">.*?<td>8</td>\s*<td>216</td>', page, re.DOTALL)
    fields["action"] = "save"
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 303
    saved = client.get(response.headers["Location"].split("?")[0] + "/rules.json").get_json()
    assert saved["decks"]["by_players"] == [
        {"up_to": 5, "decks": 2},
        {"up_to": 6, "decks": 3},
        {"up_to": 8, "decks": 4},
    ]


@pytest.mark.parametrize(
    ("field", "value", "where", "message"),
    [
        ("decks.3", "0", 'data-players="3"', "Must be between 1 and 8, not 0"),
        ("decks.4", "many", 'data-players="4"', "Must be a whole number"),
        ("jokers_per_deck", "9", 'id="builder-jokers-per-deck"', "Must be between 0 and 4"),
    ],
)
def test_the_decks_table_is_checked_by_the_document(
    client: FlaskClient, field: str, value: str, where: str, message: str
) -> None:
    fields = builder_fields(client)
    fields[field] = value
    response = client.post("/rules/build", data=fields)
    page = text(response)
    assert response.status_code == 400
    assert any(message in m for m in field_errors(page, where)), field_errors(page, where)
    assert f'value="{value}"' in page  # kept as typed
    assert "decks" in opened_sections(page)
    # Too few cards for the deal is a problem of the whole.
    fields = builder_fields(client)
    fields["decks.8"] = "1"
    page = text(client.post("/rules/build", data=fields))
    assert "8 players with 10 cards each need more than the 54 cards of 1 deck" in page


# --- ids, summaries and sources of what the builder saves ----------------------------------------


def saved_document(client: FlaskClient, location: str) -> dict[str, Any]:
    download = client.get(location.split("?")[0] + "/rules.json")
    assert download.status_code == 200
    found: dict[str, Any] = json.loads(download.data)
    return found


def test_every_saved_rule_set_gets_an_id_of_its_own(
    client: FlaskClient, new_game: GameBuilder
) -> None:
    """Every rule set saved from the builder used to get the id "custom"."""
    sevens = saved_document(
        client, save(client, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    )
    eights = saved_document(
        client, save(client, "Eights", **{"r0.m0.kind": "run", "r0.m0.length": "8"})
    )
    house = saved_document(client, save(client, "Family Liverpool", **{"opt.cut_bonus": "-50"}))
    assert sevens["id"].startswith("sevens-") and eights["id"].startswith("eights-")
    assert house["id"].startswith("family-liverpool-")  # a house rule changed: not the preset
    assert len({sevens["id"], eights["id"], house["id"], "custom", *PRESETS}) == 4 + len(PRESETS)
    unchanged = saved_document(client, save(client, "Family Liverpool"))
    assert unchanged["id"] == "family"  # the preset itself, as it is
    # Saved again with the same rules under the same name: the same id.
    again = save(client, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    assert saved_document(client, again)["id"] == sevens["id"]
    # A game started from it on the new-game form carries that id.
    saved_id = again.split("/")[-1].split("?")[0]
    game = new_game.by_form(client, rules=f"saved:{saved_id}", action="create")
    answer = client.get(f"/api/v1/games/{game}")
    assert answer.status_code == 200 and answer.get_json()["rules"] == sevens["id"]


def test_a_changed_rule_set_is_summed_up_from_its_rules_and_loses_the_source(
    client: FlaskClient,
) -> None:
    """Shanghai changed all over kept "Ten rounds of eleven cards ..." and its source."""
    shanghai = PRESETS["shanghai"]
    fields = builder_fields(client, "shanghai")
    changes = {"name": "Ours", "action": "save", "r0.m0.kind": "run", "r0.m0.length": "6",
               "opt.cut_bonus": "-20"}  # fmt: skip
    for key, value in changes.items():
        fields[key] = value
    for i in range(1, len(shanghai.rounds)):
        fields[f"r{i}.dealt"] = "12"
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 303, text(response)
    document = saved_document(client, response.headers["Location"])
    rules = from_document(document)
    assert document["summary"] == summary(rules)
    assert (
        "Ten rounds of eleven cards" not in document["summary"]
        and "Source" not in document["summary"]
    )
    assert document["summary"].startswith(
        "10 rounds of 11 to 12 cards, from 1 set and 1 run of 6 to "
    )
    assert document["source"] == ""
    # Only the name changed: the rules are Shanghai's, and keep its summary and source.
    kept = saved_document(client, save_from(client, "shanghai", name="Our Shanghai"))
    assert kept["summary"] == shanghai.summary and kept["source"] == shanghai.source


def test_the_summary_field_follows_the_rules_until_typed(client: FlaskClient) -> None:
    fields = builder_fields(client, "liverpool")
    assert fields["summary"] == PRESETS["liverpool"].summary
    assert fields["summary_auto"] == fields["summary"]
    # A rule changes: the summary shown is written from the rules.
    fields["r0.dealt"] = "12"
    fields = form_of(text(client.post("/rules/build", data=fields, headers=HX)))
    assert fields["summary"].startswith("Seven rounds of 10 to 12 cards")
    assert fields["summary_auto"] == fields["summary"]
    # The person types their own: it stays through further changes, and is saved.
    fields["summary"] = "Gran's rules: twelve cards to start."
    fields["r1.dealt"] = "11"
    fields = form_of(text(client.post("/rules/build", data=fields, headers=HX)))
    assert fields["summary"] == "Gran's rules: twelve cards to start."
    fields["name"], fields["action"] = "Gran's", "save"
    document = saved_document(client, client.post("/rules/build", data=fields).headers["Location"])
    assert document["summary"] == "Gran's rules: twelve cards to start."
    # Emptied, it is written again; back to Liverpool's rules, Liverpool's summary is back.
    fields = builder_fields(client, "liverpool")
    fields["r0.dealt"], fields["summary"] = "12", ""
    fields = form_of(text(client.post("/rules/build", data=fields, headers=HX)))
    assert fields["summary"].startswith("Seven rounds of 10 to 12 cards")
    fields["r0.dealt"] = "10"
    fields = form_of(text(client.post("/rules/build", data=fields, headers=HX)))
    assert fields["summary"] == PRESETS["liverpool"].summary


def test_a_saved_rule_set_typed_summary_is_kept_when_changed_again(client: FlaskClient) -> None:
    location = save(client, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7",
                                         "summary": "Our sevens."})  # fmt: skip
    saved_id = re.search(r"/rules/saved/(\d+)", location)
    assert saved_id is not None
    fields = form_of(text(client.get(f"/rules/build?saved={saved_id.group(1)}")))
    assert fields["summary"] == "Our sevens." and fields["summary_auto"] == ""
    fields["r1.dealt"] = "11"
    fields = form_of(text(client.post("/rules/build", data=fields, headers=HX)))
    assert fields["summary"] == "Our sevens."


# --- what the form carries that a person does not type -------------------------------------------


@pytest.mark.parametrize(
    ("part", "value"),
    [("summary", "Liver\ud800pool"), ("source", "\udfff"), ("point_table", {"name": "\ud800"})],
)
def test_text_that_is_not_valid_in_the_start_is_refused(
    client: FlaskClient, part: str, value: Any
) -> None:
    """The form's copy of the rules started from is JSON, and JSON's "\\ud800" is half of a
    character pair: the builder answers 400 naming the part, never 500."""
    fields = builder_fields(client, "liverpool")
    start = json.loads(fields["start"])
    if isinstance(value, dict):
        start[part] = to_document(PRESETS["liverpool"])[part] | value
        fields["point_table"] = "not-a-table"  # keep the start's table
    else:
        start[part] = value
    fields["start"] = json.dumps(start)
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 400
    page = html.unescape(text(response))
    assert "is not valid text" in page and f"{part}" in page
    response.get_data().decode("utf-8")


@pytest.mark.parametrize("start", ["[" * 3000, "[" * 19_000, '{"rounds": ' + "[" * 5000])
def test_a_start_nested_too_deep_starts_from_liverpool(client: FlaskClient, start: str) -> None:
    fields = builder_fields(client, "family")
    fields["start"] = start
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 200, text(response)[:300]


def test_an_import_nested_too_deep_is_a_400(client: FlaskClient) -> None:
    response = client.post(
        "/rules/saved/import",
        data={"file": (io.BytesIO(b"[" * 3000), "deep.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400 and "nested too deeply" in text(response)


def test_an_option_fault_shows_with_a_round_fault(client: FlaskClient) -> None:
    fields = builder_fields(client)
    fields["r2.m0.length"] = "40"
    fields["opt.cut_bonus"] = "50"
    page = text(client.post("/rules/build", data=fields))
    assert any("between 2 and 13" in m for m in field_errors(page, 'id="r2-m0-kind"'))
    assert "Must be between -500 and 0, not 50" in page


def test_changing_a_saved_rule_set_keeps_it(client: FlaskClient) -> None:
    """ "Change them" on a saved rule set: a change used to start again from Liverpool (the
    "Start from" list had no entry for the saved rules, so the browser sent its first)."""
    location = save(client, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    saved_id = re.search(r"/rules/saved/(\d+)", location)
    assert saved_id is not None
    page = text(client.get(f"/rules/build?saved={saved_id.group(1)}"))
    fields = form_of(page)
    assert fields["base"] == fields["started_from"]
    fields["r1.dealt"] = "11"
    page = text(client.post("/rules/build", data=fields, headers=HX))
    changed = form_of(page)
    assert changed["name"] == "Sevens" and changed["r0.m0.kind"] == "run"
    assert changed["r1.dealt"] == "11"
    # "Start again from it" goes back to the rules as saved.
    changed["action"] = "start"
    again = form_of(text(client.post("/rules/build", data=changed, headers=HX)))
    assert again["name"] == "Sevens" and again["r0.m0.length"] == "7"
    assert again["r1.dealt"] == "10"


def test_saved_rules_that_no_longer_read_never_take_a_page_down(app: Flask) -> None:
    """A rule set saved before a check was added (a summary with half a character pair, as
    the builder's start field let through) used to answer 500 on every page that lists
    saved rules. Now the lists leave it out, its page is a 400, and it can be deleted."""
    from sqlmodel import Session

    from scorekeeper.db import get_engine
    from scorekeeper.models import SavedRuleSet

    client = app.test_client()
    location = save(client, "Sevens", **{"r0.m0.kind": "run", "r0.m0.length": "7"})
    saved_id = int(location.split("/")[-1].split("?")[0])
    with Session(get_engine(app)) as session:
        row = session.get(SavedRuleSet, saved_id)
        assert row is not None
        document = json.loads(row.document)
        document["summary"] = "Liver\ud800pool"
        row.document = json.dumps(document)  # stored as the escape "\ud800"
        session.add(row)
        session.commit()
    listed = client.get("/rules/saved")
    assert listed.status_code == 200
    page = html.unescape(text(listed))
    assert "can no longer be read" in page and 'summary: "Liver\\ud800pool" is not valid' in page
    assert client.get("/games/new").status_code == 200
    assert client.get(location).status_code == 400
    assert client.get(f"/rules/build?saved={saved_id}").status_code == 400
    deleted = client.post(f"/rules/saved/{saved_id}/delete")
    assert deleted.status_code == 303
    assert "None yet" in text(client.get("/rules/saved"))


def test_the_summary_field_shows_a_presets_summary_in_the_readers_language(
    client: FlaskClient,
) -> None:
    """Opened from a preset in Spanish, the builder shows the preset's Spanish summary (it
    showed the English one); saved unchanged, the rules keep their English summary and their
    summaries in other languages."""
    client.set_cookie("language", "es")
    carioca = PRESETS["carioca"]
    fields = builder_fields(client, "carioca")
    assert fields["summary"] == fields["summary_auto"] == dict(carioca.summaries)["es"]
    assert fields["summary"] != carioca.summary
    fields["name"] = "Nuestra carioca"
    fields = form_of(text(client.post("/rules/build", data=fields, headers=HX)))
    assert fields["summary"] == dict(carioca.summaries)["es"]
    kept = saved_document(client, save_from(client, "carioca", name="Nuestra carioca"))
    assert kept["summary"] == carioca.summary
