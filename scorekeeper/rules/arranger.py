"""The arranger: can these cards make the round's contract, and how?

Terms:

- An **arrangement** lays the contract's melds out of a hand: one meld per contract meld,
  in contract order (a run's cards in run order, each wild in the place it stands for),
  then any **extra** melds (only in an all-out round of a rule set that allows them), and
  the **leftover** cards. In an all-out round every card goes into the melds.
- In a round with a discard the arrangement shown keeps a card to discard when some way
  does; with ``keep_card_to_discard`` a way that keeps none does not count.
- The arranger is **exact**: when it says a contract is impossible, no arrangement exists
  under the rule set (it is checked against :mod:`.bruteforce`, a plain enumerator, and
  every arrangement it returns is accepted by :func:`.contract.check_contract`).

The pieces: :mod:`.solver_model` (the hand as counts, the rules as the search needs them),
:mod:`.meld_choices` (the melds that can start at a card; :mod:`.group_choices` for colour
melds, flushes and runs of any suits, turning the corner, with holes, wilds apart or capped
per meld), :mod:`.search_state` (where
the search stands), :mod:`.contract_search` (the depth-first search), :mod:`.prunings`
(what only makes it faster), :mod:`.solver` (the questions about one hand, on one
budget), :mod:`.arrangement_reasons` (why not, asked of the same search). This module turns
the search's answer back into cards.

A worked hand, Liverpool round 6 (1 set and 2 runs):

>>> from .cards import parse_cards
>>> from .presets import LIVERPOOL
>>> hand = parse_cards("7H 7C JK 3S 4S 5S 6S 9D 10D JD QD 2C")
>>> arrangement = arrange(LIVERPOOL, 6, hand)
>>> arrangement.possible
True
>>> [format_cards(m.cards) for m in arrangement.melds]
['7H 7C JK', '3S 4S 5S 6S', '9D 10D JD QD']
>>> format_cards(arrangement.leftover)
'2C'
>>> print(arrange(LIVERPOOL, 3, parse_cards("3S 4S 5S 6S 9D 10D 7H 8C")).reason)
No way to make 2 runs: only spades have 3 or more natural cards close enough together for a run of 4 (with no wild card), and spades alone cannot hold two runs here.
"""  # noqa: E501

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial

from .arrangement_reasons import explain
from .budget import StepBudget, current
from .cards import Card, Rank, format_cards
from .contract_search import Solution, SolvedMeld
from .group_choices import GroupChoice
from .meld_choices import RunChoice, SetChoice
from .prunings import ALL, Prunings
from .rulesets import MeldKind, RuleSet
from .solver import Solver
from .solver_model import SUITS, HandCounts, SearchRules, card_at


@dataclass(frozen=True)
class ArrangedMeld:
    """One meld of an arrangement: its kind and its cards (a run's in run order)."""

    kind: MeldKind
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Arrangement:
    """The arranger's answer.

    ``melds`` has one meld per contract meld, in contract order, then any extra melds;
    ``leftover`` is every card not laid down (empty in an all-out round). When ``possible``
    is false, ``melds`` is empty, ``leftover`` is the whole hand and :attr:`reason` says
    what is missing.
    """

    possible: bool
    melds: tuple[ArrangedMeld, ...]
    leftover: tuple[Card, ...]
    why_not: Callable[[], str] = field(default=str, compare=False, repr=False)

    @cached_property
    def reason(self) -> str:
        """Why the hand cannot make the contract ("" when it can), worked out when first read:
        it asks the search several smaller questions (:mod:`.arrangement_reasons`), which
        take longer than the answer itself, and many callers never read it. It spends from
        the budget :func:`arrange` was given, else from the one active when it is read
        (:class:`~.budget.TooHard` past it)."""
        return self.why_not()


def arrange(
    rules: RuleSet,
    round_number: int,
    cards: Sequence[Card],
    *,
    budget: StepBudget | None = None,
    prunings: Prunings = ALL,
) -> Arrangement:
    """Lay out the contract of round ``round_number`` from ``cards``, or say why not.

    The search and the reason why not spend from ``budget`` (by default the request's,
    :func:`.budget.current`); past it, a :class:`~.budget.TooHard` says the question is
    too much work. ``prunings`` switches the search's speed tricks off (for the benchmark
    and the tests: the answer is the same).

    >>> from .cards import parse_cards
    >>> from .presets import CONTRACT_RUMMY, DEUCES_SIX
    >>> a = arrange(DEUCES_SIX, 6, parse_cards("7H 7C 2S 3D 4D 5D 6D 9S 10S JS QS 2D"))
    >>> a.possible, [format_cards(m.cards) for m in a.melds], a.leftover
    (True, ['7H 7C 2S', '9S 10S JS QS', '2D 3D 4D 5D 6D'], ())
    >>> print(arrange(CONTRACT_RUMMY, 7, parse_cards("3S 4S 5S 6S 9D 10D JD QD 5C 6C 7C 8C KH")).reason)
    No way to use every card: round 7 is all out, and K♥ fits in no meld.
    """  # noqa: E501
    hand, skips = _without_skips(tuple(cards), rules)
    search = SearchRules.of(rules, round_number)
    counts = HandCounts.of(hand, rules)
    solver = Solver(budget, prunings)
    solution = _best_solution(solver, search, counts)
    if solution is None:
        return Arrangement(
            False, (), hand + skips, partial(_why_not, rules, round_number, hand, solver, budget)
        )
    melds, leftover = _to_cards(solution, hand, rules)
    return Arrangement(True, melds, leftover + skips)


def _without_skips(
    hand: tuple[Card, ...], rules: RuleSet
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand the search may meld, and the jokers it may not: where the jokers are Skip
    cards (``jokers_as_skips``) they are never melded, so they are left over before the
    search starts (the one place the arranger reads that option; the search itself would
    take a joker for a wild card).

    >>> from dataclasses import replace
    >>> from .cards import parse_cards
    >>> from .presets import TEN_PHASE
    >>> _without_skips(parse_cards("7H JK 8C"), replace(TEN_PHASE, jokers_as_skips=True))
    ((Card.parse('7H'), Card.parse('8C')), (Card.parse('JK'),))
    """
    if not rules.jokers_as_skips:
        return hand, ()
    return (
        tuple(card for card in hand if not card.is_joker),
        tuple(card for card in hand if card.is_joker),
    )


def _why_not(
    rules: RuleSet,
    round_number: int,
    hand: tuple[Card, ...],
    solver: Solver,
    budget: StepBudget | None,
) -> str:
    """The reason, asked of the same search; from ``budget``, or, if none was given, the
    budget active when it is read (a fresh one if none is: its deadline runs from then)."""
    solver.budget = current(budget)
    return explain(rules, round_number, hand, solver)


def _best_solution(solver: Solver, search: SearchRules, counts: HandCounts) -> Solution | None:
    """A solution, one that keeps a card to discard when the round has a discard and some
    solution does (required with ``keep_card_to_discard``)."""
    if search.keep_discard:
        return solver.solve(search, counts, must_leave=True)
    found = solver.solve(search, counts)
    if found is None or search.all_out or _cards_used(found) < counts.size:
        return found
    return solver.solve(search, counts, must_leave=True) or found


def _cards_used(solution: Solution) -> int:
    total = 0
    for meld in solution.melds:
        total += meld.wilds
        if isinstance(meld.shape, SetChoice):
            total += sum(meld.shape.taken)
        elif isinstance(meld.shape, RunChoice | GroupChoice):
            total += len(meld.shape.taken)
    return total


# --- from counts back to cards -------------------------------------------------------------------


def _to_cards(
    solution: Solution, hand: tuple[Card, ...], rules: RuleSet
) -> tuple[tuple[ArrangedMeld, ...], tuple[Card, ...]]:
    """The melds as cards, and the leftover in the hand's order (the first copies of a card
    stay in hand: copies are interchangeable)."""
    wilds = _wild_cards(solution, hand, rules)
    melds = tuple(_meld_cards(meld, wilds) for meld in solution.melds)
    left = Counter(hand)
    left.subtract(c for m in melds for c in m.cards)
    leftover: list[Card] = []
    for card in hand:
        if left[card] > 0:
            left[card] -= 1
            leftover.append(card)
    return melds, tuple(leftover)


def _wild_cards(solution: Solution, hand: tuple[Card, ...], rules: RuleSet) -> list[Card]:
    """The cards played as wilds: jokers first, then wild-rank cards that cannot stand for
    themselves, then the dual cards the search made wild."""
    jokers = [c for c in hand if c.rank is None]
    fixed = (
        [c for c in hand if c.rank is not None and c.rank in rules.wild_ranks]
        if not rules.wild_can_be_natural
        else []
    )
    dual = [Card(Rank(c // 4 + 1), SUITS[c % 4]) for c in solution.wild_cells]
    return jokers + fixed + dual


def _meld_cards(meld: SolvedMeld, wilds: list[Card]) -> ArrangedMeld:
    shape = meld.shape
    if isinstance(shape, SetChoice):
        naturals = [
            Card(Rank(shape.rank), SUITS[t]) for t, n in enumerate(shape.taken) for _ in range(n)
        ]
        cards = naturals + [_pick_wild(wilds, None) for _ in range(meld.wilds)]
    elif isinstance(shape, RunChoice):
        cards = [
            card_at(p, shape.suit) if p in shape.taken else _pick_wild(wilds, shape.suit)
            for p in range(shape.low, shape.high + 1)
        ]
    elif isinstance(shape, GroupChoice):
        cards = [
            _cell_card(c) if c is not None else _pick_wild(wilds, shape.suit) for c in shape.cells
        ]
    else:
        cards = [_pick_wild(wilds, None) for _ in range(meld.wilds)]
    return ArrangedMeld(meld.kind, tuple(cards))


def _cell_card(at: int) -> Card:
    return Card(Rank(at // 4 + 1), SUITS[at % 4])


def _pick_wild(wilds: list[Card], suit: int | None) -> Card:
    """The next wild, one not of the run's own suit when there is one (a 2 of the run's
    suit could be read as standing for itself)."""
    for i, card in enumerate(wilds):
        if suit is None or card.suit is None or card.suit != SUITS[suit]:
            return wilds.pop(i)
    return wilds.pop(0)


__all__ = ["ArrangedMeld", "Arrangement", "arrange", "format_cards"]
