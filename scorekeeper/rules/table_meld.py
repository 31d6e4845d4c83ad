"""Reading a meld already on the table: which kind it was laid as, and how short it may be.

The referee's table questions (laying off, a joker swap, the "Liverpool" call, :mod:`.table`)
start from a meld someone laid earlier. The cards alone do not always say what it is:

- **Its kind.** ``5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥`` is a run of 7 in the ten-phase game's phase 4 and
  its flush of 7 in phase 8, and one more heart goes on the flush but not on the run. When
  the kind is given it decides. Without one, the **round's contract** decides, as it does
  when the meld goes down (:func:`.contract.check_contract`): the kinds it asks for are read
  first, then the rule set's other kinds. Without a round either, every kind the rule set
  plays is tried. Either way the narrower kind comes first: a set, a run, a **flush**, a
  colour meld (cards of one suit are a colour meld too, but read as a flush every card
  the referee lets go on them, or lets free a wild card, would be allowed on the colour meld
  as well, never the other way round).
- **How short it may be.** A meld on the table is as short as its round let it go down: the
  shortest meld of its kind the round's contract asks for, or the usual minimum of its kind
  (:meth:`.RuleSet.usual_length`) when that is shorter, as for extra melds. Without a round,
  the shortest of its kind **any** round asks for: ``5♥ K♠`` is a set of 2 in the ten-phase
  game (kings wild, phase 9 asks for a set of 2), whichever phase its owner was on.
- **Its wild cards.** Where "wilds may not outnumber naturals" holds only when going down,
  a lay-off may tip a meld past it; the cap on wild cards per meld holds only when going
  down too (:func:`table_rules`).

>>> from .cards import parse_cards
>>> from .presets import LIVERPOOL, TEN_PHASE
>>> meld, why = read_table_meld(parse_cards("5H KS"), TEN_PHASE)
>>> meld.describe(), why
('set of fives', '')
>>> read_table_meld(parse_cards("5H KS"), TEN_PHASE, round_number=1)[1]
'The meld on the table is not legal: 5♥ K♠ is too few cards for a set: a set needs at least 3.'
>>> hearts = parse_cards("5H 6H 7H 8H 9H 10H JH")
>>> read_table_meld(hearts, TEN_PHASE, round_number=8)[0].describe()
'flush of hearts'
>>> read_table_meld(hearts, TEN_PHASE, round_number=4)[0].describe()
'run 5-J'
>>> read_table_meld(hearts, TEN_PHASE, MeldKind.FLUSH)[0].describe()
'flush of hearts'
>>> read_table_meld(parse_cards("7H 7C"), LIVERPOOL)[0] is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from .cards import Card
from .errors import Problem
from .language import N_, _
from .melds import Meld, judge
from .rulesets import DEFAULT_MIN_LENGTH, USUAL_LENGTH, MeldKind, MeldSpec, RuleSet

# The kinds from the narrowest: what a flush takes, a colour meld of its colour takes too.
NARROW_FIRST = (MeldKind.SET, MeldKind.RUN, MeldKind.FLUSH, MeldKind.COLOR)


def table_rules(rules: RuleSet) -> RuleSet:
    """The rules melds on the table are judged by: where "wilds may not outnumber naturals"
    holds only when going down, a lay-off may tip a meld past it; the cap on wild cards per
    meld holds only when going down."""
    if rules.wilds_at_most_naturals and not rules.wild_limit_on_layoffs:
        rules = dataclasses.replace(rules, wilds_at_most_naturals=False)
    if rules.wilds_per_meld is not None:
        rules = dataclasses.replace(rules, wilds_per_meld=None)
    return rules


def _shortest_asked(melds: Iterable[MeldSpec]) -> dict[MeldKind, int]:
    """The shortest meld of each kind among ``melds`` (the kinds none of them asks for left out)."""
    shortest: dict[MeldKind, int] = {}
    for m in melds:
        shortest[m.kind] = min(m.min_length, shortest.get(m.kind, m.min_length))
    return shortest


def table_lengths(rules: RuleSet, round_number: int | None = None) -> dict[MeldKind, int]:
    """The fewest cards of a meld of each kind on the table: as its round's contract let it go
    down, or (no round given) as any round's did. One pass over the rounds (the referee asks
    this for every meld of a table): the usual lengths are :meth:`.RuleSet.usual_length`'s.

    >>> from .presets import TEN_PHASE
    >>> table_lengths(TEN_PHASE)[MeldKind.SET], table_lengths(TEN_PHASE, 1)[MeldKind.SET]
    (2, 3)
    >>> all(table_lengths(TEN_PHASE, 9)[k] <= TEN_PHASE.usual_length(k) for k in MeldKind)
    True
    """
    anywhere = _shortest_asked(m for spec in rules.rounds for m in spec.contract.melds)
    asked = (
        _shortest_asked(rules.round(round_number).contract.melds)
        if round_number is not None
        else anywhere
    )
    lengths = {}
    for kind in MeldKind:
        usual = USUAL_LENGTH.get(kind) or anywhere.get(kind, DEFAULT_MIN_LENGTH[kind])
        lengths[kind] = min(asked.get(kind, usual), usual)
    return lengths


def reading_order(rules: RuleSet, round_number: int | None = None) -> tuple[MeldKind, ...]:
    """The kinds a meld on the table is read as, in turn: the round's contract's first (the
    narrower first), then the rule set's others.

    >>> from .presets import TEN_PHASE
    >>> [k.value for k in reading_order(TEN_PHASE, 8)]
    ['flush', 'set', 'run']
    """
    asked = rules.round(round_number).contract.kinds if round_number is not None else ()
    played = rules.meld_kinds
    return tuple(k for k in NARROW_FIRST if k in asked) + tuple(
        k for k in NARROW_FIRST if k in played and k not in asked
    )


def read_table_meld(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind | None = None,
    *,
    round_number: int | None = None,
) -> tuple[Meld | None, str]:
    """The meld on the table (laid as ``kind``, in round ``round_number``, when known), or
    ``None`` and why it is not one. A RuleSetError when the rule set has no such round.

    The kind is taken as given, even one no contract of the rule set asks for (the referee's
    pages and API refuse such a kind before asking)."""
    rules_now = table_rules(rules)
    lengths = table_lengths(rules, round_number)
    expected = rules.round(round_number).contract.kinds if round_number is not None else ()
    if kind is not None:
        _kind, meld, problems = judge(cards, rules_now, kind, min_length=lengths[kind])
        return _meld_or_why(meld, problems)
    order = reading_order(rules, round_number)
    if order != _judges_order(order):  # else one reading of every kind does it, at half the cost
        for each in order:
            _kind, meld, problems = judge(cards, rules_now, each, min_length=lengths[each])
            if meld is not None:
                return meld, ""
    _kind, meld, problems = judge(cards, rules_now, min_length=lengths, expected=expected)
    return _meld_or_why(meld, problems)


def _judges_order(kinds: Iterable[MeldKind]) -> tuple[MeldKind, ...]:
    """The order :func:`.melds.judge` tries the rule set's ``kinds`` in when given none: a set,
    a run, then the others in the order of :class:`.MeldKind`."""
    return tuple(k for k in MeldKind if k in kinds)


def _meld_or_why(meld: Meld | None, problems: Sequence[Problem]) -> tuple[Meld | None, str]:
    if meld is not None:
        return meld, ""
    return None, _("The meld on the table is not legal: {problems}").format(
        problems=sentences(problems)
    )


def sentences(problems: Sequence[Problem]) -> str:
    """The problems' sentences, one after the other."""
    return " ".join(p.message for p in problems)


def group_words(meld: Meld) -> str:
    """What a colour meld or a flush takes: ``hearts``, ``red cards``."""
    if meld.suit is not None:
        return meld.suit.noun
    assert meld.color is not None
    return _(_COLOUR_CARDS[meld.color.value])


_COLOUR_CARDS = {"red": N_("red cards"), "black": N_("black cards")}


def is_skip(card: Card, rules: RuleSet) -> bool:
    """A joker where the jokers are Skip cards (``jokers_as_skips``): never wild, never
    melded, so never on the table in any form."""
    return rules.jokers_as_skips and card.is_joker


def skip_laid_off(card: Card, rules: RuleSet) -> str:
    """Why ``card`` is never laid off, when it is a Skip; ``""`` for any other card. (Told
    before the meld is read: whatever the meld, the answer is the same.)"""
    if not is_skip(card, rules):
        return ""
    return _("A Skip is never laid off: the jokers are Skip cards here, never melded.")


def skip_swapped(meld_cards: Sequence[Card], card: Card, rules: RuleSet) -> str:
    """Why no joker swap involves a Skip: it never takes a wild's place, and none is on the
    table to be swapped for; ``""`` when no Skip is in the question."""
    if is_skip(card, rules):
        return _(
            "A Skip never takes a wild card's place: the jokers are Skip cards here, never melded."
        )
    if any(is_skip(c, rules) for c in meld_cards):
        return _(
            "No card is swapped for a Skip: the jokers are Skip cards here, never part "
            "of a meld on the table."
        )
    return ""


__all__ = [
    "NARROW_FIRST",
    "group_words",
    "is_skip",
    "read_table_meld",
    "reading_order",
    "sentences",
    "skip_laid_off",
    "skip_swapped",
    "table_lengths",
    "table_rules",
]
