"""The words and numbers the sheets' Python writes, in the current language: dates, places,
percentages (Babel's formats for the rules core's current speaker, :mod:`..rules.language`).

English keeps the sheets' own forms ("28 November 2026", "1st"), which Babel's English
patterns would change.

>>> from datetime import date
>>> day(date(2026, 11, 28)), place(1), place(22), place(13)
('28 November 2026', '1st', '22nd', '13th')
"""

from __future__ import annotations

from datetime import date

from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from ..rules.language import N_, _, current_language

# The place's suffix by its last digit, as English says it (11th to 13th excepted); a
# translation writes its own form for each ("{place}.º", "{place}.").
_PLACES = {1: N_("{place}st"), 2: N_("{place}nd"), 3: N_("{place}rd")}
_OTHER_PLACE = N_("{place}th")


def day(moment: date) -> str:
    """A day with its month in words: ``28 November 2026``, ``28 de noviembre de 2026``,
    ``28. November 2026``."""
    language = current_language()
    pattern = "d MMMM y" if language == "en" else "long"
    return format_date(moment, pattern, locale=language)


def place(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... (Spanish ``1.º``, German ``1.``)."""
    last = number % 10 if number % 100 not in (11, 12, 13) else 0
    return _(_PLACES.get(last, _OTHER_PLACE)).format(place=number)


def percent(share: float) -> str:
    """``40%`` (German ``40 %``)."""
    return format_percent(share, locale=current_language())


def decimal(value: float) -> str:
    """``212.5`` with one decimal (German ``212,5``)."""
    return format_decimal(value, "0.0", locale=current_language())
