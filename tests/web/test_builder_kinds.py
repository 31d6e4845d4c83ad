"""The builder's new meld kinds and house rules (issue 24): each goes from the form to the
rule-set document and back (saved, then opened in the builder again), and the preview judges
a meld of each new kind. Also points of one's own with exact cards, and jokers per row of the
decks table."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import PRESETS
from scorekeeper.rules.document import to_document
from tests.web.test_builder import HX, builder_fields, field_errors, form_of, text


def saved(client: FlaskClient, fields: MultiDict[str, str]) -> tuple[dict[str, Any], str]:
    """Save the form; the saved rule set's document and the builder opened on it again."""
    fields["action"] = "save"
    response = client.post("/rules/build", data=fields)
    assert response.status_code == 303, field_errors(text(response), "builder")
    page_url = response.headers["Location"].split("?")[0]
    document = client.get(page_url + "/rules.json").get_json()
    saved_id = page_url.rsplit("/", 1)[1]
    reopened = client.get(f"/rules/build?saved={saved_id}")
    assert reopened.status_code == 200
    return document, text(reopened)


def posted(client: FlaskClient, fields: MultiDict[str, str]) -> str:
    return text(client.post("/rules/build", data=fields, headers=HX))


def plain(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize(("kind", "words"), [("color", "Colour meld"), ("flush", "Flush")])
def test_a_colour_meld_or_flush_goes_into_a_contract_and_back(
    client: FlaskClient, kind: str, words: str
) -> None:
    fields = builder_fields(client)
    fields["action"] = f"add-{kind}-0"
    page = posted(client, fields)
    fields = form_of(page)
    assert fields["r0.m2.kind"] == kind and fields["r0.m2.length"] == "3"
    assert f'<option value="{kind}" selected>{words}' in page
    fields["r0.m2.length"] = "5"
    fields["r0.dealt"] = "12"
    fields["name"] = f"With a {kind}"
    page = posted(client, fields)
    assert "builder-flagged" not in page
    # The round's line and the plain-words summary name the new meld.
    noun = "colour meld" if kind == "color" else "flush"
    assert f"2 sets and 1 {noun} of 5" in plain(page)
    document, reopened = saved(client, fields)
    assert document["rounds"][0]["contract"][2] == {"kind": kind, "min_length": 5}
    again = form_of(reopened)
    assert (again["r0.m2.kind"], again["r0.m2.length"]) == (kind, "5")


def test_the_preview_judges_a_meld_of_each_new_kind(client: FlaskClient) -> None:
    """A round with a colour meld and a flush: the preview shows a legal and an illegal meld
    of each, with the meld check's sentence; the arrangement is refused in a sentence while
    the arranger does not lay out these kinds (or given, once it does)."""
    fields = builder_fields(client)
    fields["r0.m0.kind"], fields["r0.m1.kind"] = "color", "flush"
    fields["r0.m0.length"] = fields["r0.m1.length"] = "4"
    fields["example.round"] = "1"
    page = posted(client, fields)
    words = plain(page)
    for key in ("color", "flush"):
        chunk = page[page.index(f'data-house-rule="{key}"') :]
        chunk = chunk[: chunk.index("</ul>")]
        assert 'class="example ok"' in chunk and 'class="example bad"' in chunk
    assert "Legal: red colour meld" in words and "Legal: flush of clubs" in words
    assert "Joker stands for a red card" in words and "Joker stands for a club" in words
    assert "mixes suits: a flush is cards of one suit, and 6♥ is not a club." in words
    assert "mixes colours: a colour meld is cards of one colour, and 6♠ is not red." in words
    # The example hand is made for the round: a red colour meld and a flush of clubs.
    assert "2♥ 10♦ A♥ 6♦ 2♣ 10♣ A♣ 6♣ K♦" in words
    assert re.search(r"Cannot check yet: The arranger .*colour melds|These cards make", words)
    assert "Internal" not in words


HOUSE_RULES = [
    ("run_suits", "any", "any"),
    ("aces", "wrap", "wrap"),
    ("set_ranks", "different", "different"),
    ("extra_meld_kinds", "contract", "contract"),
    ("wilds_per_meld", "1", 1),
    ("adjacent_wilds", "no", False),
    ("color_min_naturals", "2", 2),
    ("flush_min_naturals", "0", 0),
]


@pytest.mark.parametrize(("name", "typed", "value"), HOUSE_RULES)
def test_each_new_house_rule_goes_into_the_document_and_back(
    client: FlaskClient, name: str, typed: str, value: Any
) -> None:
    fields = builder_fields(client)
    default = fields[f"opt.{name}"]
    assert default != typed
    fields[f"opt.{name}"] = typed
    fields["name"] = f"House rule {name}"
    document, reopened = saved(client, fields)
    assert document["options"][name] == value
    assert form_of(reopened)[f"opt.{name}"] == typed


def test_a_wild_rank_without_a_place_in_runs_goes_into_the_document_and_back(
    client: FlaskClient,
) -> None:
    """``runs_without_wild_rank`` needs a rank always wild: deuces wild, never natural."""
    fields = builder_fields(client)
    fields["deuces"], fields["opt.wild_can_be_natural"] = "yes", "no"
    fields["opt.runs_without_wild_rank"] = "yes"
    fields["name"] = "Twos wild, no place in runs"
    document, reopened = saved(client, fields)
    assert document["options"]["runs_without_wild_rank"] is True
    assert "2" in document["wilds"]["ranks"]
    assert form_of(reopened)["opt.runs_without_wild_rank"] == "yes"


@pytest.mark.parametrize(
    ("name", "section"),
    [("run_suits", "melds"), ("set_ranks", "melds"), ("aces", "melds"),
     ("color_min_naturals", "melds"), ("extra_meld_kinds", "melds"),
     ("wilds_per_meld", "wilds"), ("adjacent_wilds", "wilds")],
)  # fmt: skip
def test_new_house_rules_sit_under_their_topic(
    client: FlaskClient, name: str, section: str
) -> None:
    page = text(client.get("/rules/build"))
    start = page.index(f'data-section="{section}"')
    end = page.index("</details>", start)
    assert f'name="opt.{name}"' in page[start:end]


@pytest.mark.parametrize("preset", ["ten-phase", "carioca", "continental", "kalooki", "rommi"])
def test_each_new_preset_comes_back_unchanged_through_the_builder(
    client: FlaskClient, preset: str
) -> None:
    fields = builder_fields(client, preset)
    page = posted(client, fields)
    assert "builder-flagged" not in page, field_errors(page, "builder")
    fields["name"] = PRESETS[preset].name
    document, _ = saved(client, fields)
    expected = to_document(PRESETS[preset])
    for part in ("rounds", "options", "wilds", "point_table", "progression"):
        assert document[part] == expected[part], part
    assert document["decks"]["by_players"] == expected["decks"]["by_players"]
    assert document["id"] == preset


def test_kalookis_black_aces_are_typed_and_kept(client: FlaskClient) -> None:
    """Kalooki's table values its black aces apart; points of one's own start from it with
    those cards, an ace of hearts typed apart is saved with them, and opened again."""
    fields = builder_fields(client, "kalooki")
    assert fields["point_table"] == "kalooki"
    fields["point_table"] = "custom"
    fields = form_of(posted(client, fields))
    assert fields["points.A"] == "1" and fields["points.joker"] == "50"
    assert fields["points.cards"] == "AS 15, AC 15"
    fields["points.cards"] = "AS 15, AC 15, AH 2"
    fields["name"] = "Kalooki, red ace of hearts 2"
    document, reopened = saved(client, fields)
    assert document["point_table"]["cards"] == {"AS": 15, "AC": 15, "AH": 2}
    assert document["point_table"]["ranks"]["A"] == 1
    assert form_of(reopened)["points.cards"] == "AS 15, AH 2, AC 15"  # in deck order


def test_points_of_ones_own_start_from_the_table_chosen(client: FlaskClient) -> None:
    fields = builder_fields(client)
    assert fields["point_table"] == "liverpool"
    fields["point_table"] = "custom"
    page = posted(client, fields)
    fields = form_of(page)
    assert 'id="builder-points-A"' in page
    assert fields["points.A"] == "15" and fields["points.K"] == "10"
    fields["points.cards"] = "QS 50"
    fields["name"] = "Queen of spades 50"
    document, _ = saved(client, fields)
    assert document["point_table"]["cards"] == {"QS": 50}
    assert document["point_table"]["ranks"]["A"] == 15


@pytest.mark.parametrize(
    ("typed", "message"),
    [("aces 15", "card"), ("ZZ 15", "ZZ"), ("JK 30", "joker")],
)
def test_unreadable_exact_cards_are_marked_and_kept(
    client: FlaskClient, typed: str, message: str
) -> None:
    fields = builder_fields(client, "kalooki")
    fields["point_table"] = "custom"
    fields = form_of(posted(client, fields))
    fields["points.cards"] = typed
    page = posted(client, fields)
    assert "builder-flagged" in page
    scoring = page[page.index('data-section="scoring"') :]
    errors = [html.unescape(m) for m in re.findall(r'field-error">([^<]*)<', scoring)]
    assert any(message.lower() in e.lower() for e in errors), errors
    assert form_of(page)["points.cards"] == typed


def test_jokers_per_row_of_the_decks_table(client: FlaskClient) -> None:
    """Kalooki gives each row its jokers: typed per number of players, rows with the same
    decks and jokers make one row of the document."""
    fields = builder_fields(client, "kalooki")
    assert [fields[f"jokers.{n}"] for n in range(3, 9)] == ["4", "4", "8", "8", "10", "10"]
    fields["jokers.7"] = fields["jokers.8"] = "12"
    fields["name"] = "Kalooki with more jokers"
    page = posted(client, fields)
    assert re.search(r'data-players="8">.*?value="12".*?<td>220</td>', page, re.DOTALL)
    document, reopened = saved(client, fields)
    assert document["decks"]["by_players"][-1] == {"up_to": 8, "decks": 4, "jokers": 12}
    assert form_of(reopened)["jokers.8"] == "12"


def test_choosing_jokers_per_row_starts_from_the_jokers_worked_out(
    client: FlaskClient,
) -> None:
    fields = builder_fields(client)  # Liverpool: two jokers a deck
    fields["jokers"] = "by-players"
    page = posted(client, fields)
    fields = form_of(page)
    assert 'id="builder-jokers-6"' in page
    assert [fields[f"jokers.{n}"] for n in (2, 5, 6)] == ["4", "4", "6"]
    fields["jokers.2"] = fields["jokers.3"] = "2"
    fields["name"] = "Fewer jokers for few players"
    document, _ = saved(client, fields)
    assert document["decks"]["jokers"] == "by-players"
    assert document["decks"]["by_players"][0] == {"up_to": 3, "decks": 2, "jokers": 2}


def test_other_wild_ranks_are_typed_and_kept(client: FlaskClient) -> None:
    """The ten phases' kings are wild: shown, kept, and another rank typed is saved."""
    assert builder_fields(client, "ten-phase")["other_wilds"] == "K"
    fields = builder_fields(client)
    fields["other_wilds"] = "k"
    fields["name"] = "Kings wild too"
    document, reopened = saved(client, fields)
    assert document["wilds"]["ranks"] == ["K"]
    assert form_of(reopened)["other_wilds"] == "K"
    fields["other_wilds"] = "Z"
    page = posted(client, fields)
    wilds = page[page.index('data-section="wilds"') :]
    errors = [html.unescape(m) for m in re.findall(r'field-error">([^<]*)<', wilds)]
    assert errors and "Z" in errors[0], errors
    assert form_of(page)["other_wilds"] == "Z"


def test_a_phase_games_builder_and_rules_list_say_phase(client: FlaskClient) -> None:
    words = plain(text(client.get("/rules/build?from=ten-phase")))
    assert "Phase 1 Two sets ·" in words and "Remove phase 10" in words
    assert "+ Add a phase" in words and "1 to 20 phases." in words
    assert "10 phases ·" in words and "Round 1" not in words
    assert "Round 1 Two sets ·" in plain(text(client.get("/rules/build?from=liverpool")))
    index = plain(text(client.get("/rules")))
    assert "10 phases · kings are wild" in index and "7 rounds" in index
