"""Reading cards as a run: consecutive cards (of one suit, or of any suits where the rule set
says so), aces where the rule set lets them stand, each wild placed at the one position it
stands for.

Terms:

- A **frame** is one way to give every natural card its position: the run's suit (none for a
  run of any suits), which cards of a wild rank stand for themselves, and where the ace stands
  (low at 1 or high at 14; with aces that **wrap**, where the run starts: a card below the
  starting rank sits 13 places up, so ``Q K A 2 3`` is 12 13 14 15 16).
- **Holes**: with ``runs_without_wild_rank``, the ranks that are always wild have no place in
  a run (2s always wild: runs go 3 to A), so a run lies between two holes.
- With ``adjacent_wilds`` off, two wild cards may not stand side by side in a run: the wilds
  past the natural cards go one at each end.

A wrapped run's positions are given with its lowest position from 1 to 13 (``Q K A 2 3`` is
12 to 16); :func:`.meld_model.rank_at` reads any position back as a rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from .budget import StepBudget, current, reading_cost
from .cards import Card, Rank, Suit
from .errors import Problem
from .language import _, ngettext
from .meld_model import (
    HIGH_ACE,
    LOW_ACE,
    Meld,
    Reading,
    WildUse,
    can_be_natural,
    codes,
    natural_count_problems,
    pretty,
    rank_at,
    too_few_cards,
    wild_meld,
)
from .rulesets import MAX_RUN_LENGTH, Aces, MeldKind, RuleSet, RunSuits, said_number

RANKS = 13
FAR = 3 * RANKS  # beyond any position a wrapped run of 13 cards can reach


@dataclass(frozen=True)
class Frame:
    """One way to place the natural cards of a run (see the module's doc)."""

    suit: Suit | None  # None: a run of any suits (or of wild cards only)
    any_suit: bool
    natural_wild_ranks: frozenset[Rank]  # wild ranks standing for themselves here
    ace_high: bool = False
    cut: int = 0  # with wrapping aces, the rank the run starts from (0: no wrapping)

    def position(self, rank: Rank) -> int:
        if self.cut:
            return int(rank) if int(rank) >= self.cut else int(rank) + RANKS
        return HIGH_ACE if rank == Rank.ACE and self.ace_high else int(rank)

    def holds(self, card: Card) -> bool:
        """Is ``card`` of the run's suit (any card, in a run of any suits)?"""
        return self.any_suit or card.suit == self.suit


def _read_run(cards: Sequence[Card], rules: RuleSet, frame: Frame, min_length: int) -> Reading:
    """The cards read in ``frame``.

    Off-suit naturals are reported as mixed suits and otherwise treated as filling a gap, so
    one wrong card is one problem.
    """
    n = len(cards)
    position, wilds, strays = _sort_for_run(cards, rules, frame)
    counts = Counter(position.values())
    short = n < min_length
    naturals = len(position) + len(strays)
    problems = [
        *([too_few_cards(cards, MeldKind.RUN, min_length)] if short else []),
        *_run_length_problems(cards),
        *_mixed_suit_problems(cards, strays, frame.suit),
        *_duplicate_problems(cards, counts, frame),
        *_gap_problems(cards, counts, len(wilds) + len(strays), frame, rules),
        *natural_count_problems(cards, MeldKind.RUN, naturals, len(wilds), rules, short=short),
    ]
    if not problems and not position and not strays:
        # Wild cards only (the rule set asks for no natural card): no suit, no place.
        return Reading(MeldKind.RUN, (), 0, 0, wild_meld(MeldKind.RUN, cards), True)
    meld = None
    in_order = False
    if not problems:
        lowest, highest = frame_bounds(rules, frame, sorted(position.values()))
        problems.extend(_room_problems(cards, position, lowest, highest, frame, rules))
        if not problems:
            placed = _place_run(cards, frame, position, wilds, lowest, highest, rules)
            meld, in_order, problem = placed
            problems.extend([problem] if problem is not None else [])
            meld = None if problems else meld
    return Reading(MeldKind.RUN, tuple(problems), naturals, len(strays), meld, in_order)


def _sort_for_run(
    cards: Sequence[Card], rules: RuleSet, frame: Frame
) -> tuple[dict[int, int], list[int], list[int]]:
    """Each natural of the run's suit by index, with its position; the wilds; the strays.

    Cards of a wild rank in the frame's ``natural_wild_ranks`` and of the run's suit stand
    for themselves (the first of each; a second copy is wild)."""
    position: dict[int, int] = {}
    wilds: list[int] = []
    strays: list[int] = []
    claimed: set[Rank] = set()
    for i, card in enumerate(cards):
        if card.rank is None:
            wilds.append(i)
        elif card.rank in rules.wild_ranks:
            if (
                frame.holds(card)
                and card.rank in frame.natural_wild_ranks
                and card.rank not in claimed
            ):
                claimed.add(card.rank)
                position[i] = frame.position(card.rank)
            else:
                wilds.append(i)
        elif frame.holds(card):
            position[i] = frame.position(card.rank)
        else:
            strays.append(i)
    return position, wilds, strays


def _run_length_problems(cards: Sequence[Card]) -> list[Problem]:
    if len(cards) <= MAX_RUN_LENGTH:
        return []
    message = _(
        "{cards} is {count} cards: a run holds at most {most}, one card of each rank."
    ).format(cards=pretty(cards), count=len(cards), most=MAX_RUN_LENGTH)
    return [Problem("run-too-long", message, cards=codes(cards))]


def _mixed_suit_problems(
    cards: Sequence[Card], strays: list[int], suit: Suit | None
) -> list[Problem]:
    if not strays:
        return []
    assert suit is not None
    odd = [cards[i] for i in strays]
    message = ngettext(
        "{cards} mixes suits: a run is cards of one suit, and {odd} is not {suit}.",
        "{cards} mixes suits: a run is cards of one suit, and {odd} are not {suit}.",
        len(odd),
    ).format(cards=pretty(cards), odd=pretty(odd), suit=suit.one if len(odd) == 1 else suit.noun)
    return [Problem("mixed-suits", message, cards=codes(odd))]


def _duplicate_problems(cards: Sequence[Card], counts: Counter[int], frame: Frame) -> list[Problem]:
    problems: list[Problem] = []
    for p in sorted(p for p, count in counts.items() if count > 1):
        if counts[p] == 2:
            pattern = _("{cards} holds {card} twice: a run has one card of each rank.")
        else:
            pattern = _("{cards} holds {card} {number} times: a run has one card of each rank.")
        if frame.suit is None:
            rank = rank_at(p)
            message = pattern.format(
                cards=pretty(cards), card=rank.noun, number=said_number(counts[p])
            )
            problems.append(Problem("duplicate-card-in-run", message, cards=(rank.label,)))
            continue
        twice = Card(rank_at(p), frame.suit)
        message = pattern.format(
            cards=pretty(cards), card=twice.pretty, number=said_number(counts[p])
        )
        problems.append(Problem("duplicate-card-in-run", message, cards=(str(twice),)))
    return problems


def _gap_problems(
    cards: Sequence[Card], counts: Counter[int], fillers: int, frame: Frame, rules: RuleSet
) -> list[Problem]:
    """A gap more wilds (and strays) than there are could fill, or one with a hole in it."""
    places = sorted(counts)
    if not places:
        return []
    missing = [p for p in range(places[0], places[-1] + 1) if p not in counts]
    holes = [p for p in missing if rank_at(p) in rules.run_holes]
    if holes and len(missing) <= fillers:
        return [_hole_problem(cards, rank_at(holes[0]))]
    if len(missing) <= fillers:
        return []
    return [_gap_problem(cards, places, missing, fillers, frame)]


def _hole_problem(cards: Sequence[Card], rank: Rank) -> Problem:
    return Problem(
        "no-place-in-run",
        _(
            "{cards} needs a place for {rank}, and {rank} are always wild here: "
            "a run has no place for them."
        ).format(cards=pretty(cards), rank=rank.noun),
        cards=codes(cards),
    )


def _gap_problem(
    cards: Sequence[Card], places: Sequence[int], missing: Sequence[int], fillers: int, frame: Frame
) -> Problem:
    """Either the run turns the corner (``K A 2 3``) or it simply has holes (``7 8 10 J``)."""
    if not frame.cut and _fits_around_the_corner(places, len(cards)):
        return Problem(
            "turns-the-corner",
            _("{cards} turns the corner: aces are high or low, not both.").format(
                cards=pretty(cards)
            ),
            cards=codes(cards),
        )
    if frame.suit is None:
        shown_holes = [rank_at(p).label for p in missing]
        shown = " ".join(shown_holes)
        held: tuple[str, ...] = tuple(shown_holes)
    else:
        holes = [Card(rank_at(p), frame.suit) for p in missing]
        shown = pretty(holes)
        held = codes(holes)
    if len(missing) > 4:
        shown = ngettext("{count} card", "{count} cards", len(missing)).format(count=len(missing))
    if fillers == 0:
        message = ngettext(
            "{cards} is not consecutive: {missing} is missing, and there is no wild card to "
            "fill the gap.",
            "{cards} is not consecutive: {missing} are missing, and there is no wild card to "
            "fill the gap.",
            len(missing),
        )
    else:
        message = ngettext(
            "{cards} is not consecutive: {missing} is missing, and only {count} wild card to "
            "fill the gaps.",
            "{cards} is not consecutive: {missing} are missing, and only {count} wild cards to "
            "fill the gaps.",
            fillers,
        )
    return Problem(
        "not-consecutive",
        message.format(cards=pretty(cards), missing=shown, count=fillers),
        cards=held,
    )


def _fits_around_the_corner(places: Sequence[int], n: int) -> bool:
    """Would the cards make a run if the king were followed by the ace and then the 2?

    ``K A 2 3``: ranks 13, 1, 2, 3 fit a window of 4 going round the corner.
    """
    if n > MAX_RUN_LENGTH:
        return False
    ranks = {int(rank_at(p)) % RANKS for p in places}  # the king is 0, the ace 1
    return any(all((r - start) % RANKS < n for r in ranks) for start in range(RANKS))


def run_bounds(rules: RuleSet) -> tuple[int, int]:
    """The lowest and highest run positions the rule set's aces allow (with wrapping aces,
    any: a run is bounded only by its length)."""
    if rules.aces == Aces.WRAP:
        return -FAR, FAR
    lowest = LOW_ACE + 1 if rules.aces == Aces.HIGH_ONLY else LOW_ACE
    highest = HIGH_ACE - 1 if rules.aces == Aces.LOW_ONLY else HIGH_ACE
    return lowest, highest


def frame_bounds(rules: RuleSet, frame: Frame, taken: Sequence[int]) -> tuple[int, int]:
    """The positions a run through ``taken`` may reach: the aces' bounds, narrowed to the
    stretch between the holes around the natural cards."""
    lowest, highest = run_bounds(rules)
    if not rules.run_holes or not taken:
        return lowest, highest
    low, high = taken[0], taken[-1]
    while low - 1 >= lowest and rank_at(low - 1) not in rules.run_holes and low - 1 > -FAR:
        low -= 1
    while high + 1 <= highest and rank_at(high + 1) not in rules.run_holes and high + 1 < FAR:
        high += 1
    return low, high


def _room_problems(
    cards: Sequence[Card],
    position: dict[int, int],
    lowest: int,
    highest: int,
    frame: Frame,
    rules: RuleSet,
) -> list[Problem]:
    """A run whose cards fit in no stretch of positions the rule set allows: one needing an
    ace where aces may not stand, or a place a hole takes."""
    taken = sorted(position.values())
    if not taken or (
        highest - lowest + 1 >= len(cards) and _fits(taken, len(cards), lowest, highest)
    ):
        return []
    ace_low, ace_high = run_bounds(rules)
    if rules.run_holes and _fits(taken, len(cards), ace_low, ace_high):
        beyond = highest + 1 if highest < ace_high else lowest - 1
        return [_hole_problem(cards, rank_at(beyond))]
    if ace_low > LOW_ACE:
        message = _("{cards} needs an ace below the 2, and aces are not played there in this game.")
    else:
        message = _(
            "{cards} needs an ace above the king, and aces are not played there in this game."
        )
    return [
        Problem(
            "ace-not-allowed",
            message.format(cards=pretty(cards)),
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
    frame: Frame,
    position: dict[int, int],
    wilds: Sequence[int],
    lowest: int,
    highest: int,
    rules: RuleSet,
) -> tuple[Meld, bool, Problem | None]:
    """Give each wild its position, and build the Meld; whether the cards came in run order;
    and the problem of two wilds side by side where that is not allowed.

    If the cards were given in run order (ascending or descending) every wild's place
    follows from its index: ``7H 8H 9H JK`` puts the joker at 10, ``JK 7H 8H 9H`` at 6.
    Otherwise wilds fill the gaps, then the high end, then (past the high ace) the low end;
    where wilds may not stand side by side, they go one at each end.
    """
    n = len(cards)
    spread = not rules.adjacent_wilds
    given = _places_in_given_order(n, position, lowest, highest)
    places = given
    if places is None or (spread and _side_by_side(places, wilds)):
        places = _free_places(position, wilds, lowest, highest, spread=spread)
    problem = _side_by_side_problem(cards, frame, places, wilds) if spread else None
    places = _normalised(places) if frame.cut else places
    uses = tuple(
        WildUse(cards[i], rank_at(places[i]), frame.suit, places[i] == HIGH_ACE) for i in wilds
    )
    meld = Meld(
        kind=MeldKind.RUN,
        cards=tuple(cards),
        wilds=uses,
        rank=None,
        suit=frame.suit,
        low=min(places.values()),
        high=max(places.values()),
        positions=tuple(places[i] for i in range(n)),
        wild_indices=tuple(wilds),
    )
    return meld, given is not None and places_match(given, places, frame), problem


def places_match(given: dict[int, int], places: dict[int, int], frame: Frame) -> bool:
    """Whether the places used are those of the order the cards came in (up to a wrapped
    run's shift by 13)."""
    if given == places:
        return True
    return bool(frame.cut) and _normalised(given) == places


def _free_places(
    position: dict[int, int], wilds: Sequence[int], lowest: int, highest: int, *, spread: bool
) -> dict[int, int]:
    """Wilds in the gaps, then at the high end, then the low end (alternating ends when
    ``spread``: one at each end keeps two wilds apart)."""
    taken = sorted(position.values())
    free = [p for p in range(taken[0], taken[-1] + 1) if p not in position.values()]
    extra = len(wilds) - len(free)
    low, high = taken[0], taken[-1]
    high_turn = True
    while extra:
        can_high, can_low = high < highest, low > lowest
        if can_high and (high_turn or not spread or not can_low):
            high += 1
            free.append(high)
        elif can_low:
            low -= 1
            free.append(low)
        else:
            break
        extra -= 1
        high_turn = not high_turn
    assert not extra, "a legal run of at most 13 cards always has room for its wilds"
    places = dict(position)
    places.update(zip(wilds, sorted(free), strict=True))
    return places


def _side_by_side(places: dict[int, int], wilds: Sequence[int]) -> list[tuple[int, int]]:
    """The positions of wilds standing side by side (each pair once, low first)."""
    at = sorted(places[i] for i in wilds)
    return [(a, b) for a, b in pairwise(at) if b == a + 1]


def _side_by_side_problem(
    cards: Sequence[Card], frame: Frame, places: dict[int, int], wilds: Sequence[int]
) -> Problem | None:
    pairs = _side_by_side(places, wilds)
    if not pairs:
        return None
    low, high = pairs[0]

    def shown(p: int) -> str:
        return Card(rank_at(p), frame.suit).pretty if frame.suit else rank_at(p).label

    return Problem(
        "adjacent-wilds",
        _(
            "{cards} puts two wild cards side by side (standing for {low} and {high}): wild "
            "cards may not stand next to each other in a run."
        ).format(cards=pretty(cards), low=shown(low), high=shown(high)),
        cards=codes(cards),
    )


def _normalised(places: dict[int, int]) -> dict[int, int]:
    """A wrapped run's places shifted by 13s so that its lowest is 1 to 13."""
    low = min(places.values())
    shift = -((low - 1) // RANKS) * RANKS
    return {i: p + shift for i, p in places.items()}


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


# A run read with its ace where aces may not stand, whose only faults are that ace (and the
# ranks next to it a run has no place for, as the kings where kings are always wild).
_ACE_PLACES = ("ace-not-allowed", "no-place-in-run")


def _ace_reading(reading: Reading, cards: Sequence[Card], ace_high: bool) -> Reading:
    if ace_high:
        message = _(
            "{cards} puts an ace above the king, and aces are not played there in this game."
        )
    else:
        message = _("{cards} puts an ace below the 2, and aces are not played there in this game.")
    problem = Problem(
        "ace-not-allowed",
        message.format(cards=pretty(cards)),
        cards=codes(cards),
    )
    # legal but for the ace: the closest reading, whatever order the cards came in
    return Reading(MeldKind.RUN, (problem,), reading.naturals, 0, None, in_order=True)


def _frames(
    cards: Sequence[Card], rules: RuleSet, suit: Suit | None, chosen: frozenset[Rank]
) -> Iterator[tuple[Frame, bool]]:
    """Every frame of one suit and choice of wild ranks standing for themselves, with
    whether the rule set lets the ace stand there (a frame that does not is read only to
    say so)."""
    any_suit = rules.run_suits == RunSuits.ANY
    base = Frame(suit, any_suit, chosen)
    if rules.aces == Aces.WRAP:
        ranks = sorted(
            {
                c.rank
                for c in cards
                if c.rank is not None
                and base.holds(c)
                and (c.rank not in rules.wild_ranks or c.rank in chosen)
            }
        )
        # The tightest cut first: among readings equally wrong, the first is kept, and its gap
        # is then counted round the corner (K A 3 4 5 misses only the 2, not 6 to Q).
        for cut in _tightest_cuts_first(ranks) or [Rank.ACE]:
            yield Frame(suit, any_suit, chosen, cut=int(cut)), True
        return
    allowed = {
        Aces.LOW_OR_HIGH: (False, True),
        Aces.HIGH_ONLY: (True,),
        Aces.LOW_ONLY: (False,),
    }[rules.aces]
    has_ace = any(c.rank == Rank.ACE for c in cards)
    for ace_high in (False, True) if has_ace else (False,):
        yield Frame(suit, any_suit, chosen, ace_high=ace_high), not has_ace or ace_high in allowed


def _tightest_cuts_first(ranks: Sequence[Rank]) -> list[Rank]:
    """The ranks (given in rank order) as cuts of a wrapped run, by the places its cards cover
    from each, fewest first: a run starting from a rank covers 13 places less the gap before
    that rank, round the corner (from K, ``K A 3 4`` covers 5; from 3, 12).

    >>> [r.label for r in _tightest_cuts_first([Rank.ACE, Rank.THREE, Rank.FOUR, Rank.KING])]
    ['K', '3', 'A', '4']
    """
    gap_before = [(int(r) - int(ranks[i - 1])) % RANKS for i, r in enumerate(ranks)]
    order = sorted(range(len(ranks)), key=lambda i: -gap_before[i])
    return [ranks[i] for i in order]


def _natural_suits(cards: Sequence[Card], rules: RuleSet) -> list[Suit | None]:
    """The suits a run of ``cards`` may be of, in the order they first come: each natural
    card's, or one ``None`` (any suits) where runs mix suits."""
    any_suit = rules.run_suits == RunSuits.ANY
    suits: list[Suit | None] = []
    for card in cards:
        if card.suit is not None and can_be_natural(card, rules):
            suit = None if any_suit else card.suit
            if suit not in suits:
                suits.append(suit)
    return suits


def _self_standing_ranks(cards: Sequence[Card], rules: RuleSet, suit: Suit | None) -> list[Rank]:
    """The wild ranks among ``cards`` (of ``suit``, unless any suits) that may stand for
    themselves in a run of that suit."""
    if not rules.wild_can_be_natural:
        return []
    return sorted(
        {c.rank for c in cards if (suit is None or c.suit == suit) and c.rank in rules.wild_ranks}
    )


def run_readings(
    cards: Sequence[Card], rules: RuleSet, min_length: int, budget: StepBudget | None = None
) -> Iterator[Reading]:
    """Every reading of ``cards`` as a run: each suit of a natural card (one reading of any
    suits, where runs mix suits), each choice of the cards of wild ranks that stand for
    themselves, each place of the ace (or, with wrapping aces, each starting rank). Each
    reading spends from ``budget`` (:func:`.budget.reading_cost`): with many wild ranks that
    may stand for themselves, the choices double with each one."""
    budget = current(budget)
    cost = reading_cost(len(cards))
    suits = _natural_suits(cards, rules)
    alone = not suits or (
        rules.allows_wild_only(MeldKind.RUN)
        and all(c.rank is None or c.rank in rules.wild_ranks for c in cards)
    )
    if alone:  # wild cards alone (2s that may stand for themselves may also all be wild)
        budget.spend(cost)
        yield _read_run(cards, rules, Frame(None, False, frozenset()), min_length)
    for suit in suits:
        flexible = _self_standing_ranks(cards, rules, suit)
        for size in range(len(flexible), -1, -1):
            for chosen in combinations(flexible, size):
                for frame, allowed in _frames(cards, rules, suit, frozenset(chosen)):
                    budget.spend(cost)
                    reading = _read_run(cards, rules, frame, min_length)
                    if allowed:
                        yield reading
                    elif all(p.code in _ACE_PLACES for p in reading.problems):
                        # legal but for where its ace stands (and the places beside it)
                        yield _ace_reading(reading, cards, frame.ace_high)
