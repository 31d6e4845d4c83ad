"""The JSON API for rules, games and rounds (``/api/v1``), with Flask's test client.

The main flows run on SQLite and on PostgreSQL (``db_app``); the catalogue of refused
requests runs on SQLite. Every refusal must be JSON ``{"error", "details"}`` with a 4xx.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.rules import OPTIONS, POINT_TABLES, PRESETS

PLAYERS = ["Ann", "Bob", "Cy"]


class Api:
    """The test client with the game's edit token at hand."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.game: dict[str, Any] = {}

    @property
    def url(self) -> str:
        return f"/api/v1/games/{self.game['id']}"

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.game['token']}"}

    def create(self, **body: Any) -> dict[str, Any]:
        body = {"rules": "liverpool", "players": PLAYERS, "first_dealer": "Ann", **body}
        response = self.client.post("/api/v1/games", json=body)
        assert response.status_code == 201, response.get_json()
        self.game = response.get_json()
        return self.game

    def post_round(self, body: dict[str, Any], **headers: str) -> TestResponse:
        return self.client.post(f"{self.url}/rounds", json=body, headers=self.auth | headers)

    def put_round(self, number: int, body: dict[str, Any], **headers: str) -> TestResponse:
        return self.client.put(
            f"{self.url}/rounds/{number}", json=body, headers=self.auth | headers
        )

    def delete_round(self, number: int, **headers: str) -> TestResponse:
        return self.client.delete(f"{self.url}/rounds/{number}", headers=self.auth | headers)

    def get(self) -> dict[str, Any]:
        response = self.client.get(self.url)
        assert response.status_code == 200
        data: dict[str, Any] = response.get_json()
        return data


def round_body(number: int = 1, **extra: Any) -> dict[str, Any]:
    """Ann goes out, Bob holds AH 7C (20), Cy typed 35 and bought one card."""
    return {
        "round": number,
        "results": [
            {"player": "Ann", "went_out": True},
            {"player": "Bob", "cards": "AH 7C"},
            {"player": "Cy", "points": 35, "bought": 1},
        ],
        **extra,
    }


def refused(response: TestResponse, status: int, *words: str) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.is_json
    data: dict[str, Any] = response.get_json()
    assert set(data) == {"error", "details"} and isinstance(data["error"], str)
    for word in words:
        assert word.lower() in data["error"].lower(), data
    return data


@pytest.fixture
def api(db_app: Flask) -> Api:
    return Api(db_app.test_client())


@pytest.fixture
def sqlite_api(client: FlaskClient) -> Api:
    result = Api(client)
    result.create()
    return result


# --- rules --------------------------------------------------------------------------------


def test_rules_lists_presets_point_tables_and_options(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules")
    assert response.status_code == 200
    data = response.get_json()
    assert [p["id"] for p in data["presets"]] == list(PRESETS)
    liverpool = data["presets"][0]
    assert liverpool["rounds"][0]["contract"] and liverpool["point_table"]["ranks"]["A"] == 15
    assert [t["id"] for t in data["point_tables"]] == list(POINT_TABLES)
    assert [o["name"] for o in data["options"]] == list(OPTIONS)
    jokers = next(o for o in data["options"] if o["name"] == "jokers")
    assert jokers["kind"] == "choice" and jokers["choices"] and jokers["doc"]


# --- games ----------------------------------------------------------------------------------


def test_create_game(api: Api) -> None:
    response = api.client.post(
        "/api/v1/games",
        json={
            "rules": "liverpool",
            "players": PLAYERS,
            "options": {"deuces_wild": True, "point_table": "face-value"},
            "title": "Friday",
            "first_dealer": "Bob",
        },
    )
    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{game['id']}"
    assert len(game["id"]) >= 22 and len(game["token"]) >= 40 and len(game["join_code"]) == 6
    assert game["players"] == PLAYERS and game["first_dealer"] == "Bob"
    assert game["title"] == "Friday" and game["rules"] == "liverpool"
    assert game["options"] == {"deuces_wild": True, "point_table": "face-value"}
    assert game["rounds"] == [] and game["next_round"] == 1
    assert game["totals"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert game["finished"] is False and game["winners"] == []


def test_cut_for_deal_when_no_first_dealer(client: FlaskClient) -> None:
    response = client.post("/api/v1/games", json={"rules": "family", "players": PLAYERS})
    assert response.status_code == 201
    assert response.get_json()["first_dealer"] in PLAYERS


def test_get_game_is_public_with_etag(api: Api) -> None:
    api.create()
    response = api.client.get(api.url)  # no token needed to read
    assert response.status_code == 200
    assert "token" not in response.get_json() and "join_code" not in response.get_json()
    etag = response.headers["ETag"]
    assert etag == f'"{response.get_json()["version"]}"'
    assert "no-cache" in response.headers["Cache-Control"]
    unchanged = api.client.get(api.url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["ETag"] == etag
    assert api.post_round(round_body()).status_code == 201
    changed = api.client.get(api.url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_play_edit_undo_and_history(api: Api) -> None:
    api.create()
    response = api.post_round(round_body(cut_bonus="Cy"))
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    first = game["rounds"][0]
    assert first["went_out"] == "Ann" and first["dealer"] == "Ann" and first["cutter"] == "Cy"
    assert first["cut_bonus"] == "Cy"
    assert [r["points"] for r in first["results"]] == [0, 20, 35 - 50]
    assert first["results"][1]["cards"] == "AH 7C" and first["results"][2]["bought"] == 1
    assert game["totals"] == {"Ann": 0, "Bob": 20, "Cy": -15}

    second = {
        "round": 2,
        "results": [
            {"player": "ann", "cards": ["KS", "JK"]},  # names match ignoring case
            {"player": "Bob", "went_out": True},
            {"player": " Cy ", "points": 0},
        ],
        "version": game["version"],
    }
    response = api.post_round(second)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["totals"] == {"Ann": 30, "Bob": 20, "Cy": -15}
    assert response.get_json()["standings"][0] == {
        "place": 1, "player": "Cy", "total": -15, "phases_done": None,
    }  # fmt: skip

    edit = round_body(1)
    edit["results"][1] = {"player": "Bob", "points": 60}
    response = api.put_round(1, edit | {"version": first["version"]})
    assert response.status_code == 200, response.get_json()
    game = response.get_json()
    assert game["rounds"][0]["results"][1]["points"] == 60
    assert game["rounds"][0]["cut_bonus"] is None
    assert game["totals"] == {"Ann": 30, "Bob": 60, "Cy": 35}

    # If-Match carries the round's version as well.
    edit["results"][1] = {"player": "Bob", "points": 65}
    version = game["rounds"][0]["version"]
    response = api.put_round(1, edit, **{"If-Match": f'"{version}"'})
    assert response.status_code == 200 and response.get_json()["totals"]["Bob"] == 65

    response = api.delete_round(2)
    assert response.status_code == 200
    game = response.get_json()
    assert [r["round"] for r in game["rounds"]] == [1] and game["next_round"] == 2

    history = api.client.get(f"{api.url}/history").get_json()
    assert history["id"] == api.game["id"]
    actions = [line["action"] for line in history["history"]]
    assert actions == [
        "undo_round",
        "replace_round",
        "replace_round",
        "add_round",
        "add_round",
        "create",
    ]
    edited = history["history"][2]
    assert edited["round"] == 1 and edited["actor"] == "api"
    assert edited["before"]["results"]["Bob"]["points"] == 20
    assert edited["after"]["results"]["Bob"]["points"] == 60


def test_a_retry_with_the_same_idempotency_key(api: Api) -> None:
    api.create()
    first = api.post_round(round_body(), **{"Idempotency-Key": "tablet-42"})
    again = api.post_round(round_body(), **{"Idempotency-Key": "tablet-42"})
    assert first.status_code == again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert len(api.get()["rounds"]) == 1
    refused(api.post_round(round_body(2), **{"Idempotency-Key": "tablet-42"}), 422, "key")
    refused(api.post_round(round_body(2), **{"Idempotency-Key": "x" * 101}), 400, "key")
    # Without a key, the same round twice is a conflict, not a second round.
    refused(api.post_round(round_body()), 409, "already recorded")
    assert len(api.get()["rounds"]) == 1


def test_stale_versions_are_409(api: Api) -> None:
    api.create()
    start = api.get()["version"]
    assert api.post_round(round_body(version=start)).status_code == 201
    refused(api.post_round(round_body(2, version=start)), 409, "changed")
    assert api.put_round(1, round_body(1, version=1)).status_code == 200
    data = refused(api.put_round(1, round_body(1, version=1)), 409, "changed meanwhile")
    assert data["details"]["version"] == 2 and data["details"]["expected"] == "round"
    refused(api.put_round(1, round_body(1), **{"If-Match": '"1"'}), 409)
    refused(api.delete_round(1, **{"If-Match": f'"{start}"'}), 409)
    current = api.get()["version"]
    assert api.delete_round(1, **{"If-Match": f'"{current}"'}).status_code == 200


def test_a_finished_game(api: Api) -> None:
    api.create(players=["Ann", "Bob"], rules="liverpool")
    rounds = len(PRESETS["liverpool"].rounds)
    for number in range(1, rounds + 1):
        body = {
            "round": number,
            "results": [{"player": "Ann", "points": 5}, {"player": "Bob", "went_out": True}],
        }
        assert api.post_round(body).status_code == 201
    game = api.get()
    assert game["finished"] is True and game["winners"] == ["Bob"] and game["next_round"] is None
    body["round"] = rounds + 1
    refused(api.post_round(body), 400, "game is over")


def test_a_tie_shares_the_win(client: FlaskClient) -> None:
    api = Api(client)
    api.create(players=["Ann", "Bob"])
    for number in range(1, len(PRESETS["liverpool"].rounds) + 1):
        out, other = ("Ann", "Bob") if number % 2 else ("Bob", "Ann")
        body = {
            "round": number,
            "results": [{"player": out, "went_out": True}, {"player": other, "points": 10}],
        }
        assert api.post_round(body).status_code == 201
    game = api.get()
    if game["totals"]["Ann"] == game["totals"]["Bob"]:
        assert game["winners"] == ["Ann", "Bob"]
    else:
        assert len(game["winners"]) == 1


# --- access -----------------------------------------------------------------------------------


def test_tokens(api: Api) -> None:
    api.create()
    other = api.client.post("/api/v1/games", json={"rules": "liverpool", "players": PLAYERS})
    other_token = other.get_json()["token"]
    url = f"{api.url}/rounds"
    for headers in [{}, {"Authorization": "Basic YWxhZGRpbjpvcGVu"}, {"Authorization": "Bearer "}]:
        response = api.client.post(url, json=round_body(), headers=headers)
        refused(response, 401, "token")
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    for token in ["not-the-token-at-all-but-long-enough", other_token, "x"]:
        headers = {"Authorization": f"Bearer {token}"}
        refused(api.client.post(url, json=round_body(), headers=headers), 403)
        refused(api.client.put(f"{url}/1", json=round_body(), headers=headers), 403)
        refused(api.client.delete(f"{url}/1", headers=headers), 403)
    assert api.get()["rounds"] == []
    assert api.post_round(round_body()).status_code == 201
    refused(api.client.delete(f"{url}/1"), 401)
    assert len(api.get()["rounds"]) == 1


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", ""),
        ("get", "/history"),
        ("post", "/rounds"),
        ("put", "/rounds/1"),
        ("delete", "/rounds/1"),
    ],
)
def test_unknown_games_are_404(client: FlaskClient, method: str, path: str) -> None:
    for game_id in ["AAAAAAAAAAAAAAAAAAAAAA", "short", "x" * 300]:
        response = getattr(client, method)(
            f"/api/v1/games/{game_id}{path}",
            json=round_body(),
            headers={"Authorization": "Bearer " + "t" * 43},
        )
        refused(response, 404)


# --- refused requests ---------------------------------------------------------------------


def results(*items: dict[str, Any]) -> list[dict[str, Any]]:
    return list(items)


ANN_OUT = {"player": "Ann", "went_out": True}
BOB_5 = {"player": "Bob", "points": 5}
CY_5 = {"player": "Cy", "points": 5}

BAD_ROUNDS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("unknown player", {"results": [ANN_OUT, BOB_5, {"player": "Zed", "points": 5}]},
     ["not in this game: Zed", "no result for Cy"]),
    ("player twice", {"results": [ANN_OUT, BOB_5, BOB_5, CY_5]}, ["entered twice: Bob"]),
    ("player missing", {"results": [ANN_OUT, BOB_5]}, ["no result for Cy"]),
    ("nobody out", {"results": [{"player": "Ann", "points": 5}, BOB_5, CY_5]},
     ["one player must have gone out"]),
    ("two out", {"results": [ANN_OUT, {"player": "Bob", "went_out": True}, CY_5]},
     ["only one player goes out", "Ann and Bob"]),
    ("negative", {"results": [ANN_OUT, {"player": "Bob", "points": -5}, CY_5]},
     ["Bob", "negative"]),
    ("text points", {"results": [ANN_OUT, {"player": "Bob", "points": "5"}, CY_5]},
     ["Bob", "whole number"]),
    ("float points", {"results": [ANN_OUT, {"player": "Bob", "points": 5.5}, CY_5]},
     ["whole number"]),
    ("bool points", {"results": [ANN_OUT, {"player": "Bob", "points": True}, CY_5]},
     ["whole number"]),
    ("impossible points", {"results": [ANN_OUT, {"player": "Bob", "points": 7}, CY_5]},
     ["Bob", "7 points"]),
    ("huge points", {"results": [ANN_OUT, {"player": "Bob", "points": 10**40}, CY_5]},
     ["more than any hand"]),
    ("bad card", {"results": [ANN_OUT, {"player": "Bob", "cards": "AH 1X 7C"}, CY_5]},
     ['Bob', '"1X" is not a card']),
    ("bad card in list", {"results": [ANN_OUT, {"player": "Bob", "cards": ["AH", "ZZ"]}, CY_5]},
     ['"ZZ"']),
    ("cards not text", {"results": [ANN_OUT, {"player": "Bob", "cards": 7}, CY_5]},
     ["Bob's cards"]),
    ("cards list of numbers", {"results": [ANN_OUT, {"player": "Bob", "cards": [7]}, CY_5]},
     ["Bob's cards"]),
    ("points and cards", {"results": [ANN_OUT, {"player": "Bob", "points": 5, "cards": "7C"},
                                      CY_5]}, ["either points or cards"]),
    ("went_out text", {"results": [{"player": "Ann", "went_out": "yes"}, BOB_5, CY_5]},
     ["went_out", "true or false"]),
    ("out with points", {"results": [{"player": "Ann", "went_out": True, "points": 5}, BOB_5,
                                     CY_5]}, ["Ann went out"]),
    ("bought text", {"results": [ANN_OUT, {"player": "Bob", "points": 5, "bought": "1"}, CY_5]},
     ["Bob's bought must be a whole number"]),
    ("bought negative", {"results": [ANN_OUT, {"player": "Bob", "points": 5, "bought": -1},
                                     CY_5]}, ["buys"]),
    ("bought bool", {"results": [ANN_OUT, {"player": "Bob", "points": 5, "bought": True}, CY_5]},
     ["Bob's bought must be a whole number"]),
    ("bought huge", {"results": [ANN_OUT, {"player": "Bob", "points": 5, "bought": 10**30},
                                 CY_5]}, ["bought"]),
    ("player not text", {"results": [ANN_OUT, BOB_5, {"player": 3, "points": 5}]},
     ["results[2].player"]),
    ("result not object", {"results": [ANN_OUT, BOB_5, "Cy 5"]}, ["results[2]"]),
    ("results not list", {"results": {"Ann": 0}}, ["results must be a list"]),
    ("results missing", {}, ["results is missing"]),
    ("unknown result field", {"results": [ANN_OUT, BOB_5, {"player": "Cy", "point": 5}]},
     ["unknown fields: point"]),
    ("unknown field", {"results": [ANN_OUT, BOB_5, CY_5], "cutbonus": "Cy"},
     ["unknown fields: cutbonus"]),
    ("cut bonus to the wrong player", {"results": [ANN_OUT, BOB_5, CY_5], "cut_bonus": "Bob"},
     ["Cy cut in round 1"]),
    ("cut bonus not a name", {"results": [ANN_OUT, BOB_5, CY_5], "cut_bonus": True},
     ["cut_bonus must be text"]),
    ("version text", {"results": [ANN_OUT, BOB_5, CY_5], "version": "1"}, ["version"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "words"), [(b, w) for _n, b, w in BAD_ROUNDS], ids=[n for n, _b, _w in BAD_ROUNDS]
)
def test_bad_rounds_are_refused(sqlite_api: Api, body: dict[str, Any], words: list[str]) -> None:
    refused(sqlite_api.post_round({"round": 1, **body}), 400, *words)
    assert sqlite_api.get()["rounds"] == [] and sqlite_api.get()["version"] == 1


@pytest.mark.parametrize(
    ("body", "words"), [(b, w) for _n, b, w in BAD_ROUNDS], ids=[n for n, _b, _w in BAD_ROUNDS]
)
def test_bad_edits_are_refused(sqlite_api: Api, body: dict[str, Any], words: list[str]) -> None:
    assert sqlite_api.post_round(round_body()).status_code == 201
    before = sqlite_api.get()
    refused(sqlite_api.put_round(1, body), 400, *words)
    assert sqlite_api.get() == before


@pytest.mark.parametrize(
    ("number", "status", "words"),
    [
        (None, 400, ["round must be a whole number"]),
        ("1", 400, ["round must be a whole number"]),
        (1.0, 400, ["round must be a whole number"]),
        (True, 400, ["round must be a whole number"]),
        (0, 400, ["next round is 1"]),
        (2, 400, ["cannot be entered yet", "next round is 1"]),
        (99, 400, ["no round 99", "next round is 1"]),
        (10**30, 400, ["next round is 1"]),
    ],
)
def test_rounds_out_of_order(sqlite_api: Api, number: Any, status: int, words: list[str]) -> None:
    body = round_body()
    body["round"] = number
    refused(sqlite_api.post_round(body), status, *words)


def test_edits_and_undo_of_rounds_not_played(sqlite_api: Api) -> None:
    refused(sqlite_api.put_round(1, round_body()), 404, "round 1 has not been played")
    refused(sqlite_api.delete_round(1), 400, "no round")
    assert sqlite_api.post_round(round_body()).status_code == 201
    assert sqlite_api.post_round(round_body(2)).status_code == 201
    refused(sqlite_api.delete_round(1), 400, "only the last round (round 2)")
    refused(sqlite_api.delete_round(3), 400, "only the last round")
    refused(sqlite_api.put_round(3, round_body(3)), 404)
    refused(sqlite_api.put_round(1, round_body(2)), 400, "round 2", "round 1")
    refused(sqlite_api.put_round(1, round_body(1), **{"If-Match": "nonsense"}), 400, "If-Match")
    refused(sqlite_api.put_round(10**20, {"results": round_body()["results"]}), 404)
    assert len(sqlite_api.get()["rounds"]) == 2


BAD_BODIES: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("not json", b"round=1"),
    ("truncated", b'{"round": 1, "results": ['),
    ("array", b"[1, 2]"),
    ("string", b'"hello"'),
    ("null", b"null"),
    ("NaN", b'{"round": NaN}'),
    ("Infinity", b'{"round": 1, "version": Infinity}'),
    ("huge integer", b'{"round": ' + b"9" * 5000 + b"}"),
    ("deep nesting", b"[" * 30_000 + b"]" * 30_000),
    ("bad utf-8", b'{"round": "\xff\xfe"}'),
]


@pytest.mark.parametrize("raw", [b for _n, b in BAD_BODIES], ids=[n for n, _b in BAD_BODIES])
def test_malformed_json_is_400(sqlite_api: Api, raw: bytes) -> None:
    headers = sqlite_api.auth | {"Content-Type": "application/json"}
    for method, url in [
        ("post", "/api/v1/games"),
        ("post", f"{sqlite_api.url}/rounds"),
        ("put", f"{sqlite_api.url}/rounds/1"),
    ]:
        response = getattr(sqlite_api.client, method)(url, data=raw, headers=headers)
        refused(response, 400)


def test_oversized_bodies_are_413(sqlite_api: Api) -> None:
    raw = json.dumps({"round": 1, "results": [], "pad": "x" * (2 * 1024 * 1024)})
    response = sqlite_api.post_round(json.loads(raw))
    refused(response, 413, "too large")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"rules": "poker", "players": PLAYERS}, ['no rule set "poker"', "liverpool"]),
        ({"players": PLAYERS}, ["rules is missing"]),
        ({"rules": 5, "players": PLAYERS}, ["rules must be a preset's id or a rule-set document"]),
        ({"rules": "liverpool", "players": ["Ann"]}, ["2 to 8 players"]),
        ({"rules": "liverpool", "players": ["Ann"] + [f"P{i}" for i in range(8)]}, ["not 9"]),
        ({"rules": "liverpool", "players": ["Ann", "ANN"]}, ["different name"]),
        ({"rules": "liverpool", "players": "Ann,Bob"}, ["players must be a list"]),
        ({"rules": "liverpool", "players": ["Ann", None]}, ["must be text"]),
        ({"rules": "liverpool", "players": ["Ann", ""]}, ["cannot be empty"]),
        ({"rules": "liverpool", "players": ["Ann", "x" * 201]}, ["too long"]),
        ({"rules": "liverpool", "players": PLAYERS, "options": [1]}, ["options must be"]),
        ({"rules": "liverpool", "players": PLAYERS, "options": {"nope": 1}}, ["nope"]),
        ({"rules": "liverpool", "players": PLAYERS, "options": {"buying": 1}}, ["true or false"]),
        ({"rules": "liverpool", "players": PLAYERS, "title": 7}, ["title must be text"]),
        ({"rules": "liverpool", "players": PLAYERS, "first_dealer": "Zed"}, ["first dealer"]),
        ({"rules": "liverpool", "players": PLAYERS, "first_dealer": True}, ["first_dealer must"]),
        ({"rules": "liverpool", "players": PLAYERS, "colour": "red"}, ["unknown fields: colour"]),
    ],
)
def test_bad_new_games_are_refused(
    client: FlaskClient, body: dict[str, Any], words: list[str]
) -> None:
    refused(client.post("/api/v1/games", json=body), 400, *words)


def test_wrong_methods_are_json_405(sqlite_api: Api) -> None:
    response = sqlite_api.client.patch(sqlite_api.url, json={})
    refused(response, 405)
    assert "GET" in response.headers["Allow"]
    refused(sqlite_api.client.delete("/api/v1/games"), 405)


def test_hostile_names_come_back_literally(client: FlaskClient) -> None:
    names = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "{{7*7}}"]
    api = Api(client)
    game = api.create(players=names, first_dealer=0, title='hx-get="/x"')
    assert game["players"] == names and game["title"] == 'hx-get="/x"'
    body = {
        "round": 1,
        "results": [
            {"player": names[0], "went_out": True},
            {"player": names[1], "points": 5},
            {"player": names[2], "points": 5},
        ],
    }
    assert api.post_round(body).status_code == 201
    assert api.get()["totals"] == dict.fromkeys(names, 0) | {names[1]: 5, names[2]: 5}


# --- the OpenAPI document -------------------------------------------------------------------


def test_openapi_document_is_valid_and_complete(app: Flask, client: FlaskClient) -> None:
    from openapi_spec_validator import validate

    document = client.get("/api/v1/openapi.json").get_json()
    validate(document)
    documented = {
        (path, method.upper())
        for path, item in document["paths"].items()
        for method in item
        if method in {"get", "post", "put", "delete", "patch"}
    }
    routes = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1/") or rule.endpoint == "api.openapi_json":
            continue
        path = rule.rule.removeprefix("/api/v1")
        for argument in rule.arguments:
            path = path.replace(f"<int:{argument}>", f"{{{argument}}}")
            path = path.replace(f"<{argument}>", f"{{{argument}}}")
        for method in rule.methods or ():
            if method not in {"HEAD", "OPTIONS"}:
                routes.add((path, method))
    assert routes <= documented, routes - documented
    for path, method in documented:
        operation = document["paths"][path][method.lower()]
        codes = set(operation["responses"])
        assert codes & {"200", "201"}, (path, method)
        if method != "GET" or "{game_id}" in path:
            assert any(code.startswith("4") for code in codes), (path, method)


def test_creating_a_game_twice_with_one_idempotency_key_creates_one(client: Any) -> None:
    body = {"rules": "liverpool", "players": ["Ann", "Bob"]}
    headers = {"Idempotency-Key": "create-once", "Authorization": "Bearer the-apps-own-secret-1"}
    first = client.post("/api/v1/games", json=body, headers=headers)
    again = client.post("/api/v1/games", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["token"] == again.get_json()["token"]
    # Each answer's token works for that one game.
    game_id = first.get_json()["id"]
    for answer in (first, again):
        token = answer.get_json()["token"]
        response = client.delete(
            f"/api/v1/games/{game_id}/rounds/1", headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code != 403
    other = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": "another"})
    assert other.get_json()["id"] != game_id
