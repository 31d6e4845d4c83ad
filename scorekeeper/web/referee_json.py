"""The referee's questions and answers as plain data: shared by the JSON API and the pages.

Both the API (``scorekeeper.web.api.referee``) and the referee pages
(``scorekeeper.web.referee``) read their inputs with the ``read_*`` functions here and turn the
rules core's results into JSON-friendly dicts with the ``*_answer`` functions, so a page
shows exactly what the API returns. The values come already typed: the API's request models
(``scorekeeper.web.api.schemas``) check the JSON's shapes and sizes, and the pages read their
forms as text. Nothing here touches the database.

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
    PRESETS,
    Card,
    CardParseError,
    ContractVerdict,
    LayoffResult,
    LiverpoolResult,
    Meld,
    MeldKind,
    MeldReport,
    PointTable,
    Problem,
    RulesError,
    RuleSet,
    RuleSetDocumentError,
    RuleSetError,
    SwapResult,
    check_contract,
    classify,
    get_point_table,
    joker_swap,
    layoff,
    liverpool_check,
    parse_cards,
    resolve_rules,
)
from ..rules.language import _, ngettext
from ..rules.scoring import cards_not_in_deck
from ..rules.table import Position

# Limits that keep every request cheap (the referee is open to anyone, without login). The
# API's request models check the text and list sizes; these functions count the cards.
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

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str | None = None,
        problems: Sequence[str] = (),
    ) -> None:
        super().__init__(message, code=code)
        self.field = field
        self.problems = list(problems)  # every problem of a rule-set document


# --- reading inputs ------------------------------------------------------------------------


def read_cards(
    value: str | Sequence[str],
    field: str,
    *,
    limit: int = MAX_CARDS,
    rules: RuleSet | None = None,
) -> tuple[Card, ...]:
    """Cards from text or a list of strings, or a RefereeInputError naming ``field``.

    With ``rules``, a card the rule set's decks never hold (a joker in a game without
    jokers) is refused too, with the rules core's message.

    >>> read_cards("7H JK", "hand", rules=read_rules("deuces-six"))
    Traceback (most recent call last):
    ...
    scorekeeper.web.referee_json.RefereeInputError: hand: Six-round Deuces Wild is played without jokers: JK is not in its deck.
    """  # noqa: E501
    try:
        cards = parse_cards(value)
    except CardParseError as error:
        raise RefereeInputError(
            _("{field}: {problem}").format(field=field, problem=error.message),
            field=field,
            code=error.code,
        ) from None
    if len(cards) > limit:
        raise RefereeInputError(
            _("{field} has {count} cards: the referee looks at most {limit} at a time").format(
                field=field, count=len(cards), limit=limit
            ),
            field=field,
        )
    for problem in cards_not_in_deck(rules, cards) if rules is not None else ():
        raise RefereeInputError(
            _("{field}: {problem}").format(field=field, problem=problem.message),
            field=field,
            code=problem.code,
        )
    return cards


def read_card(value: str | Sequence[str], field: str, *, rules: RuleSet | None = None) -> Card:
    """Exactly one card (one the rule set's decks hold, with ``rules``)."""
    cards = read_cards(value, field, limit=MAX_CARDS, rules=rules)
    if len(cards) != 1:
        message = (
            _("{field} must be one card, not no card").format(field=field)
            if not cards
            else _("{field} must be one card, not {count} cards").format(
                field=field, count=len(cards)
            )
        )
        raise RefereeInputError(message, field=field)
    return cards[0]


def read_groups(
    value: Sequence[str | Sequence[str]], field: str, *, rules: RuleSet | None = None
) -> list[tuple[Card, ...]]:
    """A list of melds, each a cards value (of cards the rule set's decks hold, with
    ``rules``)."""
    groups = [
        read_cards(item, f"{field}[{index}]", rules=rules) for index, item in enumerate(value)
    ]
    total = sum(len(g) for g in groups)
    if total > MAX_TOTAL_CARDS:
        raise RefereeInputError(
            _("{field} has {count} cards: the referee looks at most {limit}").format(
                field=field, count=total, limit=MAX_TOTAL_CARDS
            ),
            field=field,
        )
    return groups


def read_rules(
    preset: str | Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> RuleSet:
    """A preset id or a whole rule-set document, with optional house-rule overrides,
    validated; a document's problems are all listed, each with where it is."""
    try:
        return resolve_rules(preset[:MAX_TEXT] if isinstance(preset, str) else preset, options)
    except RuleSetDocumentError as error:
        raise RefereeInputError(
            ngettext(
                "rules: the rule-set document has a problem: {problems}",
                "rules: the rule-set document has {count} problems: {problems}",
                len(error.problems),
            ).format(count=len(error.problems), problems="; ".join(error.problems)),
            field="rules",
            code=error.code,
            problems=error.problems,
        ) from None
    except RuleSetError as error:
        field = "options" if isinstance(preset, Mapping) or preset in PRESETS else "rules"
        raise RefereeInputError(error.message, field=field, code=error.code) from None


def read_round(value: int, rules: RuleSet) -> int:
    """A round number of ``rules`` (in a phase game, a phase's), or a refusal in the reader's
    language."""
    try:
        rules.round(value)
    except RuleSetError as error:
        pattern = (
            _("{rules} has phases 1 to {count}; there is no phase {number}")
            if rules.phased
            else _("{rules} has rounds 1 to {count}; there is no round {number}")
        )
        message = pattern.format(rules=rules.local_name, count=rules.round_count, number=value)
        raise RefereeInputError(message, field="round", code=error.code) from None
    return value


def read_optional_round(value: int | None, rules: RuleSet) -> int | None:
    """A round number of ``rules``, or ``None`` when none was given."""
    return None if value is None else read_round(value, rules)


def read_kind(value: str | None, rules: RuleSet, field: str = "kind") -> MeldKind | None:
    """A kind of meld ``rules`` plays (``set``, ``run``; ``color``, ``flush`` where a contract
    asks for one), or ``None`` when none was given."""
    if value is None:
        return None
    played = rules.meld_kinds
    kind = next((k for k in played if k.value == value), None)
    if kind is None:
        raise RefereeInputError(
            _('{field}: "{kind}" is not a kind of meld of these rules: say one of {kinds}').format(
                field=field, kind=value[:20], kinds=", ".join(k.value for k in played)
            ),
            field=field,
        )
    return kind


def read_kinds(
    value: str | Sequence[str | None] | None, rules: RuleSet, count: int
) -> list[MeldKind | None]:
    """The kinds of the ``count`` melds on the table: one kind for all, or one per meld
    (``None`` where the round's contract decides)."""
    if value is None:
        return [None] * count
    if isinstance(value, str):
        return [read_kind(value, rules)] * count
    if len(value) != count:
        raise RefereeInputError(
            _("kind must list one kind for each meld of table, in the same order"), field="kind"
        )
    return [read_kind(v, rules, f"kind[{i}]") for i, v in enumerate(value)]


def read_point_table(value: str | Mapping[str, Any]) -> PointTable:
    """A point table's name, or a custom table ``{"ranks": {"A": 15, ...}, "joker": 20}``."""
    try:
        if isinstance(value, str):
            return get_point_table(value[:MAX_TEXT])
        return PointTable.custom(value["ranks"], value["joker"])
    except RulesError as error:
        raise RefereeInputError(
            _("{field}: {problem}").format(field="points_table", problem=error.message),
            field="points_table",
            code="bad-rules",
        ) from None


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


def wilds_json(meld: Meld | None) -> list[dict[str, str]]:
    """What each wild card of a meld stands for."""
    wilds = meld.wilds if meld is not None else ()
    return [{"card": str(w.card), "stands_for": w.stands_for} for w in wilds]


def report_json(report: MeldReport) -> dict[str, Any]:
    """One group of a lay-down. ``kind`` is ``null`` unless the group is a legal meld;
    ``looks_like`` says which kind an illegal group was judged as."""
    meld = report.meld
    return {
        "kind": meld.kind.value if meld is not None else None,
        "looks_like": report.kind.value if report.kind is not None else None,
        "legal": report.legal,
        "description": meld.describe() if meld is not None else None,
        "cards": cards_json(report.cards),
        "ordered": cards_json(meld.ordered() if meld is not None else report.cards),
        "wilds": wilds_json(meld),
    }


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


def arrange_answer(
    rules: RuleSet, round_number: int, cards: Sequence[Card], *, explain: bool = False
) -> dict[str, Any]:
    """``POST /referee/arrange``: can these cards make the contract, and how? With
    ``explain``, ``reason`` says why not when they cannot (the referee asks itself several
    more questions for that, so it is left out unless asked: ``""``)."""
    from ..rules.arranger import arrange
    from ..rules.contract import card_supply_problems

    if len(cards) > MAX_ARRANGE_CARDS:
        raise RefereeInputError(
            _("{field} has {count} cards: the arranger looks at most {limit}").format(
                field="cards", count=len(cards), limit=MAX_ARRANGE_CARDS
            ),
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
            "reason": " ".join(p.message for p in impossible) if explain else "",
        }
    result = arrange(rules, round_number, tuple(cards))
    melds = []
    for arranged in result.melds:
        kind = getattr(arranged.kind, "value", arranged.kind)
        entry: dict[str, Any] = {"kind": kind, "cards": cards_json(arranged.cards)}
        meld = classify(arranged.cards, rules, arranged.kind)
        if meld is not None:
            entry["description"] = meld.describe()
            entry["wilds"] = wilds_json(meld)
        melds.append(entry)
    return {
        "possible": bool(result.possible),
        "rules": rules.id,
        "round": round_number,
        "contract": spec.contract.describe(),
        "melds": melds,
        "leftover": cards_json(result.leftover),
        "reason": result.reason if explain else "",
    }


def layoff_answer(
    rules: RuleSet,
    meld: Sequence[Card],
    card: Card,
    end: Position | None = None,
    *,
    kind: MeldKind | None = None,
    round_number: int | None = None,
) -> dict[str, Any]:
    """``POST /referee/layoff``: does the card go on the meld, and where?

    ``meld`` is the meld with the card added (in run order) when it fits, else the meld as
    given. ``ends`` lists every place the card fits; ``end`` chooses one of a run's two. The
    meld was laid as ``kind`` in round ``round_number``, when they are known.
    """
    result: LayoffResult = layoff(meld, card, rules, end, kind=kind, round_number=round_number)
    shown = result.meld.ordered() if result.meld is not None else tuple(meld)
    return {
        "fits": result.fits,
        "card": str(card),
        "meld": cards_json(shown),
        "position": result.position,
        "ends": list(result.ends),
        "stands_for": result.stands_for,
        "description": result.meld.describe() if result.meld is not None else None,
        "reason": result.reason,
    }


def swap_answer(
    rules: RuleSet,
    meld: Sequence[Card],
    card: Card,
    *,
    kind: MeldKind | None = None,
    round_number: int | None = None,
) -> dict[str, Any]:
    """``POST /referee/joker-swap``: which wild does the natural card free, or why not (the
    meld laid as ``kind`` in round ``round_number``, when they are known)."""
    result: SwapResult = joker_swap(meld, card, rules, kind=kind, round_number=round_number)
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
    rules: RuleSet,
    table: Sequence[Sequence[Card]],
    discard: Card,
    *,
    kinds: Sequence[MeldKind | None] = (),
    round_number: int | None = None,
) -> dict[str, Any]:
    """``POST /referee/liverpool``: could the discard have been laid off on the table (its
    melds laid as ``kinds``, one per meld, in round ``round_number``, when known)?"""
    result: LiverpoolResult = liverpool_check(
        table, discard, rules, kinds=kinds, round_number=round_number
    )
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
    "problem_json",
    "read_card",
    "read_cards",
    "read_groups",
    "read_kind",
    "read_kinds",
    "read_optional_round",
    "read_point_table",
    "read_round",
    "read_rules",
    "report_json",
    "score_answer",
    "swap_answer",
    "verdict_json",
    "wilds_json",
]
