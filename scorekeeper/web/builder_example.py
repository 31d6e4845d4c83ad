"""The builder's worked example: a hand for a round of the rules being built, and the
referee's answer to it (can it make the round's contract, and how), shown as the rules change.
"""

from __future__ import annotations

from typing import Any

from ..rules import RulesError, RuleSet
from ..rules.rulesets import MeldKind, RoundSpec
from ..rules.scoring import cards_not_in_play
from . import referee_json as rj
from .builder_form import BuilderForm
from .numbers import whole_number_or
from .rulebook_kinds import suited_cards

_SET_RANKS = ("7", "9", "Q", "4", "K", "5", "8", "J")
_RUN_SUITS = ("S", "H", "D", "C")
_RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def example_hand(spec: RoundSpec) -> str:
    """A hand that makes ``spec``'s contract with natural cards: sets of 7s, 9s, queens...,
    runs from 3 (from the ace when longer than 11) in spades, hearts...; colour melds (red,
    then black) and flushes (clubs, diamonds...) of ranks far apart; and, in a round
    with a discard, a king of diamonds to discard.

    >>> from scorekeeper.rules import PRESETS
    >>> example_hand(PRESETS["liverpool"].rounds[1])
    '7S 7H 7D 3S 4S 5S 6S KD'
    """
    cards: list[str] = []
    sets = runs = 0
    suited = {MeldKind.COLOR: 0, MeldKind.FLUSH: 0}  # colour melds and flushes, apart
    for meld in spec.contract.melds:
        if meld.kind == MeldKind.SET:
            rank = _SET_RANKS[sets % len(_SET_RANKS)]
            cards += [rank + "SHDC"[i % 4] for i in range(meld.min_length)]
            sets += 1
        elif meld.kind in (MeldKind.COLOR, MeldKind.FLUSH):
            cards += suited_cards(meld.kind, suited[meld.kind], meld.min_length)
            suited[meld.kind] += 1
        else:
            suit = _RUN_SUITS[runs % len(_RUN_SUITS)]
            first = 2 if meld.min_length <= len(_RANK_ORDER) - 2 else 0
            cards += [r + suit for r in _RANK_ORDER[first : first + meld.min_length]]
            runs += 1
    if not spec.all_out:
        cards.append("KD")
    return " ".join(cards)


def worked_example(rules: RuleSet, form: BuilderForm) -> dict[str, Any]:
    """The example hand (as typed, or made for the round) and the referee's answer: can it
    make the round's contract, and how (the referee's own arranger and verdict)."""
    number = min(max(whole_number_or(form.example_round) or 1, 1), rules.round_count)
    hand_text = form.example_hand or example_hand(rules.round(number))
    context: dict[str, Any] = {"round": number, "hand_text": hand_text, "chips": []}
    try:
        hand = rj.read_cards(hand_text, "The hand", limit=rj.MAX_ARRANGE_CARDS)
        context["chips"] = rj.cards_json(hand)
        refused = cards_not_in_play(rules, hand)
        if refused is not None:
            raise RulesError(refused)
        context["answer"] = rj.arrange_answer(rules, number, hand)
    except RulesError as error:
        context["answer"] = {"error": error.message}
    return context
