"""Reading an import file a value at a time (``games.jsonstream``, on ijson): what it builds is
what ``json.loads`` builds, half characters are kept for the checks to refuse wherever the
file's pieces are cut, and every cap and fault is an Invalid naming the value."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from scorekeeper.errors import Invalid
from scorekeeper.games.jsonstream import CHUNK, JsonStream
from scorekeeper.jsontext import MAX_DEPTH


def read_all(text: str | bytes, limit: int = 10**9) -> list[tuple[Any, bool]]:
    """The items of ``{"games": [...]}``, each with whether the reader found it clean."""
    stream = JsonStream(text, 10**9)
    stream.expect("{", "an object")
    assert stream.key() == "games"
    found = [(item, stream.clean) for item in stream.items(limit, "games", "game {n}")]
    assert stream.key() is None
    stream.finish()
    return found


# Escapes as JSON writes them: \\ud800 is half a character, \\ud83c\\udccf one whole (a joker
# card), and \\\\ud800 a backslash followed by the text "ud800".
STRINGS = ["Liver\ud800pool", "\udc00", "Jo \U0001f0cf", "\\ud800", "a\\\ud800", "\ud800\ud800"]


@pytest.mark.parametrize("offset", range(0, 24))
def test_a_half_character_is_kept_wherever_a_piece_of_the_file_ends(offset: int) -> None:
    """The reader hands the parser the file in pieces; an escape cut by a piece's end (in its
    backslashes, its digits, or between the halves of a whole character) reads the same."""
    games = [{"name": name, "n": n} for n, name in enumerate(STRINGS)]
    body = json.dumps(games)
    head = '{"games": ' + " " * (CHUNK - 10 - offset)  # the first string's escape near the cut
    text = head + body + "}"
    found = read_all(text)
    assert [item for item, _clean in found] == json.loads(body)
    clean = [ok for _item, ok in found]
    assert clean == [False, False, True, True, False, False]


def test_values_are_those_json_reads() -> None:
    game = {"a": [1, -2, 3.5, 1e300, True, False, None, 'x\n"y\\'], "b": {}, "c": [[], {}]}
    assert read_all(json.dumps({"games": [game, 7, "text"]})) == [
        (game, True), (7, True), ("text", True)
    ]  # fmt: skip


def test_nesting_past_the_limit_leaves_a_value_for_the_checks_to_name() -> None:
    deep: Any = "x"
    for _ in range(MAX_DEPTH):
        deep = [deep]
    too_deep = [deep]
    found = read_all(json.dumps({"games": [deep, too_deep]}))
    assert [clean for _item, clean in found] == [True, False]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"games": [1, {nope}]}', "game 2 is not valid JSON"),
        ('{"games": [1, [2, 3', "game 2 is not valid JSON"),
        ('{"games": [NaN]}', "game 1 is not valid JSON"),
        ('{"games": [1]} {}', "the file goes on after the export's end"),
        ('{"games": [[1, 2, 3, 4, 5, 6]]}', "game 1 is too large (at most 5 characters)"),
        (b'{"games": ["\xed\xa0\x80"]}', "the file is not UTF-8 text"),
    ],
)
def test_each_fault_is_an_invalid_naming_the_value(text: str | bytes, said: str) -> None:
    with pytest.raises(Invalid, match=said.replace("(", r"\(").replace(")", r"\)")):
        read_all(text, limit=5)


def test_the_file_cap_and_the_fingerprint_of_every_byte() -> None:
    text = '{"games": [' + ",".join(['"' + "x" * 1000 + '"'] * 300) + "]}"
    stream = JsonStream(text, len(text))
    stream.expect("{", "an object")
    stream.key()
    assert next(stream.items(2000, "games")) == "x" * 1000
    stream.drain()
    assert stream.fingerprint() == hashlib.sha256(text.encode()).hexdigest()
    small = JsonStream(text, len(text) - 1)
    with pytest.raises(Invalid, match="too large to import"):
        small.expect("{", "an object")
        small.key()
        list(small.items(2000, "games"))
