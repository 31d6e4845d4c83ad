"""The meld referee: is a group of cards a legal set or run, and what does each wild stand for?

Terms:

- A **set** is 3 or more cards of one rank. Several decks are shuffled together, so suits may
  repeat, unless the rule set says a set's cards are of different suits (then a set holds at
  most 4 cards, and a wild stands for a missing suit).
- A **run** is 4 or more cards of one suit in consecutive order (of any suits, where the rule
  set says so). Aces are low (``A 2 3 4``) or high (``J Q K A``) but never both: ``K A 2 3``
  "turns the corner" and is illegal (unless the rule set's aces wrap), so a run holds at most
  13 cards. A run's cards sit at **positions** 1 to 14, where 1 is the low ace and 14 the
  high ace (:mod:`.runs`).
- A **colour meld** is cards of one colour and a **flush** cards of one suit, any ranks,
  where a contract asks for one (:mod:`.suit_melds`).
- A **wild** is a joker, or a card of one of the rule set's wild ranks (every 2 in
  deuces-wild games). When ``wild_can_be_natural`` is set, a 2 may also stand for itself,
  and then it counts as a **natural** card: in ``AH 2H 3H 4H`` the 2 is the two of hearts.
- A wild in a run stands for one definite card: in ``8C 9C JK JC`` the joker is ``10C``.
  When a wild could go at either end, the order the cards were given in decides if it is run
  order (ascending or descending); otherwise the wild goes at the high end, or at the low end
  when the run already reaches the high ace.

The referee tries every reading of the cards (which suit or rank, aces high or low, each 2
wild or natural) and keeps the legal one with the most natural cards. When no reading is
legal it reports every problem of the reading that comes closest, each with a stable code:

``too-few-cards``, ``set-too-large``, ``run-too-long``, ``no-naturals``, ``mixed-ranks``,
``mixed-suits``, ``mixed-colors``, ``repeated-suit-in-set``, ``duplicate-card-in-run``,
``not-consecutive``, ``turns-the-corner``, ``ace-not-allowed``, ``no-place-in-run``,
``adjacent-wilds``, ``too-few-naturals``, ``too-many-wilds``, ``too-many-wilds-in-meld``.

A worked hand, Liverpool rules (a set needs 2 naturals, a run 3):

>>> from .options import with_options
>>> from .presets import LIVERPOOL, DEUCES_SIX
>>> meld = check_meld(parse_cards("8C 9C JK JC"), LIVERPOOL)
>>> meld.kind, [w.stands_for for w in meld.wilds], meld.describe()
(<MeldKind.RUN: 'run'>, ['10C'], 'run 8♣-J♣')
>>> check_meld(parse_cards("7H 7C JK"), LIVERPOOL).describe()
'set of sevens'
>>> for p in meld_problems(parse_cards("KS AS 2S 3S"), LIVERPOOL):
...     print(p.code, "|", p.message)
turns-the-corner | K♠ A♠ 2♠ 3♠ turns the corner: aces are high or low, not both.
>>> for p in meld_problems(parse_cards("7H JK JK 10H"), LIVERPOOL):
...     print(p.code, "|", p.message)
too-few-naturals | 7♥ Joker Joker 10♥ has only 2 natural cards: a run needs at least 3.

In deuces-wild games a 2 stands for itself where it can:

>>> check_meld(parse_cards("AH 2H 3H 4H"), DEUCES_SIX).wilds
()
>>> [w.stands_for for w in check_meld(parse_cards("5H 2C 7H 8H"), DEUCES_SIX).wilds]
['6H']

**Wild cards only.** A meld needs the rule set's fewest natural cards; where that is 0, wild
cards alone make a meld, one that stands for no card in particular. A set of wilds only has
no rank; a run of wilds only has no suit and no place, so it never comes too close to another
run of its contract: it is read as a run of a suit and place clear of the others. Wild cards
that may make either kind are read as a set, unless a lay-down needs them as a run
(:func:`.contract.check_contract` decides).

>>> anything_goes = with_options(LIVERPOOL, {"set_min_naturals": 0, "run_min_naturals": 0})
>>> meld = check_meld(parse_cards("JK JK JK"), anything_goes)
>>> meld.describe(), meld.rank, [w.stands_for for w in meld.wilds]
('set of wild cards', None, ['any', 'any', 'any'])
>>> check_meld(parse_cards("JK JK JK JK"), anything_goes, MeldKind.RUN).describe()
'run of wild cards'
>>> print(meld_problems(parse_cards("JK JK JK"), LIVERPOOL)[0].message)
Joker Joker Joker is all wild cards: a set needs at least 2 natural cards to say what it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence

from .budget import StepBudget, current, reading_cost
from .cards import Card, Rank, Suit, parse_cards
from .errors import Problem, RuleViolation
from .language import _, ngettext
from .meld_model import (
    HIGH_ACE,
    LOW_ACE,
    Meld,
    Reading,
    WildUse,
    and_list,
    can_be_natural,
    codes,
    is_wild,
    natural_count_problems,
    pretty,
    too_few_cards,
    wild_meld,
)
from .rulesets import DEFAULT_MIN_LENGTH, MeldKind, RuleSet
from .runs import run_readings
from .suit_melds import color_readings, flush_readings


def _read_set(cards: Sequence[Card], rules: RuleSet, rank: Rank | None, min_length: int) -> Reading:
    """The cards read as a set of ``rank`` (``None``: no natural card to name the rank)."""
    naturals, wilds, strays = _sort_for_set(cards, rules, rank)
    short = len(cards) < min_length
    problems = [
        *([too_few_cards(cards, MeldKind.SET, min_length)] if short else []),
        *_set_size_problems(cards, rules),
        *_mixed_rank_problems(cards, strays, rank),
        *_repeated_suit_problems(cards, naturals, rules),
        *natural_count_problems(
            cards, MeldKind.SET, len(naturals) + len(strays), len(wilds), rules, short=short
        ),
    ]
    meld = None
    if not problems and rank is None:
        meld = wild_meld(MeldKind.SET, cards)
    elif not problems and rank is not None:
        meld = Meld(
            kind=MeldKind.SET,
            cards=tuple(cards),
            wilds=tuple(WildUse(cards[i], rank, None) for i in wilds),
            rank=rank,
            suit=None,
            low=int(rank),
            high=int(rank),
            positions=(int(rank),) * len(cards),
            wild_indices=tuple(wilds),
        )
    return Reading(MeldKind.SET, tuple(problems), len(naturals) + len(strays), len(strays), meld)


def _sort_for_set(
    cards: Sequence[Card], rules: RuleSet, rank: Rank | None
) -> tuple[list[int], list[int], list[int]]:
    """The positions of the natural cards of ``rank``, the wilds, and the strays (naturals of
    another rank).

    A card of a wild rank is natural here only when it is of the set's own rank (a set of
    2s in deuces wild); with different suits required, a second 2 of a suit already shown is
    read as a wild instead.
    """
    naturals: list[int] = []
    wilds: list[int] = []
    strays: list[int] = []
    suits_seen: set[Suit | None] = set()
    for i, card in enumerate(cards):
        if card.rank is None:
            wilds.append(i)
        elif card.rank in rules.wild_ranks:
            natural = rules.wild_can_be_natural and card.rank == rank
            repeated = rules.set_distinct_suits and card.suit in suits_seen
            (naturals if natural and not repeated else wilds).append(i)
            if natural and not repeated:
                suits_seen.add(card.suit)
        elif card.rank == rank:
            naturals.append(i)
            suits_seen.add(card.suit)
        else:
            strays.append(i)
    return naturals, wilds, strays


def _set_size_problems(cards: Sequence[Card], rules: RuleSet) -> list[Problem]:
    if rules.set_max_cards is None or len(cards) <= rules.set_max_cards:
        return []
    message = _("{cards} is {count} cards: a set of different suits holds at most {most}.").format(
        cards=pretty(cards), count=len(cards), most=rules.set_max_cards
    )
    return [Problem("set-too-large", message, cards=codes(cards))]


def _mixed_rank_problems(
    cards: Sequence[Card], strays: list[int], rank: Rank | None
) -> list[Problem]:
    if not strays:
        return []
    assert rank is not None
    odd = [cards[i] for i in strays]
    message = ngettext(
        "{cards} mixes ranks: a set is cards of one rank, and {odd} does not match the {rank}.",
        "{cards} mixes ranks: a set is cards of one rank, and {odd} do not match the {rank}.",
        len(odd),
    ).format(cards=pretty(cards), odd=pretty(odd), rank=rank.noun)
    return [Problem("mixed-ranks", message, cards=codes(odd))]


def _repeated_suit_problems(
    cards: Sequence[Card], naturals: list[int], rules: RuleSet
) -> list[Problem]:
    if not rules.set_distinct_suits:
        return []
    suit_counts = Counter(cards[i].suit for i in naturals)
    repeated = [s for s, count in suit_counts.items() if s is not None and count > 1]
    if not repeated:
        return []
    twice = [c for c in (cards[i] for i in naturals) if c.suit in repeated]
    message = _("{cards} repeats {suits}: the cards of a set must be of different suits.").format(
        cards=pretty(cards), suits=and_list([s.symbol for s in repeated])
    )
    return [Problem("repeated-suit-in-set", message, cards=codes(twice))]


def _set_readings(
    cards: Sequence[Card], rules: RuleSet, min_length: int, budget: StepBudget
) -> Iterator[Reading]:
    ranks: list[Rank] = []
    for card in cards:
        if card.rank is not None and can_be_natural(card, rules) and card.rank not in ranks:
            ranks.append(card.rank)
    cost = reading_cost(len(cards))
    for rank in ranks:
        budget.spend(cost)
        yield _read_set(cards, rules, rank, min_length)
    if not ranks or (rules.allows_wild_only(MeldKind.SET) and all_wild(cards, rules)):
        # wild cards alone (2s that may stand for themselves may also all be wild)
        budget.spend(cost)
        yield _read_set(cards, rules, None, min_length)


def all_wild(cards: Sequence[Card], rules: RuleSet) -> bool:
    """Whether every card may be played as a wild card."""
    return all(card.rank is None or card.rank in rules.wild_ranks for card in cards)


def _best(readings: Iterator[Reading]) -> Reading:
    return min(readings, key=lambda r: r.key)


def _look_alike(cards: Sequence[Card], rules: RuleSet) -> MeldKind | None:
    """Which kind illegal cards look most like: more naturals sharing a rank (a set) or
    sharing a suit with different ranks (a run). ``None`` when it is a tie.
    """
    natural = [c for c in cards if c.rank is not None and c.rank not in rules.wild_ranks]
    if not natural:
        natural = [c for c in cards if c.rank is not None]
    if not natural:
        return None
    by_rank = Counter(c.rank for c in natural).most_common(1)[0][1]
    by_suit = max(len({c.rank for c in natural if c.suit == s}) for s in Suit)
    if by_rank == by_suit:
        return None
    return MeldKind.SET if by_rank > by_suit else MeldKind.RUN


def readings(
    cards: Sequence[Card], rules: RuleSet, kind: MeldKind, min_length: int, budget: StepBudget
) -> Iterator[Reading]:
    """Every reading of ``cards`` as a meld of ``kind``."""
    if kind == MeldKind.SET:
        return _set_readings(cards, rules, min_length, budget)
    if kind == MeldKind.RUN:
        return run_readings(cards, rules, min_length, budget)
    if kind == MeldKind.FLUSH:
        return flush_readings(cards, rules, min_length, budget)
    return color_readings(cards, rules, min_length, budget)


def judge(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind | None = None,
    *,
    min_length: int | Mapping[MeldKind, int] | None = None,
    budget: StepBudget | None = None,
    expected: Collection[MeldKind] = (),
) -> tuple[MeldKind, Meld | None, tuple[Problem, ...]]:
    """The kind the cards are (or look most like), the meld if legal, and every problem.

    Without ``kind``, the kinds in play are tried in turn (:attr:`.RuleSet.meld_kinds`: a set,
    a run, then a flush and a colour meld where some contract asks for one), and the first
    that is legal is the answer. ``min_length`` overrides the usual fewest cards
    (:meth:`.RuleSet.usual_length`: 3 for a set, 4 for a run, for a colour meld or a flush the
    shortest a contract asks for): one number, or one per kind. Each reading
    tried spends from ``budget`` (:mod:`.budget`; by default the request's). ``expected``
    are the kinds a contract asks for: illegal cards that look like a set or a run where the
    contract asks for neither, but for a colour meld or a flush, are told what is wrong with
    them as that meld (a mixed-colour group in a colour-meld round is not a bad run).
    """
    cards = tuple(cards)
    skips = skips_in_meld(cards, rules)
    if skips:
        return kind or MeldKind.SET, None, skips
    budget = current(budget)

    def least(k: MeldKind) -> int:
        if min_length is None:
            return rules.usual_length(k)
        if isinstance(min_length, int):
            return min_length
        return min_length.get(k, rules.usual_length(k))

    if kind is not None:
        best = _best(readings(cards, rules, kind, least(kind), budget))
        return kind, best.meld, best.problems
    as_set = _best(_set_readings(cards, rules, least(MeldKind.SET), budget))
    if as_set.meld is not None:
        return MeldKind.SET, as_set.meld, ()  # a group that is both (7H JK JK JK) is a set
    as_run = _best(run_readings(cards, rules, least(MeldKind.RUN), budget))
    if as_run.meld is not None:
        return MeldKind.RUN, as_run.meld, ()
    others = [
        _best(readings(cards, rules, k, least(k), budget))
        for k in rules.meld_kinds
        if k not in (MeldKind.SET, MeldKind.RUN)
    ]
    for other in others:
        if other.meld is not None:
            return other.kind, other.meld, ()
    looks = _look_alike(cards, rules)
    if looks is None:
        # A tie: the reading with fewer problems, else by length (3 cards look like a set).
        if len(as_set.problems) != len(as_run.problems):
            looks = min(as_set, as_run, key=lambda r: len(r.problems)).kind
        else:
            looks = MeldKind.SET if len(cards) < DEFAULT_MIN_LENGTH[MeldKind.RUN] else MeldKind.RUN
    chosen = as_set if looks == MeldKind.SET else as_run
    closer = [o for o in others if len(o.problems) < len(chosen.problems)]
    if looks not in expected:  # the contract asks for no such meld: only its kinds compare
        closer = [o for o in others if o.kind in expected] or closer
    if closer:  # a flush or a colour meld comes closer: one wrong card, say
        chosen = min(closer, key=lambda r: (len(r.problems), r.strays))
    return chosen.kind, None, chosen.problems


def skips_in_meld(cards: Sequence[Card], rules: RuleSet) -> tuple[Problem, ...]:
    """A joker in a meld where the jokers are Skip cards (``jokers_as_skips``): never
    melded, neither wild nor natural.

    >>> from dataclasses import replace
    >>> from .presets import TEN_PHASE
    >>> [p.message for p in skips_in_meld(parse_cards("7H 7C JK"), replace(TEN_PHASE, jokers_as_skips=True))]
    ['The jokers are Skip cards here: a Skip is never melded (7♥ 7♣ Skip).']
    """  # noqa: E501
    if not rules.jokers_as_skips or not any(card.is_joker for card in cards):
        return ()
    shown = " ".join(_("Skip") if card.is_joker else card.pretty for card in cards)
    message = _("The jokers are Skip cards here: a Skip is never melded ({cards}).").format(
        cards=shown
    )
    return (Problem("skip-in-meld", message, cards=tuple(str(c) for c in cards if c.is_joker)),)


# --- the public referee ----------------------------------------------------------------------


def meld_problems(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind | None = None,
    *,
    min_length: int | None = None,
) -> list[Problem]:
    """Every problem with ``cards`` as a meld (of ``kind``, or of whichever kind fits).

    An empty list means the meld is legal.

    >>> from .presets import DEUCES_SIX
    >>> [p.code for p in meld_problems(parse_cards("8H 2C 2D"), DEUCES_SIX)]
    ['too-few-naturals']
    >>> [p.code for p in meld_problems(parse_cards("8H 8H 8C JK JK"), DEUCES_SIX, MeldKind.SET)]
    ['set-too-large', 'repeated-suit-in-set']
    """
    return list(judge(cards, rules, kind, min_length=min_length)[2])


def check_meld(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind | None = None,
    *,
    min_length: int | None = None,
) -> Meld:
    """The meld ``cards`` make, or a RuleViolation listing every problem.

    >>> from .presets import LIVERPOOL
    >>> check_meld(parse_cards("7H 8H JK 10H"), LIVERPOOL).wilds[0].stands_for
    '9H'
    >>> check_meld(parse_cards("7H JK JK"), LIVERPOOL)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RuleViolation: 7♥ Joker Joker has only 1 natural card: a set needs at least 2.
    """  # noqa: E501
    _kind, meld, problems = judge(cards, rules, kind, min_length=min_length)
    if meld is None:
        raise RuleViolation(problems)
    return meld


def classify(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind | None = None,
    *,
    min_length: int | None = None,
) -> Meld | None:
    """The meld ``cards`` make, or ``None`` if they are not a legal meld.

    >>> from .presets import LIVERPOOL
    >>> classify(parse_cards("JH QH KH AH"), LIVERPOOL).describe()
    'run J♥-A♥'
    >>> classify(parse_cards("QH KH AH 2H"), LIVERPOOL) is None
    True
    """
    return judge(cards, rules, kind, min_length=min_length)[1]


def is_set(cards: Sequence[Card], rules: RuleSet) -> bool:
    """Are ``cards`` a legal set?"""
    return classify(cards, rules, MeldKind.SET) is not None


def is_run(cards: Sequence[Card], rules: RuleSet) -> bool:
    """Are ``cards`` a legal run?"""
    return classify(cards, rules, MeldKind.RUN) is not None


__all__ = [
    "HIGH_ACE",
    "LOW_ACE",
    "Meld",
    "WildUse",
    "can_be_natural",
    "check_meld",
    "classify",
    "is_run",
    "is_set",
    "is_wild",
    "judge",
    "meld_problems",
    "parse_cards",
]
