"""Pydantic's validation errors in plain words: one whole sentence per problem, with a
``{field}`` placeholder for the field's name, said in the reader's language (the API's
refusals and the import's problem lists alike).

>>> from pydantic import BaseModel, ValidationError
>>> class Entry(BaseModel):
...     points: int
>>> try:
...     Entry.model_validate({"points": "five"})
... except ValidationError as error:
...     message, values = says(error.errors()[0])
>>> sentence(message, values, "Ann's points")
"Ann's points must be a whole number, not text"
"""

from __future__ import annotations

from pydantic_core import ErrorDetails

from .jsontext import json_type
from .rules.language import N_, _

# What a value is and what a field must be, as noun phrases a sentence names (each marked
# for the catalogues, translated where the sentence is said).
SAID = {
    "null": "null",
    "boolean": N_("true/false"),
    "integer": N_("a number"),
    "number": N_("a decimal number"),
    "string": N_("text"),
    "array": N_("a list"),
    "object": N_("an object"),
}
EXPECTED = {
    "string_type": N_("text"),
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),  # (lax models: text that is no number)
    "int_from_float": N_("a whole number"),
    "bool_type": N_("true or false"),
    "bool_parsing": N_("true or false"),
    "list_type": N_("a list"),
    "dict_type": N_("an object of name/value pairs"),
    "model_type": N_("an object"),
}

# A number's bounds (the limit is the one value of the error's context).
_LIMITS = {
    "greater_than_equal": N_("{field} must be at least {limit}"),
    "less_than_equal": N_("{field} must be at most {limit}"),
    "greater_than": N_("{field} must be more than {limit}"),
    "less_than": N_("{field} must be less than {limit}"),
}

# The values of a sentence that are phrases of the catalogue themselves.
_SAID_PARTS = frozenset({"expected", "given", "choices"})


def says(item: ErrorDetails) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The sentence for one of pydantic's errors (English, a ``{field}`` placeholder) and the
    values it names."""
    kind, context = item["type"], item.get("ctx") or {}
    if kind == "missing":
        return N_("{field} is missing"), ()
    if kind == "string_too_long":
        return N_("{field} is too much text (at most {limit} characters)"), (
            ("limit", str(context["max_length"])),
        )
    if kind in _LIMITS:
        return _LIMITS[kind], (("limit", str(next(iter(context.values()), ""))),)
    if kind == "literal_error":
        return N_("{field} must be {allowed}"), (("allowed", str(context.get("expected", ""))),)
    if kind == "extra_forbidden":
        return N_("{field} is not expected here"), ()
    if kind == "too_long":
        return N_("{field} has {count} items: at most {limit} fit"), (
            ("count", str(context.get("actual_length"))),
            ("limit", str(context["max_length"])),
        )
    given = SAID.get(json_type(item["input"]) or "", N_("that"))
    if kind == "one_of":  # our own union's sentence (schemas.py), already in words
        return N_("{field} must be {choices}, not {given}"), (
            ("choices", item["msg"]),
            ("given", given),
        )
    expected = EXPECTED.get(kind)
    if expected is None:
        return N_("{field} is wrong: {problem}"), (("problem", item["msg"]),)
    return N_("{field} must be {expected}, not {given}"), (("expected", expected), ("given", given))


# How jsontext names the body itself (its field_name of no path): said in the reader's words,
# where a field's own name stays as the body spells it.
THE_REQUEST = N_("the request")


def sentence(message: str, values: tuple[tuple[str, str], ...], field: str) -> str:
    """A problem's sentence (from :func:`says`) about ``field``, in the reader's language."""
    said = {name: _(value) if name in _SAID_PARTS else value for name, value in values}
    return _(message).format(field=_(THE_REQUEST) if field == THE_REQUEST else field, **said)


__all__ = ["EXPECTED", "SAID", "says", "sentence"]
