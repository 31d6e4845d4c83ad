"""The deck plan: how many decks and jokers a game shuffles together for its players."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import FULL_DECK
from .rulesets import RuleSet


@dataclass(frozen=True)
class DeckPlan:
    """How many decks and jokers to shuffle together, and the cards that makes."""

    decks: int
    jokers: int
    total_cards: int


def deck_plan(rules: RuleSet, players: int) -> DeckPlan:
    """The decks and jokers for ``players`` (a RuleSetError if they may not play).

    >>> from .presets import CONTRACT_RUMMY, FAMILY
    >>> deck_plan(CONTRACT_RUMMY, 5)
    DeckPlan(decks=3, jokers=4, total_cards=160)
    >>> deck_plan(FAMILY, 7)
    DeckPlan(decks=4, jokers=8, total_cards=216)
    """
    rules.check_players(players)
    decks = rules.decks.decks_for(players)
    jokers = rules.decks.jokers_for(players)
    return DeckPlan(decks, jokers, decks * len(FULL_DECK) + jokers)


__all__ = ["DeckPlan", "deck_plan"]
