"""The pieces of the rule book in words: sentences, paragraphs and sections, and the words
that number things (``2 decks``, ``rounds 1 to 6``, ``phase 7``).

Pure: nothing here knows about Flask, the database or PDFs. :mod:`.prose` writes the book
from these pieces; :mod:`.prose_melds` the melds' part of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from .rulesets import RoundSpec, RuleSet, number_word

MINUS = "\u2212"

# --- the data ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sentence:
    text: str
    key: bool = False  # one of the key rules printed on a score sheet

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "key": self.key}


@dataclass(frozen=True)
class Paragraph:
    sentences: tuple[Sentence, ...]

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.sentences)

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "sentences": [s.as_dict() for s in self.sentences]}


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs.

    >>> section = Section("Buying", (Paragraph((Sentence("No buying.", key=True),
    ...     Sentence("Only the player whose turn it is may take the discard."))),))
    >>> section.key_rule
    'No buying.'
    >>> section.as_dict()["paragraphs"][0]["text"]
    'No buying. Only the player whose turn it is may take the discard.'
    """

    heading: str
    paragraphs: tuple[Paragraph, ...]

    @property
    def key_rule(self) -> str:
        """The section's key sentences as one line ("" if it has none)."""
        return " ".join(s.text for p in self.paragraphs for s in p.sentences if s.key)

    def as_dict(self) -> dict[str, Any]:
        return {
            "heading": self.heading,
            "paragraphs": [p.as_dict() for p in self.paragraphs],
            "key_rule": self.key_rule,
        }


def key_rule(text: str) -> Sentence:
    """A key rule: printed on the score sheets."""
    return Sentence(text, key=True)


def says(*sentences: Sentence | str) -> Paragraph:
    """A paragraph; plain strings are sentences that are not key rules."""
    return Paragraph(tuple(s if isinstance(s, Sentence) else Sentence(s) for s in sentences))


# --- words ------------------------------------------------------------------------------------


def count(n: int, noun: str) -> str:
    """``1 joker``, ``2 decks`` (digits: the numbers a player looks up)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def words(n: int, noun: str) -> str:
    """``one penalty card``, ``two buys``."""
    return f"{number_word(n)} {noun}{'' if n == 1 else 's'}"


def signed(points: int) -> str:
    """Points with a real minus sign: ``−50``."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def spans(numbers: Sequence[int]) -> list[str]:
    """Runs of three or more consecutive numbers as ranges.

    >>> spans([1, 2, 3, 4, 6]), spans([1, 2]), spans([7])
    (['1 to 4', '6'], ['1', '2'], ['7'])
    """
    found: list[str] = []
    for _step, run in groupby(enumerate(numbers), key=lambda pair: pair[1] - pair[0]):
        values = [n for _i, n in run]
        if len(values) >= 3:
            found.append(f"{values[0]} to {values[-1]}")
        else:
            found.extend(str(n) for n in values)
    return found


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def rounds_text(numbers: Sequence[int], *, phases: bool = False) -> str:
    """``round 7``, ``rounds 1 to 6``, ``rounds 1 and 3`` (with ``phases``: ``phase 7``...).

    >>> rounds_text([8], phases=True), rounds_text([1, 2, 3], phases=True)
    ('phase 8', 'phases 1 to 3')
    """
    parts = spans(numbers)
    single = len(parts) == 1 and "to" not in parts[0]
    if phases:
        return ("phase " if single else "phases ") + and_list(parts)
    return ("round " if single else "rounds ") + and_list(parts)


def stages_text(rules: RuleSet, numbers: Sequence[int]) -> str:
    """The rounds named by ``numbers``, or the phases in a phase game."""
    return rounds_text(numbers, phases=rules.phased)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def rounds_where(rules: RuleSet, test: Callable[[RoundSpec], bool]) -> list[int]:
    return [n for n, spec in enumerate(rules.rounds, start=1) if test(spec)]
