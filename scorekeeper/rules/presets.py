"""The presets of RULES.md: each way to play as a :class:`~.rulesets.RuleSet`.

:data:`PRESETS` lists them by id; :func:`build_rules` is a preset with house-rule options on
top. Each preset is checked (:func:`~.validation.validate`) as this module loads.

>>> LIVERPOOL.rounds[6].contract.describe(), LIVERPOOL.rounds[6].all_out
('3 runs', True)
>>> build_rules("liverpool", {"run_min_naturals": 2}).run_min_naturals
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Rank
from .errors import RuleSetError, quoted
from .language import _
from .options import with_options
from .points import (
    CARIOCA_POINTS,
    CONTINENTAL_POINTS,
    CONTRACT_RUMMY_DEUCES_POINTS,
    CONTRACT_RUMMY_POINTS,
    DEUCES_SIX_POINTS,
    FACE_VALUE_POINTS,
    KALOOKI_POINTS,
    LIVERPOOL_POINTS,
    SHANGHAI_POINTS,
    TEN_PHASE_POINTS,
)
from .preset_texts import texts_in_languages
from .rulesets import (
    MAX_PLAYERS,
    Aces,
    Contract,
    DeckRule,
    ExtraMeldKinds,
    GoingOut,
    JokerCount,
    JokerSwap,
    MeldKind,
    MeldSpec,
    Progression,
    RoundSpec,
    RuleSet,
    RunSuits,
    SameSuitRuns,
    SetRanks,
)
from .validation import validate

SEVEN_CONTRACTS = (
    Contract.of(sets=2),
    Contract.of(sets=1, runs=1),
    Contract.of(runs=2),
    Contract.of(sets=3),
    Contract.of(sets=2, runs=1),
    Contract.of(sets=1, runs=2),
    Contract.of(runs=3),
)


def seven_rounds(
    cards: Sequence[int], *, buy_limits: Sequence[int | None] | None = None
) -> tuple[RoundSpec, ...]:
    """The seven classic contracts, the last one all out."""
    limits = buy_limits or [None] * 7
    return tuple(
        RoundSpec(
            contract,
            cards_dealt=n,
            going_out=GoingOut.ALL_OUT if i == 6 else GoingOut.DISCARD,
            buy_limit=limit,
        )
        for i, (contract, n, limit) in enumerate(zip(SEVEN_CONTRACTS, cards, limits, strict=True))
    )


LIVERPOOL = RuleSet(
    id="liverpool",
    **texts_in_languages("liverpool"),
    name="Liverpool Rummy",
    summary=(
        "Seven rounds of ten cards, from two sets up to three runs; in the last round you must "
        "go out with every card, no discard. Jokers are wild: a set needs two natural cards, a "
        "run three. Buy the discard out of turn with a penalty card (nearest player first), but "
        "not once you are down. Aces 15, jokers 20, 2-9 five, tens and faces ten. The cutter who "
        "cuts exactly the cards for the deal takes 50 points off."
    ),
    rounds=seven_rounds([10] * 7),
    decks=DeckRule(((5, 2), (MAX_PLAYERS, 3))),
    point_table=LIVERPOOL_POINTS,
    cut_bonus=-50,
    source="a web overview of Liverpool Rummy, its encyclopedia-style section",
)

LIVERPOOL_11 = dataclasses.replace(
    LIVERPOOL,
    id="liverpool-11",
    **texts_in_languages("liverpool-11"),
    name="Liverpool Rummy, 11 cards",
    summary=(
        "The seven Liverpool contracts with eleven cards dealt every round; the last round is "
        "all out. Two decks and four jokers for up to four players, three decks and six jokers "
        "for more. Aces and jokers 15, faces 10, other cards their face value. No cut bonus."
    ),
    rounds=seven_rounds([11] * 7),
    decks=DeckRule(((4, 2), (MAX_PLAYERS, 3))),
    point_table=FACE_VALUE_POINTS,
    cut_bonus=0,
    source="a web overview of Liverpool Rummy, its description of an online game",
)

CONTRACT_RUMMY = RuleSet(
    id="contract-rummy",
    **texts_in_languages("contract-rummy"),
    name="Contract Rummy",
    summary=(
        "Seven contracts, ten cards for rounds 1-4 and twelve for 5-7. Contract melds are "
        "exactly three or four cards (except in the last round, where every card goes down), and "
        "you may not lay off in the turn you go down. Jokers, one fewer than the players, are "
        "wild; a joker in a set is dead. One buy per turn with a penalty card. Jokers 25, aces "
        "15, faces 10, other cards face value."
    ),
    rounds=seven_rounds([10, 10, 10, 10, 12, 12, 12]),
    decks=DeckRule(((4, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.PLAYERS_MINUS_ONE),
    point_table=CONTRACT_RUMMY_POINTS,
    exact_contract_melds=True,
    buys_per_turn=1,
    layoff_on_going_down_turn=False,
    source="a family's Contract Rummy score sheet and its optional rules, published on the web",
)

DEUCES_SIX = RuleSet(
    id="deuces-six",
    **texts_in_languages("deuces-six"),
    name="Six-round Deuces Wild",
    summary=(
        "Six rounds of ten cards with 2s wild and no jokers. Sets are three or four cards of "
        "different suits. Round 5 ends with one card left to discard; in round 6 you go out "
        "with every card. Buy as many discards as you like. Aces and 2s 25, 3-9 five, tens and "
        "faces ten."
    ),
    rounds=(
        RoundSpec(Contract.of(sets=2), 10),
        RoundSpec(Contract.of(sets=1, runs=1), 10),
        RoundSpec(Contract.of(sets=3), 10),
        RoundSpec(Contract.of(sets=3), 10),
        RoundSpec(Contract.of(sets=2, runs=1), 10),
        RoundSpec(Contract.of(sets=1, runs=2), 10, GoingOut.ALL_OUT),
    ),
    decks=DeckRule(((5, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.NONE),
    point_table=DEUCES_SIX_POINTS,
    wild_ranks=frozenset({Rank.TWO}),
    set_distinct_suits=True,
    source="a web page describing a six-round Liverpool Rummy with the 2s wild",
)

FAMILY = RuleSet(
    id="family",
    **texts_in_languages("family"),
    name="Family Liverpool",
    summary=(
        "One family's house rules: seven contracts, ten cards for hands 1-4 and twelve for 5-7, "
        "three players or more. Sets and runs need only two natural cards, and two runs of one "
        "suit may overlap or be apart, but not touch. No buying in round 1; afterwards the next "
        "player takes the discard free and others buy with a penalty card. Aces and jokers 15, "
        "faces 10, other cards face value."
    ),
    rounds=seven_rounds(
        [10, 10, 10, 10, 12, 12, 12], buy_limits=[0, None, None, None, None, None, None]
    ),
    decks=DeckRule(((4, 2), (6, 3), (MAX_PLAYERS, 4))),
    point_table=FACE_VALUE_POINTS,
    min_players=3,
    run_min_naturals=2,
    same_suit_runs=SameSuitRuns.APART_OR_OVERLAPPING,
    next_player_takes_discard_free=True,
    down_player_takes_discard_only_to_play=True,
    joker_swap=JokerSwap.RUNS_AND_SET_THIRD,
    source="one family's house rules, from the blog post “The Rules of Liverpool”",
)


def _set_and_run(set_length: int, run_length: int, sets: int = 1) -> Contract:
    return Contract(
        (MeldSpec(MeldKind.SET, set_length),) * sets + (MeldSpec(MeldKind.RUN, run_length),)
    )


SHANGHAI = RuleSet(
    id="shanghai",
    **texts_in_languages("shanghai"),
    name="Shanghai Rummy",
    summary=(
        "Ten rounds of eleven cards whose contracts grow to a run of ten and to three runs of "
        "five. Up to 3 buys a round (4 in rounds 9 and 10), each with a penalty card. Jokers, "
        "one fewer than the players, are wild, never more of them in a meld than natural cards. "
        "Every 2-10 left in hand scores 5, faces 10, aces and jokers 15. Source: “Shanghai "
        "Rummy”, Rummy Rule Book, https://www.rummyrulebook.com/pages/contract-shanghai/."
    ),
    rounds=tuple(
        RoundSpec(contract, 11, buy_limit=3 if number <= 8 else 4)
        for number, contract in enumerate(
            (
                Contract.of(sets=2),
                Contract.of(sets=1, runs=1),
                Contract.of(runs=2),
                Contract.of(sets=3),
                _set_and_run(3, 7),
                _set_and_run(3, 5, sets=2),
                Contract.of(runs=3),
                _set_and_run(3, 10),
                _set_and_run(3, 5, sets=3),
                Contract.of(runs=3, run_length=5),
            ),
            start=1,
        )
    ),
    decks=DeckRule(((4, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.PLAYERS_MINUS_ONE),
    point_table=SHANGHAI_POINTS,
    min_players=3,
    wilds_at_most_naturals=True,
    source="the Shanghai Rummy page of the Rummy Rule Book website (rummyrulebook.com)",
)

MAY_I = RuleSet(
    id="may-i",
    **texts_in_languages("may-i"),
    name="May I? (Onze)",
    summary=(
        "Seven contracts, eleven cards dealt (thirteen in the last round). Jokers and 2s are "
        "wild, and a meld never holds more wild cards than natural ones. Say “May I?” to take "
        "the discard out of turn with a penalty card, at most 3 times a round; the nearest "
        "player wins a tie. Jokers and 2s 25, aces 15, faces 10, other cards face value. "
        "Source: “Onze”, The Bear Knows Best, http://thebearknowsbest.com/onze/."
    ),
    rounds=tuple(
        RoundSpec(contract, 13 if number == 7 else 11, buy_limit=3)
        for number, contract in enumerate(SEVEN_CONTRACTS, start=1)
    ),
    decks=DeckRule(((5, 2), (MAX_PLAYERS, 3))),
    point_table=CONTRACT_RUMMY_DEUCES_POINTS,
    wild_ranks=frozenset({Rank.TWO}),
    run_min_naturals=2,
    wilds_at_most_naturals=True,
    source="the rules of Onze, a “May I?” game, on the family games blog The Bear Knows Best",
)


def _melds(*melds: tuple[MeldKind, int]) -> Contract:
    """A contract from (kind, fewest cards) pairs."""
    return Contract(tuple(MeldSpec(kind, length) for kind, length in melds))


SET, RUN, FLUSH = MeldKind.SET, MeldKind.RUN, MeldKind.FLUSH

TEN_PHASE = RuleSet(
    id="ten-phase",
    **texts_in_languages("ten-phase"),
    name="Ten Phases (standard cards)",
    summary=(
        "The ten-phase game with two standard decks (three for seven or eight players) and "
        "ten cards a hand. Each player plays their own phase and moves up one on completing "
        "it: 2 sets of 3; a set of 3 and a run of 4; a set of 4 and a run of 4; a run of 7, "
        "of 8, of 9; 2 sets of 4; 7 cards of one suit; a set of 5 and a set of 2; a set of 5 "
        "and a set of 3. Runs may mix suits; kings are wild and aces low; every meld needs a "
        "natural card. The hand in which a player completes phase 10 ends the game, and the "
        "lowest total among those who did wins. A-9 score 5, 10 J Q 10, kings 25. Sources: "
        "“How to play Phase 10 with regular cards”, "
        "https://unogamerules.com/how-to-play-phase-10-with-regular-cards/; “Phase Ten card "
        "game instructions”, http://ourpastimes.com/phase-ten-card-game-instructions-5405730.html; "
        "scoring and the tie on phase 10, "
        "http://www.gilbertandevans.com/game17/1/index.php?id=462."
    ),
    rounds=tuple(
        RoundSpec(contract, 10, buy_limit=0)
        for contract in (
            Contract.of(sets=2),
            _melds((SET, 3), (RUN, 4)),
            _melds((SET, 4), (RUN, 4)),
            _melds((RUN, 7)),
            _melds((RUN, 8)),
            _melds((RUN, 9)),
            Contract.of(sets=2, set_length=4),
            _melds((FLUSH, 7)),
            _melds((SET, 5), (SET, 2)),
            _melds((SET, 5), (SET, 3)),
        )
    ),
    decks=DeckRule(((6, 2), (MAX_PLAYERS, 3)), jokers=JokerCount.NONE),
    point_table=TEN_PHASE_POINTS,
    progression=Progression.PHASES,
    wild_ranks=frozenset({Rank.KING}),
    wild_can_be_natural=False,
    set_min_naturals=1,
    run_min_naturals=1,
    flush_min_naturals=1,
    aces=Aces.LOW_ONLY,
    run_suits=RunSuits.ANY,
    runs_without_wild_rank=True,
    joker_swap=JokerSwap.NEVER,
    source="the published ways to play the ten-phase game with two standard decks",
)


def _phases_of(rules: RuleSet, numbers: Sequence[int]) -> tuple[RoundSpec, ...]:
    """Some of a phase game's phases, in order (Phase 10's even and odd variants)."""
    return tuple(rules.rounds[n - 1] for n in numbers)


TEN_PHASE_EVEN = dataclasses.replace(
    TEN_PHASE,
    id="ten-phase-even",
    **texts_in_languages("ten-phase-even"),
    name="Ten Phases, even phases only",
    summary=(
        "The official short variant of the ten-phase game: only the even phases, 2, 4, 6, 8 "
        "and 10, played in order (a set of 3 and a run of 4; a run of 7; a run of 9; 7 "
        "cards of one suit; a set of 5 and a set of 3). Everything else as the ten-phase "
        "game with standard cards. Source: the Phase 10 rules by Fundex/Mattel, “Variations: "
        "even or odd phases only”."
    ),
    rounds=_phases_of(TEN_PHASE, (2, 4, 6, 8, 10)),
    source="the official Phase 10 rules' variation: even phases only",
)

TEN_PHASE_ODD = dataclasses.replace(
    TEN_PHASE,
    id="ten-phase-odd",
    **texts_in_languages("ten-phase-odd"),
    name="Ten Phases, odd phases only",
    summary=(
        "The official short variant of the ten-phase game: only the odd phases, 1, 3, 5, 7 "
        "and 9, played in order (2 sets of 3; a set of 4 and a run of 4; a run of 8; 2 sets "
        "of 4; a set of 5 and a set of 2). Everything else as the ten-phase game with "
        "standard cards. Source: the Phase 10 rules by Fundex/Mattel, “Variations: even or "
        "odd phases only”."
    ),
    rounds=_phases_of(TEN_PHASE, (1, 3, 5, 7, 9)),
    source="the official Phase 10 rules' variation: odd phases only",
)

CARIOCA = RuleSet(
    id="carioca",
    **texts_in_languages("carioca"),
    name="Carioca (Chile)",
    summary=(
        "Eight rounds of twelve cards: 2 trios; a trio and an escala; 2 escalas; 3 trios; 2 "
        "trios and an escala; a trio and 2 escalas; 3 escalas; 4 trios. A trio is 3 or more of "
        "one rank, an escala 4 or more in a row of one suit, and an escala may turn the corner "
        "(Q K A 2). The trios of a lay-down are of different ranks; a meld goes down with one "
        "wild card at most, and two wild cards never stand side by side. Extra melds only of "
        "the round's kinds; no laying off in the turn you go down; no buying. Going down and "
        "out in one turn scores -10. Aces 20, jokers 30, faces 10, other cards face value. "
        "Sources: “Carioca”, "
        "https://xanimaniax.foroes.org/t394-carioca; “Carioca”, "
        "https://www.playginrummyonline.com/rummy-variations/carioca/."
    ),
    rounds=tuple(
        RoundSpec(contract, 12, buy_limit=0)
        for contract in (
            Contract.of(sets=2),
            Contract.of(sets=1, runs=1),
            Contract.of(runs=2),
            Contract.of(sets=3),
            Contract.of(sets=2, runs=1),
            Contract.of(sets=1, runs=2),
            Contract.of(runs=3),
            Contract.of(sets=4),
        )
    ),
    decks=DeckRule(((4, 2),)),
    point_table=CARIOCA_POINTS,
    max_players=4,
    aces=Aces.WRAP,
    set_ranks=SetRanks.DIFFERENT,
    wilds_per_meld=1,
    adjacent_wilds=False,
    extra_melds=True,
    extra_meld_kinds=ExtraMeldKinds.CONTRACT,
    layoff_on_going_down_turn=False,
    one_turn_bonus=-10,
    source="the Chilean rules of Carioca published on the web",
)

CARIOCA_ENGLISH = RuleSet(
    id="carioca-english",
    **texts_in_languages("carioca-english"),
    name="Carioca (Perla's, English)",
    summary=(
        "Perla's Carioca, the version told in English: eight rounds of eleven cards, thirteen "
        "in the last, where every card goes down. The contracts: 2 trios; a trio and an "
        "escala; 2 escalas; 3 trios; 2 trios and an escala; a trio and 2 escalas; 3 escalas; "
        "4 trios. A trio is 3 or more of one rank, an escala 4 or more in a row of one suit; "
        "aces are high or low, never both (an escala never turns the corner). Two decks and "
        "four jokers. A player may steal the discard when the players before them pass: +2 "
        "points for each card stolen. The cutter who cuts exactly the cards for the deal "
        "takes 10 points off; a player who goes down and out at once scores -30. Aces 20, "
        "jokers 30, faces 10, other cards face value. Source: “Carioca (card game)”, "
        "English Wikipedia, https://en.wikipedia.org/wiki/Carioca_(card_game)."
    ),
    rounds=tuple(
        RoundSpec(
            contract,
            13 if number == 8 else 11,
            GoingOut.ALL_OUT if number == 8 else GoingOut.DISCARD,
        )
        for number, contract in enumerate(
            (
                Contract.of(sets=2),
                Contract.of(sets=1, runs=1),
                Contract.of(runs=2),
                Contract.of(sets=3),
                Contract.of(sets=2, runs=1),
                Contract.of(sets=1, runs=2),
                Contract.of(runs=3),
                Contract.of(sets=4),
            ),
            start=1,
        )
    ),
    decks=DeckRule(((5, 2),)),
    point_table=CARIOCA_POINTS,
    max_players=5,
    buy_penalty_cards=0,
    buy_points=2,
    cut_bonus=-10,
    one_turn_bonus=-30,
    source="Perla's Cariocas, the version of the English Wikipedia article “Carioca (card game)”",
)

CONTINENTAL = RuleSet(
    id="continental",
    **texts_in_languages("continental"),
    name="Continental (Spain, Mexico)",
    summary=(
        "Seven hands, one card more than each contract needs: 2 trios (7 cards); a trio and "
        "an escalera (8); 2 escaleras (9); 3 trios (10); 2 trios and an escalera (11); a trio "
        "and 2 escaleras (12); 3 escaleras (13). A trio is 3 or more of one rank, an escalera "
        "4 or more in a row of one suit, and the ace may stand anywhere in it, even between "
        "the king and the 2; two jokers never stand side by side in an escalera. Two decks "
        "and six jokers. Take a discard out of turn with a penalty card, nearest player "
        "first. Going down and out in one turn scores -10. Jokers 50, aces 20, faces 10, "
        "other cards face value. Sources: “Continental "
        "(juego)”, https://es.wikipedia.org/wiki/Continental_(juego); “Continental”, "
        "https://es.stringtranslate.com/wiki/Continental_(juego); https://skylin.es/continental."
    ),
    rounds=tuple(
        RoundSpec(contract, dealt)
        for contract, dealt in (
            (Contract.of(sets=2), 7),
            (Contract.of(sets=1, runs=1), 8),
            (Contract.of(runs=2), 9),
            (Contract.of(sets=3), 10),
            (Contract.of(sets=2, runs=1), 11),
            (Contract.of(sets=1, runs=2), 12),
            (Contract.of(runs=3), 13),
        )
    ),
    decks=DeckRule(((4, 2),), jokers_per_deck=3),
    point_table=CONTINENTAL_POINTS,
    max_players=4,
    aces=Aces.WRAP,
    # The sources forbid only two jokers side by side (5♠ JK 7♠ JK is an escalera); no
    # escalera of 4 can then hold fewer than 2 natural cards.
    run_min_naturals=2,
    adjacent_wilds=False,
    one_turn_bonus=-10,
    source="the Spanish-language rules of Continental (continental clásico)",
)

KALOOKI = RuleSet(
    id="kalooki",
    **texts_in_languages("kalooki"),
    name="Kalooki (Jamaica)",
    summary=(
        "Nine contracts of threes (3 or more of one rank, two of them natural) and fours (4 "
        "or more in a row of one suit), from 3 threes to 4 fours, dealt exactly the cards "
        "each contract needs: 9, 10, 11, 12, 12, 13, 14, 15, 16. The threes of a lay-down are "
        "of different ranks and its fours of different suits; aces high or low, never both; "
        "two jokers never stand side by side in a four, and a joker laid is never taken back. "
        "Two decks and four jokers for 3-4 players, three and eight for 5-6, four and ten for "
        "7-8. A player not yet down may call the discard with a penalty card. Jokers 50, black "
        "aces 15, red aces 1, faces 10, other cards face value. Sources: “Kalooki”, "
        "https://en.wikipedia.org/wiki/Kalooki; “Kalooki (Caribbean)”, "
        "https://gamerules.com/rules/kalooki-caribbean/; https://www.denexa.com/blog/kalooki."
    ),
    rounds=tuple(
        RoundSpec(contract, contract.min_cards)
        for contract in (
            Contract.of(sets=3),
            Contract.of(sets=2, runs=1),
            Contract.of(sets=1, runs=2),
            Contract.of(runs=3),
            Contract.of(sets=4),
            Contract.of(sets=3, runs=1),
            Contract.of(sets=2, runs=2),
            Contract.of(sets=1, runs=3),
            Contract.of(runs=4),
        )
    ),
    decks=DeckRule(
        ((4, 2), (6, 3), (MAX_PLAYERS, 4)), jokers=JokerCount.BY_PLAYERS, jokers_by_row=(4, 8, 10)
    ),
    point_table=KALOOKI_POINTS,
    min_players=3,
    run_min_naturals=2,
    set_ranks=SetRanks.DIFFERENT,
    same_suit_runs=SameSuitRuns.NEVER,
    adjacent_wilds=False,
    joker_swap=JokerSwap.NEVER,
    source="the published rules of Jamaican Kalooki",
)

# The id stays "rommi", the name it was first shipped under: games, saved rule sets and links
# carry it. The name is what Finnish tables call the game.
ROMMI = RuleSet(
    id="rommi",
    **texts_in_languages("rommi"),
    name="Shanghai (Finland)",
    summary=(
        "The Finnish contract rummy, which Finnish tables call Shanghai (not Rommé, a rummy "
        "without contracts). Seven rounds of eleven cards: 2 sets; a set and a run; 2 "
        "runs; 3 sets; 2 sets and a run; a set and 2 runs; then 3 runs from thirteen cards, "
        "going out with every card. Two decks and four jokers, jokers wild. Call a discard "
        "out of turn with a penalty card, at most 3 times a round. Jokers 25, aces 15, faces "
        "10, other cards face value. Sources: “Shanghai (peli)”, Finnish Wikipedia, "
        "https://fi.m.wikipedia.org/wiki/Toiminnot:MobileDiff/15754170; the rules of a Finnish "
        "Shanghai program, https://github.com/SirVeggie/shanghai-cardgame."
    ),
    rounds=tuple(
        RoundSpec(
            contract,
            13 if number == 7 else 11,
            GoingOut.ALL_OUT if number == 7 else GoingOut.DISCARD,
            buy_limit=3,
        )
        for number, contract in enumerate(SEVEN_CONTRACTS, start=1)
    ),
    decks=DeckRule(((MAX_PLAYERS, 2),)),
    point_table=CONTRACT_RUMMY_POINTS,
    source="the Finnish Wikipedia article on Shanghai and a Finnish Shanghai program",
)

PRESETS: dict[str, RuleSet] = {
    r.id: r
    for r in (
        LIVERPOOL,
        LIVERPOOL_11,
        CONTRACT_RUMMY,
        DEUCES_SIX,
        FAMILY,
        SHANGHAI,
        MAY_I,
        TEN_PHASE,
        TEN_PHASE_EVEN,
        TEN_PHASE_ODD,
        CARIOCA,
        CARIOCA_ENGLISH,
        CONTINENTAL,
        KALOOKI,
        ROMMI,
    )
}


def get_preset(id: str) -> RuleSet:
    """The named preset, or a RuleSetError listing the known ones."""
    try:
        return PRESETS[id]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise RuleSetError(
            _("there is no rule set {name}: choose one of {known}").format(
                name=quoted(id), known=known
            )
        ) from None


def build_rules(preset: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset with house-rule overrides, validated."""
    return with_options(get_preset(preset), options or {})


for _preset in PRESETS.values():
    validate(_preset)
