"""Whole numbers typed in forms, queries and headers: the one place they are read.

Only ASCII digits count. ``str.isdigit()`` accepts ``²`` and ``int()`` accepts ``٣`` (and
rejects ``²``): checking with one and converting with the other is how a stray character
became a 500. Everything that reads a number from text sent by a client goes through here.
"""

from __future__ import annotations

import re
from typing import Any

from werkzeug.exceptions import NotFound
from werkzeug.routing import IntegerConverter

from ..models import MAX_ROW_ID

_WHOLE = re.compile(r"[0-9]{1,9}")
_SIGNED = re.compile(r"[-−]?[0-9]{1,9}")  # − is the minus sign a phone keyboard may offer


def whole_number(text: Any) -> int:
    """``text`` as a whole number from 0, or ValueError.

    Suits ``request.args.get(name, type=whole_number)``: a value that is not one reads as
    missing.

    >>> whole_number("12")
    12
    >>> whole_number("²")
    Traceback (most recent call last):
    ...
    ValueError: not a whole number: '²'
    """
    if isinstance(text, str) and _WHOLE.fullmatch(text):
        return int(text)
    raise ValueError(f"not a whole number: {str(text)[:20]!r}")


def signed_number(text: Any) -> int:
    """``text`` as a whole number that may be negative (``-5`` or ``−5``), or ValueError.

    >>> signed_number("−5")
    -5
    """
    if isinstance(text, str) and _SIGNED.fullmatch(text):
        return int(text.replace("−", "-"))
    raise ValueError(f"not a whole number: {str(text)[:20]!r}")


def whole_number_or(text: Any, default: int | None = None) -> int | None:
    """``text`` as a whole number from 0, or ``default`` when it is not one.

    >>> whole_number_or("3"), whole_number_or("٣"), whole_number_or(None, -1)
    (3, None, -1)
    """
    try:
        return whole_number(text)
    except ValueError:
        return default


class RowIdConverter(IntegerConverter):
    """``<int:...>`` in every route: a number larger than any row's id names nothing (a
    404, whatever the method), so no query is ever made with a number the database cannot
    hold (2**63 was a 500). Round numbers are far below it too."""

    def to_python(self, value: str) -> int:
        number: int = super().to_python(value)
        if number > MAX_ROW_ID:
            raise NotFound()
        return number
