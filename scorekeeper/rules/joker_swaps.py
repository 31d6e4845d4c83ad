"""Joker swaps: a player who is down takes a wild card from a meld on the table by putting in
its place the natural card it stands for (``8♣ 9♣ Joker J♣`` and the ``10♣``), and must play
the wild in the same turn.

Terms:

- A wild in a **run** stands for one card, and only that card frees it.
- A wild in a **set** is dead (seeds 000, 002), except that seed 003 lets one be taken when it
  is among the first three cards the set was laid with (``joker_swap``: runs and the first
  three cards of a set).
- A wild in a **colour meld** or a **flush** stands for a card of that colour or suit, no card
  in particular: **any** natural card of that colour or suit takes its place, wherever a wild
  in a run may be taken (our choice: whichever card it stood for, the meld stays what it was).
- A meld of **wild cards only** stands for no card in particular: no swap takes one of them.

The meld on the table is read by :mod:`.table_meld` (its kind and round, when known).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .budget import StepBudget, activate, current
from .cards import Card, parse_cards
from .language import _
from .melds import Meld, can_be_natural, judge
from .rulesets import JokerSwap, MeldKind, RuleSet, SwapWilds
from .table_meld import group_words, read_table_meld, sentences, skip_swapped, table_rules

SET_SWAP_CARDS = 3  # seed 003: a joker laid among a set's first three cards may be taken


@dataclass(frozen=True)
class SwapResult:
    """Whether ``card`` may take the place of a wild in a meld, and which wild it frees.

    ``joker_index`` is the freed wild's index in the meld's cards; ``meld`` is the meld with
    the natural card in its place.
    """

    allowed: bool
    joker_index: int | None
    reason: str
    meld: Meld | None = None


def joker_swap(
    meld_cards: Sequence[Card],
    card: Card,
    rules: RuleSet,
    *,
    kind: MeldKind | None = None,
    round_number: int | None = None,
    budget: StepBudget | None = None,
) -> SwapResult:
    """May the natural ``card`` replace a wild in the meld ``meld_cards`` (laid as ``kind`` in
    round ``round_number``, when known)? (The melds read spend from ``budget``.)

    >>> from .presets import LIVERPOOL, FAMILY
    >>> swap = joker_swap(parse_cards("AS 2S JK 4S"), Card.parse("3S"), LIVERPOOL)
    >>> swap.allowed, swap.joker_index
    (True, 2)
    >>> joker_swap(parse_cards("7H 7C JK"), Card.parse("7S"), LIVERPOOL).reason
    'A wild card in a set is dead: it cannot be taken.'
    >>> joker_swap(parse_cards("7H 7C JK"), Card.parse("7S"), FAMILY).allowed
    True
    """
    with activate(current(budget)):
        base, why = _swappable_meld(meld_cards, card, rules, kind, round_number)
        return _joker_swap(base, why, card, rules)


def _joker_swap(base: Meld | None, why: str, card: Card, rules: RuleSet) -> SwapResult:
    if base is None:
        return SwapResult(False, None, why)
    if base.kind == MeldKind.RUN:
        candidates, why = _run_candidates(base, card, rules)
    elif base.kind == MeldKind.SET:
        candidates, why = _set_candidates(base, card, rules)
    else:
        candidates, why = _group_candidates(base, card, rules)
    if not candidates:
        return SwapResult(False, None, why)
    return _swap_at(base, card, candidates[0], rules)


def _swappable_meld(
    meld_cards: Sequence[Card],
    card: Card,
    rules: RuleSet,
    kind: MeldKind | None,
    round_number: int | None,
) -> tuple[Meld | None, str]:
    """The table meld, if these rules let ``card`` take a wild from it at all; else why not."""
    skip = skip_swapped(meld_cards, card, rules)
    if skip:
        return None, skip
    if rules.joker_swap == JokerSwap.NEVER:
        return None, _("Under these rules no wild card can be taken from the table.")
    if card.rank is None or not can_be_natural(card, rules):
        return None, _("A {card} cannot free a wild card: only a natural card can.").format(
            card=card.pretty
        )
    base, why = read_table_meld(meld_cards, rules, kind, round_number=round_number)
    if base is None:
        return None, why
    name = base.describe()
    if not base.wilds:
        return None, _("There is no wild card in the {meld}.").format(meld=name)
    if base.wild_only:
        return None, _(
            "The {meld} stands for no card in particular, so no natural card can take the "
            "place of one of its wild cards."
        ).format(meld=name)
    if rules.swap_wilds == SwapWilds.JOKERS_ONLY and not any(
        base.cards[i].is_joker for i in base.wild_indices
    ):
        return None, _(
            "Under these rules only a joker can be taken back, and the {meld} holds none."
        ).format(meld=name)
    return base, ""


def _run_candidates(base: Meld, card: Card, rules: RuleSet) -> tuple[list[int], str]:
    """The run's wilds standing for exactly ``card`` that may be taken; else why none."""
    candidates = [
        i
        for i, use in zip(base.wild_indices, base.wilds, strict=True)
        if use.rank == card.rank
        and (use.suit is None or use.suit == card.suit)
        and _takeable(base, i, rules)
    ]
    return candidates, "" if candidates else _not_stood_for(base, card, rules)


def _group_candidates(base: Meld, card: Card, rules: RuleSet) -> tuple[list[int], str]:
    """A colour meld's or a flush's wilds stand for any card of its colour or suit: any such
    natural card may take one (those the rules let a swap take)."""
    fits = (
        card.suit == base.suit
        if base.suit is not None
        else card.suit in (base.color.suits if base.color is not None else ())
    )
    if not fits:
        return [], _(
            "{card} is not one of the {what} the wild cards in the {meld} stand for."
        ).format(card=card.pretty, what=group_words(base), meld=base.describe())
    candidates = [i for i in base.wild_indices if _takeable(base, i, rules)]
    return candidates, "" if candidates else _not_stood_for(base, card, rules)


def _set_candidates(base: Meld, card: Card, rules: RuleSet) -> tuple[list[int], str]:
    """The set's wilds ``card`` may take (only among its first cards); else why none."""
    if rules.joker_swap == JokerSwap.RUNS_ONLY:
        return [], _("A wild card in a set is dead: it cannot be taken.")
    name = base.describe()
    if card.rank != base.rank:
        return [], _("{card} does not belong in the {meld}.").format(card=card.pretty, meld=name)
    candidates = [i for i in base.wild_indices if i < SET_SWAP_CARDS and _takeable(base, i, rules)]
    if candidates:
        return candidates, ""
    return [], _(
        "The wild cards in the {meld} were added after it was laid, so they are dead: "
        "only one among the first {count} cards of a set may be taken."
    ).format(meld=name, count=SET_SWAP_CARDS)


def _swap_at(base: Meld, card: Card, index: int, rules: RuleSet) -> SwapResult:
    """``card`` in place of the wild at ``index``, if the meld stays legal."""
    swapped = list(base.cards)
    swapped[index] = card
    _kind, new, problems = judge(swapped, table_rules(rules), base.kind, min_length=len(base.cards))
    if new is None:
        return SwapResult(
            False,
            None,
            _("{card} cannot take that place: {problems}").format(
                card=card.pretty, problems=sentences(problems)
            ),
        )
    freed = base.cards[index]
    use = base.wilds[base.wild_indices.index(index)]
    name = base.describe()
    return SwapResult(
        True,
        index,
        _(
            "{card} takes the place of the {wild} standing for {stands_for} in the {meld}; "
            "the {wild} must be played this turn."
        ).format(card=card.pretty, wild=freed.pretty, stands_for=use.pretty, meld=name),
        new,
    )


def _not_stood_for(base: Meld, card: Card, rules: RuleSet) -> str:
    """Why ``card`` frees no wild card of the run ``base``: what the ones it may take stand
    for."""
    takeable = [
        use
        for i, use in zip(base.wild_indices, base.wilds, strict=True)
        if _takeable(base, i, rules)
    ]
    shown = _(", ").join(
        _("the {wild} stands for {stands_for}").format(wild=u.card.pretty, stands_for=u.pretty)
        for u in takeable
    )
    sentence = (
        _("{card} is not what a wild card in the {meld} stands for: {shown}.")
        if rules.swap_wilds == SwapWilds.ANY_WILD
        else _("{card} is not what a joker in the {meld} stands for: {shown}.")
    )
    return sentence.format(card=card.pretty, meld=base.describe(), shown=shown)


def _takeable(meld: Meld, index: int, rules: RuleSet) -> bool:
    """May a swap take the wild card at ``index``? Every wild, or only jokers (a wild 2
    stays where it was laid)."""
    return rules.swap_wilds == SwapWilds.ANY_WILD or meld.cards[index].is_joker


__all__ = ["SET_SWAP_CARDS", "SwapResult", "joker_swap", "parse_cards"]
