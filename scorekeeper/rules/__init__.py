"""The rules core: cards, rule sets, melds, the contract referee and solver, scoring.

Pure Python: nothing here knows about Flask, the database or PDFs. The web pages, the JSON
API and the printed sheets all call into this package.
"""

from __future__ import annotations

from .cards import FULL_DECK, JOKER, Card, Rank, Suit, format_cards, parse_cards, sort_cards
from .errors import CardParseError, Problem, RulesError, RuleSetError, RuleViolation
from .points import POINT_TABLES, PointTable, get_point_table
from .rulesets import (
    OPTIONS,
    PRESETS,
    Contract,
    DeckRule,
    GoingOut,
    MeldKind,
    MeldSpec,
    RoundSpec,
    RuleSet,
    SameSuitRuns,
    build_rules,
    get_preset,
)

__all__ = [
    "FULL_DECK",
    "JOKER",
    "OPTIONS",
    "POINT_TABLES",
    "PRESETS",
    "Card",
    "CardParseError",
    "Contract",
    "DeckRule",
    "GoingOut",
    "MeldKind",
    "MeldSpec",
    "PointTable",
    "Problem",
    "Rank",
    "RoundSpec",
    "RuleSet",
    "RuleSetError",
    "RuleViolation",
    "RulesError",
    "SameSuitRuns",
    "Suit",
    "build_rules",
    "format_cards",
    "get_point_table",
    "get_preset",
    "parse_cards",
    "sort_cards",
]
