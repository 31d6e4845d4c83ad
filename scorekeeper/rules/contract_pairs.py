"""Which melds of one lay-down may go down together: runs of one suit, sets of one rank.

Terms:

- **Same-suit runs**: two runs of one contract may share a suit only as the rule set says.
  ``apart`` (seeds 000-002): neither touching nor overlapping, so ``2-5♥`` with ``7-10♥`` is
  two runs but ``2-5♥`` with ``6-9♥`` is one run of eight. ``apart-or-overlapping``
  (seed 003): only touching is illegal, so ``5-8♠`` with ``7-10♠`` is fine. ``never``: the
  runs must be of different suits. Where aces wrap, runs lie on a circle: ``Q♦-2♦`` and
  ``3♦-6♦`` touch. Runs of any suits, and of wild cards only, have no suit to share.
- **Same-rank sets**: with ``set_ranks`` ``different`` (Kalooki, Carioca), two sets of one
  lay-down must be of different ranks. A set of wild cards only has no rank.

Problem codes: ``same-suit-runs``, ``runs-touch``, ``runs-too-close``, ``runs-overlap``,
``same-rank-sets``.

>>> from .cards import parse_cards
>>> from .melds import check_meld
>>> from .presets import LIVERPOOL
>>> a, b = (check_meld(parse_cards(text), LIVERPOOL) for text in ("2H 3H 4H 5H", "6H 7H 8H 9H"))
>>> print(pair_problems(LIVERPOOL, [a, b])[0].message)
2♥-5♥ and 6♥-9♥ touch, so together they are one run: two runs of one suit need at least one card between them.
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence

from .cards import Suit
from .contract_readings import Option
from .errors import Problem
from .language import _, ngettext
from .meld_model import Meld
from .rulesets import Aces, MeldKind, RuleSet, SameSuitRuns, SetRanks, said_number

RANKS = 13
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}


def _shifts(rules: RuleSet) -> tuple[int, ...]:
    """A run that may turn the corner lies on a circle: compare it 13 places up and down."""
    return (-RANKS, 0, RANKS) if rules.aces == Aces.WRAP else (0,)


def spans_overlap(rules: RuleSet, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Do two runs at ``a`` and ``b`` (low, high) share a position? ``5-8`` and ``7-10`` do.

    >>> from .presets import CARIOCA
    >>> spans_overlap(CARIOCA, (12, 15), (1, 3))  # Q K A 2 and A 2 3: both hold the ace
    True
    """
    return any(a[0] <= b[1] + s and b[0] + s <= a[1] for s in _shifts(rules))


def spans_gap(rules: RuleSet, a: tuple[int, int], b: tuple[int, int]) -> int:
    """How many ranks lie between two runs that do not overlap: ``7-10`` and ``J-A``, 0
    (the nearer way round, where aces wrap)."""
    return min(max(a[0], b[0] + s) - min(a[1], b[1] + s) - 1 for s in _shifts(rules))


def runs_may_share(rules: RuleSet, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """May runs of one suit at ``a`` and ``b`` (low, high) both go down, by the rule set's
    same-suit rule?

    >>> from .presets import FAMILY, LIVERPOOL
    >>> runs_may_share(LIVERPOOL, (2, 5), (7, 10)), runs_may_share(LIVERPOOL, (2, 5), (6, 9))
    (True, False)
    >>> runs_may_share(LIVERPOOL, (5, 8), (7, 10)), runs_may_share(FAMILY, (5, 8), (7, 10))
    (False, True)
    """
    if rules.same_suit_runs == SameSuitRuns.NEVER:
        return False
    if spans_overlap(rules, a, b):
        return rules.same_suit_runs == SameSuitRuns.APART_OR_OVERLAPPING
    return spans_gap(rules, a, b) >= rules.same_suit_run_gap


def option(meld: Meld | None, kind: MeldKind, rules: RuleSet) -> Option:
    """A reading as the lay-down sees it: its kind, and where it constrains another reading
    (a run of a suit: its suit and place; a set, where sets of a lay-down differ in rank:
    its rank)."""
    if meld is None:
        return Option(kind)
    if meld.kind == MeldKind.RUN and meld.suit is not None:
        return Option(MeldKind.RUN, (_SUIT_INDEX[meld.suit], meld.low, meld.high))
    if (
        meld.kind == MeldKind.SET
        and meld.rank is not None
        and rules.set_ranks == SetRanks.DIFFERENT
    ):
        return Option(MeldKind.SET, (int(meld.rank),))
    return Option(meld.kind)


def options_may_share(rules: RuleSet, a: Option, b: Option) -> bool:
    """May two readings with a place go down together?"""
    if a.kind != b.kind or a.place is None or b.place is None:
        return True
    if a.kind == MeldKind.SET:
        return a.place != b.place
    if a.place[0] != b.place[0]:
        return True  # runs of different suits
    return runs_may_share(rules, (a.place[1], a.place[2]), (b.place[1], b.place[2]))


def pair_problems(rules: RuleSet, melds: Sequence[Meld]) -> list[Problem]:
    """Every two legal melds of a lay-down that may not go down together."""
    return [*_same_suit_problems(rules, melds), *_same_rank_problems(rules, melds)]


def _same_suit_problems(rules: RuleSet, melds: Sequence[Meld]) -> list[Problem]:
    """Two runs of one suit, by the rule set's same-suit policy."""
    runs = [m for m in melds if m.kind == MeldKind.RUN and m.suit is not None]
    problems: list[Problem] = []
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if a.suit != b.suit:
                continue
            assert a.suit is not None
            pair = _("{first} and {second}").format(first=a.span_text(), second=b.span_text())
            cards = tuple(str(c) for c in a.cards + b.cards)
            spans = (a.low, a.high), (b.low, b.high)
            if rules.same_suit_runs == SameSuitRuns.NEVER:
                problems.append(
                    Problem(
                        "same-suit-runs",
                        _(
                            "{pair} are both {suit}: the runs of a contract must be of "
                            "different suits."
                        ).format(pair=pair, suit=a.suit.noun),
                        cards=cards,
                    )
                )
            elif not spans_overlap(rules, *spans) and spans_gap(rules, *spans) < (
                rules.same_suit_run_gap
            ):
                gap = spans_gap(rules, *spans)
                problems.append(_too_close(pair, cards, gap, rules.same_suit_run_gap))
            elif rules.same_suit_runs == SameSuitRuns.APART and spans_overlap(rules, *spans):
                problems.append(
                    Problem(
                        "runs-overlap",
                        _(
                            "{pair} overlap: two runs of one suit must be apart, with at least "
                            "one card between them."
                        ).format(pair=pair),
                        cards=cards,
                    )
                )
    return problems


def _too_close(pair: str, cards: tuple[str, ...], gap: int, least: int) -> Problem:
    if least == 1:
        need = _("one card")
    else:
        need = ngettext("{number} rank", "{number} ranks", least).format(number=said_number(least))
    if gap == 0:
        return Problem(
            "runs-touch",
            _(
                "{pair} touch, so together they are one run: two runs of one suit need at least "
                "{need} between them."
            ).format(pair=pair, need=need),
            cards=cards,
        )
    return Problem(
        "runs-too-close",
        ngettext(
            "{pair} are {number} rank apart: two runs of one suit need at least {need} between "
            "them.",
            "{pair} are {number} ranks apart: two runs of one suit need at least {need} between "
            "them.",
            gap,
        ).format(pair=pair, number=said_number(gap), need=need),
        cards=cards,
    )


def _same_rank_problems(rules: RuleSet, melds: Sequence[Meld]) -> list[Problem]:
    """Two sets of one rank, where the sets of a lay-down must differ in rank."""
    if rules.set_ranks != SetRanks.DIFFERENT:
        return []
    sets = [m for m in melds if m.kind == MeldKind.SET and m.rank is not None]
    problems: list[Problem] = []
    for i, a in enumerate(sets):
        for b in sets[i + 1 :]:
            if a.rank != b.rank:
                continue
            assert a.rank is not None
            shown = [" ".join(c.pretty for c in m.cards) for m in (a, b)]
            problems.append(
                Problem(
                    "same-rank-sets",
                    _(
                        "{first} and {second} are both {rank}: the sets of one lay-down must be "
                        "of different ranks."
                    ).format(first=shown[0], second=shown[1], rank=a.rank.noun),
                    cards=tuple(str(c) for c in a.cards + b.cards),
                )
            )
    return problems


__all__ = [
    "option",
    "options_may_share",
    "pair_problems",
    "runs_may_share",
    "spans_gap",
    "spans_overlap",
]
