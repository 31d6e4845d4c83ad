"""The rule book's sentences on scores beyond the cards left in hand: the one-turn bonus,
points per card bought, and jokers played as Skip cards (each a house-rule option whose
default scores nothing, so a rule set without them says nothing here).

>>> from .presets import CARIOCA_ENGLISH, LIVERPOOL
>>> extra_score_sentences(LIVERPOOL)
[]
>>> for line in extra_score_sentences(CARIOCA_ENGLISH):
...     print(line)
Going down and out in one turn (laying down and going out in the same turn) scores −30 instead of 0.
Each card bought adds 2 points to the buyer's score.
"""

from __future__ import annotations

from .language import _, ngettext
from .points import SKIP_POINTS
from .prose_base import signed
from .rulesets import RuleSet


def extra_score_sentences(rules: RuleSet) -> list[str]:
    """One sentence for each score the rule set keeps beyond the hand."""
    sentences = []
    if rules.one_turn_bonus:
        sentences.append(
            _(
                "Going down and out in one turn (laying down and going out in the same turn) "
                "scores {points} instead of 0."
            ).format(points=signed(rules.one_turn_bonus))
        )
    if rules.buy_points:
        sentences.append(
            ngettext(
                "Each card bought adds {count} point to the buyer's score.",
                "Each card bought adds {count} points to the buyer's score.",
                rules.buy_points,
            ).format(count=rules.buy_points)
        )
    if rules.jokers_as_skips:
        sentences.append(
            _(
                "The jokers are Skip cards: never wild, never melded, {points} points left in hand."
            ).format(points=SKIP_POINTS)
        )
    return sentences
