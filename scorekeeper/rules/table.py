"""Table helpers: laying off and the "Liverpool" call (joker swaps, :mod:`.joker_swaps`, and
the deck plan, :mod:`.deck_plan`, are kept here too for their callers).

Each question starts from a meld on the table, read by :mod:`.table_meld`: as the kind it
was laid as and in the round it went down in, when they are given; else as the round's
contract (or any round's) lets it be.

Terms:

- **Laying off** (playing off) is adding a card to a meld already on the table: a card of the
  set's rank to a set, the card just below or just above a run, any card of a colour meld's
  colour or a flush's suit. A wild can be laid off too; on a run it goes at the high end (the
  low end once the run reaches the high ace), and the referee says what it stands for. Cards
  already on the table keep their places. The cap on wild cards per meld
  (``wilds_per_meld``) holds when going down, not on lay-offs.
- A **joker swap**: a player who is down takes a wild from a meld by putting the natural card
  it stands for in its place (:mod:`.joker_swaps`).
- **Liverpool** (or "rummy"): a player who is down discards a card that could have been laid
  off on a meld on the table. The referee lists where it would have gone.
- A meld of **wild cards only** (where the rule set asks for no natural card) stands for no
  card in particular. Another wild goes on it; so does a natural card, which gives a set its
  rank and a run its suit and place (at either end: ``7♥`` below four jokers makes ``7♥-J♥``,
  above them ``3♥-7♥``). Its wilds stand for nothing a natural card could replace, so no joker
  swap takes one.

A worked table, Liverpool rules:

>>> from .presets import LIVERPOOL
>>> run = parse_cards("8C 9C JK JC")
>>> layoff(run, Card.parse("QC"), LIVERPOOL).reason
'Q♣ goes on the high end of the run 8♣-J♣.'
>>> joker_swap(run, Card.parse("10C"), LIVERPOOL).reason
'10♣ takes the place of the Joker standing for 10♣ in the run 8♣-J♣; the Joker must be played this turn.'
>>> liverpool_check([parse_cards("7H 7C 7S"), run], Card.parse("7D"), LIVERPOOL).playable
True
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .budget import StepBudget, activate, current
from .cards import Card, format_cards, parse_cards
from .deck_plan import DeckPlan, deck_plan
from .errors import Problem
from .joker_swaps import SwapResult, joker_swap
from .language import N_, _
from .meld_model import ANY_CARD, rank_at
from .melds import HIGH_ACE, Meld, can_be_natural, is_wild, judge
from .rulesets import ANY_RANK_KINDS, MAX_RUN_LENGTH, Aces, MeldKind, RuleSet
from .runs import RANKS, Frame, frame_bounds, run_bounds
from .table_meld import group_words, read_table_meld, sentences, skip_laid_off, table_rules

Position = Literal["low", "high", "set"]


# --- laying off ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoffResult:
    """Whether ``card`` can be laid off on a meld, where, and what a wild would stand for.

    ``meld`` is the meld with the card added; ``stands_for`` is set only for a wild.
    ``ends`` lists every place the card fits (``("low", "high")`` when a run could take it at
    either end); ``position`` is the one chosen.
    """

    fits: bool
    meld: Meld | None
    position: Position | None
    stands_for: str | None
    reason: str
    ends: tuple[Position, ...] = field(default=())


def _adds_at(base: Meld, new: Meld | None, end: Position) -> bool:
    """Does ``new`` (the base's cards in run order plus one) keep every card in its place?

    For the high end the added card is last and sits at ``base.high + 1``; for the low end it
    is first and sits at ``base.low - 1`` (a run that turns the corner may be written 13
    places up or down: only where the cards sit against each other counts).
    """
    if new is None or new.kind != MeldKind.RUN or new.suit != base.suit:
        return False
    old = sorted(base.card_positions())
    places = list(new.card_positions())
    kept, added = (places[:-1], places[-1]) if end == "high" else (places[1:], places[0])
    shift = kept[0] - old[0] if kept else 0
    if shift % RANKS:
        return False
    wanted = base.high + 1 if end == "high" else base.low - 1
    return [p - shift for p in kept] == old and added - shift == wanted


def _added_wild(new: Meld, index: int) -> str | None:
    """What the card at ``index`` of ``new`` stands for, if it is wild there."""
    for at, use in zip(new.wild_indices, new.wilds, strict=False):
        if at == index:
            return use.stands_for
    return None


def layoff(
    meld_cards: Sequence[Card],
    card: Card,
    rules: RuleSet,
    end: Position | None = None,
    *,
    kind: MeldKind | None = None,
    round_number: int | None = None,
    budget: StepBudget | None = None,
) -> LayoffResult:
    """Can ``card`` be laid off on the meld ``meld_cards``?

    When it fits at both ends of a run, ``end`` chooses one; left out, a card standing for
    itself goes where it belongs and a wild goes at the high end (the low end once the run
    reaches the high ace). The meld was laid as ``kind`` in round ``round_number``, when
    they are known (:func:`.table_meld.read_table_meld`). The melds read spend from
    ``budget`` (:mod:`.budget`).

    >>> from .presets import LIVERPOOL, DEUCES_SIX
    >>> result = layoff(parse_cards("5H 6H 7H 8H"), Card.parse("JK"), LIVERPOOL)
    >>> result.fits, result.position, result.stands_for
    (True, 'high', '9H')
    >>> layoff(parse_cards("5H 6H 7H 8H"), Card.parse("10H"), LIVERPOOL).reason
    '10♥ does not go on the run 5♥-8♥: only 4♥ or 9♥ would.'
    >>> layoff(parse_cards("3H 4H 5H 6H"), Card.parse("2H"), DEUCES_SIX).position
    'low'
    >>> layoff(parse_cards("5H 6H 7H 8H"), Card.parse("JK"), LIVERPOOL, "low").ends
    ('high', 'low')

    In the ten-phase game's phase 8 a flush in sequence is a flush (its phase 4 run of 7 would
    take no 2):

    >>> from .presets import TEN_PHASE
    >>> hearts = parse_cards("5H 6H 7H 8H 9H 10H JH")
    >>> layoff(hearts, Card.parse("2H"), TEN_PHASE, round_number=8).reason
    '2♥ goes on the flush of hearts.'
    """
    skip = skip_laid_off(card, rules)
    if skip:
        return LayoffResult(False, None, None, None, skip)
    with activate(current(budget)):
        base, why = read_table_meld(meld_cards, rules, kind, round_number=round_number)
        if base is None:
            return LayoffResult(False, None, None, None, why)
        if base.kind == MeldKind.SET:
            return _layoff_on_set(base, card, table_rules(rules))
        if base.kind in ANY_RANK_KINDS:
            return _layoff_on_group(base, card, table_rules(rules))
        return _layoff_on_run(base, card, table_rules(rules), end)


def _layoff_on_set(base: Meld, card: Card, rules: RuleSet) -> LayoffResult:
    """A card of the set's rank, or a wild (7♠ or a joker on 7♥ 7♣ 7♦)."""
    cards = (*base.cards, card)
    _kind, new, problems = judge(cards, rules, MeldKind.SET, min_length=len(base.cards))
    name = base.describe()
    if base.wild_only:
        return _layoff_on_wild_set(base, card, new, problems)
    if new is not None and new.rank == base.rank:
        stands_for = _added_wild(new, len(cards) - 1)
        if stands_for is None:
            return LayoffResult(True, new, "set", None, _goes_on(card, name), ("set",))
        assert base.rank is not None
        return LayoffResult(
            True,
            new,
            "set",
            stands_for,
            _("{card} goes on the {meld}, standing for a {rank}.").format(
                card=card.pretty, meld=name, rank=base.rank.label
            ),
            ("set",),
        )
    if card.rank is not None and not is_wild(card, rules) and card.rank != base.rank:
        assert base.rank is not None
        reason = _only_these(card, name, base.rank.noun)
    else:
        reason = _does_not_go(card, name, problems)
    return LayoffResult(False, None, None, None, reason)


def _layoff_on_wild_set(
    base: Meld, card: Card, new: Meld | None, problems: Sequence[Problem]
) -> LayoffResult:
    """Any card on a set of wild cards only: a natural card names the set's rank."""
    name = base.describe()
    if new is None:
        return LayoffResult(
            False,
            None,
            None,
            None,
            _does_not_go(card, name, problems),
        )
    if new.rank is None:
        return LayoffResult(True, new, "set", ANY_CARD, _goes_on(card, name), ("set",))
    reason = _becomes(card, name, new)
    return LayoffResult(True, new, "set", None, reason, ("set",))


def _goes_on(card: Card, name: str) -> str:
    return _("{card} goes on the {meld}.").format(card=card.pretty, meld=name)


def _becomes(card: Card, name: str, new: Meld) -> str:
    return _("{card} goes on the {meld}, which becomes a {new}.").format(
        card=card.pretty, meld=name, new=new.describe()
    )


def _does_not_go(card: Card, name: str, problems: Sequence[Problem]) -> str:
    return _("{card} does not go on the {meld}: {problems}").format(
        card=card.pretty, meld=name, problems=sentences(problems)
    )


def _only_these(card: Card, name: str, what: str) -> str:
    """``what`` (``sevens``, ``hearts``, ``red cards``) and wild cards go on the meld."""
    return _("{card} does not go on the {meld}: only {what} and wild cards do.").format(
        card=card.pretty, meld=name, what=what
    )


def _standing_for(card: Card, name: str, stands_for: str) -> str:
    return _("{card} goes on the {meld}, standing for {stands_for}.").format(
        card=card.pretty, meld=name, stands_for=stands_for
    )


def _layoff_on_group(base: Meld, card: Card, rules: RuleSet) -> LayoffResult:
    """A card of the flush's suit or the colour meld's colour, or a wild (any heart or a joker
    on a flush of hearts); on one of wild cards only, a natural card gives it its suit or
    colour."""
    cards = (*base.cards, card)
    _kind, new, problems = judge(cards, rules, base.kind, min_length=len(base.cards))
    name = base.describe()
    if new is None:
        if not base.wild_only and card.rank is not None and not is_wild(card, rules):
            reason = _only_these(card, name, group_words(base))
        else:
            reason = _does_not_go(card, name, problems)
        return LayoffResult(False, None, None, None, reason)
    stands_for = _added_wild(new, len(cards) - 1)
    if base.wild_only and not new.wild_only:
        reason = _becomes(card, name, new)
    elif stands_for is not None and not new.wild_only:
        use = new.wilds[new.wild_indices.index(len(cards) - 1)]
        reason = _standing_for(card, name, use.pretty)
    else:
        reason = _goes_on(card, name)
    return LayoffResult(True, new, "set", stands_for, reason, ("set",))


def _layoff_on_wild_run(
    base: Meld, card: Card, rules: RuleSet, chosen: Position | None
) -> LayoffResult:
    """Any card on a run of wild cards only: a wild keeps it a run of wild cards, a natural
    card gives it its suit and its place, the wilds below it (at the high end) or above it
    (at the low end)."""
    name = base.describe()
    fits: list[tuple[Position, Meld]] = []
    last_problems: tuple[Problem, ...] = ()
    for end in ("high", "low"):
        cards = (*base.cards, card) if end == "high" else (card, *base.cards)
        _kind, new, problems = judge(cards, rules, MeldKind.RUN, min_length=len(base.cards))
        index = len(cards) - 1 if end == "high" else 0
        if new is not None and (
            new.wild_only or new.card_positions()[index] == (new.high if end == "high" else new.low)
        ):
            fits.append((end, new))
        elif problems:
            last_problems = problems
    if not fits:
        if len(base.cards) >= MAX_RUN_LENGTH:
            why = _("The {meld} is complete: a run holds at most {count} cards.").format(
                meld=name, count=MAX_RUN_LENGTH
            )
        else:
            why = _does_not_go(card, name, last_problems)
        return LayoffResult(False, None, None, None, why)
    possible = tuple(end for end, _new in fits)
    if chosen is not None and chosen not in possible:
        reason = _not_that_end(card, name, chosen)
        return LayoffResult(False, None, None, None, reason, possible)
    end, new = min(fits, key=lambda f: f[0] != chosen)
    if new.wild_only:
        return LayoffResult(True, new, end, ANY_CARD, _goes_on(card, name), possible)
    reason = _(_END_BECOMES[end]).format(card=card.pretty, meld=name, new=new.describe())
    return LayoffResult(True, new, end, None, _or_other_end(reason, end, possible), possible)


# Each end's sentences whole (a language may say "the low end" its own way).
_END_BECOMES = {
    "low": N_("{card} goes on the low end of the {meld}, which becomes the {new}."),
    "high": N_("{card} goes on the high end of the {meld}, which becomes the {new}."),
}
_END_GOES = {
    "low": N_("{card} goes on the low end of the {meld}."),
    "high": N_("{card} goes on the high end of the {meld}."),
}
_END_STANDING = {
    "low": N_("{card} goes on the low end of the {meld}, standing for {stands_for}."),
    "high": N_("{card} goes on the high end of the {meld}, standing for {stands_for}."),
}
_NOT_THAT_END = {  # the end chosen, where the card does not go (it goes at the other)
    "low": N_("{card} does not go on the low end of the {meld}: only on the high end."),
    "high": N_("{card} does not go on the high end of the {meld}: only on the low end."),
}
_OTHER_END = {
    "low": N_("It could go on the low end instead."),
    "high": N_("It could go on the high end instead."),
}


def _not_that_end(card: Card, name: str, chosen: Position) -> str:
    """``card`` fits the run only at the end other than ``chosen`` (two ends: one left)."""
    return _(_NOT_THAT_END[chosen]).format(card=card.pretty, meld=name)


def _or_other_end(reason: str, end: Position, possible: tuple[Position, ...]) -> str:
    """``reason``, then the other end the card would fit at too, if any."""
    others = [e for e in possible if e != end]
    if not others:
        return reason
    return _("{sentence} {other}").format(sentence=reason, other=_(_OTHER_END[others[0]]))


def _layoff_on_run(
    base: Meld, card: Card, rules: RuleSet, chosen: Position | None = None
) -> LayoffResult:
    """The card just below or above the run, or a wild at the high end (then the low end)."""
    if base.wild_only:
        return _layoff_on_wild_run(base, card, rules, chosen)
    ordered = base.ordered()
    topped = base.high == HIGH_ACE and rules.aces != Aces.WRAP
    ends: list[Position] = ["low", "high"] if topped else ["high", "low"]
    fits: list[tuple[int, Position, Meld]] = []
    last_problems: tuple[Problem, ...] = ()
    for end in ends:
        cards = (*ordered, card) if end == "high" else (card, *ordered)
        _kind, new, problems = judge(cards, rules, MeldKind.RUN, min_length=len(base.cards))
        if new is not None and _adds_at(base, new, end):
            index = len(cards) - 1 if end == "high" else 0
            wild = _added_wild(new, index) is not None
            fits.append((int(wild), end, new))  # a card standing for itself comes first
        elif problems:
            last_problems = problems
    name = base.describe()
    if not fits:
        why = _why_not_on_run(base, card, rules, last_problems)
        return LayoffResult(False, None, None, None, why)
    possible = tuple(end for _wild, end, _new in fits)
    if chosen is not None and chosen not in possible:
        # Two ends at most, and the chosen one is not among them: the card fits the other.
        reason = _not_that_end(card, name, chosen)
        return LayoffResult(False, None, None, None, reason, possible)
    _wild, end, new = min(fits, key=lambda f: (f[1] != chosen, f[0]))
    return _run_layoff(card, name, end, new, possible)


def _run_layoff(
    card: Card, name: str, end: Position, new: Meld, possible: tuple[Position, ...]
) -> LayoffResult:
    """The answer for ``card`` laid at ``end``, naming the other end if it fits there too."""
    index = len(new.cards) - 1 if end == "high" else 0
    stands_for = _added_wild(new, index)
    if stands_for is None:
        reason = _(_END_GOES[end]).format(card=card.pretty, meld=name)
    else:
        use = new.wilds[new.wild_indices.index(index)]
        reason = _(_END_STANDING[end]).format(card=card.pretty, meld=name, stands_for=use.pretty)
    return LayoffResult(True, new, end, stands_for, _or_other_end(reason, end, possible), possible)


def _why_not_on_run(base: Meld, card: Card, rules: RuleSet, problems: Sequence[Problem]) -> str:
    """A sentence saying why ``card`` does not go on the run ``base``."""
    name = base.describe()
    ends = _run_ends(base, rules)
    if not ends:
        if base.high - base.low + 1 >= MAX_RUN_LENGTH and rules.aces == Aces.WRAP:
            return _("The {meld} is complete: a run holds each rank once.").format(meld=name)
        if base.high - base.low + 1 >= MAX_RUN_LENGTH:
            return _("The {meld} is complete: aces are high or low, not both.").format(meld=name)
        return _("The {meld} is complete: no card may go at either end under these rules.").format(
            meld=name
        )
    if can_be_natural(card, rules) and not is_wild(card, rules):
        assert card.rank is not None
        if base.suit is not None and card.suit != base.suit:
            return _(_NOT_OF_SUIT[base.suit.value]).format(card=card.pretty, meld=name)
        for use in base.wilds:
            if use.rank == card.rank and (use.suit is None or use.suit == card.suit):
                return _(
                    "{card} is the card the {wild} in the {meld} stands for: swap it for the "
                    "wild card instead of laying it off."
                ).format(card=card.pretty, wild=use.card.pretty, meld=name)
        inside = any(
            rank_at(p) == card.rank and not is_wild(c, rules)
            for c, p in zip(base.cards, base.card_positions(), strict=True)
            if base.suit is None or c.suit == base.suit
        )
        if inside:
            return _("{card} is already in the {meld}.").format(card=card.pretty, meld=name)
        if len(ends) == 1:
            return _("{card} does not go on the {meld}: only {first} would.").format(
                card=card.pretty, meld=name, first=ends[0]
            )
        return _("{card} does not go on the {meld}: only {first} or {second} would.").format(
            card=card.pretty, meld=name, first=ends[0], second=ends[1]
        )
    return _does_not_go(card, name, problems)


# A card of another suit than the run's, a sentence per suit (the suit's noun has a gender).
_NOT_OF_SUIT = {
    "S": N_("{card} is not a spade: it does not go on the {meld}."),
    "H": N_("{card} is not a heart: it does not go on the {meld}."),
    "D": N_("{card} is not a diamond: it does not go on the {meld}."),
    "C": N_("{card} is not a club: it does not go on the {meld}."),
}


def _run_ends(base: Meld, rules: RuleSet) -> list[str]:
    """The cards that would go at the run's ends (``4♥``, or a rank where runs mix suits),
    within the places the rule set lets a run reach."""
    if base.high - base.low + 1 >= MAX_RUN_LENGTH:
        return []
    places = sorted(base.card_positions())
    lowest, highest = run_bounds(rules)
    if rules.run_holes:
        lowest, highest = frame_bounds(rules, _frame_of(base), places)
    found = []
    for p in (base.low - 1, base.high + 1):
        if lowest <= p <= highest:
            rank = rank_at(p)
            found.append(Card(rank, base.suit).pretty if base.suit is not None else rank.label)
    return found


def _frame_of(base: Meld) -> Frame:
    return Frame(base.suit, base.suit is None, frozenset())


# --- the Liverpool call ----------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where a card could be laid off: the meld's index on the table, the end (or ``set``),
    and what a wild would stand for."""

    meld: int
    position: Position
    stands_for: str | None
    reason: str


@dataclass(frozen=True)
class LiverpoolResult:
    """Could the discard have been laid off? ``where`` lists every place it fits."""

    playable: bool
    where: tuple[Placement, ...]


def liverpool_check(
    table_melds: Sequence[Sequence[Card]],
    discard: Card,
    rules: RuleSet,
    *,
    kinds: Sequence[MeldKind | None] = (),
    round_number: int | None = None,
    budget: StepBudget | None = None,
) -> LiverpoolResult:
    """Could ``discard`` have been laid off on any meld on the table? ``kinds`` says, meld by
    meld, what each was laid as (``None``, or left out: the round's contract decides), and
    ``round_number`` the round they went down in. (Every lay-off tried spends from
    ``budget``.)

    Only laying off counts; a joker swap is not looked for. Illegal melds are skipped.

    >>> from .presets import LIVERPOOL
    >>> table = [parse_cards("3H 4H 5H 6H"), parse_cards("9S 9C 9D")]
    >>> [(p.meld, p.position) for p in liverpool_check(table, Card.parse("7H"), LIVERPOOL).where]
    [(0, 'high')]
    >>> liverpool_check(table, Card.parse("KD"), LIVERPOOL).playable
    False
    """
    where: list[Placement] = []
    budget = current(budget)
    for index, meld_cards in enumerate(table_melds):
        kind = kinds[index] if index < len(kinds) else None
        result = layoff(
            meld_cards, discard, rules, kind=kind, round_number=round_number, budget=budget
        )
        if result.fits and result.position is not None:
            where.append(Placement(index, result.position, result.stands_for, result.reason))
    return LiverpoolResult(bool(where), tuple(where))


__all__ = [
    "DeckPlan",
    "LayoffResult",
    "LiverpoolResult",
    "Placement",
    "SwapResult",
    "deck_plan",
    "format_cards",
    "joker_swap",
    "layoff",
    "liverpool_check",
    "parse_cards",
]
