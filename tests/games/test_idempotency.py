"""A retried request never hands out new edit rights (issue 23, item 5), on SQLite and
PostgreSQL.

The attack: an API client without a token has its ``Idempotency-Key`` scoped to its address,
and every client behind one proxy shares that address. A replay answered with the same game,
its join code and a *new* token, so anyone there who learned or guessed the key got edit
rights; and each retry added one more "API client" to the game's devices. Now a retry gives
the rights again only to the client that made the thing (its device, or the secret it sends
as ``Authorization: Bearer``), with the very token of the first answer and no new grant; a
client without a secret gets a 409 and nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlmodel import Session

from scorekeeper.db import get_engine
from scorekeeper.models import EditGrant, Game, GroupGrant, PlayGroup

NEW_GAME = {"rules": "liverpool", "players": ["Ann", "Bob", "Cy"], "first_dealer": "Ann"}
SECRET = {"Authorization": "Bearer our-scoring-app-secret-0001"}
PROXY = "203.0.113.7"  # every client behind the proxy has this address


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def rows(app: Flask, model: Any) -> int:
    with Session(get_engine(app)) as session:
        return int(session.execute(select(func.count()).select_from(model)).scalar_one())


def behind_the_proxy(app: Flask) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = PROXY
    return client


@pytest.mark.parametrize("what", ["game", "group"])
def test_a_neighbour_replaying_a_key_gets_no_rights(db_app: Flask, what: str) -> None:
    url, body = ("/api/v1/games", NEW_GAME) if what == "game" else ("/api/v1/groups", {"name": "S"})
    victim, neighbour = behind_the_proxy(db_app), behind_the_proxy(db_app)
    key = {"Idempotency-Key": "start-1"}
    first = victim.post(url, json=body, headers=key)
    assert first.status_code == 201
    grants = (rows(db_app, EditGrant), rows(db_app, GroupGrant))
    stolen = neighbour.post(url, json=body, headers=key)
    assert stolen.status_code == 409, stolen.get_data(as_text=True)
    answer = stolen.get_json()
    assert "already carried out" in answer["error"] and "Bearer" in answer["error"]
    assert "token" not in json.dumps(answer["details"] or {})
    assert first.get_json()["id"] not in stolen.get_data(as_text=True)  # nothing of it shown
    assert (rows(db_app, EditGrant), rows(db_app, GroupGrant)) == grants
    assert rows(db_app, Game if what == "game" else PlayGroup) == 1


def test_a_retry_with_the_clients_secret_gets_the_same_token_and_no_new_grant(
    db_app: Flask,
) -> None:
    client = behind_the_proxy(db_app)
    headers = {"Idempotency-Key": "start-2"} | SECRET
    answers = [client.post("/api/v1/games", json=NEW_GAME, headers=headers) for _ in range(4)]
    assert [a.status_code for a in answers] == [201] * 4
    first = answers[0].get_json()
    assert {(a.get_json()["id"], a.get_json()["token"]) for a in answers} == {
        (first["id"], first["token"])
    }
    devices = client.get(f"/api/v1/games/{first['id']}/devices", headers=bearer(first["token"]))
    assert [d["kind"] for d in devices.get_json()["devices"]] == ["api"]  # one API client
    # The same key from the same address with another secret is another client's key.
    other = behind_the_proxy(db_app).post(
        "/api/v1/games", json=NEW_GAME, headers={"Idempotency-Key": "start-2"} | bearer("x" * 30)
    )
    assert other.status_code == 201 and other.get_json()["id"] != first["id"]
    assert rows(db_app, Game) == 2


def test_a_retried_group_and_import_answer_the_same_rights(db_app: Flask) -> None:
    client = behind_the_proxy(db_app)
    headers = {"Idempotency-Key": "group-1"} | SECRET
    made = [client.post("/api/v1/groups", json={"name": "S"}, headers=headers) for _ in range(3)]
    assert {(m.get_json()["id"], m.get_json()["token"]) for m in made} == {
        (made[0].get_json()["id"], made[0].get_json()["token"])
    }
    assert rows(db_app, GroupGrant) == 1
    game = client.post("/api/v1/games", json=NEW_GAME).get_json()
    exported = client.get(f"/api/v1/games/{game['id']}/export.json").get_json()
    exported["game"]["id"] = "i" * 22
    body = json.dumps(exported)
    key = {"Idempotency-Key": "import-1"}
    send = {"data": body, "content_type": "application/json"}
    imported = [client.post("/api/v1/import", headers=key | SECRET, **send) for _ in range(3)]
    assert [i.status_code for i in imported] == [201] * 3
    assert len({i.get_json()["token"] for i in imported}) == 1
    grants = rows(db_app, EditGrant)
    neighbour = behind_the_proxy(db_app).post("/api/v1/import", headers=key, **send)
    assert neighbour.status_code == 409
    assert rows(db_app, EditGrant) == grants  # no rights for the neighbour, none new at all


def test_rights_taken_away_are_not_given_back_by_a_retry(db_app: Flask) -> None:
    client = db_app.test_client()
    headers = {"Idempotency-Key": "start-3"} | SECRET
    first = client.post("/api/v1/games", json=NEW_GAME, headers=headers).get_json()
    token = bearer(first["token"])
    devices = client.get(f"/api/v1/games/{first['id']}/devices", headers=token).get_json()
    mine = devices["devices"][0]["ref"]
    removed = client.delete(f"/api/v1/games/{first['id']}/devices/{mine}", headers=token)
    assert removed.status_code == 200  # the app gave up its rights (or an editor took them)
    again = client.post("/api/v1/games", json=NEW_GAME, headers=headers)
    assert again.status_code == 409 and "taken away" in again.get_json()["error"]
    assert rows(db_app, Game) == 1


def test_a_browser_retry_keeps_its_one_grant(app: Flask, client: FlaskClient) -> None:
    form = {"player": NEW_GAME["players"], "preset": "liverpool", "key": "tap-tap"}
    first = client.post("/games/new", data=form)
    again = client.post("/games/new", data=form)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert rows(app, EditGrant) == 1 and rows(app, Game) == 1
