"""How a name is cleaned (scorekeeper/games/names.py): the one function every door uses.

The doors themselves (a round's results, new games, groups, the form, an import):
tests/web/api/test_names.py."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import Invalid
from scorekeeper.games.names import MAX_NAME_LENGTH, clean_name, name_key, normal_name

# Every space Unicode has, but the plain one: each must read as a plain space.
SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace() and chr(c) != " "]
INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u2060",  # word joiner
    "\ufeff",  # byte-order mark
    "\u00ad",  # soft hyphen
    "\u200e", "\u200f", "\u061c",  # left-to-right, right-to-left and Arabic letter marks
    *"\u202a\u202b\u202c\u202d\u202e",  # bidi embeddings and overrides
    *"\u2066\u2067\u2068\u2069",  # bidi isolates
    "\u3164",  # Hangul filler: a letter that shows nothing
    "\x00", "\x07", "\x7f",  # control characters
    "\ue000",  # private use
]  # fmt: skip


@pytest.mark.parametrize("space", SPACES, ids=lambda c: f"U+{ord(c):04X}")
def test_every_kind_of_space_is_a_plain_space(space: str) -> None:
    assert clean_name(f"{space}Ann{space}{space}Lee{space}") == "Ann Lee"


@pytest.mark.parametrize("invisible", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_invisible_characters_are_dropped(invisible: str) -> None:
    assert clean_name(f"{invisible}An{invisible}n {invisible} Lee{invisible}") == "Ann Lee"
    with pytest.raises(Invalid, match="cannot be empty"):
        clean_name(invisible * 3)


def test_a_decomposed_accent_is_composed_even_with_an_invisible_character_between() -> None:
    composed = "Zo\u00e9 M\u00fcller"
    assert clean_name("Zoe\u0301 Mu\u0308ller") == composed
    assert clean_name("Zoe\u200b\u0301 Mu\u0308ller") == composed
    assert name_key("ZOE\u0301") == name_key("zo\u00e9")


def test_the_length_is_counted_on_the_cleaned_name() -> None:
    assert clean_name("\u200b" * 50 + "a" * MAX_NAME_LENGTH) == "a" * MAX_NAME_LENGTH
    assert clean_name("e\u0301" * MAX_NAME_LENGTH) == "\u00e9" * MAX_NAME_LENGTH
    with pytest.raises(Invalid, match="too long"):
        clean_name("a" * (MAX_NAME_LENGTH + 1))


@given(st.text(max_size=40))
def test_cleaning_is_done_once_for_all(text: str) -> None:
    """A cleaned name is clean: nothing invisible, no space but single plain ones inside,
    composed; and cleaning it again changes nothing (a door that cleans twice agrees)."""
    cleaned = normal_name(text)
    assert normal_name(cleaned) == cleaned
    assert cleaned == unicodedata.normalize("NFC", cleaned)
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert all(ch == " " or not ch.isspace() for ch in cleaned)
    assert all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in cleaned)
    assert name_key(text) == name_key(cleaned)
