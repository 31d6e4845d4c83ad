"""The defects an outside attack found, each replayed against the fix.

One test (or a few) per finding, named for what an attacker tries; each fails on the code
before the fix. Idempotency keys run on SQLite and PostgreSQL; the rest on SQLite.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.models import Game, Round
from tests.conftest import make_app
from tests.web.api.test_games import PLAYERS, Api, refused, round_body

NEW_GAME = {"rules": "liverpool", "players": PLAYERS, "first_dealer": "Ann"}


def count(app: Flask, table: Any) -> int:
    with Session(get_engine(app)) as session:
        return len(session.exec(select(table)).all())


def form_key(page: str) -> str:
    found = re.search(r'name="key" value="([^"]+)"', page)
    assert found
    return found.group(1)


# --- 1. an idempotency key never replays someone else's answer -------------------------------


def test_another_clients_creation_key_starts_a_game_of_its_own(db_app: Flask) -> None:
    victim, attacker = db_app.test_client(), db_app.test_client()
    attacker.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    key = {"Idempotency-Key": "family-tablet-1"}
    first = victim.post("/api/v1/games", json=NEW_GAME, headers=key)
    stolen = attacker.post(
        "/api/v1/games", json={**NEW_GAME, "players": ["X", "Y"], "first_dealer": "X"}, headers=key
    )
    elsewhere = db_app.test_client()  # another attacker sends the victim's very request
    elsewhere.environ_base["REMOTE_ADDR"] = "198.51.100.4"
    same_body = elsewhere.post("/api/v1/games", json=NEW_GAME, headers=key)
    assert first.status_code == stolen.status_code == same_body.status_code == 201
    victims = first.get_json()["id"]
    assert stolen.get_json()["id"] != victims and same_body.get_json()["id"] != victims
    assert same_body.get_json()["join_code"] != first.get_json()["join_code"]
    # The attacker's tokens open its own games, never the victim's.
    for answer in (stolen, same_body):
        grab = attacker.post(
            f"/api/v1/games/{victims}/rounds",
            json=round_body(),
            headers={"Authorization": f"Bearer {answer.get_json()['token']}"},
        )
        refused(grab, 403)
    assert count(db_app, Game) == 3


def test_a_creation_retry_is_answered_and_a_changed_one_refused(db_app: Flask) -> None:
    client = db_app.test_client()
    key = {"Idempotency-Key": "start-7", "Authorization": "Bearer the-apps-own-secret-1"}
    first = client.post("/api/v1/games", json=NEW_GAME, headers=key)
    again = client.post("/api/v1/games", json=NEW_GAME, headers=key)
    assert again.status_code == 201 and again.get_json()["id"] == first.get_json()["id"]
    changed = client.post("/api/v1/games", json=NEW_GAME | {"title": "Other"}, headers=key)
    refused(changed, 422, "already started a game")
    assert count(db_app, Game) == 1


def test_a_round_key_reused_with_other_values_is_refused(db_app: Flask) -> None:
    api = Api(db_app.test_client())
    api.create()
    key = {"Idempotency-Key": "round-1"}
    assert api.post_round(round_body(), **key).status_code == 201
    other = round_body()
    other["results"][2]["points"] = 50  # the same round, Cy's points changed
    refused(api.post_round(other, **key), 422, "different request")
    assert api.get()["totals"]["Cy"] == 35  # the first values stand, nothing silently dropped
    refused(api.put_round(1, other, **key), 422, "different request")
    # A second client with its own token may use the same key text: it is another key.
    second = Api(db_app.test_client())
    second.create()
    assert second.post_round(round_body(), **key).status_code == 201
    assert count(db_app, Round) == 2


def test_play_again_with_someone_elses_form_key_grants_nothing(app: Flask) -> None:
    victim, attacker = app.test_client(), app.test_client()
    page = victim.get("/games/new").get_data(as_text=True)
    key = form_key(page)
    started = victim.post("/games/new", data={"player": PLAYERS, "preset": "liverpool", "key": key})
    victims = started.headers["Location"].rsplit("/", 1)[1]
    own = attacker.post("/games/new", data={"player": ["X", "Y"], "preset": "liverpool"})
    own_id = own.headers["Location"].rsplit("/", 1)[1]
    again = attacker.post(f"/games/{own_id}/play-again", data={"key": key})
    assert again.status_code == 303
    assert not again.headers["Location"].endswith(victims)
    assert attacker.get(f"/games/{victims}/undo").status_code == 403
    assert "Enter round" not in attacker.get(f"/games/{victims}").get_data(as_text=True)


# --- 3. no unbounded work before validation ---------------------------------------------------


def test_a_huge_player_list_is_refused_before_any_name_is_read(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[Any] = []
    real = games.clean_name
    monkeypatch.setattr(games.creation, "clean_name", lambda *a: (read.append(a), real(*a))[1])
    players = [f"P{n}" for n in range(2_000)] + ["P1"] * 2_000  # as many as fit the body limit
    response = client.post("/api/v1/games", json=NEW_GAME | {"players": players})
    refused(response, 400, "2 to 8 players")
    assert read == []
    response = client.post("/api/v1/games", json={"rules": "nope", "players": players})
    refused(response, 400)
    assert read == []


def test_bodies_over_the_limit_are_413_and_the_largest_real_ones_fit(app: Flask) -> None:
    limit = app.config["MAX_CONTENT_LENGTH"]
    assert limit <= 64 * 1024
    api = Api(app.test_client())
    names = [f"Player number {n} with a long name" for n in range(8)]
    api.create(players=names, first_dealer=names[0])
    hand = " ".join(["10H", "10S", "10D", "10C", "JK"] * 8)  # 40 cards, 10s and jokers
    body = {
        "round": 1,
        "results": [{"player": names[0], "went_out": True}]
        + [{"player": name, "cards": hand, "bought": 3} for name in names[1:]],
    }
    assert len(json.dumps(body)) < limit / 4
    answer = api.post_round(body, **{"Idempotency-Key": "k" * 100})
    assert answer.status_code == 201, answer.get_json()
    padded = json.dumps(body | {"pad": "x" * limit})
    response = api.client.post(
        f"{api.url}/rounds", data=padded, headers=api.auth | {"Content-Type": "application/json"}
    )
    refused(response, 413, "too large")


# --- 4. join codes: per client, and the editor can change the code -----------------------------


def test_the_editor_can_change_the_join_code(app: Flask, client: FlaskClient) -> None:
    api = Api(app.test_client())
    api.create()
    old = api.game["join_code"]
    joined = app.test_client()
    assert joined.post(f"/games/{api.game['id']}/join", data={"code": old}).status_code == 303
    answer = api.client.post(f"{api.url}/join-code", headers=api.auth)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    new = answer.get_json()["join_code"]
    assert new != old and re.fullmatch(r"[2-9A-HJ-NP-Z]{6}", new)
    late = app.test_client()
    refused_join = late.post(f"/games/{api.game['id']}/join", data={"code": old})
    assert refused_join.status_code == 403
    assert late.post(f"/games/{api.game['id']}/join", data={"code": new}).status_code == 303
    # A device that joined with the old code keeps scoring.
    assert "Enter round 1" in joined.get(f"/games/{api.game['id']}").get_data(as_text=True)
    # From the page too, for an editor only; the page then shows the new code.
    stranger = client.post(f"/games/{api.game['id']}/join-code")
    assert stranger.status_code == 403
    assert joined.post(f"/games/{api.game['id']}/join-code").status_code == 303
    page = joined.get(f"/games/{api.game['id']}").get_data(as_text=True)
    assert new not in page and "New join code" in page
    history = api.client.get(f"{api.url}/history").get_json()["history"]
    assert [h["summary"] for h in history].count("Join code changed") == 2
    assert all(new not in h["summary"] for h in history)


# --- 5. secrets are never cached ---------------------------------------------------------------


def test_responses_that_show_a_secret_are_not_stored(app: Flask, client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json=NEW_GAME)
    assert created.headers["Cache-Control"] == "no-store"
    game_id, code = created.get_json()["id"], created.get_json()["join_code"]
    editor = app.test_client()
    editor.post(f"/games/{game_id}/join", data={"code": code})
    for url in (f"/games/{game_id}", f"/games/{game_id}/devices"):
        response = editor.get(url)
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    confirm = client.get(f"/games/{game_id}/join?code={code}")
    assert confirm.headers["Cache-Control"] == "no-store"
    watcher = client.get(f"/games/{game_id}")  # shows no secret: may be cached as before
    assert code not in watcher.get_data(as_text=True)


# --- 6. only JSON is read as JSON ----------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_the_api_refuses_bodies_not_declared_json(client: FlaskClient, content_type: str) -> None:
    response = client.post(
        "/api/v1/games", data=json.dumps(NEW_GAME), headers={"Content-Type": content_type}
    )
    refused(response, 415, "application/json")
    with Session(get_engine(client.application)) as session:
        assert session.exec(select(Game)).all() == []


# --- 7. edit rights: never lost silently, visible and revocable --------------------------------


def test_the_editor_sees_the_devices_and_removes_one(app: Flask, client: FlaskClient) -> None:
    started = client.post("/games/new", data={"player": PLAYERS, "preset": "liverpool"})
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    code = games_join_code(app, game_id)
    phone = app.test_client()
    assert phone.post(f"/games/{game_id}/join", data={"code": code}).status_code == 303
    page = client.get(f"/games/{game_id}/devices").get_data(as_text=True)
    assert "creator device" in page and "joined device 2" in page and "this device" in page
    assert phone.get(f"/games/{game_id}/devices").status_code == 200
    assert app.test_client().get(f"/games/{game_id}/devices").status_code == 403
    ref = re.search(r'/devices/([0-9a-f]{16})/remove"[^>]*>\s*<input[^>]*>\s*<button[^>]*'
                    r'aria-label="Remove joined device 2"', page)  # fmt: skip
    assert ref
    removed = client.post(f"/games/{game_id}/devices/{ref.group(1)}/remove")
    assert removed.status_code == 303 and "removed=joined" in removed.headers["Location"]
    assert phone.get(f"/games/{game_id}/undo").status_code == 403
    assert "Enter round" not in phone.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Enter round" in client.get(f"/games/{game_id}").get_data(as_text=True)
    missing = client.post(f"/games/{game_id}/devices/{ref.group(1)}/remove")
    assert missing.status_code == 404


def test_the_api_lists_and_removes_devices(client: FlaskClient) -> None:
    api = Api(client)
    api.create()
    listed = client.get(f"{api.url}/devices", headers=api.auth)
    assert listed.headers["Cache-Control"] == "no-store"
    devices = listed.get_json()["devices"]
    assert [(d["kind"], d["yours"]) for d in devices] == [("api", True)]
    refused(client.get(f"{api.url}/devices"), 401)
    gone = client.delete(f"{api.url}/devices/{devices[0]['ref']}", headers=api.auth)
    assert gone.status_code == 200 and gone.get_json()["removed"]["yours"]
    refused(api.post_round(round_body()), 403)


def games_join_code(app: Flask, game_id: str) -> str:
    with app.app_context(), Session(get_engine(app)) as session:
        return games.load_game(session, game_id).join_code


# --- 8. PDF renders are rate limited per client ------------------------------------------------


def test_pdf_renders_are_limited_per_client(tmp_path: Any) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'pdf.sqlite3'}", tmp_path, PDF_RATE_LIMIT="2 per minute")
    client = app.test_client()
    statuses = [
        client.get(f"/print/blank.pdf?players=4&title=Sheet {n}").status_code for n in range(3)
    ]
    assert statuses == [200, 200, 429]
    refused_answer = client.get("/print/blank.pdf?players=4&title=Another")
    assert "Too many score sheets" in refused_answer.get_data(as_text=True)
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "10.0.0.2"
    assert other.get("/print/blank.pdf?players=4&title=Mine").status_code == 200
    # A game sheet already rendered is served from disk without counting.
    api = Api(other)
    api.create()
    assert other.get(f"/games/{api.game['id']}/sheet.pdf").status_code == 200
    for _ in range(3):
        assert other.get(f"/games/{api.game['id']}/sheet.pdf").status_code == 200
