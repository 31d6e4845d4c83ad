"""A sweep for English on Spanish and German pages (issue 34 §2): every page state is rendered
in English and in the language, and a text the two renders share, made of English words, is
English left over. Unlike tests/test_i18n.py's check (the catalogue's own sentences), this finds
words that never were in the catalogue: a hard-coded label, a value shown as its code, a
script's words carried by the page.

What a page shows is its text nodes and the attributes a person reads or hears (aria-label,
placeholder, title, alt, a script's data-words and data-says-*). English words are the words of
the catalogue's English sentences that no translation uses (so "Joker", "Liverpool" or "Total",
the same in every language, are not English left). The test client renders every page (no
browser): the script's words are carried by the page, so they are swept with it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules.presets import PRESETS
from tests.conftest import GameBuilder, grant_device
from tests.test_i18n import LANGUAGES, _group, catalogue
from tests.test_i18n_referee import REFEREE_PAGES

READ_ATTRIBUTES = {"aria-label", "placeholder", "title", "alt", "data-label"}
SKIPPED_TAGS = {"script", "style", "code", "pre", "textarea", "svg"}
WORD = re.compile(r"[A-Za-z][a-z]{2,}")

# Names the pages show as they are in every language: the test's players and groups, the
# rule sets' own names and the sources' titles, and brand names.
ALLOWED = {
    "Ann", "Bob", "Cy", "Dee", "Eve", "Smiths", "Scorekeeper", "Liverpool", "Rummy", "Shanghai",
    "Carioca", "Continental", "Kalooki", "Rommi", "Onze", "Chromium", "Wikipedia", "JSON",
    "CSV", "PDF", "API", "Letter", "English", "Español", "Deutsch",
}  # fmt: skip


class _Texts(HTMLParser):
    """A page's texts a person reads: text nodes, read attributes, a script's words."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED_TAGS:
            self._skipping += 1
        for name, value in attrs:
            if not value:
                continue
            if name in READ_ATTRIBUTES or name.startswith("data-says"):
                self.texts.append(value)
            elif name == "data-words":
                self.texts += _strings(json.loads(value))

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED_TAGS and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.texts.append(" ".join(data.split()))


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


# Links and quoted titles are names, not sentences.
NAMES = re.compile(r"https?://\S+|“[^”]*”")


def texts(page: str) -> set[str]:
    parser = _Texts()
    parser.feed(page)
    return {NAMES.sub("", text) for text in parser.texts}


@cache
def english_words(language: str) -> frozenset[str]:
    """The words of the catalogue's English sentences that its translations never use."""
    english: set[str] = set()
    translated: set[str] = set()
    for entry in catalogue(language):
        if not entry.id or not entry.string:
            continue
        ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        said = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        for text in ids:
            english |= {
                w.lower() for w in WORD.findall(re.sub(r"<[^>]*>|\{\w+\}|%\(\w+\)s", " ", text))
            }
        for text in said:
            translated |= {w.lower() for w in WORD.findall(text)}
    return frozenset(english - translated)


def english_left(english_page: str, page: str, language: str) -> list[str]:
    """The texts of ``page`` the English render shows too, with an English word in them."""
    words = english_words(language)
    shared = texts(page) & texts(english_page)
    left = []
    for text in sorted(shared):
        found = [w for w in WORD.findall(text) if w.lower() in words and w not in ALLOWED]
        if found:
            left.append(text)
    return left


def _paths(app: Flask, client: FlaskClient, new_game: GameBuilder) -> list[str]:
    """Every page state: the games in their states, the group pages, the tools, the rules."""
    playing = new_game(app, ["Ann", "Bob", "Cy"], rounds=2, bought=1, cut_rounds=[1])
    grant_device(app, client, playing.id)
    done = new_game(app, ["Ann", "Bob"], rounds="all")
    grant_device(app, client, done.id)
    fresh = new_game(app, ["Ann", "Bob"], first_dealer=None)
    grant_device(app, client, fresh.id)
    phases = new_game(app, ["Ann", "Bob"], rounds=3, rules="ten-phase")
    grant_device(app, client, phases.id)
    watched = new_game(app, ["Dee", "Eve"], rounds=1)
    group_id, person = _group(app, client)
    return [
        "/",
        "/offline",
        "/games/new",
        *(f"/games/new?rules={preset}" for preset in ("ten-phase", "carioca", "kalooki")),
        f"/games/{fresh.id}",
        f"/games/{playing.id}",
        f"/games/{playing.id}/rounds/1/edit",
        f"/games/{playing.id}/devices",
        f"/games/{playing.id}/watch",
        f"/games/{playing.id}/history",
        f"/games/{playing.id}/undo",
        f"/games/{playing.id}/rules",
        f"/games/{phases.id}",
        f"/games/{phases.id}/history",
        f"/games/{phases.id}/rounds/2/edit",
        f"/games/{done.id}",
        f"/games/{done.id}/history",
        f"/games/{done.id}/watch/board",
        f"/games/{watched.id}",
        "/groups",
        f"/groups/{group_id}",
        f"/groups/{group_id}/leaderboard",
        f"/groups/{group_id}/people/{person}",
        "/groups/import",
        "/rules",
        *(f"/rules/{preset}" for preset in PRESETS),
        *(f"/rules/build?from={preset}" for preset in ("liverpool", "ten-phase", "carioca")),
        "/rules/saved",
        *REFEREE_PAGES,
        "/referee?tool=swap",
        "/no/such/page",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_state_shows_english(
    app: Flask, client: FlaskClient, new_game: GameBuilder, language: str
) -> None:
    left = {}
    for path in _paths(app, client, new_game):
        english = client.get(path, headers={"Accept-Language": "en"})
        said = client.get(path, headers={"Accept-Language": language})
        assert said.status_code == english.status_code and said.status_code in (200, 404), path
        found = english_left(english.get_data(as_text=True), said.get_data(as_text=True), language)
        if found:
            left[path] = found
    assert left == {}


def test_the_sweep_finds_english(client: FlaskClient) -> None:
    """The sweep can fail: an English page compared with itself is all English left."""
    page = client.get("/games/new", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert len(english_left(page, page, "es")) > 20
