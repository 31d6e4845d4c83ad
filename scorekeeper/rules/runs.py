"""Reading cards as a run: one suit in consecutive order, aces low or high but never both,
each wild placed at the one position it stands for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from .budget import StepBudget, current, reading_cost
from .cards import Card, Rank, Suit
from .errors import Problem
from .meld_model import (
    HIGH_ACE,
    LOW_ACE,
    Meld,
    Reading,
    WildUse,
    can_be_natural,
    codes,
    natural_count_problems,
    natural_position,
    plural,
    pretty,
    rank_at,
    too_few_cards,
    wild_meld,
)
from .rulesets import MAX_RUN_LENGTH, Aces, MeldKind, RuleSet, number_word


def _read_run(
    cards: Sequence[Card],
    rules: RuleSet,
    suit: Suit | None,
    ace_high: bool,
    natural_wild_ranks: frozenset[Rank],
    min_length: int,
) -> Reading:
    """The cards read as a run of ``suit``, aces high or low.

    Cards of a wild rank in ``natural_wild_ranks`` and of the run's suit stand for
    themselves (the first of each; a second copy is wild). Off-suit naturals are reported as
    mixed suits and otherwise treated as filling a gap, so one wrong card is one problem.
    """
    n = len(cards)
    position, wilds, strays = _sort_for_run(cards, rules, suit, ace_high, natural_wild_ranks)
    counts = Counter(position.values())
    short = n < min_length
    naturals = len(position) + len(strays)
    problems = [
        *([too_few_cards(cards, MeldKind.RUN, min_length)] if short else []),
        *_run_length_problems(cards),
        *_mixed_suit_problems(cards, strays, suit),
        *_duplicate_problems(cards, counts, suit),
        *_gap_problems(cards, counts, len(wilds) + len(strays), suit),
        *natural_count_problems(cards, MeldKind.RUN, naturals, len(wilds), rules, short=short),
    ]
    meld = None
    in_order = False
    lowest, highest = run_bounds(rules)
    if not problems and not position and not strays:
        # Wild cards only (the rule set asks for no natural card): no suit, no place.
        return Reading(MeldKind.RUN, (), 0, 0, wild_meld(MeldKind.RUN, cards), True)
    if not problems and suit is not None:
        problems.extend(_ace_problems(cards, position, lowest, highest))
    if not problems and suit is not None:
        meld = _place_run(cards, suit, position, wilds, lowest, highest)
        in_order = _places_in_given_order(n, position, lowest, highest) is not None
    return Reading(MeldKind.RUN, tuple(problems), naturals, len(strays), meld, in_order)


def _sort_for_run(
    cards: Sequence[Card],
    rules: RuleSet,
    suit: Suit | None,
    ace_high: bool,
    natural_wild_ranks: frozenset[Rank],
) -> tuple[dict[int, int], list[int], list[int]]:
    """Each natural of the run's suit by index, with its position; the wilds; the strays."""
    position: dict[int, int] = {}
    wilds: list[int] = []
    strays: list[int] = []
    claimed: set[Rank] = set()
    for i, card in enumerate(cards):
        if card.rank is None:
            wilds.append(i)
        elif card.rank in rules.wild_ranks:
            if card.suit == suit and card.rank in natural_wild_ranks and card.rank not in claimed:
                claimed.add(card.rank)
                position[i] = natural_position(card, ace_high)
            else:
                wilds.append(i)
        elif card.suit == suit:
            position[i] = natural_position(card, ace_high)
        else:
            strays.append(i)
    return position, wilds, strays


def _run_length_problems(cards: Sequence[Card]) -> list[Problem]:
    if len(cards) <= MAX_RUN_LENGTH:
        return []
    message = (
        f"{pretty(cards)} is {len(cards)} cards: a run holds at most {MAX_RUN_LENGTH}, since "
        "aces are high or low, not both."
    )
    return [Problem("run-too-long", message, cards=codes(cards))]


def _mixed_suit_problems(
    cards: Sequence[Card], strays: list[int], suit: Suit | None
) -> list[Problem]:
    if not strays:
        return []
    assert suit is not None
    odd = [cards[i] for i in strays]
    what = f"is not a {suit.noun[:-1]}" if len(odd) == 1 else f"are not {suit.noun}"
    message = f"{pretty(cards)} mixes suits: a run is cards of one suit, and {pretty(odd)} {what}."
    return [Problem("mixed-suits", message, cards=codes(odd))]


def _duplicate_problems(
    cards: Sequence[Card], counts: Counter[int], suit: Suit | None
) -> list[Problem]:
    problems: list[Problem] = []
    for p in sorted(p for p, count in counts.items() if count > 1):
        assert suit is not None
        twice = Card(rank_at(p), suit)
        times = "twice" if counts[p] == 2 else f"{number_word(counts[p])} times"
        message = f"{pretty(cards)} holds {twice.pretty} {times}: a run has one card of each rank."
        problems.append(Problem("duplicate-card-in-run", message, cards=(str(twice),)))
    return problems


def _gap_problems(
    cards: Sequence[Card], counts: Counter[int], fillers: int, suit: Suit | None
) -> list[Problem]:
    """A gap more wilds (and strays) than there are could fill."""
    places = sorted(counts)
    if not places or suit is None:
        return []
    missing = [p for p in range(places[0], places[-1] + 1) if p not in counts]
    if len(missing) <= fillers:
        return []
    return [_gap_problem(cards, places, missing, fillers, len(cards), suit)]


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
            f"{pretty(cards)} turns the corner: aces are high or low, not both.",
            cards=codes(cards),
        )
    holes = [Card(rank_at(p), suit) for p in missing]
    shown = pretty(holes) if len(holes) <= 4 else f"{len(holes)} cards"
    verb = "is" if len(holes) == 1 and len(holes) <= 4 else "are"
    if fillers == 0:
        fill = "and there is no wild card to fill the gap"
    else:
        fill = f"and only {plural(fillers, 'wild card')} to fill the gaps"
    return Problem(
        "not-consecutive",
        f"{pretty(cards)} is not consecutive: {shown} {verb} missing, {fill}.",
        cards=codes(holes),
    )


def _fits_around_the_corner(places: Sequence[int], n: int) -> bool:
    """Would the cards make a run if the king were followed by the ace and then the 2?

    ``K A 2 3``: ranks 13, 1, 2, 3 fit a window of 4 going round the corner.
    """
    if n > MAX_RUN_LENGTH:
        return False
    ranks = {int(rank_at(p)) % 13 for p in places}  # the king is 0, the ace 1
    return any(all((r - start) % 13 < n for r in ranks) for start in range(13))


def run_bounds(rules: RuleSet) -> tuple[int, int]:
    """The lowest and highest run positions the rule set's aces allow."""
    lowest = LOW_ACE + 1 if rules.aces == Aces.HIGH_ONLY else LOW_ACE
    highest = HIGH_ACE - 1 if rules.aces == Aces.LOW_ONLY else HIGH_ACE
    return lowest, highest


def _ace_problems(
    cards: Sequence[Card], position: dict[int, int], lowest: int, highest: int
) -> list[Problem]:
    """A run whose cards only fit with an ace where the rule set does not allow one."""
    taken = sorted(position.values())
    if not taken or (
        highest - lowest + 1 >= len(cards) and _fits(taken, len(cards), lowest, highest)
    ):
        return []
    where = "below the 2" if lowest > LOW_ACE else "above the king"
    return [
        Problem(
            "ace-not-allowed",
            f"{pretty(cards)} needs an ace {where}, and aces are not played there in this game.",
            cards=codes(cards),
        )
    ]


def _fits(taken: Sequence[int], n: int, lowest: int, highest: int) -> bool:
    """Do ``n`` consecutive positions within the bounds cover every natural card?"""
    return (
        taken[0] >= lowest
        and taken[-1] <= highest
        and max(lowest, taken[-1] - n + 1) <= min(taken[0], highest - n + 1)
    )


def _place_run(
    cards: Sequence[Card],
    suit: Suit,
    position: dict[int, int],
    wilds: Sequence[int],
    lowest: int = LOW_ACE,
    highest: int = HIGH_ACE,
) -> Meld:
    """Give each wild its position, and build the Meld.

    If the cards were given in run order (ascending or descending) every wild's place
    follows from its index: ``7H 8H 9H JK`` puts the joker at 10, ``JK 7H 8H 9H`` at 6.
    Otherwise wilds fill the gaps, then the high end, then (past the high ace) the low end.
    """
    n = len(cards)
    places = _places_in_given_order(n, position, lowest, highest)
    if places is None:
        taken = sorted(position.values())
        free = [p for p in range(taken[0], taken[-1] + 1) if p not in position.values()]
        extra = len(wilds) - len(free)
        high = taken[-1]
        while extra and high < highest:
            high += 1
            free.append(high)
            extra -= 1
        low = taken[0]
        while extra and low > lowest:
            low -= 1
            free.append(low)
            extra -= 1
        assert not extra, "a legal run of at most 13 cards always has room for its wilds"
        places = dict(position)
        places.update(zip(wilds, sorted(free), strict=True))
    uses = tuple(WildUse(cards[i], rank_at(places[i]), suit, places[i] == HIGH_ACE) for i in wilds)
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


def _places_in_given_order(
    n: int, position: dict[int, int], lowest: int = LOW_ACE, highest: int = HIGH_ACE
) -> dict[int, int] | None:
    """Every card's position if the naturals sit in run order, ascending or descending."""
    for step in (1, -1):
        starts = {p - step * i for i, p in position.items()}
        if len(starts) != 1:
            continue
        start = starts.pop()
        end = start + step * (n - 1)
        if min(start, end) >= lowest and max(start, end) <= highest:
            return {i: start + step * i for i in range(n)}
    return None


def _ace_reading(reading: Reading, cards: Sequence[Card], ace_high: bool) -> Reading:
    where = "above the king" if ace_high else "below the 2"
    problem = Problem(
        "ace-not-allowed",
        f"{pretty(cards)} puts an ace {where}, and aces are not played there in this game.",
        cards=codes(cards),
    )
    # legal but for the ace: the closest reading, whatever order the cards came in
    return Reading(MeldKind.RUN, (problem,), reading.naturals, 0, None, in_order=True)


def run_readings(
    cards: Sequence[Card], rules: RuleSet, min_length: int, budget: StepBudget | None = None
) -> Iterator[Reading]:
    """Every reading of ``cards`` as a run: each suit of a natural card, each choice of the
    cards of wild ranks that stand for themselves, the aces low and high. Each reading
    spends from ``budget`` (:func:`.budget.reading_cost`): with many wild ranks that may
    stand for themselves, the choices double with each one."""
    budget = current(budget)
    cost = reading_cost(len(cards))
    suits: list[Suit] = []
    for card in cards:
        if card.suit is not None and can_be_natural(card, rules) and card.suit not in suits:
            suits.append(card.suit)
    if not suits:
        budget.spend(cost)
        yield _read_run(cards, rules, None, False, frozenset(), min_length)
    has_ace = any(c.rank == Rank.ACE for c in cards)
    ace_places = {
        Aces.LOW_OR_HIGH: (False, True),
        Aces.HIGH_ONLY: (True,),
        Aces.LOW_ONLY: (False,),
    }[rules.aces]
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
                    budget.spend(cost)
                    reading = _read_run(cards, rules, suit, ace_high, frozenset(chosen), min_length)
                    if not has_ace or ace_high in ace_places:
                        yield reading
                    elif all(p.code == "ace-not-allowed" for p in reading.problems):
                        # legal but for where its ace stands
                        yield _ace_reading(reading, cards, ace_high)
