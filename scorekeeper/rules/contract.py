"""The contract referee: do these groups of cards make the round's contract?

Terms:

- **Going down** means laying melds that together meet the round's contract: exactly the
  contract's count of sets and of runs, each meld legal, each long enough for the meld of the
  contract it fills. Contracts are general (Shanghai's "3 runs of 5" is three ``run ≥5``), so
  melds are matched to the contract's melds by kind and length, not merely counted.
- With ``exact_contract_melds`` (seed 002) every contract meld has exactly its minimum
  length, except in an **all-out** round, where every card in hand goes down.
- **Same-suit runs** and **same-rank sets**: which melds of one lay-down may go down
  together (:mod:`.contract_pairs`).
- In an all-out round the **hand** (the cards not laid down) must be empty.
- A group that is a legal set **and** a legal run (only when a meld of some kind needs at
  most one natural card: ``7♥ Joker Joker Joker``, or wild cards alone when none is needed)
  counts as a set, unless counting it as a run is what makes the contract. Likewise a run
  with a 2 or an ace that reads two ways, a run that is also a flush or a colour meld the
  contract asks for, a set of one rank or another. The readings that make the contract are
  found by :mod:`.contract_readings` (fewest groups read another way; never every
  combination).
- **Extra melds** (``extra_melds``) are legal melds at least as long as the shortest meld of
  their kind the contract asks for, or the usual fewest (set 3, run 4, a colour meld or a
  flush as short as any round asks for) when that is shorter or the contract asks none of that kind; with ``extra_meld_kinds``
  ``contract``, only of a kind the contract asks for.

Contract-level problem codes: ``too-few-sets``, ``too-many-sets``, ``too-few-runs``,
``too-many-runs`` (and ``-colors``, ``-flushes``), ``extra-meld-kind``, ``meld-too-short``,
``meld-not-exact``, ``same-suit-runs``, ``runs-touch``, ``runs-too-close``,
``runs-overlap``, ``same-rank-sets``, ``cards-left-in-hand``, ``no-card-to-discard``,
``too-many-copies``, ``no-jokers``; the meld referee's codes for each group.

A worked hand, Liverpool round 2 (1 set and 1 run):

>>> from .presets import LIVERPOOL
>>> verdict = check_contract(LIVERPOOL, 2, [parse_cards("7H 7C JK"), parse_cards("8C 9C JK JC")])
>>> verdict.legal, [m.meld.describe() for m in verdict.melds if m.meld]
(True, ['set of sevens', 'run 8♣-J♣'])
>>> verdict = check_contract(LIVERPOOL, 3, [parse_cards("2H 3H 4H 5H"), parse_cards("6H 7H 8H 9H")])
>>> for p in verdict.problems:
...     print(p.code, "|", p.message)
runs-touch | 2♥-5♥ and 6♥-9♥ touch, so together they are one run: two runs of one suit need at least one card between them.
"""  # noqa: E501

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .budget import StepBudget, current
from .cards import Card, Rank, format_cards, parse_cards
from .contract_pairs import option, options_may_share, pair_problems
from .contract_readings import choose
from .errors import Problem
from .language import _, ngettext
from .melds import Meld, judge, readings
from .rulesets import (
    Aces,
    Contract,
    ExtraMeldKinds,
    MeldKind,
    MeldSpec,
    RuleSet,
    SetRanks,
    counted_kind,
    kind_word,
    said_number,
)
from .scoring import cards_not_in_deck


@dataclass(frozen=True)
class MeldReport:
    """One group as the referee saw it: its kind (or the kind it looks most like), the legal
    meld if it is one, and its own problems (attributed to its index)."""

    kind: MeldKind | None
    cards: tuple[Card, ...]
    meld: Meld | None
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        return self.meld is not None and not self.problems


@dataclass(frozen=True)
class ContractVerdict:
    """Whether a lay-down meets the round's contract, with every problem found.

    ``problems`` holds all of them: a meld's own problems carry the meld's index; problems
    of the whole lay-down (a missing run, cards left in hand) have ``meld=None``.
    """

    legal: bool
    round_number: int
    contract: Contract
    melds: tuple[MeldReport, ...]
    problems: tuple[Problem, ...]

    def messages(self) -> list[str]:
        return [p.message for p in self.problems]


# --- small pure predicates -------------------------------------------------------------------


def fits_spec(length: int, spec: MeldSpec, *, exact: bool) -> bool:
    """Can a meld of ``length`` cards fill ``spec``: exactly, or at least its minimum."""
    return length == spec.min_length if exact else length >= spec.min_length


def match_lengths(
    lengths: Sequence[int], specs: Sequence[MeldSpec], *, exact: bool
) -> tuple[dict[int, int], list[int], list[int]]:
    """Match melds (by length) to contract melds of one kind.

    Returns ``(pairs, unmatched melds, unmatched specs)``, with ``pairs`` mapping a meld's
    index in ``lengths`` to a spec's index in ``specs``. Taking the contract's melds from the
    shortest and giving each the shortest meld that fills it matches as many as possible
    (every spec fillable by a shorter meld is fillable by a longer one).

    >>> runs = [MeldSpec(MeldKind.RUN, 5)] * 2 + [MeldSpec(MeldKind.RUN, 4)]
    >>> match_lengths([5, 4, 6], runs, exact=False)
    ({1: 2, 0: 0, 2: 1}, [], [])
    >>> match_lengths([4, 4, 6], runs, exact=False)
    ({0: 2, 2: 0}, [1], [1])
    """
    free = sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
    pairs: dict[int, int] = {}
    unmatched_specs: list[int] = []
    for s in sorted(range(len(specs)), key=lambda j: (specs[j].min_length, j)):
        for position, i in enumerate(free):
            if fits_spec(lengths[i], specs[s], exact=exact):
                pairs[i] = s
                del free[position]
                break
        else:
            unmatched_specs.append(s)
    return pairs, sorted(free), unmatched_specs


# --- the referee -----------------------------------------------------------------------------


def check_contract(
    rules: RuleSet,
    round_number: int,
    groups: Sequence[Sequence[Card]],
    hand: Sequence[Card] | None = None,
    *,
    budget: StepBudget | None = None,
) -> ContractVerdict:
    """Judge a lay-down: ``groups`` are the melds laid, ``hand`` the cards left (if known).

    A RuleSetError from ``rules.round`` (no such round) propagates, and a
    :class:`~.budget.TooHard` when the question takes more than ``budget`` (by default the
    request's, :func:`.budget.current`).

    >>> from .presets import CONTRACT_RUMMY, LIVERPOOL
    >>> sets = [parse_cards("7H 7C 7S 7D"), parse_cards("9H 9C 9S")]
    >>> check_contract(LIVERPOOL, 1, sets).legal
    True
    >>> [p.code for p in check_contract(CONTRACT_RUMMY, 1, sets).problems]
    ['meld-not-exact']
    >>> runs = [parse_cards(f"3{s} 4{s} 5{s} 6{s}") for s in "HDS"]
    >>> verdict = check_contract(LIVERPOOL, 7, runs, hand=parse_cards("KC"))
    >>> [p.code for p in verdict.problems]
    ['cards-left-in-hand']
    """
    spec = rules.round(round_number)
    budget = current(budget)
    contract = spec.contract
    lengths = {
        kind: min(
            [m.min_length for m in contract.melds if m.kind == kind] + [rules.usual_length(kind)]
        )
        for kind in MeldKind
    }
    reports: list[MeldReport] = []
    others: dict[int, list[MeldReport]] = {}
    for index, group in enumerate(groups):
        kind, meld, found = judge(
            group, rules, min_length=lengths, budget=budget, expected=contract.kinds
        )
        reports.append(MeldReport(kind, tuple(group), meld, tuple(p.at(index) for p in found)))
        alternatives = _other_readings(rules, contract, group, kind, meld, lengths, budget)
        if alternatives:
            others[index] = [MeldReport(m.kind, tuple(group), m, ()) for m in alternatives]

    reports, extra = _read_as_needed(rules, round_number, reports, others, budget)
    extra.extend(_hand_problems(rules, round_number, groups, hand))
    reports = _with_meld_problems(reports, extra)
    # Meld problems first (in group order), then the lay-down's.
    problems = tuple(p for r in reports for p in r.problems) + tuple(
        p for p in extra if p.meld is None
    )
    return ContractVerdict(
        legal=not problems,
        round_number=round_number,
        contract=contract,
        melds=tuple(reports),
        problems=problems,
    )


def _hand_problems(
    rules: RuleSet,
    round_number: int,
    groups: Sequence[Sequence[Card]],
    hand: Sequence[Card] | None,
) -> list[Problem]:
    """The lay-down's problems with the cards left in hand (if known) and the cards used."""
    spec = rules.round(round_number)
    found: list[Problem] = []
    if spec.all_out and hand:
        found.append(_left_in_hand(round_number, tuple(hand)))
    if rules.keep_card_to_discard and not spec.all_out and hand is not None and not hand:
        found.append(
            Problem(
                "no-card-to-discard",
                _(
                    "Going down in round {round} must leave a card to discard, and these "
                    "melds use every card."
                ).format(round=round_number),
            )
        )
    everything = [c for group in groups for c in group] + list(hand or ())
    found.extend(card_supply_problems(everything, rules))
    return found


def _other_readings(
    rules: RuleSet,
    contract: Contract,
    group: Sequence[Card],
    kind: MeldKind,
    meld: Meld | None,
    lengths: dict[MeldKind, int],
    budget: StepBudget,
) -> list[Meld]:
    """The other ways a legal group may be read: as another kind the contract asks for (the
    run a legal set also makes, ``7♥ Joker Joker Joker`` when a meld needs one natural card
    at most; the flush a run of one suit also is), or as the same kind another way (a run
    with a 2 or an ace read the other way: ``5♣ Joker 2♥ 2♣`` with 2s wild, 2♣ to 5♣ or 5♣
    to 8♣; where aces wrap, ``Joker Joker A♦``: A♦ to 3♦, Q♦ to A♦ or K♦ to 2♦; a set of
    2s or of wild cards only, where sets must differ in rank). A player says which they
    mean, so the lay-down is legal if one reading of each meld makes it so."""
    if meld is None:
        return []
    seen = {_identity(meld, kind, rules)}
    out: list[Meld] = []
    extras_of_any_kind = rules.extra_melds and rules.extra_meld_kinds == ExtraMeldKinds.ANY
    wanted = rules.meld_kinds if extras_of_any_kind else contract.kinds
    for other_kind in (kind, *(k for k in wanted if k != kind)):
        if not _may_read_otherwise(rules, group, kind, other_kind):
            continue
        found = readings(group, rules, other_kind, lengths[other_kind], budget)
        for reading in sorted(found, key=lambda r: r.key):
            other = reading.meld
            if other is not None and _identity(other, other_kind, rules) not in seen:
                seen.add(_identity(other, other_kind, rules))
                out.append(other)
    return out


def _identity(meld: Meld, kind: MeldKind, rules: RuleSet) -> tuple[object, ...]:
    """What tells two readings apart for the contract: the kind and the place."""
    return (kind, option(meld, kind, rules).place)


def _may_read_otherwise(
    rules: RuleSet, group: Sequence[Card], kind: MeldKind, other: MeldKind
) -> bool:
    """Whether ``group``, read as ``kind``, may also be read as ``other`` to any purpose
    (cheap tests that spare a search: a reading of the same kind matters only where it may
    have another place)."""
    if other == kind == MeldKind.RUN:
        # only an ace (low, high or anywhere) or a 2 (natural or wild) reads two ways
        return rules.aces == Aces.WRAP or any(
            c.rank == Rank.ACE or c.rank in rules.wild_ranks for c in group
        )
    if other == kind == MeldKind.SET:
        return rules.set_ranks == SetRanks.DIFFERENT
    if other == kind:
        return False  # a flush or a colour meld has no place
    if {kind, other} == {MeldKind.SET, MeldKind.RUN}:
        # one rank, or every rank once: a group that is both has one natural card at most
        return min(rules.set_min_naturals, rules.run_min_naturals) <= 1
    return True


def _read_as_needed(
    rules: RuleSet,
    round_number: int,
    reports: list[MeldReport],
    others: dict[int, list[MeldReport]],
    budget: StepBudget,
) -> tuple[list[MeldReport], list[Problem]]:
    """The groups as the contract needs them: each legal group as the referee first reads
    it, unless reading some groups another way (``others``: a set that is also a run, a run
    with a 2 read the other way) makes the lay-down's melds match the contract, fewest
    changes first (:mod:`.contract_readings`). Returns the reports and the lay-down's
    problems that depend on the readings (counts, lengths, runs of one suit)."""
    first = _kind_problems(rules, round_number, reports)
    if not first or not others:
        return reports, first
    every = [[r, *others.get(i, [])] for i, r in enumerate(reports)]

    def kinds_fit(kinds: list[MeldKind]) -> bool:
        trial = [next(r for r in rs if r.kind == k) for rs, k in zip(every, kinds, strict=True)]
        return not _tally_problems(rules, round_number, trial)

    chosen = choose(
        [[option(r.meld, r.kind or MeldKind.SET, rules) for r in rs] for rs in every],
        [len(r.cards) for r in reports],
        kinds_fit,
        lambda a, b: options_may_share(rules, a, b),
        budget,
    )
    if chosen is None:
        return reports, first
    trial = [rs[k] for rs, k in zip(every, chosen, strict=True)]
    found = _kind_problems(rules, round_number, trial)
    assert not found, "the readings chosen make the contract"
    return trial, found


def _kind_problems(
    rules: RuleSet, round_number: int, reports: Sequence[MeldReport]
) -> list[Problem]:
    """The lay-down's problems that follow from the kinds of its melds."""
    legal = [r.meld for r in reports if r.meld is not None]
    return [*_tally_problems(rules, round_number, reports), *pair_problems(rules, legal)]


def _tally_problems(
    rules: RuleSet, round_number: int, reports: Sequence[MeldReport]
) -> list[Problem]:
    """The lay-down's problems with its counts of sets and runs and their lengths."""
    spec = rules.round(round_number)
    exact = rules.exact_contract_melds and not spec.all_out
    return [
        *_count_problems(rules, round_number, spec.contract, reports),
        *_length_problems(
            round_number, spec.contract, reports, exact=exact, extras=rules.extra_melds
        ),
    ]


def _left_in_hand(round_number: int, left: tuple[Card, ...]) -> Problem:
    return Problem(
        "cards-left-in-hand",
        ngettext(
            "Round {round} is all out: every card must go into the melds, but {cards} is left "
            "in hand.",
            "Round {round} is all out: every card must go into the melds, but {cards} are left "
            "in hand.",
            len(left),
        ).format(round=round_number, cards=format_cards(left, pretty=True)),
        cards=tuple(str(c) for c in left),
    )


def _with_meld_problems(reports: list[MeldReport], extra: list[Problem]) -> list[MeldReport]:
    """Each meld's report with the lay-down's problems that name that meld added."""
    by_meld: dict[int, list[Problem]] = {}
    for problem in extra:
        if problem.meld is not None:
            by_meld.setdefault(problem.meld, []).append(problem)
    return [
        MeldReport(r.kind, r.cards, r.meld, r.problems + tuple(by_meld.get(i, ())))
        for i, r in enumerate(reports)
    ]


def _laid(reports: Sequence[MeldReport]) -> str:
    if not reports:
        return _("nothing is laid")
    counts = Counter(r.kind for r in reports)
    parts = [counted_kind(k, counts[k]) for k in MeldKind if counts[k]]
    melds = parts[0]
    for part in parts[1:]:
        melds = _("{first} and {second}").format(first=melds, second=part)
    return ngettext("this is {melds}", "these are {melds}", len(reports)).format(melds=melds)


def got_legal(reports: Sequence[MeldReport], kind: MeldKind) -> int:
    """How many of the melds of ``kind`` are legal (extra melds must be legal melds)."""
    return sum(1 for r in reports if r.kind == kind and r.meld is not None)


def _count_problems(
    rules: RuleSet, round_number: int, contract: Contract, reports: Sequence[MeldReport]
) -> list[Problem]:
    """Exactly the contract's count of each kind (an illegal group counts as the kind it looks
    most like, since its own problems are reported separately); more only where extra melds
    may go down, each a legal meld, of a kind the contract asks for where that is the rule."""
    problems: list[Problem] = []
    asked = _("Round {round} asks for {contract}").format(
        round=round_number, contract=contract.describe()
    )
    for kind in MeldKind:
        want = sum(1 for m in contract.melds if m.kind == kind)
        got = sum(1 for r in reports if r.kind == kind)
        if got < want:
            missing = want - got
            message = ngettext(
                "{asked}, and {laid}: {number} {kind} is missing.",
                "{asked}, and {laid}: {number} {kind} are missing.",
                missing,
            )
            problems.append(
                Problem(
                    f"too-few-{kind.code_plural}",
                    message.format(
                        asked=asked,
                        laid=_laid(reports),
                        number=said_number(missing),
                        kind=_(kind.noun if missing == 1 else kind.plural),
                    ),
                )
            )
        elif got > want and not (rules.extra_melds and got_legal(reports, kind) == got):
            surplus = got - want
            message = ngettext(
                "{asked}, and {laid}: {number} {kind} too many.",
                "{asked}, and {laid}: {number} {kind} too many.",
                surplus,
            )
            problems.append(
                Problem(
                    f"too-many-{kind.code_plural}",
                    message.format(
                        asked=asked,
                        laid=_laid(reports),
                        number=said_number(surplus),
                        kind=_(kind.noun if surplus == 1 else kind.plural),
                    ),
                )
            )
        elif got > want and not want and rules.extra_meld_kinds == ExtraMeldKinds.CONTRACT:
            problems.append(
                Problem(
                    "extra-meld-kind",
                    _(
                        "{asked}, and {laid}: an extra meld must be of a kind the contract asks "
                        "for, and it asks for no {kind}."
                    ).format(asked=asked, laid=_laid(reports), kind=kind_word(kind)),
                )
            )
    return problems


def _length_problems(
    round_number: int,
    contract: Contract,
    reports: Sequence[MeldReport],
    *,
    exact: bool,
    extras: bool = False,
) -> list[Problem]:
    """Each legal meld fills one of the contract's melds of its kind: long enough, or (with
    exact contract melds) exactly the right length."""
    problems: list[Problem] = []
    for kind in MeldKind:
        specs = [m for m in contract.melds if m.kind == kind]
        legal = [
            (i, r.meld) for i, r in enumerate(reports) if r.meld is not None and r.kind == kind
        ]
        if not specs or (len(legal) > len(specs) and not extras):
            continue  # too many melds of this kind: already reported
        _matched, unmatched, open_specs = match_lengths(
            [len(meld) for _, meld in legal], specs, exact=exact
        )
        for meld_index, spec_index in zip(unmatched, open_specs, strict=False):
            index, meld = legal[meld_index]
            wanted = specs[spec_index].min_length
            shown = format_cards(meld.cards, pretty=True)
            noun = kind_word(kind)
            if exact:
                problems.append(
                    Problem(
                        "meld-not-exact",
                        _(
                            "{cards} is {count} cards: going down in round {round}, a {kind} is "
                            "exactly {wanted} cards (longer melds only in an all-out round)."
                        ).format(
                            cards=shown,
                            count=len(meld),
                            round=round_number,
                            kind=noun,
                            wanted=wanted,
                        ),
                        meld=index,
                        cards=tuple(str(c) for c in meld.cards),
                    )
                )
            else:
                problems.append(
                    Problem(
                        "meld-too-short",
                        _(
                            "{cards} is a {kind} of {count}: round {round} asks for {contract}, "
                            "so this {kind} needs at least {wanted} cards."
                        ).format(
                            cards=shown,
                            kind=noun,
                            count=len(meld),
                            round=round_number,
                            contract=contract.describe(),
                            wanted=wanted,
                        ),
                        meld=index,
                        cards=tuple(str(c) for c in meld.cards),
                    )
                )
    return problems


def card_supply_problems(cards: Sequence[Card], rules: RuleSet) -> list[Problem]:
    """Cards that cannot all exist: more copies than the most decks the game uses hold.

    >>> from .presets import DEUCES_SIX
    >>> [p.message for p in card_supply_problems(parse_cards("7H 7H 7H 7H JK"), DEUCES_SIX)]
    ['7♥ appears 4 times, but the 3 decks this game uses at most hold only 3.', 'Six-round Deuces Wild is played without jokers: JK is not in its deck.']
    """  # noqa: E501
    players = range(rules.min_players, rules.max_players + 1)
    decks = max(rules.decks.decks_for(p) for p in players)
    jokers = max(rules.decks.jokers_for(p) for p in players)
    problems: list[Problem] = []
    for card, count in Counter(cards).items():
        if card.is_joker:
            if not jokers:  # the decks hold none
                problems.extend(cards_not_in_deck(rules, (card,)))
            elif count > jokers:
                problems.append(
                    Problem(
                        "too-many-copies",
                        _("There are {count} jokers, but this game uses at most {most}.").format(
                            count=count, most=jokers
                        ),
                        cards=("JK",),
                    )
                )
        elif count > decks:
            problems.append(
                Problem(
                    "too-many-copies",
                    ngettext(
                        "{card} appears {count} times, but the {decks} deck this game uses at "
                        "most holds only {decks}.",
                        "{card} appears {count} times, but the {decks} decks this game uses at "
                        "most hold only {decks}.",
                        decks,
                    ).format(card=card.pretty, count=count, decks=decks),
                    cards=(str(card),),
                )
            )
    return problems


__all__ = [
    "ContractVerdict",
    "MeldReport",
    "card_supply_problems",
    "check_contract",
    "fits_spec",
    "match_lengths",
    "parse_cards",
]
