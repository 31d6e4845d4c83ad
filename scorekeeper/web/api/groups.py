"""Groups ("tables") over JSON: ``/api/v1/groups``, and export and import.

A group's pages are public to anyone with its unguessable id, as a game's are: reading it,
its people, its leaderboard, a person's page, its wins over time and its season. Changing
it (people, rename, merge) and taking a backup of it (its export) need edit rights, as for
a game: the edit token returned when the group was created or joined, sent as
``Authorization: Bearer <token>``, or this browser's device grant (the device that created
or joined the group in the app's pages; the API never makes a device cookie itself).

Decisions the issue left open:

- **Ranges** are ``from`` and ``to`` (days, both included, as the group's pages take them)
  or ``year``; an answer gives the range as the service uses it, ``start`` (included) and
  ``end`` (excluded), in UTC.
- **Joining** counts each attempt against ``JOIN_RATE_LIMIT`` before the code is checked
  (the same counter as a game's join code): a wrong code is a 403 and gives no rights.
- **A game's export** is public, as the game and its history are; **a group's export** is
  for its editors only (it is every game at once: costly, and a backup is theirs to take),
  as on the group's page. Exports stream: memory does not grow with the number of games.
- **Import** (``POST /import``) takes the body as an export file (JSON), streamed into the
  service: all or nothing, a 4xx saying what is wrong. Its body may be as large as
  ``IMPORT_MAX_BYTES`` (64 MiB unless configured, as the page's import), this route only:
  the app's ``MAX_CONTENT_LENGTH`` (64 KiB) stays for every other request. The importer
  gets an edit token to the game, or to the group and each of its games.
- **Retries**: ``POST /groups`` and ``POST /import`` take an ``Idempotency-Key``, as
  ``POST /games`` does: a retry with the same key (from the same client) and the same body
  answers 201 as the first request did and makes nothing twice (an import's answer then
  says ``Idempotent-Replayed: true``), with the same edit token only for a client that sent
  the same ``Authorization: Bearer`` secret both times; without one it is a 409 that gives
  no rights (see :mod:`scorekeeper.games.idempotency`). The same key with another body is
  a 422 and changes nothing.
- **A new join code** (``POST /groups/<id>/join-code``, editors only): the old code stops
  working at once; devices and tokens that may edit the group keep their rights.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from flask import Response, current_app, jsonify, request, stream_with_context, url_for

from ... import games, ratelimit
from ...db import get_engine, get_session
from ...errors import Invalid
from ...games import leaderboard as stats
from ...games import person_stats as personal
from ...games import transfer
from ...games.groups import get_group as find_group
from ...games.groups import rotate_group_join_code, set_group_language
from ...rules.language import _
from .. import access, jsonbody
from ..errors import require_json_body
from ..groups import IMPORT_MAX_BYTES, read_range
from ..security import no_store
from . import bp
from .games import read_body
from .openapi import documented
from .rights import authorize_group
from .schemas import (
    CsvExport,
    Export,
    GameExport,
    Group,
    GroupExport,
    GroupLanguage,
    GroupToken,
    Imported,
    JoinCode,
    JoinGroup,
    Leaderboard,
    MergePerson,
    NewGroup,
    NewGroupAnswer,
    People,
    PersonName,
    PersonPage,
    Season,
    WinsOverTime,
)
from .schemas import GroupPerson as PersonAnswer

LABEL = "API client"
RANGE = ("from", "to", "year")


# --- answers --------------------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _person(person: games.PersonView) -> dict[str, Any]:
    return {"id": person.id, "name": person.name, "games": person.games}


def _group(group: games.GroupView) -> dict[str, Any]:
    return {
        "id": group.id,
        "name": group.name,
        "created_at": group.created_at.isoformat(),
        "people": [_person(p) for p in group.people],
        "games": group.game_count,
        "finished_games": group.finished_count,
        "language": group.language,
    }


def _ref(game: stats.GameRef | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {"game_id": game.game_id, "total": game.total, "finished_at": _when(game.finished_at)}


def _line(row: stats.LeaderboardRow) -> dict[str, Any]:
    return {
        "person_id": row.person_id,
        "name": row.name,
        "games": row.games,
        "wins": row.wins,
        "win_rate": row.win_rate,
        "average_score": row.average_score,
        "points_per_round": row.points_per_round,
        "best_game": _ref(row.best_game),
        "worst_game": _ref(row.worst_game),
        "went_out": row.went_out,
        "exact_cuts": row.exact_cuts,
        "liverpool_calls": row.liverpool_calls,
        "streak": {"kind": row.streak.kind, "length": row.streak.length},
        "phases_completed": row.phases_completed,
    }


def _range(
    group_id: str, name: str, start: datetime | None, end: datetime | None
) -> dict[str, Any]:
    return {"id": group_id, "name": name, "start": _when(start), "end": _when(end)}


def _game_result(game: personal.PersonGame) -> dict[str, Any]:
    return {
        "game_id": game.game_id,
        "title": game.title,
        "rules": game.preset,
        "finished_at": game.finished_at.isoformat(),
        "total": game.total,
        "place": game.place,
        "players": game.players,
        "won": game.won,
        "phases_done": game.phases_done,
    }


def _duel(duel: personal.HeadToHead) -> dict[str, Any]:
    return {
        "person_id": duel.person_id,
        "name": duel.name,
        "games": duel.games,
        "ahead": duel.ahead,
        "behind": duel.behind,
        "level": duel.level,
        "wins": duel.wins,
        "their_wins": duel.their_wins,
    }


def _created(body: dict[str, Any], location: str) -> Response:
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = location
    return no_store(response)


# --- groups ---------------------------------------------------------------------------------


@bp.post("/groups")
@documented(
    NewGroupAnswer,
    201,
    body=NewGroup,
    errors=(409, 422),
    headers=("Idempotency-Key",),
    answer_headers=("Location",),
)
def create_group() -> Response:
    """Start a group ("Smith family"), with its people if given.

    The answer is the new group with its edit token and join code. A retry with the same
    Idempotency-Key and body answers with the same group, not a second one (its token again
    only to a client sending the same bearer secret; a 409 otherwise).
    """
    body = read_body(NewGroup)
    group, token = games.create_group(
        get_session(),
        body.name,
        people=body.people,
        label=LABEL,
        idempotency_key=request.headers.get("Idempotency-Key"),
        client=access.client_id(),
        secret=access.client_secret(),
    )
    answer = _group(group) | {"token": token, "join_code": group.join_code}
    return _created(answer, url_for("api.get_group", group_id=group.id))


@bp.get("/groups/<group_id>")
@documented(Group, errors=(404,))
def get_group(group_id: str) -> Response:
    """A group: its name, its people and how many games it has."""
    return jsonify(_group(games.load_group(get_session(), group_id)))


@bp.post("/groups/<group_id>/join")
@documented(GroupToken, body=JoinGroup, errors=(403, 404, 429))
def join_group(group_id: str) -> Response:
    """Get edit rights to the group with its join code.

    Each attempt counts against the join-code rate limit (as a game's join); a wrong code is
    a 403 and gives no rights.
    """
    body = read_body(JoinGroup)
    ratelimit.check_join_attempt()  # counted first, even for a group that is not there
    label = (body.label or LABEL)[:80]
    token = games.join_group(get_session(), group_id, body.code, label=label)
    return no_store(jsonify({"id": group_id, "token": token}))


@bp.put("/groups/<group_id>/language")
@documented(Group, body=GroupLanguage, errors=(404,), auth=True)
def put_group_language(group_id: str) -> Response:
    """Make the group's pages speak a language (en, es, de), or each reader's own (null).

    A person's own choice on their device still wins on their device.
    """
    body = read_body(GroupLanguage)
    session = get_session()
    authorize_group(session, group_id)
    return jsonify(_group(set_group_language(session, group_id, body.language)))


@bp.post("/groups/<group_id>/join-code")
@documented(JoinCode, errors=(404,), auth=True)
def new_group_join_code(group_id: str) -> Response:
    """Give the group a new join code (the old one stops working).

    Devices and tokens that may edit the group keep their rights.
    """
    session = get_session()
    authorize_group(session, group_id)
    group = rotate_group_join_code(session, group_id)
    return no_store(jsonify({"id": group.id, "join_code": group.join_code}))


# --- people ---------------------------------------------------------------------------------


@bp.get("/groups/<group_id>/people")
@documented(People, errors=(404,))
def list_people(group_id: str) -> Response:
    """The group's people, by name, with how many of its games each played."""
    group = games.load_group(get_session(), group_id)
    return jsonify({"id": group.id, "people": [_person(p) for p in group.people]})


@bp.post("/groups/<group_id>/people")
@documented(PersonAnswer, 201, body=PersonName, errors=(404, 409), auth=True)
def add_person(group_id: str) -> Response:
    """Add a person to the group (409 when someone has that name already)."""
    body = read_body(PersonName)
    session = get_session()
    authorize_group(session, group_id)
    person = games.add_person(session, group_id, body.name)
    url = url_for("api.get_person", group_id=group_id, person_id=person.id)
    return _created(_person(person), url)


@bp.patch("/groups/<group_id>/people/<int:person_id>")
@documented(PersonAnswer, body=PersonName, errors=(404, 409), auth=True)
def rename_person(group_id: str, person_id: int) -> Response:
    """Rename a person (the group's pages show the new name; games keep the names typed).

    Another person's name is a 409: merge the two instead.
    """
    body = read_body(PersonName)
    session = get_session()
    authorize_group(session, group_id)
    return jsonify(_person(games.rename_person(session, group_id, person_id, body.name)))


@bp.post("/groups/<group_id>/people/<int:person_id>/merge")
@documented(PersonAnswer, body=MergePerson, errors=(404,), auth=True)
def merge_person(group_id: str, person_id: int) -> Response:
    """Merge this person (a typo'd name) into another: their games move, this one goes.

    The answer is the person merged into. A person merged into themselves, or two people who
    played in the same game, is a 400.
    """
    body = read_body(MergePerson)
    session = get_session()
    authorize_group(session, group_id)
    return jsonify(_person(games.merge_people(session, group_id, person_id, body.into)))


# --- statistics -----------------------------------------------------------------------------


def _direction() -> bool | None:
    text = request.args.get("dir", "")[:10]
    if text not in ("", "asc", "desc"):
        raise Invalid(_('dir must be "asc" or "desc", not "{text}"').format(text=text))
    return {"desc": True, "asc": False}.get(text)


@bp.get("/groups/<group_id>/leaderboard")
@documented(Leaderboard, errors=(404,), headers=(*RANGE, "sort", "dir"))
def get_leaderboard(group_id: str) -> Response:
    """The group's leaderboard over a range (every finished game if none), sorted.

    Only finished games count; a shared lowest total is a win for each.
    """
    _shown, start, end = read_range()
    sort = request.args.get("sort", "wins")[:30]
    board = stats.leaderboard(
        get_session(), group_id, start, end, sort=sort, descending=_direction()
    )
    return jsonify(
        _range(board.group_id, board.group_name, board.start, board.end)
        | {
            "sort": board.sort,
            "descending": board.descending,
            "games": board.games,
            "liverpool_calls_recorded": board.liverpool_calls_recorded,
            "rows": [_line(row) for row in board.rows],
        }
    )


@bp.get("/groups/<group_id>/people/<int:person_id>")
@documented(PersonPage, errors=(404,), headers=RANGE)
def get_person(group_id: str, person_id: int) -> Response:
    """A person: their line of the leaderboard, their finished games and head-to-head."""
    _shown, start, end = read_range()
    found = personal.person_stats(get_session(), group_id, person_id, start, end)
    return jsonify(
        _range(found.group_id, found.group_name, found.start, found.end)
        | {
            "person": _person(found.person),
            "summary": None if found.summary is None else _line(found.summary),
            "games": [_game_result(g) for g in found.games],
            "head_to_head": [_duel(d) for d in found.head_to_head],
            "one_turn_outs": found.one_turn_outs,
        }
    )


@bp.get("/groups/<group_id>/wins")
@documented(WinsOverTime, errors=(404,), headers=(*RANGE, "period"))
def wins_over_time(group_id: str) -> Response:
    """Each person's wins in each day, month or year with a finished game (the chart's)."""
    _shown, start, end = read_range()
    period = request.args.get("period", "month")[:10]
    session = get_session()
    wins = stats.wins_over_time(session, group_id, start, end, period=period)
    name = find_group(session, group_id).name
    low, high = stats.as_bound(start), stats.as_bound(end)
    return jsonify(
        _range(wins.group_id, name, low, high)
        | {
            "period": wins.period,
            "periods": list(wins.periods),
            "games": list(wins.games),
            "series": [
                {"person_id": s.person_id, "name": s.name, "wins": [n for _at, n in s.points]}
                for s in wins.series
            ],
        }
    )


@bp.get("/groups/<group_id>/season")
@documented(Season, errors=(404,), headers=RANGE)
def get_season(group_id: str) -> Response:
    """The season's standings and champions over a range (a year, say), as on the trophy."""
    _shown, start, end = read_range()
    found = stats.season(get_session(), group_id, start, end)
    return jsonify(
        _range(found.group.id, found.group.name, found.start, found.end)
        | {
            "games": found.games,
            "standings": [_line(row) | {"place": place} for place, row in found.standings],
            "champions": [row.name for row in found.champions],
        }
    )


# --- export and import ----------------------------------------------------------------------


def _stream(chunks: Iterator[str], mimetype: str, filename: str) -> Response:
    """A download sent as it is read (the export reads its games in batches)."""
    encoded = (chunk.encode() for chunk in chunks)
    response = Response(stream_with_context(encoded), mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return no_store(response)


@bp.get("/games/<game_id>/export.json")
@documented(GameExport, errors=(404,))
def export_game_json(game_id: str) -> Response:
    """A game as JSON: everything about it, to import again (streamed).

    Public, as the game and its history are; edit rights and join codes are never exported.
    """
    chunks = transfer.export_game_json(get_engine(), game_id)
    return _stream(chunks, "application/json", f"game-{game_id}.json")


@bp.get("/games/<game_id>/export.csv")
@documented(CsvExport, errors=(404,), media_type="text/csv")
def export_game_csv(game_id: str) -> Response:
    """A game as CSV, one row per player per round, for spreadsheets (streamed)."""
    chunks = transfer.export_game_csv(get_engine(), game_id)
    return _stream(chunks, "text/csv", f"game-{game_id}.csv")


@bp.get("/groups/<group_id>/export.json")
@documented(GroupExport, errors=(404,), auth=True)
def export_group_json(group_id: str) -> Response:
    """A group as JSON: its people and every game, to import again (streamed)."""
    authorize_group(get_session(), group_id)
    chunks = transfer.export_group_json(get_engine(), group_id)
    return _stream(chunks, "application/json", f"group-{group_id}.json")


@bp.get("/groups/<group_id>/export.csv")
@documented(CsvExport, errors=(404,), auth=True, media_type="text/csv")
def export_group_csv(group_id: str) -> Response:
    """Every game of a group as CSV, oldest game first (streamed)."""
    authorize_group(get_session(), group_id)
    chunks = transfer.export_group_csv(get_engine(), group_id)
    return _stream(chunks, "text/csv", f"group-{group_id}.csv")


def import_limit() -> int:
    """The largest import body (bytes): ``IMPORT_MAX_BYTES``, for this route only."""
    return int(current_app.config.get("IMPORT_MAX_BYTES") or IMPORT_MAX_BYTES)


@bp.post("/import")
@documented(
    Imported,
    201,
    body=Export,
    errors=(409, 422),
    headers=("Idempotency-Key",),
    answer_headers=("Location", "Idempotent-Replayed"),
)
@jsonbody.streamed  # an export file, read (and its text checked) piece by piece
def import_export() -> Response:
    """Import an exported game or group (the body is the export file), all or nothing.

    A file refused anywhere changes nothing; the message says what is wrong first, and the
    details list every problem found, each with where it is (details.problems: where,
    problem). A game or group that is already here is a 409. The answer holds an edit token
    to what was made: the game, or the group and each of its games. A retry with the same
    Idempotency-Key and file answers as the first import did (Idempotent-Replayed: true).
    """
    limit = import_limit()
    request.max_content_length = limit  # before the body is touched: this route only
    require_json_body()
    ratelimit.check_import()  # counted before the file is read
    done = transfer.import_json(
        get_session(),
        request.stream,
        max_bytes=limit,
        label=LABEL,
        idempotency_key=request.headers.get("Idempotency-Key"),
        client=access.client_id(),
        secret=access.client_secret(),
    )
    if done.kind == "group":
        url = url_for("api.get_group", group_id=done.id)
    else:
        url = url_for("api.get_game", game_id=done.id)
    answer = {"kind": done.kind, "id": done.id, "games": done.games, "token": done.token}
    response = _created(answer, url)
    if done.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response
