"""Live screens and the installable app: what every page showing a game polls, and the files a
tablet needs to put Scorekeeper on its home screen.

Terms:

- A **live region** is an element of a page marked ``data-live`` (the game body, a round
  being edited, the watch board, the history table). ``static/js/live.js`` asks
  :func:`version` once a second (``LIVE_POLL_SECONDS``) whether the game has changed since the
  version the region shows; when it has, it fetches the page (or the region's
  ``data-live-src``) again and swaps the region in, keeping the entry form a scorer is typing
  in (see live.js).
- The **poll** is a plain conditional request, answered in about a millisecond with one
  primary-key lookup (:func:`scorekeeper.games.current_version`, no ORM session): a 204 while
  the game is unchanged. A long-lived connection (server-sent events) would hold one of the
  default server's 16 worker threads (2 workers x 8 threads) per open screen, so 16 screens
  would starve round entry; a poll holds a thread for a millisecond.
- The **service worker** (``/sw.js``, served from the root so that its scope covers the whole
  app) keeps the app shell and the last game pages seen, to show them read-only when the
  network is gone; see ``static/js/sw.js``.
"""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    make_response,
    render_template,
    request,
    send_file,
)
from flask.blueprints import BlueprintSetupState

from .. import games
from ..db import get_engine
from ..errors import NotFound
from ..rules.language import N_, _, current_language
from .numbers import whole_number

bp = Blueprint("live", __name__)

# How often a live region asks whether its game changed, by default (``LIVE_POLL_SECONDS``):
# a change shows on every screen within about a second and a half (benchmarks/web.py, "live
# screens"), the 2 s the table needs.
POLL_MILLISECONDS = 1000
POLL_LIMITS = (0.25, 60.0)  # seconds: more often is load for nothing, rarer is not live


def poll_milliseconds(app: Flask) -> int:
    """The poll period the pages are given: ``LIVE_POLL_SECONDS`` in milliseconds."""
    seconds = app.config.get("LIVE_POLL_SECONDS")
    if seconds is None:
        return POLL_MILLISECONDS
    return round(float(seconds) * 1000)


@bp.record_once
def _check_setting(state: BlueprintSetupState) -> None:
    """A poll period out of bounds stops the app at start, with the reason."""
    value = state.app.config.get("LIVE_POLL_SECONDS")
    low, high = POLL_LIMITS
    try:
        seconds = float(value) if value is not None else POLL_MILLISECONDS / 1000
    except (TypeError, ValueError):
        seconds = float("nan")
    if not low <= seconds <= high:
        raise ValueError(
            f"LIVE_POLL_SECONDS is {value!r}: it must be a number of seconds from {low:g} to "
            f"{high:g} (1 shows another device's change within about 1.5 s)"
        )


@bp.app_context_processor
def _live_settings() -> dict[str, int]:
    # Rendered into <meta name="live-poll-ms"> (base.html), read by live.js: no inline script.
    return {"live_poll_ms": poll_milliseconds(current_app)}


@bp.get("/games/<game_id>/live")
def version(game_id: str) -> Response:
    """Has the game changed since version ``v``? 204 if not; else 200 and ``{"version": n}``.

    Not secret (a watcher with the link sees every score): no access check, so a screen
    that has not joined is live too.
    """
    current = games.current_version(get_engine(), game_id)
    if current is None:
        raise NotFound()
    if request.args.get("v", type=whole_number) == current:
        response = make_response("", 204)
    else:
        response = jsonify(version=current)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the root: a worker's scope is the folder it is served from."""
    path = f"{current_app.static_folder}/js/sw.js"
    response = send_file(path, mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"  # a new version is picked up on next visit
    return response


MANIFEST_DESCRIPTION = N_(
    "Score Liverpool Rummy (Contract Rummy) at the table: rounds, totals, a referee and score "
    "sheets."
)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest (the icons and colours of the home-screen app): the static file,
    with its language and description in the reader's (the name is the app's own)."""
    with open(f"{current_app.static_folder}/manifest.webmanifest", encoding="utf-8") as file:
        data = json.load(file)
    data.update(lang=current_language(), dir="ltr", description=_(MANIFEST_DESCRIPTION))
    response = current_app.response_class(
        json.dumps(data, ensure_ascii=False, indent=2), mimetype="application/manifest+json"
    )
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response


@bp.get("/offline")
def offline() -> Response:
    """The page the service worker shows when the network is gone, in the reader's language
    (templates/offline.html): the worker keeps a copy and fills it in."""
    response = make_response(render_template("offline.html"))
    response.headers["Cache-Control"] = "no-cache"
    return response


__all__ = ["POLL_LIMITS", "POLL_MILLISECONDS", "bp", "poll_milliseconds"]
