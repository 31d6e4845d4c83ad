"""The groups API (/api/v1/groups, export and import) on SQLite and PostgreSQL: every
endpoint, edit rights, the join code and its rate limit, the bad inputs, and the export →
import → export round trip through the API, streamed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.models import (
    Change,
    EditGrant,
    Entry,
    Game,
    GroupGrant,
    Person,
    Player,
    PlayGroup,
    Round,
)
from scorekeeper.rules.document import to_document
from scorekeeper.rules.presets import PRESETS
from tests.conftest import GameBuilder, make_app

API = "/api/v1"


@pytest.fixture
def engine(db_app: Flask) -> Engine:
    return get_engine(db_app)


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def api(db_app: Flask) -> FlaskClient:
    return db_app.test_client()


@pytest.fixture
def other_app(database_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """A second app on an empty database of the same backend: where a backup is restored."""
    server = None
    if database_url.startswith("sqlite"):
        url = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    else:
        server = request.getfixturevalue("postgres")
        url = server.create_database()
    (tmp_path / "other").mkdir()
    # Many imports from one test client: the rate limit has a test of its own.
    app = make_app(url, tmp_path / "other", IMPORT_RATE_LIMIT="1000 per hour")
    yield app
    get_engine(app).dispose()
    if server is not None:
        server.drop_database(url)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_group(api: FlaskClient, name: str = "Smith family", **body: Any) -> dict[str, Any]:
    response = api.post(f"{API}/groups", json={"name": name, **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    assert response.headers["Location"].endswith(f"/groups/{answer['id']}")
    return answer


def person_id(group: dict[str, Any], name: str) -> int:
    return next(int(p["id"]) for p in group["people"] if p["name"] == name)


COUNTED = (PlayGroup, Person, GroupGrant, Game, Player, Round, Entry, Change, EditGrant)


def counts(engine: Engine) -> tuple[int, ...]:
    with Session(engine) as session:
        return tuple(
            session.execute(select(func.count()).select_from(model)).scalar_one()
            for model in COUNTED
        )


def scored_group(api: FlaskClient, session: Session, new_game: GameBuilder) -> dict[str, Any]:
    """A group with three finished games: Ann wins two (of two), Bob one (of three), Cy none
    (of two); and one unfinished game."""
    group = new_group(api, people=["Ann", "Bob", "Cy", "Dee"])
    new_game(
        session,
        ["Ann", "Bob", "Cy"],
        [[None, 10, 20]],
        group_id=group["id"],
        rounds="all",
        cut_rounds={1},
    )
    new_game(session, ["Bob", "Ann"], [[15, None]], group_id=group["id"], rounds="all")
    new_game(session, ["Bob", "Cy"], [[None, 5]], group_id=group["id"], rounds="all")
    new_game(session, ["Dee", "Ann"], [[None, 5]], group_id=group["id"], rounds=2)
    return group


# --- a group and its people -------------------------------------------------------------------


def test_a_group_is_made_and_read(api: FlaskClient) -> None:
    made = new_group(api, people=["Ann", " ann ", "Bob"])
    assert made["token"] and made["join_code"]
    assert [p["name"] for p in made["people"]] == ["Ann", "Bob"]  # one Ann: names match
    read = api.get(f"{API}/groups/{made['id']}").get_json()
    assert read == {k: v for k, v in made.items() if k not in ("token", "join_code")}
    assert "join_code" not in read
    people = api.get(f"{API}/groups/{made['id']}/people").get_json()
    assert people == {"id": made["id"], "people": made["people"]}


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"name": ""}, "name"),
        ({"name": "Smiths", "people": "Ann"}, "people"),
        ({"name": "Smiths", "people": ["Ann", 3]}, "people[1]"),
        ({"name": "Smiths", "admin": True}, "admin"),
    ],
)
def test_a_bad_group_is_refused(api: FlaskClient, body: Any, said: str) -> None:
    response = api.post(f"{API}/groups", json=body)
    assert response.status_code == 400
    assert said in response.get_json()["error"] or said in str(response.get_json()["details"])


def test_no_such_group_is_a_404(api: FlaskClient) -> None:
    for url in ("/groups/nope", "/groups/x" * 3, "/groups/abcdefghijklmnopqrstuv/people"):
        response = api.get(API + url)
        assert response.status_code == 404
        assert response.get_json()["error"]


def test_people_are_added_renamed_and_merged(
    api: FlaskClient, session: Session, new_game: GameBuilder
) -> None:
    group = new_group(api, people=["Ann", "Bob"])
    url, auth = f"{API}/groups/{group['id']}/people", bearer(group["token"])
    new_game(session, ["Ann", "Bob", "Bobb"], [[None, 10, 20]], group_id=group["id"], rounds=1)
    bobb = person_id(api.get(url).get_json(), "Bobb")
    added = api.post(url, json={"name": "Cy"}, headers=auth)
    assert added.status_code == 201 and added.get_json()["games"] == 0
    assert api.post(url, json={"name": "cy"}, headers=auth).status_code == 409
    renamed = api.patch(f"{url}/{bobb}", json={"name": "Robert"}, headers=auth)
    assert renamed.get_json() == {"id": bobb, "name": "Robert", "games": 1}
    taken = api.patch(f"{url}/{bobb}", json={"name": "ann"}, headers=auth)
    assert taken.status_code == 409 and "merge" in taken.get_json()["error"]
    # Bob and Robert sat at the same game: two people, never merged.
    bob = person_id(group, "Bob")
    together = api.post(f"{url}/{bobb}/merge", json={"into": bob}, headers=auth)
    assert together.status_code == 400 and "same game" in together.get_json()["error"]
    cy = added.get_json()["id"]
    merged = api.post(f"{url}/{bobb}/merge", json={"into": cy}, headers=auth)
    assert merged.status_code == 200
    assert merged.get_json() == {"id": cy, "name": "Cy", "games": 1}
    names = [p["name"] for p in api.get(url).get_json()["people"]]
    assert names == ["Ann", "Bob", "Cy"]


def test_bad_people_changes_are_refused_and_change_nothing(
    api: FlaskClient, engine: Engine
) -> None:
    group = new_group(api, people=["Ann", "Bob"])
    other = new_group(api, "Joneses", people=["Eve"])
    url, auth = f"{API}/groups/{group['id']}/people", bearer(group["token"])
    ann, eve = person_id(group, "Ann"), person_id(other, "Eve")
    before = counts(engine)
    refused = [
        (api.patch(f"{url}/999999", json={"name": "X"}, headers=auth), 404),
        (api.patch(f"{url}/{eve}", json={"name": "X"}, headers=auth), 404),  # not this group's
        (api.post(f"{url}/{ann}/merge", json={"into": 999999}, headers=auth), 404),
        (api.post(f"{url}/999999/merge", json={"into": ann}, headers=auth), 404),
        (api.post(f"{url}/{ann}/merge", json={"into": ann}, headers=auth), 400),
        (api.post(f"{url}/{ann}/merge", json={"into": "Bob"}, headers=auth), 400),
        (api.patch(f"{url}/{ann}", json={"name": "  "}, headers=auth), 400),
        (api.patch(f"{url}/{ann}", json={"name": "X" * 300}, headers=auth), 400),
        (api.patch(f"{url}/{ann}", data="name=X", headers=auth), 415),
        (api.get(f"{url}/999999"), 404),
    ]
    for response, status in refused:
        assert response.status_code == status, response.get_data(as_text=True)
        assert response.get_json()["error"]
    merge_self = api.post(f"{url}/{ann}/merge", json={"into": ann}, headers=auth)
    assert "themselves" in merge_self.get_json()["error"]
    assert counts(engine) == before
    assert api.get(url).get_json()["people"] == group["people"]


def test_changes_need_edit_rights(api: FlaskClient, engine: Engine) -> None:
    group = new_group(api, people=["Ann", "Bob"])
    other = new_group(api, "Joneses")
    ann = person_id(group, "Ann")
    url = f"{API}/groups/{group['id']}"
    before = counts(engine)
    changes = [
        ("post", f"{url}/people", {"name": "Cy"}),
        ("patch", f"{url}/people/{ann}", {"name": "Anne"}),
        ("post", f"{url}/people/{ann}/merge", {"into": person_id(group, "Bob")}),
    ]
    for method, path, body in changes:
        nobody = api.open(path, method=method, json=body)
        assert nobody.status_code == 401 and nobody.headers["WWW-Authenticate"]
        stranger = api.open(path, method=method, json=body, headers=bearer(other["token"]))
        assert stranger.status_code == 403, path
        assert "edit rights" in stranger.get_json()["error"]
    assert api.get(f"{url}/export.json").status_code == 401
    assert api.get(f"{url}/export.csv", headers=bearer("x" * 43)).status_code == 403
    assert counts(engine) == before


def test_a_device_grant_gives_edit_rights(db_app: Flask, api: FlaskClient) -> None:
    """The browser that made the group in the app's pages may use the API with its cookie."""
    group = new_group(api, people=["Ann"])
    device = games.new_device_id()
    with api.session_transaction() as cookie:
        cookie["device"] = device
    url = f"{API}/groups/{group['id']}/people/{person_id(group, 'Ann')}"
    assert api.patch(url, json={"name": "Anne"}).status_code == 403
    with Session(get_engine(db_app)) as session:  # as the group's page joins a browser
        games.join_group(session, group["id"], group["join_code"], device=device)
    assert api.patch(url, json={"name": "Anne"}).get_json()["name"] == "Anne"


# --- joining with the code --------------------------------------------------------------------


def test_joining_with_the_code(db_app: Flask, api: FlaskClient) -> None:
    group = new_group(api, people=["Ann"])
    url = f"{API}/groups/{group['id']}"
    rename = f"{url}/people/{person_id(group, 'Ann')}"
    wrong = api.post(f"{url}/join", json={"code": "WRONG1"})
    assert wrong.status_code == 403 and "join code" in wrong.get_json()["error"]
    stranger = db_app.test_client()
    assert stranger.patch(rename, json={"name": "Anne"}).status_code == 401  # read only
    joined = stranger.post(f"{url}/join", json={"code": group["join_code"].lower()})
    assert joined.status_code == 200
    token = joined.get_json()["token"]
    assert joined.get_json()["id"] == group["id"] and token != group["token"]
    changed = stranger.patch(rename, json={"name": "Anne"}, headers=bearer(token))
    assert changed.status_code == 200
    assert api.post(f"{API}/groups/nope/join", json={"code": "X"}).status_code == 404
    assert api.post(f"{url}/join", json={"code": 123456}).status_code == 400


def test_join_attempts_are_rate_limited(db_app: Flask, api: FlaskClient) -> None:
    """Counted as a game's join attempts (JOIN_RATE_LIMIT, 10 a minute here): after the
    limit even the right code is refused."""
    group = new_group(api)
    url = f"{API}/groups/{group['id']}/join"
    statuses = [api.post(url, json={"code": f"BAD{n:03d}"}).status_code for n in range(10)]
    assert statuses == [403] * 10
    limited = api.post(url, json={"code": group["join_code"]})
    assert limited.status_code == 429 and "Too many" in limited.get_json()["error"]
    game = api.post(f"{API}/games", json={"rules": "liverpool", "players": ["A", "B"]})
    assert game.status_code == 201  # the limit is on join codes only


# --- statistics -------------------------------------------------------------------------------


def test_the_leaderboard(api: FlaskClient, session: Session, new_game: GameBuilder) -> None:
    group = scored_group(api, session, new_game)
    url = f"{API}/groups/{group['id']}/leaderboard"
    board = api.get(url).get_json()
    assert (board["games"], board["sort"], board["descending"]) == (3, "wins", True)
    rows = {row["name"]: row for row in board["rows"]}
    assert [row["name"] for row in board["rows"]] == ["Ann", "Bob", "Cy"]  # Dee: no finished
    assert (rows["Ann"]["games"], rows["Ann"]["wins"], rows["Ann"]["win_rate"]) == (2, 2, 1.0)
    assert (rows["Bob"]["games"], rows["Bob"]["wins"]) == (3, 1)
    assert rows["Cy"]["streak"] == {"kind": "loss", "length": 2}
    assert rows["Ann"]["exact_cuts"] == 0 and rows["Cy"]["exact_cuts"] == 1
    assert rows["Ann"]["best_game"]["total"] == min(0, rows["Ann"]["worst_game"]["total"])
    assert rows["Ann"]["liverpool_calls"] is None and not board["liverpool_calls_recorded"]
    by_games = api.get(url, query_string={"sort": "games"}).get_json()
    assert by_games["rows"][0]["name"] == "Bob"
    by_name = api.get(url, query_string={"sort": "name", "dir": "desc"}).get_json()
    assert [row["name"] for row in by_name["rows"]] == ["Cy", "Bob", "Ann"]
    today = datetime.now(UTC).date()
    this_year = api.get(url, query_string={"year": today.year}).get_json()
    assert this_year["rows"] == board["rows"]
    assert this_year["start"].startswith(f"{today.year}-01-01")
    future = {"from": (today + timedelta(days=1)).isoformat()}
    assert api.get(url, query_string=future).get_json()["rows"] == []
    days = {"from": today.isoformat(), "to": today.isoformat()}
    assert api.get(url, query_string=days).get_json()["games"] == 3


@pytest.mark.parametrize(
    "query",
    [
        {"sort": "password"},
        {"dir": "sideways"},
        {"from": "yesterday"},
        {"year": "20x6"},
        {"from": "2026-02-01", "to": "2026-01-01"},
    ],
)
def test_a_bad_range_or_sort_is_a_400(api: FlaskClient, query: dict[str, str]) -> None:
    group = new_group(api)
    response = api.get(f"{API}/groups/{group['id']}/leaderboard", query_string=query)
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_a_person(api: FlaskClient, session: Session, new_game: GameBuilder) -> None:
    group = scored_group(api, session, new_game)
    ann = person_id(group, "Ann")
    answer = api.get(f"{API}/groups/{group['id']}/people/{ann}").get_json()
    assert answer["person"] == {"id": ann, "name": "Ann", "games": 3}
    assert answer["summary"]["wins"] == 2 and len(answer["games"]) == 2
    assert all(game["won"] and game["place"] == 1 for game in answer["games"])
    duels = {d["name"]: d for d in answer["head_to_head"]}
    assert set(duels) == {"Bob", "Cy"}
    assert (duels["Bob"]["games"], duels["Bob"]["ahead"], duels["Bob"]["behind"]) == (2, 2, 0)
    assert (duels["Cy"]["games"], duels["Cy"]["wins"], duels["Cy"]["their_wins"]) == (1, 1, 0)
    dee = person_id(group, "Dee")
    unfinished = api.get(f"{API}/groups/{group['id']}/people/{dee}").get_json()
    assert unfinished["summary"] is None and unfinished["games"] == []
    assert api.get(f"{API}/groups/{group['id']}/people/999999").status_code == 404


def test_wins_over_time_and_the_season(
    api: FlaskClient, session: Session, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    url = f"{API}/groups/{group['id']}"
    today = datetime.now(UTC).date()
    wins = api.get(f"{url}/wins", query_string={"period": "year"}).get_json()
    assert (wins["periods"], wins["games"]) == ([str(today.year)], [3])
    assert {s["name"]: s["wins"] for s in wins["series"]} == {"Ann": [2], "Bob": [1]}
    monthly = api.get(f"{url}/wins").get_json()
    assert monthly["period"] == "month" and monthly["periods"] == [f"{today:%Y-%m}"]
    assert api.get(f"{url}/wins", query_string={"period": "week"}).status_code == 400
    season = api.get(f"{url}/season", query_string={"year": today.year}).get_json()
    assert season["champions"] == ["Ann"] and season["games"] == 3
    assert [(s["place"], s["name"]) for s in season["standings"]] == [
        (1, "Ann"),
        (2, "Bob"),
        (3, "Cy"),
    ]
    empty = api.get(f"{url}/season", query_string={"year": today.year - 1}).get_json()
    assert empty["champions"] == [] and empty["standings"] == []


# --- export and import ------------------------------------------------------------------------


def _house_rules() -> dict[str, Any]:
    document = to_document(PRESETS["family"])
    document.update(id="our-house", name="Our house rules", players={"min": 2, "max": 6})
    document["rounds"] = document["rounds"][:3]
    del document["decks"]["for_players"]  # worked out again for the players range
    return document


def _download(api: FlaskClient, url: str, **headers: str) -> tuple[str, str]:
    response = api.get(url, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.is_streamed  # sent as it is read, not built whole
    assert response.headers["Cache-Control"].startswith("no-store")
    return response.get_data(as_text=True), response.mimetype


def test_a_group_round_trips_through_the_api(
    api: FlaskClient, session: Session, other_app: Flask, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    games.start_group_game(
        session, group["id"], players=["Ann", "Bob"], preset=_house_rules(), first_dealer=0
    )
    url, auth = f"{API}/groups/{group['id']}", bearer(group["token"])
    exported, mimetype = _download(api, f"{url}/export.json", **auth)
    csv_text, csv_type = _download(api, f"{url}/export.csv", **auth)
    assert (mimetype, csv_type) == ("application/json", "text/csv")
    assert group["join_code"] not in exported and group["token"] not in exported
    documents = [g["rule_document"]["name"] for g in json.loads(exported)["games"]]
    assert documents == ["Liverpool Rummy"] * 4 + ["Our house rules"]
    restore = other_app.test_client()
    # Larger than the app's 64 KiB request limit: the import route's own limit applies.
    body = exported + " " * (100 * 1024)
    done = restore.post(f"{API}/import", data=body, content_type="application/json")
    assert done.status_code == 201, done.get_data(as_text=True)
    answer = done.get_json()
    assert (answer["kind"], answer["id"], answer["games"]) == ("group", group["id"], 5)
    assert done.headers["Location"].endswith(f"/groups/{group['id']}")
    again, _ = _download(restore, f"{url}/export.json", **bearer(answer["token"]))
    assert again == exported
    assert _download(restore, f"{url}/export.csv", **bearer(answer["token"]))[0] == csv_text
    board = restore.get(f"{url}/leaderboard").get_json()
    assert board == api.get(f"{url}/leaderboard").get_json() | {"rows": board["rows"]}
    assert [r["wins"] for r in board["rows"]] == [2, 1, 0]
    twice = restore.post(f"{API}/import", data=exported, content_type="application/json")
    assert twice.status_code == 409 and "already here" in twice.get_json()["error"]


def test_a_game_round_trips_through_the_api(api: FlaskClient, other_app: Flask) -> None:
    made = api.post(f"{API}/games", json={"rules": _house_rules(), "players": ["Ann", "Bob"]})
    game = made.get_json()
    results = [{"player": "Ann", "went_out": True}, {"player": "Bob", "cards": "AH JK"}]
    round_url = f"{API}/games/{game['id']}/rounds"
    api.post(round_url, json={"round": 1, "results": results}, headers=bearer(game["token"]))
    url = f"{API}/games/{game['id']}"
    exported, _ = _download(api, f"{url}/export.json")  # public, as the game is
    csv_text, _ = _download(api, f"{url}/export.csv")
    assert csv_text.count("\r\n") == 1 + 2 and "AH JK" in csv_text
    restore = other_app.test_client()
    done = restore.post(f"{API}/import", data=exported, content_type="application/json")
    assert done.status_code == 201 and done.get_json()["kind"] == "game"
    assert _download(restore, f"{url}/export.json")[0] == exported
    restored = restore.get(url).get_json()
    assert restored == api.get(url).get_json()
    assert restored["rule_set"] == "Our house rules"
    token = done.get_json()["token"]
    results[1] = {"player": "Bob", "points": 5}
    second = {"round": 2, "results": results}
    assert restore.post(round_url, json=second, headers=bearer(token)).status_code == 201
    assert api.get(f"{API}/games/nope-nope-nope-nope/export.json").status_code == 404


def test_a_game_of_a_group_exported_alone_imports_alone(
    api: FlaskClient, session: Session, other_app: Flask, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    game_id = games.group_games(session, group["id"])[0].id
    url = f"{API}/games/{game_id}/export.json"
    exported, _ = _download(api, url)
    assert [p["person"] for p in json.loads(exported)["game"]["players"]] == [None, None]
    restore = other_app.test_client()
    done = restore.post(f"{API}/import", data=exported, content_type="application/json")
    assert done.status_code == 201, done.get_data(as_text=True)
    assert _download(restore, url)[0] == exported
    assert restore.get(f"{API}/games/{game_id}").get_json()["players"] == ["Dee", "Ann"]


def _hostile(exported: str) -> list[tuple[str, str]]:
    def changed(edit: Any) -> str:
        copy = json.loads(exported)
        edit(copy)
        return json.dumps(copy)

    game = json.loads(exported)["games"][0]
    huge = dict(game, id="h" * 20, rounds=[game["rounds"][0]] * 40_000)
    return [
        ("empty", ""),
        ("not json", "{nope"),
        ("a list", "[]"),
        ("wrong version", changed(lambda d: d.update(version=2))),
        ("missing field", changed(lambda d: d["games"][0].pop("players"))),
        ("unknown person", changed(lambda d: d["games"][1]["players"][0].update(person="Zed"))),
        # Control characters are cleaned out of a name (as at every door): none left is empty.
        ("a name of control characters", changed(lambda d: d["group"].update(name="\u0007\u200b"))),
        ("10 MB of rounds", changed(lambda d: d["games"].append(huge))),
        ("bad rule document", changed(lambda d: d["games"][2].update(rule_document={}))),
        ("a game twice", changed(lambda d: d["games"].append(d["games"][0]))),
        ("cut short", exported[: len(exported) * 2 // 3]),
    ]


def test_hostile_imports_are_4xx_and_change_nothing(
    api: FlaskClient, session: Session, other_app: Flask, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    exported, _ = _download(
        api, f"{API}/groups/{group['id']}/export.json", **bearer(group["token"])
    )
    restore, engine = other_app.test_client(), get_engine(other_app)
    before = counts(engine)
    for name, body in _hostile(exported):
        response = restore.post(f"{API}/import", data=body, content_type="application/json")
        assert response.status_code in (400, 409), (name, response.get_data(as_text=True)[:200])
        assert response.get_json()["error"], name
        assert counts(engine) == before, name
    as_form = restore.post(f"{API}/import", data=exported, content_type="text/plain")
    assert as_form.status_code == 415
    other_app.config["IMPORT_MAX_BYTES"] = len(exported.encode()) - 1
    too_large = restore.post(f"{API}/import", data=exported, content_type="application/json")
    assert too_large.status_code == 413 and too_large.get_json()["error"]
    assert counts(engine) == before
    other_app.config["IMPORT_MAX_BYTES"] = len(exported.encode())
    fits = restore.post(f"{API}/import", data=exported, content_type="application/json")
    assert fits.status_code == 201
    assert counts(engine) != before


def test_other_requests_keep_the_small_limit(api: FlaskClient) -> None:
    """Only the import route takes large bodies."""
    response = api.post(
        f"{API}/groups", json={"name": "Smiths", "people": ["x" * 100] * 1000}
    )  # about 100 KiB
    assert response.status_code == 413


def test_the_import_token_edits_each_imported_game(
    api: FlaskClient, session: Session, other_app: Flask, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    url = f"{API}/groups/{group['id']}"
    exported, _ = _download(api, f"{url}/export.json", **bearer(group["token"]))
    restore = other_app.test_client()
    done = restore.post(f"{API}/import", data=exported, content_type="application/json")
    token = done.get_json()["token"]
    begun = next(g for g in json.loads(exported)["games"] if g["finished_at"] is None)
    game_url = f"{API}/games/{begun['id']}"
    results = [{"player": "Dee", "went_out": True}, {"player": "Ann", "points": 15}]
    third = {"round": 3, "results": results}
    assert restore.post(f"{game_url}/rounds", json=third).status_code == 401
    stranger = restore.post(f"{game_url}/rounds", json=third, headers=bearer("x" * 43))
    assert stranger.status_code == 403
    added = restore.post(f"{game_url}/rounds", json=third, headers=bearer(token))
    assert added.status_code == 201, added.get_data(as_text=True)
    devices = restore.get(f"{game_url}/devices", headers=bearer(token)).get_json()["devices"]
    assert [(d["kind"], d["label"], d["yours"]) for d in devices] == [("api", "API client", True)]
    for game in json.loads(exported)["games"]:  # every game, finished or not
        joined = restore.post(f"{API}/games/{game['id']}/join-code", headers=bearer(token))
        assert joined.status_code == 200


def test_an_import_lists_every_problem_with_where_it_is(
    api: FlaskClient, session: Session, other_app: Flask, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    exported, _ = _download(
        api, f"{API}/groups/{group['id']}/export.json", **bearer(group["token"])
    )
    data = json.loads(exported)
    data["games"][0]["rounds"][0]["entries"][0]["went_out"] = False
    data["games"][2]["players"][1]["person"] = "Zed"
    restore, engine = other_app.test_client(), get_engine(other_app)
    before = counts(engine)
    body = json.dumps(data)  # keys in the export's order (json= would sort them)
    refused = restore.post(f"{API}/import", data=body, content_type="application/json")
    assert refused.status_code == 400
    answer = refused.get_json()
    first, third = data["games"][0]["id"], data["games"][2]["id"]
    assert answer["details"]["problems"] == [
        {
            "where": f"game 1 ({first}), round 1",
            "problem": "the entry of the player who went out must say so",
        },
        {
            "where": f"game 3 ({third})",
            "problem": "unknown person 'Zed': not in the group's people",
        },
    ]
    assert answer["error"].startswith("2 problems, the first: game 1")
    assert counts(engine) == before


# --- retries (Idempotency-Key) and a new join code ---------------------------------------------


def test_a_retried_group_is_made_once(api: FlaskClient, engine: Engine) -> None:
    body = {"name": "Smith family", "people": ["Ann", "Bob"]}
    key = {"Idempotency-Key": "new-group-1"} | bearer("my-own-client-secret-1")
    first = api.post(f"{API}/groups", json=body, headers=key)
    after = counts(engine)
    again = api.post(f"{API}/groups", json=body, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["token"] == first.get_json()["token"]  # the same rights
    assert counts(engine) == after  # no second group, no other people, no new grant
    person = f"{API}/groups/{first.get_json()['id']}/people"
    added = api.post(person, json={"name": "Cy"}, headers=bearer(again.get_json()["token"]))
    assert added.status_code == 201
    before = counts(engine)
    other = api.post(f"{API}/groups", json=body | {"name": "Joneses"}, headers=key)
    assert other.status_code == 422 and "request key" in other.get_json()["error"]
    assert counts(engine) == before
    # Without a key, or with another one, the same body makes another group.
    assert api.post(f"{API}/groups", json=body).get_json()["id"] != first.get_json()["id"]
    bad = api.post(f"{API}/groups", json=body, headers={"Idempotency-Key": "x" * 101})
    assert bad.status_code == 400


def test_a_retried_import_is_answered_not_repeated(
    api: FlaskClient, session: Session, other_app: Flask, new_game: GameBuilder
) -> None:
    group = scored_group(api, session, new_game)
    exported, _ = _download(
        api, f"{API}/groups/{group['id']}/export.json", **bearer(group["token"])
    )
    restore, engine = other_app.test_client(), get_engine(other_app)
    key = {"Idempotency-Key": "restore-2026-01-01"} | bearer("restoring-client-secret")
    send = {"content_type": "application/json", "headers": key}
    first = restore.post(f"{API}/import", data=exported, **send)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    after = counts(engine)
    again = restore.post(f"{API}/import", data=exported, **send)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    answer = again.get_json()
    assert {k: answer[k] for k in ("kind", "id", "games")} == {
        "kind": "group", "id": group["id"], "games": 4,
    }  # fmt: skip
    assert answer["token"] == first.get_json()["token"]
    assert counts(engine) == after  # nothing made again, no new rights
    game_id = json.loads(exported)["games"][0]["id"]
    rotated = restore.post(f"{API}/games/{game_id}/join-code", headers=bearer(answer["token"]))
    assert rotated.status_code == 200
    before = counts(engine)
    other = restore.post(f"{API}/import", data=exported.replace('"Cy"', '"Cyd"'), **send)
    assert other.status_code == 422 and "request key" in other.get_json()["error"]
    plain = restore.post(f"{API}/import", data=exported, content_type="application/json")
    assert plain.status_code == 409  # no key: not a retry
    assert counts(engine) == before


def test_a_new_join_code(db_app: Flask, api: FlaskClient, engine: Engine) -> None:
    group = new_group(api, people=["Ann"])
    url = f"{API}/groups/{group['id']}"
    stranger = new_group(api, "Joneses")
    assert api.post(f"{url}/join-code").status_code == 401
    assert api.post(f"{url}/join-code", headers=bearer(stranger["token"])).status_code == 403
    assert api.post(f"{API}/groups/{'n' * 22}/join-code").status_code == 404
    before = counts(engine)
    rotated = api.post(f"{url}/join-code", headers=bearer(group["token"]))
    assert rotated.status_code == 200 and rotated.headers["Cache-Control"].startswith("no-store")
    code = rotated.get_json()["join_code"]
    assert rotated.get_json()["id"] == group["id"] and code != group["join_code"]
    assert counts(engine) == before
    other = db_app.test_client()
    old = other.post(f"{url}/join", json={"code": group["join_code"]})
    assert old.status_code == 403
    assert other.post(f"{url}/join", json={"code": code}).status_code == 200
    rename = f"{url}/people/{person_id(group, 'Ann')}"  # the creator's token still works
    assert (
        api.patch(rename, json={"name": "Anne"}, headers=bearer(group["token"])).status_code == 200
    )
