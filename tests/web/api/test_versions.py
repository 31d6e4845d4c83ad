"""Which version each change of a game takes, in the OpenAPI document and in the 409 (issue 35
§4): a PUT on a round takes the round's version, a DELETE and a POST the game's; a PUT sent the
game's ETag is told so."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.api.test_games import Api, refused, round_body


@pytest.fixture
def sqlite_api(client: FlaskClient) -> Api:
    return Api(client)


def two_rounds(api: Api) -> dict[str, Any]:
    """A game with rounds 1 and 2, round 1 edited once: the game's version is past the rounds'."""
    api.create()
    assert api.post_round(round_body(1)).status_code == 201
    assert api.post_round(round_body(2)).status_code == 201
    assert api.put_round(1, round_body(1)).status_code == 200
    return api.get()


def test_a_put_sent_the_games_etag_is_told_it_takes_the_rounds_version(
    sqlite_api: Api,
) -> None:
    game = two_rounds(sqlite_api)
    etag = sqlite_api.client.get(sqlite_api.url).headers["ETag"].strip('"')
    round_version = game["rounds"][0]["version"]
    assert int(etag) == game["version"] != round_version
    for sent in ({"If-Match": f'"{etag}"'}, {}):
        body = round_body(1) | ({} if sent else {"version": int(etag)})
        data = refused(sqlite_api.put_round(1, body, **sent), 409, "game's version (its ETag)")
        assert "round's version" in data["error"] and f"version {round_version}" in data["error"]
        assert data["details"] == {
            "expected": "round", "version": round_version, "sent": int(etag), "round": 1,
            "game_version": game["version"],
        }  # fmt: skip
    # Nothing changed: the round's version still works.
    response = sqlite_api.put_round(1, round_body(1, version=round_version))
    assert response.status_code == 200


def test_a_stale_rounds_version_names_the_one_expected(sqlite_api: Api) -> None:
    game = two_rounds(sqlite_api)
    data = refused(sqlite_api.put_round(2, round_body(2, version=7)), 409, "not 7")
    assert data["details"]["expected"] == "round"
    assert data["details"]["version"] == game["rounds"][1]["version"]


def test_delete_and_post_name_the_games_version(sqlite_api: Api) -> None:
    game = two_rounds(sqlite_api)
    stale = game["version"] - 1
    data = refused(sqlite_api.delete_round(2, **{"If-Match": f'"{stale}"'}), 409, "DELETE")
    assert data["details"] == {"expected": "game", "version": game["version"], "sent": stale}
    assert "game's version" in data["error"]
    data = refused(sqlite_api.post_round(round_body(3, version=stale)), 409, "POST")
    assert data["details"]["expected"] == "game"


def test_the_409_speaks_the_persons_language(sqlite_api: Api) -> None:
    game = two_rounds(sqlite_api)
    response = sqlite_api.put_round(
        1, round_body(1, version=game["version"]), **{"Accept-Language": "de"}
    )
    data = refused(response, 409)
    assert "Version" in data["error"] and "ETag" in data["error"]
    assert "game's version" not in data["error"]


def test_the_document_names_which_version_each_takes(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    rounds = document["paths"]["/games/{game_id}/rounds/{number}"]

    def if_match(method: str) -> str:
        found = [p for p in rounds[method]["parameters"] if p["name"] == "If-Match"]
        assert len(found) == 1
        return str(found[0]["description"])

    assert "round's version" in if_match("put") and "not the game's" in if_match("put")
    assert "game's version" in if_match("delete")
    schemas = document["components"]["schemas"]
    assert "round's version" in schemas["RoundEdit"]["properties"]["version"]["description"]
    assert "game's version" in schemas["NewRound"]["properties"]["version"]["description"]
    assert "round's version" in rounds["put"]["description"]
    assert "game's version" in rounds["delete"]["description"]
