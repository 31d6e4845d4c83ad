"""Reading one large JSON object from a file a value at a time, so that a file of any size
is never held whole: the top-level keys and values, and the items of an array one by one
(an export file: its header, then its games).

Every value is capped (``limit`` characters), and the whole file at ``max_bytes``; the bytes
read are hashed as they go (:meth:`JsonStream.fingerprint`), which is what a retried import
is recognised by. What is wrong with the file is an Invalid saying so; the strings of the
values are not checked here (:mod:`scorekeeper.jsontext` does that for the importer).
"""

from __future__ import annotations

import codecs
import hashlib
import io
import json
from collections.abc import Iterator
from typing import IO, Any

from ..errors import Invalid
from ..jsontext import reject_constant

CHUNK = 64 * 1024
_DECODER = json.JSONDecoder(parse_constant=reject_constant)
_SPACE = " \t\r\n"


class JsonStream:
    """Reads one JSON object from a file a value at a time: the top-level keys and values,
    and the items of an array one by one, so a large file is never held whole. Every value
    is capped (``limit`` characters); the whole file at ``max_bytes``. The bytes read are
    hashed as they go (:meth:`fingerprint`: what a retried import is recognised by)."""

    def __init__(self, source: IO[bytes] | IO[str] | bytes | str, max_bytes: int) -> None:
        if isinstance(source, bytes | str):
            source = io.BytesIO(source.encode() if isinstance(source, str) else source)
        self.source = source
        self.max_bytes = max_bytes
        self.read_bytes = 0
        self.hash = hashlib.sha256()
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.buffer = ""
        self.pos = 0
        self.ended = False
        self.text = ""  # the JSON text of the last value read

    def _read(self) -> bytes:
        """The next piece of the file (counted and hashed; ``b""`` at its end)."""
        chunk = self.source.read(CHUNK)
        if isinstance(chunk, str):
            chunk = chunk.encode()
        self.read_bytes += len(chunk)
        if self.read_bytes > self.max_bytes:
            raise Invalid(
                f"the file is too large to import (at most {self.max_bytes // 1_000_000} MB)"
            )
        self.hash.update(chunk)
        return chunk

    def drain(self) -> None:
        """Read the rest of the file without keeping it: its fingerprint is then whole."""
        while not self.ended:
            self.ended = not self._read()
        self.buffer, self.pos = "", 0

    def fingerprint(self) -> str:
        """The SHA-256 of the bytes read so far (of the whole file once it is read)."""
        return self.hash.hexdigest()

    def _fill(self) -> bool:
        if self.ended:
            return False
        chunk = self._read()
        try:
            text = self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError:
            raise Invalid("the file is not UTF-8 text") from None
        if self.pos > CHUNK:  # let go of what was read
            self.buffer, self.pos = self.buffer[self.pos :], 0
        self.buffer += text
        self.ended = not chunk
        return bool(chunk)

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            while self.pos < len(self.buffer) and self.buffer[self.pos] in _SPACE:
                self.pos += 1
            if self.pos < len(self.buffer):
                return self.buffer[self.pos]
            if not self._fill():
                return ""

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise Invalid(f"the file is not a Scorekeeper export: expected {what}")
        self.pos += 1

    def value(self, limit: int, what: str) -> Any:
        """The next JSON value, refused when longer than ``limit`` characters (its text is
        kept in :attr:`text` until the next value is read)."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, self.pos)
            except RecursionError:
                raise Invalid(f"{what} is nested too deeply") from None
            except ValueError as error:
                if len(self.buffer) - self.pos > limit:
                    raise Invalid(f"{what} is too large (at most {limit:,} characters)") from None
                if not self._fill():
                    raise Invalid(f"{what} is not valid JSON: {str(error)[:120]}") from None
                continue
            if end == len(self.buffer) and self._fill():
                continue  # a number may go on in the next piece
            if end - self.pos > limit:
                raise Invalid(f"{what} is too large (at most {limit:,} characters)")
            self.text = self.buffer[self.pos : end]
            self.pos = end
            return value

    def key(self) -> str | None:
        """The next key of the top-level object, or None at its end."""
        char = self.peek()
        if char == "}":
            self.pos += 1
            return None
        if char == ",":
            self.pos += 1
        key = self.value(200, "a key")
        if not isinstance(key, str):
            raise Invalid("the file is not a Scorekeeper export: a key is not text")
        self.expect(":", "a ':' after a key")
        return key

    def items(self, limit: int, what: str, item: str = "an item") -> Iterator[Any]:
        """The items of an array, one at a time (``item``: how one is named in a message,
        ``{n}`` its number)."""
        self.expect("[", f"a list of {what}")
        if self.peek() == "]":
            self.pos += 1
            return
        n = 0
        while True:
            n += 1
            yield self.value(limit, item.format(n=n))
            char = self.peek()
            self.pos += 1
            if char == "]":
                return
            if char != ",":
                raise Invalid(f"the list of {what} is not valid JSON")

    def finish(self) -> None:
        if self.peek() != "":
            raise Invalid("the file goes on after the export's end")
