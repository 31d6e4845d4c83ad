"""Names people type (a player, a person of a group, a group, a saved rule set): cleaned the
same way at every door (the API, the forms, an import, a round's results naming players),
so that a name reads and matches the same whichever way it was typed or pasted.

Cleaning (:func:`normal_name`): every kind of space (a no-break space, a tab, a line break,
any other Unicode space) becomes a plain space; invisible characters (zero-width ones, bidi
controls, a byte-order mark, other control and format characters, the Hangul fillers) are
dropped; runs of spaces become one, the ends are trimmed; the result is in Unicode's composed
form (NFC), so an "é" typed as one character and one typed as "e" and an accent are the same.
Names are then matched ignoring case (:func:`name_key`).

>>> clean_name("  Ann \\t Marie ")
'Ann Marie'
>>> clean_name("Ann\\u00a0Lee"), clean_name("Ann\\u200b"), clean_name("\\u202eAnn\\ufeff")
('Ann Lee', 'Ann', 'Ann')
>>> clean_name("Zoe\\u0301") == clean_name("Zo\\u00e9") == "Zo\\u00e9"
True
>>> name_key("ZOE\\u0301 ") == name_key("zo\\u00e9")
True
>>> clean_name("   ")
Traceback (most recent call last):
...
scorekeeper.errors.Invalid: A player's name cannot be empty
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ..errors import Invalid
from ..rules.language import N_, _

MAX_NAME_LENGTH = 200

# Control (Cc), format (Cf: zero-width spaces and joiners, bidi controls, the byte-order
# mark, the soft hyphen), surrogate (Cs), private-use (Co) and unassigned (Cn) characters:
# nothing a reader can see, so two names that differ only by them would look the same.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# Letters by category, but blank: used to make a name look empty or like another.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")


def _kept(ch: str) -> str:
    """What a character becomes in a name: a space, nothing, or itself."""
    if ch.isspace():
        return " "  # tabs and line breaks are controls too, but they part words
    if ch in _BLANK_LETTERS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES:
        return ""
    return ch


def normal_name(text: str) -> str:
    """``text`` cleaned as every name is (see the module's doc); may be empty. The invisible
    characters go before composing, so one between a letter and its accent does not keep
    them apart."""
    if text.isascii() and text.isprintable():  # the usual name: only spaces to tidy
        return " ".join(text.split())
    visible = "".join(_kept(ch) for ch in text)
    return unicodedata.normalize("NFC", " ".join(visible.split()))


def name_key(name: str) -> str:
    """What names are matched by: cleaned, then casefolded ("ANN " and "ann" are one name).
    A group's people keep it as their ``name_key``."""
    return normal_name(name).casefold()


def clean_name(name: Any, what: str = N_("A player's name")) -> str:
    """``name`` cleaned (:func:`normal_name`); Invalid (``what`` names the field: a phrase
    marked with ``N_``, said in the reader's language) when that leaves nothing, or too
    much."""
    if not isinstance(name, str):
        raise Invalid(_("{what} must be text").format(what=_(what)))
    cleaned = normal_name(name)
    if not cleaned:
        raise Invalid(_("{what} cannot be empty").format(what=_(what)))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise Invalid(
            _("{what} is too long (at most {most} characters)").format(
                what=_(what), most=MAX_NAME_LENGTH
            )
        )
    return cleaned
