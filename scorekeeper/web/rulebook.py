"""What a rules page shows: the rule book's sections, and examples judged live.

The prose is :func:`scorekeeper.rules.prose.rule_book` (the same sentences the score sheets'
key rules are picked from). Every example meld, lay-down, lay-off and joker swap here is a
hand of cards put to the referee (the same functions the API calls), so the verdict shown is
the referee's own. Change a house rule and the page changes with it.

>>> from scorekeeper.rules import PRESETS
>>> book = rulebook(PRESETS["liverpool"])
>>> [e["cards"] for e in book["melds"] if not e["legal"]][0]
['7H', 'JK', 'JK']
>>> any("at least 2 natural" in p.text for p in book["sections"][1].paragraphs)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..rules import Card, MeldKind, Rank, RuleSet, check_contract, parse_cards
from ..rules.budget import TooHard
from ..rules.language import N_, _
from ..rules.limits import limit_problems
from ..rules.phases import MAX_HANDS
from ..rules.prose import rule_book
from ..rules.rulesets import Contract, RoundSpec
from . import referee_json as rj
from .rulebook_kinds import house_rule_examples
from .rulebook_kinds import meld_example as judged_meld
from .rulebook_kinds import sample_lay_down as kind_samples


def wild_cards(rules: RuleSet) -> tuple[str, str]:
    """Two wild cards of this rule set, for examples: jokers, or 2s in deuces-wild games."""
    if rules.uses_jokers:
        return "JK", "JK"
    if rules.wild_ranks:
        rank = sorted(rules.wild_ranks)[0].label
        return f"{rank}C", f"{rank}D"
    return "JK", "JK"


# --- examples judged live ------------------------------------------------------------------------


def meld_example(rules: RuleSet, text: str, note: str) -> dict[str, Any]:
    """One meld judged by the meld check (see :func:`.rulebook_kinds.meld_example`)."""
    return judged_meld(rules, text.split(), note)


def meld_examples(rules: RuleSet) -> list[dict[str, Any]]:
    w1, w2 = wild_cards(rules)
    candidates = [
        ("7H 7C 7S", N_("three of a kind")),
        (f"7H 7C {w1}", N_("a wild card in a set")),
        (f"7H {w1} {w2}", N_("one natural card and two wild cards")),
        ("9H 9H 9C", N_("the same card twice, from two decks")),
        ("5S 6S 7S 8S", N_("four in a row")),
        (f"7H 8H {w1} 10H", N_("a wild card filling a gap")),
        (f"7H {w1} {w2} 10H", N_("two wild cards in a run of four")),
        ("JH QH KH AH", N_("ace high")),
        ("KS AS 2S 3S", N_("round the corner")),
        ("7D 8D 9C 10D", N_("one card of another suit")),
        ("4C 5C 6C", N_("three in a row")),
    ]
    if rules.wild_ranks and rules.wild_can_be_natural:
        label = sorted(rules.wild_ranks)[0].label
        candidates.append((f"AH {label}H 3H 4H", N_("a wild rank standing for itself")))
    if rules.set_distinct_suits:
        candidates.append(("9H 9C 9S 9D 9H", N_("five of a kind")))
    return [meld_example(rules, text, _(note)) for text, note in candidates]


def sample_lay_down(contract: Contract) -> list[tuple[Card, ...]]:
    """Melds that make ``contract``: sets of 7s, 9s, queens...; runs 3-6 of ♠, ♥, ♦...;
    colour melds and flushes of ranks far apart."""
    return kind_samples(contract.melds)


_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _runs_shape(contract: Contract) -> tuple[int, int]:
    """How many runs a contract asks for, and how long the longest is."""
    return len(contract.runs), max((run.min_length for run in contract.runs), default=0)


def contract_example(
    rules: RuleSet, number: int, melds: Sequence[Sequence[Card]], note: str,
    hand: Sequence[Card] | None = None,
) -> dict[str, Any]:  # fmt: skip
    verdict = check_contract(rules, number, melds, hand)
    answer = rj.verdict_json(verdict, rules)
    answer["note"] = note
    answer["hand"] = rj.cards_json(hand or ())
    return answer


def contract_examples(rules: RuleSet) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    rounds = list(enumerate(rules.rounds, start=1))
    mixed = next(
        ((n, r) for n, r in rounds if r.contract.sets and r.contract.runs and not r.all_out),
        rounds[0],
    )
    number, spec = mixed
    found.append(
        contract_example(
            rules, number, sample_lay_down(spec.contract), _contract_note(rules, number, spec)
        )
    )
    two_runs = next(((n, r) for n, r in rounds if len(r.contract.runs) >= 2), None)
    shown = {_runs_shape(spec.contract)}
    if two_runs is not None:
        shown.add(_runs_shape(two_runs[1].contract))
        number, spec = two_runs
        base = sample_lay_down(spec.contract)
        run_at = [i for i, m in enumerate(spec.contract.melds) if m.kind == MeldKind.RUN]
        for pair, note in (
            (("2H 3H 4H 5H", "6H 7H 8H 9H"), _TWO_RUNS[0]),
            (("5S 6S 7S 8S", "7S 8S 9S 10S"), _TWO_RUNS[1]),
            (("2D 3D 4D 5D", "8D 9D 10D JD"), _TWO_RUNS[2]),
        ):
            melds = list(base)
            melds[run_at[0]] = parse_cards(pair[0])
            melds[run_at[1]] = parse_cards(pair[1])
            said = _(note[1] if rules.phased else note[0]).format(number=number)
            found.append(contract_example(rules, number, melds, said))
    found += _own_contracts(rules, shown)
    if rules.exact_contract_melds:
        number, spec = rounds[0]
        melds = sample_lay_down(spec.contract)
        melds[0] = (*melds[0], melds[0][0])
        longer = (
            _("phase {number}: a longer meld than asked")
            if rules.phased
            else _("round {number}: a longer meld than asked")
        )
        found.append(contract_example(rules, number, melds, longer.format(number=number)))
    last_out = next(((n, r) for n, r in reversed(rounds) if r.all_out), None)
    if last_out is not None:
        number, spec = last_out
        left = (
            _("phase {number}, all out: a card left in hand")
            if rules.phased
            else _("round {number}, all out: a card left in hand")
        )
        found.append(
            contract_example(
                rules, number, sample_lay_down(spec.contract), left.format(number=number),
                hand=parse_cards("KC"),
            )
        )  # fmt: skip
    return found


def _own_contracts(rules: RuleSet, shown: set[tuple[int, int]]) -> list[dict[str, Any]]:
    """A lay-down for each round asking for runs unlike those shown yet (more of them, or
    longer): Shanghai's run of 7 and of 10, its three runs, its three runs of 5; and one for
    the first round asking for a colour meld or a flush (the ten phases' flush of 7). The
    round going out with every card has an example of its own."""
    found: list[dict[str, Any]] = []
    shown_kinds: set[MeldKind] = set()
    for number, spec in enumerate(rules.rounds, start=1):
        shape = _runs_shape(spec.contract)
        suited = {k for k in spec.contract.kinds if k not in (MeldKind.SET, MeldKind.RUN)}
        new_kinds = suited - shown_kinds
        if spec.all_out or not (new_kinds or (spec.contract.runs and shape not in shown)):
            continue
        shown.add(shape)
        shown_kinds |= suited
        melds = sample_lay_down(spec.contract)
        found.append(contract_example(rules, number, melds, _contract_note(rules, number, spec)))
    return found


def table_examples(rules: RuleSet) -> list[dict[str, Any]]:
    """Lay-offs, joker swaps and a Liverpool call, each judged by the referee."""
    w1, _w2 = wild_cards(rules)
    run = parse_cards("5H 6H 7H 8H")
    found: list[dict[str, Any]] = []
    for card in ("9H", w1, "10H"):
        answer = rj.layoff_answer(rules, run, Card.parse(card))
        found.append({"what": _("Lay off"), "meld": rj.cards_json(run), "card": card,
                      "ok": answer["fits"], "reason": answer["reason"]})  # fmt: skip
    for meld_text, card in ((f"8C 9C {w1} JC", "10C"), (f"7H 7C {w1}", "7S")):
        meld = parse_cards(meld_text)
        answer = rj.swap_answer(rules, meld, Card.parse(card))
        found.append({"what": _("Joker swap"), "meld": rj.cards_json(meld), "card": card,
                      "ok": answer["allowed"], "reason": answer["reason"]})  # fmt: skip
    return found


def judged(examples: Callable[[RuleSet], list[dict[str, Any]]], rules: RuleSet) -> JudgedList:
    """The examples, or none and the referee's sentence when they are too much work (rules
    stored before the referee's limits may be: the page still answers at once)."""
    try:
        return examples(rules), None
    except TooHard as error:
        return [], error.message


JudgedList = tuple[list[dict[str, Any]], str | None]


# An example of two runs of one contract: (in a round, in a phase).
_TWO_RUNS = (
    (N_("round {number}: two runs of hearts that touch"),
     N_("phase {number}: two runs of hearts that touch")),
    (N_("round {number}: two runs of spades that overlap"),
     N_("phase {number}: two runs of spades that overlap")),
    (N_("round {number}: two runs of diamonds, apart"),
     N_("phase {number}: two runs of diamonds, apart")),
)  # fmt: skip


def _contract_note(rules: RuleSet, number: int, spec: RoundSpec) -> str:
    """``round 2, 1 set and 1 run``: what an example names a contract by (its round, or in a
    phase game its phase)."""
    note = _("phase {number}, {contract}") if rules.phased else _("round {number}, {contract}")
    return note.format(number=number, contract=spec.contract.describe())


def _buying_words(spec: RoundSpec) -> str:
    """The rounds table's buying column."""
    if not spec.buying_allowed:
        return _("no")
    if spec.buy_limit is None:
        return _("yes")
    return _("up to {count}").format(count=spec.buy_limit)


def rulebook(rules: RuleSet) -> dict[str, Any]:
    """Everything the rules page shows for ``rules``."""
    players = range(rules.min_players, rules.max_players + 1)
    melds, melds_refused = judged(meld_examples, rules)
    contracts, contracts_refused = judged(contract_examples, rules)
    table, table_refused = judged(table_examples, rules)
    house_rules, house_refused = judged(house_rule_examples, rules)
    return {
        "rounds": [
            {
                "number": n,
                "contract": r.contract.describe(words=True),
                "min_cards": r.contract.min_cards,
                "cards_dealt": r.cards_dealt,
                "going_out": _("every card, no discard")
                if r.all_out
                else _("discard the last card"),
                "buying": _buying_words(r),
            }
            for n, r in enumerate(rules.rounds, start=1)
        ],
        "decks": [
            {
                "players": p,
                "decks": rules.decks.decks_for(p),
                "jokers": rules.decks.jokers_for(p),
                "cards": rules.decks.decks_for(p) * 52 + rules.decks.jokers_for(p),
            }
            for p in players
        ],
        "sections": rule_book(rules),
        "max_hands": MAX_HANDS,  # a phase game's safety limit of hands
        "melds": melds,
        "contracts": contracts,
        "table": table,
        # Colour melds, flushes and the house rules beyond sets and runs these rules play.
        "house_rules": house_rules,
        # Why some examples are missing (the referee's sentence), and the limits these rules
        # pass (a game stored before the limits keeps its rules).
        "refused": melds_refused or contracts_refused or table_refused or house_refused,
        "limits": [str(p) for p in limit_problems(rules)],
        "points": [
            {"label": rank.label, "points": rules.point_table.value_of(rank)} for rank in Rank
        ]
        + ([{"label": _("Joker"), "points": rules.point_table.joker}] if rules.uses_jokers else []),
        # Cards valued apart from their rank (Kalooki's black aces).
        "card_points": [
            {"card": str(card), "points": points} for card, points in rules.point_table.cards
        ],
    }


__all__ = ["rulebook", "wild_cards"]
