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
from ..rules.language import N_, _

MAX_NAME_LENGTH = 200


def clean_name(name: Any, what: str = N_("A player's name")) -> str:
    """``name`` with unprintable characters dropped and runs of spaces made one; Invalid
    (``what`` names the field: a phrase marked with ``N_``, said in the reader's language)
    when that leaves nothing, or too much."""
    if not isinstance(name, str):
        raise Invalid(_("{what} must be text").format(what=_(what)))
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise Invalid(_("{what} cannot be empty").format(what=_(what)))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise Invalid(
            _("{what} is too long (at most {most} characters)").format(
                what=_(what), most=MAX_NAME_LENGTH
            )
        )
    return cleaned
