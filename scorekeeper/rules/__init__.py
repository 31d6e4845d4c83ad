"""The rules core: cards, rule sets, melds, the contract referee and solver, scoring.

Pure Python: nothing here knows about Flask, the database or PDFs. The web pages, the JSON
API and the printed sheets all call into this package.
"""

from __future__ import annotations

from .arranger import ArrangedMeld, Arrangement, arrange
from .cards import FULL_DECK, JOKER, Card, Rank, Suit, format_cards, parse_cards, sort_cards
from .contract import ContractVerdict, MeldReport, check_contract
from .document import to_document
from .document_reader import from_document, resolve_rules
from .errors import (
    CardParseError,
    Problem,
    RulesError,
    RuleSetDocumentError,
    RuleSetError,
    RuleViolation,
)
from .melds import Meld, WildUse, check_meld, classify, is_run, is_set, is_wild, meld_problems
from .options import OPTIONS, option_values, with_options
from .points import POINT_TABLES, PointTable, get_point_table
from .presets import PRESETS, build_rules, get_preset
from .rulesets import (
    Contract,
    DeckRule,
    GoingOut,
    MeldKind,
    MeldSpec,
    PhaseOrder,
    Progression,
    RoundSpec,
    RuleSet,
    SameSuitRuns,
)
from .table import (
    DeckPlan,
    LayoffResult,
    LiverpoolResult,
    Placement,
    SwapResult,
    deck_plan,
    joker_swap,
    layoff,
    liverpool_check,
)

__all__ = [
    "FULL_DECK",
    "JOKER",
    "OPTIONS",
    "POINT_TABLES",
    "PRESETS",
    "ArrangedMeld",
    "Arrangement",
    "Card",
    "CardParseError",
    "Contract",
    "ContractVerdict",
    "DeckPlan",
    "DeckRule",
    "GoingOut",
    "LayoffResult",
    "LiverpoolResult",
    "Meld",
    "MeldKind",
    "MeldReport",
    "MeldSpec",
    "PhaseOrder",
    "Placement",
    "PointTable",
    "Problem",
    "Progression",
    "Rank",
    "RoundSpec",
    "RuleSet",
    "RuleSetDocumentError",
    "RuleSetError",
    "RuleViolation",
    "RulesError",
    "SameSuitRuns",
    "Suit",
    "SwapResult",
    "WildUse",
    "arrange",
    "build_rules",
    "check_contract",
    "check_meld",
    "classify",
    "deck_plan",
    "format_cards",
    "from_document",
    "get_point_table",
    "get_preset",
    "is_run",
    "is_set",
    "is_wild",
    "joker_swap",
    "layoff",
    "liverpool_check",
    "meld_problems",
    "option_values",
    "parse_cards",
    "resolve_rules",
    "sort_cards",
    "to_document",
    "with_options",
]
