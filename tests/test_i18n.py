"""Scorekeeper in Spanish and German: the catalogues are complete, the referee's sentences and
the pages speak the reader's language, and the language is chosen as web/language.py says
(the person's choice on the device, the group's language, Accept-Language, English).

Pages are rendered with the test client; the one browser test (the language menu) is in
tests/test_i18n_browser.py.
"""

from __future__ import annotations

import html
import io
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper import games
from scorekeeper.db import write_session
from scorekeeper.games.groups import grant_group_edit, set_group_language
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.contract import check_contract
from scorekeeper.rules.document import to_document
from scorekeeper.rules.document_reader import from_document
from scorekeeper.rules.errors import RuleSetDocumentError
from scorekeeper.rules.language import speaking
from scorekeeper.rules.melds import meld_problems
from scorekeeper.rules.presets import (
    CONTRACT_RUMMY,
    DEUCES_SIX,
    FAMILY,
    LIVERPOOL,
    PRESETS,
)
from scorekeeper.rules.rulesets import RuleSet
from tests.conftest import GameBuilder, grant_device
from tests.web.test_games import HX, round_data

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "scorekeeper" / "translations"
LANGUAGES = ("es", "de")
PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{(\w+)\}")


# --- the catalogues ---------------------------------------------------------------------------


@cache
def code_messages() -> dict[str, str | tuple[str, ...]]:
    """Every message marked in the code and templates, as ``pybabel extract`` finds it (the
    same babel.cfg), by its msgid."""
    with open(ROOT / "babel.cfg") as config:
        method_map, options_map = parse_mapping_cfg(config, str(ROOT / "babel.cfg"))
    found: dict[str, str | tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map
    ):
        key = message if isinstance(message, str) else message[0]
        found[key] = message
    return found


@cache
def catalogue(language: str) -> Catalog:
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as file:
        return read_po(file, locale=language)


@cache
def translations(language: str) -> Translations:
    return Translations.load(str(CATALOGUES), [language])


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_code_is_translated(language: str) -> None:
    """Each message marked in the code is in the catalogue, translated (no empty or fuzzy
    entry), every form of it."""
    entries = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalogue(language) if m.id}
    assert len(code_messages()) > 400  # the extraction found the code's messages
    untranslated = []
    for key, message in code_messages().items():
        entry = entries.get(key)
        forms = () if entry is None else entry.string
        forms = (forms,) if isinstance(forms, str) else forms
        if (
            entry is None
            or entry.fuzzy
            or not forms
            or not all(forms)
            or (not isinstance(message, str) and len(forms) < 2)
        ):
            untranslated.append(key)
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_keeps_the_placeholders(language: str) -> None:
    """A translation names exactly the placeholders of its English sentence (each plural
    form those of the English form it stands for), so filling it in never fails or drops a
    name or a count."""
    wrong = []
    for entry in catalogue(language):
        if not entry.id or not entry.string:
            continue
        if isinstance(entry.id, str):
            pairs = [(entry.id, entry.string)]
        else:
            pairs = list(zip(entry.id, entry.string, strict=False))
        wrong += [
            (english, said)
            for english, said in pairs
            if placeholders(english) != placeholders(said)
        ]
    assert wrong == []


def test_the_compiled_catalogues_are_not_older_than_their_sources() -> None:
    """scripts/bootstrap compiles each .po when it is newer than its .mo."""
    for language in LANGUAGES:
        folder = CATALOGUES / language / "LC_MESSAGES"
        assert (folder / "messages.mo").stat().st_mtime >= (folder / "messages.po").stat().st_mtime


# --- English left in a text -------------------------------------------------------------------


@cache
def english_pieces(language: str) -> tuple[tuple[str, str], ...]:
    """The English phrases a text in ``language`` should not hold: each message's longest
    run of words between placeholders and tags (of two words and 12 characters at least),
    with the message's translation, in which the same words may stand (a name, a code)."""
    pieces = []
    for entry in catalogue(language):
        if not entry.id or not entry.string:
            continue
        english = entry.id if isinstance(entry.id, str) else entry.id[0]
        said = entry.string if isinstance(entry.string, str) else " ".join(entry.string)
        parts = [p.strip(" .,:;()") for p in re.split(r"%\(\w+\)s|\{\w+\}|<[^>]*>", english)]
        parts = [" ".join(p.split()) for p in parts if len(p) >= 12 and " " in p.strip()]
        if parts:
            pieces.append((max(parts, key=len), " ".join(said.split())))
    return tuple(pieces)


def english_left(text: str, language: str) -> list[str]:
    """The English phrases of the catalogue in ``text`` (a page or a sentence)."""
    flat = " ".join(html.unescape(text).split())
    return [
        piece for piece, said in english_pieces(language) if piece in flat and piece not in said
    ]


# --- the referee's sentences ------------------------------------------------------------------

# A representative set of the rulings file's cases (tests/rules/test_rulings.py): each problem code
# the meld check and the contract check give there, with the hand from its source.
MELD_CASES = [
    pytest.param("KS AS 2S 3S", LIVERPOOL, id="turns-the-corner"),
    pytest.param("7H 7C", LIVERPOOL, id="too-few-cards"),
    pytest.param("7H JK JK", LIVERPOOL, id="too-few-naturals"),
    pytest.param("JK JK JK", LIVERPOOL, id="no-naturals"),
    pytest.param("8H 8H 8C", DEUCES_SIX, id="repeated-suit-in-set"),
    pytest.param("5H 5H 6H 7H", LIVERPOOL, id="duplicate-card-in-run"),
    pytest.param("7H 8S 9H 10H", LIVERPOOL, id="mixed-suits"),
    pytest.param("7H 8H 10H JH", LIVERPOOL, id="not-consecutive"),
    pytest.param("7H 7C 8C", LIVERPOOL, id="mixed-ranks"),
    pytest.param(
        " ".join(
            f"{r}H" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        )
        + " AH",
        LIVERPOOL,
        id="run-too-long",
    ),
]
CONTRACT_CASES = [
    pytest.param(LIVERPOOL, 2, ["7H 7C 7S", "9D 9C 9S"], None, id="too-few-runs"),
    pytest.param(CONTRACT_RUMMY, 2, ["KH KS KD KC", "3H 4H 5H 6H 7H"], None, id="meld-not-exact"),
    pytest.param(LIVERPOOL, 3, ["5S 6S 7S 8S", "7S 8S 9S 10S"], None, id="runs-overlap"),
    pytest.param(FAMILY, 3, ["2H 3H 4H 5H", "6H 7H 8H 9H"], None, id="runs-touch"),
    pytest.param(
        LIVERPOOL, 7, ["3H 4H 5H 6H", "8C 9C 10C JC", "JD QD KD AD"], "9S", id="cards-left-in-hand"
    ),
]


def _cards_named(message: str) -> set[str]:
    """The cards a sentence names (``K♠``, ``10♥``)."""
    return set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", message))


def _check_said(english: list[tuple[str, str]], said: list[tuple[str, str]], language: str) -> None:
    assert [code for code, _m in said] == [code for code, _m in english]
    for (_code, in_english), (_c, message) in zip(english, said, strict=True):
        assert message != in_english
        assert english_left(message, language) == []
        assert _cards_named(message) == _cards_named(in_english)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("hand", "rules"), MELD_CASES)
def test_the_meld_check_speaks_the_language(hand: str, rules: RuleSet, language: str) -> None:
    """The sentence per problem, in the reader's language, naming the same cards."""
    english = [(p.code, p.message) for p in meld_problems(parse_cards(hand), rules)]
    assert english
    with speaking(translations(language)):
        said = [(p.code, p.message) for p in meld_problems(parse_cards(hand), rules)]
    _check_said(english, said, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("rules", "number", "melds", "hand"), CONTRACT_CASES)
def test_the_contract_check_speaks_the_language(
    rules: RuleSet, number: int, melds: list[str], hand: str | None, language: str
) -> None:
    groups = [parse_cards(m) for m in melds]
    left = parse_cards(hand) if hand else None

    def problems() -> list[tuple[str, str]]:
        verdict = check_contract(rules, number, groups, hand=left)
        return [(p.code, p.message) for p in verdict.problems]

    english = problems()
    assert english
    with speaking(translations(language)):
        said = problems()
    _check_said(english, said, language)


def test_spanish_and_german_use_the_tables_words() -> None:
    """The vocabulary of published rules in each language (the rule book says which)."""
    with speaking(translations("es")):
        too_few = meld_problems(parse_cards("7H 7C"), LIVERPOOL)[0].message
        mixed = meld_problems(parse_cards("7H 8S 9H 10H"), LIVERPOOL)[0].message
    assert "trío" in too_few and "escala" in mixed
    with speaking(translations("de")):
        too_few = meld_problems(parse_cards("7H 7C"), LIVERPOOL)[0].message
        wilds = meld_problems(parse_cards("JK JK JK"), LIVERPOOL)[0].message
    assert "Satz" in too_few and "Joker" in wilds


# --- names and summaries in several languages -------------------------------------------------


def test_every_preset_has_its_name_and_summary_in_spanish_and_german() -> None:
    for rules in PRESETS.values():
        for language in LANGUAGES:
            assert dict(rules.names).get(language), (rules.id, language)
            assert dict(rules.summaries).get(language), (rules.id, language)
        with speaking(translations("es")):
            assert rules.local_name == dict(rules.names)["es"]
        assert rules.local_name == rules.name  # English by default


def test_a_rule_set_document_carries_names_in_several_languages() -> None:
    document = {key: value for key, value in to_document(LIVERPOOL).items() if key != "id"}
    document |= {
        "name": "Our rules",
        "names": {"es": "Nuestras reglas", "de": "Unsere Regeln"},
        "summaries": {"de": "Wie Liverpool."},
    }
    rules = from_document(document)
    assert dict(rules.names) == {"es": "Nuestras reglas", "de": "Unsere Regeln"}
    assert dict(rules.summaries) == {"de": "Wie Liverpool."}
    with speaking(translations("de")):
        assert (rules.local_name, rules.local_summary) == ("Unsere Regeln", "Wie Liverpool.")
    assert to_document(rules)["names"] == {"de": "Unsere Regeln", "es": "Nuestras reglas"}
    # The same rules under other names: the same fingerprint, so the same id for one name.
    assert from_document(to_document(rules) | {"names": {}}).id == rules.id


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        ({"xx": "Foo"}, '"xx" is not part of texts by language code'),
        ({"es": 7}, "names.es: must be text, not the number 7"),
        ({"es": ""}, "names.es: cannot be empty"),
        ("Nuestras reglas", "names: must be texts by language code, not the text"),
    ],
)
def test_names_in_other_languages_are_checked(names: Any, problem: str) -> None:
    with pytest.raises(RuleSetDocumentError) as error:
        from_document(to_document(LIVERPOOL) | {"names": names})
    assert problem in str(error.value)


# --- the language of a request ----------------------------------------------------------------


def _lang(html_text: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html_text)
    assert found
    return found.group(1)


@pytest.mark.parametrize(
    ("header", "language"),
    [("es-ES,es;q=0.9,en;q=0.5", "es"), ("de-AT", "de"), ("fr-FR,fr;q=0.9", "en"), ("", "en")],
)
def test_the_browser_language_is_followed(client: FlaskClient, header: str, language: str) -> None:
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert response.status_code == 200
    assert _lang(response.get_data(as_text=True)) == language
    assert response.headers["Content-Language"] == language
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


def test_the_choice_on_the_device_wins_over_the_browser(client: FlaskClient) -> None:
    answer = client.post("/language", data={"language": "de", "next": "/groups?x=1"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/groups?x=1"
    page = client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert _lang(page) == "de" and "Spiel beginnen" in page
    # "As the browser says" forgets the choice.
    client.post("/language", data={"language": "", "next": "/"})
    assert _lang(client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)) == "es"


@pytest.mark.parametrize("target", ["https://elsewhere.example/", "//elsewhere.example/x", "x"])
def test_the_menu_goes_back_only_within_the_site(client: FlaskClient, target: str) -> None:
    answer = client.post("/language", data={"language": "es", "next": target})
    assert answer.headers["Location"] == "/"


def test_the_api_errors_follow_accept_language_and_keep_english_codes(
    client: FlaskClient,
) -> None:
    response = client.post(
        "/api/v1/games",
        json={"rules": "liverpool", "players": ["Ann", "Bob"], "first_dealer": 0},
        headers={"Accept-Language": "de", "Content-Type": "text/plain"},
    )
    assert response.status_code == 415
    body = response.get_json()
    assert body["error"].startswith("Sende den Inhalt als JSON")
    assert body["details"] == {"field": "Content-Type", "code": "bad-content-type"}
    missing = client.get("/api/v1/games/" + "x" * 22, headers={"Accept-Language": "de"})
    assert missing.status_code == 404
    assert "Prüfe den Link" in missing.get_json()["error"]
    # The API ignores the device's choice: scripts send no cookies, and it follows the header.
    client.post("/language", data={"language": "es", "next": "/"})
    english = client.get("/api/v1/games/" + "x" * 22, headers={"Accept-Language": "en"})
    assert "Check the link" in english.get_json()["error"]


# --- a group's language -----------------------------------------------------------------------


def _group(app: Flask, client: FlaskClient, language: str | None = None) -> tuple[str, int]:
    """A group this client edits, with two people and a finished game; its id and a person."""
    with client.session_transaction() as cookie:
        device = cookie.get("device") or games.new_device_id()
        cookie["device"] = device
    with app.app_context(), write_session() as session:
        group, _token = games.create_group(session, "Smiths", people=["Ann", "Bob"])
        grant_group_edit(session, group.id, "test", device=device)
        if language:
            set_group_language(session, group.id, language)
    GameBuilder()(app, ["Ann", "Bob"], rounds="all", group_id=group.id)
    return group.id, group.people[0].id


def test_a_groups_pages_speak_its_language_unless_the_person_chose(
    app: Flask, client: FlaskClient
) -> None:
    group_id, _person = _group(app, client, "de")
    page = client.get(f"/groups/{group_id}", headers={"Accept-Language": "es"})
    assert _lang(page.get_data(as_text=True)) == "de"
    assert "Rangliste" in page.get_data(as_text=True)
    client.post("/language", data={"language": "es", "next": "/"})
    assert _lang(client.get(f"/groups/{group_id}").get_data(as_text=True)) == "es"
    # Elsewhere the group's language does not follow the visitor.
    client.post("/language", data={"language": "", "next": "/"})
    assert _lang(client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)) == "en"


def test_the_groups_language_is_set_on_its_page_and_shown_by_the_api(
    app: Flask, client: FlaskClient
) -> None:
    group_id, _person = _group(app, client)
    assert client.get(f"/api/v1/groups/{group_id}").get_json()["language"] is None
    answer = client.post(f"/groups/{group_id}/language", data={"language": "es"})
    assert answer.status_code == 303
    assert client.get(f"/api/v1/groups/{group_id}").get_json()["language"] == "es"
    assert _lang(client.get(f"/groups/{group_id}").get_data(as_text=True)) == "es"
    refused = client.post(f"/groups/{group_id}/language", data={"language": "klingon"})
    assert refused.status_code == 400
    assert "El idioma debe ser uno de en, es, de" in refused.get_data(as_text=True)
    export = client.get(f"/groups/{group_id}/export.json")
    assert '"language":"es"' in export.get_data(as_text=True).replace(" ", "")
    client.post(f"/groups/{group_id}/language", data={"language": ""})
    assert client.get(f"/api/v1/groups/{group_id}").get_json()["language"] is None
    export = client.get(f"/groups/{group_id}/export.json")
    assert '"language"' not in export.get_data(as_text=True)


# --- the pages --------------------------------------------------------------------------------


def _pages(app: Flask, client: FlaskClient, new_game: GameBuilder) -> list[str]:
    """The paths of the pages this part translates, as an editor sees them."""
    playing = new_game(app, ["Ann", "Bob", "Cy"], rounds=2)
    grant_device(app, client, playing.id)
    done = new_game(app, ["Ann", "Bob"], rounds="all")
    grant_device(app, client, done.id)
    watched = new_game(app, ["Dee", "Eve"], rounds=1)
    group_id, person = _group(app, client)
    return [
        "/",
        "/games/new",
        f"/games/{playing.id}",
        f"/games/{playing.id}/rounds/1/edit",
        f"/games/{playing.id}/devices",
        f"/games/{playing.id}/watch",
        f"/games/{done.id}",
        f"/games/{watched.id}",  # watching: the join form
        f"/games/{playing.id}/history",
        f"/games/{playing.id}/undo",
        f"/games/{done.id}/watch/board",
        "/groups",
        f"/groups/{group_id}",
        f"/groups/{group_id}/leaderboard",
        f"/groups/{group_id}/people/{person}",
        "/groups/import",
        "/rules",
        "/referee?tool=layoff",
        "/referee?tool=liverpool",
        "/rules/saved",
        "/no/such/page",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_leave_no_english_sentence(
    app: Flask, client: FlaskClient, new_game: GameBuilder, language: str
) -> None:
    """Each page of this part, rendered in the language, holds none of the English
    sentences of the catalogue."""
    left = {}
    for path in _pages(app, client, new_game):
        response = client.get(path, headers={"Accept-Language": language})
        assert response.status_code in (200, 404), path
        page = response.get_data(as_text=True)
        assert _lang(page) == language
        if english_left(page, language):
            left[path] = english_left(page, language)
    assert left == {}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", ["ten-phase", "kalooki", "carioca"])
def test_the_rules_pages_house_rules_and_headings_speak_the_language(
    client: FlaskClient, preset: str, language: str
) -> None:
    """The house rules judged live on a rules page (colour melds, flushes, runs of any suits,
    sets of different ranks...), the phase game's rules, and the page's own headings are in
    the reader's language (the rule prose of the sections and the rounds table's words:
    tests/test_i18n_prose.py)."""
    page = client.get(f"/rules/{preset}", headers={"Accept-Language": language})
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    house = re.search(r'<section class="panel house-rules".*?</section>', text, re.S)
    assert house and english_left(house.group(0), language) == []
    headings = " ".join(re.findall(r"<h[12][^>]*>(.*?)</h[12]>", text, re.S))
    assert english_left(headings, language) == []
    phase_game = re.search(r'<section class="panel phase-game-rules".*?</section>', text, re.S)
    assert (phase_game is not None) == (preset == "ten-phase")
    if phase_game:
        assert english_left(phase_game.group(0), language) == []
    words = {"es": "Combinaciones: ejemplos", "de": "Meldungen: vom Schiedsrichter"}
    assert words[language] in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("start", ["liverpool", "ten-phase", "kalooki"])
def test_the_builders_fields_speak_the_language(
    client: FlaskClient, start: str, language: str
) -> None:
    """The builder's headings, labels, legends, buttons, options and hints are in the reader's
    language, house rules included. (The preset's summary, typed into its field, is the rule
    set's own text; the rule prose beside the form: tests/test_i18n_prose.py.)"""
    page = client.get(f"/rules/build?from={start}", headers={"Accept-Language": language})
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    parts = re.findall(
        r"<(h[123]|label|legend|button|option|summary)\b[^>]*>(.*?)</\1>"
        r'|<span class="muted small"[^>]*>(.*?)</span>',
        text,
        re.S,
    )
    fields = " | ".join(
        re.sub(r"<textarea.*?</textarea>", "", b + c, flags=re.S) for _t, b, c in parts
    )
    assert len(parts) > 100
    assert english_left(fields, language) == []
    words = {"es": "Cómo va la partida", "de": "Wie das Spiel verläuft"}
    assert words[language] in text


@pytest.mark.parametrize(
    ("language", "not_played", "nothing"),
    [
        ("es", "la ronda 5 aún no se ha jugado", "no hay nada que deshacer"),
        ("de", "Runde 5 wurde noch nicht gespielt", "nichts rückgängig zu machen"),
    ],
)
def test_the_services_refusals_speak_the_language(
    app: Flask,
    client: FlaskClient,
    new_game: GameBuilder,
    language: str,
    not_played: str,
    nothing: str,
) -> None:
    """The sentences of games/phase_rounds.py's table, in the reader's language."""
    fresh = new_game(app, ["Ann", "Bob"])
    grant_device(app, client, fresh.id)
    header = {"Accept-Language": language}
    page = client.get(f"/games/{fresh.id}/rounds/5/edit", headers=header)
    assert page.status_code == 404 and not_played in page.get_data(as_text=True)
    page = client.get(f"/games/{fresh.id}/undo", headers=header)
    assert page.status_code == 400 and nothing in page.get_data(as_text=True)


def _pdf_text(pdf: bytes) -> str:
    """The PDF's text, lower case (the sheets set their headings in capitals)."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    return " ".join(" ".join((page.extract_text() or "") for page in pages).split()).lower()


def test_a_game_sheet_and_a_blank_sheet_read_back_in_german(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    """The PDFs speak the reader's language, and a sheet kept for one language is never
    served in another (the language is part of the cache's key)."""
    game = new_game(app, ["Ann", "Bob"], rounds=2)
    german = client.get(f"/games/{game.id}/sheet.pdf", headers={"Accept-Language": "de"})
    assert german.status_code == 200
    text = _pdf_text(german.data)
    assert "wichtige regeln" in text and "punkte für karten auf der hand" in text
    english = client.get(f"/games/{game.id}/sheet.pdf", headers={"Accept-Language": "en"})
    assert (
        "key rules" in _pdf_text(english.data) and english.headers["ETag"] != german.headers["ETag"]
    )
    blank = client.get(
        "/print/blank.pdf?preset=liverpool&players=4", headers={"Accept-Language": "de"}
    )
    assert "so wird aufgeschrieben" in _pdf_text(blank.data)
    blank = client.get(
        "/print/blank.pdf?preset=liverpool&players=4", headers={"Accept-Language": "es"}
    )
    assert "cómo anotar" in _pdf_text(blank.data)


def test_the_english_check_finds_english(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    """The check above can fail: the same pages in English are full of catalogue phrases."""
    page = client.get("/games/new", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert len(english_left(page, "es")) > 5


def test_dates_and_numbers_follow_the_locale(app: Flask, client: FlaskClient) -> None:
    group_id, _person = _group(app, client)
    german = client.get(f"/groups/{group_id}/leaderboard", headers={"Accept-Language": "de"})
    # Averages with a decimal comma and the winner's 100 % win rate, the German way.
    text = german.get_data(as_text=True)
    assert re.search(r">\d+,\d<", text) and "100 %" in text.replace("\xa0", " ")


def test_the_rule_book_says_which_words_the_translation_uses(client: FlaskClient) -> None:
    english = client.get("/rules/liverpool", headers={"Accept-Language": "en"})
    spanish = client.get("/rules/liverpool", headers={"Accept-Language": "es"})
    german = client.get("/rules/liverpool", headers={"Accept-Language": "de"})
    assert "Las palabras de la mesa" in spanish.get_data(as_text=True)
    assert "escala" in spanish.get_data(as_text=True)
    assert "anlegen" in german.get_data(as_text=True)
    assert "Words at the table" not in english.get_data(as_text=True)


def test_the_api_sets_a_groups_language_with_its_token(client: FlaskClient) -> None:
    made = client.post("/api/v1/groups", json={"name": "Müllers", "people": ["Jo"]}).get_json()
    path = f"/api/v1/groups/{made['id']}/language"
    auth = {"Authorization": f"Bearer {made['token']}"}
    answer = client.put(path, json={"language": "de"}, headers=auth)
    assert answer.status_code == 200 and answer.get_json()["language"] == "de"
    refused = client.put(path, json={"language": "fr"}, headers=auth | {"Accept-Language": "de"})
    assert refused.status_code == 400
    assert "language" in refused.get_json()["details"]  # field names stay English
    assert client.put(path, json={"language": "es"}).status_code in (401, 403)
    assert client.put(path, json={"language": None}, headers=auth).get_json()["language"] is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rounds_refusals_speak_the_language(
    app: Flask, client: FlaskClient, new_game: GameBuilder, language: str
) -> None:
    """The entry form's sentences for points it cannot take (rules/scoring.py's): negative,
    more than a hand holds, none typed: in the reader's language (they were English on every
    page), the player's name and figure kept."""
    game = new_game(app, ["Ann", "Bob", "Cy"], first_dealer=0)
    grant_device(app, client, game.id)

    def refusal(points: dict[int, Any], language: str) -> str:
        data = round_data(client, game.id, 0, points)
        headers = {"Accept-Language": language, **HX}
        page = client.post(f"/games/{game.id}/rounds", data=data, headers=headers)
        assert page.status_code == 400
        found = re.findall(r'class="field-error"[^>]*>([^<]+)<', page.get_data(as_text=True))
        assert len(found) == 1, found
        return html.unescape(found[0])

    for points, kept in (({1: -5, 2: 10}, "Bob"), ({1: 9999, 2: 10}, "9999"), ({1: 5}, "Cy")):
        english, said = refusal(points, "en"), refusal(points, language)
        assert kept in english and kept in said
        assert said != english and english_left(said, language) == [], (english, said)


@pytest.mark.parametrize(
    ("language", "said"),
    [("es", "está anidado demasiado hondo"), ("de", "ist zu tief verschachtelt")],
)
def test_a_broken_json_body_is_refused_in_the_language(
    client: FlaskClient, language: str, said: str
) -> None:
    """The JSON doors' own refusals (nesting too deep, half a character) are whole sentences
    in the reader's language, the field's name and the code as they were."""
    deep = '{"rules": ' + "[" * 100 + "]" * 100 + "}"
    half = '{"rules": "liverpool", "round": 1, "melds": [["7H"]], "bogus\\ud800": 1}'
    headers = {"Accept-Language": language, "Content-Type": "application/json"}
    for body, code, words in ((deep, "too-deep", said), (half, "bad-text", "")):
        answer = client.post("/api/v1/referee/contract", data=body, headers=headers)
        assert answer.status_code == 400
        error = answer.get_json()
        assert error["details"]["code"] == code, error
        assert words in error["error"] and english_left(error["error"], language) == [], error
