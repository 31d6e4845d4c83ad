"""JSON text as it comes in and as it is stored: one reader for every JSON door.

Terms:

- **Valid text** is text that UTF-8 can carry. JSON can write what it cannot: an escape such
  as ``"\\ud800"`` is an unpaired surrogate, half of a character. Python keeps it in a ``str``,
  and it breaks every later step that encodes the text (the database driver, a page, a PDF,
  an export). So every string of a JSON value that comes in, keys too, is checked here once,
  and a value with such a string is refused with the place of each one.
- A value's **path** names a place in it as a message shows it: ``rules.name``,
  ``players[1]``; ``the request`` for the value itself.
- **Depth** counts the arrays and objects that hold a value. Python's reader (and everything
  after it that walks a value by recursion) runs out of stack on deep nesting, so nesting
  deeper than :data:`MAX_DEPTH` is refused. The deepest real body, a rule-set document inside
  a request, is 6 deep.

>>> body = '{"rules": {"name": "Liver\\\\ud800pool"}, "players": ["Ann", "B\\\\udc00"]}'
>>> loads(body)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.errors.Invalid: rules.name is not valid text: it holds half of a character ...
>>> loads('[' * 3000, "the body")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.errors.Invalid: the body is nested too deeply (at most 32 levels of JSON lists ...
>>> loads('{"name": "Jo \\\\ud83c\\\\udccf"}')  # a pair is one whole character
{'name': 'Jo 🃏'}

Stored JSON is written with ``ensure_ascii``, so a value stored before these checks may hold
half characters as escapes; :func:`loads_stored` reads it with each one replaced by U+FFFD
(the replacement character), so a game stored that way still shows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from .errors import Invalid
from .rules.language import N_, _

MAX_DEPTH = 32
MAX_SHOWN = 40  # characters of a name shown in a path
MAX_LISTED = 20  # bad strings named in one refusal
# What is wrong at a place, as whole sentences about it (``{field}``: its name), said in the
# reader's language.
HALF_CHARACTER = N_("{field} is not valid text: it holds half of a character ({escape})")
NAME_HALF_CHARACTER = N_("{field} (a name) is not valid text: it holds half of a character")
TOO_DEEP = N_("{field} is nested too deeply (at most {most} levels of JSON lists and objects)")


class Wrong(NamedTuple):
    """What is wrong at one place: a sentence of the catalogue, and the escape it shows."""

    message: str
    escape: str = ""

    def about(self, field: str) -> str:
        """The sentence about ``field`` (a place's name, or ``the request``)."""
        return _(self.message).format(field=field, escape=self.escape, most=MAX_DEPTH)


_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")

Path = tuple[str | int, ...]


def reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


_JSON_TYPES = {
    type(None): "null",
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
}


def json_type(value: Any) -> str | None:
    """The JSON type of a value as JSON Schema names it (``"string"``, ``"array"`` ...)."""
    return _JSON_TYPES.get(type(value))


def field_name(path: Path) -> str:
    """``results[2].points``; ``the request`` for the value itself.

    >>> field_name(("rounds", 3, "contract", 1)), field_name(())
    ('rounds[3].contract[1]', 'the request')
    """
    name = ""
    for part in path:
        if isinstance(part, int):
            name += f"[{part}]"
        else:
            name += f".{shown(part)}" if name else shown(part)
    return name or "the request"


def shown(part: str | int) -> str:
    """A name or value as a message shows it: cut after MAX_SHOWN characters, and any half
    character written as its escape."""
    text = _escaped(str(part))
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


def _escaped(text: str) -> str:
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def parse(text: str | bytes, what: str = "the request") -> Any:
    """``text`` read as JSON, with no check of its strings or depth: ValueError for text that
    is not JSON (NaN and Infinity are not), Invalid for nesting too deep to read."""
    try:
        return json.loads(text, parse_constant=reject_constant)
    except RecursionError:
        raise too_deep(what) from None


def too_deep(what: str) -> Invalid:
    """Text nested too deeply to read at all: not JSON this app reads (``bad-json``)."""
    return Invalid(Wrong(TOO_DEEP).about(what), {"code": "bad-json", "field": what})


def problems(value: Any, where: Path = (), text: str | None = None) -> Iterator[tuple[Path, Wrong]]:
    """Each place in ``value`` that no JSON door takes, with what is wrong there: a string
    (or a key) that is not valid text, or nesting deeper than MAX_DEPTH. Walked without
    recursion, so any value can be checked; given the JSON ``text`` it was read from, a
    value whose text has no surrogate's escape and is not nested too deeply (both seen in
    the text, several times faster than a walk) is not walked.

    >>> [(path, wrong.about("it")) for path, wrong in problems(["ok", {"a": "\\ud800"}])]
    [((1, 'a'), 'it is not valid text: it holds half of a character (\\\\ud800)')]
    >>> list(problems(["ok"], text='["ok"]'))
    []
    """
    if text is not None and _ESCAPED_SURROGATE.search(text) is None and depth(text) <= MAX_DEPTH:
        return
    stack: list[tuple[Path, Any]] = [(where, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found is not None:
                yield path, Wrong(HALF_CHARACTER, _escaped(found.group()))
        elif isinstance(item, dict | list):
            if len(path) - len(where) >= MAX_DEPTH:
                yield path, Wrong(TOO_DEEP)
                continue
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            children = []
            for key, child in pairs:
                if isinstance(key, str) and _SURROGATE.search(key):
                    yield (*path, key), Wrong(NAME_HALF_CHARACTER)
                children.append(((*path, key), child))
            stack.extend(reversed(children))


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")


def depth(text: str) -> int:
    """How deep the lists and objects of a JSON ``text`` are nested (its strings taken out,
    only its brackets are counted).

    >>> depth('{"a": [1, {"b": "]]"}], "c": []}'), depth('"x"')
    (3, 0)
    """
    level = deepest = 0
    for bracket in _NOT_A_BRACKET.sub("", _STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def check(value: Any, what: str = "the request") -> Any:
    """``value``, or Invalid naming each place (up to MAX_LISTED) that :func:`problems`
    finds: ``details`` has the first place's name (``field``) and every one with its
    problem (``problems``)."""
    found = []
    for path, wrong in problems(value):
        found.append((field_name(path) if path else what, wrong))
        if len(found) >= MAX_LISTED:
            break
    if found:
        said = [(name, wrong.about(name)) for name, wrong in found]
        raise Invalid(
            "; ".join(sentence for _name, sentence in said[:3]),
            {
                "code": "too-deep" if found[0][1].message == TOO_DEEP else "bad-text",
                "field": found[0][0],
                "problems": [{"field": name, "problem": sentence} for name, sentence in said],
            },
        )
    return value


def loads(text: str | bytes, what: str = "the request") -> Any:
    """``text`` read as JSON and checked (:func:`check`): ValueError for text that is not
    JSON, Invalid for a value that no door takes."""
    return check(parse(text, what), what)


def loads_stored(text: str) -> Any:
    """JSON the app stored itself, each half character (a value stored before the doors
    checked for them) replaced by U+FFFD. Stored JSON is ASCII, so a text without a
    surrogate's escape is read as it is.

    >>> loads_stored('{"name": "Liver\\\\ud800pool", "ok": "\\\\ud83c\\\\udccf"}')
    {'name': 'Liver�pool', 'ok': '🃏'}
    """
    value = json.loads(text)
    if _ESCAPED_SURROGATE.search(text) is None:
        return value
    return _mended(value)


def _mended(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_mended(item) for item in value]
    if isinstance(value, dict):
        return {_mended(key): _mended(item) for key, item in value.items()}
    return value
