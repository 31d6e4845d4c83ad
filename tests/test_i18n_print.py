"""The PDFs in Spanish and German (issue 34): the score table's headings are whole words (a
narrow column hyphenated "Ron-da", "Run-de", "Durch-gang"), and the dealer's mark is the
language's own letter."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.conftest import GameBuilder

# The heading of the rounds' (or hands') column, and the dealer's mark, by language.
HEADINGS = {
    ("en", "liverpool"): "Round",
    ("es", "liverpool"): "Ronda",
    ("de", "liverpool"): "Runde",
    ("en", "ten-phase"): "Hand",
    ("es", "ten-phase"): "Mano",
    ("de", "ten-phase"): "Durchgang",
}
HYPHENS = "-\u2010\u00ad"


def _lines(pdf: bytes) -> list[str]:
    pages = PdfReader(io.BytesIO(pdf)).pages
    return [line for page in pages for line in (page.extract_text() or "").splitlines()]


@pytest.mark.parametrize(("language", "preset"), list(HEADINGS))
def test_the_round_columns_heading_is_not_hyphenated(
    client: FlaskClient, language: str, preset: str
) -> None:
    blank = client.get(
        f"/print/blank.pdf?preset={preset}&players=8", headers={"Accept-Language": language}
    )
    assert blank.status_code == 200
    word = HEADINGS[language, preset].upper()  # the sheets set headings in capitals
    text = "\n".join(_lines(blank.data)).upper()
    assert word in text
    halves = [
        (word[:cut], word[cut:]) for cut in range(2, len(word) - 1)
    ]  # "RON-\nDA", "RON DA"...
    for head, tail in halves:
        assert not re.search(re.escape(head) + f"[{HYPHENS}]?\\s+" + re.escape(tail), text), (
            head,
            tail,
        )


@pytest.mark.parametrize(
    ("language", "mark", "dealt"),
    [("en", "D", "dealt"), ("es", "R", "repartió"), ("de", "G", "gegeben")],
)
def test_the_dealers_mark_is_the_languages_letter(
    app: Flask, client: FlaskClient, new_game: GameBuilder, language: str, mark: str, dealt: str
) -> None:
    """The legend's "D dealt" and the marks in the cells: *R* for *reparte*, *G* for *Geber*."""
    game = new_game(app, ["Ann", "Bob"], rounds=2)
    sheet = client.get(f"/games/{game.id}/sheet.pdf", headers={"Accept-Language": language})
    assert sheet.status_code == 200
    text = " ".join(_lines(sheet.data))
    assert re.search(rf"(?<!\S){mark}\s+{dealt}\b", text), text
    # Each round's dealer is marked in a cell: a mark of its own before the points.
    assert len(re.findall(rf"(?<!\S){mark} \d", text)) >= 2, text
