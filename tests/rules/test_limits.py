"""Every referee question is bounded (issue 23): the step budget, the rule-set limits, and
the answers that must not change while the searches got cheaper."""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import Invalid
from scorekeeper.games.saved_rules import read_rules_file
from scorekeeper.rules import (
    PRESETS,
    Card,
    MeldKind,
    RulesError,
    RuleSet,
    check_contract,
    contract,
    parse_cards,
    resolve_rules,
)
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.budget import CHECK_EVERY, DEFAULT_STEPS, StepBudget, TooHard, activate
from scorekeeper.rules.cards import JOKER, Rank, Suit
from scorekeeper.rules.contract_readings import Option, choose
from scorekeeper.rules.limits import (
    MAX_CONTRACT_MELDS,
    MAX_DECKS,
    MAX_WILD_CARDS,
    MAX_WILD_ONLY_MELDS,
    MAX_WILD_RANKS,
    limit_problems,
    waived,
)
from scorekeeper.rules.presets import FAMILY, LIVERPOOL
from scorekeeper.rules.rulesets import (
    Aces,
    Contract,
    DeckRule,
    GoingOut,
    JokerCount,
    MeldSpec,
    RoundSpec,
    SameSuitRuns,
)
from scorekeeper.rules.solver_model import SearchRules
from scorekeeper.rules.table import joker_swap, layoff, liverpool_check
from scorekeeper.web import referee_json as rj
from tests.web.test_builder import builder_fields, form_of, text

# --- extra melds in an all-out round (item 12) --------------------------------------------------

EXTRA_MELDS = [
    # A contract set of 4 and an extra set of 3: an extra meld is as long as the shortest
    # contract meld of its kind, or the usual fewest (set 3, run 4) when that is shorter.
    ("set", 4, "7H 7C 7D 7S 8H 8C 8D", ["7H 7C 7D 7S", "8H 8C 8D"]),
    # A contract run of 5 and an extra run of 4.
    ("run", 5, "3S 4S 5S 6S 7S 9H 10H JH QH", ["3S 4S 5S 6S 7S", "9H 10H JH QH"]),
]


def _one_all_out_round(kind: str, length: int, dealt: int) -> dict[str, object]:
    return {
        "rounds": [
            {
                "contract": [{"kind": kind, "min_length": length}],
                "cards_dealt": dealt,
                "going_out": "all-out",
            }
        ],
        "options": {"extra_melds": True},
    }


@pytest.mark.parametrize(("kind", "length", "hand", "melds"), EXTRA_MELDS)
def test_the_arranger_lays_extra_melds_the_contract_check_accepts(
    kind: str, length: int, hand: str, melds: list[str]
) -> None:
    cards = parse_cards(hand)
    rules = resolve_rules(_one_all_out_round(kind, length, len(cards)))
    verdict = check_contract(rules, 1, [parse_cards(m) for m in melds], hand=())
    assert verdict.legal, verdict.messages()
    arrangement = arrange(rules, 1, cards)
    assert arrangement.possible, arrangement.reason
    laid = [m.cards for m in arrangement.melds]
    assert sorted(sorted(map(str, m)) for m in laid) == sorted(
        sorted(map(str, parse_cards(m))) for m in melds
    )
    assert check_contract(rules, 1, laid, hand=arrangement.leftover).legal
    assert brute_force(rules, 1, cards) is not None


# --- the step budget ----------------------------------------------------------------------------


def test_a_budget_stops_at_its_steps_exactly() -> None:
    budget = StepBudget(steps=3000, seconds=None, cpu_seconds=None)
    budget.spend(3000)
    with pytest.raises(TooHard) as refused:
        budget.spend()
    assert not refused.value.timed_out
    assert refused.value.code == "too-hard"
    assert "3,000 steps" in refused.value.message


def test_a_budget_looks_at_the_clock_every_thousand_steps() -> None:
    now = [0.0]
    budget = StepBudget(steps=10**6, seconds=1.0, clock=lambda: now[0])
    now[0] = 5.0  # past the deadline, but the clock is not read before the next check
    budget.spend(CHECK_EVERY - 1)
    with pytest.raises(TooHard) as refused:
        budget.spend()
    assert refused.value.timed_out and refused.value.code == "too-slow"


def test_a_question_spends_from_the_budget_active_for_the_request() -> None:
    with activate(StepBudget(steps=10**6, seconds=None, cpu_seconds=None)) as budget:
        arrange(LIVERPOOL, 1, parse_cards("7H 7C 7S 9D 9S JK KD 2C 4H 5H"))
    assert budget.used > 0
    with pytest.raises(TooHard):
        arrange(FAMILY, 3, HARD_HAND, budget=StepBudget(steps=1000, seconds=None, cpu_seconds=None))
    assert arrange(
        FAMILY, 3, HARD_HAND, budget=StepBudget(steps=2000, seconds=None, cpu_seconds=None)
    ).possible


# A 30-card hand (six jokers, spades and clubs) that takes the arranger over a thousand steps.
HARD_HAND = parse_cards(
    "JK JK JK JK JK JK 8S 10C 9S JS 4S QS AS 4C QS 9S KS 7S 2S JC 10C 6S 7H 5C 3S 7S 7S 10S QC 5S"
)


# --- the contract check reads groups as needed, without trying every combination (item 1) ------

DEUCES_ONE = {"rules": "liverpool", "options": {"deuces_wild": True, "run_min_naturals": 1}}


def test_the_contract_check_does_not_try_every_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """Twelve groups that are sets and runs alike: the old check tried the product of their
    readings (days); the lay-down's problems are now worked out a few times only."""
    calls = []
    real = contract._kind_problems

    def counted(*args: Any) -> Any:
        calls.append(1)
        assert len(calls) < 100, "the contract check tries reading after reading"
        return real(*args)

    monkeypatch.setattr(contract, "_kind_problems", counted)
    rules = resolve_rules("liverpool", DEUCES_ONE["options"])
    verdict = check_contract(rules, 1, [parse_cards("2S 2H 2D 2C")] * 12)
    assert not verdict.legal
    assert verdict.problems[0].code == "too-many-sets"


@pytest.mark.parametrize("groups", [6, 8, 12])
def test_the_attack_on_the_contract_check_takes_few_steps(groups: int) -> None:
    rules = resolve_rules("liverpool", DEUCES_ONE["options"])
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    check_contract(rules, 1, [parse_cards("2S 2H 2D 2C")] * groups, budget=budget)
    assert budget.used < 1000


EVERY_KIND = {
    "rounds": [
        {
            "contract": [{"kind": k, "min_length": 3} for k in ("set", "run", "flush", "color")],
            "cards_dealt": 20,
        }
    ],
    "options": {"extra_melds": True, "set_min_naturals": 1, "run_min_naturals": 1,
                "aces": "wrap", "set_ranks": "different", "deuces_wild": True},
}  # fmt: skip


@pytest.mark.parametrize("start", ["2H", "2H 2D"])
def test_many_groups_of_every_kind_are_counted_to_the_budget(start: str) -> None:
    """Twelve groups of different lengths, each a set, a run, a flush or a colour meld: the
    splits of the kinds multiply (four to the twelfth), and the check stops at its budget
    (a 422) instead of trying them all."""
    rules = resolve_rules(EVERY_KIND)
    groups = [parse_cards(f"{start} " + " ".join(["JK"] * n)) for n in range(1, 13)]
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    with pytest.raises(TooHard):
        check_contract(rules, 1, groups, budget=budget)


def test_twelve_flexible_groups_of_one_shape_take_a_bounded_search() -> None:
    """Twelve alike groups of every kind (one class): the counts a class may reach are worked
    out once, so the search stays well within the budget."""
    rules = resolve_rules(EVERY_KIND)
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    verdict = check_contract(rules, 1, [parse_cards("2H JK JK")] * 12, budget=budget)
    assert not verdict.legal and budget.used < 20_000


def brute_choose(
    options: Sequence[Sequence[Option]],
    lengths: Sequence[int],
    kinds_fit: Callable[[list[MeldKind]], bool],
    may_share: Callable[[Option, Option], bool],
    budget: StepBudget | None = None,
) -> list[int] | None:
    """The old way: every combination of readings, fewest changes first."""
    ways = sorted(
        itertools.product(*(range(len(o)) for o in options)),
        key=lambda way: (sum(1 for i in way if i), way),
    )
    for way in ways:
        picked = [o[i] for o, i in zip(options, way, strict=True)]
        placed = [p for p in picked if p.place is not None]
        if kinds_fit([p.kind for p in picked]) and all(
            may_share(a, b) for a, b in itertools.combinations(placed, 2)
        ):
            return list(way)
    return None


SUITS_TEXT = "SHDC"
RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@st.composite
def two_way_groups(draw: st.DrawFn) -> tuple[Card, ...]:
    """A group the referee may read more than one way: 2s and 3s of any suits (a set, or a
    run of one suit with the others wild), one card and jokers (a set or a run), a run with
    an ace or a 2 at one end."""
    shape = draw(st.integers(0, 4))
    suit = draw(st.sampled_from(SUITS_TEXT))
    if shape == 0:
        size = draw(st.integers(3, 4))
        ranks = st.sampled_from(["2", "3"])
        texts = [draw(ranks) + draw(st.sampled_from(SUITS_TEXT)) for _ in range(size)]
    elif shape == 1:
        texts = [draw(st.sampled_from(RANK_TEXT)) + suit] + ["JK"] * draw(st.integers(2, 3))
    elif shape == 2:
        low = draw(st.integers(0, 9))
        texts = [RANK_TEXT[(low + i) % 13] + suit for i in range(draw(st.integers(3, 4)))]
        texts += ["JK"] * draw(st.integers(0, 1))
    elif shape == 3:
        texts = ["JK"] * draw(st.integers(2, 3)) + [draw(st.sampled_from(["A", "2", "K"])) + suit]
    else:  # cards of one suit (a flush, a colour meld, and maybe a run or a set)
        ranks = st.sampled_from(["A", "2", "3", "4", "7", "9", "Q", "K"])
        texts = [draw(ranks) + suit for _ in range(draw(st.integers(3, 4)))]
        texts += ["JK"] * draw(st.integers(0, 1))
    order = draw(st.permutations(texts))
    return parse_cards(list(order))


@st.composite
def lay_downs(draw: st.DrawFn) -> tuple[RuleSet, list[tuple[Card, ...]]]:
    """Rule sets where groups read several ways (low natural minimums, wild ranks that may
    stand for themselves, every same-suit rule, every meld kind, sets of different ranks,
    runs that turn the corner or mix suits), and a few groups of such cards."""
    kinds = draw(
        st.lists(st.sampled_from(["set", "run", "run", "flush", "color"]), min_size=1, max_size=4)
    )
    options = {
        "deuces_wild": True,
        "set_min_naturals": draw(st.integers(0, 2)),
        "run_min_naturals": draw(st.integers(0, 2)),
        "flush_min_naturals": draw(st.integers(0, 2)),
        "color_min_naturals": draw(st.integers(0, 2)),
        "same_suit_runs": draw(st.sampled_from(["apart", "apart-or-overlapping", "never"])),
        "extra_melds": draw(st.booleans()),
        "extra_meld_kinds": draw(st.sampled_from(["any", "contract"])),
        "exact_contract_melds": draw(st.booleans()),
        "aces": draw(st.sampled_from(["low-or-high", "high-only", "low-only", "wrap"])),
        "run_suits": draw(st.sampled_from(["same", "same", "any"])),
        "set_ranks": draw(st.sampled_from(["any", "different"])),
    }
    if options["same_suit_runs"] != "never":
        options["same_suit_run_gap"] = draw(st.integers(0, 2))
    document: dict[str, Any] = {
        "rounds": [
            {
                "contract": [{"kind": k, "min_length": draw(st.integers(3, 4))} for k in kinds],
                "cards_dealt": 12,
                "going_out": draw(st.sampled_from(["discard", "all-out"])),
            }
        ],
        "wilds": {"ranks": draw(st.sampled_from([["2"], ["2", "3"]])), "can_be_natural": True},
        "options": options,
    }
    try:
        rules = resolve_rules(document)
    except RulesError:
        assume(False)
    groups = draw(st.lists(two_way_groups(), min_size=1, max_size=min(5, len(kinds) + 1)))
    return rules, groups


@settings(max_examples=150, deadline=None, derandomize=True)
@given(lay_down=lay_downs())
def test_the_readings_chosen_are_the_fewest_changes_of_every_combination(
    lay_down: tuple[RuleSet, list[tuple[Card, ...]]],
) -> None:
    rules, groups = lay_down
    asked: list[tuple[Any, ...]] = []

    def both(*args: Any) -> list[int] | None:
        asked.append(args)
        return choose(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(contract, "choose", both)
        verdict = check_contract(rules, 1, groups)
    for args in asked:
        found, oracle = choose(*args), brute_choose(*args)
        assert (found is None) == (oracle is None)
        if found is not None and oracle is not None:
            assert sum(1 for i in found if i) == sum(1 for i in oracle if i)
    assert verdict.legal == (not verdict.problems)


# --- rule sets the referee cannot judge are refused when made (items 2 and 3) -------------------


def eight_melds_of_anything() -> dict[str, Any]:
    """Item 2's rule set: one discard round of eight melds, any of them wild cards alone, in
    eight decks with four jokers each (238 s to arrange one 30-card hand)."""
    melds = [("set", 4), ("run", 3), ("set", 6), ("set", 2), ("run", 2), ("run", 2), ("set", 4)]
    return {
        "rounds": [
            {
                "contract": [{"kind": k, "min_length": n} for k, n in [*melds, ("run", 2)]],
                "cards_dealt": 20,
            }
        ],
        "decks": {"by_players": [{"up_to": 8, "decks": 8}], "jokers_per_deck": 4},
        "options": {"set_min_naturals": 0, "run_min_naturals": 0},
    }


def every_rank_wild() -> dict[str, Any]:
    """Item 3's rule set: eight sets of four, all thirteen ranks wild and natural too, one
    natural card in a meld, exact contract melds (66 s per view of its rules page)."""
    return {
        "rounds": [{"contract": [{"kind": "set", "min_length": 4}] * 8, "cards_dealt": 20}],
        "decks": {"by_players": [{"up_to": 8, "decks": 8}], "jokers_per_deck": 4},
        "wilds": {"ranks": RANK_TEXT, "can_be_natural": True},
        "options": {"set_min_naturals": 1, "run_min_naturals": 1, "exact_contract_melds": True},
    }


def test_limits_name_where_each_problem_is() -> None:
    with waived():
        rules = resolve_rules(eight_melds_of_anything())
    found = [str(p) for p in limit_problems(rules)]
    assert found == [
        "rounds[0].contract: round 1 asks for 8 melds, and the referee judges contracts of at "
        f"most {MAX_CONTRACT_MELDS} melds.",
        "rounds[0].contract: in round 1, 8 melds may be made of wild cards alone (their kind "
        "needs no natural card), and the referee judges contracts with at most "
        f"{MAX_WILD_ONLY_MELDS} such melds.",
        f"decks.by_players: 8 players play with 8 decks, and the referee judges games of at "
        f"most {MAX_DECKS} decks.",
        "decks: with 8 players the decks hold 32 wild cards (jokers and cards of wild ranks), "
        f"and the referee judges games of at most {MAX_WILD_CARDS} wild cards.",
    ]
    with waived():
        wild = resolve_rules(every_rank_wild())
    assert [p.where for p in limit_problems(wild)] == [
        "rounds[0].contract",
        "wilds.ranks",
        "decks.by_players",
        "decks",
    ]


def test_every_preset_is_within_the_limits() -> None:
    assert {r.id: limit_problems(r) for r in PRESETS.values()} == {r: [] for r in PRESETS}


@pytest.mark.parametrize("document", [eight_melds_of_anything(), every_rank_wild()])
def test_a_game_over_the_limits_is_refused_when_it_is_made(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    answer = client.post("/api/v1/games", json={"rules": document, "players": ["Ann", "Bob"]})
    assert answer.status_code == 400, answer.get_json()
    assert "the referee judges contracts of at most" in answer.get_json()["error"]


@pytest.mark.parametrize("path", ["/referee/contract", "/referee/arrange"])
def test_a_referee_question_with_rules_over_the_limits_is_refused(
    client: FlaskClient, path: str
) -> None:
    body: dict[str, Any] = {"rules": eight_melds_of_anything(), "round": 1}
    body["melds" if path.endswith("contract") else "cards"] = (
        ["7H 7C 7S 7D"] if path.endswith("contract") else "7H 7C 7S"
    )
    answer = client.post("/api/v1" + path, json=body)
    assert answer.status_code == 400
    assert answer.get_json()["details"]["field"] == "rules"
    assert "decks.by_players: 8 players play with 8 decks" in answer.get_json()["error"]


def test_a_rules_file_over_the_limits_is_refused_on_import() -> None:
    with pytest.raises(Invalid) as refused:
        read_rules_file(json.dumps(every_rank_wild()))
    assert any("wilds.ranks: 13 ranks are wild" in p for p in refused.value.details)


def test_a_game_stored_before_the_limits_still_loads_and_keeps_its_scores(
    client: FlaskClient,
) -> None:
    """A game created with item 3's rule set before the limits existed (made here with the
    limits waived, as they were then): its pages and its scores load, its rules page answers
    within a small budget, and the referee answers or refuses its questions one by one."""
    with waived():
        made = client.post(
            "/api/v1/games", json={"rules": every_rank_wild(), "players": ["Ann", "Bob"]}
        )
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    results = [{"player": "Ann", "went_out": True}, {"player": "Bob", "cards": "KS QS"}]
    recorded = client.post(
        f"/api/v1/games/{game['id']}/rounds", json={"round": 1, "results": results}, headers=auth
    )
    assert recorded.status_code == 201, recorded.get_json()
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == {"Ann": 0, "Bob": 20}
    assert client.get(f"/games/{game['id']}").status_code == 200
    client.application.config["REFEREE_STEPS"] = 5000  # the rules page needs far less
    page = client.get(f"/games/{game['id']}/rules")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "made before the referee's limits" in text and "wilds.ranks: 13 ranks" in text
    assert "Some examples are left out" not in text
    referee = client.get(f"/games/{game['id']}/referee?tool=contract&groups=7S+7H+7D+7C")
    assert referee.status_code == 200


# --- a question over budget: a 422, past the deadline a 503 (item 2) ------------------------------


def test_a_question_over_budget_is_a_422_with_a_sentence(client: FlaskClient) -> None:
    client.application.config["REFEREE_STEPS"] = 1000
    body = {"rules": "family", "round": 3, "cards": [str(c) for c in HARD_HAND]}
    answer = client.post("/api/v1/referee/arrange", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["details"] == {"code": "too-hard", "field": None}
    assert answer.get_json()["error"].startswith("This question is too much work for the referee")
    client.application.config["REFEREE_STEPS"] = DEFAULT_STEPS
    assert client.post("/api/v1/referee/arrange", json=body).status_code == 200


def test_a_question_past_the_deadline_is_a_503_to_try_again(client: FlaskClient) -> None:
    client.application.config["REFEREE_SECONDS"] = 0.0  # the clock is read at step 1,000
    body = {"rules": "family", "round": 3, "cards": [str(c) for c in HARD_HAND]}
    answer = client.post("/api/v1/referee/arrange", json=body)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "5"
    assert answer.get_json()["details"]["code"] == "too-slow"
    assert "try again" in answer.get_json()["error"]


def test_a_referee_page_over_budget_shows_the_sentence(client: FlaskClient) -> None:
    client.application.config["REFEREE_STEPS"] = 1000
    hand = "+".join(str(c) for c in HARD_HAND)
    page = client.get(f"/referee?rules=family&round=3&tool=arrange&hand={hand}")
    assert page.status_code == 200
    assert "too much work for the referee" in page.get_data(as_text=True)


# --- every rule set within the limits, every hand within the hand limits: within budget ---------


@st.composite
def rule_sets_within_limits(draw: st.DrawFn) -> RuleSet:
    """Any rule set the limits allow: contracts of up to the most melds (any kinds and
    lengths), every meld option, wild ranks that may or may not stand for themselves, and
    decks and jokers up to the most wild cards."""
    melds = [
        {"kind": kind, "min_length": draw(st.integers(2, 5 if kind == "set" else 7))}
        for kind in draw(
            st.lists(
                st.sampled_from(["set", "run", "set", "run", "color", "flush"]),
                min_size=1,
                max_size=MAX_CONTRACT_MELDS,
            )
        )
    ]
    ranks = draw(st.lists(st.sampled_from(RANK_TEXT), max_size=MAX_WILD_RANKS, unique=True))
    decks = draw(st.integers(1, MAX_DECKS))
    per_deck = draw(st.integers(0, 4))
    options: dict[str, Any] = {
        "set_min_naturals": draw(st.integers(0, 3)),
        "run_min_naturals": draw(st.integers(0, 3)),
        "same_suit_runs": draw(st.sampled_from(["apart", "apart-or-overlapping", "never"])),
        "aces": draw(st.sampled_from(["low-or-high", "high-only", "low-only"])),
        "set_distinct_suits": draw(st.booleans()),
        "wilds_at_most_naturals": draw(st.booleans()),
        "exact_contract_melds": draw(st.booleans()),
        "extra_melds": draw(st.booleans()),
        "keep_card_to_discard": draw(st.booleans()),
        # Issue 24's house rules.
        "run_suits": draw(st.sampled_from(["same", "any"])),
        "set_ranks": draw(st.sampled_from(["any", "different"])),
        "wilds_per_meld": draw(st.sampled_from([None, 0, 1, 2])),
        "adjacent_wilds": draw(st.booleans()),
        "extra_meld_kinds": draw(st.sampled_from(["any", "contract"])),
        "color_min_naturals": draw(st.integers(0, 3)),
        "flush_min_naturals": draw(st.integers(0, 3)),
        "runs_without_wild_rank": draw(st.booleans()),
    }
    if draw(st.integers(0, 3)) == 0:
        options["aces"] = "wrap"
    if options["same_suit_runs"] != "never":
        options["same_suit_run_gap"] = draw(st.integers(0, 2))
    document = {
        "rounds": [
            {
                "contract": melds,
                "cards_dealt": 20,
                "going_out": draw(st.sampled_from(["discard", "all-out"])),
            }
        ],
        "players": {"min": 2, "max": 4},
        "wilds": {"ranks": ranks, "can_be_natural": draw(st.booleans())},
        "decks": {"by_players": [{"up_to": 8, "decks": decks}], "jokers_per_deck": per_deck},
        "options": options,
    }
    try:
        return resolve_rules(document)
    except RulesError:
        assume(False)
        raise


def deck_of(rules: RuleSet) -> list[Card]:
    players = range(rules.min_players, rules.max_players + 1)
    decks = max(rules.decks.decks_for(n) for n in players)
    jokers = max(rules.decks.jokers_for(n) for n in players)
    return [Card(r, s) for s in Suit for r in Rank] * decks + [JOKER] * jokers


@st.composite
def hands_for(draw: st.DrawFn, rules: RuleSet, most: int) -> list[Card]:
    """Up to ``most`` cards the rule set's decks hold: at random, crowded into one or two
    suits or a few ranks (where melds can be made in the most ways), with every wild card
    the decks hold that fits."""
    cards = deck_of(rules)
    wild = [c for c in cards if c.rank is None or c.rank in rules.wild_ranks]
    natural = [c for c in cards if c not in wild]
    crowd = draw(st.sampled_from(["any", "suits", "ranks"]))
    if crowd == "suits":
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
        natural = [c for c in natural if c.suit in suits]
    elif crowd == "ranks":
        ranks = draw(st.lists(st.sampled_from(list(Rank)), min_size=2, max_size=4, unique=True))
        natural = [c for c in natural if c.rank in ranks]
    rng = draw(st.randoms(use_true_random=False))
    wilds = rng.sample(wild, min(len(wild), draw(st.integers(0, most))))
    size = draw(st.integers(1, most))
    return (wilds + rng.sample(natural, min(len(natural), size)))[:size]


def prunings_switched_off(rules: RuleSet) -> bool:
    """Issue 24's known gap, narrower since ``card-homes`` and colour melds made last: a round
    whose melds the classic prunings cannot bound (colour melds, flushes, runs of any suits,
    turning the corner, wilds kept apart or capped) may stop at the budget: a 422 that says the
    question is too hard, bounded work, but no answer. Seen in 3 to 12 of 1,000 drawn questions
    (0 of 300; the draws vary from run to run): all out, 23-30 cards, runs round the corner or
    of any suits beside colour melds or extra melds, shared in every way."""
    return not SearchRules.of(rules, 1).plain


def test_an_all_out_round_of_wrapping_runs_and_extra_melds_is_answered_within_budget() -> None:
    """A set of 2 and a run of 2, all out, extra melds of any kind, aces that wrap, wilds kept
    apart, 8 jokers, 22 cards: possible after 290,518 steps (1.55 s) without a bound for such
    rounds, over the budget; ``card-homes`` answers it in about 57,000 (each check charged
    its work since issue 33)."""
    rules = dataclasses.replace(
        LIVERPOOL,
        rounds=(
            RoundSpec(
                Contract((MeldSpec(MeldKind.SET, 2), MeldSpec(MeldKind.RUN, 2))),
                20,
                GoingOut.ALL_OUT,
            ),
        ),
        decks=DeckRule(decks_by_players=((8, 4),), jokers=JokerCount.PER_DECK, jokers_per_deck=2),
        wild_ranks=frozenset(),
        set_min_naturals=0,
        run_min_naturals=0,
        set_distinct_suits=True,
        same_suit_runs=SameSuitRuns.APART,
        same_suit_run_gap=0,
        keep_card_to_discard=False,
        aces=Aces.WRAP,
        adjacent_wilds=False,
        extra_melds=True,
    )
    hand = parse_cards("JK JK JK JK JK JK JK JK QH 6D 10S 10H QH 6D 9D 3S AH 8S 10S 10C JS 2S")
    assert prunings_switched_off(rules)
    assert arrange(
        rules, 1, hand, budget=StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    ).possible


@pytest.mark.xfail(strict=True, raises=TooHard, reason="a classic round over the budget")
def test_an_all_out_round_of_sets_with_two_dual_wild_ranks_is_answered_within_budget() -> None:
    """Found by a random search over rule sets within the limits (issue 24): a round of sets
    and runs of one suit, which the classic prunings bound, yet over the budget: a set of 2,
    two sets of 5 and a run of 7, all out, extra melds of the contract's kinds, 4s and kings
    wild or natural, 27 cards. Impossible after 580,033 steps (5 s) without the budget
    (703,658 before issue 24's bounds): each of the nine dual cards may be natural or wild,
    and with sets of wilds allowed every way to share them out is tried. Refused at the
    budget (a 422 "too hard": bounded work, no answer). It passes, and its mark must go,
    when a bound answers it."""
    rules = resolve_rules(
        {
            "rounds": [
                {
                    "contract": [
                        {"kind": "set", "min_length": 2},
                        {"kind": "set", "min_length": 5},
                        {"kind": "set", "min_length": 5},
                        {"kind": "run", "min_length": 7},
                    ],
                    "cards_dealt": 20,
                    "going_out": "all-out",
                }
            ],
            "players": {"min": 2, "max": 4},
            "wilds": {"ranks": ["4", "K"], "can_be_natural": True},
            "decks": {"by_players": [{"up_to": 8, "decks": 2}], "jokers_per_deck": 2},
            "options": {
                "set_min_naturals": 0,
                "run_min_naturals": 3,
                "same_suit_runs": "never",
                "aces": "high-only",
                "exact_contract_melds": True,
                "extra_melds": True,
                "extra_meld_kinds": "contract",
            },
        }
    )
    hand = parse_cards(
        "4S KD KS KC KD KC JK 4D JK KS 4S JK JD 8D QD 3D 2H 8D 7D 6C 9D 7H AC 5D 9C 2C AD"
    )
    assert not prunings_switched_off(rules)  # a round the classic prunings bound
    arrange(rules, 1, hand, budget=StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data())
def test_every_question_within_the_limits_is_answered_within_the_budget(
    data: st.DataObject,
) -> None:
    rules = data.draw(rule_sets_within_limits())
    hand = data.draw(hands_for(rules, rj.MAX_ARRANGE_CARDS))
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    try:
        laid = [m.cards for m in arrange(rules, 1, hand, budget=budget).melds]
        assert budget.used <= DEFAULT_STEPS
    except TooHard:
        # Stopped at the step past the budget (a 422 "too hard", never unbounded work): only in
        # the known gap.
        assert prunings_switched_off(rules), "a round the prunings bound went over"
        laid = []
    melds = [hand[i : i + 4] for i in range(0, len(hand), 4)][: rj.MAX_GROUPS]
    for question in (
        lambda b: check_contract(rules, 1, melds, budget=b),
        lambda b: check_contract(rules, 1, laid, budget=b),
        lambda b: liverpool_check(melds, hand[0], rules, budget=b),
        lambda b: [layoff(m, hand[-1], rules, budget=b) for m in melds],
        lambda b: [joker_swap(m, hand[-1], rules, budget=b) for m in melds],
    ):
        budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
        question(budget)
        assert budget.used <= DEFAULT_STEPS


def test_the_builder_names_the_limit_and_judges_no_example(client: FlaskClient) -> None:
    """The builder's live preview of 4 sets of 4 and 4 runs of 3 took 18 s: now the rule set
    is refused as it is typed, with the limit it passes, and no example is arranged."""
    fields = builder_fields(client)  # Liverpool: round 1 is two sets
    for action in ["add-set-0"] * 2 + ["add-run-0"] * 4:
        fields["action"] = action
        fields = form_of(text(client.post("/rules/build", data=fields)))
    for meld in range(8):
        fields[f"r0.m{meld}.length"] = "4" if meld < 4 else "3"
    fields["r0.dealt"] = "20"
    page = text(client.post("/rules/build", data=fields))
    assert "Round 1 asks for 8 melds, and the referee judges contracts of at most 4 melds." in page
    assert "data-verdict" not in page


def _benchmark_module(name: str) -> Any:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


WORST = _benchmark_module("bounds").WORST  # the hands benchmarks/bounds.py --worst asks


@pytest.mark.parametrize(("rules", "options", "round_number", "hand"), WORST)
def test_the_hardest_questions_found_are_answered_within_the_budget(
    rules: Any, options: dict[str, Any], round_number: int, hand: str
) -> None:
    """The slowest hands an adversarial search found, for the presets and for rule sets at
    the limits (the benchmark's ``--worst`` rows): each answered, within the budget."""
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, cpu_seconds=None)
    arrange(resolve_rules(rules, options), round_number, parse_cards(hand), budget=budget)
    assert budget.used <= DEFAULT_STEPS
