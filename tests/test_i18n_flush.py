"""German names a flush outside contracts as contracts do (issue 34 §3): a *Farbmeldung*,
"Karten einer Farbe", never the poker word "Flush" that German contract-rummy players do not
use. The rules pages, the builder, the referee's kind choice and the descriptions all take
their words from the catalogue, so the catalogue is checked whole, and one referee answer
shows it where a player reads it."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.test_i18n import catalogue

HEARTS = ["2H", "4H", "6H", "8H", "10H", "QH", "KH"]


def _german_flush_messages() -> list[tuple[str, str]]:
    """(English, German) for each catalogue message that names a flush."""
    found = []
    for message in catalogue("de"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and any("flush" in i.lower() for i in ids):
            found.extend((ids[0], s) for s in strings)
    return found


def test_german_never_says_flush() -> None:
    messages = _german_flush_messages()
    assert len(messages) > 20
    assert [(en, de) for en, de in messages if "flush" in de.lower()] == []


def test_german_names_the_flush_kind_farbmeldung() -> None:
    said = dict(_german_flush_messages())
    assert said["flush"] == "Farbmeldung"
    assert said["Flush (one suit)"] == "Farbmeldung (Karten einer Farbe)"


def test_the_referee_describes_a_flush_of_hearts_in_german(client: FlaskClient) -> None:
    body = {"rules": "ten-phase", "round": 8, "melds": [HEARTS]}
    answer = client.post(
        "/api/v1/referee/contract", json=body, headers={"Accept-Language": "de"}
    ).get_json()
    assert answer["legal"], answer
    description = answer["melds"][0]["description"]
    assert "Farbmeldung in Herz" in description
    assert "Flush" not in str(answer)
