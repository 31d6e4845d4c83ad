"""``GET /api/v1/rules``: the rule presets, the point tables and the house-rule options.

A client builds its "new game" form from this: each preset with its rounds and contracts,
each point table, and each option a game may override (name, one-line doc, kind, choices).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, jsonify

from ...rules import OPTIONS, POINT_TABLES, PRESETS
from . import bp
from .openapi import OPENAPI_MODULES, OPENAPI_SCHEMAS


@cache
def rules_document() -> dict[str, Any]:
    """The same for every request: built once per process."""
    return {
        "presets": [preset.as_dict() for preset in PRESETS.values()],
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
def list_rules() -> Response:
    response = jsonify(rules_document())
    # The same for every request until the app is upgraded.
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


OPENAPI_SCHEMAS.update(
    {
        "PointTable": {
            "type": "object",
            "required": ["id", "name", "ranks", "joker"],
            "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "summary": {"type": "string"},
                "ranks": {
                    "type": "object",
                    "description": "Points per rank label (A, 2 ... 10, J, Q, K).",
                    "additionalProperties": {"type": "integer"},
                },
                "joker": {"type": "integer"},
            },
        },
        "RuleSet": {
            "type": "object",
            "required": ["id", "name", "rounds", "point_table", "options"],
            "properties": {
                "id": {"type": "string", "examples": ["liverpool"]},
                "name": {"type": "string"},
                "summary": {"type": "string"},
                "players": {
                    "type": "object",
                    "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
                },
                "rounds": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "round": {"type": "integer"},
                            "contract": {"type": "string"},
                            "melds": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "kind": {"type": "string", "enum": ["set", "run"]},
                                        "min_length": {"type": "integer"},
                                    },
                                },
                            },
                            "min_cards": {"type": "integer"},
                            "cards_dealt": {"type": "integer"},
                            "going_out": {"type": "string"},
                            "buy_limit": {"type": ["integer", "null"]},
                        },
                    },
                },
                "decks": {
                    "type": "object",
                    "description": "Decks and jokers to shuffle, by number of players.",
                    "additionalProperties": {
                        "type": "object",
                        "properties": {
                            "decks": {"type": "integer"},
                            "jokers": {"type": "integer"},
                        },
                    },
                },
                "wilds": {"type": "string"},
                "point_table": {"$ref": "#/components/schemas/PointTable"},
                "options": {
                    "type": "object",
                    "description": "The value of every house-rule option in this rule set.",
                },
            },
        },
        "RuleOption": {
            "type": "object",
            "required": ["name", "doc", "kind", "choices"],
            "properties": {
                "name": {"type": "string"},
                "doc": {"type": "string"},
                "kind": {"type": "string", "enum": ["bool", "int", "choice", "table", "ints"]},
                "choices": {"type": "array", "items": {"type": "string"}},
            },
        },
    }
)

OPENAPI_MODULES.append(
    {
        "/rules": {
            "get": {
                "operationId": "listRules",
                "summary": "The rule presets, point tables and house-rule options",
                "tags": ["rules"],
                "responses": {
                    "200": {
                        "description": "Everything a client needs to offer a new game.",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["presets", "point_tables", "options"],
                                    "properties": {
                                        "presets": {
                                            "type": "array",
                                            "items": {"$ref": "#/components/schemas/RuleSet"},
                                        },
                                        "point_tables": {
                                            "type": "array",
                                            "items": {"$ref": "#/components/schemas/PointTable"},
                                        },
                                        "options": {
                                            "type": "array",
                                            "items": {"$ref": "#/components/schemas/RuleOption"},
                                        },
                                    },
                                }
                            }
                        },
                    }
                },
            }
        }
    }
)
