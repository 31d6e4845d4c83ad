"""Security properties checked by walking every route of the app (issue 6, items 6, 8, 9, 12).

Routes are found in ``app.url_map``, so a route added later is covered without editing this
file. Each walk reports how many routes it checked.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select as sa_select
from sqlmodel import SQLModel
from werkzeug.routing import IntegerConverter

from scorekeeper import games
from scorekeeper.db import get_engine, write_session
from scorekeeper.rules.scoring import PlayerResult
from tests.conftest import grant_device, make_app

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "{{7*7}}",
    'hx-get="/x"',
]
# Fragments of the hostile names that must never appear unescaped in HTML.
RAW_MARKERS = ["<script>alert(1)", "<img src=x", 'hx-get="/x"']


def snapshot(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, to prove a request changed nothing. Rate-limit counters are
    left out: counting a request (a PDF render, a join attempt) is not a change to any game."""
    tables: dict[str, list[tuple[Any, ...]]] = {}
    with get_engine(app).connect() as connection:
        for table in SQLModel.metadata.sorted_tables:
            if table.name == "ratelimithit":
                continue
            rows = connection.execute(sa_select(table)).all()
            tables[table.name] = sorted(tuple(map(repr, row)) for row in rows)
    return tables


class Setup:
    """A game with one round played, and a client that may edit it."""

    def __init__(self, app: Flask, players: list[str], title: str = "") -> None:
        self.app = app
        with app.app_context(), write_session() as session:
            view, self.token = games.create_game(
                session, preset="liverpool", players=players, title=title, first_dealer=0
            )
        self.game_id = view.id
        self.join_code = view.join_code
        results = [PlayerResult(went_out=True)] + [PlayerResult(points=20)] * (len(players) - 1)
        with app.app_context(), write_session() as session:
            games.add_round(session, self.game_id, 1, games.RoundInput(tuple(results)))
        self.client = app.test_client()
        grant_device(app, self.client, self.game_id)

    def url(self, rule: Any) -> str:
        values: dict[str, Any] = {}
        for argument in rule.arguments:
            if argument == "game_id":
                values[argument] = self.game_id
            elif argument == "number":
                values[argument] = 1
            elif argument == "preset":
                values[argument] = "liverpool"
            elif argument == "filename":
                values[argument] = "css/app.css"
            elif isinstance(rule._converters.get(argument), IntegerConverter):
                values[argument] = 1  # a number that names nothing
            else:
                values[argument] = "x"
        with self.app.test_request_context():
            from flask import url_for

            return url_for(rule.endpoint, **values)


def routes(app: Flask, methods: set[str]) -> Iterator[tuple[Any, str]]:
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        for method in sorted((rule.methods or set()) & methods):
            yield rule, method


@pytest.fixture
def csrf_app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(f"sqlite:///{tmp_path / 'csrf.sqlite3'}", tmp_path, WTF_CSRF_ENABLED=True)
    yield app
    get_engine(app).dispose()


def test_every_state_changing_route_rejects_a_request_without_a_csrf_token(
    csrf_app: Flask,
) -> None:
    setup = Setup(csrf_app, ["Ann", "Bob", "Cy"])
    checked = rejected = 0
    for rule, method in routes(csrf_app, STATE_CHANGING):
        url = setup.url(rule)
        for token in (None, "forged-token"):
            before = snapshot(csrf_app)
            # What a cross-site form would send: urlencoded fields, the session cookie, no
            # valid token.
            data = {"went_out": "0", "points-1": "5", "code": setup.join_code}
            if token:
                data["csrf_token"] = token
            response = setup.client.open(url, method=method, data=data)
            checked += 1
            assert 400 <= response.status_code < 500, (method, url, response.status_code)
            assert snapshot(csrf_app) == before, f"{method} {url} changed data without a token"
            rejected += 1
    print(f"\nCSRF: {checked} state-changing requests checked, {rejected} rejected")
    assert checked >= 10


def test_get_never_changes_state(csrf_app: Flask) -> None:
    setup = Setup(csrf_app, ["Ann", "Bob", "Cy"])
    checked = 0
    for rule, _method in routes(csrf_app, {"GET"}):
        url = setup.url(rule)
        for query in ("", f"?code={setup.join_code}"):
            before = snapshot(csrf_app)
            response = setup.client.get(url + query)
            response.close()
            assert response.status_code < 500, (url, response.status_code)
            assert snapshot(csrf_app) == before, f"GET {url}{query} changed data"
            checked += 1
    print(f"\nGET: {checked} requests, no state change")


def test_an_expired_csrf_token_gets_a_friendly_refresh_answer(tmp_path: Path) -> None:
    app = make_app(
        f"sqlite:///{tmp_path / 'exp.sqlite3'}",
        tmp_path,
        WTF_CSRF_ENABLED=True,
        WTF_CSRF_TIME_LIMIT=1,
    )
    setup = Setup(app, ["Ann", "Bob", "Cy"])
    page = setup.client.get(f"/games/{setup.game_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page) or re.search(
        r'"X-CSRFToken": "([^"]+)"', page
    )
    assert token, "the game page carries a CSRF token"
    time.sleep(2.1)
    before = snapshot(app)
    response = setup.client.post(
        f"/games/{setup.game_id}/undo",
        data={"csrf_token": token.group(1)},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "expired" in text and "Refresh" in text
    assert snapshot(app) == before
    get_engine(app).dispose()


@pytest.fixture
def hostile(app: Flask) -> Setup:
    return Setup(app, HOSTILE, title="<script>alert('title')</script> {{7*7}}")


def test_hostile_names_come_out_literally_in_every_page_and_fragment(
    app: Flask, hostile: Setup
) -> None:
    checked = 0
    for rule, _method in routes(app, {"GET"}):
        if rule.endpoint == "static":
            continue
        url = hostile.url(rule)
        for headers in ({}, {"HX-Request": "true"}):
            response = hostile.client.get(url, headers=headers)
            body = response.get_data()
            response.close()
            assert response.status_code < 500, url
            kind = response.mimetype
            if kind == "text/html":
                text = body.decode()
                for marker in RAW_MARKERS:
                    assert marker not in text, f"{url} shows {marker!r} unescaped"
                assert "alert('title')</script>" not in text
                if hostile.game_id in url and response.status_code == 200 and "openapi" not in url:
                    # Names and titles come out as typed, never evaluated: the escaped name, or
                    # the title's literal {{7*7}}, is on the page; else no 49 at all (random
                    # hex such as a device's ref can hold "49", so the literal is checked first).
                    literal = "&lt;script&gt;alert(1)&lt;/script&gt;" in text or "{{7*7}}" in text
                    assert literal or "49" not in text
            elif kind == "application/json":
                if hostile.game_id in url and response.status_code == 200:
                    data = response.get_json()
                    if isinstance(data, dict) and "players" in data:
                        assert data["players"] == HOSTILE
            elif kind == "application/pdf" and hostile.game_id in url:
                from pypdf import PdfReader

                text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)
                flat = " ".join(text.split())
                for name in HOSTILE:
                    assert " ".join(name.split())[:12] in flat, f"{url} lost {name!r}"
            checked += 1
    print(f"\nEscaping: {checked} GET responses checked with hostile names")


def test_game_page_shows_hostile_names_as_text(app: Flask, hostile: Setup) -> None:
    text = hostile.client.get(f"/games/{hostile.game_id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "{{7*7}}" in text
    assert "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;" in text or (
        "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in text
    )


def test_security_headers_on_every_route(app: Flask, hostile: Setup) -> None:
    checked = 0
    for rule, _method in routes(app, {"GET"}):
        response = hostile.client.get(hostile.url(rule))
        response.close()
        csp = response.headers.get("Content-Security-Policy", "")
        script_src = re.search(r"script-src ([^;]*)", csp)
        assert script_src and "unsafe" not in script_src.group(1), rule.rule
        assert "frame-ancestors 'none'" in csp
        assert response.headers.get("X-Content-Type-Options") == "nosniff"
        assert response.headers.get("Referrer-Policy")
        checked += 1
    assert checked >= 10


def test_session_cookie_is_httponly_and_lax(tmp_path: Path) -> None:
    for secure in (False, True):
        app = make_app(
            f"sqlite:///{tmp_path / f'c{secure}.sqlite3'}", tmp_path, SECURE_COOKIES=secure
        )
        client = app.test_client()
        response = client.post(
            "/games/new",
            data={"preset": "liverpool", "players": ["Ann", "Bob", "Cy"], "action": "create"},
        )
        cookies = response.headers.getlist("Set-Cookie")
        assert cookies, "creating a game stores the edit grant in the session cookie"
        for cookie in cookies:
            assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
            assert ("Secure" in cookie) == secure
        get_engine(app).dispose()


def test_pages_that_differ_for_htmx_vary_on_hx_request(app: Flask, hostile: Setup) -> None:
    """A history restore or back button must get the full page, never a fragment."""
    for url in ["/", f"/games/{hostile.game_id}", "/games/new"]:
        full = hostile.client.get(url)
        fragment = hostile.client.get(url, headers={"HX-Request": "true"})
        restore = hostile.client.get(
            url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
        )
        assert "HX-Request" in full.headers.get("Vary", ""), url
        assert "<html" in full.get_data(as_text=True)
        assert "<html" in restore.get_data(as_text=True)
        if fragment.get_data() != full.get_data():
            assert "HX-Request" in fragment.headers.get("Vary", ""), url
