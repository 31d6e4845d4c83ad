"""The browser's language (issue 34 §1): the first language of ``Accept-Language``, in order
of quality, whose primary subtag is shipped; the footer's cookie and the group's language
still win over it (tests/test_i18n.py)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

# Ordinary headers, as browsers send them, and the language each person reads.
HEADERS = [
    ("de-DE,en;q=0.9", "de"),
    ("es-ES,en;q=0.8", "es"),
    ("en-US,de;q=0.9", "en"),
    ("en-US,en;q=0.9,es;q=0.8", "en"),
    ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),
    ("de-AT", "de"),
    ("de-CH,de;q=0.9,fr;q=0.8,en;q=0.7", "de"),
    ("es-CL", "es"),
    ("es-419,es;q=0.9,en;q=0.8", "es"),
    ("es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7", "es"),
    ("es-AR,en-US;q=0.7", "es"),
    ("fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7", "de"),
    ("fr-FR,fr;q=0.9,en-US;q=0.8,es;q=0.7", "en"),
    ("it-IT,it;q=0.9,es;q=0.8", "es"),
    ("en;q=0.5,de-DE", "de"),  # the order of quality, not of the list
    ("en-GB,en;q=0.9", "en"),
    ("pt-BR,pt;q=0.9", "en"),
    ("*", "en"),
    ("de;q=0,es", "es"),  # q=0 means "not this one"
    ("DE-de", "de"),
    ("", "en"),
]


@pytest.mark.parametrize(("header", "language"), HEADERS)
def test_the_first_shipped_language_in_order_of_quality_is_spoken(
    client: FlaskClient, header: str, language: str
) -> None:
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert response.status_code == 200
    found = re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True))
    assert found and found.group(1) == language
    assert response.headers["Content-Language"] == language


@pytest.mark.parametrize(("header", "language"), HEADERS[:4])
def test_the_api_follows_the_same_order(client: FlaskClient, header: str, language: str) -> None:
    missing = client.get("/api/v1/games/" + "x" * 22, headers={"Accept-Language": header})
    assert missing.status_code == 404
    words = {"en": "Check the link", "es": "Revisa el enlace", "de": "Prüfe den Link"}
    assert words[language] in missing.get_json()["error"]


def test_the_devices_choice_still_wins(client: FlaskClient) -> None:
    client.post("/language", data={"language": "es", "next": "/"})
    page = client.get("/", headers={"Accept-Language": "de-DE,en;q=0.9"}).get_data(as_text=True)
    assert '<html lang="es"' in page
