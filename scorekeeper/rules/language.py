"""The language the rules core writes its sentences in: a seam of its own, free of Flask.

Every sentence a person reads is marked with the usual gettext keywords, so ``pybabel extract``
finds it (``scripts/translations``): :func:`_` for a sentence, :func:`ngettext` for one that
depends on a count (each form written whole), :func:`N_` for a sentence kept in a table and
translated where it is shown. They look the sentence up in the catalogue of the current
*speaker*, a :class:`contextvars.ContextVar`: English as written by default; the web layer sets
it per request (to the person's language), the PDF renderer to the sheet's.

Placeholders are named (``{cards}``) and filled with :meth:`str.format` after the look-up, so a
translation may put them in another order.

>>> print(_("{cards} is not a legal meld.").format(cards="K♠"))
K♠ is not a legal meld.
>>> print(ngettext("{count} point", "{count} points", 1).format(count=1))
1 point
>>> class Shouting:
...     def gettext(self, message: str) -> str:
...         return message.upper()
...     def ngettext(self, singular: str, plural: str, n: int) -> str:
...         return (singular if n == 1 else plural).upper()
>>> with speaking(Shouting()):
...     print(_("a set"), ngettext("{count} point", "{count} points", 2))
A SET {COUNT} POINTS
>>> print(_("a set"))
a set
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Protocol


class Translations(Protocol):
    """What a catalogue offers: :class:`gettext.NullTranslations` and Babel's ``Translations``
    both fit."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


# The languages a rule-set document may give names and summaries in (codes, as Babel's).
TEXT_LANGUAGES = ("en", "es", "de", "fr", "it", "pt", "nl", "fi", "sv", "da", "no", "pl")


ENGLISH: Translations = gettext.NullTranslations()

_speaker: ContextVar[Translations] = ContextVar("scorekeeper_speaker", default=ENGLISH)


def _(message: str) -> str:
    """``message`` in the current language."""
    return _speaker.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the count ``n``, in the current language."""
    return _speaker.get().ngettext(singular, plural, n)


def current_language() -> str:
    """The code of the current speaker's language (its ``language``, or its catalogue's
    header's; ``en`` when neither says): for texts a rule set carries in several languages.

    >>> current_language()
    'en'
    """
    speaker = _speaker.get()
    code = getattr(speaker, "language", None)
    if code is None and isinstance(speaker, gettext.NullTranslations):
        code = speaker.info().get("language")  # a catalogue's header says its language
    return str(code or "en")


def in_language(texts: tuple[tuple[str, str], ...], default: str) -> str:
    """The text for the current language among ``texts`` (``(code, text)`` pairs), else
    ``default`` (the English one).

    >>> names = (("es", "Carioca (Chile)"), ("de", "Carioca (Chile)"))
    >>> in_language((("es", "Rummy de contratos"),), "Contract Rummy")
    'Contract Rummy'
    """
    language = current_language()
    return next((text for code, text in texts if code == language), default)


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``, in the current language.

    >>> and_list(["Ann"]), and_list(["Ann", "Bo", "Cy"])
    ('Ann', 'Ann, Bo and Cy')
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it now (a table's entry,
    translated by :func:`_` where it is shown)."""
    return message


def speak(translations: Translations) -> Token[Translations]:
    """Speak ``translations`` from now on in this context; :func:`stop_speaking` undoes it."""
    return _speaker.set(translations)


def stop_speaking(token: Token[Translations]) -> None:
    _speaker.reset(token)


@contextmanager
def speaking(translations: Translations) -> Iterator[None]:
    """Speak ``translations`` within a ``with`` block."""
    token = speak(translations)
    try:
        yield
    finally:
        stop_speaking(token)
