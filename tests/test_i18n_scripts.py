"""The scripts' own words (issue 34 §2): what static/js/*.js shows a person comes from the page
(``data-words``, rendered by the server from its catalogue, scorekeeper/wording.py), never from
an English sentence written in the script. A script's only English is its ``const ENGLISH``
table, the fallback for a page that forgot its words, and that English is the server's.

The scripts are read as text: their string literals (comments and regular expressions left
out), a tag's markup taken off, and a literal that reads as words to a person ("went out",
"Shared.", " points" glued onto a number) is English written in the script.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules.language import speaking
from scorekeeper.wording import entry_form_words, script_words
from tests.conftest import GameBuilder, grant_device
from tests.test_i18n import LANGUAGES, ROOT, translations

SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))

# Literals of the scripts that read like words but are code: a directive; on a line that
# names a class or looks elements up, class names and selectors ("chip " + the suit's class).
CODE = {"use strict"}
CODE_LINE = re.compile(r"className|classList|querySelector|closest\(|matches\(")
# A lone capitalised word is a label ("Cards") unless it is compared or looked up: a key's
# name ("Enter"), a header's ("Date").
LONE_WORD = re.compile(r"[A-Z][a-z]+")
LOOKUP_LINE = re.compile(r"[!=]==|\.get\(")

# What may come before a "/" that starts a regular expression (not a division).
REGEX_BEFORE = set("(,=:[!&|?{};+")

# A word as a person reads it: letters, maybe with the punctuation that ends a sentence.
PLAIN_WORD = re.compile(r"^[A-Za-zÀ-ÿ']+[.,:;!?…]?$")
TAG = re.compile(r"<[^<>]*>|<[^<>]*$|^[^<>]*>")


def string_literals(script: str) -> list[tuple[int, str]]:
    """The script's string literals (quoted or backquoted), with their line, leaving out
    comments and regular expressions (``/[&<>"']/g`` quotes nothing)."""
    found: list[tuple[int, str]] = []
    i, line, previous = 0, 1, ";"
    while i < len(script):
        ch = script[i]
        if script.startswith("//", i):
            i = script.find("\n", i)
            i = len(script) if i < 0 else i
            continue
        if script.startswith("/*", i):
            end = script.index("*/", i) + 2
            line += script.count("\n", i, end)
            i = end
            continue
        if ch in "\"'`":
            j, text = i + 1, []
            while script[j] != ch:
                if script[j] == "\\":
                    text.append(script[j : j + 2])
                    j += 2
                    continue
                text.append(script[j])
                j += 1
            found.append((line, "".join(text)))
            line += script.count("\n", i, j)
            i, previous = j + 1, ch
            continue
        if ch == "/" and previous in REGEX_BEFORE:
            j, in_class = i + 1, False
            while script[j] != "/" or in_class:
                if script[j] == "\\":
                    j += 1
                elif script[j] == "[":
                    in_class = True
                elif script[j] == "]":
                    in_class = False
                j += 1
            i, previous = j + 1, "/"
            continue
        if ch == "\n":
            line += 1
        if not ch.isspace():
            previous = ch
        i += 1
    return found


def reads_as_words(literal: str) -> bool:
    """A literal a person would read: two words or more, one word glued to something by a
    space (" points"), or one capitalised word ending a sentence ("Shared.")."""
    text = TAG.sub(" ", literal)
    tokens = text.split()
    words = [t for t in tokens if PLAIN_WORD.match(t)]
    if " ".join(tokens) in CODE or not words:
        return False
    glued = text != text.strip() and len(tokens) == 1 and bool(text.strip())
    sentence = len(words) == 1 and re.match(r"^[A-Z][a-z]+[.!?…]$", words[0]) is not None
    return len(words) >= 2 or glued or sentence


def without_english_tables(script: str) -> str:
    """The script with its ``const ENGLISH = {...};`` fallback table blanked out (its lines
    kept, so that a line number still points at the script's own line)."""
    start = script.find("const ENGLISH")
    if start < 0:
        return script
    end = script.index("};", start) + 2
    return script[:start] + re.sub(r"[^\n]", " ", script[start:end]) + script[end:]


def english_table(script: str) -> dict[str, str | dict[str, str]]:
    """A script's ``const ENGLISH`` table: each key's sentence (its literals joined by +), or
    a count's sentences (``{ "1": ..., other: ...}``) by form."""
    start = script.index("const ENGLISH")
    body = script[start : script.index("};", start)]
    entries = re.split(r"^\s*(\w+):", body, flags=re.MULTILINE)[1:]
    table: dict[str, str | dict[str, str]] = {}
    for key, value in zip(entries[::2], entries[1::2], strict=True):
        if value.strip().startswith("{"):
            table[key] = dict(re.findall(r'"?(\w+)"?:\s*"([^"]*)"', value))
        else:
            table[key] = "".join(text for _, text in string_literals(value))
    return table


def test_the_finder_sees_what_a_person_reads_and_not_code() -> None:
    """The finder itself, on examples of both kinds."""
    script = r"""
      // "a comment is not shown"
      b.className = "warn-box kept-entries";
      const x = s.replace(/[&<>"']/g, f), y = "input[name=out]";
      status.textContent = "Not saved yet: round " + n + " is kept.";
      parts.push(n + " points"); done("Shared.");
      html = '<p class="muted">' + text + "</p>" + '<h1>Games on this device</h1>';
    """
    shown = [text for _, text in string_literals(script) if reads_as_words(text)]
    assert shown == [
        "Not saved yet: round ",
        " is kept.",
        " points",
        "Shared.",
        "<h1>Games on this device</h1>",
    ]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_script_shows_no_words_of_its_own(script: Path) -> None:
    """Every sentence a script shows comes from the page's words: none is written in it,
    outside its English fallback table."""
    source = without_english_tables(script.read_text(encoding="utf-8"))
    lines = source.split("\n")
    written = [
        f"{script.name}:{line}: {text!r}"
        for line, text in string_literals(source)
        if not CODE_LINE.search(lines[line - 1])
        and (
            reads_as_words(text)
            or (LONE_WORD.fullmatch(text) and not LOOKUP_LINE.search(lines[line - 1]))
        )
    ]
    assert written == []


def _english_page_words() -> dict[str, dict[str, object]]:
    # Outside any speaker: the catalogue's English as written.
    return {
        "app.js": dict(script_words()),
        "drafts.js": dict(script_words()),
        "share.js": dict(script_words()),
        "cardpicker.js": {k: v for k, v in entry_form_words(1).items() if k != "still_to_enter"},
    }


@pytest.mark.parametrize("name", ["app.js", "drafts.js", "share.js", "cardpicker.js"])
def test_a_scripts_english_fallback_is_the_servers_english(name: str) -> None:
    """The fallback says what the English page says, under the same keys: a sentence
    reworded on the server is reworded in the fallback too."""
    table = english_table((ROOT / "static" / "js" / name).read_text(encoding="utf-8"))
    server = _english_page_words()[name]
    # The count's sentences (one a count) are checked by tests/test_i18n_words.py.
    table = {key: said for key, said in table.items() if not key.startswith("still_to_enter")}
    assert {key: server.get(key) for key in table} == table


def test_the_service_workers_english_is_the_offline_pages(client: FlaskClient) -> None:
    """The service worker cannot read a page's words: the /offline page it keeps is its
    catalogue, and its own English (before it has kept one) is that page's English."""
    page = html.unescape(client.get("/offline", headers={"Accept-Language": "en"}).text)
    table = english_table((ROOT / "static" / "js" / "sw.js").read_text(encoding="utf-8"))
    assert [text for text in table.values() if text not in page] == []


def _page_words(page: str) -> dict[str, str]:
    found = re.search(r"<main [^>]*data-words='([^']*)'", page)
    assert found, "the page carries no words for its scripts"
    words: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_carries_the_scripts_words_in_its_language(
    app: Flask, client: FlaskClient, new_game: GameBuilder, language: str
) -> None:
    """The start page and a game page (where a save can fail offline) carry the words, each
    in the reader's language (the catalogue's own translation, none left in English)."""
    game = new_game(app, ["Ann", "Bob"])
    grant_device(app, client, game.id)
    with speaking(translations(language)):
        expected = script_words()
    english = script_words()
    for url in ("/", f"/games/{game.id}"):
        words = _page_words(client.get(url, headers={"Accept-Language": language}).text)
        assert words == expected
        assert [key for key in words if words[key] == english[key]] == []
