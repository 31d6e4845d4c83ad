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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from .rulesets import (
    DEFAULT_MIN_LENGTH,
    MAX_RUN_LENGTH,
    BuyPrecedence,
    JokerSwap,
    MeldKind,
    RoundSpec,
    RuleSet,
    SameSuitRuns,
    number_word,
)

MINUS = "\u2212"

# --- the data ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sentence:
    text: str
    key: bool = False  # one of the key rules printed on a score sheet

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "key": self.key}


@dataclass(frozen=True)
class Paragraph:
    sentences: tuple[Sentence, ...]

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.sentences)

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "sentences": [s.as_dict() for s in self.sentences]}


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs.

    >>> section = Section("Buying", (Paragraph((Sentence("No buying.", key=True),
    ...     Sentence("Only the player whose turn it is may take the discard."))),))
    >>> section.key_rule
    'No buying.'
    >>> section.as_dict()["paragraphs"][0]["text"]
    'No buying. Only the player whose turn it is may take the discard.'
    """

    heading: str
    paragraphs: tuple[Paragraph, ...]

    @property
    def key_rule(self) -> str:
        """The section's key sentences as one line ("" if it has none)."""
        return " ".join(s.text for p in self.paragraphs for s in p.sentences if s.key)

    def as_dict(self) -> dict[str, Any]:
        return {
            "heading": self.heading,
            "paragraphs": [p.as_dict() for p in self.paragraphs],
            "key_rule": self.key_rule,
        }


def _key(text: str) -> Sentence:
    return Sentence(text, key=True)


def _says(*sentences: Sentence | str) -> Paragraph:
    """A paragraph; plain strings are sentences that are not key rules."""
    return Paragraph(tuple(s if isinstance(s, Sentence) else Sentence(s) for s in sentences))


# --- words ------------------------------------------------------------------------------------


def count(n: int, noun: str) -> str:
    """``1 joker``, ``2 decks`` (digits: the numbers a player looks up)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def words(n: int, noun: str) -> str:
    """``one penalty card``, ``two buys``."""
    return f"{number_word(n)} {noun}{'' if n == 1 else 's'}"


def signed(points: int) -> str:
    """Points with a real minus sign: ``−50``."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def spans(numbers: Sequence[int]) -> list[str]:
    """Runs of three or more consecutive numbers as ranges.

    >>> spans([1, 2, 3, 4, 6]), spans([1, 2]), spans([7])
    (['1 to 4', '6'], ['1', '2'], ['7'])
    """
    found: list[str] = []
    for _step, run in groupby(enumerate(numbers), key=lambda pair: pair[1] - pair[0]):
        values = [n for _i, n in run]
        if len(values) >= 3:
            found.append(f"{values[0]} to {values[-1]}")
        else:
            found.extend(str(n) for n in values)
    return found


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def rounds_text(numbers: Sequence[int]) -> str:
    """``round 7``, ``rounds 1 to 6``, ``rounds 1 and 3``."""
    parts = spans(numbers)
    single = len(parts) == 1 and "to" not in parts[0]
    return ("round " if single else "rounds ") + and_list(parts)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rounds_where(rules: RuleSet, test: Callable[[RoundSpec], bool]) -> list[int]:
    return [n for n, spec in enumerate(rules.rounds, start=1) if test(spec)]


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
    """
    deck_rule = rules.decks
    groups = [list(g) for _d, g in groupby(players, key=deck_rule.decks_for)]
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


def _has_wilds(rules: RuleSet) -> bool:
    return rules.uses_jokers or bool(rules.wild_ranks)


def cards_section(rules: RuleSet, players: range) -> Section:
    wilds: list[Sentence | str] = [_key(_capital(rules.describe_wilds()) + ".")]
    if _has_wilds(rules):
        wilds.append("A wild card stands in for any card.")
    if rules.wild_ranks and rules.wild_can_be_natural:
        ranks = and_list([r.noun for r in sorted(rules.wild_ranks)])
        wilds.append(
            f"Wild {ranks} may also stand for themselves, and then count as natural cards."
        )
    paragraphs = [_says(_key(decks_text(rules, players))), _says(*wilds)]
    if rules.wilds_at_most_naturals:
        paragraphs.append(_says(_key("Wild cards may not outnumber natural cards in a meld.")))
    return Section("Decks and wild cards", tuple(paragraphs))


def _naturals_text(rules: RuleSet, kind: MeldKind) -> str:
    """``"at least 2 natural"``, or where wild cards alone make one, ``"wild cards alone may
    make one"``."""
    if rules.allows_wild_only(kind):
        return "wild cards alone may make one"
    return f"at least {max(1, rules.min_naturals_for(kind))} natural"


def _set_paragraph(rules: RuleSet) -> Paragraph:
    shortest = DEFAULT_MIN_LENGTH[MeldKind.SET]
    naturals = _naturals_text(rules, MeldKind.SET)
    most = rules.set_max_cards
    if most is None:
        return _says(
            _key(f"Set: {shortest} or more cards of one rank, {naturals}."),
            "Suits may repeat, since several decks are shuffled together.",
        )
    size = f"{shortest} or {most}" if shortest < most else str(most)
    return _says(_key(f"Set: {size} cards of one rank, each of a different suit, {naturals}."))


def melds_section(rules: RuleSet) -> Section:
    shortest = DEFAULT_MIN_LENGTH[MeldKind.RUN]
    return Section(
        "Sets and runs",
        (
            _set_paragraph(rules),
            _says(
                _key(
                    f"Run: {shortest} or more cards of one suit in sequence, "
                    f"{_naturals_text(rules, MeldKind.RUN)}."
                ),
                "A wild card in a run stands for one definite card, and the referee says which.",
                *_wild_only_sentences(rules),
            ),
            _says(
                _key("Aces high or low, not both."),
                "J Q K A and A 2 3 4 are runs, but a run cannot turn the corner (K A 2 3), so "
                f"it holds at most {MAX_RUN_LENGTH} cards.",
            ),
        ),
    )


def _wild_only_sentences(rules: RuleSet) -> list[str]:
    """How a meld of wild cards only is read, where the rule set allows one."""
    said = {
        MeldKind.SET: "A set of wild cards only has no rank, until a natural card laid off "
        "on it gives it one.",
        MeldKind.RUN: "A run of wild cards only has no suit and no place, so no other run is "
        "too close to it, until a natural card laid off on it gives it both.",
    }
    return [said[kind] for kind in MeldKind if rules.allows_wild_only(kind)]


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
    return [
        _says(
            _key("Melds beyond the contract may go down with it."),
            "Each is at least as long as the shortest meld of its kind the round's contract "
            f"asks for, or as {sets} cards for a set and {runs} for a run when that is shorter "
            "or the contract asks for none of its kind.",
        )
    ]


def going_down_section(rules: RuleSet) -> Section:
    how_many = "at least" if rules.extra_melds else "exactly"
    paragraphs = [
        _says(
            f"To go down you lay the round's contract all at once: {how_many} its number of "
            "sets and of runs, each meld legal."
        ),
        *_extra_melds(rules),
    ]
    if rules.exact_contract_melds:
        all_out = _rounds_where(rules, lambda spec: spec.all_out)
        sets, runs = DEFAULT_MIN_LENGTH[MeldKind.SET], DEFAULT_MIN_LENGTH[MeldKind.RUN]
        unless = f", except in {rounds_text(all_out)}" if all_out else ""
        paragraphs.append(
            _says(
                _key(f"Contract melds are exactly {sets} (set) or {runs} (run) cards{unless}."),
                "Other cards are laid off later.",
            )
        )
    else:
        paragraphs.append(_says("A contract meld may be longer than the minimum."))
    paragraphs.append(_says(_SAME_SUIT_RUNS[rules.same_suit_runs]))
    return Section("Going down", tuple(paragraphs))


def _going_out_paragraphs(rules: RuleSet) -> list[Paragraph]:
    found = []
    all_out = _rounds_where(rules, lambda spec: spec.all_out)
    if all_out:
        found.append(
            _says(
                _key(f"In {rounds_text(all_out)} go out with every card: no discard."),
                "Every card in your hand is laid down, even the last card picked up.",
            )
        )
    discard = _rounds_where(rules, lambda spec: not spec.all_out)
    if discard:
        which = "every round" if len(discard) == rules.round_count else rounds_text(discard)
        keep = (
            [_key("Going down must leave at least one card to discard.")]
            if rules.keep_card_to_discard
            else []
        )
        found.append(
            _says(f"In {which} you go out by playing every card but one and discarding it.", *keep)
        )
    return found


def laying_off_section(rules: RuleSet) -> Section:
    if rules.layoff_on_going_down_turn:
        layoff = _says(
            "Once down you may lay off cards on any meld on the table, even in the turn you go "
            "down."
        )
    else:
        layoff = _says(
            "Once down you may lay off cards on any meld on the table.",
            _key("No laying off in the turn you go down."),
        )
    liverpool = _says(
        "A player who is down and discards a card that could have been laid off can be called "
        'out: "Liverpool!".',
        "The referee's Liverpool check tells whether it could.",
    )
    return Section("Laying off and going out", (*_going_out_paragraphs(rules), layoff, liverpool))


def _buy_limits(rules: RuleSet) -> list[Sentence]:
    found = []
    no_buy = _rounds_where(rules, lambda spec: not spec.buying_allowed)
    if no_buy:
        found.append(_key(f"No buying in {rounds_text(no_buy)}."))
    limits = {spec.buy_limit for spec in rules.rounds if spec.buying_allowed}
    if len(limits) == 1 and (limit := limits.pop()) is not None:
        found.append(_key(f"A player may buy at most {words(limit, 'card')} in a round."))
    if rules.buys_per_turn is not None:
        found.append(_key(f"At most {words(rules.buys_per_turn, 'buy')} per turn."))
    return found


def _buy_precedence(rules: RuleSet) -> Paragraph:
    if rules.buy_precedence == BuyPrecedence.NEAREST:
        return _says(
            _key("Nearest player first."),
            "When several players want the discard, the player nearest (clockwise) to the "
            "player about to draw gets it.",
        )
    return _says(_key("When several players want the discard, the first to call gets it."))


def _down_players(rules: RuleSet) -> list[Sentence]:
    found = []
    if rules.no_buying_once_down:
        found.append(_key("No buying once down."))
    if rules.down_player_takes_discard_only_to_play:
        found.append(Sentence("A player who is down may take the discard only to play it at once."))
    return found


def buying_section(rules: RuleSet) -> Section:
    if not any(spec.buying_allowed for spec in rules.rounds):
        only = "Only the player whose turn it is may take the discard."
        return Section("Buying", (_says(_key("No buying."), only),))
    penalty = words(rules.buy_penalty_cards, "penalty card")
    stock = ["The penalty is drawn from the stock."] if rules.buy_penalty_cards else []
    paragraphs = [
        _says(_key(f'Buying ("May I?"): take the discard out of turn with {penalty}.'), *stock)
    ]
    if limits := _buy_limits(rules):
        paragraphs.append(_says(*limits))
    paragraphs.append(_buy_precedence(rules))
    if rules.next_player_takes_discard_free:
        paragraphs.append(_says(_key("The next player may take the discard free.")))
    if down := _down_players(rules):
        paragraphs.append(_says(*down))
    return Section("Buying", tuple(paragraphs))


def _swap_paragraphs(rules: RuleSet) -> tuple[Paragraph, ...]:
    own = "for the card it stands for"
    rest = "Only a player who is down may swap, and must play the wild card in the same turn."
    if rules.joker_swap == JokerSwap.RUNS_ONLY:
        return (
            _says(_key(f"Swap a wild card out of a run {own}."), rest),
            _says(_key("A wild card in a set is dead."), "It cannot be taken."),
        )
    if rules.joker_swap == JokerSwap.RUNS_AND_SET_THIRD:
        return (
            _says(
                _key(f"Swap a wild card out of a run, or out of a set's first three cards, {own}."),
                "In a set, a card of the set's rank takes its place.",
                rest,
            ),
            _says("A wild card added to a set later is dead."),
        )
    return (_says(_key("Wild cards on the table cannot be swapped."), "They stay where they are."),)


def joker_swap_section(rules: RuleSet) -> Section:
    if not _has_wilds(rules):
        return Section("Joker swap", (_says("There are no wild cards to swap."),))
    return Section("Joker swap", _swap_paragraphs(rules))


def deal_section(rules: RuleSet) -> Section:
    deal = _says(
        _key("The deal passes left each round; the dealer's left plays first."),
        "The player on the dealer's right cuts the deck.",
    )
    if not rules.cut_bonus:
        return Section("Deal and cut", (deal, _says("There is no cut bonus.")))
    cut = _says(
        _key(f"Cut bonus: {signed(rules.cut_bonus)} to the cutter for an exact cut."),
        "A cut is exact when it lifts exactly the cards for the deal plus the upcard; the "
        "cutter scores the bonus for that round.",
    )
    return Section("Deal and cut", (deal, cut))


def scoring_section(rules: RuleSet) -> Section:
    table = rules.point_table
    return Section(
        "Scoring",
        (
            _says(
                _key("Going out scores 0."),
                "When a player goes out the round ends; everyone else scores the cards left in "
                f"hand ({table.name}): {table.describe(rules.uses_jokers)}.",
            ),
            _says(
                _key("The lowest total wins; equal totals share the win."),
                f"The game ends after round {rules.round_count}.",
            ),
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
    if rules.round_count == 1:
        return f"One round of {dealt}: {first.describe()}."
    rounds = _capital(words(rules.round_count, "round"))
    if all(spec.contract == first for spec in rules.rounds):
        return f"{rounds} of {dealt}, each asking for {first.describe()}."
    return f"{rounds} of {dealt}, from {first.describe()} to {last.describe()}."


def _natural_cards_sentence(rules: RuleSet, kind: MeldKind) -> str:
    if rules.allows_wild_only(kind):
        return f"Wild cards alone may make a {kind.value}."
    least = max(1, rules.min_naturals_for(kind))
    return f"A {kind.value} needs at least {count(least, 'natural card')}."


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
    all_out = _rounds_where(rules, lambda spec: spec.all_out)
    if all_out:
        sentences.append(f"In {rounds_text(all_out)} go out with every card: no discard.")
    sentences.append(_capital(rules.describe_wilds()) + ".")
    if rules.wilds_at_most_naturals:
        sentences.append("Wild cards may not outnumber natural cards in a meld.")
    if _has_wilds(rules):
        sentences += [_natural_cards_sentence(rules, kind) for kind in MeldKind]
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
    return [
        cards_section(rules, counts),
        melds_section(rules),
        going_down_section(rules),
        laying_off_section(rules),
        buying_section(rules),
        joker_swap_section(rules),
        deal_section(rules),
        scoring_section(rules),
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
    "decks_text",
    "key_rules",
    "rule_book",
    "summary",
]
