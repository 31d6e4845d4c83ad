"""The referee's questions and answers as plain data: shared by the JSON API and the pages.

Both the API (``scorekeeper.web.api.referee``) and the referee pages
(``scorekeeper.web.referee``) read their inputs with the ``read_*`` functions here and turn the
rules core's results into JSON-friendly dicts with the ``*_answer`` functions, so a page
shows exactly what the API returns. Nothing here touches the database.

Terms:

- A **cards value** is text (``"7H 7C JK"``) or a list of strings (``["7H", "7C", "JK"]``,
  each item may hold several cards). Cards come back in canonical ASCII notation (``10H``,
  ``JK``); the pages show them with suit symbols.
- A **field** is the name of the input a value came from (``melds[1]``, ``hand``), so every
  error names what to fix.

>>> answer = contract_answer(read_rules("liverpool"), 2, [read_cards("7H 7C JK", "melds[0]"),
...                          read_cards("8C 9C JK JC", "melds[1]")], None)
>>> answer["legal"], answer["contract"], answer["melds"][1]["wilds"]
(True, '1 set and 1 run', [{'card': 'JK', 'stands_for': '10C'}])
>>> read_cards("7H 1X", "hand")
Traceback (most recent call last):
...
scorekeeper.web.referee_json.RefereeInputError: hand: "1X" is not a card: the suit must be one of S H D C
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import (
    Card,
    CardParseError,
    ContractVerdict,
    LayoffResult,
    LiverpoolResult,
    Meld,
    MeldReport,
    PointTable,
    Problem,
    RulesError,
    RuleSet,
    RuleSetError,
    SwapResult,
    build_rules,
    check_contract,
    classify,
    get_point_table,
    joker_swap,
    layoff,
    liverpool_check,
    parse_cards,
)

# Limits that keep every request cheap (the referee is open to anyone, without login).
MAX_TEXT = 400  # characters in one cards value given as text
MAX_ITEMS = 60  # strings in one cards value given as a list
MAX_CARDS = 40  # cards in one meld or hand
MAX_GROUPS = 12  # melds in one lay-down or on one table
MAX_TOTAL_CARDS = 160  # cards in one request
# A hand after many buys, as the arranger's benchmark measures it: every 20- and 30-card hard
# case (three decks, six jokers, all out) answers in a few milliseconds (benchmarks/arranger.py).
MAX_ARRANGE_CARDS = 30


class RefereeInputError(RulesError):
    """A value the referee cannot read: the message names the field and what is wrong."""

    code = "bad-request"

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.field = field


def _kind_of(value: Any) -> str:
    """A JSON-ish name for a value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return "an unknown value"


# --- reading inputs ------------------------------------------------------------------------


def read_cards(value: Any, field: str, *, limit: int = MAX_CARDS) -> tuple[Card, ...]:
    """Cards from text or a list of strings, or a RefereeInputError naming ``field``."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise RefereeInputError(
                f"{field}: that is too much text for cards (at most {MAX_TEXT} characters)",
                field=field,
            )
        pieces: list[str] = [value]
    elif isinstance(value, list | tuple):
        if len(value) > MAX_ITEMS:
            raise RefereeInputError(
                f"{field}: that is too many items (at most {MAX_ITEMS})", field=field
            )
        pieces = []
        for index, item in enumerate(value):
            if not isinstance(item, str):
                raise RefereeInputError(
                    f'{field}[{index}] is {_kind_of(item)}: each card is text, like "7H"',
                    field=f"{field}[{index}]",
                )
            if len(item) > MAX_TEXT:
                raise RefereeInputError(
                    f"{field}[{index}]: that is too much text for cards", field=f"{field}[{index}]"
                )
            pieces.append(item)
    else:
        raise RefereeInputError(
            f'{field} is {_kind_of(value)}: give cards as text ("7H 7C JK") or a list of '
            'cards (["7H", "7C", "JK"])',
            field=field,
        )
    try:
        cards = parse_cards(pieces)
    except CardParseError as error:
        raise RefereeInputError(f"{field}: {error.message}", field=field, code=error.code) from None
    if len(cards) > limit:
        raise RefereeInputError(
            f"{field} has {len(cards)} cards: the referee looks at most {limit} at a time",
            field=field,
        )
    return cards


def read_card(value: Any, field: str) -> Card:
    """Exactly one card."""
    cards = read_cards(value, field, limit=MAX_CARDS)
    if len(cards) != 1:
        what = "no card" if not cards else f"{len(cards)} cards"
        raise RefereeInputError(f"{field} must be one card, not {what}", field=field)
    return cards[0]


def read_groups(value: Any, field: str) -> list[tuple[Card, ...]]:
    """A list of melds, each a cards value."""
    if not isinstance(value, list | tuple):
        raise RefereeInputError(
            f'{field} is {_kind_of(value)}: give a list of melds, like ["7H 7C JK", "4S 5S 6S 7S"]',
            field=field,
        )
    if len(value) > MAX_GROUPS:
        raise RefereeInputError(
            f"{field} has {len(value)} melds: the referee looks at most {MAX_GROUPS}", field=field
        )
    groups = [read_cards(item, f"{field}[{index}]") for index, item in enumerate(value)]
    total = sum(len(g) for g in groups)
    if total > MAX_TOTAL_CARDS:
        raise RefereeInputError(
            f"{field} has {total} cards: the referee looks at most {MAX_TOTAL_CARDS}", field=field
        )
    return groups


def read_rules(preset: Any, options: Any = None) -> RuleSet:
    """A preset id with optional house-rule overrides, validated."""
    if preset is None:
        raise RefereeInputError(
            'rules is missing: give a rule set, like "liverpool"', field="rules", code="bad-rules"
        )
    if not isinstance(preset, str):
        raise RefereeInputError(
            f'rules is {_kind_of(preset)}: give a rule set\'s name, like "liverpool"',
            field="rules",
            code="bad-rules",
        )
    if options is not None and not isinstance(options, Mapping):
        raise RefereeInputError(
            f"options is {_kind_of(options)}: give house rules as name/value pairs, like "
            '{"run_min_naturals": 2}',
            field="options",
            code="bad-rules",
        )
    try:
        return build_rules(preset[:MAX_TEXT], options or {})
    except RuleSetError as error:
        field = "rules" if preset not in _preset_ids() else "options"
        raise RefereeInputError(error.message, field=field, code=error.code) from None


def _preset_ids() -> set[str]:
    from ..rules import PRESETS

    return set(PRESETS)


def read_round(value: Any, rules: RuleSet) -> int:
    """A round number of ``rules``."""
    if value is None:
        raise RefereeInputError(
            f"round is missing: give a round from 1 to {rules.round_count}", field="round"
        )
    if isinstance(value, bool) or not isinstance(value, int):
        raise RefereeInputError(
            f"round is {_kind_of(value)}: give a whole number from 1 to {rules.round_count}",
            field="round",
        )
    try:
        rules.round(value)
    except RuleSetError as error:
        raise RefereeInputError(error.message, field="round", code=error.code) from None
    return value


def read_point_table(value: Any) -> PointTable:
    """A point table's name, or a custom table ``{"ranks": {"A": 15, ...}, "joker": 20}``."""
    try:
        if isinstance(value, str):
            return get_point_table(value[:MAX_TEXT])
        if isinstance(value, Mapping):
            ranks, joker = value.get("ranks"), value.get("joker")
            if (
                not isinstance(ranks, Mapping)
                or isinstance(joker, bool)
                or not isinstance(joker, int)
            ):
                raise RuleSetError(
                    'a custom point table is {"ranks": {"A": 15, "2": 5, ...}, "joker": 20}'
                )
            if len(ranks) > MAX_ITEMS:
                raise RuleSetError("a custom point table has one value per rank")
            return PointTable.custom(ranks, joker)
    except RulesError as error:
        raise RefereeInputError(
            f"points_table: {error.message}", field="points_table", code="bad-rules"
        ) from None
    raise RefereeInputError(
        f'points_table is {_kind_of(value)}: give a table\'s name, like "liverpool", or a '
        "custom table",
        field="points_table",
        code="bad-rules",
    )


# --- answers -------------------------------------------------------------------------------


def cards_json(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def problem_json(problem: Problem) -> dict[str, Any]:
    return {
        "meld": problem.meld,
        "code": problem.code,
        "message": problem.message,
        "cards": list(problem.cards),
    }


def meld_json(meld: Meld) -> dict[str, Any]:
    """A legal meld: kind, cards as given, cards in run order, what each wild stands for."""
    return {
        "kind": meld.kind.value,
        "description": meld.describe(),
        "cards": cards_json(meld.cards),
        "ordered": cards_json(meld.ordered()),
        "wilds": [{"card": str(w.card), "stands_for": w.stands_for} for w in meld.wilds],
    }


def report_json(report: MeldReport) -> dict[str, Any]:
    """One group of a lay-down. ``kind`` is ``null`` unless the group is a legal meld;
    ``looks_like`` says which kind an illegal group was judged as."""
    legal = report.meld is not None
    answer: dict[str, Any] = {
        "kind": report.meld.kind.value if report.meld is not None else None,
        "looks_like": report.kind.value if report.kind is not None else None,
        "legal": report.legal,
        "description": report.meld.describe() if report.meld is not None else None,
        "cards": cards_json(report.cards),
        "ordered": cards_json(report.meld.ordered() if report.meld else report.cards),
        "wilds": [],
    }
    if legal and report.meld is not None:
        answer["wilds"] = [
            {"card": str(w.card), "stands_for": w.stands_for} for w in report.meld.wilds
        ]
    return answer


def verdict_json(verdict: ContractVerdict, rules: RuleSet) -> dict[str, Any]:
    spec = rules.round(verdict.round_number)
    return {
        "legal": verdict.legal,
        "rules": rules.id,
        "round": verdict.round_number,
        "contract": verdict.contract.describe(),
        "all_out": spec.all_out,
        "melds": [report_json(r) for r in verdict.melds],
        "problems": [problem_json(p) for p in verdict.problems],
    }


def contract_answer(
    rules: RuleSet,
    round_number: int,
    melds: Sequence[Sequence[Card]],
    hand: Sequence[Card] | None,
) -> dict[str, Any]:
    """``POST /referee/contract``: do the melds make the round's contract?"""
    verdict = check_contract(rules, round_number, melds, hand)
    return verdict_json(verdict, rules)


def arrange_answer(rules: RuleSet, round_number: int, cards: Sequence[Card]) -> dict[str, Any]:
    """``POST /referee/arrange``: can these cards make the contract, and how?"""
    from ..rules.arranger import arrange
    from ..rules.contract import card_supply_problems

    if len(cards) > MAX_ARRANGE_CARDS:
        raise RefereeInputError(
            f"cards has {len(cards)} cards: the arranger looks at most {MAX_ARRANGE_CARDS}",
            field="cards",
        )
    spec = rules.round(round_number)
    impossible = card_supply_problems(cards, rules)
    if impossible:
        return {
            "possible": False,
            "rules": rules.id,
            "round": round_number,
            "contract": spec.contract.describe(),
            "melds": [],
            "leftover": cards_json(cards),
            "reason": " ".join(p.message for p in impossible),
        }
    result = arrange(rules, round_number, tuple(cards))
    melds = []
    for arranged in result.melds:
        kind = getattr(arranged.kind, "value", arranged.kind)
        entry: dict[str, Any] = {"kind": kind, "cards": cards_json(arranged.cards)}
        meld = classify(arranged.cards, rules, arranged.kind)
        if meld is not None:
            entry["description"] = meld.describe()
            entry["wilds"] = [{"card": str(w.card), "stands_for": w.stands_for} for w in meld.wilds]
        melds.append(entry)
    return {
        "possible": bool(result.possible),
        "rules": rules.id,
        "round": round_number,
        "contract": spec.contract.describe(),
        "melds": melds,
        "leftover": cards_json(result.leftover),
        "reason": result.reason,
    }


def layoff_answer(rules: RuleSet, meld: Sequence[Card], card: Card) -> dict[str, Any]:
    """``POST /referee/layoff``: does the card go on the meld, and where?

    ``meld`` is the meld with the card added (in run order) when it fits, else the meld as
    given.
    """
    result: LayoffResult = layoff(meld, card, rules)
    shown = result.meld.ordered() if result.meld is not None else tuple(meld)
    return {
        "fits": result.fits,
        "card": str(card),
        "meld": cards_json(shown),
        "position": result.position,
        "stands_for": result.stands_for,
        "description": result.meld.describe() if result.meld is not None else None,
        "reason": result.reason,
    }


def swap_answer(rules: RuleSet, meld: Sequence[Card], card: Card) -> dict[str, Any]:
    """``POST /referee/joker-swap``: which wild does the natural card free, or why not."""
    result: SwapResult = joker_swap(meld, card, rules)
    freed = None
    stands_for = None
    if result.allowed and result.joker_index is not None:
        freed = str(meld[result.joker_index])
        if result.meld is not None:
            # The freed wild's place now holds the natural card.
            stands_for = str(card)
    return {
        "allowed": result.allowed,
        "card": str(card),
        "joker_index": result.joker_index,
        "joker": freed,
        "stands_for": stands_for,
        "meld": cards_json(result.meld.ordered()) if result.meld is not None else cards_json(meld),
        "reason": result.reason,
    }


def liverpool_answer(
    rules: RuleSet, table: Sequence[Sequence[Card]], discard: Card
) -> dict[str, Any]:
    """``POST /referee/liverpool``: could the discard have been laid off on the table?"""
    result: LiverpoolResult = liverpool_check(table, discard, rules)
    return {
        "playable": result.playable,
        "discard": str(discard),
        "where": [
            {
                "meld": p.meld,
                "position": p.position,
                "stands_for": p.stands_for,
                "reason": p.reason,
            }
            for p in result.where
        ],
    }


def score_answer(table: PointTable, cards: Sequence[Card]) -> dict[str, Any]:
    """``POST /score``: the points of the cards left in a hand."""
    return {
        "points": table.hand_points(cards),
        "cards": cards_json(cards),
        "card_points": [table.points(c) for c in cards],
        "points_table": table.id,
    }


__all__ = [
    "MAX_ARRANGE_CARDS",
    "MAX_CARDS",
    "MAX_GROUPS",
    "RefereeInputError",
    "arrange_answer",
    "cards_json",
    "contract_answer",
    "layoff_answer",
    "liverpool_answer",
    "meld_json",
    "problem_json",
    "read_card",
    "read_cards",
    "read_groups",
    "read_point_table",
    "read_round",
    "read_rules",
    "report_json",
    "score_answer",
    "swap_answer",
    "verdict_json",
]
