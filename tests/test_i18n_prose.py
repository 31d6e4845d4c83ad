"""The rule prose, the rules pages' words and the PDFs in Spanish and German (issue 26):
every sentence the rule book writes from a rule set, the rounds table and example notes of a
rules page, the builder's "In plain words", and the sheets' Python-made lines.

Each check against English uses tests/test_i18n.py's: the catalogue's English phrases left
in a text. Every check is also run on the English text, where it must find English, so it
can fail; and the prose is compared sentence by sentence with the English book.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.dates import format_date
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from sqlalchemy import update
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.cli import main as cli_main
from scorekeeper.db import get_engine
from scorekeeper.models import Game
from scorekeeper.printing import render_blank_sheet
from scorekeeper.printing.render import render_html
from scorekeeper.printing.season import season_dates
from scorekeeper.printing.share import result_lines
from scorekeeper.printing.sheets import blank_sheet
from scorekeeper.rules import PRESETS, RuleSet
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.language import speaking
from scorekeeper.rules.options import OPTIONS, with_options
from scorekeeper.rules.prose import key_rules, rule_book, summary
from scorekeeper.web.rulebook import rulebook
from tests.conftest import GameBuilder

from .test_i18n import CATALOGUES, LANGUAGES, english_left

# --- the rule book, from every preset and every house-rule variant ---------------------------


def _catalogue(language: str) -> Translations:
    return Translations.load(str(CATALOGUES), [language])


def _variants() -> Iterator[tuple[str, RuleSet]]:
    """Every preset, and Liverpool and the ten phases with each value of each house rule
    (the branches of the prose: exact melds, extra melds, buying limits, swaps...)."""
    yield from PRESETS.items()
    for base in ("liverpool", "ten-phase", "carioca"):
        for name, option in OPTIONS.items():
            values: list[object] = {
                "bool": [True, False],
                "choice": list(option.choices),
                "int": [0, 1, 2, 3],
            }.get(option.kind, [])
            for value in values:
                try:
                    yield f"{base}/{name}={value}", with_options(PRESETS[base], {name: value})
                except RuleSetError:  # a value this rule set refuses: no variant
                    continue


VARIANTS = dict(_variants())


def _sentences(rules: RuleSet) -> list[str]:
    """Every heading and sentence of the book (decks for each number of players), the key
    rules of a 4-player sheet and the summary."""
    found = []
    for section in rule_book(rules):
        found.append(section.heading)
        found += [s.text for p in section.paragraphs for s in p.sentences]
    players = max(rules.min_players, min(4, rules.max_players))
    return [*found, *key_rules(rules, players), summary(rules)]


# Sentences the same in a translation: only cards, numbers and signs.
_NO_WORDS = re.compile(r"^[\dAJQK♠♥♦♣ ·:;,.\-−()/]*$")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_prose_of_every_rule_set_is_translated_whole(language: str) -> None:
    """No English catalogue sentence is left in the prose of any preset or house-rule
    variant, and every sentence differs from its English (so none was left unmarked)."""
    assert len(VARIANTS) > 100
    left, same = {}, {}
    for name, rules in VARIANTS.items():
        english = _sentences(rules)
        with speaking(_catalogue(language)):
            said = _sentences(rules)
        assert len(said) >= len(english)  # a translation adds the "Words at the table"
        if found := english_left(" ".join(said), language):
            left[name] = found
        unchanged = [e for e, s in zip(english, said, strict=False) if e == s]
        if unchanged := [e for e in unchanged if not _NO_WORDS.match(e)]:
            same[name] = unchanged
    assert left == {} and same == {}


def test_the_check_finds_the_english_prose() -> None:
    """The check above can fail: the English book is full of the catalogue's sentences."""
    text = " ".join(_sentences(PRESETS["liverpool"]))
    assert len(english_left(text, "es")) > 20 and len(english_left(text, "de")) > 20


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "es",
            [
                "Los jokers hacen de cualquier carta.",
                "En la ronda 7 se cierra con todas las cartas",
            ],
        ),
        ("de", ["Joker sind frei einsetzbar.", "In Runde 7 geht man mit allen Karten raus"]),
    ],
)
def test_counts_and_rounds_read_as_the_language_says_them(
    language: str, expected: list[str]
) -> None:
    """Numbers of things in whole sentences with their plural forms; rounds as a noun
    phrase the sentence puts after "in" (with its article where the language needs one)."""
    with speaking(_catalogue(language)):
        text = " ".join(_sentences(PRESETS["liverpool"]))
        family = " ".join(_sentences(PRESETS["family"]))
        kalooki = rule_book(PRESETS["kalooki"])[0].key_rule
    for sentence in expected:
        assert sentence in text
    rounds = {"es": "No se compra en la ronda 1.", "de": "Kein Kaufen in Runde 1."}
    assert rounds[language] in family
    decks = {
        "es": "3 o 4 jugadores: 2 barajas y 4 jokers",
        "de": "3 oder 4 Spieler: 2 Kartenspiele und 4 Joker",
    }
    assert kalooki.startswith(decks[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_pages_rounds_table_and_notes_speak_the_language(language: str) -> None:
    """The rounds table's words and each example's note (phases too)."""
    for preset in ("liverpool", "family", "ten-phase", "shanghai"):
        english = rulebook(PRESETS[preset])
        with speaking(_catalogue(language)):
            said = rulebook(PRESETS[preset])
        words = [(r["going_out"], r["buying"]) for r in said["rounds"]]
        notes = [e["note"] for part in ("melds", "contracts") for e in said[part]]
        notes += [t["what"] for t in said["table"]]
        assert english_left(" | ".join(map(str, [*words, *notes])), language) == []
        english_notes = [e["note"] for part in ("melds", "contracts") for e in english[part]]
        assert len(notes) >= len(english_notes) > 5
        assert not set(english_notes) & set(notes)


# --- the pages ---------------------------------------------------------------------------------


def _panels(page: str, css_class: str) -> str:
    return " ".join(re.findall(rf'<section class="panel {css_class}".*?</section>', page, re.S))


@pytest.mark.parametrize("preset", ["liverpool", "ten-phase", "carioca", "kalooki"])
def test_a_rules_page_in_spanish(client: FlaskClient, preset: str) -> None:
    """The rule book's sections and the rounds table, in Spanish; the English page's
    sections are full of the catalogue's English."""
    page = client.get(f"/rules/{preset}", headers={"Accept-Language": "es"})
    text = page.get_data(as_text=True)
    sections = _panels(text, "rules-section")
    assert sections.count("<section") >= 9
    assert english_left(sections, "es") == []
    table = re.search(r"<table.*?</table>", text, re.S)
    assert table and english_left(table.group(0), "es") == []
    assert "hacen de cualquier carta" in sections and "Reparto y corte" in sections
    english = client.get(f"/rules/{preset}", headers={"Accept-Language": "en"})
    assert len(english_left(_panels(english.get_data(as_text=True), "rules-section"), "es")) > 10


@pytest.mark.parametrize("start", ["liverpool", "ten-phase", "kalooki"])
def test_the_builders_plain_words_in_german(client: FlaskClient, start: str) -> None:
    page = client.get(f"/rules/build?from={start}", headers={"Accept-Language": "de"})
    part = _panels(page.get_data(as_text=True), "builder-summary")
    assert "<strong>Kartenspiele und Joker:</strong>" in part  # a section's key rules
    assert english_left(part, "de") == []
    assert "sind frei einsetzbar" in part
    english = client.get(f"/rules/build?from={start}", headers={"Accept-Language": "en"})
    assert len(english_left(_panels(english.get_data(as_text=True), "builder-summary"), "de")) > 10


# --- the PDFs ----------------------------------------------------------------------------------


def _pdf_pages(pdf: bytes) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages]


def test_a_german_game_sheet_reads_back_with_its_key_rules_in_german(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    """The key rules, the status line, the places and the date, in German."""
    game = new_game(app, ["Ann", "Bob", "Cy"], rounds=2)
    german = client.get(f"/games/{game.id}/sheet.pdf", headers={"Accept-Language": "de"})
    text = " ".join(_pdf_pages(german.data))
    with speaking(_catalogue("de")):
        said = key_rules(PRESETS["liverpool"], 3)
    # Each key rule in German, none in English (the PDF's lines may break anywhere).
    flat = text.replace(" ", "")
    for german_line, english_line in zip(said, key_rules(PRESETS["liverpool"], 3), strict=True):
        assert german_line.replace(" ", "") in flat, german_line
        assert english_line.replace(" ", "") not in flat, english_line
    assert "Nach Runde 2 von 7" in text and "1st" not in text
    assert format_date(datetime.now(UTC), "long", locale="de") in text  # "28. November 2026"


def test_a_german_and_a_spanish_blank_sheet_read_back_with_their_key_rules(
    client: FlaskClient,
) -> None:
    for language, words in (
        ("de", ["Joker sind frei einsetzbar", "Kein Kaufen nach dem Auslegen"]),
        ("es", ["Los jokers hacen de cualquier carta", "No se compra después de bajarse"]),
    ):
        blank = client.get(
            "/print/blank.pdf?preset=liverpool&players=4", headers={"Accept-Language": language}
        )
        flat = " ".join(_pdf_pages(blank.data)).replace(" ", "")
        for sentence in words:
            assert sentence.replace(" ", "") in flat, (language, sentence)
        assert "Jokersarewild".lower() not in flat.lower()


def test_a_long_german_sheet_says_where_it_goes_on_in_one_sentence() -> None:
    """'Continued: page … of …' is one translated sentence, its counters put in by CSS."""
    shanghai = PRESETS["shanghai"]
    long = dataclasses.replace(shanghai, rounds=shanghai.rounds * 2)  # 20 rounds: two pages
    with speaking(_catalogue("de")):
        found = _pdf_pages(render_blank_sheet(long, 8))
        html = render_html(blank_sheet(long, 8))
    assert len(found) == 2
    assert "Weiter auf der nächsten Seite" in found[0]
    assert "Fortsetzung: Seite 2 von 2" in found[1]
    assert '<html lang="de">' in html


def test_the_sheets_python_made_lines_speak_the_language() -> None:
    start, end = datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 7, 1, tzinfo=UTC)
    with speaking(_catalogue("de")):
        assert season_dates(start, None) == "Seit dem 1. März 2026"
        lines = result_lines("Sonntag", "Liverpool-Rommé", [(1, "Ann", 45, True)])
    with speaking(_catalogue("es")):
        assert season_dates(start, end) == "1 de marzo de 2026 – 30 de junio de 2026"
        sheet = blank_sheet(PRESETS["liverpool"], 4)
    assert lines[3] != "1. Ann: 45 points (winner)"
    assert sheet.title == "Hoja de puntuación de Liverpool Rummy"
    assert season_dates(start, None) == "Since 1 March 2026"


def test_the_api_list_of_rules_stays_english_whoever_asks_first(client: FlaskClient) -> None:
    """The list is built once per process: a Spanish first request must not make it Spanish
    (its contracts and wild cards in words) for everyone after."""
    client.get("/api/v1/rules", headers={"Accept-Language": "es"})
    answer = client.get("/api/v1/rules", headers={"Accept-Language": "en"}).get_json()
    liverpool = next(p for p in answer["presets"] if p["id"] == "liverpool")
    assert liverpool["wilds"] == "jokers are wild"
    assert liverpool["rounds"][0]["contract"] == "2 sets"


@pytest.fixture
def smiths(app: Flask, new_game: GameBuilder) -> str:
    """A group's 2026: Bob wins in January and February, Ann in March."""
    with Session(get_engine(app), expire_on_commit=False) as session:
        group, _token = games.create_group(session, "Smith family")
        for month, row in ((1, [20, None, 30]), (2, [5, None, 30]), (3, [None, 15, 5])):
            view = new_game(session, ["Ann", "Bob", "Cy"], [row], group_id=group.id, rounds="all")
            when = datetime(2026, month, 10, tzinfo=UTC)
            session.connection().execute(
                update(Game).where(Game.id == view.id).values(finished_at=when)
            )
            session.commit()
        return group.id


def test_a_german_season_trophy(app: Flask, smiths: str) -> None:
    """The season trophy's Python-made lines: the champion's record and the standings'
    figures in German ("67 %")."""
    client = app.test_client()
    pdf = client.get(f"/groups/{smiths}/season.pdf?year=2026", headers={"Accept-Language": "de"})
    text = " ".join(_pdf_pages(pdf.data))
    assert "2 Siege in 3 Spielen" in text
    assert re.search(r"1 Bob 3 67\s%", text.replace("\xa0", " "))
    assert "wins in" not in text
    dates = client.get(
        f"/groups/{smiths}/season.pdf?from=2026-01-01&to=2026-02-28",
        headers={"Accept-Language": "es"},
    )
    assert "1 de enero de 2026 – 28 de febrero de 2026" in " ".join(_pdf_pages(dates.data))


def test_the_shared_result_speaks_the_language_and_its_picture_is_kept_per_language(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    game = new_game(app, ["Ann", "Bob"], rounds="all")
    text = client.get(f"/games/{game.id}/result.txt", headers={"Accept-Language": "es"})
    said = text.get_data(as_text=True)
    assert "puntos" in said and "points" not in said
    english = client.get(f"/games/{game.id}/result.png", headers={"Accept-Language": "en"})
    german = client.get(
        f"/games/{game.id}/result.png",
        headers={"Accept-Language": "de", "If-None-Match": english.headers["ETag"]},
    )
    assert german.status_code == 200 and german.data != english.data  # "Endstand", drawn anew


def test_the_print_command_writes_a_sheet_in_a_language(tmp_path: Path) -> None:
    sheet = tmp_path / "hoja.pdf"
    assert (
        cli_main(["print", "blank", "--preset", "carioca", "--language", "es", "-o", str(sheet)])
        == 0
    )
    text = " ".join(_pdf_pages(sheet.read_bytes()))
    assert "Hoja de puntuación de Carioca" in text and "score sheet" not in text
    english = tmp_path / "sheet.pdf"
    assert cli_main(["print", "blank", "--preset", "carioca", "-o", str(english)]) == 0
    assert "Carioca (Chile) score sheet" in " ".join(_pdf_pages(english.read_bytes()))
