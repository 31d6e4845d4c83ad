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

from .language import _, current_language
from .prose_base import (
    Paragraph,
    Section,
    Sentence,
    and_list,
    capital,
    count,
    key_rule,
    rounds_text,
    rounds_where,
    says,
    signed,
    stages_text,
    words,
)
from .prose_melds import melds_section
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
)

# --- the sections -----------------------------------------------------------------------------


def _players_text(counts: Sequence[int]) -> str:
    if len(counts) == 1:
        return f"{counts[0]} players"
    return f"{counts[0]} {'or' if len(counts) == 2 else 'to'} {counts[-1]} players"


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
    clauses = []
    for group in groups:
        clause = f"{_players_text(group)}: {count(deck_rule.decks_for(group[0]), 'deck')}"
        jokers = deck_rule.jokers_for(group[0])
        if not varying:
            clause += f" and {count(jokers, 'joker')}" if jokers else ", no jokers"
        clauses.append(clause)
    if varying:
        clauses.append("one joker fewer than the players")
    return "; ".join(clauses) + "."


def _wild_limits(rules: RuleSet) -> list[Paragraph]:
    """The cap on wild cards per meld going down, and wild cards kept apart in runs."""
    if not _has_wilds(rules):
        return []
    found = []
    cap = rules.wilds_per_meld
    if cap == 0:
        found.append(says(key_rule("Melds go down without wild cards."), _LATER))
    elif cap is not None:
        found.append(says(key_rule(f"A meld goes down with at most {words(cap, 'wild card')}."),
                          _LATER))  # fmt: skip
    if not rules.adjacent_wilds:
        found.append(
            says(
                key_rule("Two wild cards never stand side by side in a run."),
                "Wild cards in a run stand for cards with a natural card between them.",
            )
        )
    return found


_LATER = "Laying off later, a meld may take more."


def _has_wilds(rules: RuleSet) -> bool:
    return rules.uses_jokers or bool(rules.wild_ranks)


def cards_section(rules: RuleSet, players: range) -> Section:
    wilds: list[Sentence | str] = [key_rule(capital(rules.describe_wilds()) + ".")]
    if _has_wilds(rules):
        wilds.append("A wild card stands in for any card.")
    if rules.wild_ranks and rules.wild_can_be_natural:
        ranks = and_list([r.noun for r in sorted(rules.wild_ranks)])
        wilds.append(
            f"Wild {ranks} may also stand for themselves, and then count as natural cards."
        )
    paragraphs = [says(key_rule(decks_text(rules, players))), says(*wilds)]
    paragraphs += _wild_limits(rules)
    if rules.wilds_at_most_naturals:
        paragraphs.append(says(key_rule("Wild cards may not outnumber natural cards in a meld.")))
    return Section("Decks and wild cards", tuple(paragraphs))


_SAME_SUIT_RUNS = {
    SameSuitRuns.APART: "Two runs of the same suit in one contract must be apart, with at least "
    "one card between them: they may neither touch nor overlap.",
    SameSuitRuns.APART_OR_OVERLAPPING: "Two runs of the same suit in one contract may be apart "
    "or overlap (using cards of two decks), but may not touch: touching runs are one run.",
    SameSuitRuns.NEVER: "The runs of one contract must all be of different suits.",
}


def _extra_melds(rules: RuleSet) -> list[Paragraph]:
    """Melds beyond the contract, where the rule set allows them, and how long each is."""
    if not rules.extra_melds:
        return []
    sets, runs = DEFAULT_MIN_LENGTH[MeldKind.SET], DEFAULT_MIN_LENGTH[MeldKind.RUN]
    rule = (
        key_rule("Melds beyond the contract may go down with it, of a kind it asks for.")
        if rules.extra_meld_kinds == ExtraMeldKinds.CONTRACT
        else key_rule("Melds beyond the contract may go down with it.")
    )
    return [
        says(
            rule,
            "Each is at least as long as the shortest meld of its kind the contract asks for, "
            f"or as {sets} cards for a set and {runs} for a run when that is shorter or the "
            "contract asks for none of its kind.",
        )
    ]


def going_down_section(rules: RuleSet) -> Section:
    how_many = "at least" if rules.extra_melds else "exactly"
    plain = rules.meld_kinds == (MeldKind.SET, MeldKind.RUN)
    kinds = "sets and of runs" if plain else "melds of each kind"
    if rules.phased:
        lay = (
            f"To go down you lay your phase's contract all at once: {how_many} its number of "
            f"{kinds}, each meld legal."
        )
    else:
        lay = (
            f"To go down you lay the round's contract all at once: {how_many} its number of "
            f"{kinds}, each meld legal."
        )
    paragraphs = [says(lay), *_extra_melds(rules)]
    if rules.exact_contract_melds:
        all_out = rounds_where(rules, lambda spec: spec.all_out)
        sets, runs = DEFAULT_MIN_LENGTH[MeldKind.SET], DEFAULT_MIN_LENGTH[MeldKind.RUN]
        unless = f", except in {stages_text(rules, all_out)}" if all_out else ""
        paragraphs.append(
            says(
                key_rule(f"Contract melds are exactly {sets} (set) or {runs} (run) cards{unless}."),
                "Other cards are laid off later.",
            )
        )
    else:
        paragraphs.append(says("A contract meld may be longer than the minimum."))
    if rules.run_suits == RunSuits.SAME:
        paragraphs.append(says(_SAME_SUIT_RUNS[rules.same_suit_runs]))
    if rules.set_ranks == SetRanks.DIFFERENT:
        paragraphs.append(says(key_rule("The sets of one lay-down are of different ranks.")))
    return Section("Going down", tuple(paragraphs))


def _going_out_paragraphs(rules: RuleSet) -> list[Paragraph]:
    found = []
    all_out = rounds_where(rules, lambda spec: spec.all_out)
    if all_out:
        found.append(
            says(
                key_rule(f"In {stages_text(rules, all_out)} go out with every card: no discard."),
                "Every card in your hand is laid down, even the last card picked up.",
            )
        )
    discard = rounds_where(rules, lambda spec: not spec.all_out)
    if discard:
        every = "every hand" if rules.phased else "every round"
        which = every if len(discard) == rules.round_count else stages_text(rules, discard)
        keep = (
            [key_rule("Going down must leave at least one card to discard.")]
            if rules.keep_card_to_discard
            else []
        )
        found.append(
            says(f"In {which} you go out by playing every card but one and discarding it.", *keep)
        )
    return found


def laying_off_section(rules: RuleSet) -> Section:
    if rules.layoff_on_going_down_turn:
        layoff = says(
            "Once down you may lay off cards on any meld on the table, even in the turn you go "
            "down."
        )
    else:
        layoff = says(
            "Once down you may lay off cards on any meld on the table.",
            key_rule("No laying off in the turn you go down."),
        )
    liverpool = says(
        "A player who is down and discards a card that could have been laid off can be called "
        'out: "Liverpool!".',
        "The referee's Liverpool check tells whether it could.",
    )
    return Section("Laying off and going out", (*_going_out_paragraphs(rules), layoff, liverpool))


def _buy_limits(rules: RuleSet) -> list[Sentence]:
    found = []
    no_buy = rounds_where(rules, lambda spec: not spec.buying_allowed)
    if no_buy:
        found.append(key_rule(f"No buying in {stages_text(rules, no_buy)}."))
    limits = {spec.buy_limit for spec in rules.rounds if spec.buying_allowed}
    if len(limits) == 1 and (limit := limits.pop()) is not None:
        found.append(key_rule(f"A player may buy at most {words(limit, 'card')} in a round."))
    if rules.buys_per_turn is not None:
        found.append(key_rule(f"At most {words(rules.buys_per_turn, 'buy')} per turn."))
    return found


def _buy_precedence(rules: RuleSet) -> Paragraph:
    if rules.buy_precedence == BuyPrecedence.NEAREST:
        return says(
            key_rule("Nearest player first."),
            "When several players want the discard, the player nearest (clockwise) to the "
            "player about to draw gets it.",
        )
    return says(key_rule("When several players want the discard, the first to call gets it."))


def _down_players(rules: RuleSet) -> list[Sentence]:
    found = []
    if rules.no_buying_once_down:
        found.append(key_rule("No buying once down."))
    if rules.down_player_takes_discard_only_to_play:
        found.append(Sentence("A player who is down may take the discard only to play it at once."))
    return found


def buying_section(rules: RuleSet) -> Section:
    if not any(spec.buying_allowed for spec in rules.rounds):
        only = "Only the player whose turn it is may take the discard."
        return Section("Buying", (says(key_rule("No buying."), only),))
    penalty = words(rules.buy_penalty_cards, "penalty card")
    stock = ["The penalty is drawn from the stock."] if rules.buy_penalty_cards else []
    paragraphs = [
        says(key_rule(f'Buying ("May I?"): take the discard out of turn with {penalty}.'), *stock)
    ]
    if limits := _buy_limits(rules):
        paragraphs.append(says(*limits))
    paragraphs.append(_buy_precedence(rules))
    if rules.next_player_takes_discard_free:
        paragraphs.append(says(key_rule("The next player may take the discard free.")))
    if down := _down_players(rules):
        paragraphs.append(says(*down))
    return Section("Buying", tuple(paragraphs))


def _group_swaps(rules: RuleSet) -> list[str]:
    """A wild card in a colour meld or a flush, where a contract asks for one."""
    kinds = [k for k in (MeldKind.COLOR, MeldKind.FLUSH) if k in rules.meld_kinds]
    if not kinds:
        return []
    if kinds == [MeldKind.FLUSH]:
        return ["A wild card in a flush may be swapped for any card of the flush's suit."]
    if kinds == [MeldKind.COLOR]:
        return ["A wild card in a colour meld may be swapped for any card of its colour."]
    return [
        "A wild card in a colour meld or a flush may be swapped for any card of its colour or suit."
    ]


def _swap_paragraphs(rules: RuleSet) -> tuple[Paragraph, ...]:
    own = "for the card it stands for"
    rest = "Only a player who is down may swap, and must play the wild card in the same turn."
    groups = _group_swaps(rules)
    if rules.joker_swap == JokerSwap.RUNS_ONLY:
        return (
            says(key_rule(f"Swap a wild card out of a run {own}."), *groups, rest),
            says(key_rule("A wild card in a set is dead."), "It cannot be taken."),
        )
    if rules.joker_swap == JokerSwap.RUNS_AND_SET_THIRD:
        return (
            says(
                key_rule(
                    f"Swap a wild card out of a run, or out of a set's first three cards, {own}."
                ),
                "In a set, a card of the set's rank takes its place.",
                *groups,
                rest,
            ),
            says("A wild card added to a set later is dead."),
        )
    return (
        says(key_rule("Wild cards on the table cannot be swapped."), "They stay where they are."),
    )


def joker_swap_section(rules: RuleSet) -> Section:
    if not _has_wilds(rules):
        return Section("Joker swap", (says("There are no wild cards to swap."),))
    return Section("Joker swap", _swap_paragraphs(rules))


def deal_section(rules: RuleSet) -> Section:
    deal = says(
        key_rule("The deal passes left each round; the dealer's left plays first."),
        "The player on the dealer's right cuts the deck.",
    )
    if not rules.cut_bonus:
        return Section("Deal and cut", (deal, says("There is no cut bonus.")))
    cut = says(
        key_rule(f"Cut bonus: {signed(rules.cut_bonus)} to the cutter for an exact cut."),
        "A cut is exact when it lifts exactly the cards for the deal plus the upcard; the "
        "cutter scores the bonus for that round.",
    )
    return Section("Deal and cut", (deal, cut))


def scoring_section(rules: RuleSet) -> Section:
    table = rules.point_table
    if rules.phased:
        return Section(
            "Scoring",
            (
                says(
                    key_rule("Going out scores 0."),
                    "When a player goes out the hand ends; everyone else scores the cards left "
                    f"in hand ({table.name}): {table.describe()}.",
                ),
                says(
                    key_rule(
                        f"The game ends with the hand in which a player completes all "
                        f"{rules.round_count} phases; among those who did, the lowest total "
                        "wins, and equal totals share the win."
                    ),
                    "Hands go on until then: there is no last hand.",
                ),
            ),
        )
    return Section(
        "Scoring",
        (
            says(
                key_rule("Going out scores 0."),
                "When a player goes out the round ends; everyone else scores the cards left in "
                f"hand ({table.name}): {table.describe(rules.uses_jokers)}.",
            ),
            says(
                key_rule("The lowest total wins; equal totals share the win."),
                f"The game ends after round {rules.round_count}.",
            ),
        ),
    )


def phases_section(rules: RuleSet) -> Section:
    """How a phase game goes: each player's own phase, and moving up."""
    order = (
        says(
            key_rule("The phases may be completed in any order."),
            "When a hand is entered, each player who completed a phase says which one.",
        )
        if rules.phase_order == PhaseOrder.ANY
        else says(key_rule("The phases are played in order."))
    )
    return Section(
        "Phases",
        (
            says(
                key_rule("Each player plays their own phase every hand, starting with phase 1."),
                "Going down means laying your own phase's contract.",
            ),
            says(
                key_rule("Lay your phase down in a hand and you move up one phase after it."),
                "Every player who laid their phase down moves up, not only the one who went out; "
                "a player who did not stays on the same phase.",
            ),
            order,
        ),
    )


# --- the summary ------------------------------------------------------------------------------


def _dealt_text(rules: RuleSet) -> str:
    dealt = sorted({spec.cards_dealt for spec in rules.rounds})
    if len(dealt) == 1:
        return count(dealt[0], "card")
    return f"{dealt[0]} to {dealt[-1]} cards"


def _rounds_sentence(rules: RuleSet) -> str:
    """``"Seven rounds of 10 cards, from 2 sets to 3 runs."``"""
    first, last = rules.rounds[0].contract, rules.rounds[-1].contract
    dealt = _dealt_text(rules)
    if rules.phased:
        phases = capital(words(rules.round_count, "phase"))
        return (
            f"{phases} of {dealt}, from {first.describe()} to {last.describe()}; each player "
            "plays their own phase and moves up on completing it."
        )
    if rules.round_count == 1:
        return f"One round of {dealt}: {first.describe()}."
    rounds = capital(words(rules.round_count, "round"))
    if all(spec.contract == first for spec in rules.rounds):
        return f"{rounds} of {dealt}, each asking for {first.describe()}."
    return f"{rounds} of {dealt}, from {first.describe()} to {last.describe()}."


def _natural_cards_sentence(rules: RuleSet, kind: MeldKind) -> str:
    if rules.allows_wild_only(kind):
        return f"Wild cards alone may make a {kind.noun}."
    least = max(1, rules.min_naturals_for(kind))
    return f"A {kind.noun} needs at least {count(least, 'natural card')}."


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
        sentences.append(f"In {stages_text(rules, all_out)} go out with every card: no discard.")
    sentences.append(capital(rules.describe_wilds()) + ".")
    if rules.wilds_at_most_naturals:
        sentences.append("Wild cards may not outnumber natural cards in a meld.")
    if _has_wilds(rules):
        sentences += [_natural_cards_sentence(rules, kind) for kind in rules.meld_kinds]
    buying = buying_section(rules).paragraphs[0].sentences[0]
    sentences.append(buying.text)
    if buying.text != "No buying.":
        sentences += [limit.text for limit in _buy_limits(rules)]
    sentences.append(f"Cards left in hand: {rules.point_table.describe(rules.uses_jokers)}.")
    if rules.cut_bonus:
        sentences.append(f"Cut bonus: {signed(rules.cut_bonus)} to the cutter for an exact cut.")
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
    "count",
    "decks_text",
    "key_rules",
    "rounds_text",
    "rule_book",
    "signed",
    "summary",
    "words",
]
