"""Scoring: a hand's points, a round's scores, totals and standings.

Terms:

- A **result** is what one player brings to the end of a round: went out (scores 0), a
  typed point total, or the cards left in hand (scored with the game's point table).
- The **cut bonus** (usually -50) is added to the cutter's score for the round when the cutter
  cut exactly the cards needed for the deal; only the round's cutter can earn it.
- **Standings** rank players by total, lowest first; equal totals share a place, and every
  player on the lowest total after the last round shares the win.
- A card is **in the deck** of a rule set when its decks hold it: every rank and suit always,
  a joker only when some number of players the rule set allows plays with jokers. A card not
  in the deck is refused wherever cards are given (a hand scored, a referee question), with
  the one message of :func:`cards_not_in_deck`.

>>> from .presets import LIVERPOOL
>>> results = [PlayerResult(went_out=True), PlayerResult(cards=parse_cards("AH JK 7C")),
...            PlayerResult(points=35)]
>>> score_round(LIVERPOOL, 1, results, first_dealer=0).points
(0, 40, 35)
>>> [(s.place, s.seat, s.total) for s in standings([120, 85, 85])]
[(1, 1, 85), (1, 2, 85), (3, 0, 120)]
>>> from .presets import DEUCES_SIX
>>> score_round(DEUCES_SIX, 1, [PlayerResult(went_out=True), PlayerResult(cards=parse_cards("7H JK"))],
...             first_dealer=0)
Traceback (most recent call last):
...
scorekeeper.rules.errors.RuleViolation: Six-round Deuces Wild is played without jokers: JK is not in its deck.
"""  # noqa: E501

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, parse_cards
from .errors import Problem, RuleViolation
from .points import PointTable
from .rulesets import RuleSet
from .seating import round_seats

MAX_HAND_POINTS = 5000


@dataclass(frozen=True)
class PlayerResult:
    """One player's end of round: ``went_out``, or ``points``, or the ``cards`` left in hand.

    ``bought`` is how many cards the player bought in the round (kept for the record).
    """

    went_out: bool = False
    points: int | None = None
    cards: tuple[Card, ...] | None = None
    bought: int = 0


@dataclass(frozen=True)
class RoundScore:
    """The scores of one round, by seat, with the cut bonus already applied."""

    points: tuple[int, ...]
    went_out: int
    cutter: int
    cut_bonus: bool


def in_deck(rules: RuleSet, card: Card) -> bool:
    """Do the rule set's decks hold ``card``? A joker only in a game with jokers.

    >>> from .presets import DEUCES_SIX, LIVERPOOL
    >>> in_deck(LIVERPOOL, Card.parse("JK")), in_deck(DEUCES_SIX, Card.parse("JK"))
    (True, False)
    """
    return not card.is_joker or rules.uses_jokers


def cards_not_in_deck(rules: RuleSet, cards: Iterable[Card]) -> list[Problem]:
    """One problem for the cards of ``cards`` the rule set's decks never hold (none: every
    card may be in the game). The one check of the rules core, used wherever cards come in.

    >>> from .presets import DEUCES_SIX
    >>> [p.message for p in cards_not_in_deck(DEUCES_SIX, parse_cards("7H JK JK"))]
    ['Six-round Deuces Wild is played without jokers: JK is not in its deck.']
    """
    if all(in_deck(rules, card) for card in cards):
        return []
    return [
        Problem(
            "no-jokers",
            f"{rules.name} is played without jokers: JK is not in its deck.",
            cards=("JK",),
        )
    ]


def cards_not_in_play(rules: RuleSet, cards: Iterable[Card]) -> str | None:
    """Why some of ``cards`` cannot be in a game of ``rules`` (one sentence), or None: what
    :func:`cards_not_in_deck` finds, for the pages, so they refuse what the API refuses, in
    the same words.

    >>> from .presets import DEUCES_SIX, LIVERPOOL
    >>> cards_not_in_play(DEUCES_SIX, parse_cards("7H JK"))
    'Six-round Deuces Wild is played without jokers: JK is not in its deck.'
    >>> cards_not_in_play(LIVERPOOL, parse_cards("7H JK")) is None
    True
    """
    problems = cards_not_in_deck(rules, cards)
    return " ".join(p.message for p in problems) if problems else None


def hand_points(cards: Sequence[Card], table: PointTable) -> int:
    """Points of the cards left in a hand."""
    return table.hand_points(cards)


def check_points(points: object, table: PointTable, who: str = "a player") -> list[Problem]:
    """Problems with a typed point total: not a whole number, negative, or impossible."""
    if isinstance(points, bool) or not isinstance(points, int):
        return [Problem("points-not-a-number", f"{who}'s points must be a whole number")]
    if points < 0:
        return [Problem("points-negative", f"{who}'s points cannot be negative ({points})")]
    if points > MAX_HAND_POINTS:
        return [Problem("points-too-high", f"{who}'s {points} points is more than any hand holds")]
    step = math.gcd(*table.rank_points, table.joker)
    if step > 1 and points % step:
        return [
            Problem(
                "points-impossible",
                f"{who}'s {points} points cannot be scored with the {table.name} table: "
                f"every card is worth a multiple of {step}",
            )
        ]
    return []


def score_round(
    rules: RuleSet,
    round_number: int,
    results: Sequence[PlayerResult],
    *,
    first_dealer: int,
    cut_bonus: bool = False,
    names: Sequence[str] | None = None,
) -> RoundScore:
    """Score one round, or raise a RuleViolation listing every problem with the entries.

    Exactly one player goes out. ``cut_bonus`` says the round's cutter cut exactly.
    """
    rules.round(round_number)
    given = list(names or ())
    who = [given[i] if i < len(given) else f"player {i + 1}" for i in range(len(results))]
    out = [i for i, r in enumerate(results) if r.went_out]
    problems = _going_out_problems(out, who)
    points: list[int] = []
    for seat, result in enumerate(results):
        seat_points, found = _seat_points(rules, result, who[seat])
        points.append(seat_points)
        problems.extend(p.at(seat) for p in found)
    seats = round_seats(first_dealer, round_number, len(results))
    if cut_bonus:
        if rules.cut_bonus == 0:
            problems.append(Problem("no-cut-bonus", f"{rules.name} has no cut bonus"))
        else:
            points[seats.cutter] += rules.cut_bonus
    if problems:
        raise RuleViolation(problems)
    return RoundScore(tuple(points), out[0], seats.cutter, cut_bonus)


def _going_out_problems(out: list[int], who: list[str]) -> list[Problem]:
    if not out:
        return [Problem("nobody-out", "one player must have gone out")]
    if len(out) > 1:
        listed = " and ".join(who[i] for i in out)
        return [Problem("several-out", f"only one player goes out: {listed} are both marked out")]
    return []


def _seat_points(rules: RuleSet, result: PlayerResult, name: str) -> tuple[int, list[Problem]]:
    """One player's points this round (0 when they cannot be counted), and what is wrong."""
    problems: list[Problem] = []
    if result.went_out:
        if result.points not in (None, 0) or result.cards:
            problems.append(Problem("out-with-points", f"{name} went out, so scores 0"))
        points = 0
    elif result.cards is not None:
        problems.extend(cards_not_in_deck(rules, result.cards))
        points = 0 if problems else rules.point_table.hand_points(result.cards)
    elif result.points is not None:
        problems.extend(check_points(result.points, rules.point_table, name))
        points = result.points if not problems else 0
    else:
        problems.append(Problem("missing-points", f"{name} has no score yet"))
        points = 0
    bought = result.bought
    if isinstance(bought, bool) or not isinstance(bought, int) or bought < 0:
        problems.append(Problem("bad-buys", f"{name}'s buys must be 0 or more"))
    return points, problems


@dataclass(frozen=True)
class Standing:
    """A player's place (1 = best; equal totals share a place), seat and total."""

    place: int
    seat: int
    total: int


def totals(rounds: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    """Each player's total over the rounds played."""
    return tuple(sum(r[seat] for r in rounds) for seat in range(players))


def standings(player_totals: Sequence[int]) -> list[Standing]:
    """Players ordered by total, lowest first; equal totals share a place."""
    order = sorted(range(len(player_totals)), key=lambda s: (player_totals[s], s))
    result: list[Standing] = []
    for index, seat in enumerate(order):
        tied = result and result[-1].total == player_totals[seat]
        place = result[-1].place if tied else index + 1
        result.append(Standing(place, seat, player_totals[seat]))
    return result


def winners(player_totals: Sequence[int]) -> list[int]:
    """Seats with the lowest total (several on a tie)."""
    if not player_totals:
        return []
    best = min(player_totals)
    return [seat for seat, total in enumerate(player_totals) if total == best]


__all__ = [
    "PlayerResult",
    "RoundScore",
    "Standing",
    "cards_not_in_deck",
    "check_points",
    "hand_points",
    "in_deck",
    "parse_cards",
    "score_round",
    "standings",
    "totals",
    "winners",
]
