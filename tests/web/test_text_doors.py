"""Text that is not valid Unicode, nesting too deep and ids too large (issue 23, items 6
and 10): refused at every door with a 400 (or a 404 for an id) naming the field, never a
500; and a game stored with such text before the doors refused it still shows.

An unpaired surrogate (``"\\ud800"`` in JSON) was taken by the API and the import, and every
page of the game, its sheet and its export then answered 500 for everyone.
"""

from __future__ import annotations

import doctest
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update
from sqlmodel import Session

from scorekeeper import games, jsontext
from scorekeeper.db import get_engine, write_session
from scorekeeper.models import Change, Game, PlayGroup, SavedRuleSet
from scorekeeper.rules.document import to_document
from scorekeeper.rules.presets import PRESETS
from tests.conftest import grant_device

CUSTOM = '{"rounds": [{"contract": [{"kind": "set", "min_length": 3}], "cards_dealt": 10}]'
HALF = "\\ud800"  # as JSON writes it: half of a character


def raw(client: FlaskClient, url: str, body: str, **headers: str) -> Any:
    return client.post(url, data=body, content_type="application/json", headers=headers)


def counts(app: Flask) -> tuple[int, ...]:
    with Session(get_engine(app)) as session:
        return tuple(
            session.execute(select(func.count()).select_from(m)).scalar_one()
            for m in (Game, Change, PlayGroup, SavedRuleSet)
        )


def test_the_json_reader_examples() -> None:
    assert doctest.testmod(jsontext).failed == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"rules": ' + CUSTOM + ', "name": "Liver' + HALF + 'pool"}, "players": ["A", "B"]}',
         "rules.name"),
        ('{"rules": ' + CUSTOM + ', "id": "x' + HALF + '"}, "players": ["A", "B"]}', "rules.id"),
        ('{"rules": "liverpool", "players": ["Ann", "B' + HALF + 'b"]}', "players[1]"),
        ('{"rules": "liverpool", "players": ["A", "B"], "title": "\\udfff"}', "title"),
        ('{"rules": "liverpool", "players": ["A", "B"], "options": {"x\\udc00": 1}}',
         "options.x\\udc00"),
    ],
)  # fmt: skip
def test_the_api_refuses_half_characters_naming_the_field(
    app: Flask, client: FlaskClient, body: str, field: str
) -> None:
    before = counts(app)
    response = raw(client, "/api/v1/games", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    answer = response.get_json()
    assert answer["details"]["field"] == field
    assert answer["error"].startswith(f"{field} ") and "not valid text" in answer["error"]
    assert counts(app) == before


@pytest.mark.parametrize("field", ["name", "id", "summary"])
def test_a_blank_sheet_refuses_half_characters(client: FlaskClient, field: str) -> None:
    body = '{"rules": ' + CUSTOM + f', "{field}": "Liver{HALF}pool"}}, "players": 4}}'
    response = raw(client, "/print/blank.pdf", body)
    assert response.status_code == 400
    assert response.get_json()["details"]["field"] == f"rules.{field}"


@pytest.mark.parametrize(
    "url",
    ["/print/blank.pdf", "/api/v1/games", "/api/v1/groups", "/api/v1/referee/contract",
     "/api/v1/score"],
)  # fmt: skip
@pytest.mark.parametrize("body", ["[" * 3000, '{"rules": ' + "[" * 100 + "]" * 100 + "}"])
def test_deep_nesting_is_a_400(client: FlaskClient, url: str, body: str) -> None:
    response = raw(client, url, body)
    assert response.status_code == 400, (url, response.status_code)
    assert "nested too deeply" in response.get_json()["error"]


def test_nesting_a_real_body_needs_fits(client: FlaskClient) -> None:
    document = to_document(PRESETS["liverpool"])
    response = client.post("/api/v1/games", json={"rules": document, "players": ["A", "B"]})
    assert response.status_code == 201, response.get_data(as_text=True)


# --- imports ----------------------------------------------------------------------------------


@pytest.fixture
def exported(client: FlaskClient) -> dict[str, Any]:
    """A game with a custom rule document, exported, under an id of its own (so it can be
    imported beside the game)."""
    body = {"rules": json.loads(CUSTOM + "}"), "players": ["Ann", "Bob"]}
    made = client.post("/api/v1/games", json=body).get_json()
    data: dict[str, Any] = client.get(f"/api/v1/games/{made['id']}/export.json").get_json()
    data["game"]["id"] = "x" * 22
    return data


def test_an_import_with_half_a_character_is_refused_naming_where(
    app: Flask, client: FlaskClient, exported: dict[str, Any]
) -> None:
    exported["game"]["rule_document"]["name"] = "Liver\ud800pool"
    text = json.dumps(exported)  # written as JSON writes it: "Liver\\ud800pool"
    assert HALF in text
    before = counts(app)
    response = raw(client, "/api/v1/import", text)
    assert response.status_code == 400, response.get_data(as_text=True)
    problems = response.get_json()["details"]["problems"]
    assert problems == [
        {
            "where": f"the game ({exported['game']['id']})",
            "problem": "rule_document.name is not valid text: it holds half of a character "
            "(\\ud800)",
        }
    ]
    assert counts(app) == before
    page = client.post(
        "/groups/import",
        data={"file": (io.BytesIO(text.encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert page.status_code == 400 and "rule_document.name" in page.get_data(as_text=True)
    assert counts(app) == before


def test_a_group_import_names_each_half_character(
    app: Flask, client: FlaskClient, exported: dict[str, Any]
) -> None:
    game = exported["game"]
    group = {"id": "g" * 22, "name": "Smiths\udc00", "created_at": game["created_at"],
             "people": [{"name": "Ann", "created_at": game["created_at"]}]}  # fmt: skip
    game["players"][1]["name"] = "B\ud800b"
    head = {"format": "scorekeeper", "version": 1, "kind": "group"}
    text = json.dumps(head | {"group": group, "games": [game]})
    response = raw(client, "/api/v1/import", text)
    assert response.status_code == 400
    assert response.get_json()["details"]["problems"] == [
        {"where": "the group", "problem": "name is not valid text: it holds half of a "
         "character (\\udc00)"},
        {"where": f"game 1 ({game['id']}), player 2", "problem": "name is not valid text: it "
         "holds half of a character (\\ud800)"},
    ]  # fmt: skip


def test_forms_cannot_carry_half_characters(app: Flask, client: FlaskClient) -> None:
    """A form's bytes are decoded as UTF-8 with bad bytes replaced (or kept as typed, for
    percent escapes): the encoded half character of ``\\ud800`` arrives as text, never as
    half a character."""
    for body, kind in [
        (b"name=Smiths%ED%A0%80&people=Ann", "application/x-www-form-urlencoded"),
        (b"--B\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nSmiths\xed\xa0\x80"
         b"\r\n--B--\r\n", "multipart/form-data; boundary=B"),
    ]:  # fmt: skip
        response = client.post("/groups", data=body, content_type=kind)
        assert response.status_code in (303, 400), response.status_code
        follow = client.get(response.headers.get("Location", "/groups"))
        assert follow.status_code == 200


# --- a game stored with half a character still shows ------------------------------------------


@pytest.fixture
def stored(app: Flask, client: FlaskClient) -> Iterator[str]:
    """A game whose stored rule document and history hold half a character, as an import
    stored it before the doors refused such text; the client is one of its devices."""
    with app.app_context(), write_session() as session:
        view, _token = games.create_game(
            session, preset=to_document(PRESETS["liverpool"]), players=["Ann", "Bob"],
            first_dealer=0,
        )  # fmt: skip
    grant_device(app, client, view.id)
    with write_session(get_engine(app)) as session:
        game = session.get(Game, view.id)
        assert game is not None and game.rule_document
        document = json.loads(game.rule_document) | {"name": "Liver\ud800pool"}
        session.execute(
            update(Game)
            .where(Game.id == view.id)
            .values(rule_document=json.dumps(document, sort_keys=True), version=Game.version + 1)
        )
        session.execute(
            update(Change).where(Change.game_id == view.id).values(after='{"x": "\\udc01"}')
        )
    yield view.id


def test_a_game_stored_with_half_a_character_still_shows(
    app: Flask, client: FlaskClient, stored: str
) -> None:
    pages = [
        "/", f"/games/{stored}", f"/games/{stored}/watch", f"/games/{stored}/history",
        f"/games/{stored}/rules", f"/games/{stored}/referee", f"/games/{stored}/join",
        f"/games/{stored}/sheet.pdf", f"/api/v1/games/{stored}/export.json",
        f"/api/v1/games/{stored}/export.csv", f"/api/v1/games/{stored}",
        f"/api/v1/games/{stored}/history",
    ]  # fmt: skip
    watcher = app.test_client()
    for url in pages:
        for who in (client, watcher):
            response = who.get(url)
            body = response.get_data()
            assert response.status_code == 200, (url, response.status_code)
            if response.mimetype in ("text/html", "application/json"):
                body.decode()  # whole text
    shown = client.get(f"/games/{stored}").get_data(as_text=True)
    assert "Liver\ufffdpool" in shown  # the replacement character stands in for it
    exported = client.get(f"/api/v1/games/{stored}/export.json").get_data(as_text=True)
    assert (
        "Liver\ufffdpool" in exported
        and "\ufffd" in json.loads(exported)["game"]["history"][0]["after"]["x"]
    )
