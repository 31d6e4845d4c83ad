"""Phase games over the JSON API: round entry with phase_done and phase, the game answer's
phases, the refusals (each a 4xx naming the player), the OpenAPI document, and the referee's
``round`` read as a phase number."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.games.test_phase_rounds import HANDS
from tests.phase_helpers import api_result, phase_document

PLAYERS = ["Ann", "Bob", "Cy"]


class PhaseApi:
    def __init__(self, client: FlaskClient, order: str = "in-order") -> None:
        self.client = client
        response = client.post(
            "/api/v1/games",
            json={"rules": phase_document(order), "players": PLAYERS, "first_dealer": "Ann"},
        )
        assert response.status_code == 201, response.get_json()
        self.game: dict[str, Any] = response.get_json()
        self.url = f"/api/v1/games/{self.game['id']}"
        self.auth = {"Authorization": f"Bearer {self.game['token']}"}

    def body(self, number: int, cells: tuple[str, ...]) -> dict[str, Any]:
        return {
            "round": number,
            "results": [api_result(name, cell) for name, cell in zip(PLAYERS, cells, strict=True)],
        }

    def post(self, number: int, *cells: str) -> TestResponse:
        return self.client.post(
            f"{self.url}/rounds", json=self.body(number, cells), headers=self.auth
        )

    def put(self, number: int, *cells: str) -> TestResponse:
        return self.client.put(
            f"{self.url}/rounds/{number}", json=self.body(number, cells), headers=self.auth
        )

    def get(self) -> dict[str, Any]:
        response = self.client.get(self.url)
        assert response.status_code == 200
        data: dict[str, Any] = response.get_json()
        return data


def _ok(response: TestResponse, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def _refused(response: TestResponse, message: str) -> dict[str, Any]:
    assert response.status_code == 400, response.get_json()
    data: dict[str, Any] = response.get_json()
    assert data["error"] == message
    return data


def _current(game: dict[str, Any]) -> dict[str, int]:
    return {name: phase["phase"] for name, phase in game["phases"].items()}


def test_a_full_phase_game_over_the_api(db_app: Flask) -> None:
    api = PhaseApi(db_app.test_client())
    assert api.game["progression"] == "phases" and api.game["phases"]["Ann"] == {
        "phase": 1, "contract": "2 sets", "done": [], "left": [1, 2, 3],
    }  # fmt: skip
    for number, cells in enumerate(HANDS[:3], start=1):
        game = _ok(api.post(number, *cells), 201)
    assert _current(game) == {"Ann": 3, "Bob": 3, "Cy": 3}
    assert game["phases"]["Bob"]["done"] == [1, 2] and game["next_round"] == 4
    game = _ok(api.post(4, *HANDS[3]), 201)
    assert game["finished"] and game["winners"] == ["Ann", "Bob"] and game["next_round"] is None
    assert _current(game) == {"Ann": 4, "Bob": 4, "Cy": 3}
    assert [(s["player"], s["place"], s["phases_done"]) for s in game["standings"]] == [
        ("Ann", 1, 3), ("Bob", 1, 3), ("Cy", 3, 2),
    ]  # fmt: skip
    hand_3 = game["rounds"][2]
    assert hand_3["contract"] is None
    assert [(r["phase"], r["phase_done"]) for r in hand_3["results"]] == [
        (3, False), (2, True), (3, False),
    ]  # fmt: skip
    # An earlier hand edited: Ann and Bob did not complete phase 1. The game goes on.
    game = _ok(api.put(1, "10 not", "15 not", "out"))
    assert not game["finished"] and game["winners"] == [] and game["next_round"] == 5
    assert _current(game) == {"Ann": 3, "Bob": 3, "Cy": 3}
    assert [r["phase"] for r in game["rounds"][1]["results"]] == [1, 1, 2]
    assert api.get() == game
    game = _ok(api.post(5, "5", "5 not", "out"), 201)
    assert game["winners"] == ["Cy"]


def test_the_refusals_name_the_player(client: FlaskClient) -> None:
    api = PhaseApi(client)
    data = _refused(
        api.post(1, "out not", "10", "15"),
        "Ann went out, so Ann completed the phase (going out lays it down): phase_done "
        "cannot be false for Ann.",
    )
    assert data["details"][0]["player"] == "Ann"
    _refused(
        api.post(1, "out", "10 p2", "15"),
        "Bob was on phase 1 in hand 1, not phase 2: the phases go in order.",
    )
    response = client.post(
        f"{api.url}/rounds",
        json={"round": 1, "results": [
            {"player": "Ann", "went_out": True}, {"player": "Bob", "points": 5, "phase": "2"},
            {"player": "Cy", "points": 5, "phase_done": "yes"},
        ]},
        headers=api.auth,
    )  # fmt: skip
    assert response.status_code == 400
    assert "Bob's phase" in response.get_json()["error"]
    assert api.get()["rounds"] == []
    rounds_game = client.post(
        "/api/v1/games", json={"rules": "liverpool", "players": PLAYERS, "first_dealer": "Ann"}
    ).get_json()
    assert rounds_game["progression"] == "rounds" and rounds_game["phases"] is None
    response = client.post(
        f"/api/v1/games/{rounds_game['id']}/rounds",
        json={"round": 1, "results": [
            {"player": "Ann", "went_out": True}, {"player": "Bob", "points": 5},
            {"player": "Cy", "points": 5, "phase_done": False},
        ]},
        headers={"Authorization": f"Bearer {rounds_game['token']}"},
    )  # fmt: skip
    _refused(response, "Liverpool Rummy is played in rounds, not phases: Cy's result has no phase.")


def test_phases_in_any_order_over_the_api(client: FlaskClient) -> None:
    api = PhaseApi(client, "any")
    assert api.game["phase_order"] == "any"
    _refused(
        api.post(1, "out", "10", "15"),
        "Say which phase Ann completed in hand 1 (phases left: 1, 2, 3).",
    )
    game = _ok(api.post(1, "out p2", "10 done p3", "15"), 201)
    assert game["phases"]["Ann"] == {"phase": 2, "contract": None, "done": [2], "left": [1, 3]}
    _refused(
        api.post(2, "out p2", "10", "15"),
        "Ann completed phase 2 in hand 1 already: Ann's phases left in hand 2 are 1 and 3.",
    )
    assert [r["phase"] for r in game["rounds"][0]["results"]] == [2, 3, None]


def test_the_cut_bonus_goes_to_a_hands_cutter_past_the_phase_count(client: FlaskClient) -> None:
    api = PhaseApi(client)
    for number in range(1, 5):  # each goes out in turn: nobody completes all three
        cells = ["5", "5", "5"]
        cells[(number - 1) % 3] = "out"
        _ok(api.post(number, *cells), 201)
    body = api.body(5, ("5", "out", "5")) | {"cut_bonus": "Ann"}  # Ann cuts hand 5 (Cy deals)
    game = _ok(client.post(f"{api.url}/rounds", json=body, headers=api.auth), 201)
    assert game["rounds"][4]["cut_bonus"] == "Ann" and game["rounds"][4]["cutter"] == "Ann"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/referee/contract", {"melds": ["7H 7C 7D", "8H 9H 10H JH"]}),
        ("/api/v1/referee/arrange", {"cards": "7H 7C 7D 8H 9H 10H JH"}),
    ],
)
def test_the_referees_round_is_the_phase(
    client: FlaskClient, path: str, body: dict[str, Any]
) -> None:
    """Phase 2 of the test phases is 1 set and 1 run: the referee's round 2 is that phase."""
    document = phase_document()
    answer = _ok(client.post(path, json={"rules": document, "round": 2, **body}))
    assert answer["contract"] == "1 set and 1 run" and answer["round"] == 2
    assert answer.get("legal", answer.get("possible")) is True
    phase_1 = _ok(client.post(path, json={"rules": document, "round": 1, **body}))
    assert phase_1["contract"] == "2 sets"
    assert phase_1.get("legal", phase_1.get("possible")) is False
    response = client.post(path, json={"rules": document, "round": 4, **body})
    assert response.status_code == 400 and response.get_json()["details"]["field"] == "round"


def test_the_openapi_document_says_the_phases(client: FlaskClient) -> None:
    spec = client.get("/api/v1/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    assert {"phase_done", "phase"} <= set(schemas["PlayerResultIn"]["properties"])
    assert {"phase", "phase_done"} <= set(schemas["PlayerResult"]["properties"])
    assert {"phases", "progression", "phase_order"} <= set(schemas["Game"]["properties"])
    assert set(schemas["PlayerPhase"]["properties"]) == {"phase", "contract", "done", "left"}
