"""The meld referee: is a group of cards a legal set or run, and what does each wild stand for?

Terms:

- A **set** is 3 or more cards of one rank. Several decks are shuffled together, so suits may
  repeat, unless the rule set says a set's cards are of different suits (then a set holds at
  most 4 cards, and a wild stands for a missing suit).
- A **run** is 4 or more cards of one suit in consecutive order. Aces are low (``A 2 3 4``)
  or high (``J Q K A``) but never both: ``K A 2 3`` "turns the corner" and is illegal, so a
  run holds at most 13 cards. A run's cards sit at **positions** 1 to 14, where 1 is the low
  ace and 14 the high ace.
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
``mixed-suits``, ``repeated-suit-in-set``, ``duplicate-card-in-run``, ``not-consecutive``,
``turns-the-corner``, ``too-few-naturals``, ``too-many-wilds``.

A worked hand, Liverpool rules (a set needs 2 naturals, a run 3):

>>> from .rulesets import LIVERPOOL, DEUCES_SIX
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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .cards import Card, Rank, Suit, format_cards, parse_cards
from .errors import Problem, RuleViolation
from .rulesets import DEFAULT_MIN_LENGTH, MAX_RUN_LENGTH, MeldKind, RuleSet, number_word

LOW_ACE = 1
HIGH_ACE = 14
SET_SUITS = len(Suit)


# --- what the referee hands back -------------------------------------------------------------


@dataclass(frozen=True)
class WildUse:
    """What one wild card stands for.

    ``suit`` is ``None`` in a set, where a wild stands for the rank only. ``high_ace`` is true
    when the wild is an ace above the king.
    """

    card: Card
    rank: Rank
    suit: Suit | None
    high_ace: bool = False

    @property
    def stands_for(self) -> str:
        """``"10C"``, ``"AH"``, or for a set the rank alone: ``"7"``.

        >>> WildUse(Card.parse("JK"), Rank.TEN, Suit.CLUBS).stands_for
        '10C'
        >>> WildUse(Card.parse("JK"), Rank.SEVEN, None).stands_for
        '7'
        """
        if self.suit is None:
            return self.rank.label
        return str(Card(self.rank, self.suit))

    @property
    def position(self) -> int:
        """The run position this wild fills (14 for a high ace)."""
        return HIGH_ACE if self.high_ace else int(self.rank)

    @property
    def pretty(self) -> str:
        """``"10♣"``, or for a set ``"7"``."""
        if self.suit is None:
            return self.rank.label
        return Card(self.rank, self.suit).pretty


@dataclass(frozen=True)
class Meld:
    """A legal meld, as the referee understood it.

    ``cards`` are as given; ``wilds`` has one entry per wild card, in the order the wilds
    appear in ``cards``. A set has its ``rank`` and ``low == high == rank``; a run has its
    ``suit`` and the positions ``low`` to ``high`` (1..14, 14 = high ace). ``positions`` gives
    each card's position (for a set, every card's is the rank) and ``wild_indices`` the index
    in ``cards`` of each wild.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    wilds: tuple[WildUse, ...]
    rank: Rank | None
    suit: Suit | None
    low: int
    high: int
    positions: tuple[int, ...] = ()
    wild_indices: tuple[int, ...] = ()

    @property
    def naturals(self) -> int:
        """How many cards stand for themselves."""
        return len(self.cards) - len(self.wilds)

    def __len__(self) -> int:
        return len(self.cards)

    def card_positions(self) -> tuple[int, ...]:
        """The position of each card in ``cards``."""
        if len(self.positions) == len(self.cards):
            return self.positions
        if self.kind == MeldKind.SET:
            return (self.low,) * len(self.cards)
        # Rebuilt when a caller made the Meld by hand: naturals at their ranks, wilds in order.
        wild_at = self.wild_indices or _guess_wild_indices(self)
        places = dict(zip(wild_at, (w.position for w in self.wilds), strict=False))
        return tuple(
            places[i] if i in places else _natural_position(card, self.high == HIGH_ACE)
            for i, card in enumerate(self.cards)
        )

    def ordered(self) -> tuple[Card, ...]:
        """The cards in run order, low to high, wilds in their places (a set: as given).

        >>> from .rulesets import LIVERPOOL
        >>> format_cards(check_meld(parse_cards("JC JK 8C 9C"), LIVERPOOL).ordered())
        '8C 9C JK JC'
        """
        if self.kind == MeldKind.SET:
            return self.cards
        order = sorted(range(len(self.cards)), key=lambda i: (self.card_positions()[i], i))
        return tuple(self.cards[i] for i in order)

    def describe(self) -> str:
        """``"set of sevens"`` or ``"run 7♥-10♥"``."""
        if self.kind == MeldKind.SET:
            assert self.rank is not None
            return f"set of {self.rank.noun}"
        return f"run {self.span_text()}"

    def span_text(self) -> str:
        """A run's first and last card, ``"7♥-10♥"``; a set's rank noun."""
        if self.suit is None:
            return self.rank.noun if self.rank is not None else ""
        first = Card(_rank_at(self.low), self.suit).pretty
        last = Card(_rank_at(self.high), self.suit).pretty
        return f"{first}-{last}"


def _guess_wild_indices(meld: Meld) -> tuple[int, ...]:
    """Indices of the wild cards, matched by card in order (for hand-built melds)."""
    found: list[int] = []
    start = 0
    for use in meld.wilds:
        for i in range(start, len(meld.cards)):
            if meld.cards[i] == use.card:
                found.append(i)
                start = i + 1
                break
    return tuple(found)


# --- small pure predicates -------------------------------------------------------------------


def is_wild(card: Card, rules: RuleSet) -> bool:
    """Jokers are always wild; so is every card of a wild rank (2s in deuces-wild games).

    >>> from .rulesets import LIVERPOOL, DEUCES_SIX
    >>> is_wild(Card.parse("2H"), LIVERPOOL), is_wild(Card.parse("2H"), DEUCES_SIX)
    (False, True)
    """
    return card.rank is None or card.rank in rules.wild_ranks


def can_be_natural(card: Card, rules: RuleSet) -> bool:
    """A card that may stand for itself: any non-wild card, or a wild-rank card when allowed."""
    if card.rank is None:
        return False
    return card.rank not in rules.wild_ranks or rules.wild_can_be_natural


def _rank_at(position: int) -> Rank:
    """The rank at a run position: 1 and 14 are both the ace."""
    return Rank.ACE if position == HIGH_ACE else Rank(position)


def _natural_position(card: Card, ace_high: bool) -> int:
    assert card.rank is not None
    if card.rank == Rank.ACE and ace_high:
        return HIGH_ACE
    return int(card.rank)


def _pretty(cards: Sequence[Card]) -> str:
    return _pretty_tuple(tuple(cards))


def _codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return _codes_tuple(tuple(cards))


# Every reading the referee tries names the same cards: format each group once.
@lru_cache(maxsize=4096)
def _pretty_tuple(cards: tuple[Card, ...]) -> str:
    return format_cards(cards, pretty=True) if cards else "No cards"


@lru_cache(maxsize=4096)
def _codes_tuple(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _and_list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --- readings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Reading:
    """One way of understanding the cards, with what is wrong under it."""

    kind: MeldKind
    problems: tuple[Problem, ...]
    naturals: int  # cards standing for themselves, including off-rank or off-suit ones
    strays: int  # naturals of another rank (sets) or suit (runs)
    meld: Meld | None
    in_order: bool = False  # the cards were given in this reading's run order

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Fewer problems first, then fewer strays, then more naturals, then the reading that
        matches the order the cards were given in (``2H 3H ... KH AH``: the ace is high)."""
        return (len(self.problems), self.strays, -self.naturals, int(not self.in_order))


def _too_few_cards(cards: Sequence[Card], kind: MeldKind, min_length: int) -> Problem:
    if not cards:
        return Problem("too-few-cards", f"No cards: a {kind} needs at least {min_length}.")
    return Problem(
        "too-few-cards",
        f"{_pretty(cards)} is too few cards for a {kind}: a {kind} needs at least {min_length}.",
        cards=_codes(cards),
    )


def _natural_count_problems(
    cards: Sequence[Card],
    kind: MeldKind,
    naturals: int,
    wilds: int,
    rules: RuleSet,
    *,
    short: bool,
) -> list[Problem]:
    """Minimum naturals and, if the house rule says so, no more wilds than naturals.

    ``7H JK JK`` has one natural: too few for a set, which needs two.
    """
    problems: list[Problem] = []
    least = rules.set_min_naturals if kind == MeldKind.SET else rules.run_min_naturals
    if not cards:
        return problems
    if naturals == 0:
        problems.append(
            Problem(
                "no-naturals",
                f"{_pretty(cards)} is all wild cards: a {kind} needs at least {least} natural "
                "cards to say what it is.",
                cards=_codes(cards),
            )
        )
        return problems
    if naturals < least and not (short and wilds == 0):  # 8H 9H: "too few cards" says it all
        problems.append(
            Problem(
                "too-few-naturals",
                f"{_pretty(cards)} has only {_plural(naturals, 'natural card')}: a {kind} needs "
                f"at least {least}.",
                cards=_codes(cards),
            )
        )
    if rules.wilds_at_most_naturals and wilds > naturals:
        problems.append(
            Problem(
                "too-many-wilds",
                f"{_pretty(cards)} has more wild cards ({wilds}) than natural cards "
                f"({naturals}): wild cards may not outnumber natural ones.",
                cards=_codes(cards),
            )
        )
    return problems


def _read_set(
    cards: Sequence[Card], rules: RuleSet, rank: Rank | None, min_length: int
) -> _Reading:
    """The cards read as a set of ``rank`` (``None``: no natural card to name the rank).

    A card of a wild rank is natural here only when it is of the set's own rank (a set of
    2s in deuces wild); with different suits required, a second 2 of a suit already shown is
    read as a wild instead.
    """
    naturals: list[int] = []
    wilds: list[int] = []
    strays: list[int] = []
    suits_seen: set[Suit] = set()
    for i, card in enumerate(cards):
        if card.rank is None:
            wilds.append(i)
        elif card.rank in rules.wild_ranks:
            natural = rules.wild_can_be_natural and card.rank == rank
            if natural and rules.set_distinct_suits and card.suit in suits_seen:
                natural = False
            if natural:
                naturals.append(i)
                assert card.suit is not None
                suits_seen.add(card.suit)
            else:
                wilds.append(i)
        elif card.rank == rank:
            naturals.append(i)
            assert card.suit is not None
            suits_seen.add(card.suit)
        else:
            strays.append(i)

    problems: list[Problem] = []
    n = len(cards)
    if n < min_length:
        problems.append(_too_few_cards(cards, MeldKind.SET, min_length))
    if rules.set_max_cards is not None and n > rules.set_max_cards:
        problems.append(
            Problem(
                "set-too-large",
                f"{_pretty(cards)} is {n} cards: a set of different suits holds at most "
                f"{rules.set_max_cards}.",
                cards=_codes(cards),
            )
        )
    if strays:
        assert rank is not None
        odd = [cards[i] for i in strays]
        verb = "does" if len(odd) == 1 else "do"
        problems.append(
            Problem(
                "mixed-ranks",
                f"{_pretty(cards)} mixes ranks: a set is cards of one rank, and "
                f"{_pretty(odd)} {verb} not match the {rank.noun}.",
                cards=_codes(odd),
            )
        )
    if rules.set_distinct_suits:
        suit_counts = Counter(cards[i].suit for i in naturals)
        repeated = [s for s, count in suit_counts.items() if s is not None and count > 1]
        if repeated:
            twice = [c for c in (cards[i] for i in naturals) if c.suit in repeated]
            problems.append(
                Problem(
                    "repeated-suit-in-set",
                    f"{_pretty(cards)} repeats {_and_list([s.symbol for s in repeated])}: the "
                    "cards of a set must be of different suits.",
                    cards=_codes(twice),
                )
            )
    problems.extend(
        _natural_count_problems(
            cards,
            MeldKind.SET,
            len(naturals) + len(strays),
            len(wilds),
            rules,
            short=n < min_length,
        )
    )
    meld = None
    if not problems and rank is not None:
        meld = Meld(
            kind=MeldKind.SET,
            cards=tuple(cards),
            wilds=tuple(WildUse(cards[i], rank, None) for i in wilds),
            rank=rank,
            suit=None,
            low=int(rank),
            high=int(rank),
            positions=(int(rank),) * n,
            wild_indices=tuple(wilds),
        )
    return _Reading(MeldKind.SET, tuple(problems), len(naturals) + len(strays), len(strays), meld)


def _read_run(
    cards: Sequence[Card],
    rules: RuleSet,
    suit: Suit | None,
    ace_high: bool,
    natural_wild_ranks: frozenset[Rank],
    min_length: int,
) -> _Reading:
    """The cards read as a run of ``suit``, aces high or low.

    Cards of a wild rank in ``natural_wild_ranks`` and of the run's suit stand for
    themselves (the first of each; a second copy is wild). Off-suit naturals are reported as
    mixed suits and otherwise treated as filling a gap, so one wrong card is one problem.
    """
    n = len(cards)
    position: dict[int, int] = {}  # index of a natural of the run's suit -> its position
    wilds: list[int] = []
    strays: list[int] = []
    claimed: set[Rank] = set()
    for i, card in enumerate(cards):
        if card.rank is None:
            wilds.append(i)
        elif card.rank in rules.wild_ranks:
            if card.suit == suit and card.rank in natural_wild_ranks and card.rank not in claimed:
                claimed.add(card.rank)
                position[i] = _natural_position(card, ace_high)
            else:
                wilds.append(i)
        elif card.suit == suit:
            position[i] = _natural_position(card, ace_high)
        else:
            strays.append(i)

    problems: list[Problem] = []
    if n < min_length:
        problems.append(_too_few_cards(cards, MeldKind.RUN, min_length))
    if n > MAX_RUN_LENGTH:
        problems.append(
            Problem(
                "run-too-long",
                f"{_pretty(cards)} is {n} cards: a run holds at most {MAX_RUN_LENGTH}, since aces "
                "are high or low, not both.",
                cards=_codes(cards),
            )
        )
    if strays:
        assert suit is not None
        odd = [cards[i] for i in strays]
        what = f"is not a {suit.noun[:-1]}" if len(odd) == 1 else f"are not {suit.noun}"
        problems.append(
            Problem(
                "mixed-suits",
                f"{_pretty(cards)} mixes suits: a run is cards of one suit, and {_pretty(odd)} "
                f"{what}.",
                cards=_codes(odd),
            )
        )
    counts = Counter(position.values())
    doubled = sorted(p for p, count in counts.items() if count > 1)
    for p in doubled:
        assert suit is not None
        twice = Card(_rank_at(p), suit)
        times = "twice" if counts[p] == 2 else f"{number_word(counts[p])} times"
        problems.append(
            Problem(
                "duplicate-card-in-run",
                f"{_pretty(cards)} holds {twice.pretty} {times}: a run has one card of each rank.",
                cards=(str(twice),),
            )
        )
    places = sorted(counts)
    fillers = len(wilds) + len(strays)
    if places and suit is not None:
        missing = [p for p in range(places[0], places[-1] + 1) if p not in counts]
        if len(missing) > fillers:
            problems.append(_gap_problem(cards, places, missing, fillers, n, suit))
    naturals = len(position) + len(strays)
    problems.extend(
        _natural_count_problems(
            cards, MeldKind.RUN, naturals, len(wilds), rules, short=n < min_length
        )
    )
    meld = None
    in_order = False
    if not problems and suit is not None:
        meld = _place_run(cards, suit, position, wilds)
        in_order = _places_in_given_order(n, position) is not None
    return _Reading(MeldKind.RUN, tuple(problems), naturals, len(strays), meld, in_order)


def _gap_problem(
    cards: Sequence[Card],
    places: Sequence[int],
    missing: Sequence[int],
    fillers: int,
    n: int,
    suit: Suit,
) -> Problem:
    """Either the run turns the corner (``K A 2 3``) or it simply has holes (``7 8 10 J``)."""
    if _fits_around_the_corner(places, n):
        return Problem(
            "turns-the-corner",
            f"{_pretty(cards)} turns the corner: aces are high or low, not both.",
            cards=_codes(cards),
        )
    holes = [Card(_rank_at(p), suit) for p in missing]
    shown = _pretty(holes) if len(holes) <= 4 else f"{len(holes)} cards"
    verb = "is" if len(holes) == 1 and len(holes) <= 4 else "are"
    if fillers == 0:
        fill = "and there is no wild card to fill the gap"
    else:
        fill = f"and only {_plural(fillers, 'wild card')} to fill the gaps"
    return Problem(
        "not-consecutive",
        f"{_pretty(cards)} is not consecutive: {shown} {verb} missing, {fill}.",
        cards=_codes(holes),
    )


def _fits_around_the_corner(places: Sequence[int], n: int) -> bool:
    """Would the cards make a run if the king were followed by the ace and then the 2?

    ``K A 2 3``: ranks 13, 1, 2, 3 fit a window of 4 going round the corner.
    """
    if n > MAX_RUN_LENGTH:
        return False
    ranks = {int(_rank_at(p)) % 13 for p in places}  # the king is 0, the ace 1
    return any(all((r - start) % 13 < n for r in ranks) for start in range(13))


def _place_run(
    cards: Sequence[Card], suit: Suit, position: dict[int, int], wilds: Sequence[int]
) -> Meld:
    """Give each wild its position, and build the Meld.

    If the cards were given in run order (ascending or descending) every wild's place
    follows from its index: ``7H 8H 9H JK`` puts the joker at 10, ``JK 7H 8H 9H`` at 6.
    Otherwise wilds fill the gaps, then the high end, then (past the high ace) the low end.
    """
    n = len(cards)
    places = _places_in_given_order(n, position)
    if places is None:
        taken = sorted(position.values())
        free = [p for p in range(taken[0], taken[-1] + 1) if p not in position.values()]
        extra = len(wilds) - len(free)
        high = taken[-1]
        while extra and high < HIGH_ACE:
            high += 1
            free.append(high)
            extra -= 1
        low = taken[0]
        while extra and low > LOW_ACE:
            low -= 1
            free.append(low)
            extra -= 1
        assert not extra, "a legal run of at most 13 cards always has room for its wilds"
        places = dict(position)
        places.update(zip(wilds, sorted(free), strict=True))
    uses = tuple(WildUse(cards[i], _rank_at(places[i]), suit, places[i] == HIGH_ACE) for i in wilds)
    return Meld(
        kind=MeldKind.RUN,
        cards=tuple(cards),
        wilds=uses,
        rank=None,
        suit=suit,
        low=min(places.values()),
        high=max(places.values()),
        positions=tuple(places[i] for i in range(n)),
        wild_indices=tuple(wilds),
    )


def _places_in_given_order(n: int, position: dict[int, int]) -> dict[int, int] | None:
    """Every card's position if the naturals sit in run order, ascending or descending."""
    for step in (1, -1):
        starts = {p - step * i for i, p in position.items()}
        if len(starts) != 1:
            continue
        start = starts.pop()
        end = start + step * (n - 1)
        if min(start, end) >= LOW_ACE and max(start, end) <= HIGH_ACE:
            return {i: start + step * i for i in range(n)}
    return None


def _set_readings(cards: Sequence[Card], rules: RuleSet, min_length: int) -> Iterator[_Reading]:
    ranks: list[Rank] = []
    for card in cards:
        if card.rank is not None and can_be_natural(card, rules) and card.rank not in ranks:
            ranks.append(card.rank)
    if not ranks:
        yield _read_set(cards, rules, None, min_length)
    for rank in ranks:
        yield _read_set(cards, rules, rank, min_length)


def _run_readings(cards: Sequence[Card], rules: RuleSet, min_length: int) -> Iterator[_Reading]:
    suits: list[Suit] = []
    for card in cards:
        if card.suit is not None and can_be_natural(card, rules) and card.suit not in suits:
            suits.append(card.suit)
    if not suits:
        yield _read_run(cards, rules, None, False, frozenset(), min_length)
    has_ace = any(c.rank == Rank.ACE for c in cards)
    for suit in suits:
        flexible = sorted(
            {
                c.rank
                for c in cards
                if c.suit == suit and c.rank in rules.wild_ranks and rules.wild_can_be_natural
            }
        )
        for size in range(len(flexible), -1, -1):
            for chosen in combinations(flexible, size):
                for ace_high in (False, True) if has_ace else (False,):
                    yield _read_run(cards, rules, suit, ace_high, frozenset(chosen), min_length)


def _best(readings: Iterator[_Reading]) -> _Reading:
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


def judge(
    cards: Sequence[Card],
    rules: RuleSet,
    kind: MeldKind | None = None,
    *,
    min_length: int | Mapping[MeldKind, int] | None = None,
) -> tuple[MeldKind, Meld | None, tuple[Problem, ...]]:
    """The kind the cards are (or look most like), the meld if legal, and every problem.

    ``min_length`` overrides the usual fewest cards (3 for a set, 4 for a run): one number,
    or one per kind.
    """
    cards = tuple(cards)

    def least(k: MeldKind) -> int:
        if min_length is None:
            return DEFAULT_MIN_LENGTH[k]
        if isinstance(min_length, int):
            return min_length
        return min_length.get(k, DEFAULT_MIN_LENGTH[k])

    if kind is not None:
        readings = (
            _set_readings(cards, rules, least(kind))
            if kind == MeldKind.SET
            else _run_readings(cards, rules, least(kind))
        )
        best = _best(readings)
        return kind, best.meld, best.problems
    as_set = _best(_set_readings(cards, rules, least(MeldKind.SET)))
    if as_set.meld is not None:
        return MeldKind.SET, as_set.meld, ()  # a group that is both (7H JK JK JK) is a set
    as_run = _best(_run_readings(cards, rules, least(MeldKind.RUN)))
    if as_run.meld is not None:
        return MeldKind.RUN, as_run.meld, ()
    looks = _look_alike(cards, rules)
    if looks is None:
        # A tie: the reading with fewer problems, else by length (3 cards look like a set).
        if len(as_set.problems) != len(as_run.problems):
            looks = min(as_set, as_run, key=lambda r: len(r.problems)).kind
        else:
            looks = MeldKind.SET if len(cards) < DEFAULT_MIN_LENGTH[MeldKind.RUN] else MeldKind.RUN
    chosen = as_set if looks == MeldKind.SET else as_run
    return chosen.kind, None, chosen.problems


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

    >>> from .rulesets import DEUCES_SIX
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

    >>> from .rulesets import LIVERPOOL
    >>> check_meld(parse_cards("7H 8H JK 10H"), LIVERPOOL).wilds[0].stands_for
    '9H'
    >>> check_meld(parse_cards("7H JK JK"), LIVERPOOL)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RuleViolation: 7♥ Joker Joker has only 1 natural card: a set needs at least 2.
    """  # noqa: E501
    _, meld, problems = judge(cards, rules, kind, min_length=min_length)
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

    >>> from .rulesets import LIVERPOOL
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
