"""The referee's JSON API: check melds, contracts, lay-offs, joker swaps, discards and hands.

Every endpoint takes a JSON object and answers a JSON object; none needs a game or a login,
and none touches the database, so they are cheap and safe to call as often as a table likes.
Cards are given as text (``"7H 7C JK"``) or a list of strings. ``rules`` names a preset
(``GET /api/v1/rules`` lists them) and ``options`` overrides its house rules.

Anything the referee cannot read (malformed JSON, a wrong type, a bad card, an unknown rule
set, a round the rule set does not have, an unknown field) gets a 400 answer
``{"error": "<a sentence naming the problem>", "details": {"code": ..., "field": ...}}``.
Every question is bounded (:mod:`scorekeeper.rules.budget`): one that would take the
referee more than its step budget is answered 422 (code ``too-hard``), and one still running
at the request's deadline 503 (code ``too-slow``, with ``Retry-After``), in the same shape.
The bodies' shapes are models in :mod:`.schemas`; the cards, rules and rounds are read and
the answers built by :mod:`scorekeeper.web.referee_json`, which the referee pages share.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from flask import Response, jsonify, request
from pydantic import ValidationError

from ... import ratelimit
from ...rules.language import _
from .. import referee_json as rj
from ..errors import error_response, require_json_body
from . import bp
from .openapi import documented
from .schemas import (
    Arrangement,
    ArrangeRequest,
    ContractRequest,
    ContractVerdict,
    CustomPointTable,
    LayoffRequest,
    LayoffResult,
    LiverpoolRequest,
    LiverpoolResult,
    MeldAndCard,
    Request,
    Score,
    ScoreRequest,
    SwapResult,
)
from .validation import field_name, problems

Body = TypeVar("Body", bound=Request)
EXAMPLE = '{"rules": "liverpool", "round": 1, "melds": ["7H 7C JK", "9S 9D 9C"]}'
RULES_FIELDS = {"rules", "options", "points_table"}  # refusals with the code bad-rules
# A question over its step budget is a 422, one past the request's deadline a 503
# (scorekeeper.rules.budget).
BOUNDED = (422, 503)

# --- reading and answering --------------------------------------------------------------------


def read_payload(model: type[Body]) -> Body:
    """The request body as a ``model``, or a RefereeInputError naming the first problem."""
    data = request.get_data(cache=False)  # a body over the size limit is a 413 here
    require_json_body()
    try:
        payload = json.loads(data) if data.strip() else None
    except (ValueError, RecursionError):
        raise rj.RefereeInputError(
            _("The body is not valid JSON: send a JSON object, like {example}").format(
                example=EXAMPLE
            ),
            code="bad-json",
        ) from None
    if not isinstance(payload, dict):
        raise rj.RefereeInputError(
            _("The body must be a JSON object, like {example}").format(example=EXAMPLE),
            code="bad-json",
        )
    try:
        return model.model_validate(payload)
    except ValidationError as error:
        first = problems(error, payload, model)[0]
        code = "bad-rules" if RULES_FIELDS & set(first.path[:1]) else None
        if first.unknown:
            code = "unknown-field"
        field = field_name(first.path + first.unknown[:1])  # an unknown field by its name
        message = first.sentence(field_name(first.path))
        raise rj.RefereeInputError(message, field=field, code=code) from None


def _answer(body: dict[str, Any]) -> Response:
    response = jsonify(body)
    response.cache_control.no_store = True
    return response


@bp.errorhandler(rj.RefereeInputError)
def handle_input_error(error: rj.RefereeInputError) -> Response:
    details: dict[str, Any] = {"code": error.code, "field": error.field}
    if error.problems:
        details["problems"] = error.problems
    return error_response(400, error.message, details)


@bp.post("/referee/contract")
@documented(ContractVerdict, body=ContractRequest, errors=BOUNDED)
@ratelimit.limit_referee_questions
def referee_contract() -> Response:
    """Do these melds make the round's contract?"""
    ask = read_payload(ContractRequest)
    rules = rj.read_rules(ask.rules, ask.options)
    number = rj.read_round(ask.round, rules)
    melds = rj.read_groups(ask.melds, "melds", rules=rules)
    hand = None if ask.hand is None else rj.read_cards(ask.hand, "hand", rules=rules)
    return _answer(rj.contract_answer(rules, number, melds, hand))


@bp.post("/referee/arrange")
@documented(Arrangement, body=ArrangeRequest, errors=BOUNDED)
@ratelimit.limit_referee_questions
def referee_arrange() -> Response:
    """Can these cards make the round's contract? One way to lay them down.

    Send explain to be told why not, when they cannot (reason): it takes the referee longer.
    """
    ask = read_payload(ArrangeRequest)
    rules = rj.read_rules(ask.rules, ask.options)
    number = rj.read_round(ask.round, rules)
    cards = rj.read_cards(ask.cards, "cards", limit=rj.MAX_ARRANGE_CARDS, rules=rules)
    return _answer(rj.arrange_answer(rules, number, cards, explain=ask.explain))


@bp.post("/referee/layoff")
@documented(LayoffResult, body=LayoffRequest, errors=BOUNDED)
def referee_layoff() -> Response:
    """Can this card be laid off on this meld, and where?

    The answer's ends lists every place the card fits; when a run takes it at either end,
    send end to choose one. Send kind and round when the meld's are known: without kind the
    round's contract decides what the meld is (a flush in sequence is a flush in a round of
    flushes).
    """
    ask = read_payload(LayoffRequest)
    rules = rj.read_rules(ask.rules, ask.options)
    meld = rj.read_cards(ask.meld, "meld", rules=rules)
    card = rj.read_card(ask.card, "card", rules=rules)
    kind = rj.read_kind(ask.kind, rules)
    number = rj.read_optional_round(ask.round, rules)
    return _answer(rj.layoff_answer(rules, meld, card, ask.end, kind=kind, round_number=number))


@bp.post("/referee/joker-swap")
@documented(SwapResult, body=MeldAndCard, errors=BOUNDED)
def referee_joker_swap() -> Response:
    """Which wild card does this natural card free from the meld?"""
    ask = read_payload(MeldAndCard)
    rules = rj.read_rules(ask.rules, ask.options)
    meld = rj.read_cards(ask.meld, "meld", rules=rules)
    card = rj.read_card(ask.card, "card", rules=rules)
    kind = rj.read_kind(ask.kind, rules)
    number = rj.read_optional_round(ask.round, rules)
    return _answer(rj.swap_answer(rules, meld, card, kind=kind, round_number=number))


@bp.post("/referee/liverpool")
@documented(LiverpoolResult, body=LiverpoolRequest, errors=BOUNDED)
def referee_liverpool() -> Response:
    """Could this discard have been laid off on the table?"""
    ask = read_payload(LiverpoolRequest)
    rules = rj.read_rules(ask.rules, ask.options)
    table = rj.read_groups(ask.table, "table", rules=rules)
    discard = rj.read_card(ask.discard, "discard", rules=rules)
    kinds = rj.read_kinds(ask.kind, rules, len(table))
    number = rj.read_optional_round(ask.round, rules)
    return _answer(rj.liverpool_answer(rules, table, discard, kinds=kinds, round_number=number))


@bp.post("/score")
@documented(Score, body=ScoreRequest)
def score() -> Response:
    """The points of the cards left in a hand.

    Give rules (its point table is used) or points_table.
    """
    ask = read_payload(ScoreRequest)
    # With rules, its decks say which cards may be scored (no joker in a game without).
    rules = None if ask.rules is None else rj.read_rules(ask.rules, ask.options)
    if isinstance(ask.points_table, CustomPointTable):
        table = rj.read_point_table(ask.points_table.model_dump())
    elif ask.points_table is not None:
        table = rj.read_point_table(ask.points_table)
    elif rules is None:
        raise rj.RefereeInputError(
            _(
                'rules or points_table is missing: give a rule set, like "liverpool", or a '
                'point table, like "face-value"'
            ),
            field="rules",
            code="bad-rules",
        )
    else:
        table = rules.point_table
    return _answer(rj.score_answer(table, rj.read_cards(ask.cards, "cards", rules=rules)))
