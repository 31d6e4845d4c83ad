"""Errors raised by the rules core.

Every error carries a stable ``code`` (for the API and tests) and a ``message`` written for
a person at the table. The web layer shows the message as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def quoted(value: Any) -> str:
    """``value`` in quotes for a message, at most 40 characters; what is not valid text (half
    of a UTF-16 pair) written as its escape, so the message itself can be shown.

    >>> print(quoted("Liver\\ud800pool"), quoted("x" * 50))
    "Liver\\ud800pool" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...
    """
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 40 else text[:37] + "..."


class RulesError(ValueError):
    """Base of every error the rules core raises on bad input or an illegal play."""

    code: str = "rules-error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class CardParseError(RulesError):
    """Text that is not a card, e.g. ``"1X" is not a card: the suit must be one of S H D C``."""

    code = "bad-card"


class RuleSetError(RulesError):
    """An unknown preset or point table, or a house-rule combination that cannot work."""

    code = "bad-rules"


class RuleSetDocumentError(RuleSetError):
    """A rule-set document that cannot be read: ``problems`` lists every problem, each
    starting with where it is (``rounds[3].contract[1]: a run has between 2 and 13 cards``)."""

    code = "bad-rule-document"

    def __init__(self, problems: Sequence[str]) -> None:
        if not problems:
            raise ValueError("a RuleSetDocumentError needs at least one problem")
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a meld or a contract, with a sentence naming the cards.

    ``meld`` is the index of the group the problem belongs to, or ``None`` when it concerns
    the whole lay-down (a missing run, cards left in hand in an all-out round, ...).
    """

    code: str
    message: str
    meld: int | None = None
    cards: tuple[str, ...] = field(default=())

    def at(self, meld: int | None) -> Problem:
        """The same problem, attributed to group ``meld``."""
        return Problem(self.code, self.message, meld, self.cards)


class RuleViolation(RulesError):
    """An illegal play. ``problems`` lists every problem found, not just the first."""

    code = "rule-violation"

    def __init__(self, problems: Sequence[Problem]) -> None:
        if not problems:
            raise ValueError("a RuleViolation needs at least one problem")
        self.problems = tuple(problems)
        super().__init__(" ".join(p.message for p in self.problems), code=self.problems[0].code)
