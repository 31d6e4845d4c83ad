"""Sharing a game: the join link and its QR code, joining with the code, a new code, the
devices that may score (each can be removed by the game's editors), taking the game out of
the group it is in, and a finished game's result (text and picture) to send to others.

Its own blueprint (``sharing``), under the game's address (``/games/<id>/...``)."""

from __future__ import annotations

import re

import segno
from flask import Blueprint, Response, request, url_for
from markupsafe import Markup

from .. import games, ratelimit
from ..db import get_session
from ..errors import Conflict
from ..printing.share import game_result_png, result_text
from . import access, language
from .htmx import redirect_to, render
from .security import no_store

bp = Blueprint("sharing", __name__, url_prefix="/games")


@bp.app_template_global()
def join_qr(game: games.GameView) -> Markup:
    """A QR code of the game's join link (inline SVG, no style attributes), drawn only where
    a page shows it (the share panel of an editor's full page: never in a fragment)."""
    join_url = url_for("sharing.join_confirm", game_id=game.id, code=game.join_code,
                       _external=True)  # fmt: skip
    svg = segno.make(join_url, error="m").svg_inline(
        scale=4, border=4, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff"
    )
    return Markup(svg)


# --- joining --------------------------------------------------------------------------------


@bp.get("/<game_id>/join")
def join_confirm(game_id: str) -> Response:
    """The QR code's link: one tap to confirm (a GET never grants anything)."""
    view = games.load_game(get_session(), game_id)
    code = re.sub(r"[^A-Za-z0-9]", "", request.args.get("code", ""))[:12]
    page = render(
        "games/join.html", game=view, editor=access.can_edit(game_id), join_code_value=code
    )
    return no_store(page)


@bp.post("/<game_id>/join")
def join(game_id: str) -> Response:
    """Check the join code (rate limited) and keep an edit grant in this device's cookie."""
    session = get_session()
    code = request.form.get("code", "")[:40]
    try:
        ratelimit.check_join_attempt()  # counted first, even for a game that is not
        games.join(session, game_id, code, device=access.device_id())
    except (ratelimit.TooManyAttempts, games.Forbidden) as error:
        view = games.load_game(session, game_id)
        return render(
            "games/join.html", "games/_join.html", status=error.status, game=view,
            editor=False, join_error=error.message, join_code_value=code,
        )  # fmt: skip
    return redirect_to(url_for("games.show", game_id=game_id))


@bp.post("/<game_id>/join-code")
def new_join_code(game_id: str) -> Response:
    """Give the game a new join code (the old one stops working; devices keep their rights)."""
    session = get_session()
    actor = access.require_edit(game_id)
    games.rotate_join_code(session, game_id, actor)
    return redirect_to(url_for("games.show", game_id=game_id, _anchor="share"))


# --- devices that may edit --------------------------------------------------------------------


@bp.get("/<game_id>/devices")
def devices(game_id: str) -> Response:
    """Every device (and API client) that may enter rounds, each with a button to remove it."""
    access.require_edit(game_id)
    session = get_session()
    view = games.load_game(session, game_id)
    grants = games.edit_grants(session, game_id, device=access.device_id())
    removed = request.args.get("removed", "")[:80]
    return no_store(render("games/devices.html", game=view, grants=grants, removed=removed))


@bp.post("/<game_id>/devices/<ref>/remove")
def remove_device(game_id: str, ref: str) -> Response:
    session = get_session()
    actor = access.require_edit(game_id)
    gone = games.revoke_grant(session, game_id, ref[:40], actor, device=access.device_id())
    if gone.yours:  # this device has just given up its own rights: back to watching
        return redirect_to(url_for("games.show", game_id=game_id))
    return redirect_to(url_for("sharing.devices", game_id=game_id, removed=gone.label))


# --- the game's group -------------------------------------------------------------------------


@bp.post("/<game_id>/group/leave")
def leave_group(game_id: str) -> Response:
    """Take the game out of its group, once its editor confirmed it (the page asks first):
    the group's pages stop counting it; the game itself stays as it is."""
    access.require_edit(game_id)
    games.detach_game(get_session(), game_id, device=access.device_id())
    return redirect_to(url_for("games.show", game_id=game_id, _anchor="share"))


# --- a finished game's result -------------------------------------------------------------------


def _finished(game_id: str) -> games.GameView:
    view = games.load_game(get_session(), game_id)
    if not view.finished:
        raise Conflict("The result can be shared once the game is over.")
    return view


@bp.get("/<game_id>/result.txt")
def result_txt(game_id: str) -> Response:
    """The final standings as plain text (what the share button sends)."""
    view = _finished(game_id)
    link = url_for("games.show", game_id=game_id, _external=True)
    response = Response(result_text(view, link), mimetype="text/plain")
    response.headers["Content-Disposition"] = 'inline; filename="result.txt"'
    return response


@bp.get("/<game_id>/result.png")
def result_png(game_id: str) -> Response:
    """The final standings as a picture (PNG)."""
    view = _finished(game_id)
    etag = f"result-{game_id}-v{view.version}-{language.current()}"  # drawn in its words
    if request.if_none_match.contains(etag):
        return Response(status=304)
    response = Response(game_result_png(view), mimetype="image/png")
    response.headers["Content-Disposition"] = 'inline; filename="result.png"'
    response.set_etag(etag)
    return response
