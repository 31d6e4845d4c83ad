"""Games and rounds over JSON: ``/api/v1/games``.

Reading a game needs only its unguessable id; changing it needs the edit token returned when
the game was created, sent as ``Authorization: Bearer <token>``.

The views are thin: :func:`read_json` reads the body, :func:`parse_round_input` turns a
round's JSON into a :class:`scorekeeper.games.RoundInput` (names to seats, cards parsed,
types checked), and the game service and the rules core do the rest of the checking. Every
refusal is ``{"error": "...", "details": ...}`` with a 4xx status.

Decisions the issue left open:

- A retried ``POST .../rounds`` with the same ``Idempotency-Key`` answers **201**, like the
  first request, with the game as it is now and ``Idempotent-Replayed: true``; no second
  round is recorded. The same key for a different round number is a 409.
- ``version`` in a POST body is the *game's* version (``GET`` answers it, also as the ETag);
  in a PUT body (or ``If-Match``) it is the *round's* version, as listed in the game's rounds.
  ``DELETE`` takes the game's version in ``If-Match``. A stale version is a 409.
- Unknown fields are refused (a typo like ``"point"`` would otherwise lose a score).
- Player names in results match the game's names ignoring case and extra spaces.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify, request, url_for
from sqlmodel import Session

from ... import games
from ...db import get_engine, get_session
from ...errors import Forbidden, GameError, Invalid, NotFound
from ...rules import RulesError, parse_cards
from ...rules.scoring import PlayerResult
from .. import access
from ..errors import error_response, require_json_body
from ..numbers import whole_number_or
from ..security import no_store
from . import bp
from .openapi import OPENAPI_MODULES, OPENAPI_SCHEMAS

ACTOR = "api"
GAME_FIELDS = frozenset({"rules", "players", "options", "title", "first_dealer"})
ROUND_FIELDS = frozenset({"round", "results", "cut_bonus", "version"})
RESULT_FIELDS = frozenset({"player", "went_out", "points", "cards", "bought"})
MAX_SHOWN = 40


class Unauthorized(GameError):
    """No edit token was sent (401, with ``WWW-Authenticate``)."""

    def __init__(
        self,
        message: str = "This change needs the game's edit token: "
        "send it as 'Authorization: Bearer <token>'.",
    ) -> None:
        super().__init__(401, message)


@bp.errorhandler(Unauthorized)
def handle_unauthorized(error: Unauthorized) -> Response:
    response = error_response(error.status, error.message, error.details)
    response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


# --- reading requests ---------------------------------------------------------------------


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def read_json() -> dict[str, Any]:
    """The request body as a JSON object, or a 4xx saying what is wrong with it."""
    raw = request.get_data(cache=False)  # a body over the size limit is a 413 here
    require_json_body()
    if not raw.strip():
        raise Invalid("the request needs a JSON object as its body")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise Invalid("the request body is not valid JSON", {"reason": str(error)[:200]}) from None
    if not isinstance(data, dict):
        raise Invalid("the request body must be a JSON object")
    return data


def _only(data: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    unknown = sorted(_shown(key) for key in data if key not in allowed)
    if unknown:
        raise Invalid(
            f"{where} has unknown fields: {', '.join(unknown)} "
            f"(allowed: {', '.join(sorted(allowed))})",
            {"unknown": unknown},
        )


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(f"{what} must be a whole number, not {_shown(value)}", {"field": what})
    return value


def _optional_version(value: Any) -> int | None:
    return None if value is None else _whole_number(value, "version")


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
        raise Invalid('If-Match must hold one version, like "3"', {"field": "If-Match"})
    return version


def _player_result(item: Mapping[str, Any], who: str) -> PlayerResult:
    went_out = item.get("went_out", False)
    if not isinstance(went_out, bool):
        raise Invalid(f"{who}'s went_out must be true or false", {"player": who})
    points = item.get("points")
    cards = item.get("cards")
    if points is not None and cards is not None:
        raise Invalid(f"give either points or cards for {who}, not both", {"player": who})
    parsed = None
    if cards is not None:
        if not (
            isinstance(cards, str)
            or (isinstance(cards, list) and all(isinstance(c, str) for c in cards))
        ):
            raise Invalid(
                f'{who}\'s cards must be text like "AH 7C" or a list like ["AH", "7C"]',
                {"player": who},
            )
        try:
            parsed = parse_cards(cards)
        except RulesError as error:
            raise Invalid(
                f"{who}'s cards: {error.message}", {"player": who, "code": error.code}
            ) from None
    # Points and buys go to the rules core as sent: it says what is wrong with them.
    return PlayerResult(
        went_out=went_out, points=points, cards=parsed, bought=item.get("bought", 0)
    )


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


def parse_round_input(
    body: Mapping[str, Any], game: games.GameView, number: int
) -> games.RoundInput:
    """A round's JSON (``results`` and ``cut_bonus``) as the service's RoundInput.

    Each result names a player of the game once; ``cut_bonus`` names the round's cutter.
    """
    results = body.get("results")
    if not isinstance(results, list):
        raise Invalid(
            f"results must be a list with one entry for each of the {game.player_count} players",
            {"field": "results"},
        )
    seats = {_fold(name): seat for seat, name in enumerate(game.players)}
    by_seat: dict[int, PlayerResult] = {}
    unknown: list[str] = []
    twice: list[str] = []
    for index, item in enumerate(results):
        if not isinstance(item, dict):
            raise Invalid(
                f'results[{index}] must be an object like {{"player": "Ann", "points": 35}}',
                {"field": f"results[{index}]"},
            )
        _only(item, RESULT_FIELDS, f"results[{index}]")
        name = item.get("player")
        if not isinstance(name, str):
            raise Invalid(
                f"results[{index}].player must be a player's name", {"field": f"results[{index}]"}
            )
        seat = seats.get(_fold(name))
        if seat is None:
            unknown.append(_shown(name))
        elif seat in by_seat:
            twice.append(game.players[seat])
        else:
            by_seat[seat] = _player_result(item, game.players[seat])
    missing = [name for seat, name in enumerate(game.players) if seat not in by_seat]
    if unknown or twice or missing:
        parts = []
        if unknown:
            parts.append(f"not in this game: {', '.join(unknown)}")
        if twice:
            parts.append(f"entered twice: {', '.join(twice)}")
        if missing:
            parts.append(f"no result for {', '.join(missing)}")
        raise Invalid(
            "; ".join(parts) + f" (the players are {', '.join(game.players)})",
            {"unknown": unknown, "twice": twice, "missing": missing, "players": list(game.players)},
        )
    cut_bonus = _cut_bonus(body.get("cut_bonus"), game, number)
    return games.RoundInput(tuple(by_seat[seat] for seat in range(game.player_count)), cut_bonus)


def _cut_bonus(value: Any, game: games.GameView, number: int) -> bool:
    if value is None:
        return False
    in_game = 1 <= number <= game.rules.round_count
    cutter = game.players[game.seats_for(number).cutter] if in_game else None
    if not isinstance(value, str):
        raise Invalid(
            "cut_bonus names the player who cut"
            + (f" ({cutter} in round {number})" if cutter else ""),
            {"field": "cut_bonus", "cutter": cutter},
        )
    if cutter is not None and _fold(value) != _fold(cutter):
        raise Invalid(
            f"only the cutter can earn the cut bonus: {cutter} cut in round {number}, "
            f"not {_shown(value)}",
            {"field": "cut_bonus", "cutter": cutter},
        )
    return True


def _bearer_token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def _authorize(session: Session, game_id: str) -> games.GameView:
    """The game, if the request carries its edit token: else 404, 401 or 403."""
    token = _bearer_token()
    game = games.load_game(session, game_id)
    if token is None:
        raise Unauthorized()
    if not games.can_edit(session, game_id, [token]):
        raise Forbidden("That token does not give edit rights to this game.")
    return game


def _finish_reading(session: Session) -> None:
    """End the read transaction, so the service's write begins afresh (BEGIN IMMEDIATE)."""
    session.rollback()


# --- answers ------------------------------------------------------------------------------


def _game_response(view: games.GameView, status: int = 200) -> Response:
    response = jsonify(view.as_dict())
    response.status_code = status
    return response


# --- routes -------------------------------------------------------------------------------


@bp.post("/games")
def create_game() -> Response:
    body = read_json()
    _only(body, GAME_FIELDS, "a new game")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):
        raise Invalid(
            'options must be an object of house rules, like {"buying": false}',
            {"field": "options"},
        )
    title = body.get("title")
    if title is not None and not isinstance(title, str):
        raise Invalid("the title must be text", {"field": "title"})
    session = get_session()
    view, token = games.create_game(
        session,
        preset=body.get("rules"),
        players=body.get("players"),
        options=options,
        title=title or "",
        first_dealer=body.get("first_dealer"),
        actor=ACTOR,
        idempotency_key=request.headers.get("Idempotency-Key"),
        client=access.client_id(),
    )
    session.commit()
    response = jsonify(view.as_dict() | {"token": token, "join_code": view.join_code})
    response.status_code = 201
    response.headers["Location"] = url_for("api.get_game", game_id=view.id)
    return no_store(response)


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
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
def add_round(game_id: str) -> Response:
    body = read_json()
    _only(body, ROUND_FIELDS, "a round")
    session = get_session()
    game = _authorize(session, game_id)
    number = _whole_number(body.get("round"), "round")
    entry = parse_round_input(body, game, number)
    version = _optional_version(body.get("version"))
    _finish_reading(session)
    view, created = games.add_round(
        session,
        game_id,
        number,
        entry,
        expected_version=version,
        idempotency_key=request.headers.get("Idempotency-Key"),
        client=access.client_id(),
        actor=ACTOR,
    )
    session.commit()
    response = _game_response(view, 201)
    response.headers["Location"] = url_for("api.get_game", game_id=game_id)
    if not created:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@bp.put("/games/<game_id>/rounds/<int:number>")
def replace_round(game_id: str, number: int) -> Response:
    body = read_json()
    _only(body, ROUND_FIELDS, "a round")
    session = get_session()
    game = _authorize(session, game_id)
    if "round" in body and _whole_number(body["round"], "round") != number:
        raise Invalid(f"the body is for round {body['round']} but the address is round {number}")
    entry = parse_round_input(body, game, number)
    version = _optional_version(body.get("version"))
    if version is None:
        version = _if_match_version()
    _finish_reading(session)
    view = games.replace_round(
        session,
        game_id,
        number,
        entry,
        expected_version=version,
        idempotency_key=request.headers.get("Idempotency-Key"),
        client=access.client_id(),
        actor=ACTOR,
    )
    session.commit()
    return _game_response(view)


@bp.delete("/games/<game_id>/rounds/<int:number>")
def undo_round(game_id: str, number: int) -> Response:
    session = get_session()
    _authorize(session, game_id)
    version = _if_match_version()
    _finish_reading(session)
    view = games.undo_last_round(session, game_id, number, expected_version=version, actor=ACTOR)
    session.commit()
    return _game_response(view)


@bp.post("/games/<game_id>/join-code")
def new_join_code(game_id: str) -> Response:
    session = get_session()
    _authorize(session, game_id)
    _finish_reading(session)
    view = games.rotate_join_code(session, game_id, ACTOR)
    session.commit()
    return no_store(jsonify({"id": view.id, "join_code": view.join_code}))


@bp.get("/games/<game_id>/devices")
def list_devices(game_id: str) -> Response:
    session = get_session()
    _authorize(session, game_id)
    grants = games.edit_grants(session, game_id, [_bearer_token() or ""])
    return no_store(jsonify({"id": game_id, "devices": [_grant_json(g) for g in grants]}))


@bp.delete("/games/<game_id>/devices/<ref>")
def remove_device(game_id: str, ref: str) -> Response:
    session = get_session()
    _authorize(session, game_id)
    _finish_reading(session)
    gone = games.revoke_grant(session, game_id, ref[:40], ACTOR, [_bearer_token() or ""])
    session.commit()
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
def game_history(game_id: str) -> Response:
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


# --- OpenAPI ------------------------------------------------------------------------------


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    meaning = {
        400: "The request was refused: the message says why (malformed JSON, wrong types, "
        "unknown players, a bad card, an illegal round ...).",
        401: "No edit token was sent.",
        403: "The edit token is not this game's.",
        404: "There is no such game (or round).",
        409: "Someone else changed the game first (stale version), or the round is already "
        "recorded.",
        413: "The request is too large.",
        415: "The body is not declared as JSON (Content-Type: application/json).",
        422: "The Idempotency-Key was already used by this client for a different request.",
    }
    return {str(code): _json(_ref("Error"), meaning[code]) for code in codes}


_GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "description": "The game's unguessable id.",
    "schema": {"type": "string"},
}
_NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "description": "The round number (1-based).",
    "schema": {"type": "integer", "minimum": 1},
}
_IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "Up to 100 printable characters; a retry with the same key is answered "
    "without recording the change twice.",
    "schema": {"type": "string", "maxLength": 100},
}
_IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "examples": ['"3"']},
}
_BEARER: list[dict[str, list[str]]] = [{"bearer": []}]

OPENAPI_SCHEMAS.update(
    {
        "NewGame": {
            "type": "object",
            "required": ["rules", "players"],
            "additionalProperties": False,
            "properties": {
                "rules": {
                    "type": "string",
                    "description": "A preset id.",
                    "examples": ["liverpool"],
                },
                "players": {
                    "type": "array",
                    "items": {"type": "string"},
                    "minItems": 2,
                    "maxItems": 8,
                    "description": "Names in seating order (clockwise).",
                },
                "options": {
                    "type": "object",
                    "description": "House-rule overrides: names and values from GET /rules.",
                },
                "title": {"type": ["string", "null"]},
                "first_dealer": {
                    "type": ["string", "integer", "null"],
                    "description": "Who deals round 1 (a name or a seat); left out: cut for deal.",
                },
            },
        },
        "PlayerResultIn": {
            "type": "object",
            "required": ["player"],
            "additionalProperties": False,
            "properties": {
                "player": {"type": "string"},
                "went_out": {"type": "boolean", "default": False},
                "points": {"type": "integer", "minimum": 0},
                "cards": {
                    "oneOf": [
                        {"type": "string", "examples": ["AH 7C JK"]},
                        {"type": "array", "items": {"type": "string"}},
                    ],
                    "description": "The cards left in hand, scored with the game's point table.",
                },
                "bought": {"type": "integer", "minimum": 0, "default": 0},
            },
        },
        "RoundIn": {
            "type": "object",
            "required": ["results"],
            "additionalProperties": False,
            "properties": {
                "round": {
                    "type": "integer",
                    "description": "The round number (required when adding a round).",
                },
                "results": {"type": "array", "items": _ref("PlayerResultIn")},
                "cut_bonus": {
                    "type": ["string", "null"],
                    "description": "The name of the round's cutter, if the cut was exact.",
                },
                "version": {
                    "type": "integer",
                    "description": "Adding: the game's version; replacing: the round's version. "
                    "A stale version is refused with 409.",
                },
            },
        },
        "PlayerResult": {
            "type": "object",
            "properties": {
                "player": {"type": "string"},
                "points": {"type": "integer"},
                "went_out": {"type": "boolean"},
                "cards": {"type": ["string", "null"]},
                "bought": {"type": "integer"},
            },
        },
        "Round": {
            "type": "object",
            "properties": {
                "round": {"type": "integer"},
                "contract": {"type": "string"},
                "dealer": {"type": "string"},
                "cutter": {"type": "string"},
                "went_out": {"type": "string"},
                "cut_bonus": {"type": ["string", "null"]},
                "version": {"type": "integer"},
                "results": {"type": "array", "items": _ref("PlayerResult")},
                "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
            },
        },
        "Game": {
            "type": "object",
            "required": ["id", "players", "rounds", "totals", "standings", "finished", "winners"],
            "properties": {
                "id": {"type": "string"},
                "title": {"type": "string"},
                "rules": {"type": "string"},
                "options": {"type": "object"},
                "rule_set": {"type": "string"},
                "players": {"type": "array", "items": {"type": "string"}},
                "first_dealer": {"type": "string"},
                "version": {"type": "integer"},
                "rounds": {"type": "array", "items": _ref("Round")},
                "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                "standings": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "place": {"type": "integer"},
                            "player": {"type": "string"},
                            "total": {"type": "integer"},
                        },
                    },
                },
                "next_round": {"type": ["integer", "null"]},
                "finished": {"type": "boolean"},
                "winners": {"type": "array", "items": {"type": "string"}},
                "created_at": {"type": "string", "format": "date-time"},
                "updated_at": {"type": "string", "format": "date-time"},
            },
        },
        "NewGameAnswer": {
            "allOf": [
                _ref("Game"),
                {
                    "type": "object",
                    "required": ["token", "join_code"],
                    "properties": {
                        "token": {
                            "type": "string",
                            "description": "The edit token: send it as a bearer token.",
                        },
                        "join_code": {
                            "type": "string",
                            "description": "The code that lets another device score.",
                        },
                    },
                },
            ]
        },
        "Device": {
            "type": "object",
            "properties": {
                "ref": {"type": "string", "description": "Names the grant in DELETE."},
                "label": {"type": "string", "examples": ["joined device 2"]},
                "kind": {"type": "string", "enum": ["device", "api"]},
                "created_at": {"type": "string", "format": "date-time"},
                "yours": {"type": "boolean"},
            },
        },
        "History": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "history": {
                    "type": "array",
                    "description": "Newest first.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "at": {"type": "string", "format": "date-time"},
                            "actor": {"type": "string"},
                            "action": {"type": "string"},
                            "round": {"type": ["integer", "null"]},
                            "summary": {"type": "string"},
                            "before": {},
                            "after": {},
                        },
                    },
                },
            },
        },
    }
)

OPENAPI_MODULES.append(
    {
        "/games": {
            "post": {
                "operationId": "createGame",
                "summary": "Start a game",
                "tags": ["games"],
                "parameters": [_IDEMPOTENCY_KEY],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("NewGame")}},
                },
                "responses": {
                    "201": {
                        **_json(
                            _ref("NewGameAnswer"), "The new game, its edit token and join code."
                        ),
                        "headers": {
                            "Location": {"schema": {"type": "string"}, "description": "The game."}
                        },
                    },
                    **_errors(400, 413, 415, 422),
                },
            }
        },
        "/games/{game_id}": {
            "parameters": [_GAME_ID],
            "get": {
                "operationId": "getGame",
                "summary": "A game: players, rule set, rounds, totals, standings, winners",
                "description": "Public to anyone with the id. The ETag is the game's version; "
                "send it in If-None-Match to get a 304 while nothing changed.",
                "tags": ["games"],
                "parameters": [
                    {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": {
                        **_json(_ref("Game"), "The game."),
                        "headers": {"ETag": {"schema": {"type": "string"}}},
                    },
                    "304": {"description": "Not changed since the version in If-None-Match."},
                    **_errors(404),
                },
            },
        },
        "/games/{game_id}/rounds": {
            "parameters": [_GAME_ID],
            "post": {
                "operationId": "addRound",
                "summary": "Record the next round",
                "description": "A retry with the same Idempotency-Key answers 201 again (with "
                "Idempotent-Replayed: true) and records nothing more.",
                "tags": ["rounds"],
                "security": _BEARER,
                "parameters": [_IDEMPOTENCY_KEY],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("RoundIn")}},
                },
                "responses": {
                    "201": _json(_ref("Game"), "The game with the new round."),
                    **_errors(400, 401, 403, 404, 409, 413, 415, 422),
                },
            },
        },
        "/games/{game_id}/rounds/{number}": {
            "parameters": [_GAME_ID, _NUMBER],
            "put": {
                "operationId": "replaceRound",
                "summary": "Replace a recorded round",
                "description": "The round's version (from the game's rounds) may be sent as "
                '"version" or in If-Match; a stale one is refused with 409.',
                "tags": ["rounds"],
                "security": _BEARER,
                "parameters": [
                    _IDEMPOTENCY_KEY,
                    {**_IF_MATCH, "description": "The round's version."},
                ],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("RoundIn")}},
                },
                "responses": {
                    "200": _json(_ref("Game"), "The game with the round replaced."),
                    **_errors(400, 401, 403, 404, 409, 413, 415, 422),
                },
            },
            "delete": {
                "operationId": "undoRound",
                "summary": "Undo the last round (number must be the last round)",
                "tags": ["rounds"],
                "security": _BEARER,
                "parameters": [
                    {**_IF_MATCH, "description": "The game's version (its ETag)."},
                ],
                "responses": {
                    "200": _json(_ref("Game"), "The game without its last round."),
                    **_errors(400, 401, 403, 404, 409),
                },
            },
        },
        "/games/{game_id}/join-code": {
            "parameters": [_GAME_ID],
            "post": {
                "operationId": "newJoinCode",
                "summary": "Give the game a new join code (the old one stops working)",
                "tags": ["games"],
                "security": _BEARER,
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {
                                "id": {"type": "string"},
                                "join_code": {"type": "string"},
                            },
                        },
                        "The new join code.",
                    ),
                    **_errors(401, 403, 404),
                },
            },
        },
        "/games/{game_id}/devices": {
            "parameters": [_GAME_ID],
            "get": {
                "operationId": "listDevices",
                "summary": "The devices and API clients that may edit the game",
                "tags": ["games"],
                "security": _BEARER,
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {
                                "id": {"type": "string"},
                                "devices": {"type": "array", "items": _ref("Device")},
                            },
                        },
                        "Oldest first; yours is true for the token asking.",
                    ),
                    **_errors(401, 403, 404),
                },
            },
        },
        "/games/{game_id}/devices/{ref}": {
            "parameters": [
                _GAME_ID,
                {"name": "ref", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "delete": {
                "operationId": "removeDevice",
                "summary": "Take edit rights away from a device or API client",
                "tags": ["games"],
                "security": _BEARER,
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {"id": {"type": "string"}, "removed": _ref("Device")},
                        },
                        "The device that can no longer edit.",
                    ),
                    **_errors(401, 403, 404),
                },
            },
        },
        "/games/{game_id}/history": {
            "parameters": [_GAME_ID],
            "get": {
                "operationId": "gameHistory",
                "summary": "Every change to the game, newest first, with old and new values",
                "tags": ["games"],
                "responses": {
                    "200": _json(_ref("History"), "The game's history."),
                    **_errors(404),
                },
            },
        },
    }
)
