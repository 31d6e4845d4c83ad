"""The referee's JSON API: check melds, contracts, lay-offs, joker swaps, discards and hands.

Every endpoint takes a JSON object and answers a JSON object; none needs a game or a login,
and none touches the database, so they are cheap and safe to call as often as a table likes.
Cards are given as text (``"7H 7C JK"``) or a list of strings. ``rules`` names a preset
(``GET /api/v1/rules`` lists them) and ``options`` overrides its house rules.

Anything the referee cannot read (malformed JSON, a wrong type, a bad card, an unknown rule
set, a round the rule set does not have, an unknown field) gets a 400 answer
``{"error": "<a sentence naming the problem>", "details": {"code": ..., "field": ...}}``.
The inputs are read and the answers built by :mod:`scorekeeper.web.referee_json`, which the
referee pages share.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from flask import Response, jsonify, request

from ...rules import RuleSet
from .. import referee_json as rj
from ..errors import error_response, require_json_body
from . import bp
from .openapi import OPENAPI_MODULES, OPENAPI_SCHEMAS

Payload = dict[str, Any]


def read_payload(allowed: Iterable[str]) -> Payload:
    """The request body as a JSON object with only the ``allowed`` fields."""
    data = request.get_data(cache=False)  # a body over the size limit is a 413 here
    require_json_body()
    try:
        payload = json.loads(data) if data.strip() else None
    except (ValueError, RecursionError):
        raise rj.RefereeInputError(
            "The body is not valid JSON: send a JSON object, like "
            '{"rules": "liverpool", "round": 1, "melds": ["7H 7C JK", "9S 9D 9C"]}',
            code="bad-json",
        ) from None
    if not isinstance(payload, dict):
        raise rj.RefereeInputError(
            "The body must be a JSON object, like "
            '{"rules": "liverpool", "round": 1, "melds": ["7H 7C JK", "9S 9D 9C"]}',
            code="bad-json",
        )
    names = list(allowed)
    for key in payload:
        if key not in names:
            shown = key if len(key) <= 40 else key[:40] + "…"
            raise rj.RefereeInputError(
                f'"{shown}" is not a field of this request; the fields are {", ".join(names)}',
                field=shown,
                code="unknown-field",
            )
    return payload


def _rules(payload: Payload) -> RuleSet:
    return rj.read_rules(payload.get("rules"), payload.get("options"))


def _answer(body: Payload) -> Response:
    response = jsonify(body)
    response.cache_control.no_store = True
    return response


@bp.errorhandler(rj.RefereeInputError)
def handle_input_error(error: rj.RefereeInputError) -> Response:
    return error_response(400, error.message, {"code": error.code, "field": error.field})


@bp.post("/referee/contract")
def referee_contract() -> Response:
    payload = read_payload(["rules", "options", "round", "melds", "hand"])
    rules = _rules(payload)
    number = rj.read_round(payload.get("round"), rules)
    melds = rj.read_groups(payload.get("melds"), "melds")
    hand = payload.get("hand")
    cards = None if hand is None else rj.read_cards(hand, "hand")
    return _answer(rj.contract_answer(rules, number, melds, cards))


@bp.post("/referee/arrange")
def referee_arrange() -> Response:
    payload = read_payload(["rules", "options", "round", "cards"])
    rules = _rules(payload)
    number = rj.read_round(payload.get("round"), rules)
    cards = rj.read_cards(_required(payload, "cards"), "cards", limit=rj.MAX_ARRANGE_CARDS)
    return _answer(rj.arrange_answer(rules, number, cards))


@bp.post("/referee/layoff")
def referee_layoff() -> Response:
    payload = read_payload(["rules", "options", "meld", "card"])
    rules = _rules(payload)
    meld = rj.read_cards(_required(payload, "meld"), "meld")
    card = rj.read_card(_required(payload, "card"), "card")
    return _answer(rj.layoff_answer(rules, meld, card))


@bp.post("/referee/joker-swap")
def referee_joker_swap() -> Response:
    payload = read_payload(["rules", "options", "meld", "card"])
    rules = _rules(payload)
    meld = rj.read_cards(_required(payload, "meld"), "meld")
    card = rj.read_card(_required(payload, "card"), "card")
    return _answer(rj.swap_answer(rules, meld, card))


@bp.post("/referee/liverpool")
def referee_liverpool() -> Response:
    payload = read_payload(["rules", "options", "table", "discard"])
    rules = _rules(payload)
    table = rj.read_groups(_required(payload, "table"), "table")
    discard = rj.read_card(_required(payload, "discard"), "discard")
    return _answer(rj.liverpool_answer(rules, table, discard))


@bp.post("/score")
def score() -> Response:
    payload = read_payload(["rules", "options", "points_table", "cards"])
    if payload.get("points_table") is not None:
        table = rj.read_point_table(payload["points_table"])
    elif payload.get("rules") is None:
        raise rj.RefereeInputError(
            'rules or points_table is missing: give a rule set, like "liverpool", or a point '
            'table, like "face-value"',
            field="rules",
            code="bad-rules",
        )
    else:
        table = _rules(payload).point_table
    cards = rj.read_cards(_required(payload, "cards"), "cards")
    return _answer(rj.score_answer(table, cards))


def _required(payload: Payload, name: str) -> Any:
    if name not in payload or payload[name] is None:
        raise rj.RefereeInputError(f"{name} is missing", field=name)
    return payload[name]


# --- OpenAPI ----------------------------------------------------------------------------------

_CARDS = {"$ref": "#/components/schemas/Cards"}
_CARD_LIST = {"type": "array", "items": {"type": "string"}, "examples": [["7H", "7C", "JK"]]}
_RULES_PROPS: dict[str, Any] = {
    "rules": {
        "type": "string",
        "description": "A preset id (see GET /rules).",
        "examples": ["liverpool"],
    },
    "options": {
        "type": "object",
        "description": "House-rule overrides, by option name (see GET /rules).",
        "examples": [{"run_min_naturals": 2}],
    },
}
_WILDS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "card": {"type": "string"},
            "stands_for": {
                "type": "string",
                "description": "A card in a run (10C); the rank alone in a set (7).",
            },
        },
    },
}

OPENAPI_SCHEMAS.update(
    {
        "Cards": {
            "description": 'Cards as text ("7H 7C JK", also 10♥ or T for ten) or a list of '
            "strings.",
            "oneOf": [
                {"type": "string", "examples": ["7H 7C JK"]},
                {"type": "array", "items": {"type": "string"}, "maxItems": rj.MAX_ITEMS},
            ],
        },
        "RefereeProblem": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "meld": {
                    "type": ["integer", "null"],
                    "description": "Index of the meld, or null for the whole lay-down.",
                },
                "code": {"type": "string", "examples": ["turns-the-corner"]},
                "message": {"type": "string"},
                "cards": _CARD_LIST,
            },
        },
        "ContractRequest": {
            "type": "object",
            "required": ["rules", "round", "melds"],
            "additionalProperties": False,
            "properties": {
                **_RULES_PROPS,
                "round": {"type": "integer", "minimum": 1, "examples": [2]},
                "melds": {"type": "array", "items": _CARDS, "maxItems": rj.MAX_GROUPS},
                "hand": {
                    **_CARDS,
                    "description": "Cards left in hand (matters in an all-out round).",
                },
            },
        },
        "ContractVerdict": {
            "type": "object",
            "required": ["legal", "contract", "melds", "problems"],
            "properties": {
                "legal": {"type": "boolean"},
                "rules": {"type": "string"},
                "round": {"type": "integer"},
                "contract": {"type": "string", "examples": ["2 sets and 1 run"]},
                "all_out": {"type": "boolean"},
                "melds": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "kind": {"enum": ["set", "run", None]},
                            "looks_like": {"enum": ["set", "run", None]},
                            "legal": {"type": "boolean"},
                            "description": {"type": ["string", "null"]},
                            "cards": _CARD_LIST,
                            "ordered": _CARD_LIST,
                            "wilds": _WILDS,
                        },
                    },
                },
                "problems": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/RefereeProblem"},
                },
            },
        },
        "ArrangeRequest": {
            "type": "object",
            "required": ["rules", "round", "cards"],
            "additionalProperties": False,
            "properties": {**_RULES_PROPS, "round": {"type": "integer"}, "cards": _CARDS},
        },
        "Arrangement": {
            "type": "object",
            "required": ["possible", "melds", "leftover", "reason"],
            "properties": {
                "possible": {"type": "boolean"},
                "contract": {"type": "string"},
                "melds": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"kind": {"enum": ["set", "run"]}, "cards": _CARD_LIST},
                    },
                },
                "leftover": _CARD_LIST,
                "reason": {"type": "string"},
            },
        },
        "MeldAndCard": {
            "type": "object",
            "required": ["rules", "meld", "card"],
            "additionalProperties": False,
            "properties": {
                **_RULES_PROPS,
                "meld": _CARDS,
                "card": {"type": "string", "examples": ["8S"]},
            },
        },
        "LayoffResult": {
            "type": "object",
            "required": ["fits", "meld", "reason"],
            "properties": {
                "fits": {"type": "boolean"},
                "card": {"type": "string"},
                "meld": {
                    **_CARD_LIST,
                    "description": "The meld with the card laid off (run order), or as given.",
                },
                "position": {"enum": ["low", "high", "set", None]},
                "stands_for": {"type": ["string", "null"]},
                "description": {"type": ["string", "null"]},
                "reason": {"type": "string"},
            },
        },
        "SwapResult": {
            "type": "object",
            "required": ["allowed", "reason"],
            "properties": {
                "allowed": {"type": "boolean"},
                "card": {"type": "string"},
                "joker_index": {"type": ["integer", "null"]},
                "joker": {"type": ["string", "null"], "description": "The wild card freed."},
                "meld": _CARD_LIST,
                "reason": {"type": "string"},
            },
        },
        "LiverpoolRequest": {
            "type": "object",
            "required": ["rules", "table", "discard"],
            "additionalProperties": False,
            "properties": {
                **_RULES_PROPS,
                "table": {"type": "array", "items": _CARDS, "maxItems": rj.MAX_GROUPS},
                "discard": {"type": "string", "examples": ["7H"]},
            },
        },
        "LiverpoolResult": {
            "type": "object",
            "required": ["playable", "where"],
            "properties": {
                "playable": {"type": "boolean"},
                "discard": {"type": "string"},
                "where": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "meld": {"type": "integer"},
                            "position": {"enum": ["low", "high", "set"]},
                            "stands_for": {"type": ["string", "null"]},
                            "reason": {"type": "string"},
                        },
                    },
                },
            },
        },
        "ScoreRequest": {
            "type": "object",
            "required": ["cards"],
            "additionalProperties": False,
            "description": "Give rules (its point table is used) or points_table.",
            "properties": {
                **_RULES_PROPS,
                "points_table": {
                    "oneOf": [
                        {"type": "string", "examples": ["face-value"]},
                        {"$ref": "#/components/schemas/PointTable"},
                    ]
                },
                "cards": _CARDS,
            },
        },
        "Score": {
            "type": "object",
            "required": ["points", "cards"],
            "properties": {
                "points": {"type": "integer", "examples": [40]},
                "cards": _CARD_LIST,
                "card_points": {"type": "array", "items": {"type": "integer"}},
                "points_table": {"type": "string"},
            },
        },
    }
)


def _operation(summary: str, request_schema: str, answer_schema: str) -> dict[str, Any]:
    ref = "#/components/schemas/"
    return {
        "post": {
            "tags": ["referee"],
            "summary": summary,
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": ref + request_schema}}},
            },
            "responses": {
                "200": {
                    "description": "The referee's answer.",
                    "content": {"application/json": {"schema": {"$ref": ref + answer_schema}}},
                },
                "400": {
                    "description": "Malformed JSON, a wrong type, a bad card, an unknown rule "
                    "set or an impossible round; the message names the problem.",
                    "content": {"application/json": {"schema": {"$ref": ref + "Error"}}},
                },
            },
        }
    }


OPENAPI_MODULES.append(
    {
        "/referee/contract": _operation(
            "Do these melds make the round's contract?", "ContractRequest", "ContractVerdict"
        ),
        "/referee/arrange": _operation(
            "Can these cards make the round's contract? One way to lay them down.",
            "ArrangeRequest",
            "Arrangement",
        ),
        "/referee/layoff": _operation(
            "Can this card be laid off on this meld, and where?", "MeldAndCard", "LayoffResult"
        ),
        "/referee/joker-swap": _operation(
            "Which wild card does this natural card free from the meld?",
            "MeldAndCard",
            "SwapResult",
        ),
        "/referee/liverpool": _operation(
            "Could this discard have been laid off on the table?",
            "LiverpoolRequest",
            "LiverpoolResult",
        ),
        "/score": _operation("The points of the cards left in a hand.", "ScoreRequest", "Score"),
    }
)
