"""Scoring: a hand's points, a round's scores, totals and standings.

Terms:

- A **result** is what one player brings to the end of a round: went out (scores 0), a
  typed point total, or the cards left in hand (scored with the game's point table).
- The **cut bonus** (usually -50) is added to the cutter's score for the round when the cutter
  cut exactly the cards needed for the deal; only the round's cutter can earn it.
- **Standings** rank players by total, lowest first; equal totals share a place, and every
  player on the lowest total after the last round shares the win. In a **phase game**
  (:mod:`.phases`) a round is a hand in which each player plays their own phase: standings
  rank more phases completed first, then the lowest total, and the game's winners are
  :meth:`.phases.PhaseProgress.winners`.
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
>>> [(s.place, s.seat) for s in standings([120, 85, 85], completed=[7, 6, 6])]
[(1, 0), (2, 1), (2, 2)]
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
from .errors import Problem, RuleSetError, RuleViolation
from .language import _, and_list
from .phases import MAX_HANDS
from .points import SKIP_POINTS, PointTable
from .rulesets import RuleSet
from .seating import round_seats

MAX_HAND_POINTS = 5000


@dataclass(frozen=True)
class PlayerResult:
    """One player's end of round: ``went_out``, or ``points``, or the ``cards`` left in hand.

    ``bought`` is how many cards the player bought in the round: checked against the round's
    buying rules (no buying, the limit, the stock) and worth the rule set's ``buy_points``
    each. ``down_and_out`` says the player who went out laid down and went out in one turn
    (the rule set's ``one_turn_bonus``). In a phase game, ``phase_done`` says whether the
    player completed (laid down) their phase:
    None, not said, is true for the player who went out and false for the others; ``phase``
    is the phase they say they played (with the phases in any order, the one they completed).
    """

    went_out: bool = False
    points: int | None = None
    cards: tuple[Card, ...] | None = None
    bought: int = 0
    phase_done: bool | None = None
    phase: int | None = None
    down_and_out: bool = False

    @property
    def completed(self) -> bool:
        """Did the player complete their phase? The player who went out always did."""
        return self.went_out or self.phase_done is True


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
            _("{rules} is played without jokers: JK is not in its deck.").format(
                rules=rules.local_name
            ),
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
        message = _("{name}'s points must be a whole number").format(name=who)
        return [Problem("points-not-a-number", message)]
    if points < 0:
        message = _("{name}'s points cannot be negative ({points})").format(name=who, points=points)
        return [Problem("points-negative", message)]
    if points > MAX_HAND_POINTS:
        message = _("{name}'s {points} points is more than any hand holds").format(
            name=who, points=points
        )
        return [Problem("points-too-high", message)]
    step = math.gcd(*table.rank_points, table.joker)
    if step > 1 and points % step:
        return [
            Problem(
                "points-impossible",
                _(
                    "{name}'s {points} points cannot be scored with the {table} table: "
                    "every card is worth a multiple of {step}"
                ).format(name=who, points=points, table=table.local_name, step=step),
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

    Exactly one player goes out. ``cut_bonus`` says the round's cutter cut exactly. In a
    phase game the round is a hand (numbered 1 to :data:`.phases.MAX_HANDS`), and what each
    result says of its phase is checked here as far as one hand tells (the phases the
    players were on follow from the hands before: :func:`.phases.phase_progress`).
    """
    check_round_number(rules, round_number)
    given = list(names or ())
    who = [given[i] if i < len(given) else _player(i + 1) for i in range(len(results))]
    out = [i for i, r in enumerate(results) if r.went_out]
    problems = _going_out_problems(out, who)
    points: list[int] = []
    for seat, result in enumerate(results):
        seat_points, found = _seat_points(rules, result, who[seat])
        points.append(seat_points)
        problems.extend(p.at(seat) for p in found)
        problems.extend(p.at(seat) for p in _phase_problems(rules, result, who[seat]))
    problems.extend(buy_problems(rules, round_number, results, who))
    seats = round_seats(first_dealer, round_number, len(results))
    if cut_bonus:
        if rules.cut_bonus == 0:
            message = _("{rules} has no cut bonus").format(rules=rules.local_name)
            problems.append(Problem("no-cut-bonus", message))
        else:
            points[seats.cutter] += rules.cut_bonus
    if problems:
        raise RuleViolation(problems)
    return RoundScore(tuple(points), out[0], seats.cutter, cut_bonus)


def last_round(rules: RuleSet) -> int:
    """The highest number a round of a game of ``rules`` may have: its last round, or in a
    phase game (hands are open-ended) the safety limit :data:`.phases.MAX_HANDS`.

    >>> from .presets import LIVERPOOL
    >>> last_round(LIVERPOOL)
    7
    """
    return MAX_HANDS if rules.phased else rules.round_count


def check_round_number(rules: RuleSet, number: int) -> None:
    """Raise a RuleSetError unless ``number`` is a round of a game of ``rules``: one of its
    rounds, or in a phase game a hand from 1 to :data:`.phases.MAX_HANDS`.

    >>> from dataclasses import replace
    >>> from .presets import LIVERPOOL
    >>> from .rulesets import Progression
    >>> check_round_number(replace(LIVERPOOL, progression=Progression.PHASES), 8)
    >>> check_round_number(LIVERPOOL, 8)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RuleSetError: Liverpool Rummy has rounds 1 to 7; there is no round 8
    """
    if not rules.phased:
        rules.round(number)
    elif isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_HANDS:
        raise RuleSetError(
            _("a phase game holds rounds 1 to {last}; there is no round {number}").format(
                last=MAX_HANDS, number=number
            )
        )


def _phase_problems(rules: RuleSet, result: PlayerResult, name: str) -> list[Problem]:
    """What one result says of its phase that cannot be: a phase in a game played in
    rounds, a player who went out without completing their phase, a phase that is not one
    of the rule set's."""
    done, phase = result.phase_done, result.phase
    if not rules.phased:
        if done is None and phase is None:
            return []
        message = _(
            "{rules} is played in rounds, not phases: {name}'s result has no phase."
        ).format(rules=rules.local_name, name=name)
        return [Problem("not-a-phase-game", message)]
    problems: list[Problem] = []
    if done is not None and not isinstance(done, bool):
        message = _("{name}'s phase_done must be true or false.").format(name=name)
        problems.append(Problem("bad-phase-done", message))
    elif done is False and result.went_out:
        message = _(
            "{name} went out, so {name} completed the phase (going out lays it down): "
            "phase_done cannot be false for {name}."
        ).format(name=name)
        problems.append(Problem("out-without-phase", message))
    if phase is None:
        return problems
    if isinstance(phase, bool) or not isinstance(phase, int):
        message = _("{name}'s phase must be a whole number.").format(name=name)
        problems.append(Problem("bad-phase", message))
    elif not 1 <= phase <= rules.round_count:
        message = _("There is no phase {phase}: {rules} has phases 1 to {last}.").format(
            phase=phase, rules=rules.local_name, last=rules.round_count
        )
        problems.append(Problem("no-such-phase", message))
    return problems


def _player(number: int) -> str:
    """A player with no name given, by seat number (1 first)."""
    return _("player {number}").format(number=number)


def _going_out_problems(out: list[int], who: list[str]) -> list[Problem]:
    if not out:
        return [Problem("nobody-out", _("one player must have gone out"))]
    if len(out) > 1:
        listed = and_list([who[i] for i in out])
        message = _("only one player goes out: {players} are marked out").format(players=listed)
        return [Problem("several-out", message)]
    return []


def _seat_points(rules: RuleSet, result: PlayerResult, name: str) -> tuple[int, list[Problem]]:
    """One player's points this round (0 when they cannot be counted), and what is wrong."""
    problems: list[Problem] = []
    problems.extend(_down_and_out_problems(rules, result, name))
    if result.went_out:
        if result.points not in (None, 0) or result.cards:
            message = _("{name} went out, so scores 0").format(name=name)
            problems.append(Problem("out-with-points", message))
        points = 0
    elif result.cards is not None:
        problems.extend(cards_not_in_deck(rules, result.cards))
        points = 0 if problems else cards_points(rules, result.cards)
    elif result.points is not None:
        problems.extend(check_points(result.points, rules.point_table, name))
        points = result.points if not problems else 0
    else:
        problems.append(Problem("missing-points", _("{name} has no score yet").format(name=name)))
        points = 0
    bought = result.bought
    if isinstance(bought, bool) or not isinstance(bought, int) or bought < 0:
        message = _("{name}'s buys must be 0 or more").format(name=name)
        problems.append(Problem("bad-buys", message))
    if not problems:
        points += extra_points(rules, result)
    return points, problems


def extra_points(rules: RuleSet, result: PlayerResult) -> int:
    """What a result scores beyond the hand (and the cut bonus): ``buy_points`` for each
    card bought, and the ``one_turn_bonus`` of going down and out in one turn.

    >>> from .presets import CARIOCA_ENGLISH
    >>> extra_points(CARIOCA_ENGLISH, PlayerResult(went_out=True, bought=2, down_and_out=True))
    -26
    """
    bonus = rules.one_turn_bonus if result.down_and_out is True and result.went_out else 0
    return rules.buy_points * result.bought + bonus


def _down_and_out_problems(rules: RuleSet, result: PlayerResult, name: str) -> list[Problem]:
    """A "down and out in one turn" mark that cannot be: not true or false, on a player
    who did not go out, or in a game that scores nothing for it."""
    mark = result.down_and_out
    if mark is False:
        return []
    if mark is not True:
        message = _("{name}'s down_and_out must be true or false.").format(name=name)
        return [Problem("bad-down-and-out", message)]
    if not result.went_out:
        message = _(
            "{name} did not go out, so {name} cannot have gone down and out in one turn."
        ).format(name=name)
        return [Problem("down-and-out-not-out", message)]
    if rules.one_turn_bonus == 0:
        message = _("{rules} scores nothing for going down and out in one turn.").format(
            rules=rules.local_name
        )
        return [Problem("no-one-turn-bonus", message)]
    return []


def cards_points(rules: RuleSet, cards: Sequence[Card]) -> int:
    """Points of the cards left in a hand under ``rules``: its point table's, but a joker
    played as a Skip (``jokers_as_skips``) scores :data:`.points.SKIP_POINTS`.

    >>> from dataclasses import replace
    >>> from .presets import TEN_PHASE
    >>> hand = parse_cards("KH JK 7C")
    >>> cards_points(TEN_PHASE, hand), cards_points(replace(TEN_PHASE, jokers_as_skips=True), hand)
    (55, 45)
    """
    if not rules.jokers_as_skips:
        return rules.point_table.hand_points(cards)
    skips = sum(1 for card in cards if card.is_joker)
    others = [card for card in cards if not card.is_joker]
    return rules.point_table.hand_points(others) + skips * SKIP_POINTS


def buy_problems(
    rules: RuleSet, round_number: int, results: Sequence[PlayerResult], who: Sequence[str]
) -> list[Problem]:
    """Cards bought that the round's rules cannot allow: any in a round without buying, more
    than the round's limit for one player, or more in all than the stock can supply (each
    buy takes its penalty cards from the stock, and the next player then draws from it: at
    least one card more). Counts that are not whole numbers are said elsewhere.

    >>> from .presets import SHANGHAI, TEN_PHASE
    >>> [p.message for p in buy_problems(SHANGHAI, 1, [PlayerResult(bought=5)], ["Ann"])]
    ['Ann bought 5 cards, more than the 3 a player may buy in round 1 of Shanghai Rummy.']
    >>> [p.code for p in buy_problems(TEN_PHASE, 1, [PlayerResult(bought=1)], ["Ann"])]
    ['no-buying']
    """
    counts = [r.bought if _whole(r.bought) else 0 for r in results]
    if not any(counts):
        return []
    limit, allowed, dealt = _buying_of(rules, round_number)
    problems: list[Problem] = []
    for seat, count in enumerate(counts):
        if count and not allowed:
            problems.append(_no_buying(rules, round_number, who[seat], count).at(seat))
        elif limit is not None and count > limit:
            message = _(
                "{name} bought {count} cards, more than the {limit} a player may buy in round "
                "{round} of {rules}."
            ).format(name=who[seat], count=count, limit=limit, round=round_number,
                     rules=rules.local_name)  # fmt: skip
            problems.append(Problem("over-buy-limit", message).at(seat))
    if problems:
        return problems
    stock = _stock_after_deal(rules, len(results), dealt)
    taken = sum(counts) * (1 + rules.buy_penalty_cards)
    if taken > stock:
        message = _(
            "{count} cards bought in all take {taken} cards from the stock, which holds only "
            "{stock} after the deal."
        ).format(count=sum(counts), taken=taken, stock=stock)
        problems.append(Problem("buys-beyond-stock", message))
    return problems


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _buying_of(rules: RuleSet, round_number: int) -> tuple[int | None, bool, int]:
    """The buy limit (None: no limit), whether buying is allowed and the cards dealt in a
    round; in a phase game (each player on their own phase) the most any phase allows."""
    if not rules.phased and 1 <= round_number <= rules.round_count:
        spec = rules.round(round_number)
        return spec.buy_limit, spec.buying_allowed, spec.cards_dealt
    limits = [r.buy_limit for r in rules.rounds if r.buying_allowed]
    limit = None if None in limits or not limits else max(x or 0 for x in limits)
    return limit, bool(limits), max(r.cards_dealt for r in rules.rounds)


def _no_buying(rules: RuleSet, round_number: int, name: str, count: int) -> Problem:
    if any(r.buying_allowed for r in rules.rounds):
        message = _(
            "{rules} has no buying in round {round}: {name} cannot have bought {count}."
        ).format(rules=rules.local_name, round=round_number, name=name, count=count)
    else:
        message = _("{rules} is played without buying: {name} cannot have bought {count}.").format(
            rules=rules.local_name, name=name, count=count
        )
    return Problem("no-buying", message)


def _stock_after_deal(rules: RuleSet, players: int, dealt: int) -> int:
    """The cards left in the stock once every player is dealt and the upcard turned."""
    if not rules.min_players <= players <= rules.max_players:
        players = min(max(players, rules.min_players), rules.max_players)
    cards = rules.decks.decks_for(players) * 52 + rules.decks.jokers_for(players)
    return cards - players * dealt - 1


@dataclass(frozen=True)
class Standing:
    """A player's place (1 = best; equal totals share a place), seat and total; in a phase
    game, the phases they completed too."""

    place: int
    seat: int
    total: int
    completed: int | None = None


def totals(rounds: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    """Each player's total over the rounds played."""
    return tuple(sum(r[seat] for r in rounds) for seat in range(players))


def standings(
    player_totals: Sequence[int], completed: Sequence[int] | None = None
) -> list[Standing]:
    """Players ordered by total, lowest first; equal totals share a place. In a phase game
    (``completed``: the phases each player completed) more phases come first, then the lowest
    total; equal on both share a place."""
    phases = completed if completed is not None else (0,) * len(player_totals)

    def rank(seat: int) -> tuple[int, int]:
        return -phases[seat], player_totals[seat]

    order = sorted(range(len(player_totals)), key=lambda s: (rank(s), s))
    result: list[Standing] = []
    for index, seat in enumerate(order):
        tied = result and rank(result[-1].seat) == rank(seat)
        place = result[-1].place if tied else index + 1
        done = None if completed is None else completed[seat]
        result.append(Standing(place, seat, player_totals[seat], done))
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
    "buy_problems",
    "cards_not_in_deck",
    "cards_points",
    "check_points",
    "check_round_number",
    "extra_points",
    "hand_points",
    "in_deck",
    "last_round",
    "parse_cards",
    "score_round",
    "standings",
    "totals",
    "winners",
]
