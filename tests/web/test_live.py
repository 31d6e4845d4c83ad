"""Live screens and the installable app with Flask's test client (issue 15), on SQLite and
PostgreSQL: the version poll every live page makes, the live regions the pages carry, the
service worker and the manifest, and the Content-Security-Policy that allows them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.config import from_environment
from scorekeeper.web.live import POLL_MILLISECONDS
from tests.conftest import make_app
from tests.web.test_games import HX, create, form_fields, play, text


@pytest.fixture
def client(db_app: Flask) -> FlaskClient:
    return db_app.test_client()


def test_the_poll_answers_204_until_the_game_changes(client: FlaskClient) -> None:
    game_id = create(client)
    poll = f"/games/{game_id}/live"
    first = client.get(poll)
    assert first.status_code == 200 and first.json == {"version": 1}
    unchanged = client.get(f"{poll}?v=1")
    assert unchanged.status_code == 204 and unchanged.data == b""
    assert unchanged.headers["Cache-Control"] == "no-store"
    play(client, game_id, 0, {1: 10, 2: 15})
    changed = client.get(f"{poll}?v=1")
    assert changed.status_code == 200 and changed.json == {"version": 2}
    assert client.get(f"{poll}?v=2").status_code == 204
    # Any other (or unreadable) version is a change: the page fetches itself again.
    assert client.get(f"{poll}?v=abc").status_code == 200


def test_the_poll_is_public_and_says_when_there_is_no_such_game(
    db_app: Flask, client: FlaskClient
) -> None:
    game_id = create(client)
    stranger = db_app.test_client()  # never joined: a watcher is live too
    assert stranger.get(f"/games/{game_id}/live?v=1").status_code == 204
    missing = stranger.get("/games/AAAAAAAAAAAAAAAAAAAAAA/live?v=1")
    assert missing.status_code == 404 and "no such game" in text(missing).lower()


def test_an_unchanged_poll_loads_no_game(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = create(client)
    calls: list[str] = []
    real = games.load_game

    def counting(session: Any, gid: str) -> games.GameView:
        calls.append(gid)
        return real(session, gid)

    monkeypatch.setattr(games, "load_game", counting)
    for _ in range(3):
        assert client.get(f"/games/{game_id}/live?v=1").status_code == 204
    assert calls == []


def live_region(page: str, region_id: str) -> dict[str, str]:
    """The data-live attributes of the element with ``region_id``."""
    tag = re.search(rf'<[a-z]+ id="{region_id}"[^>]*>', page, re.S)
    assert tag, f"no #{region_id}"
    attributes = dict(re.findall(r'(data-live[a-z-]*)(?:="([^"]*)")?', tag.group(0)))
    assert "data-live" in attributes, f"#{region_id} is not a live region"
    return attributes


def test_every_page_showing_a_game_is_a_live_region(client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    poll = f"/games/{game_id}/live"
    for path, region in [
        (f"/games/{game_id}", "game-body"),
        (f"/games/{game_id}/watch", "watch-board"),
        (f"/games/{game_id}/history", "history"),
    ]:
        page = text(client.get(path))
        attributes = live_region(page, region)
        assert attributes["data-live-poll"] == poll and attributes["data-live-version"] == "2"
        assert f'<meta name="live-poll-ms" content="{POLL_MILLISECONDS}">' in page
    # What a changed region fetches is the region again (the htmx fragment, no page around).
    board = client.get(f"/games/{game_id}/watch/board", headers=HX)
    assert "<html" not in text(board) and live_region(text(board), "watch-board")
    body = client.get(f"/games/{game_id}", headers=HX)
    assert "<html" not in text(body) and live_region(text(body), "game-body")


def test_the_poll_period_is_the_live_poll_seconds_setting(tmp_path: Path) -> None:
    assert from_environment({"SCOREKEEPER_LIVE_POLL_SECONDS": "2.5"}) == {"LIVE_POLL_SECONDS": 2.5}
    app = make_app(f"sqlite:///{tmp_path / 'poll.sqlite3'}", tmp_path, LIVE_POLL_SECONDS=2.5)
    page = text(app.test_client().get("/"))
    assert '<meta name="live-poll-ms" content="2500">' in page
    for wrong in (0, 0.1, 61, "often"):
        with pytest.raises(ValueError, match=r"LIVE_POLL_SECONDS .* from 0\.25 to 60"):
            make_app(f"sqlite:///{tmp_path / 'bad.sqlite3'}", tmp_path, LIVE_POLL_SECONDS=wrong)


def edit_src(page: str) -> str:
    """Where the live edit page asks for itself again."""
    return html.unescape(live_region(page, "edit-round")["data-live-src"])


def undo(client: FlaskClient, game_id: str) -> None:
    page = text(client.get(f"/games/{game_id}/undo"))
    data = {k: v for k, v in form_fields(page).items() if k in ("round", "version")}
    assert client.post(f"/games/{game_id}/undo", data=data).status_code == 303


def test_a_round_being_edited_says_what_another_device_changed(client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    page = text(client.get(f"/games/{game_id}/rounds/1/edit"))
    region = live_region(page, "edit-round")
    assert region["data-live-poll"] == f"/games/{game_id}/live"
    assert region["data-live-version"] == "2" and "data-live-htmx" in region
    src = edit_src(page)
    assert re.fullmatch(rf"/games/{game_id}/rounds/1/edit\?since=1\.[0-9a-f]{{16}}&seen=2", src)
    unchanged = text(client.get(src, headers=HX))
    assert "<html" not in unchanged and "data-edit-notice" not in unchanged
    assert 'id="entry-form"' in unchanged

    # Another round saved: said, with what it was; the notice counts from when it was opened.
    play(client, game_id, 1, {0: 5, 2: 5})
    other = text(client.get(src, headers=HX))
    assert 'data-edit-notice="game"' in other and "Round 2 entered" in other
    assert "Round 1 is as you opened it" in other and edit_src(other) == src
    assert live_region(other, "edit-round")["data-live-version"] == "3"

    # This round edited elsewhere: said, with what is recorded now.
    fields = form_fields(text(client.get(f"/games/{game_id}/rounds/1/edit")))
    edit = {**fields, "out": "0", "points-1": "30", "points-2": "15"}
    assert client.post(f"/games/{game_id}/rounds/1", data=edit).status_code == 303
    changed = text(client.get(src, headers=HX))
    assert 'data-edit-notice="round"' in changed and "was changed on another device" in changed
    assert "30</span> points" in changed
    assert "Use the recorded values instead" in changed

    # A stamp that is not one is ignored: the page as opened now.
    assert "data-edit-notice" not in text(client.get(f"{src.split('?')[0]}?since=x&seen=y"))


def test_a_round_undone_while_edited_says_so_and_offers_the_way_back(
    client: FlaskClient,
) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    play(client, game_id, 1, {0: 5, 2: 5})
    page = text(client.get(f"/games/{game_id}/rounds/2/edit"))
    src = edit_src(page)
    typed = {**form_fields(page), "out": "1", "points-0": "25", "points-2": "5"}
    undo(client, game_id)

    # The live page asks again: the region, saying what happened.
    gone = client.get(src, headers=HX)
    body = html.unescape(text(gone))
    assert gone.status_code == 200 and live_region(body, "edit-round")
    assert "data-round-gone" in body and 'id="entry-form"' not in body
    assert "Round 2 is not recorded any more: it was undone on another device" in body
    assert f'href="/games/{game_id}">Back to the game' in body
    assert 'data-carry-round="2"' in body  # round 2 is the one to play now
    # Opened afresh (no stamp), a round not recorded is a plain 404.
    assert client.get(f"/games/{game_id}/rounds/2/edit").status_code == 404
    assert client.get(f"/games/{game_id}/rounds/9/edit?since=1.{'0' * 16}").status_code == 404

    # Saving the form of the undone round: refused, the form as typed, saying so.
    saved = client.post(f"/games/{game_id}/rounds/2", data=typed, headers=HX)
    body = html.unescape(text(saved))
    assert saved.status_code == 404 and "data-round-gone" in body
    assert 'value="25"' in body and re.search(r'class="big save-button" disabled', body)
    assert len(games_of(client, game_id).rounds) == 1


def games_of(client: FlaskClient, game_id: str) -> games.GameView:
    from scorekeeper.db import get_session

    app = client.application
    with app.app_context():
        return games.load_game(get_session(), game_id)


def test_an_edit_refused_as_stale_keeps_what_was_typed(client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    edit = f"/games/{game_id}/rounds/1/edit"
    mine = {**form_fields(text(client.get(edit))), "out": "0", "points-1": "40", "points-2": "15"}
    theirs = {**form_fields(text(client.get(edit))), "out": "0", "points-1": "20", "points-2": "15"}
    assert client.post(f"/games/{game_id}/rounds/1", data=theirs).status_code == 303
    refused = client.post(f"/games/{game_id}/rounds/1", data=mine, headers=HX)
    body = text(refused)
    assert refused.status_code == 409 and "changed on another device meanwhile" in body
    assert 'value="40"' in body and "20</span> points" in body
    assert live_region(body, "edit-round")["data-live-version"] == "3"
    assert games_of(client, game_id).rounds[0].points == (0, 20, 15)
    # Told, saving again replaces the recorded values with these.
    again = {**mine, **form_fields(body)}
    assert again["version"] == "2" and again["key"] != mine["key"]
    assert client.post(f"/games/{game_id}/rounds/1", data=again).status_code == 303
    assert games_of(client, game_id).rounds[0].points == (0, 40, 15)


def test_the_new_round_form_is_kept_on_the_device_but_not_an_edit(client: FlaskClient) -> None:
    game_id = create(client)
    page = text(client.get(f"/games/{game_id}"))
    assert re.search(rf'<form id="entry-form"[^>]*data-draft="{game_id}"', page, re.S)
    play(client, game_id, 0, {1: 10, 2: 15})
    edit = text(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert 'id="entry-form"' in edit and "data-draft" not in edit


def fetched(client: FlaskClient, path: str) -> Any:
    """A file's answer, read and closed (a file sent from disk stays open until closed)."""
    with client.get(path) as answer:
        answer.get_data()
        return answer


def test_the_service_worker_is_served_from_the_root(client: FlaskClient) -> None:
    worker = fetched(client, "/sw.js")
    assert worker.status_code == 200
    assert worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    source = text(worker)
    assert 'addEventListener("fetch"' in source
    # Everything it keeps for offline use exists.
    for path in re.findall(r'"(/(?:static/[^"]+|manifest\.webmanifest))"', source):
        assert fetched(client, path).status_code == 200, path


def test_the_manifest_names_the_app_and_its_icons(client: FlaskClient) -> None:
    answer = fetched(client, "/manifest.webmanifest")
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    manifest = json.loads(answer.data)
    assert manifest["name"] == "Scorekeeper" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    pngs = {i["sizes"]: i for i in manifest["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= set(pngs)
    for size, icon in pngs.items():
        data = fetched(client, icon["src"]).data
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == size
    page = text(client.get("/"))
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_the_csp_allows_the_manifest_and_the_worker_and_nothing_inline(
    client: FlaskClient,
) -> None:
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["manifest-src"] == "'self'" and directives["worker-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert "unsafe" not in policy
