"""Names people type (a player, a person of a group, a group, a saved rule set): cleaned the
same way everywhere, so "Ann " and "ann" are recognised as one name where names are matched.

>>> clean_name("  Ann \\t Marie ")
'Ann Marie'
>>> clean_name("   ")
Traceback (most recent call last):
...
scorekeeper.errors.Invalid: A player's name cannot be empty
"""

from __future__ import annotations

from typing import Any

from ..errors import Invalid

MAX_NAME_LENGTH = 200


def clean_name(name: Any, what: str = "A player's name") -> str:
    """``name`` with unprintable characters dropped and runs of spaces made one; Invalid
    (``what`` names the field) when that leaves nothing, or too much."""
    if not isinstance(name, str):
        raise Invalid(f"{what} must be text")
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise Invalid(f"{what} cannot be empty")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise Invalid(f"{what} is too long (at most {MAX_NAME_LENGTH} characters)")
    return cleaned
