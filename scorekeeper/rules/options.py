"""House-rule options: the rules a game may override by name, and the words for their values.

Terms:

- An **option** is a house rule a game may set by name (``"run_min_naturals": 2``): its
  one-line doc, its kind (``bool``, ``int``, ``choice``, ``table``, ``ints``), how it is
  applied to a rule set and read back from one. :data:`OPTIONS` lists every one: the API's
  list of options, the new-game form's house rules and the builder are all read from it.
- :func:`with_options` builds a validated variant of a rule set from overrides: unknown
  names, wrong types and impossible combinations are refused with a sentence saying why;
  :func:`option_values` reads every option's value back.
- **Choice words**: every value a person reads about a rule set (a house-rule choice, a
  going-out rule, a meld kind) has one wording, :data:`CHOICE_WORDS`, used by every page that
  shows an option. A choice added later still reads as words (its code with the dashes made
  spaces) until a wording is added there.

>>> from .presets import LIVERPOOL
>>> with_options(LIVERPOOL, {"run_min_naturals": 2}).run_min_naturals
2
>>> with_options(LIVERPOOL, {"buying": False})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.rules.errors.RuleSetError: round 7 (3 runs) needs at least 12 cards, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import Rank
from .errors import RuleSetError, quoted
from .language import N_, _
from .points import POINT_TABLES, PointTable, get_point_table
from .rulesets import (
    MAX_CARDS_DEALT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Aces,
    BuyPrecedence,
    ExtraMeldKinds,
    JokerCount,
    JokerSwap,
    PhaseOrder,
    RuleSet,
    RunSuits,
    SameSuitRuns,
    SetRanks,
    SwapWilds,
)
from .validation import validate


@dataclass(frozen=True)
class Option:
    """A house rule a game may override: its name, its one-line doc and how to apply it."""

    name: str
    doc: str
    kind: str  # "bool", "int", "choice", "table", "ints"
    apply: Callable[[RuleSet, Any], RuleSet]
    read: Callable[[RuleSet], Any]
    choices: tuple[str, ...] = ()


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleSetError(
            _('"{name}" must be true or false, not {value}').format(name=name, value=repr(value))
        )
    return value


def _int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleSetError(
            _('"{name}" must be a whole number, not {value}').format(name=name, value=repr(value))
        )
    if not low <= value <= high:
        raise RuleSetError(
            _('"{name}" must be between {low} and {high}, not {value}').format(
                name=name, low=low, high=high, value=value
            )
        )
    return value


def _choice(name: str, value: Any, enum: type[StrEnum]) -> Any:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise RuleSetError(
            _('"{name}" must be one of {allowed}, not {value}').format(
                name=name, allowed=allowed, value=repr(value)
            )
        ) from None


def _field(field_name: str, convert: Callable[[Any], Any]) -> Callable[[RuleSet, Any], RuleSet]:
    def apply(rules: RuleSet, value: Any) -> RuleSet:
        return dataclasses.replace(rules, **{field_name: convert(value)})

    return apply


def _apply_point_table(rules: RuleSet, value: Any) -> RuleSet:
    if isinstance(value, PointTable):
        return dataclasses.replace(rules, point_table=value)
    if isinstance(value, str):
        if value not in POINT_TABLES:
            known = ", ".join(POINT_TABLES)
            raise RuleSetError(
                _("there is no point table {name}: choose one of {known}").format(
                    name=quoted(value), known=known
                )
            )
        return dataclasses.replace(rules, point_table=get_point_table(value))
    if isinstance(value, Mapping):
        ranks = value.get("ranks")
        joker = value.get("joker")
        cards = value.get("cards", {})
        if (
            not isinstance(ranks, Mapping)
            or isinstance(joker, bool)
            or not isinstance(joker, int)
            or not isinstance(cards, Mapping)
        ):
            # Not formatted: the braces are the example's own, not placeholders.
            raise RuleSetError(
                _(
                    'a custom point table is {"ranks": {"A": 15, "2": 5, ...}, "joker": 20}, '
                    'with "cards": {"AS": 15, ...} for cards valued apart from their rank'
                )
            )
        table = PointTable.custom(ranks, joker, cards=cards)
        return dataclasses.replace(rules, point_table=table)
    raise RuleSetError(_("the point table must be the name of a table or a custom table"))


def _apply_cards_dealt(rules: RuleSet, value: Any) -> RuleSet:
    if isinstance(value, Sequence) and not isinstance(value, str):
        counts = [_int("cards_dealt", v, 1, MAX_CARDS_DEALT) for v in value]
        if len(counts) != rules.round_count:
            raise RuleSetError(
                _('"cards_dealt" needs one number per round ({rounds}), not {count}').format(
                    rounds=rules.round_count, count=len(counts)
                )
            )
    else:
        counts = [_int("cards_dealt", value, 1, MAX_CARDS_DEALT)] * rules.round_count
    rounds = tuple(
        dataclasses.replace(r, cards_dealt=n) for r, n in zip(rules.rounds, counts, strict=True)
    )
    return dataclasses.replace(rules, rounds=rounds)


def _apply_buying(rules: RuleSet, value: Any) -> RuleSet:
    allowed = _bool("buying", value)
    if allowed == any(r.buying_allowed for r in rules.rounds):
        return rules
    limit = None if allowed else 0
    return dataclasses.replace(
        rules, rounds=tuple(dataclasses.replace(r, buy_limit=limit) for r in rules.rounds)
    )


def _apply_buy_limit(rules: RuleSet, value: Any) -> RuleSet:
    """Set the limit in every round that allows buying (a round without buying, like the
    family game's first, keeps none); in every round if none allows buying."""
    limit = None if value is None else _int("buy_limit", value, 0, 20)
    some = any(r.buying_allowed for r in rules.rounds)
    return dataclasses.replace(
        rules,
        rounds=tuple(
            dataclasses.replace(r, buy_limit=limit) if r.buying_allowed or not some else r
            for r in rules.rounds
        ),
    )


def _apply_deuces_wild(rules: RuleSet, value: Any) -> RuleSet:
    wild = _bool("deuces_wild", value)
    ranks = rules.wild_ranks | {Rank.TWO} if wild else rules.wild_ranks - {Rank.TWO}
    return dataclasses.replace(rules, wild_ranks=frozenset(ranks))


def _apply_jokers(rules: RuleSet, value: Any) -> RuleSet:
    """The way jokers are counted; the rows' own counts go with any other way (and "by-players"
    needs a rule set whose rows give them)."""
    count = _choice("jokers", value, JokerCount)
    rows = rules.decks.jokers_by_row if count == JokerCount.BY_PLAYERS else ()
    if count == JokerCount.BY_PLAYERS and len(rows) != len(rules.decks.decks_by_players):
        raise RuleSetError(
            _(
                '"jokers" can be "by-players" only where each row of the decks table gives its '
                "jokers (a rule-set document's decks.by_players)"
            )
        )
    deck = dataclasses.replace(rules.decks, jokers=count, jokers_by_row=rows)
    return dataclasses.replace(rules, decks=deck)


def _apply_jokers_as_skips(rules: RuleSet, value: Any) -> RuleSet:
    """Skips are the jokers, so a rule set dealt without jokers gets every deck's jokers
    (Phase 10 with a standard deck: four Skips in two decks); switched off, the decks stay
    as they are."""
    skips = _bool("jokers_as_skips", value)
    decks = rules.decks
    if skips and decks.jokers == JokerCount.NONE:
        decks = dataclasses.replace(decks, jokers=JokerCount.PER_DECK, jokers_by_row=())
    return dataclasses.replace(rules, jokers_as_skips=skips, decks=decks)


def _read_buying(rules: RuleSet) -> bool:
    return any(r.buying_allowed for r in rules.rounds)


def _read_buy_limit(rules: RuleSet) -> int | None:
    """The one limit of the rounds that allow buying (none when they differ); 0 when no
    round allows buying (so that setting it back keeps every round without)."""
    if not any(r.buying_allowed for r in rules.rounds):
        return 0
    limits = {r.buy_limit for r in rules.rounds if r.buying_allowed}
    return limits.pop() if len(limits) == 1 else None


def _optional_int(name: str, low: int, high: int) -> Callable[[Any], int | None]:
    return lambda v: None if v is None else _int(name, v, low, high)


OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option(
            "point_table",
            N_("Point table: a table's name, or a custom table."),
            "table",
            _apply_point_table,
            lambda r: r.point_table.id,
        ),
        Option(
            "cards_dealt",
            N_("Cards dealt to each player: one number, or one per round."),
            "ints",
            _apply_cards_dealt,
            lambda r: [x.cards_dealt for x in r.rounds],
        ),
        Option(
            "buying",
            N_('Players may buy the discard out of turn ("May I?").'),
            "bool",
            _apply_buying,
            _read_buying,
        ),
        Option(
            "buy_limit",
            N_("Most cards one player may buy in a round (empty: no limit)."),
            "int",
            _apply_buy_limit,
            _read_buy_limit,
        ),
        Option(
            "buys_per_turn",
            N_("Most buys between two turns (1 = single buy; empty: multiple buys)."),
            "int",
            _field("buys_per_turn", _optional_int("buys_per_turn", 1, 8)),
            lambda r: r.buys_per_turn,
        ),
        Option(
            "buy_precedence",
            N_("Who gets a discard several players want to buy."),
            "choice",
            _field("buy_precedence", lambda v: _choice("buy_precedence", v, BuyPrecedence)),
            lambda r: r.buy_precedence.value,
            tuple(BuyPrecedence),
        ),
        Option(
            "deuces_wild",
            N_("Every 2 is wild too."),
            "bool",
            _apply_deuces_wild,
            lambda r: Rank.TWO in r.wild_ranks,
        ),
        Option(
            "jokers",
            N_("How many jokers are shuffled in."),
            "choice",
            _apply_jokers,
            lambda r: r.decks.jokers.value,
            tuple(JokerCount),
        ),
        Option(
            "exact_contract_melds",
            N_(
                "Contract melds must be exactly 3 (sets) and 4 (runs) "
                "cards, except in an all-out round."
            ),
            "bool",
            _field("exact_contract_melds", lambda v: _bool("exact_contract_melds", v)),
            lambda r: r.exact_contract_melds,
        ),
        Option(
            "set_min_naturals",
            N_("Fewest natural (non-wild) cards in a set (0: wild cards alone make a set)."),
            "int",
            _field("set_min_naturals", lambda v: _int("set_min_naturals", v, 0, 4)),
            lambda r: r.set_min_naturals,
        ),
        Option(
            "run_min_naturals",
            N_("Fewest natural (non-wild) cards in a run (0: wild cards alone make a run)."),
            "int",
            _field("run_min_naturals", lambda v: _int("run_min_naturals", v, 0, 13)),
            lambda r: r.run_min_naturals,
        ),
        Option(
            "color_min_naturals",
            N_("Fewest natural (non-wild) cards in a colour meld (0: wild cards alone make one)."),
            "int",
            _field("color_min_naturals", lambda v: _int("color_min_naturals", v, 0, 20)),
            lambda r: r.color_min_naturals,
        ),
        Option(
            "flush_min_naturals",
            N_("Fewest natural (non-wild) cards in a flush (0: wild cards alone make one)."),
            "int",
            _field("flush_min_naturals", lambda v: _int("flush_min_naturals", v, 0, 20)),
            lambda r: r.flush_min_naturals,
        ),
        Option(
            "wilds_per_meld",
            N_("Most wild cards in one meld when going down (empty: no limit)."),
            "int",
            _field("wilds_per_meld", _optional_int("wilds_per_meld", 0, 20)),
            lambda r: r.wilds_per_meld,
        ),
        Option(
            "adjacent_wilds",
            N_("Two wild cards may stand side by side in a run."),
            "bool",
            _field("adjacent_wilds", lambda v: _bool("adjacent_wilds", v)),
            lambda r: r.adjacent_wilds,
        ),
        Option(
            "set_distinct_suits",
            N_("The cards of a set must all be of different suits."),
            "bool",
            _field("set_distinct_suits", lambda v: _bool("set_distinct_suits", v)),
            lambda r: r.set_distinct_suits,
        ),
        Option(
            "wilds_at_most_naturals",
            N_("Wild cards may not outnumber natural cards in a meld."),
            "bool",
            _field("wilds_at_most_naturals", lambda v: _bool("wilds_at_most_naturals", v)),
            lambda r: r.wilds_at_most_naturals,
        ),
        Option(
            "same_suit_runs",
            N_("When two runs of one contract may share a suit."),
            "choice",
            _field("same_suit_runs", lambda v: _choice("same_suit_runs", v, SameSuitRuns)),
            lambda r: r.same_suit_runs.value,
            tuple(SameSuitRuns),
        ),
        Option(
            "same_suit_run_gap",
            N_(
                "Fewest ranks between two runs of one suit that do not overlap (0: they may touch)."
            ),
            "int",
            _field("same_suit_run_gap", lambda v: _int("same_suit_run_gap", v, 0, 6)),
            lambda r: r.same_suit_run_gap,
        ),
        Option(
            "aces",
            N_(
                "Where an ace may stand in a run: low or high, high only, low only, or anywhere "
                "(a run may turn the corner)."
            ),
            "choice",
            _field("aces", lambda v: _choice("aces", v, Aces)),
            lambda r: r.aces.value,
            tuple(Aces),
        ),
        Option(
            "run_suits",
            N_("A run is consecutive cards of one suit, or consecutive ranks of any suits."),
            "choice",
            _field("run_suits", lambda v: _choice("run_suits", v, RunSuits)),
            lambda r: r.run_suits.value,
            tuple(RunSuits),
        ),
        Option(
            "runs_without_wild_rank",
            N_(
                "A rank that is always wild has no place in a run (2s always wild: runs go 3 to A)."
            ),
            "bool",
            _field("runs_without_wild_rank", lambda v: _bool("runs_without_wild_rank", v)),
            lambda r: r.runs_without_wild_rank,
        ),
        Option(
            "set_ranks",
            N_("Whether two sets of one lay-down may share a rank."),
            "choice",
            _field("set_ranks", lambda v: _choice("set_ranks", v, SetRanks)),
            lambda r: r.set_ranks.value,
            tuple(SetRanks),
        ),
        Option(
            "wild_can_be_natural",
            N_("In deuces-wild games a 2 may stand for itself (otherwise every 2 is wild)."),
            "bool",
            _field("wild_can_be_natural", lambda v: _bool("wild_can_be_natural", v)),
            lambda r: r.wild_can_be_natural,
        ),
        Option(
            "extra_melds",
            N_("Melds beyond the contract may go down with it."),
            "bool",
            _field("extra_melds", lambda v: _bool("extra_melds", v)),
            lambda r: r.extra_melds,
        ),
        Option(
            "extra_meld_kinds",
            N_(
                "Which kinds of melds may go down beyond the contract: any, or only kinds the "
                "round's contract asks for."
            ),
            "choice",
            _field("extra_meld_kinds", lambda v: _choice("extra_meld_kinds", v, ExtraMeldKinds)),
            lambda r: r.extra_meld_kinds.value,
            tuple(ExtraMeldKinds),
        ),
        Option(
            "keep_card_to_discard",
            N_("Going down in a round with a discard must leave at least one card to discard."),
            "bool",
            _field("keep_card_to_discard", lambda v: _bool("keep_card_to_discard", v)),
            lambda r: r.keep_card_to_discard,
        ),
        Option(
            "cut_bonus",
            N_("Points added to the cutter's score for an exact cut (usually -50; 0 for none)."),
            "int",
            _field("cut_bonus", lambda v: _int("cut_bonus", v, -500, 0)),
            lambda r: r.cut_bonus,
        ),
        Option(
            "one_turn_bonus",
            N_(
                "Points added to the score of a player who goes down and out in one turn "
                "(Continental -10; 0 for none)."
            ),
            "int",
            _field("one_turn_bonus", lambda v: _int("one_turn_bonus", v, -500, 0)),
            lambda r: r.one_turn_bonus,
        ),
        Option(
            "buy_points",
            N_("Points added to a player's score for each card they bought (0 for none)."),
            "int",
            _field("buy_points", lambda v: _int("buy_points", v, 0, 100)),
            lambda r: r.buy_points,
        ),
        Option(
            "jokers_as_skips",
            N_(
                "The jokers are dealt as Skip cards: never wild, never melded, 15 points left "
                "in hand."
            ),
            "bool",
            _apply_jokers_as_skips,
            lambda r: r.jokers_as_skips,
        ),
        Option(
            "joker_swap",
            N_("Which jokers on the table may be taken by playing the natural card."),
            "choice",
            _field("joker_swap", lambda v: _choice("joker_swap", v, JokerSwap)),
            lambda r: r.joker_swap.value,
            tuple(JokerSwap),
        ),
        Option(
            "swap_wilds",
            N_("Which wild cards a joker swap may take back: every wild, or jokers only."),
            "choice",
            _field("swap_wilds", lambda v: _choice("swap_wilds", v, SwapWilds)),
            lambda r: r.swap_wilds.value,
            tuple(SwapWilds),
        ),
        Option(
            "wild_limit_on_layoffs",
            N_(
                "Wilds may not outnumber naturals after a lay-off either (not only when going "
                "down)."
            ),
            "bool",
            _field("wild_limit_on_layoffs", lambda v: _bool("wild_limit_on_layoffs", v)),
            lambda r: r.wild_limit_on_layoffs,
        ),
        Option(
            "buy_penalty_cards",
            N_("Penalty cards drawn from the stock with each card bought."),
            "int",
            _field("buy_penalty_cards", lambda v: _int("buy_penalty_cards", v, 0, 3)),
            lambda r: r.buy_penalty_cards,
        ),
        Option(
            "no_buying_once_down",
            N_("A player who has gone down may not buy."),
            "bool",
            _field("no_buying_once_down", lambda v: _bool("no_buying_once_down", v)),
            lambda r: r.no_buying_once_down,
        ),
        Option(
            "next_player_takes_discard_free",
            N_("The player about to draw may take the discard without a penalty card."),
            "bool",
            _field(
                "next_player_takes_discard_free",
                lambda v: _bool("next_player_takes_discard_free", v),
            ),
            lambda r: r.next_player_takes_discard_free,
        ),
        Option(
            "down_player_takes_discard_only_to_play",
            N_("A player who is down takes the discard only to play it at once."),
            "bool",
            _field(
                "down_player_takes_discard_only_to_play",
                lambda v: _bool("down_player_takes_discard_only_to_play", v),
            ),
            lambda r: r.down_player_takes_discard_only_to_play,
        ),
        Option(
            "layoff_on_going_down_turn",
            N_("A player may lay off in the turn they go down."),
            "bool",
            _field("layoff_on_going_down_turn", lambda v: _bool("layoff_on_going_down_turn", v)),
            lambda r: r.layoff_on_going_down_turn,
        ),
        Option(
            "phase_order",
            N_(
                "In a phase game: the phases in order, or in any order (a player says which one "
                "they completed)."
            ),
            "choice",
            _field("phase_order", lambda v: _choice("phase_order", v, PhaseOrder)),
            lambda r: r.phase_order.value,
            tuple(PhaseOrder),
        ),
        Option(
            "min_players",
            N_("Fewest players."),
            "int",
            _field("min_players", lambda v: _int("min_players", v, MIN_PLAYERS, MAX_PLAYERS)),
            lambda r: r.min_players,
        ),
        Option(
            "max_players",
            N_("Most players."),
            "int",
            _field("max_players", lambda v: _int("max_players", v, MIN_PLAYERS, MAX_PLAYERS)),
            lambda r: r.max_players,
        ),
    )
}


def with_options(rules: RuleSet, options: Mapping[str, Any]) -> RuleSet:
    """A new rule set: ``rules`` with house-rule overrides applied and validated.

    ``options`` maps names of :data:`OPTIONS` to values; unknown names, wrong types and
    impossible combinations are rejected with a RuleSetError saying why.
    """
    if not options:
        return rules
    if not isinstance(options, Mapping):
        raise RuleSetError(_("house-rule options must be given as name/value pairs"))
    result = rules
    for name, value in options.items():
        option = OPTIONS.get(name) if isinstance(name, str) else None
        if option is None:
            known = ", ".join(OPTIONS)
            raise RuleSetError(
                _("{name} is not a house-rule option; the options are {known}").format(
                    name=quoted(name), known=known
                )
            )
        result = option.apply(result, value)
    validate(result)
    return result


def option_values(rules: RuleSet) -> dict[str, Any]:
    """The current value of every house-rule option of ``rules``, as JSON-friendly data."""
    return {name: option.read(rules) for name, option in OPTIONS.items()}


# Option name -> choice value -> how a person reads it. Round fields ("going_out", "kind") are
# here too: the builder shows them beside the options.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "buy_precedence": {
        "nearest": N_("The player nearest to the one about to draw"),
        "first-to-call": N_("Whoever calls first"),
    },
    "jokers": {
        "per-deck": N_("Every deck's jokers (two a deck)"),
        "players-minus-one": N_("One joker fewer than the players"),
        "none": N_("No jokers"),
        "by-players": N_("A number of jokers for each row of the decks table"),
    },
    "aces": {
        "low-or-high": N_("Low or high, not both (A 2 3 or Q K A)"),
        "high-only": N_("High only (Q K A)"),
        "low-only": N_("Low only (A 2 3)"),
        "wrap": N_("Anywhere: a run may turn the corner (Q K A 2 3)"),
    },
    "run_suits": {
        "same": N_("One suit"),
        "any": N_("Any suits (consecutive ranks)"),
    },
    "set_ranks": {
        "any": N_("Sets may share a rank"),
        "different": N_("Each set of a lay-down of another rank"),
    },
    "extra_meld_kinds": {
        "any": N_("Any kind"),
        "contract": N_("Only kinds the round's contract asks for"),
    },
    "same_suit_runs": {
        "apart": N_("Only with a gap between them (they may not touch or overlap)"),
        "apart-or-overlapping": N_("Apart or overlapping, but not touching"),
        "never": N_("Never: each run is of another suit"),
    },
    "joker_swap": {
        "runs-only": N_("Jokers in runs only (a joker in a set stays)"),
        "runs-and-set-third": N_("Jokers in runs, and a joker laid as the third card of a set"),
        "never": N_("Never"),
    },
    "swap_wilds": {
        "any-wild": N_("Any wild card (a joker or a wild 2)"),
        "jokers-only": N_("Jokers only (a wild 2 stays)"),
    },
    "phase_order": {
        "in-order": N_("In order, one phase after another"),
        "any": N_("In any order (each player says which phase they completed)"),
    },
    "progression": {
        "rounds": N_("Rounds: everyone plays the same contract each round"),
        "phases": N_("Phases: each player plays their own phase and moves up on completing it"),
    },
    "going_out": {
        "discard": N_("Discard the last card"),
        "all-out": N_("All out: every card goes into melds, no discard"),
        "one-card-left": N_("Keep one card to discard"),
    },
    # The builder's meld kinds.
    "kind": {
        "set": N_("Set (one rank)"),
        "run": N_("Run (in a row)"),
        "color": N_("Colour meld (one colour)"),
        "flush": N_("Flush (one suit)"),
    },
}


def choice_words(option: str, value: Any) -> str:
    """How a person reads ``value`` of ``option``.

    >>> choice_words("jokers", "players-minus-one")
    'One joker fewer than the players'
    >>> choice_words("buying", True), choice_words("buy_limit", None), choice_words("x", "a-b")
    ('Yes', 'No limit', 'A b')
    >>> choice_words("point_table", "liverpool") == POINT_TABLES["liverpool"].name
    True
    """
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if value is None:
        return _("No limit")
    if option == "point_table" and isinstance(value, str) and value in POINT_TABLES:
        return POINT_TABLES[value].name
    text = str(value)
    words = CHOICE_WORDS.get(option, {}).get(text)
    if words is not None:
        return _(words)
    spaced = text.replace("-", " ").replace("_", " ")
    return spaced[:1].upper() + spaced[1:]
