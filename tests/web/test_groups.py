"""The group pages (scorekeeper.web.groups) through Flask's test client: a group, its people
(rename, merge), games started from it, the leaderboard and a person's page, export and
import, sharing a finished game's result, and every bad input as a 4xx with a message."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from tests.conftest import GameBuilder, grant_device, make_app


@dataclass
class Family:
    app: Flask
    client: FlaskClient  # the device that created the group: an editor
    group_id: str
    games: list[games.GameView]

    def person_id(self, name: str) -> int:
        with Session(get_engine(self.app)) as session:
            group = games.load_group(session, self.group_id)
        return next(p.id for p in group.people if p.name == name)


def _group_id(response: object) -> str:
    location = response.headers["Location"]  # type: ignore[attr-defined]
    return str(location.rstrip("/").rsplit("/", 1)[1])


def _family(app: Flask, new_game: GameBuilder) -> Family:
    """The Smiths: Ann, Bob and Cy, two finished games (Ann wins, then Bob) and one begun."""
    client = app.test_client()
    response = client.post("/groups", data={"name": "Smith family", "people": "Ann\nBob\n\nCy"})
    assert response.status_code == 303
    group_id = _group_id(response)
    names = ["Ann", "Bob", "Cy"]
    with Session(get_engine(app), expire_on_commit=False) as session:
        first = new_game(session, names, [[None, 10, 20]], group_id=group_id, rounds="all")
        second = new_game(session, names, [[20, None, 30]], group_id=group_id, rounds="all")
        begun = new_game(session, names, [[None, 5, 5]], group_id=group_id, rounds=1)
    return Family(app, client, group_id, [first, second, begun])


@pytest.fixture
def family(app: Flask, new_game: GameBuilder) -> Family:
    return _family(app, new_game)


def text(response: object) -> str:
    return str(response.get_data(as_text=True))  # type: ignore[attr-defined]


# --- a group and its edit rights ------------------------------------------------------------


def test_the_creator_sees_the_group_its_people_games_and_join_code(family: Family) -> None:
    page = text(family.client.get(f"/groups/{family.group_id}"))
    for name in ("Smith family", "Ann", "Bob", "Cy", "won by Ann", "won by Bob", "in progress"):
        assert name in page
    with Session(get_engine(family.app)) as session:
        code = games.load_group(session, family.group_id).join_code
    assert code in page
    assert "Choose seats and rules" in page
    listing = text(family.client.get("/groups"))
    assert "Smith family" in listing and f"/groups/{family.group_id}" in listing


def test_another_device_reads_and_joins_with_the_code(family: Family) -> None:
    other = family.app.test_client()
    page = text(other.get(f"/groups/{family.group_id}"))
    with Session(get_engine(family.app)) as session:
        code = games.load_group(session, family.group_id).join_code
    assert code not in page and "Choose seats and rules" not in page and "reading" in page
    wrong = other.post(f"/groups/{family.group_id}/join", data={"code": "WRONG1"})
    assert wrong.status_code == 403
    assert "join code is not right" in text(wrong) and 'value="WRONG1"' in text(wrong)
    refused = other.post(f"/groups/{family.group_id}/people", data={"name": "Dee"})
    assert refused.status_code == 403
    assert other.post(f"/groups/{family.group_id}/join", data={"code": code}).status_code == 303
    assert "Choose seats and rules" in text(other.get(f"/groups/{family.group_id}"))


def test_a_group_needs_a_name_and_keeps_what_was_typed(client: FlaskClient) -> None:
    response = client.post("/groups", data={"name": "  ", "people": "Ann\nBob"})
    assert response.status_code == 400
    page = text(response)
    assert "name" in page.lower() and "Ann\nBob</textarea>" in page


def test_an_unknown_group_or_person_is_a_404(family: Family) -> None:
    client = family.client
    assert client.get("/groups/" + "x" * 22).status_code == 404
    assert client.get("/groups/short").status_code == 404
    assert client.get(f"/groups/{family.group_id}/people/999999").status_code == 404
    assert client.get(f"/groups/{'y' * 22}/leaderboard").status_code == 404


# --- people: add, rename, merge ---------------------------------------------------------------


def test_rename_a_person(family: Family) -> None:
    ann = family.person_id("Ann")
    url = f"/groups/{family.group_id}/people/{ann}/name"
    assert family.client.post(url, data={"name": "Annie"}).status_code == 303
    page = text(family.client.get(f"/groups/{family.group_id}"))
    assert "Annie" in page and "won by Annie" in page
    taken = family.client.post(url, data={"name": "bob"})
    assert taken.status_code == 409
    assert "already in this group" in text(taken) and 'value="bob"' in text(taken)


def test_merge_a_typo_into_the_right_person(family: Family, new_game: GameBuilder) -> None:
    with Session(get_engine(family.app), expire_on_commit=False) as session:
        new_game(session, ["Anne", "Dee"], [[None, 40]], group_id=family.group_id, rounds="all")
    typo, ann = family.person_id("Anne"), family.person_id("Ann")
    response = family.client.post(
        f"/groups/{family.group_id}/people/{typo}/merge", data={"into": str(ann)}
    )
    assert response.status_code == 303
    page = text(family.client.get(f"/groups/{family.group_id}/people/{ann}"))
    assert "Dee" in page  # the old game's opponent is now Ann's head-to-head
    assert family.client.get(f"/groups/{family.group_id}/people/{typo}").status_code == 404


def test_merging_into_themselves_or_nobody_is_refused_and_changes_nothing(family: Family) -> None:
    ann = family.person_id("Ann")
    url = f"/groups/{family.group_id}/people/{ann}/merge"
    itself = family.client.post(url, data={"into": str(ann)})
    assert itself.status_code == 400
    assert "cannot be merged into themselves" in text(itself)
    nobody = family.client.post(url, data={"into": ""})
    assert nobody.status_code == 400 and "Choose the person" in text(nobody)
    missing = family.client.post(url, data={"into": "999999"})
    assert missing.status_code == 404 and "no such person" in text(missing)
    together = family.client.post(url, data={"into": str(family.person_id("Bob"))})
    assert together.status_code == 400 and "same game" in text(together)
    assert family.person_id("Ann") == ann


def test_names_with_markup_are_shown_as_text(family: Family) -> None:
    name = '<img src=x onerror="alert(1)">'
    assert (
        family.client.post(f"/groups/{family.group_id}/people", data={"name": name}).status_code
        == 303
    )
    page = text(family.client.get(f"/groups/{family.group_id}"))
    assert name not in page and "&lt;img src=x" in page


# --- games started from the group -------------------------------------------------------------


def test_start_a_game_with_people_picked_from_the_group(family: Family) -> None:
    form = text(family.client.get(f"/games/new?group={family.group_id}&player=Cy&player=Ann"))
    assert f'name="group" value="{family.group_id}"' in form
    assert re.search(r'name="player" value="Cy".*name="player" value="Ann"', form, re.S)
    assert '<option value="Bob">' in form  # the group's people are offered for each seat
    created = family.client.post(
        "/games/new",
        data={"group": family.group_id, "player": ["Cy", "Ann", "Dee"], "preset": "liverpool"},
    )
    assert created.status_code == 303
    game_id = created.headers["Location"].rsplit("/", 1)[1]
    with Session(get_engine(family.app)) as session:
        assert games.game_group_id(session, game_id) == family.group_id
        people = [p.name for p in games.load_group(session, family.group_id).people]
    assert "Dee" in people  # a new name joins the group


def test_only_an_editor_starts_a_game_in_the_group(family: Family) -> None:
    other = family.app.test_client()
    assert other.get(f"/games/new?group={family.group_id}").status_code == 403
    refused = other.post(
        "/games/new", data={"group": family.group_id, "player": ["A", "B"], "preset": "liverpool"}
    )
    assert refused.status_code == 403


def test_attach_an_old_game_by_its_link(family: Family) -> None:
    with Session(get_engine(family.app), expire_on_commit=False) as session:
        old, _token = games.create_game(session, preset="liverpool", players=["Ann", "Gran"])
    grant_device(family.app, family.client, old.id)  # a game this device scores
    url = f"/groups/{family.group_id}/games"
    assert family.client.post(url, data={"link": f"http://x/games/{old.id}"}).status_code == 303
    assert "Gran" in text(family.client.get(f"/groups/{family.group_id}"))
    bad = family.client.post(url, data={"link": "not a link"})
    assert bad.status_code == 400 and 'value="not a link"' in text(bad)


# --- the leaderboard and a person's page ----------------------------------------------------


def _names_in_order(page: str) -> list[str]:
    body = page.split("<tbody>", 1)[1]
    return re.findall(r'<th scope="row" class="who"><a [^>]*>([^<]+)</a>', body)


def test_the_leaderboard_sorts_on_the_server(family: Family) -> None:
    url = f"/groups/{family.group_id}/leaderboard"
    by_wins = text(family.client.get(url))
    assert "2 finished games" in by_wins
    assert _names_in_order(by_wins)[2] == "Cy"  # no win
    by_name = _names_in_order(text(family.client.get(url + "?sort=name")))
    assert by_name == ["Ann", "Bob", "Cy"]
    backwards = _names_in_order(text(family.client.get(url + "?sort=name&dir=desc")))
    assert backwards == ["Cy", "Bob", "Ann"]
    page = text(family.client.get(url + "?sort=average_score"))
    assert 'aria-sort="ascending"' in page
    assert "sort=average_score&amp;dir=desc" in page  # the heading's link turns the order


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("sort=shoe_size", "cannot be sorted by"),
        ("from=yesterday", "must look like 2026-01-31"),
        ("from=2026-05-01&to=2026-04-01", "comes before its first day"),
        ("year=20x6", "must be a number"),
        ("year=12", "between 1900 and 9999"),
    ],
)
def test_bad_leaderboard_requests_are_a_400(family: Family, query: str, message: str) -> None:
    response = family.client.get(f"/groups/{family.group_id}/leaderboard?{query}")
    assert response.status_code == 400
    assert message in text(response)


def test_a_range_without_games_says_so(family: Family) -> None:
    page = text(family.client.get(f"/groups/{family.group_id}/leaderboard?year=1999"))
    assert "No finished game in this range" in page


def test_the_person_page(family: Family) -> None:
    ann = family.person_id("Ann")
    page = text(family.client.get(f"/groups/{family.group_id}/people/{ann}"))
    assert "<h1>Ann</h1>" in page
    h2h = page.split("Head-to-head", 2)[2]
    assert "Bob" in h2h and "Cy" in h2h
    assert 'class="chart"' in page  # two finished games: a results chart
    assert page.count("place 1 of 3") == 1 and page.count("place 2 of 3") == 1


def test_the_leaderboard_page_on_both_databases(db_app: Flask, new_game: GameBuilder) -> None:
    family = _family(db_app, new_game)
    page = text(family.client.get(f"/groups/{family.group_id}/leaderboard?sort=wins"))
    assert sorted(_names_in_order(page)[:2]) == ["Ann", "Bob"]


# --- export and import ----------------------------------------------------------------------


def test_export_is_for_editors_and_imports_back(family: Family, tmp_path: Path) -> None:
    reader = family.app.test_client()
    assert reader.get(f"/groups/{family.group_id}/export.json").status_code == 403
    exported = family.client.get(f"/groups/{family.group_id}/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    document = json.loads(exported.data)
    assert document["kind"] == "group" and len(document["games"]) == 3
    csv_text = text(family.client.get(f"/groups/{family.group_id}/export.csv"))
    assert csv_text.count("\n") > 3 * 7
    assert family.client.get(f"/groups/{family.group_id}/export.xml").status_code == 404

    elsewhere = make_app(f"sqlite:///{tmp_path / 'other.sqlite3'}", tmp_path / "other")
    device = elsewhere.test_client()
    done = device.post(
        "/groups/import",
        data={"file": (io.BytesIO(exported.data), "smiths.json")},
        content_type="multipart/form-data",
    )
    assert done.status_code == 303 and done.headers["Location"].endswith(family.group_id)
    page = text(device.get(f"/groups/{family.group_id}"))
    assert "Smith family" in page and "won by Ann" in page
    assert "Choose seats and rules" in page  # the importing device may edit


def _import(client: FlaskClient, content: bytes) -> tuple[int, str]:
    response = client.post(
        "/groups/import",
        data={"file": (io.BytesIO(content), "backup.json")},
        content_type="multipart/form-data",
    )
    return response.status_code, text(response)


def test_a_bad_import_changes_nothing_and_says_why(family: Family) -> None:
    good = json.loads(family.client.get(f"/groups/{family.group_id}/export.json").data)
    client = family.app.test_client()
    wrong_version = dict(good, version=99)
    status, page = _import(client, json.dumps(wrong_version).encode())
    assert status == 400 and "Nothing was imported" in page and "version 99" in page
    status, page = _import(client, b"not json at all")
    assert status == 400 and "Nothing was imported" in page
    status, page = _import(client, json.dumps(good).encode())  # already here
    assert status == 409 and "already here" in page
    missing = client.post("/groups/import", data={}, content_type="multipart/form-data")
    assert missing.status_code == 400 and "Choose an export file" in text(missing)
    with Session(get_engine(family.app)) as session:
        assert games.load_group(session, family.group_id).game_count == 3


def test_an_import_larger_than_the_app_limit_is_read(
    family: Family, tmp_path: Path, new_game: GameBuilder
) -> None:
    """An export is far over the app's 64 KB form limit: the import raises it for itself."""
    with Session(get_engine(family.app), expire_on_commit=False) as session:
        for _ in range(12):
            new_game(
                session,
                ["Ann", "Bob", "Cy"],
                [[None, 10, 20]],
                group_id=family.group_id,
                rounds="all",
            )
    exported = family.client.get(f"/groups/{family.group_id}/export.json").data
    assert len(exported) > family.app.config["MAX_CONTENT_LENGTH"]
    elsewhere = make_app(f"sqlite:///{tmp_path / 'big.sqlite3'}", tmp_path / "big")
    status, _page = _import(elsewhere.test_client(), exported)
    assert status == 303


def test_the_import_checks_its_csrf_token(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path, WTF_CSRF_ENABLED=True)
    status, page = _import(app.test_client(), b"{}")
    assert status == 400 and "security token" in page


def _as_another_group(exported: bytes) -> tuple[bytes, list[str]]:
    """The export with new ids for the group and its games: it imports beside the original."""
    data = json.loads(exported)
    data["group"]["id"] = "copy-of-the-smiths-1"
    for number, game in enumerate(data["games"]):
        game["id"] = f"copy-of-game-number-{number}"
    return json.dumps(data).encode(), [g["id"] for g in data["games"]]


def test_the_importing_device_may_edit_each_imported_game(
    db_app: Flask, new_game: GameBuilder
) -> None:
    """On both databases: the page's import gives this browser the group and every game."""
    family = _family(db_app, new_game)
    exported = family.client.get(f"/groups/{family.group_id}/export.json").data
    copy, game_ids = _as_another_group(exported)
    device = db_app.test_client()
    device.get("/groups")  # the browser gets its device id
    status, _page = _import(device, copy)
    assert status == 303
    with device.session_transaction() as cookie:
        device_id = cookie["device"]
    with Session(get_engine(db_app)) as session:
        assert games.can_edit_group(session, "copy-of-the-smiths-1", (), device_id)
        for game_id in game_ids:
            assert games.can_edit(session, game_id, [], device_id), game_id
    begun = text(device.get(f"/games/{game_ids[2]}"))
    assert "· watching" not in begun and 'id="entry-form"' in begun
    watching = text(db_app.test_client().get(f"/games/{game_ids[2]}"))
    assert "· watching" in watching


def test_a_refused_import_lists_every_problem(family: Family) -> None:
    exported = family.client.get(f"/groups/{family.group_id}/export.json").data
    data = json.loads(exported)
    first, second = data["games"][0]["id"], data["games"][1]["id"]
    data["group"]["id"] = "copy-of-the-smiths-2"
    data["games"][0]["rounds"][1]["entries"][2]["points"] = "lots"
    data["games"][1]["players"][0]["person"] = "<b>Eve</b>"
    status, page = _import(family.app.test_client(), json.dumps(data).encode())
    assert status == 400
    assert "Nothing was imported from backup.json: the file has 4 problems." in page
    here = "a game with this id is already here, or earlier in the file"
    items = re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", page)
    assert items == [
        (f"game 1 ({first}), round 2, seat 2", "points must be a whole number, not text"),
        (f"game 2 ({second})", "unknown person &#39;&lt;b&gt;Eve&lt;/b&gt;&#39;: not in the "
         "group&#39;s people"),
        (f"game 2 ({second})", here),  # the group's games are in this database already
        (f"game 3 ({data['games'][2]['id']})", here),
    ]  # fmt: skip
    assert "<b>Eve</b>" not in page  # markup in a file is text
    field = re.search(r'<input type="file"[^>]*>', page)
    assert field is not None and "disabled" not in field.group(0)
    assert 'aria-describedby="import-problems"' in field.group(0)
    with Session(get_engine(family.app)) as session, pytest.raises(games.NotFound):
        games.load_group(session, "copy-of-the-smiths-2")


# --- a new join code --------------------------------------------------------------------------


def test_an_editor_gives_the_group_a_new_join_code(family: Family) -> None:
    url = f"/groups/{family.group_id}"
    with Session(get_engine(family.app)) as session:
        old = games.load_group(session, family.group_id).join_code
    page = text(family.client.get(url))
    assert "New join code…" in page and f"The code {old} stops working" in page
    reader = family.app.test_client()
    assert "New join code" not in text(reader.get(url))
    assert reader.post(f"{url}/join-code").status_code == 403
    response = family.client.post(f"{url}/join-code")
    assert response.status_code == 303 and response.headers["Location"].endswith("#share")
    with Session(get_engine(family.app)) as session:
        new = games.load_group(session, family.group_id).join_code
    assert new != old and new in text(family.client.get(url))
    assert reader.post(f"{url}/join", data={"code": old}).status_code == 403
    assert reader.post(f"{url}/join", data={"code": new}).status_code == 303
    assert "Choose seats and rules" in text(family.client.get(url))  # still an editor


# --- sharing a finished game's result -------------------------------------------------------


def test_share_a_finished_games_result_as_text_and_picture(family: Family) -> None:
    first = family.games[0]
    lines = text(family.client.get(f"/games/{first.id}/result.txt")).splitlines()
    assert lines[0] == first.display_title
    assert "1. Ann: 0 points (winner)" in lines
    assert "3. Cy: 140 points" in lines
    assert lines[-1].endswith(f"/games/{first.id}")
    picture = family.client.get(f"/games/{first.id}/result.png")
    assert picture.mimetype == "image/png"
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG" and image.width == 800 and image.height > 3 * 50
    again = family.client.get(
        f"/games/{first.id}/result.png", headers={"If-None-Match": picture.headers["ETag"]}
    )
    assert again.status_code == 304


def test_an_unfinished_game_has_no_result_to_share(family: Family) -> None:
    begun = family.games[2]
    for kind in ("txt", "png"):
        response = family.client.get(f"/games/{begun.id}/result.{kind}")
        assert response.status_code == 409
        assert "once the game is over" in text(response)
    assert family.client.get(f"/games/{'z' * 22}/result.txt").status_code == 404


def test_the_game_page_has_the_chart_and_the_share_buttons(family: Family) -> None:
    finished = text(family.client.get(f"/games/{family.games[0].id}"))
    chart = finished.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    assert chart.count("<polyline") == 3  # a line a player
    assert "style=" not in chart
    assert "data-share-result" in finished and "result.png" in finished
    begun = text(family.client.get(f"/games/{family.games[2].id}"))
    assert '<svg class="chart"' in begun and "data-share-result" not in begun


@pytest.fixture
def pages(family: Family) -> Iterator[list[str]]:
    ann = family.person_id("Ann")
    yield [
        f"/groups/{family.group_id}",
        f"/groups/{family.group_id}/leaderboard",
        f"/groups/{family.group_id}/people/{ann}",
        "/groups",
        "/groups/import",
    ]


def test_no_page_has_inline_styles_or_scripts(family: Family, pages: list[str]) -> None:
    for url in pages:
        page = text(family.client.get(url))
        assert " style=" not in page and "<style" not in page, url
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), url
