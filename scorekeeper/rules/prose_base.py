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

from .language import _, and_list, ngettext
from .rulesets import RoundSpec, RuleSet

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
# Each sentence is written whole where it is made (prose.py, prose_melds.py), with ngettext for
# its counts; what is here are the few noun phrases those sentences take as placeholders.


def signed(points: int) -> str:
    """Points with a real minus sign: ``−50``."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def spans(numbers: Sequence[int]) -> list[str]:
    """Runs of three or more consecutive numbers as ranges, in the current language.

    >>> spans([1, 2, 3, 4, 6]), spans([1, 2]), spans([7])
    (['1 to 4', '6'], ['1', '2'], ['7'])
    """
    found: list[str] = []
    for _step, run in groupby(enumerate(numbers), key=lambda pair: pair[1] - pair[0]):
        values = [n for _i, n in run]
        if len(values) >= 3:
            found.append(_("{first} to {last}").format(first=values[0], last=values[-1]))
        else:
            found.extend(str(n) for n in values)
    return found


def rounds_text(numbers: Sequence[int], *, phases: bool = False) -> str:
    """``round 7``, ``rounds 1 to 6``, ``rounds 1 and 3`` (with ``phases``: ``phase 7``...),
    in the current language: a noun phrase the sentences put after "in" (a translation gives
    it the article and case that takes: Spanish "la ronda 7", German "den Runden 1 bis 6").

    >>> rounds_text([8], phases=True), rounds_text([1, 2, 3], phases=True)
    ('phase 8', 'phases 1 to 3')
    """
    parts = spans(numbers)
    # One round, or several: "rounds 1 to 6" names several even as one part.
    many = 1 if len(parts) == 1 and len(numbers) == 1 else 2
    listed = and_list(parts)
    if phases:
        return ngettext("phase {numbers}", "phases {numbers}", many).format(numbers=listed)
    return ngettext("round {numbers}", "rounds {numbers}", many).format(numbers=listed)


def stages_text(rules: RuleSet, numbers: Sequence[int]) -> str:
    """The rounds named by ``numbers``, or the phases in a phase game."""
    return rounds_text(numbers, phases=rules.phased)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def rounds_where(rules: RuleSet, test: Callable[[RoundSpec], bool]) -> list[int]:
    return [n for n, spec in enumerate(rules.rounds, start=1) if test(spec)]
