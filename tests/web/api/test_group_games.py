"""Starting a game in a group over the API (issue 25, item 10): ``POST /api/v1/games`` with
``"group": "<id>"`` and the group's edit token (or this browser's device grant); every
refusal says why and starts nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlmodel import Session

from scorekeeper.db import get_engine
from scorekeeper.models import Game, Person, Player
from tests.web.api.test_groups import API, bearer, new_group

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def game_body(group: str | None, players: list[str] | None = None, **more: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"rules": "liverpool", "players": players or FOUR, **more}
    if group is not None:
        body["group"] = group
    return body


def counted(app: Flask) -> tuple[int, int, int]:
    with Session(get_engine(app)) as session:
        return tuple(  # type: ignore[return-value]
            session.execute(select(func.count()).select_from(model)).scalar_one()
            for model in (Game, Player, Person)
        )


def test_a_game_is_started_in_a_group_with_its_token(db_app: Flask) -> None:
    """On SQLite and PostgreSQL: its seats are the group's people, a new name joins."""
    api = db_app.test_client()
    group = new_group(api, people=["Ann", "Bob", "Cy"])
    players = ["ann", "Bob", "Cy", "Dee"]  # a name matches its person ignoring case
    started = api.post(
        f"{API}/games",
        json=game_body(group["id"], players, title="Friday"),
        headers=bearer(group["token"]),
    )
    assert started.status_code == 201, started.get_data(as_text=True)
    game = started.get_json()
    assert game["group"] == group["id"] and game["token"] and game["title"] == "Friday"
    assert game["token"] != group["token"]  # the game's own edit token
    people = {
        p["name"]: p["games"]
        for p in api.get(f"{API}/groups/{group['id']}/people").get_json()["people"]
    }
    assert people == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}  # Dee joined the group
    assert api.get(f"{API}/groups/{group['id']}").get_json()["games"] == 1
    # The game's own token scores it.
    url = f"{API}/games/{game['id']}/rounds"
    first = [
        {"player": p, "went_out": p == game["players"][0]}
        | ({} if p == game["players"][0] else {"points": 10})
        for p in game["players"]
    ]
    assert (
        api.post(
            url, json={"round": 1, "results": first}, headers=bearer(game["token"])
        ).status_code
        == 201
    )
    # Without "group" a game belongs to no group, as before.
    alone = api.post(f"{API}/games", json=game_body(None)).get_json()
    assert alone["group"] is None
    assert api.get(f"{API}/groups/{group['id']}").get_json()["games"] == 1


def page_group(client: FlaskClient, name: str) -> str:
    """A group made on the groups page: this browser's device may edit it."""
    made = client.post("/groups", data={"name": name, "people": "Ann\nBob"})
    assert made.status_code == 303
    return made.headers["Location"].rsplit("/", 1)[-1]


def test_a_browser_that_edits_the_group_needs_no_token(app: Flask, client: FlaskClient) -> None:
    group_id = page_group(client, "Smiths")
    started = client.post(f"{API}/games", json=game_body(group_id, ["Ann", "Bob"]))
    assert started.status_code == 201, started.get_data(as_text=True)
    assert started.get_json()["group"] == group_id


@pytest.mark.parametrize(
    ("which", "status", "says"),
    [
        ("none", 401, "Starting a game in a group needs the group's edit token"),
        ("own secret", 403, "That token does not give edit rights to this group"),
        ("other group", 403, "That token does not give edit rights to this group"),
        ("the game's", 403, "That token does not give edit rights to this group"),
        ("no such group", 404, "There is no such group"),
        ("empty group", 404, "There is no such group"),
    ],
)
def test_a_refusal_says_why_and_starts_nothing(
    app: Flask, client: FlaskClient, which: str, status: int, says: str
) -> None:
    group = new_group(client, people=["Ann"])
    other = new_group(client, "Joneses")
    game = client.post(f"{API}/games", json=game_body(None)).get_json()
    tokens = {
        "none": None,
        "own secret": "a-secret-of-this-clients-own-0001",
        "other group": other["token"],
        "the game's": game["token"],
        "no such group": group["token"],
        "empty group": group["token"],
    }
    group_id = {"no such group": "no-such-group-id", "empty group": ""}.get(which, group["id"])
    before = counted(app)
    token = tokens[which]
    refused = client.post(
        f"{API}/games", json=game_body(group_id), headers=bearer(token) if token else {}
    )
    assert refused.status_code == status
    assert refused.get_json()["error"].startswith(says)
    if status == 401:
        assert refused.headers["WWW-Authenticate"].startswith("Bearer")
    assert counted(app) == before


@pytest.mark.parametrize(("group", "said"), [(7, "group"), (["x"], "group"), ("x" * 41, "group")])
def test_a_group_that_is_no_id_is_a_400_naming_the_field(
    client: FlaskClient, group: Any, said: str
) -> None:
    refused = client.post(f"{API}/games", json=game_body(None) | {"group": group})
    assert refused.status_code == 400
    assert said in refused.get_json()["details"]


def test_a_retry_starts_one_game_and_answers_the_same_token(
    app: Flask, client: FlaskClient
) -> None:
    group = new_group(client, people=["Ann", "Bob"])
    headers = bearer(group["token"]) | {"Idempotency-Key": "friday-game-1"}
    body = game_body(group["id"], ["Ann", "Bob"])
    first = client.post(f"{API}/games", json=body, headers=headers)
    before = counted(app)
    again = client.post(f"{API}/games", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["token"] == first.get_json()["token"]
    assert counted(app) == before
    # The same key with another group, from the same client (a browser that edits both):
    # refused, nothing started.
    ids = [page_group(client, name) for name in ("Smiths", "Joneses")]
    key = {"Idempotency-Key": "saturday-game-1"}
    body = game_body(ids[0], ["Ann", "Bob"])
    assert client.post(f"{API}/games", json=body, headers=key).status_code == 201
    before = counted(app)
    moved = client.post(f"{API}/games", json=body | {"group": ids[1]}, headers=key)
    assert moved.status_code == 422, moved.get_data(as_text=True)
    assert counted(app) == before


def test_the_openapi_document_says_so(client: FlaskClient) -> None:
    document = client.get(f"{API}/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert "group" in schemas["NewGame"]["properties"]
    assert "group" in schemas["NewGameAnswer"]["properties"]
    post = document["paths"]["/games"]["post"]
    assert {"401", "403", "404"} <= set(post["responses"])
    assert "group's edit token" in post["description"]
