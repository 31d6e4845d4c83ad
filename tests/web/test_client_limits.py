"""Limits per client where one client could take the server (issue 33 §4): new games, imports,
score sheets and hard referee questions are counted per client address in the shared store,
and a client over a limit gets a 429 saying, in its language, how long to wait (and
``Retry-After``). The defaults are in scorekeeper/config.py and the README's settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import ratelimit
from scorekeeper.config import DEFAULTS
from scorekeeper.db import get_engine
from scorekeeper.rules.language import speaking
from tests.conftest import make_app

NEW_GAME = {"rules": "liverpool", "players": ["Ann", "Bob"]}
HAND = {"rules": "liverpool", "round": 1, "cards": "7H 7C 7S 9D 9C 9S 2H"}


def limited_app(tmp_path: Path, **settings: Any) -> Flask:
    return make_app(f"sqlite:///{tmp_path / 'limits.sqlite3'}", tmp_path, **settings)


def client_at(app: Flask, address: str, language: str = "en") -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def spanish() -> Translations:
    return Translations.load(str(Path(ratelimit.__file__).parent / "translations"), ["es"])


def retry_after(answer: Any) -> int:
    return int(answer.headers["Retry-After"])


# --- how long to wait, in words -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "english", "in_spanish"),
    [(1, "1 second", "1 segundo"), (45, "45 seconds", "45 segundos"),
     (150, "3 minutes", "3 minutos"), (3600, "60 minutes", "60 minutos")],
)  # fmt: skip
def test_a_wait_is_said_in_seconds_or_whole_minutes(
    seconds: int, english: str, in_spanish: str
) -> None:
    assert ratelimit.wait_words(seconds) == english
    with speaking(spanish()):
        assert ratelimit.wait_words(seconds) == in_spanish


@pytest.mark.parametrize("kind", [ratelimit.JOIN, ratelimit.PDF, ratelimit.IMPORT,
                                  ratelimit.NEW_GAME, ratelimit.REFEREE])  # fmt: skip
def test_each_limit_is_a_documented_setting(kind: ratelimit.Kind) -> None:
    """Its default is the settings' and the README's (its settings table), and reads."""
    assert DEFAULTS[kind.setting] == kind.default
    ratelimit.parse_limit(kind.default, kind.setting)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"| `SCOREKEEPER_{kind.setting}` | `{kind.default}` |" in readme
    costly = DEFAULTS["REFEREE_COSTLY_SECONDS"]
    assert f"| `SCOREKEEPER_REFEREE_COSTLY_SECONDS` | `{costly}` |" in readme


# --- new games ----------------------------------------------------------------------------------


def test_new_games_past_the_limit_are_refused_with_when_to_try_again(tmp_path: Path) -> None:
    app = limited_app(tmp_path, NEW_GAME_RATE_LIMIT="2 per hour")
    client = client_at(app, "203.0.113.1", "es")
    statuses = [client.post("/api/v1/games", json=NEW_GAME).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    refused = client.post("/api/v1/games", json=NEW_GAME)
    assert refused.status_code == 429
    assert 3500 <= retry_after(refused) <= 3600  # the first game frees a place in an hour
    message = refused.get_json()["error"]
    assert message.startswith("Demasiadas partidas nuevas") and "60 minutos" in message
    # The page's form is counted with the API (one client), and says so on the page.
    page = client.post("/games/new", data={"action": "create"})
    assert page.status_code == 429 and "Demasiadas partidas nuevas" in page.get_data(as_text=True)
    # Another client starts its games.
    assert client_at(app, "203.0.113.2").post("/api/v1/games", json=NEW_GAME).status_code == 201
    get_engine(app).dispose()


def test_changing_the_new_game_form_is_not_starting_a_game(tmp_path: Path) -> None:
    app = limited_app(tmp_path, NEW_GAME_RATE_LIMIT="1 per hour")
    client = client_at(app, "203.0.113.3")
    for _ in range(3):
        assert client.post("/games/new", data={"action": "add-player"}).status_code == 200
    assert client.post("/api/v1/games", json=NEW_GAME).status_code == 201
    refused = client.post("/games/new", data={"action": "create"})
    assert refused.status_code == 429 and "Too many new games" in refused.get_data(as_text=True)
    get_engine(app).dispose()


def test_play_again_is_a_new_game_too(tmp_path: Path) -> None:
    app = limited_app(tmp_path, NEW_GAME_RATE_LIMIT="1 per hour")
    client = client_at(app, "203.0.113.4", "de")
    made = client.post("/games/new", data={"player": ["Ann", "Bob"], "preset": "liverpool"})
    game_id = made.headers["Location"].rsplit("/", 1)[1]
    again = client.post(f"/games/{game_id}/play-again", data={"key": "k1"})
    assert again.status_code == 429 and "Zu viele neue Spiele" in again.get_data(as_text=True)
    get_engine(app).dispose()


# --- imports ------------------------------------------------------------------------------------


def test_an_import_past_the_limit_says_when_to_try_again_in_german(tmp_path: Path) -> None:
    app = limited_app(tmp_path, IMPORT_RATE_LIMIT="1 per hour")
    client = client_at(app, "203.0.113.5", "de")
    empty = {"data": b"{}", "content_type": "application/json"}
    assert client.post("/api/v1/import", **empty).status_code == 400  # counted: it was read
    refused = client.post("/api/v1/import", **empty)
    assert refused.status_code == 429 and 3500 <= retry_after(refused) <= 3600
    assert refused.get_json()["error"].startswith("Zu viele Importe")
    get_engine(app).dispose()


# --- score sheets -------------------------------------------------------------------------------


def test_a_refused_score_sheet_says_when_to_try_again(tmp_path: Path) -> None:
    app = limited_app(tmp_path, PDF_RATE_LIMIT="1 per minute")
    client = client_at(app, "203.0.113.6", "es")
    assert client.get("/print/blank.pdf?players=3").status_code == 200
    refused = client.get("/print/blank.pdf?players=4")
    assert refused.status_code == 429 and 1 <= retry_after(refused) <= 60
    assert "Demasiadas hojas de puntuación" in refused.get_data(as_text=True)
    get_engine(app).dispose()


# --- hard referee questions ---------------------------------------------------------------------


def test_hard_referee_questions_past_the_limit_get_a_429(tmp_path: Path) -> None:
    # Every question counts as hard here (no CPU at all is cheap enough), so the test does
    # not depend on how fast the machine is.
    app = limited_app(tmp_path, REFEREE_RATE_LIMIT="2 per minute", REFEREE_COSTLY_SECONDS=0)
    client = client_at(app, "203.0.113.7", "es")
    asked = [client.post("/api/v1/referee/arrange", json=HAND) for _ in range(3)]
    assert [a.status_code for a in asked] == [200, 200, 429]
    assert 1 <= retry_after(asked[2]) <= 60
    message = asked[2].get_json()["error"]
    assert message.startswith("Demasiadas preguntas difíciles al árbitro") and "segundo" in message
    contract = {"rules": "liverpool", "round": 1, "melds": ["7H 7C 7S", "9D 9C 9S"]}
    assert client.post("/api/v1/referee/contract", json=contract).status_code == 429
    # The referee's page is the same client's: refused too, in the page.
    page = client.post("/referee", data={"tool": "arrange", "hand": HAND["cards"]})
    assert page.status_code == 429 and "Demasiadas preguntas" in page.get_data(as_text=True)
    other = client_at(app, "203.0.113.8")
    assert other.post("/api/v1/referee/arrange", json=HAND).status_code == 200
    get_engine(app).dispose()


def test_cheap_referee_questions_are_not_counted(tmp_path: Path) -> None:
    """A tap in the card picker asks again: a family tapping a hand in is never held back."""
    app = limited_app(tmp_path, REFEREE_RATE_LIMIT="1 per minute", REFEREE_COSTLY_SECONDS=60)
    client = client_at(app, "203.0.113.9")
    for card in ("7H", "7C", "7S", "9D", "9C"):
        tapped = client.post("/referee", data={"tool": "arrange", "add": card})
        assert tapped.status_code == 200
    for _ in range(3):
        assert client.post("/api/v1/referee/arrange", json=HAND).status_code == 200
    get_engine(app).dispose()


def test_a_question_refused_as_too_hard_is_counted(tmp_path: Path) -> None:
    app = limited_app(
        tmp_path, REFEREE_RATE_LIMIT="1 per minute", REFEREE_COSTLY_SECONDS=0, REFEREE_STEPS=5
    )
    client = client_at(app, "203.0.113.10")
    assert client.post("/api/v1/referee/arrange", json=HAND).status_code == 422
    assert client.post("/api/v1/referee/arrange", json=HAND).status_code == 429
    get_engine(app).dispose()


def test_the_referee_limit_in_another_storage(tmp_path: Path) -> None:
    """With RATELIMIT_STORAGE a limits URI (memory:// here, redis:// on a cluster), the
    limit and its Retry-After hold the same."""
    app = limited_app(
        tmp_path,
        REFEREE_RATE_LIMIT="1 per minute",
        REFEREE_COSTLY_SECONDS=0,
        RATELIMIT_STORAGE="memory://",
    )
    client = client_at(app, "203.0.113.11")
    assert client.post("/api/v1/referee/arrange", json=HAND).status_code == 200
    refused = client.post("/api/v1/referee/arrange", json=HAND)
    assert refused.status_code == 429 and 1 <= retry_after(refused) <= 60
    get_engine(app).dispose()


def test_servers_on_one_database_share_the_referee_count(tmp_path: Path) -> None:
    """Two app instances (two servers) on one database: the hard questions asked of one
    count on the other, which refuses the client after one more question at most."""
    settings = {"REFEREE_RATE_LIMIT": "2 per minute", "REFEREE_COSTLY_SECONDS": 0}
    first, second = limited_app(tmp_path, **settings), limited_app(tmp_path, **settings)
    on_first, on_second = client_at(first, "203.0.113.12"), client_at(second, "203.0.113.12")
    answers = [on_first.post("/api/v1/referee/arrange", json=HAND).status_code for _ in range(2)]
    answers += [on_second.post("/api/v1/referee/arrange", json=HAND).status_code for _ in range(2)]
    assert answers == [200, 200, 200, 429]
    get_engine(first).dispose()
    get_engine(second).dispose()
