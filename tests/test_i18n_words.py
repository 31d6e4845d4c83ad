"""Words that were English on Spanish and German pages (issue 34 §2): each house-rule choice,
the round entry form script's words, the rules pages' source lines."""

from __future__ import annotations

import html
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules.language import _, speaking
from scorekeeper.rules.options import CHOICE_WORDS, OPTIONS, choice_words
from scorekeeper.rules.presets import PRESETS
from tests.conftest import GameBuilder, grant_device
from tests.test_i18n import LANGUAGES, ROOT, translations


def test_every_choice_of_every_option_has_words() -> None:
    """A choice without words reads as its code ("Any wild"), which no catalogue translates."""
    missing = [
        (name, str(choice))
        for name, option in OPTIONS.items()
        for choice in option.choices
        if str(choice) not in CHOICE_WORDS.get(name, {})
    ]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_choice_reads_in_the_language(language: str) -> None:
    english = {
        (name, choice): choice_words(name, choice)
        for name, choices in CHOICE_WORDS.items()
        for choice in choices
    }
    with speaking(translations(language)):
        said = {key: choice_words(*key) for key in english}
    assert [key for key in english if said[key] == english[key]] == []


def _entry_words(page: str) -> dict[str, object]:
    # The entry form's own words (<main> carries the page-wide scripts' words).
    found = re.search(r"<form [^>]*data-words='([^']*)'", page)
    assert found, "the entry form carries its script's words"
    words: dict[str, object] = json.loads(html.unescape(found.group(1)))
    return words


@pytest.mark.parametrize(
    ("language", "nobody", "one", "three"),
    [
        ("en", "nobody marked as gone out", "1 player still to enter", "3 players still to enter"),
        ("es", "falta marcar quién cerró", "falta 1 jugador", "faltan 3 jugadores"),
        ("de", "noch niemand als raus markiert", "1 Spieler fehlt noch", "3 Spieler fehlen noch"),
    ],
)
def test_the_entry_forms_script_says_the_pages_language(
    app: Flask,
    client: FlaskClient,
    new_game: GameBuilder,
    language: str,
    nobody: str,
    one: str,
    three: str,
) -> None:
    """cardpicker.js's hint beside Save ("nobody marked as gone out · 3 players still to
    enter") comes from the page, a sentence per count in the language's plural forms."""
    game = new_game(app, ["Ann", "Bob", "Cy"])
    grant_device(app, client, game.id)
    page = client.get(f"/games/{game.id}", headers={"Accept-Language": language})
    words = _entry_words(page.get_data(as_text=True))
    assert words["nobody_out"] == nobody
    assert words["still_to_enter"] == {"1": one, "2": words["still_to_enter"]["2"], "3": three}
    assert "{card}" in str(words["remove"])


def test_the_script_has_no_english_of_its_own_beyond_its_fallback() -> None:
    """The script's sentences come from data-words; its English is only the fallback for a
    page that forgot them (one place, the ENGLISH table)."""
    script = (ROOT / "static" / "js" / "cardpicker.js").read_text(encoding="utf-8")
    start = script.index("const ENGLISH")
    outside = script[:start] + script[script.index("};", start) :]
    said = " | ".join(re.findall(r'"([^"\\\n]*)"', outside))
    assert "gone out" not in said and "Remove " not in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_presets_source_line_reads_in_the_language(
    client: FlaskClient, language: str
) -> None:
    """The rules page's "source: ..." line: a preset's source in the reader's language."""
    english = []
    for rules in PRESETS.values():
        page = client.get(f"/rules/{rules.id}", headers={"Accept-Language": language})
        text = html.unescape(page.get_data(as_text=True))
        assert page.status_code == 200
        if not rules.source:
            continue
        with speaking(translations(language)):
            said = _(rules.source)
        if rules.source in text or said not in text:
            english.append(rules.id)
    assert english == []
