"""Grammar and words in Spanish and German (issue 34 §3), each checked as a rule over every
place of its kind, not one string: card names say rank words, a count's plural is picked
from that count, no "con 0"/"mit 0", plural verbs after "y"/"und", ...

No native speaker checked these; the choices are written down in the catalogues' words and
in the issue's report."""

from __future__ import annotations

import html
import re
from contextlib import nullcontext

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.cards import Rank, card_words
from scorekeeper.rules.language import speaking
from tests.test_i18n import translations

ALL_CARDS = [rank.label + suit for suit in "SHDC" for rank in Rank] + ["JK"]


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", {"AS": "Ace of spades", "QS": "Queen of spades", "7H": "7 of hearts"}),
        ("es", {"AS": "As de picas", "QS": "Reina de picas", "KD": "Rey de diamantes"}),
        ("de", {"AS": "Pik-Ass", "QS": "Pik-Dame", "JC": "Kreuz-Bube", "7H": "Herz-7"}),
    ],
)
def test_the_54_picker_buttons_say_rank_words(
    client: FlaskClient, language: str, names: dict[str, str]
) -> None:
    """A screen reader reads each button of the card picker: "Q of spades" read a letter."""
    page = client.get("/referee?tool=layoff", headers={"Accept-Language": language})
    labels = dict(
        re.findall(r'data-card="(\w+)"[^>]*aria-label="([^"]+)"', page.get_data(as_text=True))
        or re.findall(r'value="(\w+)"[^>]*aria-label="([^"]+)"', page.get_data(as_text=True))
    )
    labels = {code: html.unescape(label) for code, label in labels.items()}
    assert set(labels) == set(ALL_CARDS)
    for code, name in names.items():
        assert labels[code] == name
    letters = [label for label in labels.values() if re.search(r"(?<![\w-])[AJQK](?![\w-])", label)]
    assert letters == []
    with speaking(translations(language)) if language != "en" else nullcontext():
        assert [card_words(code) for code in ALL_CARDS] == [labels[c] for c in ALL_CARDS]
