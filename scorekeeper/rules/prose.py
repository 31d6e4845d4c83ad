"""A rule set in plain language: its rule book as data, written from the rule set's fields.

The one place where rules are put into words. The ``/rules/<preset>`` pages show every
section; the printed score sheets show the **key rules**, which are not written again but
picked out of the same sentences: each section's key sentences, joined into one line. The
JSON API returns the sections as dicts (:meth:`Section.as_dict`).

Terms:

- A **section** has a heading and paragraphs; a **paragraph** is a run of sentences.
- A **key sentence** is a rule a player at the table needs: short, and true on its own.
  The sentences after it explain it or give the details a sheet has no room for.
- **Players**: the decks and jokers depend on the number of players; the book gives them
  for every count the rule set allows, or for one count (a sheet's).

Pure: nothing here knows about Flask, the database or PDFs.

>>> from scorekeeper.rules import PRESETS
>>> book = rule_book(PRESETS["liverpool"])
>>> [section.heading for section in book][:3]
['Decks and wild cards', 'Sets and runs', 'Going down']
>>> print(book[0].paragraphs[1].text)
Jokers are wild. A wild card stands in for any card.
>>> key_rules(PRESETS["liverpool"], 4)[0]
'4 players: 2 decks and 4 jokers. Jokers are wild.'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from .language import N_, _, and_list, current_language, ngettext
from .prose_base import (
    Paragraph,
    Section,
    Sentence,
    capital,
    key_rule,
    rounds_text,
    rounds_where,
    says,
    signed,
    stages_text,
)
from .prose_melds import melds_section
from .prose_scores import extra_score_sentences
from .rulesets import (
    DEFAULT_MIN_LENGTH,
    BuyPrecedence,
    ExtraMeldKinds,
    JokerCount,
    JokerSwap,
    MeldKind,
    PhaseOrder,
    RuleSet,
    RunSuits,
    SameSuitRuns,
    SetRanks,
    said_number,
)

# --- the sections -----------------------------------------------------------------------------


def _players_text(counts: Sequence[int]) -> str:
    if len(counts) == 1:
        return ngettext("{count} player", "{count} players", counts[0]).format(count=counts[0])
    if len(counts) == 2:
        return _("{low} or {high} players").format(low=counts[0], high=counts[-1])
    return _("{low} to {high} players").format(low=counts[0], high=counts[-1])


def _decks_clause(players: Sequence[int], decks: int, jokers: int | None) -> str:
    """``2 to 5 players: 2 decks and 4 jokers`` (``jokers`` None: said once for all)."""
    said = _players_text(players)
    if jokers is None:
        return ngettext("{players}: {count} deck", "{players}: {count} decks", decks).format(
            players=said, count=decks
        )
    if not jokers:
        return ngettext(
            "{players}: {count} deck, no jokers", "{players}: {count} decks, no jokers", decks
        ).format(players=said, count=decks)
    return (
        ngettext(
            "{players}: {decks} deck and {count} joker",
            "{players}: {decks} deck and {count} jokers",
            jokers,
        )
        if decks == 1
        else ngettext(
            "{players}: {decks} decks and {count} joker",
            "{players}: {decks} decks and {count} jokers",
            jokers,
        )
    ).format(players=said, decks=decks, count=jokers)


def decks_text(rules: RuleSet, players: range) -> str:
    """The decks and jokers for each number of ``players``, grouped.

    >>> from scorekeeper.rules import PRESETS
    >>> decks_text(PRESETS["liverpool"], range(2, 9))
    '2 to 5 players: 2 decks and 4 jokers; 6 to 8 players: 3 decks and 6 jokers.'
    >>> decks_text(PRESETS["contract-rummy"], range(2, 9))
    '2 to 4 players: 2 decks; 5 to 8 players: 3 decks; one joker fewer than the players.'
    >>> decks_text(PRESETS["contract-rummy"], range(4, 5))
    '4 players: 2 decks and 3 jokers.'
    >>> decks_text(PRESETS["kalooki"], range(3, 9))
    '3 or 4 players: 2 decks and 4 jokers; 5 or 6 players: 3 decks and 8 jokers; 7 or 8 players: 4 decks and 10 jokers.'
    """  # noqa: E501
    deck_rule = rules.decks

    def row(players: int) -> tuple[int, int]:
        # one joker fewer than the players: grouped by decks, the jokers said once at the end
        minus_one = deck_rule.jokers == JokerCount.PLAYERS_MINUS_ONE
        return deck_rule.decks_for(players), 0 if minus_one else deck_rule.jokers_for(players)

    groups = [list(g) for _d, g in groupby(players, key=row)]
    varying = any(len({deck_rule.jokers_for(p) for p in group}) > 1 for group in groups)
    clauses = [
        _decks_clause(
            group,
            deck_rule.decks_for(group[0]),
            None if varying else deck_rule.jokers_for(group[0]),
        )
        for group in groups
    ]
    if varying:
        clauses.append(_("one joker fewer than the players"))
    return capital("; ".join(clauses)) + "."


def _at_most_wilds(cap: int) -> str:
    return ngettext(
        "A meld goes down with at most one wild card.",
        "A meld goes down with at most {count} wild cards.",
        cap,
    ).format(count=said_number(cap))


def _wild_limits(rules: RuleSet) -> list[Paragraph]:
    """The cap on wild cards per meld going down, and wild cards kept apart in runs."""
    if not _has_wilds(rules):
        return []
    found = []
    cap = rules.wilds_per_meld
    later = _("Laying off later, a meld may take more.")
    if cap == 0:
        found.append(says(key_rule(_("Melds go down without wild cards.")), later))
    elif cap is not None:
        found.append(says(key_rule(_at_most_wilds(cap)), later))
    if not rules.adjacent_wilds:
        found.append(
            says(
                key_rule(_("Two wild cards never stand side by side in a run.")),
                _("Wild cards in a run stand for cards with a natural card between them."),
            )
        )
    return found


def _has_wilds(rules: RuleSet) -> bool:
    return rules.uses_jokers or bool(rules.wild_ranks)


def wilds_sentence(rules: RuleSet) -> str:
    """``Jokers are wild.``, ``No wild cards.``: :meth:`RuleSet.describe_wilds` as a sentence.

    >>> from scorekeeper.rules import PRESETS
    >>> wilds_sentence(PRESETS["deuces-six"])
    'Twos are wild.'
    """
    return capital(rules.describe_wilds()) + "."


def cards_section(rules: RuleSet, players: range) -> Section:
    wilds: list[Sentence | str] = [key_rule(wilds_sentence(rules))]
    if _has_wilds(rules):
        wilds.append(_("A wild card stands in for any card."))
    if rules.wild_ranks and rules.wild_can_be_natural:
        ranks = and_list([r.noun for r in sorted(rules.wild_ranks)])
        wilds.append(
            _("Wild {ranks} may also stand for themselves, and then count as natural cards.")
            .format(ranks=ranks)
        )  # fmt: skip
    paragraphs = [says(key_rule(decks_text(rules, players))), says(*wilds)]
    paragraphs += _wild_limits(rules)
    if rules.wilds_at_most_naturals:
        paragraphs.append(says(key_rule(_outnumber_sentence())))
    return Section(_("Decks and wild cards"), tuple(paragraphs))


def _outnumber_sentence() -> str:  # one sentence said in two places
    return _("Wild cards may not outnumber natural cards in a meld.")


_SAME_SUIT_RUNS = {
    SameSuitRuns.APART: N_(
        "Two runs of the same suit in one contract must be apart, with at least one card "
        "between them: they may neither touch nor overlap."
    ),
    SameSuitRuns.APART_OR_OVERLAPPING: N_(
        "Two runs of the same suit in one contract may be apart or overlap (using cards of two "
        "decks), but may not touch: touching runs are one run."
    ),
    SameSuitRuns.NEVER: N_("The runs of one contract must all be of different suits."),
}


def _extra_melds(rules: RuleSet) -> list[Paragraph]:
    """Melds beyond the contract, where the rule set allows them, and how long each is."""
    if not rules.extra_melds:
        return []
    sets, runs = DEFAULT_MIN_LENGTH[MeldKind.SET], DEFAULT_MIN_LENGTH[MeldKind.RUN]
    rule = (
        key_rule(_("Melds beyond the contract may go down with it, of a kind it asks for."))
        if rules.extra_meld_kinds == ExtraMeldKinds.CONTRACT
        else key_rule(_("Melds beyond the contract may go down with it."))
    )
    return [
        says(
            rule,
            _(
                "Each is at least as long as the shortest meld of its kind the contract asks "
                "for, or as {sets} cards for a set and {runs} for a run when that is shorter or "
                "the contract asks for none of its kind."
            ).format(sets=sets, runs=runs),
        )
    ]


def _lay_sentence(rules: RuleSet) -> str:
    """How to go down: the contract all at once, exactly or at least its melds."""
    plain = rules.meld_kinds == (MeldKind.SET, MeldKind.RUN)
    key = (rules.phased, bool(rules.extra_melds), plain)
    return _(_LAY[key])


_LAY = {
    (False, False, True): N_(
        "To go down you lay the round's contract all at once: exactly its number of sets and "
        "of runs, each meld legal."
    ),
    (False, True, True): N_(
        "To go down you lay the round's contract all at once: at least its number of sets and "
        "of runs, each meld legal."
    ),
    (False, False, False): N_(
        "To go down you lay the round's contract all at once: exactly its number of melds of "
        "each kind, each meld legal."
    ),
    (False, True, False): N_(
        "To go down you lay the round's contract all at once: at least its number of melds of "
        "each kind, each meld legal."
    ),
    (True, False, True): N_(
        "To go down you lay your phase's contract all at once: exactly its number of sets and "
        "of runs, each meld legal."
    ),
    (True, True, True): N_(
        "To go down you lay your phase's contract all at once: at least its number of sets and "
        "of runs, each meld legal."
    ),
    (True, False, False): N_(
        "To go down you lay your phase's contract all at once: exactly its number of melds of "
        "each kind, each meld legal."
    ),
    (True, True, False): N_(
        "To go down you lay your phase's contract all at once: at least its number of melds of "
        "each kind, each meld legal."
    ),
}


def going_down_section(rules: RuleSet) -> Section:
    paragraphs = [says(_lay_sentence(rules)), *_extra_melds(rules)]
    if rules.exact_contract_melds:
        all_out = rounds_where(rules, lambda spec: spec.all_out)
        sets, runs = DEFAULT_MIN_LENGTH[MeldKind.SET], DEFAULT_MIN_LENGTH[MeldKind.RUN]
        exact = (
            _("Contract melds are exactly {sets} (set) or {runs} (run) cards, except in {rounds}.")
            if all_out
            else _("Contract melds are exactly {sets} (set) or {runs} (run) cards.")
        )
        paragraphs.append(
            says(
                key_rule(exact.format(sets=sets, runs=runs, rounds=stages_text(rules, all_out))),
                _("Other cards are laid off later."),
            )
        )
    else:
        paragraphs.append(says(_("A contract meld may be longer than the minimum.")))
    if rules.run_suits == RunSuits.SAME:
        paragraphs.append(says(_(_SAME_SUIT_RUNS[rules.same_suit_runs])))
    if rules.set_ranks == SetRanks.DIFFERENT:
        paragraphs.append(says(key_rule(_("The sets of one lay-down are of different ranks."))))
    return Section(_("Going down"), tuple(paragraphs))


def _all_out_sentence(rules: RuleSet, all_out: Sequence[int]) -> str:
    return capital(
        _("In {rounds} go out with every card: no discard.").format(
            rounds=stages_text(rules, all_out)
        )
    )


def _going_out_paragraphs(rules: RuleSet) -> list[Paragraph]:
    found = []
    all_out = rounds_where(rules, lambda spec: spec.all_out)
    if all_out:
        found.append(
            says(
                key_rule(_all_out_sentence(rules, all_out)),
                _("Every card in your hand is laid down, even the last card picked up."),
            )
        )
    discard = rounds_where(rules, lambda spec: not spec.all_out)
    if discard:
        if len(discard) < rules.round_count:
            out = _("In {rounds} you go out by playing every card but one and discarding it.")
            out = capital(out.format(rounds=stages_text(rules, discard)))
        elif rules.phased:
            out = _("In every hand you go out by playing every card but one and discarding it.")
        else:
            out = _("In every round you go out by playing every card but one and discarding it.")
        keep = (
            [key_rule(_("Going down must leave at least one card to discard."))]
            if rules.keep_card_to_discard
            else []
        )
        found.append(says(out, *keep))
    return found


def laying_off_section(rules: RuleSet) -> Section:
    if rules.layoff_on_going_down_turn:
        layoff = says(
            _(
                "Once down you may lay off cards on any meld on the table, even in the turn you "
                "go down."
            )
        )
    else:
        layoff = says(
            _("Once down you may lay off cards on any meld on the table."),
            key_rule(_("No laying off in the turn you go down.")),
        )
    liverpool = says(
        _(
            "A player who is down and discards a card that could have been laid off can be "
            'called out: "Liverpool!".'
        ),
        _("The referee's Liverpool check tells whether it could."),
    )
    return Section(
        _("Laying off and going out"), (*_going_out_paragraphs(rules), layoff, liverpool)
    )


def _buy_limits(rules: RuleSet) -> list[Sentence]:
    found = []
    no_buy = rounds_where(rules, lambda spec: not spec.buying_allowed)
    if no_buy:
        found.append(
            key_rule(_("No buying in {rounds}.").format(rounds=stages_text(rules, no_buy)))
        )
    limits = {spec.buy_limit for spec in rules.rounds if spec.buying_allowed}
    if len(limits) == 1 and (limit := limits.pop()) is not None:
        found.append(
            key_rule(
                ngettext(
                    "A player may buy at most one card in a round.",
                    "A player may buy at most {count} cards in a round.",
                    limit,
                ).format(count=said_number(limit))
            )
        )
    if rules.buys_per_turn is not None:
        found.append(
            key_rule(
                ngettext(
                    "At most one buy per turn.",
                    "At most {count} buys per turn.",
                    rules.buys_per_turn,
                ).format(count=said_number(rules.buys_per_turn))
            )
        )
    return found


def _buy_precedence(rules: RuleSet) -> Paragraph:
    if rules.buy_precedence == BuyPrecedence.NEAREST:
        return says(
            key_rule(_("Nearest player first.")),
            _(
                "When several players want the discard, the player nearest (clockwise) to the "
                "player about to draw gets it."
            ),
        )
    return says(key_rule(_("When several players want the discard, the first to call gets it.")))


def _down_players(rules: RuleSet) -> list[Sentence]:
    found = []
    if rules.no_buying_once_down:
        found.append(key_rule(_("No buying once down.")))
    if rules.down_player_takes_discard_only_to_play:
        found.append(
            Sentence(_("A player who is down may take the discard only to play it at once."))
        )
    return found


def _buying_rule(rules: RuleSet) -> str:
    """The buying section's first sentence: buying, and its penalty."""
    penalty = rules.buy_penalty_cards
    if not penalty:
        return _('Buying ("May I?"): take the discard out of turn with no penalty cards.')
    return ngettext(
        'Buying ("May I?"): take the discard out of turn with one penalty card.',
        'Buying ("May I?"): take the discard out of turn with {count} penalty cards.',
        penalty,
    ).format(count=said_number(penalty))


def buying_section(rules: RuleSet) -> Section:
    if not any(spec.buying_allowed for spec in rules.rounds):
        only = _("Only the player whose turn it is may take the discard.")
        return Section(_("Buying"), (says(key_rule(_("No buying.")), only),))
    stock = [_("The penalty is drawn from the stock.")] if rules.buy_penalty_cards else []
    paragraphs = [says(key_rule(_buying_rule(rules)), *stock)]
    if limits := _buy_limits(rules):
        paragraphs.append(says(*limits))
    paragraphs.append(_buy_precedence(rules))
    if rules.next_player_takes_discard_free:
        paragraphs.append(says(key_rule(_("The next player may take the discard free."))))
    if down := _down_players(rules):
        paragraphs.append(says(*down))
    return Section(_("Buying"), tuple(paragraphs))


def _group_swaps(rules: RuleSet) -> list[str]:
    """A wild card in a colour meld or a flush, where a contract asks for one."""
    kinds = [k for k in (MeldKind.COLOR, MeldKind.FLUSH) if k in rules.meld_kinds]
    if not kinds:
        return []
    if kinds == [MeldKind.FLUSH]:
        return [_("A wild card in a flush may be swapped for any card of the flush's suit.")]
    if kinds == [MeldKind.COLOR]:
        return [_("A wild card in a colour meld may be swapped for any card of its colour.")]
    return [
        _(
            "A wild card in a colour meld or a flush may be swapped for any card of its colour "
            "or suit."
        )
    ]


def _swap_paragraphs(rules: RuleSet) -> tuple[Paragraph, ...]:
    rest = _("Only a player who is down may swap, and must play the wild card in the same turn.")
    groups = _group_swaps(rules)
    if rules.joker_swap == JokerSwap.RUNS_ONLY:
        return (
            says(
                key_rule(_("Swap a wild card out of a run for the card it stands for.")),
                *groups,
                rest,
            ),
            says(key_rule(_("A wild card in a set is dead.")), _("It cannot be taken.")),
        )
    if rules.joker_swap == JokerSwap.RUNS_AND_SET_THIRD:
        return (
            says(
                key_rule(
                    _(
                        "Swap a wild card out of a run, or out of a set's first three cards, "
                        "for the card it stands for."
                    )
                ),
                _("In a set, a card of the set's rank takes its place."),
                *groups,
                rest,
            ),
            says(_("A wild card added to a set later is dead.")),
        )
    return (
        says(
            key_rule(_("Wild cards on the table cannot be swapped.")),
            _("They stay where they are."),
        ),
    )


def joker_swap_section(rules: RuleSet) -> Section:
    if not _has_wilds(rules):
        return Section(_("Joker swap"), (says(_("There are no wild cards to swap.")),))
    return Section(_("Joker swap"), _swap_paragraphs(rules))


def _cut_bonus_sentence(rules: RuleSet) -> str:
    return _("Cut bonus: {points} to the cutter for an exact cut.").format(
        points=signed(rules.cut_bonus)
    )


def deal_section(rules: RuleSet) -> Section:
    deal = says(
        key_rule(_("The deal passes left each round; the dealer's left plays first.")),
        _("The player on the dealer's right cuts the deck."),
    )
    if not rules.cut_bonus:
        return Section(_("Deal and cut"), (deal, says(_("There is no cut bonus."))))
    cut = says(
        key_rule(_cut_bonus_sentence(rules)),
        _(
            "A cut is exact when it lifts exactly the cards for the deal plus the upcard; the "
            "cutter scores the bonus for that round."
        ),
    )
    return Section(_("Deal and cut"), (deal, cut))


def scoring_section(rules: RuleSet) -> Section:
    table = rules.point_table
    if rules.phased:
        return Section(
            _("Scoring"),
            (
                says(
                    key_rule(_("Going out scores 0.")),
                    _(
                        "When a player goes out the hand ends; everyone else scores the cards "
                        "left in hand ({table}): {points}."
                    ).format(table=table.local_name, points=table.describe()),
                ),
                says(
                    key_rule(
                        _(
                            "The game ends with the hand in which a player completes all "
                            "{count} phases; among those who did, the lowest total wins, and "
                            "equal totals share the win."
                        ).format(count=rules.round_count)
                    ),
                    _("Hands go on until then: there is no last hand."),
                ),
                *_extra_scores(rules),
            ),
        )
    return Section(
        _("Scoring"),
        (
            says(
                key_rule(_("Going out scores 0.")),
                _(
                    "When a player goes out the round ends; everyone else scores the cards left "
                    "in hand ({table}): {points}."
                ).format(table=table.local_name, points=table.describe(rules.uses_jokers)),
            ),
            *_extra_scores(rules),
            says(
                key_rule(_("The lowest total wins; equal totals share the win.")),
                _("The game ends after round {count}.").format(count=rules.round_count),
            ),
        ),
    )


def _extra_scores(rules: RuleSet) -> tuple[Paragraph, ...]:
    extra = extra_score_sentences(rules)
    return (says(*(key_rule(s) for s in extra)),) if extra else ()


def phases_section(rules: RuleSet) -> Section:
    """How a phase game goes: each player's own phase, and moving up."""
    order = (
        says(
            key_rule(_("The phases may be completed in any order.")),
            _("When a hand is entered, each player who completed a phase says which one."),
        )
        if rules.phase_order == PhaseOrder.ANY
        else says(key_rule(_("The phases are played in order.")))
    )
    return Section(
        _("Phases"),
        (
            says(
                key_rule(_("Each player plays their own phase every hand, starting with phase 1.")),
                _("Going down means laying your own phase's contract."),
            ),
            says(
                key_rule(_("Lay your phase down in a hand and you move up one phase after it.")),
                _(
                    "Every player who laid their phase down moves up, not only the one who went "
                    "out; a player who did not stays on the same phase."
                ),
            ),
            order,
        ),
    )


# --- the summary ------------------------------------------------------------------------------


def _dealt_text(rules: RuleSet) -> str:
    dealt = sorted({spec.cards_dealt for spec in rules.rounds})
    if len(dealt) == 1:
        return ngettext("{count} card", "{count} cards", dealt[0]).format(count=dealt[0])
    return _("{low} to {high} cards").format(low=dealt[0], high=dealt[-1])


def _rounds_sentence(rules: RuleSet) -> str:
    """``"Seven rounds of 10 cards, from 2 sets to 3 runs."``"""
    first, last = rules.rounds[0].contract, rules.rounds[-1].contract
    n = rules.round_count
    said = {
        "count": capital(said_number(n)),
        "dealt": _dealt_text(rules),
        "first": first.describe(),
        "last": last.describe(),
    }
    if rules.phased:
        sentence = ngettext(
            "{count} phase of {dealt}, from {first} to {last}; each player plays their own "
            "phase and moves up on completing it.",
            "{count} phases of {dealt}, from {first} to {last}; each player plays their own "
            "phase and moves up on completing it.",
            n,
        )
    elif n == 1:
        sentence = _("One round of {dealt}: {first}.")
    elif all(spec.contract == first for spec in rules.rounds):
        sentence = ngettext(
            "{count} round of {dealt}, each asking for {first}.",
            "{count} rounds of {dealt}, each asking for {first}.",
            n,
        )
    else:
        sentence = ngettext(
            "{count} round of {dealt}, from {first} to {last}.",
            "{count} rounds of {dealt}, from {first} to {last}.",
            n,
        )
    return sentence.format(**said)


_WILD_ALONE = {
    MeldKind.SET: N_("Wild cards alone may make a set."),
    MeldKind.RUN: N_("Wild cards alone may make a run."),
    MeldKind.COLOR: N_("Wild cards alone may make a colour meld."),
    MeldKind.FLUSH: N_("Wild cards alone may make a flush."),
}


def _natural_cards_sentence(rules: RuleSet, kind: MeldKind) -> str:
    if rules.allows_wild_only(kind):
        return _(_WILD_ALONE[kind])
    least = max(1, rules.min_naturals_for(kind))
    return _NATURALS_NEEDED[kind](least).format(count=least)


_NATURALS_NEEDED = {
    MeldKind.SET: lambda n: ngettext(
        "A set needs at least {count} natural card.",
        "A set needs at least {count} natural cards.",
        n,
    ),
    MeldKind.RUN: lambda n: ngettext(
        "A run needs at least {count} natural card.",
        "A run needs at least {count} natural cards.",
        n,
    ),
    MeldKind.COLOR: lambda n: ngettext(
        "A colour meld needs at least {count} natural card.",
        "A colour meld needs at least {count} natural cards.",
        n,
    ),
    MeldKind.FLUSH: lambda n: ngettext(
        "A flush needs at least {count} natural card.",
        "A flush needs at least {count} natural cards.",
        n,
    ),
}


def summary(rules: RuleSet) -> str:
    """A few sentences on what these rules are, written from the rule set itself: the rounds
    and their contracts, going out, the wild and natural cards, buying and the points (what a
    rule set of one's own is summed up by; the presets have summaries written by hand).

    >>> from scorekeeper.rules import PRESETS
    >>> print(summary(PRESETS["liverpool"]))  # doctest: +NORMALIZE_WHITESPACE
    Seven rounds of 10 cards, from 2 sets to 3 runs. In round 7 go out with every card: no
    discard. Jokers are wild. A set needs at least 2 natural cards. A run needs at least 3
    natural cards. Buying ("May I?"): take the discard out of turn with one penalty card.
    Cards left in hand: A 15 · 2-9 5 · 10 J Q K 10 · Joker 20. Cut bonus: −50 to the cutter
    for an exact cut.
    """
    sentences = [_rounds_sentence(rules)]
    all_out = rounds_where(rules, lambda spec: spec.all_out)
    if all_out:
        sentences.append(_all_out_sentence(rules, all_out))
    sentences.append(wilds_sentence(rules))
    if rules.wilds_at_most_naturals:
        sentences.append(_outnumber_sentence())
    if _has_wilds(rules):
        sentences += [_natural_cards_sentence(rules, kind) for kind in rules.meld_kinds]
    if any(spec.buying_allowed for spec in rules.rounds):
        sentences.append(_buying_rule(rules))
        sentences += [limit.text for limit in _buy_limits(rules)]
    else:
        sentences.append(_("No buying."))
    sentences.append(
        _("Cards left in hand: {points}.").format(
            points=rules.point_table.describe(rules.uses_jokers)
        )
    )
    if rules.cut_bonus:
        sentences.append(_cut_bonus_sentence(rules))
    sentences += extra_score_sentences(rules)
    return " ".join(sentences)


# --- the book ---------------------------------------------------------------------------------


def rule_book(rules: RuleSet, players: int | None = None) -> list[Section]:
    """Every rule of ``rules`` in plain language, section by section.

    Decks and jokers are given for every number of players the rule set allows, or for
    ``players`` only.
    """
    counts = (
        range(rules.min_players, rules.max_players + 1)
        if players is None
        else range(players, players + 1)
    )
    phases = [phases_section(rules)] if rules.phased else []
    return [
        cards_section(rules, counts),
        *phases,
        melds_section(rules),
        going_down_section(rules),
        laying_off_section(rules),
        buying_section(rules),
        joker_swap_section(rules),
        deal_section(rules),
        scoring_section(rules),
        *words_section(),
    ]


def words_section() -> list[Section]:
    """In a translation, which of the table's words it uses (none in English).

    >>> words_section()
    []
    """
    if current_language() == "en":
        return []
    return [
        Section(
            _("Words at the table"),
            (
                says(
                    _(
                        "This rule book uses the words of published card-game rules in your "
                        "language."
                    ),
                    _(
                        "In English: a set (cards of one rank), a run (cards in sequence of one "
                        "suit), a wild card, going down, laying off, a round."
                    ),
                ),
            ),
        )
    ]


def key_rules(rules: RuleSet, players: int) -> tuple[str, ...]:
    """The rules a player at the table needs, a line per section: the book's key sentences.

    >>> from scorekeeper.rules import PRESETS
    >>> for line in key_rules(PRESETS["contract-rummy"], 3)[2:4]:
    ...     print(line)
    Contract melds are exactly 3 (set) or 4 (run) cards, except in round 7.
    In round 7 go out with every card: no discard. No laying off in the turn you go down.
    """
    return tuple(line for section in rule_book(rules, players) if (line := section.key_rule))


__all__ = [
    "Paragraph",
    "Section",
    "Sentence",
    "and_list",
    "decks_text",
    "key_rules",
    "rounds_text",
    "rule_book",
    "signed",
    "summary",
    "wilds_sentence",
]
