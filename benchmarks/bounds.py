# ruff: noqa: E501  (the hands read best one a line)
"""Benchmark: the referee's bounds (issue 23). What the attacks cost, and the worst cases found.

Run ``.venv/bin/python benchmarks/arranger.py --attacks`` (or ``--worst``), or this file with
the same flags.

``--attacks`` sends each attack of issue 23 to the app (Flask's test client, a SQLite file),
every one in a process of its own that is stopped after ``--timeout`` seconds, and prints the
answer's status and the CPU and wall-clock time it took. It uses nothing but the app and the
rules core's public functions, so the same file measures the code before the bounds too.

``--worst`` asks the rules core the hardest questions found (the hands an adversarial search
found slowest for every preset, and for rule sets at the limits of ``rules/limits.py``) and
prints the steps each took (``rules/budget.py``) and its CPU time: the steps must stay within
the budget, and the time per step says what the budget costs at most.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.keep_bytecode  # noqa: F401  (first: keeps the compiled files)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# Item 1: 2s wild, one natural card in a run: every group of four 2s reads six ways or so.
DEUCES_ONE = {"rules": "liverpool", "options": {"deuces_wild": True, "run_min_naturals": 1}}

# Item 2: one round of eight melds, any of them wild cards alone, eight decks of four jokers.
EIGHT_MELDS = {
    "rounds": [
        {
            "contract": [
                {"kind": k, "min_length": n}
                for k, n in [
                    ("set", 4),
                    ("run", 3),
                    ("set", 6),
                    ("set", 2),
                    ("run", 2),
                    ("run", 2),
                    ("set", 4),
                    ("run", 2),
                ]
            ],
            "cards_dealt": 20,
        }
    ],
    "decks": {"by_players": [{"up_to": 8, "decks": 8}], "jokers": "per-deck", "jokers_per_deck": 4},
    "options": {"set_min_naturals": 0, "run_min_naturals": 0},
}
EIGHT_MELDS_HAND = (
    "JH 10C 9D AH 7H JC 10D 6S 7S 6S 2H 3C 7S 10D 4S 5S 3H 4C JK JK JK 6D KD 9C 5D 8H AS 9H KH 3S"
)

# The builder's live preview: 4 sets of 4 and 4 runs of 3, and the example hand it makes.
BUILDER = {
    "rounds": [
        {
            "contract": [{"kind": "set", "min_length": 4}] * 4
            + [{"kind": "run", "min_length": 3}] * 4,
            "cards_dealt": 20,
        }
    ],
    "decks": {"by_players": [{"up_to": 8, "decks": 3}]},
}
BUILDER_HAND = (
    "7S 7H 7D 7C 9S 9H 9D 9C QS QH QD QC 4S 4H 4D 4C 3S 4S 5S 3H 4H 5H 3D 4D 5D 3C 4C 5C KD"
)

# Item 3: eight sets of four, every rank wild and natural too, exact contract melds.
EVERY_RANK_WILD = {
    "rounds": [{"contract": [{"kind": "set", "min_length": 4}] * 8, "cards_dealt": 20}],
    "decks": {"by_players": [{"up_to": 8, "decks": 8}], "jokers": "per-deck", "jokers_per_deck": 4},
    "wilds": {"ranks": RANKS, "can_be_natural": True},
    "options": {"set_min_naturals": 1, "run_min_naturals": 1, "exact_contract_melds": True},
}

# The referee page of a family game, round 7 (3 runs, all out), 26 cards: the slowest hand a
# random search found for the code before the bounds (about a second).
PAGE_HAND = "JK JK JK JK JK JK 5S 3C 4C KC AS AS 4S 7C 6C JC AC 5S 5C QS 2C 10C 3S 2S 9C QC"


def _attacks() -> dict[str, Callable[[Any], Any]]:
    def contract(n: int) -> Callable[[Any], Any]:
        body = DEUCES_ONE | {"round": 1, "melds": ["2S 2H 2D 2C"] * n}
        return lambda client: client.post("/api/v1/referee/contract", json=body)

    return {
        "contract check, 6 groups": contract(6),
        "contract check, 8 groups": contract(8),
        "contract check, 12 groups": contract(12),
        "arrange, 8 melds, 30 cards": lambda client: client.post(
            "/api/v1/referee/arrange",
            json={"rules": EIGHT_MELDS, "round": 1, "cards": EIGHT_MELDS_HAND},
        ),
        "arrange, 8 melds, stored game": _stored_arrange,
        "builder preview, 8 melds": _builder_preview,
        "referee page, 26 cards": _referee_page,
        "rules page, every rank wild": _rules_page,
    }


def _waived() -> contextlib.AbstractContextManager[None]:
    """The limits waived, as for a game stored before them (nothing to waive before them)."""
    try:
        from scorekeeper.rules.limits import waived
    except ImportError:
        return contextlib.nullcontext()
    return waived()


def _builder_preview(_client: Any) -> str:
    """The preview's work: read the rule set, arrange the example hand of its round."""
    from scorekeeper.rules import RulesError, arrange, parse_cards, resolve_rules

    try:
        rules = resolve_rules(BUILDER)
    except RulesError as error:
        return f"refused: {error.message[:90]}"
    return f"possible: {arrange(rules, 1, parse_cards(BUILDER_HAND)).possible}"


def _new_game(client: Any, rules: Any) -> str:
    with _waived():
        made = client.post("/api/v1/games", json={"rules": rules, "players": ["Ann", "Bob", "Cy"]})
    return str(made.get_json()["id"])


def _stored_arrange(client: Any) -> Any:
    """Item 2's rule set in a game stored before the limits: its referee page arranges."""
    game = _new_game(client, EIGHT_MELDS)
    hand = "+".join(EIGHT_MELDS_HAND.split())
    return client.get(f"/games/{game}/referee?tool=arrange&round=1&hand={hand}")


def _referee_page(client: Any) -> Any:
    game = _new_game(client, "family")
    hand = "+".join(PAGE_HAND.split())
    return client.get(f"/games/{game}/referee?tool=arrange&round=7&hand={hand}")


def _rules_page(client: Any) -> Any:
    return client.get(f"/games/{_new_game(client, EVERY_RANK_WILD)}/rules")


def run_attack(name: str) -> None:
    from scorekeeper import create_app
    from scorekeeper.db import create_all, get_engine

    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
        }
    )
    create_all(get_engine(app))
    client = app.test_client()
    attack = _attacks()[name]
    cpu, wall = time.process_time(), time.perf_counter()
    answer = attack(client)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if isinstance(answer, str):
        status, said = "-", answer
    else:
        status = str(answer.status_code)
        said = answer.get_json()["error"] if answer.is_json and answer.status_code >= 400 else ""
        page = answer.get_data(as_text=True)
        if not answer.is_json and "Some examples are left out" in page:
            said = "the page leaves out examples: too much work for the referee"
        elif not answer.is_json and "too much work for the referee" in page:
            said = "the page says: this question is too much work for the referee"
        elif not answer.is_json and "too busy to answer" in page:
            said = "the page says: the referee is too busy to answer now (the deadline)"
    print(f"{name:30} {status:>4} {cpu:9.3f} {wall:9.3f}  {said[:100]}", flush=True)


def attack_rows(timeout: float) -> None:
    print(f"{'attack':30} {'HTTP':>4} {'cpu s':>9} {'wall s':>9}  what the answer says")
    for name in _attacks():
        try:
            subprocess.run(
                [sys.executable, __file__, "--attack", name], timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            print(f"{name:30} {'-':>4} {'>' + str(int(timeout)):>9} {'':9}  still running: stopped")


# --- the worst cases found -----------------------------------------------------------------------

# The slowest hands an adversarial search found (random hands, then one card changed at a
# time while the steps grew; 30 cards, every deck and joker the rule set has), per preset.
WORST: list[tuple[str | dict[str, Any], dict[str, Any], int, str]] = [
    ("family", {}, 7, "JK JK JK JK JK JK JK JK 6C AC 2C 3C 4C AS 8S 6C 5C 7C 10C KC AC 2S QS 7S 9C 2C 4C JC 8C 10S"),
    ("family", {}, 3, "JK JK JK JK JK JK AH AS AS 7C AH 7S AD AS AS 7D AC 7C 7C 7D AC AD 7D AC 7D 7H 7C 7S 7H AH"),
    ("family", {}, 6, "10D AD 8S AC 7H AH AH 6D 10C 9C 9C 10D AC AS KH 10C AS 8D KD AC QC 10H 10H 9D 8S JC AC 5D 6C KC"),
    ("may-i", {}, 7, "2H 7S JD 9S AH 9H 9C AS AC 9C AC 6C 2C 5S 9H AS AS AH 9C QC JH JS 2C 5C AD JK JS AD JC AC"),
    ("deuces-six", {}, 6, "2H 2S 2S 2C 2D 2C AC 2D 2C 2D 2S 2H AC 3C 9C 7H QC 5C 3C 3H KC 8C 4H JC 4C 6C 10C 7C 8S 7D"),
    ("deuces-six", {}, 5, "2C JD 2D 2C 8S 5S AS 5S 3S 9S 4S 6S 7S 9S 7S JS 3S 6S 3S 10S AS 8S 10S AS 4S JS 10S QS KS 7S"),
    ("shanghai", {}, 10, "7D 9S 3S 3C 8S AH 6H 7C 10H AD 5H JK 5D 4H 8S 7C JK QC 10D 9D 9C 10S AC AS AH 2D 9H 8C 10C 10C"),
    ("shanghai", {}, 7, "JK JK JK JK JK AH JK 4H JH AC 2H AH QH 3C AH QH 9H 7C 8D 10H 3H 4H 6H 9C 5H KH 8H 7H 3H 2H"),
    ("liverpool", {}, 6, "JK JK JK JK JK JK 9D 7H 4H 8H 3H 7S QH 5C JH 5S 5H 2H 5S 5H AH 6H 9S 3H 10H 4H KH 9H 8S JH"),
    ("contract-rummy", {}, 2, "JK JK JK 3H AD JK JK 9S 3C 3S 3D 9C 5C 3C 5C 3S 3C 9H QS AH AD 3D QH 9S AS AS AS AC QC AD"),
    # At the limits: three decks, 2s wild and six jokers (18 wild cards), all out, 3 sets and
    # a run; and four decks with eight jokers, 1 set and 3 runs.
    (
        {"rounds": [{"contract": [{"kind": "set", "min_length": 3}] * 3 + [{"kind": "run", "min_length": 4}], "cards_dealt": 20, "going_out": "all-out"}],
         "decks": {"by_players": [{"up_to": 8, "decks": 3}]}, "wilds": {"ranks": ["2"]}},
        {}, 1, "JK 2C 2S JK 2D JK 2D JK 2C 2H AS 2C 2H 3S 4S AS 5H 6S KS 8S 9S 6H 9S QS 5S JS 10S 5D 7S 7C",
    ),
    (
        {"rounds": [{"contract": [{"kind": "set", "min_length": 3}] + [{"kind": "run", "min_length": 4}] * 3, "cards_dealt": 20}],
         "decks": {"by_players": [{"up_to": 8, "decks": 4}]}},
        {}, 1, "JK JK JK JK JK JK 4H JK JH 2H 10H AH AS 4H 10S 3H 8C 2H 3H AH JD 5H AC QD 9H 7H KH 8H 6H 2H",
    ),
    # Issue 24's kinds: kalooki's four runs of different suits from two suits (58 ms before
    # run-suits); continental's runs with jokers apart.
    ("kalooki", {}, 9, "JK 4C JK KS 2S QS AC AS 3C JC 10S JK JK 4S 3C KS 5S 2S 10S 2S JK 9C 6S 4C JK JK 2C 9C JK 3S"),
    ("continental", {}, 6, "JK AS 2S AC JK 3S AC 5S 4S 4S JK AS"),
]  # fmt: skip


# --- random hard bodies at the limits (issue 33) ----------------------------------------------

# The worst single request issue 33 found (4.4-6.0 s of CPU before its bounds were charged
# their work): one all-out round of a run of 9, a flush of 3, a set of 2 and a flush of 3,
# kings and jokers wild, four decks, 30 cards.
ISSUE_33_RULES: dict[str, Any] = {
    "rounds": [
        {
            "contract": [
                {"kind": "run", "min_length": 9},
                {"kind": "flush", "min_length": 3},
                {"kind": "set", "min_length": 2},
                {"kind": "flush", "min_length": 3},
            ],
            "cards_dealt": 20,
            "going_out": "all-out",
        }
    ],
    "players": {"min": 2, "max": 4},
    "wilds": {"ranks": ["K"], "can_be_natural": True},
    "decks": {"by_players": [{"up_to": 8, "decks": 4}], "jokers_per_deck": 1},
    "options": {
        "set_min_naturals": 0,
        "run_min_naturals": 0,
        "same_suit_runs": "never",
        "aces": "low-only",
        "set_distinct_suits": False,
        "wilds_at_most_naturals": False,
        "exact_contract_melds": False,
        "extra_melds": False,
        "run_suits": "any",
        "wilds_per_meld": 2,
        "adjacent_wilds": False,
        "color_min_naturals": 1,
        "flush_min_naturals": 1,
        "runs_without_wild_rank": True,
    },
}
ISSUE_33_HAND = (
    "JK JK KH 4S 6C 5C 3C JS 8S JH 9D 7C 9D AS 4H 9H 2H JD 2D 4S 4H 6H 9S 8H 3H 6S 3H AH AD 2D"
)

_KINDS = ["set", "run", "color", "flush"]
_LENGTHS = {"set": (2, 5), "run": (3, 9), "color": (3, 7), "flush": (3, 7)}


def hard_body(rng: Any) -> dict[str, Any]:
    """A referee question at the limits (``rules/limits.py`` and the 30 cards the arranger
    takes): one round of up to four melds of any kinds, all out three times in four, any
    house rules, up to two wild ranks and four decks, and 30 cards crowded into a suit or
    two or a few ranks, with many wilds. Drawn from ``rng`` (a ``random.Random``); the rule
    set may still be refused (over the wild cards' limit): :func:`hard_bodies` redraws."""
    melds = []
    for kind in rng.choices(_KINDS, k=rng.randint(1, 4)):
        low, high = _LENGTHS[kind]
        melds.append({"kind": kind, "min_length": rng.randint(low, high)})
    options: dict[str, Any] = {
        "set_min_naturals": rng.randint(0, 3),
        "run_min_naturals": rng.randint(0, 3),
        "same_suit_runs": rng.choice(["apart", "apart-or-overlapping", "never"]),
        "aces": rng.choice(["low-or-high", "high-only", "low-only", "wrap"]),
        "set_distinct_suits": rng.random() < 0.5,
        "wilds_at_most_naturals": rng.random() < 0.3,
        "exact_contract_melds": rng.random() < 0.3,
        "extra_melds": rng.random() < 0.6,
        "run_suits": rng.choice(["same", "any"]),
        "set_ranks": rng.choice(["any", "different"]),
        "wilds_per_meld": rng.choice([None, 0, 1, 2]),
        "adjacent_wilds": rng.random() < 0.5,
        "extra_meld_kinds": rng.choice(["any", "contract"]),
        "color_min_naturals": rng.randint(0, 3),
        "flush_min_naturals": rng.randint(0, 3),
        "runs_without_wild_rank": rng.random() < 0.5,
    }
    rules = {
        "rounds": [
            {
                "contract": melds,
                "cards_dealt": 20,
                "going_out": "discard" if rng.random() < 0.25 else "all-out",
            }
        ],
        "players": {"min": 2, "max": 4},
        "wilds": {
            "ranks": rng.sample(RANKS, rng.choice([0, 1, 1, 2])),
            "can_be_natural": rng.random() < 0.5,
        },
        "decks": {
            "by_players": [{"up_to": 8, "decks": rng.randint(2, 4)}],
            "jokers_per_deck": rng.randint(0, 2),
        },
        "options": options,
    }
    return {"rules": rules, "round": 1, "cards": ""}


def _crowded_hand(rng: Any, rules: Any, size: int) -> list[Any]:
    from scorekeeper.rules.cards import JOKER, Card, Rank, Suit

    players = range(rules.min_players, rules.max_players + 1)
    decks = max(rules.decks.decks_for(n) for n in players)
    jokers = max(rules.decks.jokers_for(n) for n in players)
    cards = [Card(r, s) for s in Suit for r in Rank] * decks + [JOKER] * jokers
    wild = [c for c in cards if c.rank is None or c.rank in rules.wild_ranks]
    natural = [c for c in cards if c not in wild]
    crowd = rng.choice(["any", "suits", "ranks"])
    if crowd == "suits":
        suits = rng.sample(list(Suit), rng.randint(1, 2))
        natural = [c for c in natural if c.suit in suits]
    elif crowd == "ranks":
        ranks = rng.sample(list(Rank), rng.randint(2, 5))
        natural = [c for c in natural if c.rank in ranks]
    wilds = rng.sample(wild, min(len(wild), rng.randint(0, 20)))
    return (wilds + rng.sample(natural, min(len(natural), size)))[:size]


def hard_bodies(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` bodies of ``POST /api/v1/referee/arrange`` at the limits (:func:`hard_body`,
    rule sets over the limits redrawn), from ``seed``: the same on every machine."""
    import random

    from scorekeeper.rules import RulesError, format_cards, resolve_rules

    rng = random.Random(seed)
    bodies: list[dict[str, Any]] = []
    while len(bodies) < count:
        body = hard_body(rng)
        try:
            rules = resolve_rules(body["rules"])
        except RulesError:
            continue
        body["cards"] = format_cards(_crowded_hand(rng, rules, 30))
        bodies.append(body)
    return bodies


def ask(body: dict[str, Any], budget: Any) -> str:
    """The API's work on one body: arrange, and read the reason why not."""
    from scorekeeper.rules import arrange, parse_cards, resolve_rules
    from scorekeeper.rules.budget import TooHard

    rules = resolve_rules(body["rules"])
    try:
        answer = arrange(rules, body["round"], parse_cards(body["cards"]), budget=budget)
        if answer.possible:
            return "possible"
        _ = answer.reason
        return "impossible"
    except TooHard as refused:
        return "too slow (503)" if refused.timed_out else "too hard (422)"


def body_rows(seed: int, count: int, cpu_guard: bool) -> None:
    """Issue 33's row: the worst CPU time of one question over the hard bodies (issue 33's
    worst request first), the steps each took, and how many were refused."""
    from scorekeeper.rules.budget import DEFAULT_STEPS, StepBudget

    bodies = [{"rules": ISSUE_33_RULES, "round": 1, "cards": ISSUE_33_HAND}]
    bodies += hard_bodies(seed, count)
    rows = []
    for k, body in enumerate(bodies):
        budget = StepBudget(steps=DEFAULT_STEPS, seconds=None, **_guard(cpu_guard))
        cpu = time.process_time()
        said = ask(body, budget)
        cpu = time.process_time() - cpu
        rows.append((cpu, budget.used, said, k))
    rows.sort(reverse=True)
    refused = sum(1 for *_, said, _ in rows if said.startswith("too"))
    print(
        f"{len(bodies)} hard bodies (seed {seed}; #0 is issue 33's worst request), budget "
        f"{DEFAULT_STEPS:,} steps, CPU guard {'on' if cpu_guard and _has_guard() else 'off'}: worst CPU "
        f"{rows[0][0] * 1000:.0f} ms (#{rows[0][3]}, {rows[0][1]:,} steps, {rows[0][2]}); "
        f"{refused} refused; median {statistics.median(r[0] for r in rows) * 1000:.1f} ms"
    )
    print(f"{'#':>4} {'cpu ms':>8} {'steps':>8} {'us/step':>7}  answer")
    for cpu, steps, said, k in rows[:10]:
        print(f"{k:>4} {cpu * 1000:8.1f} {steps:>8,} {cpu / max(steps, 1) * 1e6:7.1f}  {said}")


def _guard(on: bool) -> dict[str, Any]:
    """The CPU guard's setting for a budget (off: the steps alone bound the question); none
    for code that has no guard."""
    if not _has_guard():
        return {}
    return {} if on else {"cpu_seconds": None}


def _has_guard() -> bool:
    """Whether the budget has a CPU guard (the code before issue 33 had none)."""
    import inspect

    from scorekeeper.rules.budget import StepBudget

    return "cpu_seconds" in inspect.signature(StepBudget).parameters


def worst_rows() -> None:
    from scorekeeper.rules import arrange, parse_cards, resolve_rules
    from scorekeeper.rules.budget import DEFAULT_STEPS, StepBudget, TooHard

    print(f"The hardest questions found; the budget is {DEFAULT_STEPS:,} steps. CPU ms per call.")
    print(f"{'rule set':26} {'rd':>2} {'steps':>8} {'cpu ms':>8} {'us/step':>7}  answer")
    slowest = 0.0
    for given, options, round_number, hand in WORST:
        rules = resolve_rules(given, options)
        budget = StepBudget(steps=DEFAULT_STEPS, seconds=None)
        cpu = time.process_time()
        try:
            answer = arrange(rules, round_number, parse_cards(hand), budget=budget)
            said = "possible" if answer.possible else "impossible"
        except TooHard:
            said = "over budget (422)"
        cpu = time.process_time() - cpu
        if budget.used >= 1000:  # below, the call's own overhead is most of the time
            slowest = max(slowest, cpu / budget.used)
        label = given if isinstance(given, str) else f"{rules.round(1).contract.describe()}"
        print(
            f"{label:26} {round_number:>2} {budget.used:>8,} {cpu * 1000:8.1f} "
            f"{cpu / max(budget.used, 1) * 1e6:7.1f}  {said}",
            flush=True,
        )
    print(
        f"slowest step (of the questions taking 1,000 steps or more): {slowest * 1e6:.1f} us, "
        f"so the whole budget is {slowest * DEFAULT_STEPS:.2f} s of CPU at that pace"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attacks", action="store_true", help="time issue 23's attacks")
    parser.add_argument("--worst", action="store_true", help="the hardest questions found")
    parser.add_argument(
        "--bodies", type=int, default=0, help="issue 33: N random hard bodies, the worst CPU"
    )
    parser.add_argument("--seed", type=int, default=33, help="the hard bodies' seed")
    parser.add_argument("--no-cpu-guard", action="store_true", help="the steps alone bound")
    parser.add_argument("--attack", help=argparse.SUPPRESS)
    parser.add_argument("--timeout", type=float, default=120, help="seconds per attack")
    args = parser.parse_args(argv)
    if args.attack:
        run_attack(args.attack)
        return 0
    if args.attacks:
        attack_rows(args.timeout)
    if args.worst:
        worst_rows()
    if args.bodies:
        body_rows(args.seed, args.bodies, not args.no_cpu_guard)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
