"""The API's models: every answer the views send fits its documented model, and refusals are
worded from the models' checks (issue 16).

The OpenAPI document is generated from the models (``scorekeeper.web.api.openapi``), so an
answer that fits its model fits the document.
"""

from __future__ import annotations

import doctest
import json
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import games
from scorekeeper.web import referee_json
from scorekeeper.web.api import schemas, validation
from scorekeeper.web.api.openapi import OPERATIONS
from tests.conftest import grant_device


class Checked:
    """The test client; each answer is held to the model documented for its route."""

    def __init__(self, app: Flask) -> None:
        self.client = app.test_client()
        self.routes = app.url_map.bind("localhost")
        self.seen: set[str] = set()

    def __call__(
        self, method: str, url: str, body: Any = None, status: int | None = None, **headers: str
    ) -> Any:
        # Text is sent as it is (an export keeps its keys in order: json= would sort them).
        sent = {"data": body, "content_type": "application/json"} if isinstance(body, str) else {}
        response: TestResponse = self.client.open(
            url, method=method, headers=headers, **(sent or {"json": body})
        )
        endpoint, _ = self.routes.match(urlsplit(url).path, method)
        operation = OPERATIONS[endpoint]
        assert response.status_code == (status or operation.status), response.data[:300]
        if response.status_code == operation.status and operation.media_type != "application/json":
            assert response.mimetype == operation.media_type  # an export as CSV: text
            operation.answer.model_validate(response.get_data(as_text=True), strict=True)
            self.seen.add(endpoint)
            return response.get_data(as_text=True)
        if response.status_code == operation.status:
            operation.answer.model_validate_json(response.data, strict=True)
            self.seen.add(endpoint)
        elif response.status_code >= 400:
            schemas.Error.model_validate_json(response.data, strict=True)
        return response.get_json(silent=True)


def test_every_answer_fits_its_model(db_app: Flask) -> None:
    """On SQLite and on PostgreSQL (their dates come back differently)."""
    call = Checked(db_app)
    call("GET", "/api/v1/rules")
    call("GET", "/api/v1/rules/family/book")
    call("GET", "/api/v1/rules/poker/book", None, 404)
    for preset in ("liverpool", "family", "shanghai", "may-i"):
        call("GET", f"/api/v1/rules/{preset}")
    call("GET", "/api/v1/rules/poker", None, 404)
    players = ["Ann", "Bob", "Cy"]
    game = call("POST", "/api/v1/games", {"rules": "liverpool", "players": players, "title": "T"})
    url, auth = f"/api/v1/games/{game['id']}", {"Authorization": f"Bearer {game['token']}"}
    cutter = game["players"][(players.index(game["first_dealer"]) + 2) % 3]
    first = {
        "round": 1,
        "results": [
            {"player": "Ann", "went_out": True},
            {"player": "Bob", "cards": "AH 7C JK", "bought": 2},
            {"player": "Cy", "points": 35},
        ],
        "cut_bonus": cutter,
    }
    call("POST", f"{url}/rounds", first, **auth)
    call("POST", f"{url}/rounds", first | {"round": 2, "cut_bonus": None}, **auth)
    call("PUT", f"{url}/rounds/1", first | {"cut_bonus": None}, **auth)
    call("GET", url)
    call("GET", url, None, 304, **{"If-None-Match": f'"{call("GET", url)["version"]}"'})
    call("DELETE", f"{url}/rounds/2", **auth)
    call("POST", f"{url}/join-code", **auth)
    grant_device(db_app, call.client, game["id"], "a tablet")
    devices = call("GET", f"{url}/devices", **auth)["devices"]
    assert {device["kind"] for device in devices} == {"api", "device"}
    tablet = next(device["ref"] for device in devices if device["kind"] == "device")
    call("DELETE", f"{url}/devices/{tablet}", **auth)
    call("GET", f"{url}/history")
    finished = _play_to_the_end(call)
    _ask_the_referee(call)
    _keep_a_group(call, finished)
    # Refusals: each status the API answers with, in the error's shape.
    call("POST", f"{url}/rounds", {"round": "2", "results": {}}, 400, **auth)
    call("POST", f"{url}/rounds", first | {"round": 2}, 401)
    call("DELETE", f"{url}/rounds/1", None, 403, Authorization="Bearer nope")
    call("GET", "/api/v1/games/nope", None, 404)
    call("PUT", f"{url}/rounds/1", first | {"version": 1}, 409, **auth)
    call("POST", "/api/v1/referee/contract", {"rules": "liverpool", "round": "1"}, 400)
    assert call.seen == set(OPERATIONS)


def _play_to_the_end(call: Checked) -> str:
    game = call("POST", "/api/v1/games", {"rules": "liverpool", "players": ["Ann", "Bob"]})
    url, auth = f"/api/v1/games/{game['id']}/rounds", {"Authorization": f"Bearer {game['token']}"}
    for number in range(1, 8):
        results = [{"player": "Ann", "went_out": True}, {"player": "Bob", "points": 5 * number}]
        game = call("POST", url, {"round": number, "results": results}, **auth)
    assert game["finished"] and game["next_round"] is None and game["winners"] == ["Ann"]
    return str(game["id"])


def _keep_a_group(call: Checked, game_id: str) -> None:
    """Every groups endpoint, with a finished game in the group for its statistics."""
    group = call("POST", "/api/v1/groups", {"name": "Smiths", "people": ["Ann", "Bob", "Bobby"]})
    url, auth = f"/api/v1/groups/{group['id']}", {"Authorization": f"Bearer {group['token']}"}
    with call.client.application.app_context():
        from scorekeeper.db import write_session

        with write_session() as session:
            rights = [games.grant_edit(session, game_id, "this device")]
            games.attach_game(session, group["id"], game_id, tokens=rights)
    joined = call("POST", f"{url}/join", {"code": group["join_code"], "label": "phone"})
    call("POST", f"{url}/join-code", **auth)
    assert call("PUT", f"{url}/language", {"language": "es"}, **auth)["language"] == "es"
    call("POST", f"{url}/join", {"code": "nope"}, 403)
    people = {p["name"]: p["id"] for p in call("GET", f"{url}/people")["people"]}
    cy = call("POST", f"{url}/people", {"name": "Cy"}, **auth)["id"]
    call(
        "PATCH", f"{url}/people/{cy}", {"name": "Cyril"}, Authorization=f"Bearer {joined['token']}"
    )
    call("POST", f"{url}/people/{people['Bobby']}/merge", {"into": cy}, **auth)
    call("POST", f"{url}/people/{cy}/merge", {"into": cy}, 400, **auth)
    started = {"rules": "liverpool", "players": ["Ann", "Cyril"], "group": group["id"]}
    assert call("POST", "/api/v1/games", started, **auth)["group"] == group["id"]
    call("POST", "/api/v1/games", started, 403, Authorization="Bearer not-the-groups-token")
    call("GET", url)
    call("GET", f"{url}/leaderboard?sort=average_score&dir=asc")
    assert call("GET", f"{url}/people/{people['Ann']}")["summary"]["wins"] == 1
    call("GET", f"{url}/people/{people['Bob']}?from=2000-01-01")
    call("GET", f"{url}/people/999999", None, 404)
    call("GET", f"{url}/wins?period=day")
    assert call("GET", f"{url}/season")["champions"] == ["Ann"]
    call("GET", f"{url}/export.json", **auth)
    assert call("GET", f"{url}/export.csv", **auth).startswith("game_id,")
    call("GET", f"{url}/export.csv", None, 403)  # this client's device is no editor
    exported = call("GET", f"/api/v1/games/{game_id}/export.json")
    call("GET", f"/api/v1/games/{game_id}/export.csv")
    call("POST", "/api/v1/import", json.dumps(exported), 409)  # already here
    exported["game"]["id"] = "a-copy-of-the-game-0"
    call("POST", "/api/v1/import", json.dumps(exported))


def _ask_the_referee(call: Checked) -> None:
    def ask(path: str, **body: Any) -> Any:
        return call("POST", "/api/v1" + path, {"rules": "liverpool", **body})

    assert ask("/referee/contract", round=2, melds=["7H 7C JK", "8C 9C JK JC"])["legal"]
    assert ask("/referee/contract", round=2, melds=["9S 9D 9C", "KS AS 2S 3S"], hand="KD")[
        "problems"
    ]
    assert ask("/referee/arrange", round=6, cards="7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C")[
        "possible"
    ]
    assert not ask("/referee/arrange", round=3, cards=["3S", "4S", "5S", "9D"])["possible"]
    assert not ask("/referee/arrange", rules="deuces-six", round=1, cards="7H 7H 7H 7H")["possible"]
    assert ask("/referee/layoff", meld="5H 6H 7H 8H", card="JK")["fits"]
    assert not ask("/referee/layoff", meld="5H 6H 7H 8H", card="10H")["fits"]
    assert ask("/referee/joker-swap", meld="8C 9C JK JC", card="10C")["allowed"]
    assert not ask("/referee/joker-swap", meld="7H 7C JK", card="7S")["allowed"]
    assert ask("/referee/liverpool", table=["3H 4H 5H 6H", "9S 9C 9D"], discard="9H")["where"]
    assert ask("/score", cards="AH JK 7C")["points"] == 40
    ranks = dict.fromkeys(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], 1)
    table = {"ranks": ranks, "joker": 50}
    assert call("POST", "/api/v1/score", {"points_table": table, "cards": "AH JK"})["points"] == 51


# --- refusals worded from the models ----------------------------------------------------------


def test_the_wording_examples() -> None:
    for module in (validation, referee_json):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"round": 1, "results": [{"player": "Ann", "cards": ["AH", 7]}]},
         {"results[0].cards[1]": "must be text, not a number"}),
        ({"round": 1, "results": [{"player": "Ann", "cards": {"AH": 1}}]},
         {"results[0].cards": "must be text or a list, not an object"}),
        ({"round": True, "results": ["Ann"], "cut_bonus": 1.5},
         {"round": "must be a whole number, not true/false",
          "results[0]": "must be an object, not text",
          "cut_bonus": "must be text, not a decimal number"}),
        ({"results": [{"player": None, "went_out": "yes", "pts": 1, "x": 2}], "v": 1},
         {"": "has unknown fields: v (allowed: round, results, cut_bonus, version)",
          "results[0]": "has unknown fields: pts, x (allowed: player, went_out, points, cards, "
                        "bought, phase_done, phase, down_and_out)",
          "round": "is missing",
          "results[0].player": "must be text, not null",
          "results[0].went_out": "must be true or false, not text"}),
    ],
)  # fmt: skip
def test_problems_name_each_field_as_in_the_body(body: Any, said: dict[str, str]) -> None:
    error = validation.validation_error(schemas.NewRound, body)
    found = validation.problems(error, body, schemas.NewRound)
    named = {
        validation.field_name(p.path): p.sentence(validation.field_name(p.path)) for p in found
    }
    assert named == {
        field or "the request": f"{field or 'the request'} {says}" for field, says in said.items()
    }


def test_a_custom_point_table_is_checked_inside(client: FlaskClient) -> None:
    body = {"points_table": {"ranks": {"A": "x"}, "joker": 5, "jokers": 1}, "cards": "AH"}
    answer = client.post("/api/v1/score", json=body).get_json()
    assert answer["error"].startswith("points_table has unknown fields: jokers")
    assert answer["details"] == {"code": "unknown-field", "field": "points_table.jokers"}
    del body["points_table"]["jokers"]
    answer = client.post("/api/v1/score", json=body).get_json()
    assert answer["error"] == "points_table.ranks.A must be a whole number, not text"


def test_a_round_names_each_problem_in_its_details(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"rules": "liverpool", "players": ["Ann", "Bob"]})
    body = {"round": 1, "results": [{"player": "Ann", "points": "5"}, 3], "cutbonus": "Bob"}
    response = client.post(
        f"/api/v1/games/{game.get_json()['id']}/rounds",
        json=body,
        headers={"Authorization": f"Bearer {game.get_json()['token']}"},
    )
    assert response.status_code == 400
    assert response.get_json()["details"] == {
        "cutbonus": "the request has unknown fields: cutbonus (allowed: round, results, "
        "cut_bonus, version)",
        "results[0].points": "Ann's points must be a whole number, not text",
        "results[1]": "results[1] must be an object, not a number",
    }


@pytest.mark.parametrize("name", ["object", "array", "string", "number", "null"])
@pytest.mark.parametrize("path", ["/api/v1/referee/arrange", "/api/v1/score", "/api/v1/games"])
def test_a_field_named_like_a_json_type_is_an_unknown_field(
    client: Any, path: str, name: str
) -> None:
    """Pydantic tags union members with JSON type names: a body's own field of that name is
    still reported as an unknown field (a 400), never mistaken for a tag (it was a 500)."""
    response = client.post(path, json={name: None})
    assert response.status_code == 400, response.get_data(as_text=True)
    assert name in response.get_json()["error"]
