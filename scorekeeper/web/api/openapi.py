"""The OpenAPI document (``/api/v1/openapi.json``), generated from the routes and the models.

Each view of the API is marked with :func:`documented`: its answer model and status, its body
model, the headers it reads and the refusals it may answer. The rest is found: the path and
its parameters come from the view's route, the summary and description from its docstring,
the tag from its module, and every schema from the pydantic models
(``model_json_schema``; the models inside them are collected into the components too).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Annotated, Any, Literal, TypeVar

from flask import Response, current_app, jsonify
from pydantic import BaseModel, Field, TypeAdapter

from . import bp
from .schemas import Error
from .versions import IF_MATCH_GAME, IF_MATCH_ROUND

View = TypeVar("View", bound=Callable[..., Any])
REF = "#/components/schemas/{model}"
ARGUMENT = re.compile(r"<(?:\w+:)?(\w+)>")  # a route's variable, like <int:number>

CODES = {
    200: "The answer.",
    201: "Created.",
    304: "Not changed since the version in If-None-Match.",
    400: "The request was refused; the message says why (malformed JSON, a wrong type, an "
    "unknown field, an unknown player, a bad card, a rule broken ...).",
    401: "No edit token was sent.",
    403: "The edit token is not this game's (or group's), or a join code is wrong.",
    404: "There is no such game (or round, group or person).",
    409: "Someone else changed the game first (stale version), or the round is already recorded "
    "(or what is imported is already here, or a name is taken).",
    413: "The request is too large.",
    415: "The body is not declared as JSON (Content-Type: application/json).",
    422: "The Idempotency-Key was already used by this client for a different request, or a "
    "referee question is too much work to answer exactly (the message says which).",
    429: "Too many join-code attempts (or PDF renders) from this client: wait a minute.",
    503: "The server is too busy to answer this referee question in time: try again.",
}
# Parameters by name: where they are sent, their type, what they mean.
PARAMETERS: dict[str, tuple[str, Any, str]] = {
    "game_id": ("path", str, "The game's unguessable id."),
    "number": ("path", Annotated[int, Field(ge=1)], "The round number (1-based)."),
    "ref": ("path", str, "The device's ref, as listed by GET .../devices."),
    "preset": ("path", str, "A preset's id, as listed by GET /rules."),
    "group_id": ("path", str, "The group's unguessable id."),
    "person_id": ("path", int, "A person's id, as listed by GET /groups/{group_id}/people."),
    "from": ("query", date, "The range's first day (included), like 2026-01-01."),
    "to": ("query", date, "The range's last day (included)."),
    "year": ("query", int, "A calendar year, instead of from and to."),
    "sort": ("query", str, "A column: wins, win_rate, games, average_score ... or name."),
    "dir": ("query", Literal["asc", "desc"], "The direction; left out: best first."),
    "period": ("query", Literal["day", "month", "year"], "The chart's step (month if left out)."),
    "Idempotency-Key": (
        "header",
        Annotated[str, Field(max_length=100)],
        "Up to 100 printable characters; a retry with the same key is answered without "
        "recording the change twice.",
    ),
    # Which version each change takes (scorekeeper.web.api.versions): "name:which" is the
    # header "name", worded for that operation.
    "If-Match:round": ("header", str, IF_MATCH_ROUND),
    "If-Match:game": ("header", str, IF_MATCH_GAME),
    "If-None-Match": ("header", str, "The ETag of the game as last read."),
}
ANSWER_HEADERS = {
    "Location": "The address of the game (or group) made.",
    "ETag": "The game's version.",
    "Idempotent-Replayed": "true when the request was a retry (the same Idempotency-Key and "
    "body), answered as the first one was without doing it twice.",
}


@dataclass(frozen=True)
class Operation:
    """How a view is documented. A view that reads a body may also refuse it with 400, 413
    or 415; one that needs the edit token (``auth``) with 401 or 403."""

    view: Callable[..., Any]
    answer: type[BaseModel]
    status: int
    body: type[BaseModel] | None
    errors: tuple[int, ...]
    headers: tuple[str, ...]  # the request headers it reads (PARAMETERS)
    answer_headers: tuple[str, ...]  # ANSWER_HEADERS
    auth: bool
    media_type: str = "application/json"  # of the answer (an export may be text/csv)


OPERATIONS: dict[str, Operation] = {}  # by endpoint ("api.create_game")
# Documented views of other blueprints, outside /api/v1 (POST /print/blank.pdf), by endpoint.
ELSEWHERE: dict[str, Operation] = {}


def documented(
    answer: type[BaseModel],
    status: int = 200,
    *,
    body: type[BaseModel] | None = None,
    errors: tuple[int, ...] = (),
    headers: tuple[str, ...] = (),
    answer_headers: tuple[str, ...] = (),
    auth: bool = False,
    media_type: str = "application/json",
    endpoint: str = "",
) -> Callable[[View], View]:
    """Describe a view of the API blueprint in the OpenAPI document (its docstring's first
    line is the summary, the rest the description); a view of another blueprint names its
    ``endpoint`` (its path is then given whole, with the server root as its server)."""

    def register(view: View) -> View:
        operation = Operation(
            view, answer, status, body, errors, headers, answer_headers, auth, media_type
        )
        if endpoint:
            ELSEWHERE[endpoint] = operation
        else:
            OPERATIONS[f"{bp.name}.{view.__name__}"] = operation
        return view

    return register


def _parameter(name: str) -> dict[str, Any]:
    where, kind, description = PARAMETERS[name]
    return {
        "name": name.partition(":")[0],
        "in": where,
        "required": where == "path",
        "description": description,
        "schema": TypeAdapter(kind).json_schema(),
    }


def _content(
    model: type[BaseModel], description: str = "", media_type: str = "application/json"
) -> dict[str, Any]:
    schema = {"$ref": REF.format(model=model.__name__)}
    return {"description": description, "content": {media_type: {"schema": schema}}}


def _responses(operation: Operation) -> dict[str, Any]:
    answer = _content(operation.answer, CODES[operation.status], operation.media_type)
    if operation.answer_headers:
        text = TypeAdapter(str).json_schema()
        answer["headers"] = {
            name: {"description": ANSWER_HEADERS[name], "schema": text}
            for name in operation.answer_headers
        }
    codes = set(operation.errors)
    codes |= {400, 413, 415} if operation.body else set()
    codes |= {401, 403} if operation.auth else set()
    return {str(operation.status): answer} | {
        str(code): _content(Error, CODES[code]) if code >= 400 else {"description": CODES[code]}
        for code in sorted(codes)
    }


def _operation(operation: Operation, arguments: Iterable[str]) -> dict[str, Any]:
    view = operation.view
    summary, _, description = (inspect.getdoc(view) or view.__name__).partition("\n")
    first, *rest = view.__name__.split("_")
    item: dict[str, Any] = {
        "operationId": first + "".join(word.title() for word in rest),
        "summary": summary.rstrip("."),
        "tags": [view.__module__.rsplit(".", 1)[1]],
        "parameters": [_parameter(name) for name in (*arguments, *operation.headers)],
        "responses": _responses(operation),
    }
    if description:
        item["description"] = " ".join(description.split())
    if operation.body is not None:
        item["requestBody"] = {"required": True, "content": _content(operation.body)["content"]}
    if operation.auth:
        item["security"] = [{"bearer": []}]
    return item


def models() -> list[type[BaseModel]]:
    """Every model the document names: bodies, answers and the error."""
    found: set[type[BaseModel]] = {Error}
    for operation in [*OPERATIONS.values(), *ELSEWHERE.values()]:
        found |= {operation.answer} | ({operation.body} if operation.body else set())
    return sorted(found, key=lambda model: model.__name__)


def _linked(schema: Any) -> Any:
    """``{"x-model": "Name"}`` (a field whose value is checked by code, not by its model, yet
    documented by that model) as a reference to the model's schema."""
    if isinstance(schema, dict):
        if "x-model" in schema:
            return {"$ref": REF.format(model=schema["x-model"])}
        return {key: _linked(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [_linked(item) for item in schema]
    return schema


@cache
def components() -> dict[str, Any]:
    """Each model's JSON Schema, and the models inside them, by name."""
    schemas: dict[str, Any] = {}
    for model in models():
        schema = _linked(model.model_json_schema(ref_template=REF))
        for name, definition in [*schema.pop("$defs", {}).items(), (model.__name__, schema)]:
            if schemas.setdefault(name, definition) != definition:
                raise ValueError(f"two models are named {name}")
    return schemas


def document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for rule in current_app.url_map.iter_rules():
        outside = ELSEWHERE.get(rule.endpoint)
        if outside is None and (
            not rule.endpoint.startswith(f"{bp.name}.") or rule.endpoint == "api.openapi_json"
        ):
            continue
        operation = outside or OPERATIONS[rule.endpoint]  # a view without @documented is a bug
        path = rule.rule if outside else rule.rule.removeprefix(bp.url_prefix or "")
        root = {"servers": [{"url": "/"}]} if outside else {}
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            item = _operation(operation, ARGUMENT.findall(path))
            paths.setdefault(ARGUMENT.sub(r"{\1}", path), root)[method.lower()] = item
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1",
            "description": "Keep score and referee Liverpool Rummy games.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths,
        "components": {
            "schemas": components(),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


@bp.get("/openapi.json")
def openapi_json() -> Response:
    return jsonify(document())
