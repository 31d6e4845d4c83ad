"""Why a hand cannot make the contract: the contract search asked smaller questions.

Each sentence comes from asking the same search (:mod:`.contract_search`, through
:mod:`.solver`) about part of the problem: the sets alone, the runs alone, one suit alone,
the same hand with a wild or two more, the same round as if it had a discard. The first
question that fails says what is missing.

>>> from .cards import parse_cards
>>> from .presets import LIVERPOOL
>>> print(explain(LIVERPOOL, 1, parse_cards("7H 7C 9D 8S KD 2C 4H 5H QS JD")))
No way to make 2 sets: only sevens have 2 or more natural cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from .budget import DEFAULT_STEPS, ShareSpent
from .cards import Card, Color, Rank, format_cards
from .language import _, and_list, ngettext
from .rulesets import MeldKind, MeldSpec, RuleSet, SameSuitRuns, counted_kind, said_number
from .solver import Solver
from .solver_model import SUITS, UNBOUNDED, HandCounts, SearchRules, cell

# The reason may spend a quarter of the question's budget, and at most a quarter of the
# usual budget (its questions are smaller than the contract's: most take a few steps).
REASON_SHARE = 4
REASON_STEPS = DEFAULT_STEPS // REASON_SHARE


def explain(
    rules: RuleSet, round_number: int, hand: Sequence[Card], solver: Solver | None = None
) -> str:
    """A sentence saying what is missing, as concrete as the counts allow (``solver``: the
    one that found the contract impossible, with its budget and prunings).

    The smaller questions it asks spend at most a quarter of the question's budget; past
    that, the sentence only says the contract cannot be made (which is known already)."""
    ask = solver or Solver()
    whole = ask.budget
    ask.budget = whole.share(min(REASON_STEPS, whole.limit // REASON_SHARE))
    try:
        return _explain(ask, rules, round_number, hand)
    except ShareSpent:
        want = rules.round(round_number).contract.describe()
        return ngettext(
            "No way to make {contract} with this {count} card. Saying exactly what is missing "
            "would take the referee too long.",
            "No way to make {contract} with these {count} cards. Saying exactly what is "
            "missing would take the referee too long.",
            len(hand),
        ).format(contract=want, count=len(hand))
    finally:
        ask.budget = whole


def _explain(ask: Solver, rules: RuleSet, round_number: int, hand: Sequence[Card]) -> str:
    spec = rules.round(round_number)
    contract = spec.contract
    want = contract.describe()
    if len(hand) < contract.min_cards:
        return ngettext(
            "No way to make {contract}: it needs at least {least} cards, and there is only "
            "{count}.",
            "No way to make {contract}: it needs at least {least} cards, and there are only "
            "{count}.",
            len(hand),
        ).format(contract=want, least=contract.min_cards, count=len(hand))
    search = SearchRules.of(rules, round_number)
    counts = HandCounts.of(hand, rules)
    with_discard = dataclasses.replace(search, all_out=False, keep_discard=False)
    if search.all_out:
        stuck = homeless(ask, search, counts, hand, rules) if search.plain else []
        if stuck:
            return ngettext(
                "No way to use every card: round {round} is all out, and {cards} fits in no meld.",
                "No way to use every card: round {round} is all out, and {cards} fit in no meld.",
                len(stuck),
            ).format(round=round_number, cards=format_cards(stuck, pretty=True))
        if ask.solve(with_discard, counts) is not None:
            return ngettext(
                "No way to use every card: round {round} is all out, and this {count} card "
                "does not make exactly {contract}.",
                "No way to use every card: round {round} is all out, and these {count} cards "
                "do not split into exactly {contract}.",
                len(hand),
            ).format(round=round_number, count=len(hand), contract=want)
    elif search.keep_discard and ask.solve(with_discard, counts) is not None:
        return ngettext(
            "No way to make {contract} and keep a card to discard: every way uses the {count} "
            "card.",
            "No way to make {contract} and keep a card to discard: every way uses all {count} "
            "cards.",
            len(hand),
        ).format(contract=want, count=len(hand))
    return _missing(ask, with_discard, counts, want)


def _missing(ask: Solver, search: SearchRules, counts: HandCounts, want: str) -> str:
    parts = []
    for kind in MeldKind:
        group = tuple(m for m in search.slots if m.kind == kind)
        if group and ask.solve(dataclasses.replace(search, slots=group), counts) is None:
            melds = counted_kind(kind, len(group))
            specific = _house_rule(ask, dataclasses.replace(search, slots=group), counts, melds)
            specific = specific or _group_short(search, kind, group, counts, melds)
            if specific:
                parts.append(specific)
            elif search.plain:
                parts.append(_explain_kind(ask, search, kind, group, counts))
            else:
                parts.append(_explain_new_kind(ask, search, kind, group, counts))
    if parts:
        return " ".join(parts)
    specific = _house_rule(ask, search, counts, want)
    if specific:
        return specific
    more = _wilds_short(ask, search, counts)
    if more:
        return _(
            "No way to make {contract} at once {wilds}: the sets and the runs can each be "
            "made, but together {short}."
        ).format(
            contract=want,
            wilds=_wilds_said(counts.wilds),
            short=ngettext("they need {count} more", "they need {count} more", more).format(
                count=said_number(more)
            ),
        )
    return _(
        "No way to make {contract} at once: the sets and the runs can each be made, but they "
        "need the same cards."
    ).format(contract=want)


# --- the house rules that stand in the way ------------------------------------------------


def _house_rule(ask: Solver, search: SearchRules, counts: HandCounts, melds: str) -> str:
    """The sentence for the first house rule without which the melds of ``search`` could be
    made from ``counts`` (the same question asked with that one rule lifted), or ``""``.

    A rule only forbids ways, so when lifting it makes the melds possible, it is what stands
    in the way (perhaps with others: the first one found is named)."""
    lifted: list[tuple[SearchRules, Callable[[str], str]]] = []
    if search.sets_differ:
        lifted.append((dataclasses.replace(search, sets_differ=False), _sets_differ))
    if search.same_suit == SameSuitRuns.NEVER and any(m.kind == MeldKind.RUN for m in search.slots):
        easier = dataclasses.replace(search, same_suit=SameSuitRuns.APART_OR_OVERLAPPING)
        lifted.append((easier, _runs_differ))
    wilds = counts.wilds + len(counts.dual)
    if search.wild_cap < UNBOUNDED and wilds > search.wild_cap:
        cap = search.wild_cap
        easier = dataclasses.replace(search, wild_cap=UNBOUNDED)
        lifted.append((easier, lambda melds: _wilds_capped(melds, cap)))
    if not search.adjacent_wilds and wilds > 1:
        lifted.append((dataclasses.replace(search, adjacent_wilds=True), _wilds_apart))
    for easier, reason in lifted:
        if ask.solve(easier, counts) is not None:
            return reason(melds)
    return ""


def _sets_differ(melds: str) -> str:
    return _("No way to make {melds}: the sets of a lay-down must be of different ranks.").format(
        melds=melds
    )


def _runs_differ(melds: str) -> str:
    return _("No way to make {melds}: the runs of a lay-down must be of different suits.").format(
        melds=melds
    )


def _wilds_capped(melds: str, cap: int) -> str:
    return ngettext(
        "No way to make {melds}: under these rules a meld holds {cap} wild card at most.",
        "No way to make {melds}: under these rules a meld holds {cap} wild cards at most.",
        cap,
    ).format(melds=melds, cap=cap)


def _wilds_apart(melds: str) -> str:
    return _(
        "No way to make {melds}: under these rules two wild cards may not stand side by side "
        "in a run."
    ).format(melds=melds)


def _group_short(
    search: SearchRules,
    kind: MeldKind,
    group: tuple[MeldSpec, ...],
    counts: HandCounts,
    melds: str,
) -> str:
    """For colour melds and flushes: no colour (suit) has enough cards, its natural cards and
    the wilds together, for the shortest meld asked; else ``""``."""
    if kind not in (MeldKind.COLOR, MeldKind.FLUSH):
        return ""
    length = min(m.min_length for m in group)
    spare = counts.wilds + sum(counts.naturals[c] for c in counts.dual)
    groups: list[tuple[int, ...]]
    if kind == MeldKind.FLUSH:
        groups = [(s,) for s in range(4)]
    else:
        groups = [tuple(s for s in range(4) if SUITS[s].color == colour) for colour in Color]
    best = max(
        sum(
            counts.naturals[cell(r, s)]
            for s in suits
            for r in range(1, 14)
            if cell(r, s) not in counts.dual
        )
        for suits in groups
    )
    if best + spare >= length:
        return ""
    sentence = (
        _(
            "No way to make {melds}: a flush needs {length} cards of one suit, wild cards "
            "included, and this hand has {count} at most."
        )
        if kind == MeldKind.FLUSH
        else _(
            "No way to make {melds}: a colour meld needs {length} cards of one colour, wild "
            "cards included, and this hand has {count} at most."
        )
    )
    return sentence.format(melds=melds, length=length, count=best + spare)


def _with_wilds(counts: HandCounts, more: int) -> HandCounts:
    return dataclasses.replace(counts, wilds=counts.wilds + more)


def _wilds_short(ask: Solver, search: SearchRules, counts: HandCounts) -> int:
    """How many more wilds (1 or 2) would make the melds possible; 0 if that would not do."""
    if ask.solve(search, _with_wilds(counts, 2)) is None:
        return 0
    return 1 if ask.solve(search, _with_wilds(counts, 1)) is not None else 2


def _only_cells(counts: HandCounts, keep: set[int]) -> HandCounts:
    """The hand with only the natural cards of ``keep``; other dual cards become wilds."""
    naturals = [n if c in keep else 0 for c, n in enumerate(counts.naturals)]
    freed = sum(counts.naturals[c] for c in counts.dual if c not in keep)
    dual = tuple(c for c in counts.dual if c in keep)
    return HandCounts(tuple(naturals), counts.wilds + freed, dual)


def _explain_kind(
    ask: Solver,
    search: SearchRules,
    kind: MeldKind,
    group: tuple[MeldSpec, ...],
    counts: HandCounts,
) -> str:
    count = len(group)
    melds = counted_kind(kind, count)
    length = min(m.min_length for m in group)
    wilds = counts.wilds
    if kind == MeldKind.RUN:
        least = max(1, search.run_min_naturals)  # "0 or more" says nothing
        one = dataclasses.replace(search, slots=(MeldSpec(kind, length),))
        able = [
            SUITS[s].noun
            for s in range(4)
            if ask.solve(one, _only_cells(counts, {cell(r, s) for r in range(1, 14)})) is not None
        ]
        said = {"melds": melds, "least": least, "length": length, "wilds": _wilds_said(wilds)}
        if not able:
            return _no_suit().format(**said)
        if len(able) < count:
            return _only_suits(search, able).format(
                suits=and_list(able), suit=able[0], number=said_number(count), **said
            )
    else:
        least = max(1, search.set_min_naturals)
        distinct = search.set_max <= 4
        ranks = [Rank(r).noun for r in range(1, 14) if _set_naturals(counts, r, distinct) >= least]
        if not ranks:
            sentence = (
                _(
                    "No way to make {melds}: no rank has {least} or more natural cards of "
                    "different suits."
                )
                if distinct
                else _("No way to make {melds}: no rank has {least} or more natural cards.")
            )
            return sentence.format(melds=melds, least=least)
        if len(ranks) < count:
            sentence = (
                _(
                    "No way to make {melds}: only {ranks} have {least} or more natural cards of "
                    "different suits."
                )
                if distinct
                else _("No way to make {melds}: only {ranks} have {least} or more natural cards.")
            )
            return sentence.format(melds=melds, ranks=and_list(ranks), least=least)
    more = _wilds_short(ask, dataclasses.replace(search, slots=group), counts)
    if more:
        return _("No way to make {melds} {wilds}: {short}.").format(
            melds=melds, wilds=_wilds_said(wilds), short=_more_needed(more)
        )
    sentence = (
        ngettext(
            "No way to make {melds}: the natural cards in sequence are too few for {number} run.",
            "No way to make {melds}: the natural cards in sequence are too few for {number} runs.",
            count,
        )
        if kind == MeldKind.RUN
        else ngettext(
            "No way to make {melds}: the natural cards of one rank are too few for {number} set.",
            "No way to make {melds}: the natural cards of one rank are too few for {number} sets.",
            count,
        )
    )
    return sentence.format(melds=melds, number=said_number(count))


def _wilds_said(wilds: int) -> str:
    """``with 2 wild cards``, ``with no wild card``: a sentence's plural follows its own
    count, so the wilds are said apart from what else the sentence counts ("con 0 comodines"
    and "mit 0 Jokern" were the plural of zero)."""
    if wilds == 0:
        return _("with no wild card")
    return ngettext("with {count} wild card", "with {count} wild cards", wilds).format(count=wilds)


def _more_needed(more: int) -> str:
    """``1 more would be needed``: the verb agrees with ``more``, not with another count."""
    return ngettext("{count} more would be needed", "{count} more would be needed", more).format(
        count=said_number(more)
    )


def _no_suit() -> str:
    return _(
        "No way to make {melds}: no suit has {least} or more natural cards close enough "
        "together for a run of {length} ({wilds})."
    )


def _only_suits(search: SearchRules, able: list[str]) -> str:
    """The sentence when fewer suits than runs asked can each hold a run: with why one suit
    cannot hold them all, when the rules or the counts say."""
    if search.same_suit == SameSuitRuns.NEVER:
        return _(
            "No way to make {melds}: only {suits} have {least} or more natural cards close "
            "enough together for a run of {length} ({wilds}), and runs must be of different "
            "suits."
        )
    if len(able) == 1:
        return _(
            "No way to make {melds}: only {suits} have {least} or more natural cards close "
            "enough together for a run of {length} ({wilds}), and {suit} alone cannot hold "
            "{number} runs here."
        )
    return _(
        "No way to make {melds}: only {suits} have {least} or more natural cards close enough "
        "together for a run of {length} ({wilds})."
    )


def _explain_new_kind(
    ask: Solver,
    search: SearchRules,
    kind: MeldKind,
    group: tuple[MeldSpec, ...],
    counts: HandCounts,
) -> str:
    """Why the melds of ``kind`` alone cannot be made under issue 24's kinds and house
    rules when no one house rule is to blame (:func:`_house_rule`): the counts the sentences
    of :func:`_explain_kind` give are those of sets and runs of one suit, so this one says
    how many wilds are short."""
    melds = counted_kind(kind, len(group))
    more = _wilds_short(ask, dataclasses.replace(search, slots=group), counts)
    if more:
        return ngettext(
            "No way to make {melds} with these cards under this table's rules: {more} more "
            "wild card would be needed.",
            "No way to make {melds} with these cards under this table's rules: {more} more "
            "wild cards would be needed.",
            more,
        ).format(melds=melds, more=said_number(more))
    return _(
        "No way to make {melds} with these cards under this table's rules: the natural cards "
        "that fit together are too few."
    ).format(melds=melds)


def _set_naturals(counts: HandCounts, rank: int, distinct: bool) -> int:
    have = [counts.naturals[cell(rank, s)] for s in range(4)]
    return sum(1 for n in have if n) if distinct else sum(have)


def homeless(
    ask: Solver, search: SearchRules, counts: HandCounts, hand: Sequence[Card], rules: RuleSet
) -> list[Card]:
    """Natural cards that are in no legal meld of the contract's kinds: for each, the search
    is asked for a set of its rank from the cards of that rank, and the run windows of its
    suit are tried."""
    shortest = {
        m.kind: min(x.min_length for x in search.slots if x.kind == m.kind) for m in search.slots
    }
    if search.extra_melds:  # an extra meld may be of either kind, and shorter
        shortest = dict(zip((MeldKind.SET, MeldKind.RUN), search.extra_length, strict=True))
    one = dataclasses.replace(search, all_out=False, keep_discard=False, exact=False)
    in_sets: dict[int, bool] = {}  # by rank
    in_runs: dict[int, int] = {}  # by suit: the positions some run window covers
    stuck: list[Card] = []
    for card in hand:
        if card.rank is None or card.suit is None or card.rank in rules.wild_ranks:
            continue
        rank, suit = int(card.rank), SUITS.index(card.suit)
        if MeldKind.SET in shortest and rank not in in_sets:
            in_sets[rank] = _set_fits(ask, one, counts, shortest[MeldKind.SET], rank)
        if MeldKind.RUN in shortest and suit not in in_runs:
            in_runs[suit] = _run_windows(one, counts, shortest[MeldKind.RUN], suit)
        positions = (1, 14) if rank == 1 else (rank,)
        in_run = any(in_runs.get(suit, 0) >> p & 1 for p in positions)
        if not (in_sets.get(rank, False) or in_run):
            stuck.append(card)
    return stuck


def _set_fits(ask: Solver, search: SearchRules, counts: HandCounts, length: int, rank: int) -> bool:
    """Is there a set of ``rank`` (of ``length`` cards at least) in the hand?"""
    slots = (MeldSpec(MeldKind.SET, length),)
    keep = {cell(rank, s) for s in range(4)}
    return (
        ask.solve(dataclasses.replace(search, slots=slots), _only_cells(counts, keep)) is not None
    )


def _run_windows(search: SearchRules, counts: HandCounts, length: int, suit: int) -> int:
    """The run positions of ``suit`` (a bit each, 1-14) inside some legal run window filled
    by the suit's natural cards and the hand's wilds."""
    spare = counts.wilds + sum(counts.naturals[c] for c in counts.dual)
    held = _positions(suit, lambda c: counts.naturals[c] > 0)
    dual = _positions(suit, lambda c: counts.naturals[c] > 0 and c in counts.dual)
    least = max(1, search.run_min_naturals)
    covered = 0
    for low in range(search.lowest, search.highest - length + 2):
        for high in range(low + length - 1, min(search.highest, low + 12) + 1):
            window = ((1 << (high - low + 1)) - 1) << low
            naturals = (held & window).bit_count()
            wilds = high - low + 1 - naturals
            if (
                naturals >= least
                and wilds <= spare - (dual & window).bit_count()
                and not (search.wilds_at_most_naturals and wilds > naturals)
            ):
                covered |= window
    return covered


def _positions(suit: int, where: Callable[[int], bool]) -> int:
    """A bit per run position (1-14) of ``suit`` whose cell is ``where``."""
    return sum(1 << p for p in range(1, 15) if where(cell(1 if p == 14 else p, suit)))


__all__ = ["explain", "homeless"]
