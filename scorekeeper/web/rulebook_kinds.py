"""The rules page's house rules beyond sets and runs, each explained with examples judged live.

A rule set that asks for colour melds or flushes, or plays one of the house rules the
world's contract rummies need (runs of any suits, runs turning the corner, sets of different
ranks, runs with no place for a wild rank, extra melds only of the contract's kinds, a cap on
wild cards per meld, wild cards kept apart), gets one entry per rule: what it says, and a
legal and an illegal example put to the same meld check and contract check the referee uses,
with the sentence the check gives. Rules not in play get no entry, so a page only explains
what its game plays.

>>> from scorekeeper.rules import PRESETS
>>> [e["key"] for e in house_rule_examples(PRESETS["carioca"])]
['set_ranks', 'aces', 'wilds_per_meld', 'adjacent_wilds', 'extra_meld_kinds']
>>> [e["legal"] for e in house_rule_examples(PRESETS["carioca"])[1]["examples"]]
[True, False]
>>> house_rule_examples(PRESETS["liverpool"])
[]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..rules import Card, MeldKind, RuleSet, check_contract, parse_cards
from ..rules.language import _ as gettext
from ..rules.language import ngettext
from ..rules.melds import judge
from ..rules.rulesets import Aces, ExtraMeldKinds, MeldSpec, RunSuits, SetRanks
from . import referee_json as rj

# Ranks for colour melds and flushes, far apart so that they read as no run.
SUITED_RANKS = ("2", "10", "A", "6", "J", "8", "Q", "3", "5", "9", "K", "4", "7")
# The suits of a colour meld (red, then black) and of a flush, by the meld's place.
_COLOR_SUITS = ("HD", "SC")
_FLUSH_SUITS = ("C", "D", "S", "H")
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def suited_cards(
    kind: MeldKind, index: int, length: int, avoid: frozenset[str] = frozenset()
) -> list[str]:
    """A colour meld or a flush of ``length`` natural cards of ranks far apart: the first
    colour meld red, the next black; flushes in clubs, diamonds...

    >>> suited_cards(MeldKind.COLOR, 0, 4), suited_cards(MeldKind.FLUSH, 1, 3)
    (['2H', '10D', 'AH', '6D'], ['2D', '10D', 'AD'])
    """
    if kind == MeldKind.FLUSH:
        suits = _FLUSH_SUITS[index % len(_FLUSH_SUITS)]
    else:
        suits = _COLOR_SUITS[index % len(_COLOR_SUITS)]
    ranks = [r for r in SUITED_RANKS if r not in avoid] or list(SUITED_RANKS)  # ranks not wild
    return [ranks[i % len(ranks)] + suits[i % len(suits)] for i in range(length)]


def _wilds(rules: RuleSet) -> tuple[str, str]:
    """Two wild cards of this rule set: jokers, or cards of a wild rank."""
    if rules.uses_jokers or not rules.wild_ranks:
        return "JK", "JK"
    label = sorted(rules.wild_ranks)[0].label
    return f"{label}C", f"{label}D"


def meld_example(rules: RuleSet, cards: Sequence[str], note: str, kind: MeldKind | None = None,
          min_length: int | None = None) -> dict[str, Any]:  # fmt: skip
    """One meld judged by the meld check, as the rules page's meld examples are."""
    parsed = parse_cards(list(cards))
    found, meld, problems = judge(parsed, rules, kind, min_length=min_length)
    return {
        "cards": rj.cards_json(parsed),
        "note": note,
        "legal": meld is not None,
        "description": meld.describe() if meld is not None else None,
        "kind": found.value,
        "wilds": [
            {"card": str(w.card), "stands_for": w.stands_for, "words": _stands_for(w.stands_for)}
            for w in meld.wilds
        ]
        if meld is not None
        else [],
        "problems": [p.message for p in problems],
    }


def _stands_for(code: str) -> str:
    """What a wild card in a colour meld or a flush stands for, in words ("" for a card or a
    rank, which the page shows as a card).

    >>> _stands_for("red"), _stands_for("C"), _stands_for("7H")
    ('a red card', 'a club', '')
    """
    words = {
        "red": gettext("a red card"),
        "black": gettext("a black card"),
        "S": gettext("a spade"),
        "H": gettext("a heart"),
        "D": gettext("a diamond"),
        "C": gettext("a club"),
    }
    return words.get(code, "")


def _lay_down(rules: RuleSet, number: int, melds: Sequence[Sequence[str]], note: str
              ) -> dict[str, Any]:  # fmt: skip
    """A lay-down judged by the contract check; shown as one line of melds and a verdict."""
    groups = [parse_cards(list(m)) for m in melds]
    verdict = rj.verdict_json(check_contract(rules, number, groups), rules)
    return {
        "cards": [],
        "groups": [rj.cards_json(g) for g in groups],
        "note": note,
        "legal": verdict["legal"],
        "description": ", ".join(m["description"] for m in verdict["melds"] if m["description"]),
        "wilds": [],
        "problems": [p["message"] for p in verdict["problems"]],
    }


def _lay_off(rules: RuleSet, meld: Sequence[str], card: str, note: str) -> dict[str, Any]:
    """A card laid off on a meld on the table, judged as the referee's lay-off check does."""
    on = parse_cards(list(meld))
    answer = rj.layoff_answer(rules, on, Card.parse(card))
    return {
        "cards": [],
        "meld": rj.cards_json(on),
        "card": card,
        "note": note,
        "legal": answer["fits"],
        "description": answer["reason"],
        "wilds": [],
        "problems": [] if answer["fits"] else [answer["reason"]],
    }


def _shortest(rules: RuleSet, kind: MeldKind) -> int:
    return rules.usual_length(kind)


# --- one entry per kind or house rule ------------------------------------------------------------


def _suited(rules: RuleSet, kind: MeldKind) -> dict[str, Any] | None:
    if kind not in rules.meld_kinds:
        return None
    least = rules.color_min_naturals if kind == MeldKind.COLOR else rules.flush_min_naturals
    length = max(_shortest(rules, kind), least)
    avoid = frozenset(rank.label for rank in rules.wild_ranks)
    good = suited_cards(kind, 0, length, avoid)
    other = "S" if kind == MeldKind.COLOR else "H"  # a black card among red, a heart among clubs
    bad = [*good[:-1], good[-1][:-1] + other]
    w1, w2 = _wilds(rules)
    naturals = max(least, 1)
    with_wilds = [*good[:naturals], *([w1, w2] * length)[: max(length - naturals, 1)]]
    if kind == MeldKind.COLOR:
        title = gettext("Colour melds")
        text = ngettext(
            "A colour meld is cards of one colour, of any ranks: hearts and diamonds are red, "
            "spades and clubs black. A wild card in it stands for a card of that colour; a "
            "colour meld holds at least %(count)d natural card.",
            "A colour meld is cards of one colour, of any ranks: hearts and diamonds are red, "
            "spades and clubs black. A wild card in it stands for a card of that colour; a "
            "colour meld holds at least %(count)d natural cards.",
            least,
        ) % {"count": least}
        notes = (gettext("cards of one colour"), gettext("a black card among red ones"),
                 gettext("wild cards in a colour meld"))  # fmt: skip
    else:
        title = gettext("Flushes")
        text = ngettext(
            "A flush is cards of one suit, of any ranks. A wild card in it stands for a card "
            "of that suit; a flush holds at least %(count)d natural card.",
            "A flush is cards of one suit, of any ranks. A wild card in it stands for a card "
            "of that suit; a flush holds at least %(count)d natural cards.",
            least,
        ) % {"count": least}
        notes = (gettext("cards of one suit"), gettext("a heart among clubs"),
                 gettext("wild cards in a flush"))  # fmt: skip
    examples = [
        meld_example(rules, good, notes[0], kind, length),
        meld_example(rules, bad, notes[1], kind, length),
    ]
    if rules.uses_jokers or rules.wild_ranks:
        examples.append(meld_example(rules, with_wilds, notes[2], kind, length))
    return {"key": kind.value, "title": title, "text": text, "examples": examples}


def _color(rules: RuleSet) -> dict[str, Any] | None:
    return _suited(rules, MeldKind.COLOR)


def _flush(rules: RuleSet) -> dict[str, Any] | None:
    return _suited(rules, MeldKind.FLUSH)


def _run_suits(rules: RuleSet) -> dict[str, Any] | None:
    if rules.run_suits != RunSuits.ANY or MeldKind.RUN not in rules.meld_kinds:
        return None
    return {
        "key": "run_suits",
        "title": gettext("Runs of any suits"),
        "text": gettext(
            "A run is cards of consecutive ranks, of any suits: the suits do not matter, only "
            "that no rank is missing."
        ),
        "examples": [
            meld_example(
                rules,
                ["5S", "6H", "7D", "8C"],
                gettext("four ranks in a row, four suits"),
                MeldKind.RUN,
                4,
            ),
            meld_example(
                rules, ["5S", "6H", "8D", "9C"], gettext("a rank missing"), MeldKind.RUN, 4
            ),
        ],
    }


def _aces(rules: RuleSet) -> dict[str, Any] | None:
    if rules.aces != Aces.WRAP or MeldKind.RUN not in rules.meld_kinds:
        return None
    return {
        "key": "aces",
        "title": gettext("Runs turning the corner"),
        "text": gettext(
            "A run may go on past the king to the ace and the 2 (Q K A 2 3), but holds each "
            "rank once: 13 cards at most."
        ),
        "examples": [
            meld_example(
                rules, ["QH", "KH", "AH", "2H", "3H"], gettext("round the corner"), MeldKind.RUN, 4
            ),
            meld_example(
                rules,
                ["KH", "AH", "3H", "4H", "5H"],
                gettext("round the corner, the 2 missing"),
                MeldKind.RUN,
                4,
            ),
        ],
    }


def _set_ranks(rules: RuleSet) -> dict[str, Any] | None:
    if rules.set_ranks != SetRanks.DIFFERENT:
        return None
    found = next(
        ((n, r) for n, r in enumerate(rules.rounds, start=1) if len(r.contract.sets) >= 2), None
    )
    if found is None:
        return None
    number, spec = found
    melds = _sample(spec.contract.melds)
    sets = [i for i, m in enumerate(spec.contract.melds) if m.kind == MeldKind.SET]
    same = list(melds)
    length = len(melds[sets[1]])
    same[sets[1]] = [f"7{s}" for s in ("CSHD" * 4)[:length]]
    unit = _unit_words(rules, number)
    return {
        "key": "set_ranks",
        "title": gettext("Sets of different ranks"),
        "text": gettext("Two sets laid down together must be of different ranks."),
        "examples": [
            _lay_down(
                rules, number, melds, gettext("%(unit)s: sets of two ranks") % {"unit": unit}
            ),
            _lay_down(rules, number, same, gettext("%(unit)s: two sets of 7s") % {"unit": unit}),
        ],
    }


def _runs_without_wild_rank(rules: RuleSet) -> dict[str, Any] | None:
    holes = sorted(rules.run_holes)
    if not holes or MeldKind.RUN not in rules.meld_kinds:
        return None
    hole = holes[0]
    wild = f"{hole.label}C"
    middle = [r for r in ("5", "6", "7", "8") if r != hole.label]
    if len(middle) < 4:  # the wild rank is among 5 to 8: a run from the 9 instead
        middle = ["9", "10", "J", "Q"]
    # A wild card standing in for a rank of the run (a natural one where none may go down).
    third = f"{middle[2]}H" if rules.wilds_per_meld == 0 else wild
    good = [f"{middle[0]}H", f"{middle[1]}H", third, f"{middle[3]}H"]
    everything = [f"{label}H" for label in _RANKS if label != hole.label] + [wild]
    return {
        "key": "runs_without_wild_rank",
        "title": gettext("No place in a run for a wild rank"),
        "text": gettext(
            "A rank that is always wild has no place of its own in a run: %(rank)s cards "
            "stand in for other cards, and a run never needs one for itself."
        )
        % {"rank": hole.label},
        "examples": [
            meld_example(rules, good, gettext("a wild card in a run"), MeldKind.RUN, 4),
            meld_example(
                rules,
                everything,
                gettext("every other rank, and a wild card for its own place"),
                MeldKind.RUN,
                4,
            ),
        ],
    }


def _wilds_per_meld(rules: RuleSet) -> dict[str, Any] | None:
    """A run (a set where no contract asks for runs) with as many wild cards as the cap
    allows, kept apart, and one with one more. Shown for a cap of 3 at most: a longer meld of
    wild cards would meet other rules first (wild cards outnumbering natural ones)."""
    cap = rules.wilds_per_meld
    if cap is None or cap > 3 or not (rules.uses_jokers or rules.wild_ranks):
        return None
    kind = MeldKind.RUN if MeldKind.RUN in rules.meld_kinds else MeldKind.SET
    if kind == MeldKind.SET and rules.set_distinct_suits and cap > 0:
        return None  # a set of four suits holds no wild card beside three naturals
    w1, w2 = _wilds(rules)
    text = ngettext(
        "A meld laid down holds at most %(count)d wild card.",
        "A meld laid down holds at most %(count)d wild cards.",
        cap,
    ) % {"count": cap}
    note = ngettext("%(count)d wild card in a meld", "%(count)d wild cards in a meld", cap)
    more = ngettext("%(count)d wild card in a meld", "%(count)d wild cards in a meld", cap + 1)
    return {
        "key": "wilds_per_meld",
        "title": gettext("Wild cards per meld"),
        "text": text,
        "examples": [
            meld_example(rules, _with_wilds(kind, cap, (w1, w2)), note % {"count": cap}, kind),
            meld_example(
                rules, _with_wilds(kind, cap + 1, (w1, w2)), more % {"count": cap + 1}, kind
            ),
        ],
    }


def _with_wilds(kind: MeldKind, wilds: int, cards: tuple[str, str]) -> list[str]:
    """A run of hearts from the 3 with ``wilds`` wild cards, each between two natural ones
    (never side by side), or a set of 7s with them.

    >>> _with_wilds(MeldKind.RUN, 2, ("JK", "JK"))
    ['3H', 'JK', '5H', 'JK', '7H', '8H']
    >>> _with_wilds(MeldKind.SET, 1, ("JK", "JK"))
    ['7S', '7H', '7D', 'JK']
    """
    chosen = [cards[i % 2] for i in range(wilds)]
    if kind == MeldKind.SET:
        return ["7S", "7H", "7D", *chosen]
    length = max(2 * wilds + 2, 4)
    wild_at = {2 * i + 1: card for i, card in enumerate(chosen)}
    return [wild_at.get(i, f"{_RANKS[2 + i]}H") for i in range(length)]


def _adjacent_wilds(rules: RuleSet) -> dict[str, Any] | None:
    if rules.adjacent_wilds or MeldKind.RUN not in rules.meld_kinds:
        return None
    if not (rules.uses_jokers or rules.wild_ranks):
        return None
    w1, w2 = _wilds(rules)
    if rules.wilds_per_meld is not None and rules.wilds_per_meld < 2:
        # Two wild cards never go down in one meld here: they meet on the table, by lay-offs.
        examples = [
            _lay_off(rules, ["6H", w1, "8H", "9H"], w2, gettext("a wild card laid off apart")),
            _lay_off(rules, [w1, "7H", "8H", "9H", w2], w1,
                     gettext("a wild card laid off next to another")),
        ]  # fmt: skip
    else:
        examples = [
            meld_example(rules, ["6H", w1, "8H", w2, "10H"], gettext("wild cards apart"),
                  MeldKind.RUN, 4),
            meld_example(rules, ["6H", "7H", w1, w2, "10H"], gettext("two wild cards side by side"),
                  MeldKind.RUN, 4),
        ]  # fmt: skip
    return {
        "key": "adjacent_wilds",
        "title": gettext("Wild cards kept apart"),
        "text": gettext("Two wild cards may not stand side by side in a run."),
        "examples": examples,
    }


def _extra_meld_kinds(rules: RuleSet) -> dict[str, Any] | None:
    if not rules.extra_melds or rules.extra_meld_kinds != ExtraMeldKinds.CONTRACT:
        return None
    found = next(
        (
            (n, r)
            for n, r in enumerate(rules.rounds, start=1)
            if len(set(r.contract.kinds)) == 1 and r.contract.kinds[0] in _EXTRA
        ),
        None,
    )
    if found is None:
        return None
    number, spec = found
    kind = spec.contract.kinds[0]
    same_kind = _sample((*spec.contract.melds, spec.contract.melds[0]))
    other = _EXTRA[kind]
    extra = _sample((*spec.contract.melds, *_extra_spec(rules, other)))
    unit = _unit_words(rules, number)
    return {
        "key": "extra_meld_kinds",
        "title": gettext("Extra melds of the contract's kinds only"),
        "text": gettext(
            "Melds laid down beyond the contract must be of a kind the contract asks for."
        ),
        "examples": [
            _lay_down(
                rules,
                number,
                same_kind,
                gettext("%(unit)s: an extra meld of the same kind") % {"unit": unit},
            ),
            _lay_down(
                rules,
                number,
                extra,
                gettext("%(unit)s: an extra meld of another kind") % {"unit": unit},
            ),
        ],
    }


# A contract of sets only gets an extra run, one of runs only an extra set.
_EXTRA = {MeldKind.SET: MeldKind.RUN, MeldKind.RUN: MeldKind.SET}


def _extra_spec(rules: RuleSet, kind: MeldKind) -> tuple[MeldSpec, ...]:
    return (MeldSpec(kind, rules.usual_length(kind)),)


_ENTRIES: tuple[Callable[[RuleSet], dict[str, Any] | None], ...] = (
    _color,
    _flush,
    _run_suits,
    _set_ranks,
    _aces,
    _runs_without_wild_rank,
    _wilds_per_meld,
    _adjacent_wilds,
    _extra_meld_kinds,
)


def house_rule_examples(rules: RuleSet) -> list[dict[str, Any]]:
    """One entry per kind or house rule of this list that ``rules`` plays: ``key``,
    ``title``, ``text`` and ``examples`` (each judged live: ``legal``, ``problems``...)."""
    found = (entry(rules) for entry in _ENTRIES)
    return [e for e in found if e is not None and e["examples"]]


# --- helpers -------------------------------------------------------------------------------------


def _unit_words(rules: RuleSet, number: int) -> str:
    """``Round 2`` or, in a phase game, ``Phase 2``."""
    if rules.phased:
        return gettext("Phase %(number)d") % {"number": number}
    return gettext("Round %(number)d") % {"number": number}


_SET_RANKS = ("7", "9", "Q", "4", "K")
_RUN_SUITS = ("S", "H", "D", "C")


def _sample(specs: Sequence[MeldSpec]) -> list[list[str]]:
    """Natural melds making ``specs``: sets of 7s, 9s, queens...; runs from the 3 (of any
    suits or one); colour melds and flushes of ranks far apart."""
    melds: list[list[str]] = []
    counts = {kind: 0 for kind in MeldKind}
    for spec in specs:
        index = counts[spec.kind]
        counts[spec.kind] += 1
        if spec.kind == MeldKind.SET:
            rank = _SET_RANKS[index % len(_SET_RANKS)]
            melds.append([f"{rank}{s}" for s in ("SHDC" * 3)[: spec.min_length]])
        elif spec.kind == MeldKind.RUN:
            suit = _RUN_SUITS[index % len(_RUN_SUITS)]
            start = max(0, min(2, len(_RANKS) - spec.min_length))
            melds.append([f"{r}{suit}" for r in _RANKS[start : start + spec.min_length]])
        else:
            melds.append(suited_cards(spec.kind, index, spec.min_length))
    return melds


def sample_lay_down(specs: Sequence[MeldSpec]) -> list[tuple[Card, ...]]:
    """Natural melds making ``specs``, as cards (see :func:`_sample`)."""
    return [parse_cards(m) for m in _sample(specs)]


__all__ = ["house_rule_examples", "meld_example", "sample_lay_down", "suited_cards"]
