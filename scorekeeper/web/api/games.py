"""Games and rounds over JSON: ``/api/v1/games``.

Reading a game needs only its unguessable id; changing it needs the edit token returned when
the game was created, sent as ``Authorization: Bearer <token>``.

The views are thin: :func:`read_body` reads the body as one of the request models of
:mod:`.schemas` (shapes and types; a refusal names each field, worded by
:func:`.validation.problems`, and its details map each field to its problem),
:func:`parse_round_input` turns a round into a :class:`scorekeeper.games.RoundInput` (names to
seats, cards parsed), and the game service and the rules core check the rules. The body is
read before the edit token is checked. Every refusal is ``{"error": "...", "details": ...}``
with a 4xx status; the answers are the models of :mod:`.schemas` too.

Decisions the issue left open:

- A retried ``POST .../rounds`` with the same ``Idempotency-Key`` answers **201**, like the
  first request, with the game as it is now and ``Idempotent-Replayed: true``; no second
  round is recorded. The same key for a different round number is a 409.
- ``version`` in a POST body is the *game's* version (``GET`` answers it, also as the ETag);
  in a PUT body (or ``If-Match``) it is the *round's* version, as listed in the game's rounds.
  ``DELETE`` takes the game's version in ``If-Match``. A stale version is a 409 that names the
  version it expected and whose it is (:mod:`.versions`).
- Unknown fields are refused (a typo like ``"point"`` would otherwise lose a score).
- Player names in results match the game's names as names are matched everywhere
  (:func:`scorekeeper.games.names.name_key`: ignoring case, extra or odd spaces and
  invisible characters).
- In a phase game a result's ``phase_done`` may be left out: it is then true for the player
  who went out (``false`` there is refused, naming the player) and false for the others.
  ``phase`` is needed only with the phases in any order, for a phase completed; with the
  phases in order it may be sent, but must be the player's own phase. A game played in
  rounds refuses both rather than drop them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from flask import Response, jsonify, request, url_for
from pydantic import ValidationError
from sqlmodel import Session

from ... import games, ratelimit
from ...db import get_engine, get_session
from ...errors import Conflict, Forbidden, Invalid, NotFound
from ...games.phase_rounds import said
from ...rules import RulesError, parse_cards, scoring
from ...rules.language import N_, _
from .. import access, jsonbody
from ..errors import error_response, require_json_body
from ..numbers import whole_number_or
from ..security import no_store
from . import bp
from .openapi import documented
from .rights import Unauthorized, authorize_group
from .schemas import (
    Devices,
    Game,
    History,
    JoinCode,
    NewGame,
    NewGameAnswer,
    NewRound,
    PlayerResultIn,
    RemovedDevice,
    Request,
    RoundEdit,
)
from .validation import Path, field_name, problems, shown
from .versions import game_version_conflict, is_version_conflict, round_version_conflict

ACTOR = "api"
NO_GROUP_TOKEN = N_(
    "Starting a game in a group needs the group's edit token: "
    "send it as 'Authorization: Bearer <token>'."
)
NOT_THE_GROUPS_TOKEN = N_(
    "That token does not give edit rights to this group: no game was started."
)
SHOWN_PROBLEMS = 3  # in the message; the details list up to MAX_PROBLEMS
MAX_PROBLEMS = 20
Body = TypeVar("Body", bound=Request)


@bp.errorhandler(Unauthorized)
def handle_unauthorized(error: Unauthorized) -> Response:
    response = error_response(error.status, error.message, error.details)
    response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


# --- reading requests ---------------------------------------------------------------------


def read_json() -> dict[str, Any]:
    """The request body as a JSON object, or a 4xx saying what is wrong with it."""
    raw = request.get_data(cache=True)  # a body over the size limit is a 413 here
    require_json_body()
    if not raw.strip():
        raise Invalid(N_("the request needs a JSON object as its body"))
    try:
        data = jsonbody.body()  # read once, at the door
    except ValueError as error:
        raise Invalid(
            N_("the request body is not valid JSON"), {"reason": str(error)[:200]}
        ) from None
    if not isinstance(data, dict):
        raise Invalid(N_("the request body must be a JSON object"))
    return data


def read_body(model: type[Body]) -> Body:
    """The request body as a ``model``, or a 400 naming each field that is wrong."""
    data = read_json()
    try:
        return model.model_validate(data)
    except ValidationError as error:
        found = problems(error, data, model)[:MAX_PROBLEMS]
        said = [p.sentence(_where(p.path, data)) for p in found]
        details = {}  # each field named: an unknown one by its own name
        for problem, message in zip(found, said, strict=True):
            for path in [(*problem.path, name) for name in problem.unknown] or [problem.path]:
                details[field_name(path)] = message
        raise Invalid("; ".join(said[:SHOWN_PROBLEMS]), details) from None


def _where(path: Path, data: Mapping[str, Any]) -> str:
    """A field's name in a message: ``Bob's points`` for ``results[1].points`` when that
    result names its player, else as in the body."""
    if len(path) > 2 and path[0] == "results":
        player = data["results"][path[1]].get("player")
        if isinstance(player, str):
            return _("{player}'s {field}").format(player=shown(player), field=field_name(path[2:]))
    return field_name(path)


def _if_match_version() -> int | None:
    """The version in an ``If-Match`` header (``"3"`` or ``W/"3"``), if one was sent."""
    if "If-Match" not in request.headers:
        return None
    tags = request.if_match
    if tags.star_tag:
        return None
    values = list(tags.as_set(include_weak=True))
    version = whole_number_or(values[0]) if len(values) == 1 else None
    if version is None:
        raise Invalid(N_('If-Match must hold one version, like "3"'), {"field": "If-Match"})
    return version


def _player_result(item: PlayerResultIn, who: str) -> scoring.PlayerResult:
    if item.points is not None and item.cards is not None:
        raise Invalid(
            _("give either points or cards for {player}, not both").format(player=who),
            {"player": who},
        )
    cards = None
    if item.cards is not None:
        try:
            cards = parse_cards(item.cards)
        except RulesError as error:
            raise Invalid(
                _("{player}'s cards: {problem}").format(player=who, problem=error.message),
                {"player": who, "code": error.code},
            ) from None
    # Points, buys and phases go to the rules core as sent: it says what is wrong with them.
    return scoring.PlayerResult(
        went_out=item.went_out, points=item.points, cards=cards, bought=item.bought,
        phase_done=item.phase_done, phase=item.phase, down_and_out=item.down_and_out,
    )  # fmt: skip


def parse_round_input(body: RoundEdit, game: games.GameView, number: int) -> games.RoundInput:
    """A round's results and cut bonus as the service's RoundInput.

    Each result names a player of the game once; ``cut_bonus`` names the round's cutter.
    """
    seats = {games.name_key(name): seat for seat, name in enumerate(game.players)}
    by_seat: dict[int, scoring.PlayerResult] = {}
    unknown: list[str] = []
    twice: list[str] = []
    for item in body.results:
        seat = seats.get(games.name_key(item.player))
        if seat is None:
            unknown.append(shown(item.player))
        elif seat in by_seat:
            twice.append(game.players[seat])
        else:
            by_seat[seat] = _player_result(item, game.players[seat])
    missing = [name for seat, name in enumerate(game.players) if seat not in by_seat]
    if unknown or twice or missing:
        parts = []
        if unknown:
            parts.append(_("not in this game: {names}").format(names=", ".join(unknown)))
        if twice:
            parts.append(_("entered twice: {names}").format(names=", ".join(twice)))
        if missing:
            parts.append(_("no result for {names}").format(names=", ".join(missing)))
        raise Invalid(
            _("{problems} (the players are {players})").format(
                problems="; ".join(parts), players=", ".join(game.players)
            ),
            {"unknown": unknown, "twice": twice, "missing": missing, "players": list(game.players)},
        )
    cut_bonus = _cut_bonus(body.cut_bonus, game, number)
    return games.RoundInput(tuple(by_seat[seat] for seat in range(game.player_count)), cut_bonus)


def _cut_bonus(value: str | None, game: games.GameView, number: int) -> bool:
    if value is None:
        return False
    in_game = 1 <= number <= game.last_round
    cutter = game.players[game.seats_for(number).cutter] if in_game else None
    if cutter is not None and games.name_key(value) != games.name_key(cutter):
        raise Invalid(
            said(game.rules.phased, "cutter-only", cutter=cutter, number=number, said=shown(value)),
            {"field": "cut_bonus", "cutter": cutter},
        )
    return True


def _authorize(session: Session, game_id: str) -> games.GameView:
    """The game, if the request carries its edit token: else 404, 401 or 403."""
    token = access.client_secret()
    game = games.load_game(session, game_id)
    if token is None:
        raise Unauthorized()
    if not games.can_edit(session, game_id, [token]):
        raise Forbidden("That token does not give edit rights to this game.")
    return game


# --- answers ------------------------------------------------------------------------------


def _game_response(view: games.GameView, status: int = 200) -> Response:
    response = jsonify(view.as_dict())
    response.status_code = status
    return response


# --- routes -------------------------------------------------------------------------------


@bp.post("/games")
@documented(
    NewGameAnswer,
    201,
    body=NewGame,
    errors=(401, 403, 404, 409, 422),
    headers=("Idempotency-Key",),
    answer_headers=("Location",),
)
def create_game() -> Response:
    """Start a game.

    The answer is the new game with its edit token and join code. A retry with the same
    Idempotency-Key and body answers with the same game, not a second one: with the same
    token to a client sending the same Authorization: Bearer secret both times (any 20 to
    100 characters of its own), a 409 to a client without one. With "group" (a group's id),
    the game is started in that group: its players are the group's people of those names
    (a new name becomes a new person), and its leaderboard counts the game. That needs the
    group's edit token as the Authorization: Bearer secret (or this browser's device grant):
    without either a 401, with a token that does not give edit rights to the group a 403,
    for no such group a 404; nothing is started then.
    """
    ratelimit.check_new_game()
    body = read_body(NewGame)
    session = get_session()
    new: dict[str, Any] = {
        "preset": body.rules,
        "players": body.players,
        "options": body.options,
        "title": body.title or "",
        "first_dealer": body.first_dealer,
        "actor": ACTOR,
        "idempotency_key": request.headers.get("Idempotency-Key"),
        "client": access.client_id(),
        "secret": access.client_secret(),
    }
    if body.group is None:
        view, token = games.create_game(session, **new)
    else:
        authorize_group(session, body.group, NO_GROUP_TOKEN, NOT_THE_GROUPS_TOKEN)
        view, token = games.start_group_game(session, body.group, **new)
    answer = view.as_dict() | {"token": token, "join_code": view.join_code, "group": body.group}
    response = jsonify(answer)
    response.status_code = 201
    response.headers["Location"] = url_for("api.get_game", game_id=view.id)
    return no_store(response)


@bp.get("/games/<game_id>")
@documented(Game, errors=(304, 404), headers=("If-None-Match",), answer_headers=("ETag",))
def get_game(game_id: str) -> Response:
    """A game: players, rule set, rounds, totals, standings, winners.

    Public to anyone with the id. The ETag is the game's version; send it in If-None-Match
    to get a 304 while nothing changed.
    """
    # A cheap look at the version first: an unchanged game costs one small query.
    version = games.current_version(get_engine(), game_id)
    if version is None:
        raise NotFound()
    if request.if_none_match.contains(str(version)):
        response = Response(status=304)
    else:
        view = games.load_game(get_session(), game_id)
        response = _game_response(view)
        version = view.version
    response.set_etag(str(version))
    response.cache_control.no_cache = True
    return response


@bp.post("/games/<game_id>/rounds")
@documented(
    Game,
    201,
    body=NewRound,
    errors=(404, 409, 422),
    headers=("Idempotency-Key",),
    answer_headers=("Location",),
    auth=True,
)
def add_round(game_id: str) -> Response:
    """Record the next round.

    A retry with the same Idempotency-Key answers 201 again (with Idempotent-Replayed: true)
    and records nothing more. "version", if sent, is the game's version (its ETag); a stale
    one is refused with 409, which names the version expected (details.expected is "game").
    """
    body = read_body(NewRound)
    session = get_session()
    game = _authorize(session, game_id)
    entry = parse_round_input(body, game, body.round)
    try:
        view, created = games.add_round(
            session,
            game,
            body.round,
            entry,
            expected_version=body.version,
            idempotency_key=request.headers.get("Idempotency-Key"),
            client=access.client_id(),
            actor=ACTOR,
        )
    except Conflict as error:
        if body.version is None or not is_version_conflict(error):
            raise
        raise game_version_conflict(error, "POST", body.version) from None
    response = _game_response(view, 201)
    response.headers["Location"] = url_for("api.get_game", game_id=game_id)
    if not created:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@bp.put("/games/<game_id>/rounds/<int:number>")
@documented(
    Game,
    body=RoundEdit,
    errors=(404, 409, 422),
    headers=("Idempotency-Key", "If-Match:round"),
    auth=True,
)
def replace_round(game_id: str, number: int) -> Response:
    """Replace a recorded round.

    Takes the round's version, as listed with the round in the game's rounds (not the game's
    version or ETag), as "version" or in If-Match; a stale one is refused with 409, which
    names the version expected (details.expected is "round").
    """
    body = read_body(RoundEdit)
    session = get_session()
    game = _authorize(session, game_id)
    if body.round is not None and body.round != number:
        raise Invalid(said(game.rules.phased, "body-and-address", body=body.round, number=number))
    entry = parse_round_input(body, game, number)
    version = body.version if body.version is not None else _if_match_version()
    try:
        view = games.replace_round(
            session,
            game,
            number,
            entry,
            expected_version=version,
            idempotency_key=request.headers.get("Idempotency-Key"),
            client=access.client_id(),
            actor=ACTOR,
        )
    except Conflict as error:
        if version is None or not is_version_conflict(error):
            raise
        raise round_version_conflict(error, game, number, version) from None
    return _game_response(view)


@bp.delete("/games/<game_id>/rounds/<int:number>")
@documented(Game, errors=(400, 404, 409), headers=("If-Match:game",), auth=True)
def undo_round(game_id: str, number: int) -> Response:
    """Undo the last round (number must be the last round).

    If-Match may hold the game's version (its ETag; not a round's); a stale one is refused
    with 409, which names the version expected (details.expected is "game").
    """
    session = get_session()
    game = _authorize(session, game_id)
    version = _if_match_version()
    try:
        view = games.undo_last_round(session, game, number, expected_version=version, actor=ACTOR)
    except Conflict as error:
        if version is None or not is_version_conflict(error):
            raise
        raise game_version_conflict(error, "DELETE", version) from None
    return _game_response(view)


@bp.post("/games/<game_id>/join-code")
@documented(JoinCode, errors=(404,), auth=True)
def new_join_code(game_id: str) -> Response:
    """Give the game a new join code (the old one stops working)."""
    session = get_session()
    _authorize(session, game_id)
    view = games.rotate_join_code(session, game_id, ACTOR)
    return no_store(jsonify({"id": view.id, "join_code": view.join_code}))


@bp.get("/games/<game_id>/devices")
@documented(Devices, errors=(404,), auth=True)
def list_devices(game_id: str) -> Response:
    """The devices and API clients that may edit the game."""
    session = get_session()
    _authorize(session, game_id)
    grants = games.edit_grants(session, game_id, [access.client_secret() or ""])
    return no_store(jsonify({"id": game_id, "devices": [_grant_json(g) for g in grants]}))


@bp.delete("/games/<game_id>/devices/<ref>")
@documented(RemovedDevice, errors=(404,), auth=True)
def remove_device(game_id: str, ref: str) -> Response:
    """Take edit rights away from a device or API client."""
    session = get_session()
    _authorize(session, game_id)
    gone = games.revoke_grant(session, game_id, ref[:40], ACTOR, [access.client_secret() or ""])
    return jsonify({"id": game_id, "removed": _grant_json(gone)})


def _grant_json(grant: games.GrantView) -> dict[str, Any]:
    return {
        "ref": grant.ref,
        "label": grant.label,
        "kind": grant.kind,
        "created_at": grant.created_at.isoformat(),
        "yours": grant.yours,
    }


@bp.get("/games/<game_id>/history")
@documented(History, errors=(404,))
def game_history(game_id: str) -> Response:
    """Every change to the game, newest first, with old and new values."""
    lines = games.history(get_session(), game_id)
    return jsonify(
        {
            "id": game_id,
            "history": [
                {
                    "at": line.at.isoformat(),
                    "actor": line.actor,
                    "action": line.action,
                    "round": line.round_number,
                    "summary": line.summary,
                    "before": line.before,
                    "after": line.after,
                }
                for line in lines
            ],
        }
    )
