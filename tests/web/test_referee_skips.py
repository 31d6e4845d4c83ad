"""Skips on the table (issue 35 §2, ``jokers_as_skips``): a Skip is never laid off, never
swapped for and never part of a table meld; the referee API says so plainly, in the reader's
language."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

SKIPS = {"options": {"jokers_as_skips": True}}
LAID_OFF = {
    "en": "A Skip is never laid off",
    "es": "Un salto nunca se acomoda",
    "de": "Eine Aussetzen-Karte wird nie angelegt",
}
TAKES_A_PLACE = {
    "en": "A Skip never takes a wild card's place",
    "es": "Un salto nunca ocupa el lugar de un comodín",
    "de": "Eine Aussetzen-Karte nimmt nie den Platz eines Jokers ein",
}
SWAPPED_FOR = {
    "en": "No card is swapped for a Skip",
    "es": "Ninguna carta se cambia por un salto",
    "de": "Keine Karte wird gegen eine Aussetzen-Karte getauscht",
}


def ask(client: FlaskClient, tool: str, language: str = "en", **body: Any) -> dict[str, Any]:
    body = {"rules": "ten-phase"} | SKIPS | body
    answer = client.post(
        f"/api/v1/referee/{tool}", json=body, headers={"Accept-Language": language}
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found: dict[str, Any] = answer.get_json()
    return found


@pytest.mark.parametrize("language", ["en", "es", "de"])
@pytest.mark.parametrize("meld", ["7H 7C 7S", "5H 6H 7H 8H", "7H 7C"])
def test_a_skip_is_never_laid_off(client: FlaskClient, meld: str, language: str) -> None:
    answer = ask(client, "layoff", language, meld=meld, card="JK", round=9)
    assert answer["fits"] is False
    assert answer["reason"].startswith(LAID_OFF[language])


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_no_card_is_swapped_for_a_skip(client: FlaskClient, language: str) -> None:
    for meld in ("7H 7C JK", "5H 6H JK 8H"):
        answer = ask(client, "joker-swap", language, meld=meld, card="7H")
        assert answer["allowed"] is False
        assert answer["reason"].startswith(SWAPPED_FOR[language])


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_a_skip_never_takes_a_wild_cards_place(client: FlaskClient, language: str) -> None:
    # Deuces wild and jokers swapped for: the 2 stands for 7♥, and a Skip cannot free it.
    body = {"rules": "deuces-six", "meld": "5H 6H 2S 8H", "card": "JK"}
    answer = ask(client, "joker-swap", language, **body)
    assert answer["allowed"] is False
    assert answer["reason"].startswith(TAKES_A_PLACE[language])
    assert ask(client, "joker-swap", **body | {"card": "7H"})["allowed"] is True


def test_a_meld_holding_a_skip_takes_nothing(client: FlaskClient) -> None:
    answer = ask(client, "layoff", meld="7H 7C JK", card="7D")
    assert answer["fits"] is False and "Skip" in answer["reason"]
    answer = ask(client, "liverpool", table=["7H 7C JK", "7S 7D 7C"], discard="JK")
    assert answer == {"discard": "JK", "playable": False, "where": []}
    answer = ask(client, "liverpool", table=["7H 7C JK", "7S 7D 7C"], discard="7H")
    assert [place["meld"] for place in answer["where"]] == [1]
