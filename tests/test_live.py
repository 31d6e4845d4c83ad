"""Live screens and the installable app with Flask's test client (issue 15), on SQLite and
PostgreSQL: the version poll every live page makes, the live regions the pages carry, the
service worker and the manifest, and the Content-Security-Policy that allows them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.web.live import POLL_MILLISECONDS

from .test_pages import HX, create, play, text


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
