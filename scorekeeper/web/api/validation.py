"""Refusals in plain words: a pydantic ValidationError as one sentence per field.

Each field is named as it is in the body (``results[2].points``) and pydantic's own wording is
replaced:

>>> from scorekeeper.web.api.schemas import PlayerResultIn
>>> body = {"player": "Ann", "points": "5", "cards": 7, "colour": "red"}
>>> for problem in problems(validation_error(PlayerResultIn, body), body, PlayerResultIn):
...     print(field_name(problem.path), "|", problem.says)
the request | has unknown fields: colour (allowed: player, went_out, points, cards, bought, phase_done, phase)
points | must be a whole number, not text
cards | must be text or a list, not a number
"""  # noqa: E501

from __future__ import annotations

import typing
from typing import Any, NamedTuple

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ...jsontext import Path, field_name, shown
from .schemas import json_type

__all__ = ["Path", "Problem", "field_name", "problems", "shown", "validation_error"]
_SAID = {
    "null": "null",
    "boolean": "true/false",
    "integer": "a number",
    "number": "a decimal number",
    "string": "text",
    "array": "a list",
    "object": "an object",
}
_EXPECTED = {
    "string_type": "text",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "an object of name/value pairs",
    "model_type": "an object",
}


class Problem(NamedTuple):
    """What is wrong at ``path`` (keys and indexes in the body): ``says`` follows the field's
    name, as in ``points`` + ``must be a whole number, not text``."""

    path: Path
    says: str
    unknown: tuple[str, ...] = ()  # the names of unknown fields, when that is the problem


def validation_error(model: type[BaseModel], data: Any) -> ValidationError:
    """The error ``model`` raises for ``data`` (for examples and tests)."""
    try:
        model.model_validate(data)
    except ValidationError as error:
        return error
    raise ValueError("the data is valid")


def problems(error: ValidationError, data: Any, model: type[BaseModel]) -> list[Problem]:
    """The problems pydantic found in ``data`` (validated as ``model``), one per field, in
    plain words; unknown fields are gathered into one problem of the object holding them."""
    found: dict[Path, str] = {}
    unknown: dict[Path, list[str]] = {}
    for item in error.errors(include_url=False):
        path = _path(item["loc"], data)
        if item["type"] == "extra_forbidden":
            unknown.setdefault(path[:-1], []).append(str(path[-1]))
        else:
            found.setdefault(path, _says(item))
    # Unknown fields first: a misspelt field is also the cause of a missing one.
    return [
        Problem(
            where,
            f"has unknown fields: {', '.join(map(shown, names))} "
            f"(allowed: {', '.join(_model_at(model, where).model_fields)})",
            tuple(names),
        )
        for where, names in unknown.items()
    ] + [Problem(path, says) for path, says in found.items()]


def _path(loc: tuple[str | int, ...], data: Any) -> Path:
    """The error's place in the body: pydantic's location without the union tags."""
    path: list[str | int] = []
    here = data
    for part in loc:
        if part == json_type(here) and not (isinstance(here, dict) and part in here):
            continue  # the tag of the union member chosen for this value (a key of the same
            # name, {"object": ...}, is the body's own field, not a tag)
        path.append(part)
        try:
            here = here[part]
        except (KeyError, IndexError, TypeError):
            here = None
    return tuple(path)


def _says(item: ErrorDetails) -> str:
    kind, context = item["type"], item.get("ctx") or {}
    if kind == "missing":
        return "is missing"
    if kind == "string_too_long":
        return f"is too much text (at most {context['max_length']} characters)"
    if kind == "too_long":
        return f"has {context.get('actual_length')} items: at most {context['max_length']} fit"
    expected = item["msg"] if kind == "one_of" else _EXPECTED.get(kind)
    if expected is None:
        return "is wrong: " + item["msg"]
    return f"must be {expected}, not {_SAID.get(json_type(item['input']) or '', 'that')}"


def _model_at(model: type[BaseModel], path: Path) -> type[BaseModel]:
    """The model that validates the object at ``path``."""
    for part in path:
        field = model.model_fields.get(part) if isinstance(part, str) else None
        if field is not None:
            model = _model_in(field.annotation) or model
    return model


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in typing.get_args(annotation):
        found = _model_in(argument)
        if found is not None:
            return found
    return None
