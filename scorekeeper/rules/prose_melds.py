"""The melds in words: the rule book's section on sets, runs, colour melds and flushes.

Each kind in play gets a paragraph whose first sentence is a key rule (printed on the score
sheets), then what a wild card in it stands for; then where the aces stand and which ranks a
run has no place for. Pure, like :mod:`.prose`.

>>> from .presets import CARIOCA, TEN_PHASE
>>> print(melds_section(TEN_PHASE).key_rule)  # doctest: +NORMALIZE_WHITESPACE
Set: 3 or more cards of one rank, at least 1 natural. Run: 4 or more cards in sequence, of
any suits, at least 1 natural. Flush: cards of one suit in any ranks, as many as the
contract asks for, at least 1 natural. Aces low only. Kings have no place in a run.
>>> print(melds_section(CARIOCA).paragraphs[2].text)
A run may turn the corner: Q K A 2 3 is a run. It holds each rank once, so at most 13 cards.
"""

from __future__ import annotations

from .prose_base import Paragraph, Section, and_list, key_rule, says
from .rulesets import (
    DEFAULT_MIN_LENGTH,
    MAX_RUN_LENGTH,
    Aces,
    MeldKind,
    RuleSet,
    RunSuits,
    SetRanks,
)


def naturals_text(rules: RuleSet, kind: MeldKind) -> str:
    """``"at least 2 natural"``, or where wild cards alone make one, ``"wild cards alone may
    make one"``."""
    if rules.allows_wild_only(kind):
        return "wild cards alone may make one"
    return f"at least {max(1, rules.min_naturals_for(kind))} natural"


def _set_paragraph(rules: RuleSet) -> Paragraph:
    shortest = DEFAULT_MIN_LENGTH[MeldKind.SET]
    naturals = naturals_text(rules, MeldKind.SET)
    most = rules.set_max_cards
    ranks = (
        ["The sets of one lay-down are of different ranks."]
        if rules.set_ranks == SetRanks.DIFFERENT
        else []
    )
    if most is None:
        return says(
            key_rule(f"Set: {shortest} or more cards of one rank, {naturals}."),
            "Suits may repeat, since several decks are shuffled together.",
            *ranks,
        )
    size = f"{shortest} or {most}" if shortest < most else str(most)
    return says(
        key_rule(f"Set: {size} cards of one rank, each of a different suit, {naturals}."), *ranks
    )


def _run_paragraph(rules: RuleSet) -> Paragraph:
    shortest = DEFAULT_MIN_LENGTH[MeldKind.RUN]
    naturals = naturals_text(rules, MeldKind.RUN)
    if rules.run_suits == RunSuits.ANY:
        return says(
            key_rule(f"Run: {shortest} or more cards in sequence, of any suits, {naturals}."),
            "A wild card in a run stands for one definite rank, and the referee says which.",
            *_wild_only_sentences(rules),
        )
    return says(
        key_rule(f"Run: {shortest} or more cards of one suit in sequence, {naturals}."),
        "A wild card in a run stands for one definite card, and the referee says which.",
        *_wild_only_sentences(rules),
    )


_KIND_RULES = {
    MeldKind.COLOR: (
        "Colour meld: cards of one colour in any ranks, as many as the contract asks for, {}.",
        "Hearts and diamonds are red, spades and clubs black; a wild card in a colour meld "
        "stands for a card of its colour.",
    ),
    MeldKind.FLUSH: (
        "Flush: cards of one suit in any ranks, as many as the contract asks for, {}.",
        "A wild card in a flush stands for a card of its suit.",
    ),
}


_WILD_ONLY = {
    MeldKind.COLOR: "A colour meld of wild cards only has no colour, until a natural card laid "
    "off on it gives it one.",
    MeldKind.FLUSH: "A flush of wild cards only has no suit, until a natural card laid off on "
    "it gives it one.",
}


def _kind_paragraphs(rules: RuleSet) -> list[Paragraph]:
    """A colour meld and a flush, where some contract asks for one."""
    found = []
    for kind, (rule, wild) in _KIND_RULES.items():
        if kind in rules.meld_kinds:
            alone = [_WILD_ONLY[kind]] if rules.allows_wild_only(kind) else []
            found.append(says(key_rule(rule.format(naturals_text(rules, kind))), wild, *alone))
    return found


def _aces_paragraph(rules: RuleSet) -> Paragraph:
    if rules.aces == Aces.WRAP:
        return says(
            key_rule("A run may turn the corner: Q K A 2 3 is a run."),
            f"It holds each rank once, so at most {MAX_RUN_LENGTH} cards.",
        )
    if rules.aces == Aces.HIGH_ONLY:
        return says(key_rule("Aces high only."), "J Q K A is a run; A 2 3 4 is not.")
    if rules.aces == Aces.LOW_ONLY:
        return says(key_rule("Aces low only."), "A 2 3 4 is a run; J Q K A is not.")
    return says(
        key_rule("Aces high or low, not both."),
        "J Q K A and A 2 3 4 are runs, but a run cannot turn the corner (K A 2 3), so "
        f"it holds at most {MAX_RUN_LENGTH} cards.",
    )


def _holes_paragraph(rules: RuleSet) -> list[Paragraph]:
    """The ranks a run has no place for, where a rank is always wild and the rule says so."""
    if not rules.run_holes:
        return []
    noun = and_list([rank.noun for rank in sorted(rules.run_holes)])
    return [
        says(
            key_rule(f"{noun[:1].upper()}{noun[1:]} have no place in a run."),
            f"They are always wild, so a run holds at most {rules.longest_run} cards.",
        )
    ]


def _wild_only_sentences(rules: RuleSet) -> list[str]:
    """How a meld of wild cards only is read, where the rule set allows one."""
    said = {
        MeldKind.SET: "A set of wild cards only has no rank, until a natural card laid off "
        "on it gives it one.",
        MeldKind.RUN: "A run of wild cards only has no suit and no place, so no other run is "
        "too close to it, until a natural card laid off on it gives it both.",
    }
    return [said[kind] for kind in said if rules.allows_wild_only(kind)]


def melds_section(rules: RuleSet) -> Section:
    """Sets and runs (and colour melds and flushes where a contract asks for one)."""
    more = any(kind not in (MeldKind.SET, MeldKind.RUN) for kind in rules.meld_kinds)
    return Section(
        "Melds" if more else "Sets and runs",
        (
            _set_paragraph(rules),
            _run_paragraph(rules),
            *_kind_paragraphs(rules),
            _aces_paragraph(rules),
            *_holes_paragraph(rules),
        ),
    )


__all__ = ["melds_section", "naturals_text"]
