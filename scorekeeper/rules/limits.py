"""How large a rule set may be for the referee to judge it: the limits, checked when it is made.

The referee is exact, and its searches count their work against a step budget
(:mod:`.budget`). What a question costs grows fast with a few dimensions of the rule set, so a
rule set whose contracts could not be judged within the budget is refused when it is made
(a game, the builder, an import, every request that sends ``rules``), with a sentence naming
the limit it passes. ``benchmarks/arranger.py --worst`` shows the measurements behind each
number (the worst hands a search for them found, at the limits):

- **melds in one contract** (:data:`MAX_CONTRACT_MELDS`): every meld is another branch at
  every card; the presets ask for 4 at most (Shanghai's 3 sets and a run of 5).
- **decks** (:data:`MAX_DECKS`, for the most players the rule set allows): every deck is
  another copy of every card, and the ways to share copies among melds multiply; the family
  game shuffles 4 decks for 7 or 8 players.
- **wild cards in the decks** (:data:`MAX_WILD_CARDS`: the jokers, however the rule set
  counts them, per deck, one fewer than the players or a number per row of its decks table,
  and the cards of the wild ranks, for the most players): every wild card may stand
  anywhere; Contract Rummy with its 2s wild has 19 (twelve 2s and seven jokers for eight
  players), Kalooki 10 (four decks and ten jokers for eight).
- **wild ranks** (:data:`MAX_WILD_RANKS`): a card of a wild rank that may stand for itself is
  natural or wild, and each such rank doubles the ways to read a group of cards.
- **melds of wild cards alone** (:data:`MAX_WILD_ONLY_MELDS`): where a meld of a kind needs
  no natural card, wild cards alone make one, and with the 2s wild four such melds of a
  contract searched longest of all.

What else a rule set may hold is bounded where it is read: a point table values at most 52
exact cards (:data:`.points.MAX_CARD_VALUES`), a colour meld or a flush of a contract asks for
at most 20 cards (a whole deal). The contract check's choice of readings, over groups that
may be read as several kinds, counts its steps (:mod:`.contract_readings`).

The hand limits are the referee's own (``scorekeeper.web.referee_json``): 30 cards to
arrange, 40 in one meld, 12 melds and 160 cards in one question.

:func:`limit_problems` lists every limit a rule set passes, each with where it is in a
rule-set document (``rounds[2].contract``, as :mod:`.document` names places).
:mod:`.validation` refuses such a rule set with its other problems, unless it is read
inside :func:`waived`: a game stored before these limits keeps its rules and its
scores, and the referee answers its questions until one is over budget (a 422).

>>> from .presets import LIVERPOOL, PRESETS
>>> [rules.id for rules in PRESETS.values() if limit_problems(rules)]
[]
>>> import dataclasses
>>> from .rulesets import Contract, RoundSpec
>>> big = dataclasses.replace(LIVERPOOL, rounds=(RoundSpec(Contract.of(sets=6), 20),))
>>> for problem in limit_problems(big):
...     print(problem)
rounds[0].contract: round 1 asks for 6 melds, and the referee judges contracts of at most 4 melds.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .language import _
from .rulesets import RuleSet

MAX_CONTRACT_MELDS = 4
MAX_DECKS = 4
MAX_WILD_CARDS = 20
MAX_WILD_RANKS = 2
MAX_WILD_ONLY_MELDS = 3
SUITS = 4


@dataclass(frozen=True)
class LimitProblem:
    """One limit a rule set passes: where (a rule-set document's place) and a sentence."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def limit_problems(rules: RuleSet) -> list[LimitProblem]:
    """Every limit ``rules`` passes (none: the referee can judge every contract of it)."""
    # Each count below is past its limit (at least 2), so every sentence is said in the plural.
    problems = [p for number in range(len(rules.rounds)) for p in _round_problems(rules, number)]
    if len(rules.wild_ranks) > MAX_WILD_RANKS:
        problems.append(
            LimitProblem(
                "wilds.ranks",
                _(
                    "{count} ranks are wild, and the referee judges games with at most {most} "
                    "wild ranks (and the jokers)."
                ).format(count=len(rules.wild_ranks), most=MAX_WILD_RANKS),
            )
        )
    problems.extend(_deck_problems(rules))
    return problems


def _round_problems(rules: RuleSet, index: int) -> list[LimitProblem]:
    melds = rules.rounds[index].contract.melds
    where = f"rounds[{index}].contract"
    problems = []
    if len(melds) > MAX_CONTRACT_MELDS:
        problems.append(
            LimitProblem(
                where,
                _(
                    "round {round} asks for {count} melds, and the referee judges contracts of "
                    "at most {most} melds."
                ).format(round=index + 1, count=len(melds), most=MAX_CONTRACT_MELDS),
            )
        )
    wild_only = sum(1 for m in melds if rules.allows_wild_only(m.kind))
    if wild_only > MAX_WILD_ONLY_MELDS:
        problems.append(
            LimitProblem(
                where,
                _(
                    "in round {round}, {count} melds may be made of wild cards alone (their kind "
                    "needs no natural card), and the referee judges contracts with at most "
                    "{most} such melds."
                ).format(round=index + 1, count=wild_only, most=MAX_WILD_ONLY_MELDS),
            )
        )
    return problems


def _deck_problems(rules: RuleSet) -> list[LimitProblem]:
    """The decks and the wild cards they hold, for the number of players with the most."""
    players = range(rules.min_players, rules.max_players + 1)
    if not players:
        return []  # no number of players: that is the problem the checks report
    decks = max(rules.decks.decks_for(n) for n in players)
    problems = []
    if decks > MAX_DECKS:
        most = max(players, key=lambda n: (rules.decks.decks_for(n), n))
        problems.append(
            LimitProblem(
                "decks.by_players",
                _(
                    "{players} players play with {decks} decks, and the referee judges games of "
                    "at most {most} decks."
                ).format(players=most, decks=decks, most=MAX_DECKS),
            )
        )
    wilds = {n: wild_cards(rules, n) for n in players}
    most = max(players, key=lambda n: (wilds[n], n))
    if wilds[most] > MAX_WILD_CARDS:
        problems.append(
            LimitProblem(
                "decks",
                _(
                    "with {players} players the decks hold {count} wild cards (jokers and cards "
                    "of wild ranks), and the referee judges games of at most {most} wild cards."
                ).format(players=most, count=wilds[most], most=MAX_WILD_CARDS),
            )
        )
    return problems


def wild_cards(rules: RuleSet, players: int) -> int:
    """The wild cards in the decks ``players`` play with: the jokers and every card of a wild
    rank (each deck holds four of each rank).

    >>> from .presets import MAY_I
    >>> wild_cards(MAY_I, 8)  # three decks: twelve 2s and six jokers
    18
    """
    ranked = rules.decks.decks_for(players) * SUITS * len(rules.wild_ranks)
    return rules.decks.jokers_for(players) + ranked


_WAIVED: ContextVar[bool] = ContextVar("limits_waived", default=False)


@contextmanager
def waived() -> Iterator[None]:
    """Read rule sets without refusing those over the limits: a stored game's rules, made
    before the limits, must still load (its scores are shown; its referee questions are
    answered within the budget, or refused one by one)."""
    token = _WAIVED.set(True)
    try:
        yield
    finally:
        _WAIVED.reset(token)


def binding_limit_problems(rules: RuleSet) -> list[LimitProblem]:
    """:func:`limit_problems`, or none inside :func:`waived`."""
    return [] if _WAIVED.get() else limit_problems(rules)


__all__ = [
    "MAX_CONTRACT_MELDS",
    "MAX_DECKS",
    "MAX_WILD_CARDS",
    "MAX_WILD_ONLY_MELDS",
    "MAX_WILD_RANKS",
    "LimitProblem",
    "binding_limit_problems",
    "limit_problems",
    "waived",
    "wild_cards",
]
