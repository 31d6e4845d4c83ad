"""Refusals in plain words: a pydantic ValidationError as one sentence per field.

Each field is named as it is in the body (``results[2].points``) and pydantic's own wording is
replaced by a whole sentence naming the field (in the request's language: the sentence is
looked up in the catalogue, the field's name stays English):

>>> from scorekeeper.web.api.schemas import PlayerResultIn
>>> body = {"player": "Ann", "points": "5", "cards": 7, "colour": "red"}
>>> for problem in problems(validation_error(PlayerResultIn, body), body, PlayerResultIn):
...     print(problem.sentence(field_name(problem.path)))
the request has unknown fields: colour (allowed: player, went_out, points, cards, bought, phase_done, phase, down_and_out)
points must be a whole number, not text
cards must be text or a list, not a number
"""  # noqa: E501

from __future__ import annotations

import typing
from typing import Any, NamedTuple

from pydantic import BaseModel, ValidationError

from ...jsontext import Path, field_name, json_type, shown
from ...rules.language import N_
from ...validation_words import says, sentence

__all__ = ["Path", "Problem", "field_name", "problems", "shown", "validation_error"]


class Problem(NamedTuple):
    """What is wrong at ``path`` (keys and indexes in the body): ``message`` is the English
    sentence with a ``{field}`` placeholder (and the others ``values`` fill), said by
    :meth:`sentence` in the current language."""

    path: Path
    message: str
    values: tuple[tuple[str, str], ...] = ()
    unknown: tuple[str, ...] = ()  # the names of unknown fields, when that is the problem

    def sentence(self, field: str) -> str:
        """The problem as a sentence about ``field`` (its name, or ``Bob's points``)."""
        return sentence(self.message, self.values, field)


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
    found: dict[Path, tuple[str, tuple[tuple[str, str], ...]]] = {}
    unknown: dict[Path, list[str]] = {}
    for item in error.errors(include_url=False):
        path = _path(item["loc"], data)
        if item["type"] == "extra_forbidden":
            unknown.setdefault(path[:-1], []).append(str(path[-1]))
        else:
            found.setdefault(path, says(item))
    # Unknown fields first: a misspelt field is also the cause of a missing one.
    return [
        Problem(
            where,
            N_("{field} has unknown fields: {names} (allowed: {allowed})"),
            (
                ("names", ", ".join(map(shown, names))),
                ("allowed", ", ".join(_model_at(model, where).model_fields)),
            ),
            tuple(names),
        )
        for where, names in unknown.items()
    ] + [Problem(path, message, values) for path, (message, values) in found.items()]


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
