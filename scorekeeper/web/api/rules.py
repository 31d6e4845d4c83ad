"""``GET /api/v1/rules``: the rule presets, the point tables and the house-rule options.

A client builds its "new game" form from this: each preset with its rounds and contracts,
each point table, and each option a game may override (name, one-line doc, kind, choices).
``GET /api/v1/rules/<preset>`` is one preset as a whole rule-set document
(:mod:`scorekeeper.rules.document`): what a client edits and sends back as ``rules``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, jsonify

from ...errors import NotFound
from ...rules import OPTIONS, POINT_TABLES, PRESETS, language, to_document
from ...rules.document import overview
from ...rules.language import _
from ...rules.prose import rule_book
from . import bp
from .openapi import documented
from .schemas import RuleBook, RuleDocument, Rules


@cache
def rules_document() -> dict[str, Any]:
    """The same for every request: built once per process, in English (its contracts and
    wild cards in words would otherwise be in the language of the first request)."""
    with language.speaking(language.ENGLISH):
        presets = [overview(preset) for preset in PRESETS.values()]
    return {
        "presets": presets,
        "point_tables": [table.as_dict() for table in POINT_TABLES.values()],
        "options": [
            {
                "name": option.name,
                "doc": option.doc,
                "kind": option.kind,
                "choices": [str(choice) for choice in option.choices],
            }
            for option in OPTIONS.values()
        ],
    }


@bp.get("/rules")
@documented(Rules)
def list_rules() -> Response:
    """The rule presets, point tables and house-rule options.

    Everything a client needs to offer a new game.
    """
    response = jsonify(rules_document())
    # The same for every request until the app is upgraded.
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@bp.get("/rules/<preset>")
@documented(RuleDocument, errors=(404,))
def rule_document(preset: str) -> Response:
    """A preset as a whole rule-set document.

    Every round (its contract as a list of melds, the cards dealt, how a player goes out, the
    buy limit), the wild cards, the decks and jokers by number of players, the point table,
    the players range and every house-rule option. Edit it and send it back as rules wherever
    rules are accepted.
    """
    rules = PRESETS.get(preset)
    if rules is None:
        raise NotFound(
            _('There is no rule set "{name}": see GET /api/v1/rules.').format(name=preset[:40])
        )
    response = jsonify(to_document(rules))
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@bp.get("/rules/<preset>/book")
@documented(RuleBook, errors=(404,))
def rule_book_of(preset: str) -> Response:
    """A preset's rules in plain language, section by section.

    The same sentences as the rules pages and the score sheets' key rules (marked "key").
    """
    rules = PRESETS.get(preset)
    if rules is None:
        raise NotFound(
            _('There is no rule set "{name}": see GET /api/v1/rules.').format(name=preset[:40])
        )
    sections = [section.as_dict() for section in rule_book(rules)]
    response = jsonify({"rules": rules.id, "name": rules.name, "sections": sections})
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response
