"""What every request and answer model shares: refusing unknown fields, no conversion, and
values that may be one of several JSON types (cards as text or a list, rules as a preset's id
or a document)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, WithJsonSchema

from ....jsontext import json_type
from ....rules.language import N_


class Request(BaseModel):
    """A request body: unknown fields are refused and no value is converted (``"5"`` is not
    a number, ``1`` is not true).

    Request and answer models are built (their validators and schemas) when first used: a
    request model by the first request it reads, an answer model by the OpenAPI document,
    not by every server's start-up (``benchmarks/startup.py``)."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Answer(BaseModel):
    """An answer, as sent: every field listed."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class Error(Answer):
    """Every refusal: a sentence saying what is wrong, and details for programs."""

    error: str
    details: Any


# --- values that may be one of several JSON types -------------------------------------------


def by_json_type(expected: str) -> Discriminator:
    """Picks a union's member by the value's JSON type (members are tagged ``Tag("string")``
    and so on), so a refusal speaks of that member only; any other type is refused as not
    ``expected``."""
    return Discriminator(json_type, custom_error_type="one_of", custom_error_message=expected)


Cards = Annotated[
    Annotated[str, Tag("string")] | Annotated[list[str], Tag("array")],
    by_json_type(N_("text or a list")),
]
"""Cards as text (``"AH 7C JK"``) or a list of strings (``["AH", "7C"]``)."""


RulesValue = Annotated[
    Annotated[str, Tag("string"), Field(examples=["liverpool"])]
    | Annotated[
        dict[str, Any],
        Tag("object"),
        WithJsonSchema({"x-model": "RuleDocument"}),  # a $ref, once in the OpenAPI document
    ],
    by_json_type(N_("a preset's id or a rule-set document")),
    Field(
        description="A preset id (GET /rules lists them), or a whole rule-set document "
        "(GET /rules/{preset} returns one; RuleDocument describes it). A document is checked "
        "whole: a 400 lists every problem, each with where it is."
    ),
]
"""Wherever rules are accepted: a preset's id, or a rule-set document (read and checked by
``scorekeeper.rules.document.from_document``, which lists every problem)."""
