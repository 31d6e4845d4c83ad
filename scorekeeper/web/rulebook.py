"""A rule set in plain language, written from its data, with examples judged live.

Nothing here is copied from the rule books: every sentence is built from the fields of a
:class:`~scorekeeper.rules.RuleSet`, and every example meld, lay-down, lay-off and joker swap
is a hand of cards put to the referee (the same functions the API calls), so the verdict
shown is the referee's own. Change a house rule and the page changes with it.

>>> from scorekeeper.rules import PRESETS
>>> book = rulebook(PRESETS["liverpool"])
>>> [e["cards"] for e in book["melds"] if not e["legal"]][0]
['7H', 'JK', 'JK']
>>> any("2 natural cards" in p for p in book["sections"]["Sets"])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules import Card, MeldKind, Rank, RuleSet, check_contract, parse_cards
from ..rules.melds import judge
from ..rules.rulesets import (
    DEFAULT_MIN_LENGTH,
    BuyPrecedence,
    Contract,
    JokerSwap,
    SameSuitRuns,
    number_word,
)
from . import referee_json as rj


def _plural(count: int, noun: str) -> str:
    return f"{number_word(count)} {noun}" + ("" if count == 1 else "s")


def _list(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _rounds_text(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    return "rounds " + _list([str(n) for n in numbers])


def wild_cards(rules: RuleSet) -> tuple[str, str]:
    """Two wild cards of this rule set, for examples: jokers, or 2s in deuces-wild games."""
    if rules.uses_jokers:
        return "JK", "JK"
    if rules.wild_ranks:
        rank = sorted(rules.wild_ranks)[0].label
        return f"{rank}C", f"{rank}D"
    return "JK", "JK"


# --- the sections ------------------------------------------------------------------------------


def sections(rules: RuleSet) -> dict[str, list[str]]:
    """Headings and their paragraphs."""
    found: dict[str, list[str]] = {}
    wilds = rules.describe_wilds()
    wild_text = [wilds[:1].upper() + wilds[1:] + ": a wild card stands in for any card."]
    if rules.wild_ranks and rules.wild_can_be_natural:
        ranks = _list([r.noun for r in sorted(rules.wild_ranks)])
        wild_text.append(
            f"Wild {ranks} may also stand for themselves, and then count as natural cards."
        )
    if not rules.uses_jokers:
        wild_text.append("No jokers are used.")
    found["Wild cards"] = wild_text

    set_len = DEFAULT_MIN_LENGTH[MeldKind.SET]
    run_len = DEFAULT_MIN_LENGTH[MeldKind.RUN]
    if rules.set_distinct_suits:
        suits = f"of different suits, so a set holds at most {rules.set_max_cards} cards"
    else:
        suits = "suits may repeat, since several decks are shuffled together"
    found["Sets"] = [
        f"A set is {set_len} or more cards of one rank; {suits}. "
        f"It needs at least {rules.set_min_naturals} natural cards."
    ]
    found["Runs"] = [
        f"A run is {run_len} or more cards of one suit in order. Aces are high (J Q K A) or "
        "low (A 2 3 4), never both: a run cannot turn the corner (K A 2 3), so it holds at "
        "most 13 cards.",
        f"A run needs at least {rules.run_min_naturals} natural cards. A wild card in a run "
        "stands for one definite card, and the referee says which.",
    ]
    if rules.wilds_at_most_naturals:
        found["Runs"].append("Wild cards may not outnumber the natural cards of a meld.")

    going_down = [
        "To go down you lay the round's contract all at once: exactly its number of sets and "
        "of runs, each meld legal."
    ]
    all_out = [n for n, r in enumerate(rules.rounds, start=1) if r.all_out]
    if rules.exact_contract_melds:
        going_down.append(
            f"When you go down each set is exactly {set_len} cards and each run exactly "
            f"{run_len}"
            + (f", except in {_rounds_text(all_out)}" if all_out else "")
            + "; other cards are laid off later."
        )
    else:
        going_down.append("A contract meld may be longer than the minimum.")
    same_suit = {
        SameSuitRuns.APART: "Two runs of the same suit in one contract must be apart, with at "
        "least one card between them: they may neither touch nor overlap.",
        SameSuitRuns.APART_OR_OVERLAPPING: "Two runs of the same suit in one contract may be "
        "apart or overlap (using cards of two decks), but may not touch: touching runs are "
        "one run.",
        SameSuitRuns.NEVER: "The runs of one contract must all be of different suits.",
    }
    going_down.append(same_suit[rules.same_suit_runs])
    found["Going down"] = going_down

    out = []
    if all_out:
        out.append(
            f"In {_rounds_text(all_out)} you must go out with every card in your hand laid "
            "down: no discard, and even the last card picked up must fit."
        )
    discard_rounds = [n for n, r in enumerate(rules.rounds, start=1) if not r.all_out]
    if discard_rounds:
        out.append(
            f"In {_rounds_text(discard_rounds)} you go out by playing every card but one and "
            "discarding it."
        )
    if rules.layoff_on_going_down_turn:
        out.append(
            "Once down you may lay off cards on any meld on the table, even in the "
            "turn you go down."
        )
    else:
        out.append(
            "Once down you may lay off cards on any meld on the table, but not in the "
            "turn you go down."
        )
    out.append(
        "A player who is down and discards a card that could have been laid off can be "
        'called out: "Liverpool!". The referee\'s Liverpool check tells whether it could.'
    )
    found["Laying off and going out"] = out

    buying: list[str] = []
    no_buy = [n for n, r in enumerate(rules.rounds, start=1) if not r.buying_allowed]
    if len(no_buy) == rules.round_count:
        buying.append("No buying: only the player whose turn it is may take the discard.")
    else:
        penalty = _plural(rules.buy_penalty_cards, "penalty card")
        buying.append(
            'Buying ("May I?"): a player may take the top discard out of turn, with '
            f"{penalty} from the stock."
        )
        if no_buy:
            buying.append(f"No buying in {_rounds_text(no_buy)}.")
        limits = {r.buy_limit for r in rules.rounds if r.buying_allowed}
        if len(limits) == 1 and (limit := limits.pop()) is not None:
            buying.append(f"A player may buy at most {_plural(limit, 'card')} in a round.")
        if rules.buys_per_turn is not None:
            buying.append(f"At most {_plural(rules.buys_per_turn, 'buy')} between two turns.")
        if rules.buy_precedence == BuyPrecedence.NEAREST:
            buying.append(
                "When several players want the discard, the player nearest (clockwise) to the "
                "player about to draw gets it."
            )
        else:
            buying.append("When several players want the discard, the first to call gets it.")
        if rules.next_player_takes_discard_free:
            buying.append("The next player takes the discard free, without a penalty card.")
        if rules.no_buying_once_down:
            buying.append("A player who is down may not buy.")
        if rules.down_player_takes_discard_only_to_play:
            buying.append("A player who is down may take the discard only to play it at once.")
    found["Buying"] = buying

    swap = {
        JokerSwap.RUNS_ONLY: "A player who is down may take a wild card from a run on the "
        "table by putting the natural card it stands for in its place, and must play the wild "
        "card in the same turn. A wild card in a set is dead: it cannot be taken.",
        JokerSwap.RUNS_AND_SET_THIRD: "A player who is down may take a wild card from a run on "
        "the table by putting the natural card it stands for in its place, and must play it "
        "in the same turn. A wild card laid among the first three cards of a set may be taken "
        "too, by a card of the set's rank; one added to a set later is dead.",
        JokerSwap.NEVER: "Wild cards on the table stay where they are: none may be taken.",
    }
    found["Joker swap"] = [swap[rules.joker_swap]]

    scoring = [
        "When a player goes out the round ends; everyone else scores the cards left in hand "
        f"({rules.point_table.name}): {rules.point_table.describe()}. The player who went out "
        "scores 0.",
    ]
    if rules.cut_bonus:
        scoring.append(
            "Cut bonus: when the player who cuts the deck cuts exactly the cards needed for "
            f"the deal and the upcard, that player scores {rules.cut_bonus} for the round."
        )
    else:
        scoring.append("There is no cut bonus.")
    scoring.append(
        f"The lowest total after round {rules.round_count} wins; equal totals share the win."
    )
    found["Scoring"] = scoring
    return found


# --- examples judged live ------------------------------------------------------------------------


def meld_example(rules: RuleSet, text: str, note: str) -> dict[str, Any]:
    cards = parse_cards(text)
    kind, meld, problems = judge(cards, rules)
    return {
        "cards": rj.cards_json(cards),
        "note": note,
        "legal": meld is not None,
        "description": meld.describe() if meld is not None else None,
        "kind": kind.value,
        "wilds": [{"card": str(w.card), "stands_for": w.stands_for} for w in meld.wilds]
        if meld is not None
        else [],
        "problems": [p.message for p in problems],
    }


def meld_examples(rules: RuleSet) -> list[dict[str, Any]]:
    w1, w2 = wild_cards(rules)
    candidates = [
        ("7H 7C 7S", "three of a kind"),
        (f"7H 7C {w1}", "a wild card in a set"),
        (f"7H {w1} {w2}", "one natural card and two wild cards"),
        ("9H 9H 9C", "the same card twice, from two decks"),
        ("5S 6S 7S 8S", "four in a row"),
        (f"7H 8H {w1} 10H", "a wild card filling a gap"),
        (f"7H {w1} {w2} 10H", "two wild cards in a run of four"),
        ("JH QH KH AH", "ace high"),
        ("KS AS 2S 3S", "round the corner"),
        ("7D 8D 9C 10D", "one card of another suit"),
        ("4C 5C 6C", "three in a row"),
    ]
    if rules.wild_ranks and rules.wild_can_be_natural:
        label = sorted(rules.wild_ranks)[0].label
        candidates.append((f"AH {label}H 3H 4H", "a wild rank standing for itself"))
    if rules.set_distinct_suits:
        candidates.append(("9H 9C 9S 9D 9H", "five of a kind"))
    return [meld_example(rules, text, note) for text, note in candidates]


_SET_RANKS = ["7", "9", "Q", "4", "K"]
_RUN_SUITS = ["S", "H", "D", "C"]


def sample_lay_down(contract: Contract) -> list[tuple[Card, ...]]:
    """Melds that make ``contract``: sets of 7s, 9s, queens...; runs 3-6 of ♠, ♥, ♦..."""
    melds: list[tuple[Card, ...]] = []
    sets = runs = 0
    for spec in contract.melds:
        if spec.kind == MeldKind.SET:
            rank = _SET_RANKS[sets % len(_SET_RANKS)]
            suits = "SHDC" * 3
            melds.append(parse_cards([f"{rank}{s}" for s in suits[: spec.min_length]]))
            sets += 1
        else:
            suit = _RUN_SUITS[runs % len(_RUN_SUITS)]
            ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
            melds.append(parse_cards([f"{r}{suit}" for r in ranks[: spec.min_length]]))
            runs += 1
    return melds


def contract_example(
    rules: RuleSet, number: int, melds: Sequence[Sequence[Card]], note: str,
    hand: Sequence[Card] | None = None,
) -> dict[str, Any]:  # fmt: skip
    verdict = check_contract(rules, number, melds, hand)
    answer = rj.verdict_json(verdict, rules)
    answer["note"] = note
    answer["hand"] = rj.cards_json(hand or ())
    return answer


def contract_examples(rules: RuleSet) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    rounds = list(enumerate(rules.rounds, start=1))
    mixed = next(
        ((n, r) for n, r in rounds if r.contract.sets and r.contract.runs and not r.all_out),
        rounds[0],
    )
    number, spec = mixed
    found.append(
        contract_example(
            rules, number, sample_lay_down(spec.contract),
            f"round {number}, {spec.contract.describe()}",
        )
    )  # fmt: skip
    two_runs = next(((n, r) for n, r in rounds if len(r.contract.runs) >= 2), None)
    if two_runs is not None:
        number, spec = two_runs
        base = sample_lay_down(spec.contract)
        run_at = [i for i, m in enumerate(spec.contract.melds) if m.kind == MeldKind.RUN]
        for pair, note in (
            (("2H 3H 4H 5H", "6H 7H 8H 9H"), "two runs of hearts that touch"),
            (("5S 6S 7S 8S", "7S 8S 9S 10S"), "two runs of spades that overlap"),
            (("2D 3D 4D 5D", "8D 9D 10D JD"), "two runs of diamonds, apart"),
        ):
            melds = list(base)
            melds[run_at[0]] = parse_cards(pair[0])
            melds[run_at[1]] = parse_cards(pair[1])
            found.append(contract_example(rules, number, melds, f"round {number}: {note}"))
    if rules.exact_contract_melds:
        number, spec = rounds[0]
        melds = sample_lay_down(spec.contract)
        melds[0] = (*melds[0], melds[0][0])
        found.append(
            contract_example(rules, number, melds, f"round {number}: a longer meld than asked")
        )
    last_out = next(((n, r) for n, r in reversed(rounds) if r.all_out), None)
    if last_out is not None:
        number, spec = last_out
        found.append(
            contract_example(
                rules, number, sample_lay_down(spec.contract),
                f"round {number}, all out: a card left in hand", hand=parse_cards("KC"),
            )
        )  # fmt: skip
    return found


def table_examples(rules: RuleSet) -> list[dict[str, Any]]:
    """Lay-offs, joker swaps and a Liverpool call, each judged by the referee."""
    w1, _ = wild_cards(rules)
    run = parse_cards("5H 6H 7H 8H")
    found: list[dict[str, Any]] = []
    for card in ("9H", w1, "10H"):
        answer = rj.layoff_answer(rules, run, Card.parse(card))
        found.append({"what": "Lay off", "meld": rj.cards_json(run), "card": card,
                      "ok": answer["fits"], "reason": answer["reason"]})  # fmt: skip
    for meld_text, card in ((f"8C 9C {w1} JC", "10C"), (f"7H 7C {w1}", "7S")):
        meld = parse_cards(meld_text)
        answer = rj.swap_answer(rules, meld, Card.parse(card))
        found.append({"what": "Joker swap", "meld": rj.cards_json(meld), "card": card,
                      "ok": answer["allowed"], "reason": answer["reason"]})  # fmt: skip
    return found


def rulebook(rules: RuleSet) -> dict[str, Any]:
    """Everything the rules page shows for ``rules``."""
    players = range(rules.min_players, rules.max_players + 1)
    return {
        "rounds": [
            {
                "number": n,
                "contract": r.contract.describe(words=True),
                "min_cards": r.contract.min_cards,
                "cards_dealt": r.cards_dealt,
                "going_out": "every card, no discard" if r.all_out else "discard the last card",
                "buying": "no"
                if not r.buying_allowed
                else ("yes" if r.buy_limit is None else f"up to {r.buy_limit}"),
            }
            for n, r in enumerate(rules.rounds, start=1)
        ],
        "decks": [
            {
                "players": p,
                "decks": rules.decks.decks_for(p),
                "jokers": rules.decks.jokers_for(p),
                "cards": rules.decks.decks_for(p) * 52 + rules.decks.jokers_for(p),
            }
            for p in players
        ],
        "sections": sections(rules),
        "melds": meld_examples(rules),
        "contracts": contract_examples(rules),
        "table": table_examples(rules),
        "points": [
            {"label": rank.label, "points": rules.point_table.value_of(rank)} for rank in Rank
        ]
        + [{"label": "Joker", "points": rules.point_table.joker}],
    }


__all__ = ["rulebook", "sections", "wild_cards"]
