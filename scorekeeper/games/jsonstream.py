"""Reading one large JSON object from a file a value at a time, so that a file of any size
is never held whole: the top-level keys and values, and the items of an array one by one
(an export file: its header, then its games).

The JSON is read by ijson (its C parser, yajl) as events; this module builds each value from
them, capping it as it grows (``limit``: its strings' characters and its other tokens), and
caps the whole file at ``max_bytes``. The bytes read are hashed as they go
(:meth:`JsonStream.fingerprint`), which is what a retried import is recognised by. What is
wrong with the file is an Invalid naming the value being read.

A value is **clean** (:attr:`JsonStream.clean`) when it holds no half character and is
nested at most :data:`~scorekeeper.jsontext.MAX_DEPTH` deep: only a value that is not is
walked by :func:`scorekeeper.jsontext.problems`, which names each such place.

yajl reads the escape of half a character (``"\\ud800"``, an unpaired surrogate) as ``?``,
which would change the text unseen; so the bytes are handed to it with each such escape
written as a stand-in character of a private-use plane (:class:`_Reader`), and the stand-ins
are turned back into the half characters as the strings are read, for the checks to refuse.

>>> stream = JsonStream(b'{"kind": "game", "games": [{"a": 1}, [2, "x\\\\ud800"]]}', 1000)
>>> stream.expect("{", "an object"); stream.key(), stream.value(100, "the kind")
('kind', 'game')
>>> stream.key(), [(item, stream.clean) for item in stream.items(100, "games")]
('games', [({'a': 1}, True), ([2, 'x\\ud800'], False)])
>>> stream.key() is None
True
>>> JsonStream(b'{"a": [1, 2, 3]}', 1000).value(4, "the file")
Traceback (most recent call last):
...
scorekeeper.errors.Invalid: the file is too large (at most 4 characters)
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator
from itertools import chain
from typing import IO, Any

import ijson

from ..errors import Invalid
from ..jsontext import MAX_DEPTH
from ..rules.language import N_, _

# A list the file holds, as a message names it: (the list, what was expected).
_LISTS = {"games": (N_("the list of games"), N_("a list of games"))}

CHUNK = 64 * 1024
_PARSER = ijson.get_backend("yajl2_c")  # the wheel's C parser: a pure-Python one is 10x slower

# An escape of a surrogate (an even run of backslashes before it: "\\\\ud800" is a backslash
# and text), a high one with the low one that makes it whole, when there is one.
_ESCAPE = re.compile(
    rb"(?<!\\)((?:\\\\)*)\\u([dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?"
    rb"|(?<!\\)((?:\\\\)*)\\u([dD][c-fC-F][0-9a-fA-F]{2})"
)
_STAND_IN = 0xF0000 - 0xD800  # a half character's stand-in: U+F0000 to U+F07FF
_HALVES = {_STAND_IN + half: half for half in range(0xD800, 0xE000)}


def _stand_in(match: re.Match[bytes]) -> bytes:
    """The escape as it is (a whole character), or its half character's stand-in."""
    if match.group(2) is not None and match.group(3) is not None:
        return match.group(0)
    slashes, half = (match.group(1), match.group(2)) if match.group(2) else match.group(4, 5)
    return slashes + chr(_STAND_IN + int(half, 16)).encode()


class _Reader:
    """The file as the parser reads it: counted (the cap), hashed (the fingerprint), and with
    each half character's escape written as its stand-in (:data:`halves` counts them)."""

    def __init__(self, source: IO[bytes] | IO[str], max_bytes: int) -> None:
        self.source = source
        self.max_bytes = max_bytes
        self.read_bytes = 0
        self.hash = hashlib.sha256()
        self.halves = 0
        self.kept = b""  # the end of what was read, until the next piece shows how it goes on
        self.ended = False

    def raw(self) -> bytes:
        """The next piece of the file as it is (counted and hashed; ``b""`` at its end)."""
        chunk = self.source.read(CHUNK)
        if isinstance(chunk, str):
            chunk = chunk.encode()
        self.read_bytes += len(chunk)
        if self.read_bytes > self.max_bytes:
            raise Invalid(
                _("the file is too large to import (at most {size} MB)").format(
                    size=self.max_bytes // 1_000_000
                )
            )
        self.hash.update(chunk)
        self.ended = not chunk
        return chunk

    def read(self, size: int = -1) -> bytes:
        if size == 0:  # how ijson asks whether the file gives bytes or text
            return b""
        while not self.ended:
            data = self.kept + self.raw()
            # An escape may go on in the next piece: keep the last 11 bytes (and the run of
            # backslashes before them) for then, unless the file has ended.
            cut = len(data) if self.ended else max(0, len(data) - 11)
            while 0 < cut < len(data) and data[cut - 1 : cut] == b"\\":
                cut -= 1
            if b"\\ud" in data or b"\\uD" in data:
                data, cut = self._stand_ins(data, cut)
            out, self.kept = data[:cut], data[cut:]
            if out:
                return out
        return b""

    def _stand_ins(self, data: bytes, cut: int) -> tuple[bytes, int]:
        """``data`` with each half character's escape before ``cut`` written as its stand-in,
        and where the part handed on now ends."""
        parts: list[bytes] = []
        done = 0
        for match in _ESCAPE.finditer(data):
            if match.start() >= cut:
                break
            replaced = _stand_in(match)
            if replaced != match.group(0):
                self.halves += 1
            parts += [data[done : match.start()], replaced]
            done = match.end()
            cut = max(cut, done)
        shift = sum(map(len, parts)) - done
        return b"".join(parts) + data[done:], cut + shift


class JsonStream:
    """Reads one JSON object from a file a value at a time: the top-level keys and values,
    and the items of an array one by one, so a large file is never held whole. Every value
    is capped (``limit``); the whole file at ``max_bytes``. The bytes read are hashed as they
    go (:meth:`fingerprint`: what a retried import is recognised by)."""

    def __init__(self, source: IO[bytes] | IO[str] | bytes | str, max_bytes: int) -> None:
        if isinstance(source, bytes | str):
            source = io.BytesIO(source.encode() if isinstance(source, str) else source)
        self.reader = _Reader(source, max_bytes)
        self.events = iter(_PARSER.basic_parse(self.reader, use_float=True))
        self.what = _("the file")  # the value being read, for a message (said as read)
        self.clean = True  # the last value read holds no half character, and is not too deep
        self.halves = 0  # half characters read (the reader, ahead of the parser, counts too)
        self.ahead: tuple[str, Any] | None = None

    def fingerprint(self) -> str:
        """The SHA-256 of the bytes read so far (of the whole file once it is read)."""
        return self.reader.hash.hexdigest()

    def drain(self) -> None:
        """Read the rest of the file without keeping it: its fingerprint is then whole."""
        while not self.reader.ended:
            self.reader.raw()

    def _next(self) -> tuple[str, Any]:
        if self.ahead is not None:
            event, self.ahead = self.ahead, None
            return event
        try:
            return next(self.events)
        except StopIteration:
            return "", None
        except UnicodeDecodeError:
            raise Invalid(N_("the file is not UTF-8 text")) from None
        except (ijson.JSONError, ValueError) as error:
            raise self._broken(error) from None

    def _broken(self, error: Exception) -> Invalid:
        said = (str(error).strip().splitlines() or ["it breaks off"])[0]
        return Invalid(
            _("{what} is not valid JSON: {problem}").format(what=self.what, problem=said[:120])
        )

    def _peek(self) -> str:
        self.ahead = self._next()
        return self.ahead[0]

    def expect(self, char: str, what: str) -> None:
        wanted = {"{": "start_map", "[": "start_array"}[char]
        if self._next()[0] != wanted:
            raise Invalid(
                _("the file is not a Scorekeeper export: expected {what}").format(what=_(what))
            )

    def key(self) -> str | None:
        """The next key of the top-level object, or None at its end."""
        self.what = _("a key")
        event, key = self._next()
        if event == "end_map":
            return None
        if event != "map_key":
            raise Invalid(N_("the file is not a Scorekeeper export: expected a key"))
        return self._text(key)

    def items(self, limit: int, what: str, item: str = "an item") -> Iterator[Any]:
        """The items of an array, one at a time (``what``: what the list holds, ``item``: one
        of its items as a message names it, a phrase marked with ``N_``, ``{n}`` its number)."""
        listed, expected = _LISTS.get(what, (f"the list of {what}", f"a list of {what}"))
        self.what = _(listed)
        self.expect("[", expected)
        n = 1
        self.what = _(item).format(n=n)  # what a fault before its first token is in
        while self._peek() != "end_array":
            yield self.value(limit, _(item).format(n=n))
            n += 1
            self.what = item.format(n=n)
        self._next()

    def value(self, limit: int, what: str) -> Any:
        """The next JSON value, refused when it grows past ``limit`` (its strings' characters
        and its other tokens); :attr:`clean` says whether it needs the text checks. (``what``
        names it in a message: a phrase marked with ``N_``, or one said already.)"""
        self.what = _(what)
        halves = self.halves
        first = self.ahead or self._next()
        self.ahead = None
        events = chain([first], self.events)
        try:
            value, deepest = self._build(events, limit)
        except UnicodeDecodeError:
            raise Invalid(N_("the file is not UTF-8 text")) from None
        except (ijson.JSONError, ValueError) as error:
            raise self._broken(error) from None
        self.clean = deepest <= MAX_DEPTH and self.halves == halves
        return value

    def _build(self, events: Iterator[tuple[str, Any]], limit: int) -> tuple[Any, int]:
        """A value from its events (the loop every byte of an import goes through), and how
        deep it is nested."""
        root: list[Any] = []
        stack: list[Any] = []  # the arrays and objects being filled, outermost first
        key: Any = None
        size = deepest = 0
        text = self._text
        for event, data in events:
            size += 1
            if event == "map_key":
                key = text(data)
                size += len(key)
                continue
            if event == "end_map" or event == "end_array":
                stack.pop()
            else:
                if event == "start_map" or event == "start_array":
                    data = {} if event == "start_map" else []
                elif event == "string":
                    data = text(data)
                    size += len(data)
                elif not event:
                    break
                if not stack:
                    root.append(data)
                elif type(stack[-1]) is dict:
                    stack[-1][key] = data
                else:
                    stack[-1].append(data)
                if type(data) is dict or type(data) is list:
                    stack.append(data)
                    deepest = max(deepest, len(stack))
            if size > limit:
                raise Invalid(
                    _("{what} is too large (at most {limit} characters)").format(
                        what=self.what, limit=f"{limit:,}"
                    )
                )
            if not stack:
                return root[0], deepest
        raise Invalid(_("{what} is not valid JSON: the file ends").format(what=self.what))

    def _text(self, text: str) -> str:
        """A string as the file wrote it: each stand-in its half character again. (In a file
        with a half character, a private-use character of the stand-ins' range is taken for
        one too: such a file is refused anyway.)"""
        if not self.reader.halves:
            return text
        read = text.translate(_HALVES)
        if read != text:
            self.halves += 1
        return read

    def finish(self) -> None:
        try:
            ended = self._next()[0] == ""
        except Invalid:  # yajl: "trailing garbage"
            ended = False
        if not ended:
            raise Invalid(N_("the file goes on after the export's end"))
