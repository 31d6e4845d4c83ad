"""Whether a rule set can be played: every problem, each with where it is.

A rule set is checked as a whole (:func:`rule_set_problems`): its rounds and their contracts,
the players, the natural cards asked for, the decks. Every way a rule set is made (a preset,
house-rule options, a rule-set document) is checked here, so none can start a game it cannot
finish.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .errors import RuleSetError
from .language import _, ngettext
from .limits import binding_limit_problems
from .rulesets import (
    ANY_RANK_KINDS,
    MAX_GROUP_LENGTH,
    MAX_ROUNDS,
    MAX_RUN_LENGTH,
    JokerCount,
    MeldKind,
    MeldSpec,
    PhaseOrder,
    RoundSpec,
    RuleSet,
    SameSuitRuns,
    kind_word,
)


class RuleSetProblem(NamedTuple):
    """One reason a rule set cannot be played, and where it is, written as a rule-set
    document's path: ``rounds[6]`` (the seventh round), ``rounds[2].contract[1]``,
    ``players``, ``decks``, ``options.same_suit_run_gap``."""

    where: str
    message: str


def rule_set_problems(rules: RuleSet) -> list[RuleSetProblem]:
    """Every reason the rule set cannot be played as it stands, found in one pass (none for
    a playable one). Each check is a function of the rule set giving problems; a further
    check is one more line here.

    >>> import dataclasses
    >>> from .presets import LIVERPOOL
    >>> broken = dataclasses.replace(LIVERPOOL, min_players=6, max_players=3, same_suit_run_gap=2,
    ...     same_suit_runs=SameSuitRuns.NEVER, rounds=LIVERPOOL.rounds[:6] + (
    ...         dataclasses.replace(LIVERPOOL.rounds[6], buy_limit=0),))
    >>> for problem in rule_set_problems(broken):
    ...     print(problem.where, "|", problem.message)
    players | the fewest players (6) is more than the most (3)
    rounds[6] | round 7 (3 runs) needs at least 12 cards, more than the 10 dealt plus the card drawn
    options.same_suit_run_gap | runs of one suit are never allowed here, so there is no gap between them to choose: leave "same_suit_run_gap" at 1, or let runs share a suit
    """  # noqa: E501
    return [
        *_round_count_problems(rules),
        *_players_problems(rules),
        *_round_problems(rules),
        *_natural_card_problems(rules),
        *_same_suit_gap_problems(rules),
        *_phase_order_problems(rules),
        *_deck_problems(rules),
        *_limit_problems(rules),
    ]


def validate(rules: RuleSet) -> None:
    """Raise a RuleSetError naming every problem if the rule set cannot be played as it
    stands (:func:`rule_set_problems`)."""
    found = rule_set_problems(rules)
    if found:
        raise RuleSetError("; ".join(problem.message for problem in found))


def _limit_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    """What the referee can judge within its step budget (:mod:`.limits`); none for a rule
    set read inside :func:`.limits.waived` (a stored game's)."""
    for problem in binding_limit_problems(rules):
        yield RuleSetProblem(problem.where, problem.message)


def _round_count_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    if not rules.rounds:
        yield RuleSetProblem("rounds", _("a game needs at least one round"))
    elif len(rules.rounds) > MAX_ROUNDS:
        yield RuleSetProblem(
            "rounds", _("a game has at most {most} rounds").format(most=MAX_ROUNDS)
        )


def _players_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    if rules.min_players > rules.max_players:
        yield RuleSetProblem(
            "players",
            _("the fewest players ({fewest}) is more than the most ({most})").format(
                fewest=rules.min_players, most=rules.max_players
            ),
        )


def _round_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    """Each round's contract: its melds, the cards a player can hold, its runs' suits."""
    for index, spec in enumerate(rules.rounds):
        where, number = f"rounds[{index}]", index + 1
        if not spec.contract.melds:
            yield RuleSetProblem(
                f"{where}.contract", _("round {round} has an empty contract").format(round=number)
            )
        for place, meld in enumerate(spec.contract.melds):
            message = _meld_problem(rules, number, meld)
            if message is not None:
                yield RuleSetProblem(f"{where}.contract[{place}]", message)
        held = _cards_held_problem(number, spec)
        if held is not None:
            yield RuleSetProblem(where, held)
        runs = len(spec.contract.runs)
        if rules.same_suit_runs == SameSuitRuns.NEVER and runs > len(_SUITS):
            yield RuleSetProblem(
                f"{where}.contract",
                _("round {round} asks for {runs} runs, but runs must be of different suits").format(
                    round=number, runs=runs
                ),
            )


def _meld_problem(rules: RuleSet, number: int, meld: MeldSpec) -> str | None:
    """What is wrong with one meld a contract asks for (None: nothing)."""
    if meld.kind == MeldKind.RUN:
        if not 2 <= meld.min_length <= MAX_RUN_LENGTH:
            return _("round {round}: a run has between 2 and {most} cards").format(
                round=number, most=MAX_RUN_LENGTH
            )
        if meld.min_length > rules.longest_run:
            return _(
                "round {round} asks for a run of {length}, but a run holds at most {most} "
                "cards under these rules (the aces' places and the ranks a run has no place for)"
            ).format(round=number, length=meld.min_length, most=rules.longest_run)
        return None
    if meld.kind in ANY_RANK_KINDS:
        if not 2 <= meld.min_length <= MAX_GROUP_LENGTH:
            return _("round {round}: a {kind} has between 2 and {most} cards").format(
                round=number, kind=kind_word(meld.kind), most=MAX_GROUP_LENGTH
            )
        return None
    if meld.min_length < 2:
        return _("round {round}: a set needs at least 2 cards").format(round=number)
    most = rules.set_max_cards
    if most is not None and meld.min_length > most:
        return _(
            "round {round} asks for a set of {length}, but sets of different suits hold at "
            "most {most} cards"
        ).format(round=number, length=meld.min_length, most=most)
    return None


def _natural_card_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    """The fewest natural cards must fit in the longest meld of each kind."""
    most = rules.set_max_cards
    if most is not None and rules.set_min_naturals > most:
        yield RuleSetProblem(
            "options.set_min_naturals",
            _(
                "sets of different suits hold at most {most} cards, fewer than the {least} "
                "natural cards asked for"
            ).format(most=most, least=rules.set_min_naturals),
        )
    if rules.run_min_naturals > MAX_RUN_LENGTH:
        yield RuleSetProblem(
            "options.run_min_naturals",
            _("a run cannot hold more than {most} natural cards").format(most=MAX_RUN_LENGTH),
        )


def _same_suit_gap_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    """A gap between runs of one suit means nothing when such runs are never allowed."""
    if rules.same_suit_runs == SameSuitRuns.NEVER and rules.same_suit_run_gap != 1:
        yield RuleSetProblem(
            "options.same_suit_run_gap",
            _(
                "runs of one suit are never allowed here, so there is no gap between them to "
                'choose: leave "same_suit_run_gap" at 1, or let runs share a suit'
            ),
        )


def _phase_order_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    """Phases in any order mean something only in a phase game."""
    if rules.phase_order != PhaseOrder.IN_ORDER and not rules.phased:
        yield RuleSetProblem(
            "options.phase_order",
            _(
                'phases in any order need a phase game: set "progression" to "phases", or '
                'leave "phase_order" at in-order'
            ),
        )


def _cards_held_problem(number: int, spec: RoundSpec) -> str | None:
    """A player holds the cards dealt plus the card drawn, and two more for every buy
    (Liverpool's last round, 3 runs from 10 cards, can only be made after a buy)."""
    if spec.buy_limit is None:
        return None
    contract = spec.contract
    if contract.min_cards <= spec.cards_dealt + 1 + 2 * spec.buy_limit:
        return None
    if spec.buy_limit:
        message = _(
            "round {round} ({contract}) needs at least {least} cards, more than the {dealt} "
            "dealt plus the card drawn and {bought} from buying"
        )
    else:
        message = _(
            "round {round} ({contract}) needs at least {least} cards, more than the {dealt} "
            "dealt plus the card drawn"
        )
    return message.format(
        round=number,
        contract=contract.describe(),
        least=contract.min_cards,
        dealt=spec.cards_dealt,
        bought=2 * spec.buy_limit,
    )


def _deck_problems(rules: RuleSet) -> Iterator[RuleSetProblem]:
    """Jokers by players need a count in every row; and the fewest players whose decks cannot
    supply the largest deal (and the upcard)."""
    deck = rules.decks
    if deck.jokers == JokerCount.BY_PLAYERS and len(deck.jokers_by_row) != len(
        deck.decks_by_players
    ):
        yield RuleSetProblem(
            "decks.by_players",
            _('with "jokers": "by-players" every row of the decks table gives its jokers'),
        )
        return
    if deck.jokers_by_row and deck.jokers != JokerCount.BY_PLAYERS:
        yield RuleSetProblem(
            "decks.by_players",
            _('jokers in the rows of the decks table need "jokers": "by-players"'),
        )
        return
    if not rules.rounds:
        return
    most_dealt = max(r.cards_dealt for r in rules.rounds)
    for players in range(rules.min_players, rules.max_players + 1):
        decks = rules.decks.decks_for(players)
        cards = decks * 52 + rules.decks.jokers_for(players)
        if players * most_dealt + 1 > cards:
            yield RuleSetProblem(
                "decks",
                ngettext(
                    "{players} players with {dealt} cards each need more than the {cards} "
                    "cards of {decks} deck",
                    "{players} players with {dealt} cards each need more than the {cards} "
                    "cards of {decks} decks",
                    decks,
                ).format(players=players, dealt=most_dealt, cards=cards, decks=decks),
            )
            return


_SUITS = "SHDC"
