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

from .language import N_, _, and_list, ngettext
from .prose_base import Paragraph, Section, capital, key_rule, says
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
    make one"``: the end of a meld's key rule, in the current language."""
    if rules.allows_wild_only(kind):
        return _("wild cards alone may make one")
    least = max(1, rules.min_naturals_for(kind))
    return ngettext("at least {count} natural", "at least {count} natural", least).format(
        count=least
    )


def _set_paragraph(rules: RuleSet) -> Paragraph:
    shortest = DEFAULT_MIN_LENGTH[MeldKind.SET]
    naturals = naturals_text(rules, MeldKind.SET)
    most = rules.set_max_cards
    ranks = (
        [_("The sets of one lay-down are of different ranks.")]
        if rules.set_ranks == SetRanks.DIFFERENT
        else []
    )
    if most is None:
        return says(
            key_rule(
                _("Set: {least} or more cards of one rank, {naturals}.").format(
                    least=shortest, naturals=naturals
                )
            ),
            _("Suits may repeat, since several decks are shuffled together."),
            *ranks,
        )
    rule = (
        _("Set: {least} or {most} cards of one rank, each of a different suit, {naturals}.")
        if shortest < most
        else _("Set: {most} cards of one rank, each of a different suit, {naturals}.")
    )
    return says(key_rule(rule.format(least=shortest, most=most, naturals=naturals)), *ranks)


def _run_paragraph(rules: RuleSet) -> Paragraph:
    said = {
        "least": DEFAULT_MIN_LENGTH[MeldKind.RUN],
        "naturals": naturals_text(rules, MeldKind.RUN),
    }
    if rules.run_suits == RunSuits.ANY:
        return says(
            key_rule(
                _("Run: {least} or more cards in sequence, of any suits, {naturals}.").format(
                    **said
                )
            ),
            _("A wild card in a run stands for one definite rank, and the referee says which."),
            *_wild_only_sentences(rules),
        )
    return says(
        key_rule(
            _("Run: {least} or more cards of one suit in sequence, {naturals}.").format(**said)
        ),
        _("A wild card in a run stands for one definite card, and the referee says which."),
        *_wild_only_sentences(rules),
    )


_KIND_RULES = {
    MeldKind.COLOR: (
        N_(
            "Colour meld: cards of one colour in any ranks, as many as the contract asks for, "
            "{naturals}."
        ),
        N_(
            "Hearts and diamonds are red, spades and clubs black; a wild card in a colour meld "
            "stands for a card of its colour."
        ),
    ),
    MeldKind.FLUSH: (
        N_("Flush: cards of one suit in any ranks, as many as the contract asks for, {naturals}."),
        N_("A wild card in a flush stands for a card of its suit."),
    ),
}


_WILD_ONLY = {
    MeldKind.COLOR: N_(
        "A colour meld of wild cards only has no colour, until a natural card laid off on it "
        "gives it one."
    ),
    MeldKind.FLUSH: N_(
        "A flush of wild cards only has no suit, until a natural card laid off on it gives it one."
    ),
}


def _kind_paragraphs(rules: RuleSet) -> list[Paragraph]:
    """A colour meld and a flush, where some contract asks for one."""
    found = []
    for kind, (rule, wild) in _KIND_RULES.items():
        if kind in rules.meld_kinds:
            alone = [_(_WILD_ONLY[kind])] if rules.allows_wild_only(kind) else []
            naturals = naturals_text(rules, kind)
            found.append(says(key_rule(_(rule).format(naturals=naturals)), _(wild), *alone))
    return found


def _aces_paragraph(rules: RuleSet) -> Paragraph:
    if rules.aces == Aces.WRAP:
        return says(
            key_rule(_("A run may turn the corner: Q K A 2 3 is a run.")),
            _("It holds each rank once, so at most {count} cards.").format(count=MAX_RUN_LENGTH),
        )
    if rules.aces == Aces.HIGH_ONLY:
        return says(key_rule(_("Aces high only.")), _("J Q K A is a run; A 2 3 4 is not."))
    if rules.aces == Aces.LOW_ONLY:
        return says(key_rule(_("Aces low only.")), _("A 2 3 4 is a run; J Q K A is not."))
    return says(
        key_rule(_("Aces high or low, not both.")),
        _(
            "J Q K A and A 2 3 4 are runs, but a run cannot turn the corner (K A 2 3), so it "
            "holds at most {count} cards."
        ).format(count=MAX_RUN_LENGTH),
    )


def _holes_paragraph(rules: RuleSet) -> list[Paragraph]:
    """The ranks a run has no place for, where a rank is always wild and the rule says so."""
    if not rules.run_holes:
        return []
    ranks = and_list([rank.noun for rank in sorted(rules.run_holes)])
    return [
        says(
            key_rule(capital(_("{ranks} have no place in a run.").format(ranks=ranks))),
            _("They are always wild, so a run holds at most {count} cards.").format(
                count=rules.longest_run
            ),
        )
    ]


_WILD_ONLY_SETS_RUNS = {
    MeldKind.SET: N_(
        "A set of wild cards only has no rank, until a natural card laid off on it gives it one."
    ),
    MeldKind.RUN: N_(
        "A run of wild cards only has no suit and no place, so no other run is too close to it, "
        "until a natural card laid off on it gives it both."
    ),
}


def _wild_only_sentences(rules: RuleSet) -> list[str]:
    """How a meld of wild cards only is read, where the rule set allows one."""
    said = _WILD_ONLY_SETS_RUNS
    return [_(said[kind]) for kind in said if rules.allows_wild_only(kind)]


def melds_section(rules: RuleSet) -> Section:
    """Sets and runs (and colour melds and flushes where a contract asks for one)."""
    more = any(kind not in (MeldKind.SET, MeldKind.RUN) for kind in rules.meld_kinds)
    return Section(
        _("Melds") if more else _("Sets and runs"),
        (
            _set_paragraph(rules),
            _run_paragraph(rules),
            *_kind_paragraphs(rules),
            _aces_paragraph(rules),
            *_holes_paragraph(rules),
        ),
    )


__all__ = ["melds_section", "naturals_text"]
