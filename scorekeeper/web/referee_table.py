"""The referee page's questions about the meld on the table: the round it went down in and
the kind it was laid as (issue 35), the page's side of the API's ``round`` and ``kind``.

The lay-off and joker-swap tools ask both, the Liverpool tool the round for the whole table
and the kind for each of its melds (they may be of several kinds). Left at their first choice they
say nothing: **any round** (a meld may be as short as some round lets one go down, a set of 2
in the ten-phase game) and **as the contract reads it** (the round's kinds first, the narrower
first). On the referee of a game played in rounds the round starts as the game's. A value
the rules cannot have (a form sent by hand) is told in the verdict, in the person's
language, like any card the referee cannot read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..games import GameView
from ..rules import MeldKind, RuleSet
from ..rules.language import _
from . import referee_json as rj
from .numbers import whole_number_or

TABLE_TOOLS = frozenset({"layoff", "swap", "liverpool"})  # they ask the round
KIND_TOOLS = frozenset({"layoff", "swap"})  # they ask the kind too: one meld each
MELD_KIND_TOOLS = frozenset({"liverpool"})  # they ask it of each meld on the table


@dataclass(frozen=True)
class TableMeldForm:
    """The round and kind as the form sent them: ``""`` for any round, and for the kind the
    round's contract decides."""

    round_text: str = ""
    kind_text: str = ""


def read_table_form(values: Mapping[str, Any]) -> TableMeldForm:
    """The form's ``meld_round`` and ``kind``, as sent (at most a few characters)."""
    return TableMeldForm(
        str(values.get("meld_round", "") or "")[:3], str(values.get("kind", "") or "")[:10]
    )


def with_games_round(
    form: TableMeldForm, values: Mapping[str, Any], game: GameView | None, round_number: int
) -> TableMeldForm:
    """The form, its round the game's when none was sent and the page was reached from a
    game played in rounds: every meld on its table went down in the round being played. (In
    a phase game each player lays their own phase: any phase, unless chosen.)"""
    if "meld_round" in values or game is None or game.rules.phased:
        return form
    return TableMeldForm(str(round_number), form.kind_text)


def table_question(form: TableMeldForm, rules: RuleSet) -> tuple[MeldKind | None, int | None]:
    """The kind and round to judge the table meld by, or a RefereeInputError saying which
    field the rules cannot have."""
    kind = rj.read_kind(form.kind_text or None, rules, _("The meld was laid as"))
    if not form.round_text:
        return kind, None
    number = whole_number_or(form.round_text)
    if number is None or not 1 <= number <= rules.round_count:
        raise rj.RefereeInputError(
            _("Laid in: choose one of the rounds 1 to {count}, or any round").format(
                count=rules.round_count
            ),
            field="meld_round",
        )
    return kind, number


def table_melds_kinds(
    kind_texts: Sequence[str], numbers: Sequence[int], rules: RuleSet
) -> list[MeldKind | None]:
    """The kind of each table meld the referee looks at (``numbers``: the melds' 1-based
    places on the page, empty ones left out), ``None`` where the round's contract decides,
    or a RefereeInputError naming the meld whose kind the rules cannot have."""
    return [
        rj.read_kind(
            kind_texts[number - 1] or None,
            rules,
            _("Table meld {number}, laid as").format(number=number),
        )
        for number in numbers
    ]


__all__ = [
    "KIND_TOOLS",
    "MELD_KIND_TOOLS",
    "TABLE_TOOLS",
    "TableMeldForm",
    "read_table_form",
    "table_melds_kinds",
    "table_question",
    "with_games_round",
]
