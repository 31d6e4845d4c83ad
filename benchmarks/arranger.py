"""Benchmark: the arranger against the brute-force oracle, and on hard hands.

Run ``.venv/bin/python benchmarks/arranger.py`` (``--quick`` for a short run; ``--worst``
for the hardest questions found, in steps of the budget, and ``--attacks`` for what issue
23's attacks cost: both in ``benchmarks/bounds.py``).

The corpus is fixed by a seed. For every preset and round: random 12-card hands, half of
them built to contain the contract (then topped up with random cards; a few near misses
with one card swapped out), timed for the arranger on every hand and for the oracle on a
sample (the oracle takes up to seconds per hand). Then the hard cases, where the oracle is
not run: 20- and 30-card hands from three decks with up to 6 jokers, and deuces-wild hands
with up to 18 wild cards (2s plus jokers), all-out rounds included, clustered hands (20-30
cards, many wilds, the naturals crowded into one or two suits), and the all-out rounds of
every preset with 24-30 cards of two suits only and many wilds. Every hard case must be
decided (the arranger never gives up); the script reports how many were possible, and names
the slowest.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bounds  # benchmarks/bounds.py: the referee's bounds (issue 23)

import benchmarks.keep_bytecode  # noqa: F401  (first: keeps the compiled files)
from scorekeeper.rules.arranger import Arrangement, arrange
from scorekeeper.rules.bruteforce import brute_force
from scorekeeper.rules.budget import DEFAULT_STEPS, StepBudget, TooHard
from scorekeeper.rules.cards import JOKER, Card, Rank, Suit, format_cards, parse_cards
from scorekeeper.rules.document_reader import resolve_rules
from scorekeeper.rules.errors import RuleSetError
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.prunings import ALL, CUTS, NAMES, Prunings, clear_caches
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldKind, MeldSpec, RoundSpec, RuleSet

SEED = 20240601
T = TypeVar("T")


def deck(rules: RuleSet, decks: int = 3, jokers: int | None = None) -> list[Card]:
    """The cards of ``decks`` decks plus the rule set's jokers (or ``jokers``)."""
    if jokers is None:
        jokers = max(
            rules.decks.jokers_for(p) for p in range(rules.min_players, rules.max_players + 1)
        )
    return [Card(r, s) for s in Suit for r in Rank] * decks + [JOKER] * jokers


def _take(pool: list[Card], card: Card) -> bool:
    try:
        pool.remove(card)
    except ValueError:
        return False
    return True


def _wilds_in(pool: Sequence[Card], rules: RuleSet) -> list[Card]:
    return [c for c in pool if c.rank is None or c.rank in rules.wild_ranks]


def built_hand(
    rng: random.Random, rules: RuleSet, round_number: int, size: int, pool: list[Card]
) -> list[Card]:
    """A hand holding the round's contract (as far as the pool allows), topped up to ``size``.

    Melds get a random length (longer in all-out rounds) and some wilds, within the rules;
    in an all-out round with ``size`` cards the melds are stretched to use them all.
    """
    spec = rules.round(round_number)
    exact = rules.exact_contract_melds and not spec.all_out
    hand: list[Card] = []
    used_runs: list[tuple[Suit, int, int]] = []
    for meld in spec.contract.melds:
        extra = 0 if exact else rng.choice([0, 0, 0, 1, 2])
        length = meld.min_length + extra
        wild_budget = rng.choice([0, 0, 1, 1, 2])
        if meld.kind == MeldKind.SET:
            rank = Rank(rng.randint(1, 13))
            if rank in rules.wild_ranks:
                rank = Rank.SEVEN
            if rules.set_distinct_suits:
                length = min(length, 4)
                suits = rng.sample(list(Suit), length)
            else:
                suits = [rng.choice(list(Suit)) for _ in range(length)]
            naturals_needed = max(rules.set_min_naturals, (length + 1) // 2)
            wilds = min(wild_budget, length - naturals_needed)
            for k, suit in enumerate(suits):
                card = Card(rank, suit)
                if k >= length - wilds:
                    w = _wilds_in(pool, rules)
                    if w:
                        card = rng.choice(w)
                if _take(pool, card):
                    hand.append(card)
        else:
            length = min(length, 13)
            suit = rng.choice(list(Suit))
            low = rng.randint(1, 15 - length)
            used_runs.append((suit, low, low + length - 1))
            naturals_needed = max(rules.run_min_naturals, (length + 1) // 2)
            wild_slots = set(rng.sample(range(length), min(wild_budget, length - naturals_needed)))
            for k in range(length):
                position = low + k
                rank = Rank(1 if position == 14 else position)
                card = Card(rank, suit)
                if k in wild_slots:
                    w = _wilds_in(pool, rules)
                    if w:
                        card = rng.choice(w)
                if _take(pool, card):
                    hand.append(card)
    while len(hand) < size and pool:
        card = rng.choice(pool)
        pool.remove(card)
        hand.append(card)
    rng.shuffle(hand)
    return hand[:size] if len(hand) > size else hand


def random_hand(rng: random.Random, size: int, pool: list[Card]) -> list[Card]:
    picked = rng.sample(range(len(pool)), size)
    return [pool[i] for i in picked]


def near_miss(rng: random.Random, hand: list[Card], pool: list[Card]) -> list[Card]:
    """The hand with one card swapped for a random one from the pool."""
    out = list(hand)
    out[rng.randrange(len(out))] = rng.choice(pool)
    return out


def corpus_12(
    rng: random.Random, rules: RuleSet, round_number: int, count: int
) -> list[list[Card]]:
    hands = []
    for k in range(count):
        pool = deck(rules, 3)
        if k % 2 == 0:
            hands.append(random_hand(rng, 12, pool))
        else:
            hand = built_hand(rng, rules, round_number, 12, pool)
            if k % 10 == 1:
                hand = near_miss(rng, hand, pool)
            hands.append(hand)
    return hands


def hard_cases(rng: random.Random, count: int) -> list[tuple[RuleSet, int, list[Card], str]]:
    """20- and 30-card hands (three decks, up to 6 jokers) and deuces hands with many wilds."""
    cases: list[tuple[RuleSet, int, list[Card], str]] = []
    deuces_liverpool = dataclasses.replace(
        PRESETS["liverpool"], wild_ranks=frozenset({Rank.TWO}), id="liverpool+deuces"
    )
    families: list[tuple[RuleSet, str]] = [(r, r.id) for r in PRESETS.values()]
    for k in range(count):
        rules, name = families[k % len(families)]
        for round_number in range(1, rules.round_count + 1):
            for size in (20, 30):
                pool = deck(rules, 3, jokers=6 if rules.uses_jokers else 0)
                if k % 2:
                    hand = built_hand(rng, rules, round_number, size, pool)
                else:
                    hand = random_hand(rng, size, pool)
                cases.append((rules, round_number, hand, f"{name} {size} cards"))
        # Deuces wild with up to 18 wilds: 12 twos of three decks and 6 jokers.
        for round_number in range(1, deuces_liverpool.round_count + 1):
            pool = deck(deuces_liverpool, 3, jokers=6)
            wild = [c for c in pool if c.rank is None or c.rank == Rank.TWO]
            rest = [c for c in pool if c not in wild]
            n_wild = rng.randint(8, 18)
            size = rng.choice([12, 20, 30])
            hand = rng.sample(wild, n_wild) + rng.sample(rest, max(size - n_wild, 0))
            cases.append((deuces_liverpool, round_number, hand, f"deuces {n_wild} wilds"))
    return cases


def clustered_cases(rng: random.Random, count: int) -> list[tuple[RuleSet, int, list[Card], str]]:
    """Adversarial hands: 20-30 cards with many wilds and the naturals crowded into one or
    two suits (often a narrow band of ranks), every round, all-out rounds included. Dense
    suits are where runs of one suit can be laid out in the most ways."""
    cases: list[tuple[RuleSet, int, list[Card], str]] = []
    families: list[tuple[RuleSet, str]] = [(r, r.id) for r in PRESETS.values()]
    for k in range(count):
        rules, name = families[k % len(families)]
        wild_rank = [Card(r, s) for s in Suit for r in Rank if r in rules.wild_ranks] * 3
        naturals = [Card(r, s) for s in Suit for r in Rank if r not in rules.wild_ranks] * 3
        for round_number in range(1, rules.round_count + 1):
            size = rng.choice([20, 24, 30])
            n_wild = rng.choice([4, 6, 8, 12])
            if rules.uses_jokers:
                wild = [JOKER] * min(n_wild, 6)
            else:
                wild = rng.sample(wild_rank, min(n_wild, len(wild_rank)))
            suits = rng.sample(list(Suit), rng.choice([1, 2]))
            low = rng.randint(1, 7)
            band = rng.choice([(1, 13), (low, low + 7)])
            pool = [
                c for c in naturals if c.suit in suits and band[0] <= int(c.rank or 0) <= band[1]
            ]
            if len(pool) < size - len(wild):
                pool = [c for c in naturals if c.suit in suits]
            hand = wild + rng.sample(pool, size - len(wild))
            rng.shuffle(hand)
            cases.append((rules, round_number, hand, f"clustered {name}"))
    return cases


def two_suit_cases(rng: random.Random, count: int) -> list[tuple[RuleSet, int, list[Card], str]]:
    """Issue 28's hard family: ``count`` hands per all-out round of every preset (its last
    round when it has none), 24 or 30 cards of two suits only (spades and clubs every other
    hand) with 4, 6 or 8 wilds (jokers, and the wild 2s), from as many decks as the rule set
    may use. Family round 7 with 30 cards, six jokers, spades and clubs took 117 ms."""
    cases: list[tuple[RuleSet, int, list[Card], str]] = []
    for rules in PRESETS.values():
        players = range(rules.min_players, rules.max_players + 1)
        decks = max(rules.decks.decks_for(p) for p in players)
        jokers = max(rules.decks.jokers_for(p) for p in players)
        wild_pool = [JOKER] * jokers + [
            Card(r, s) for s in Suit for r in Rank if r in rules.wild_ranks
        ] * decks
        rounds = [n for n in range(1, rules.round_count + 1) if rules.round(n).all_out]
        for round_number in rounds or [rules.round_count]:
            for k in range(count):
                suits = [Suit.SPADES, Suit.CLUBS] if k % 2 == 0 else rng.sample(list(Suit), 2)
                naturals = [
                    Card(r, s) for s in suits for r in Rank if r not in rules.wild_ranks
                ] * decks
                n_wild = min(rng.choice([4, 6, 8]), len(wild_pool))
                size = rng.choice([24, 30])
                hand = rng.sample(wild_pool, n_wild) + rng.sample(naturals, size - n_wild)
                rng.shuffle(hand)
                cases.append((rules, round_number, hand, f"two suits {rules.id}"))
    return cases


def all_hard_cases(rng: random.Random, rounds: int) -> list[tuple[RuleSet, int, list[Card], str]]:
    """Every hard case: 20-30 cards, clustered hands, two suits only."""
    return hard_cases(rng, rounds) + clustered_cases(rng, rounds) + two_suit_cases(rng, rounds)


CLOCK: Callable[[], float] = time.process_time
PAUSE_GC = True
PRUNINGS: Prunings = ALL  # what the command line left on (``--no-memo`` ...)


def arranged(rules: RuleSet, round_number: int, hand: Sequence[Card]) -> Arrangement:
    """The arranger, with the prunings the command line left on."""
    return arrange(rules, round_number, hand, prunings=PRUNINGS)


def timed(fn: Callable[..., T], *args: object) -> tuple[float, T]:
    """Time of one call, with the garbage collector paused (as ``timeit`` does), or with it
    running (``--gc``: as in a web request, where a collection may land inside the call).

    CPU time of this process by default, so that other processes on a busy machine do not
    inflate the tail; ``--wall`` measures wall-clock time instead.
    """
    if not PAUSE_GC:
        start = CLOCK()
        result = fn(*args)
        return CLOCK() - start, result
    gc.disable()
    try:
        start = CLOCK()
        result = fn(*args)
        return CLOCK() - start, result
    finally:
        gc.enable()


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(x: float) -> str:
    return f"{x * 1000:8.3f}"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small corpus, for a smoke run")
    parser.add_argument("--hands", type=int, help="12-card hands per preset and round")
    parser.add_argument("--oracle", type=int, help="hands per preset and round for the oracle")
    parser.add_argument("--hard", type=int, help="rounds of hard cases")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--wall", action="store_true", help="wall-clock time, not CPU time")
    parser.add_argument(
        "--gc", action="store_true", help="keep the garbage collector running while timing"
    )
    parser.add_argument(
        "--only", help="only these presets (comma-separated ids, each optionally id:round)"
    )
    parser.add_argument(
        "--slowest", type=int, default=0, help="print the N slowest hands of every group"
    )
    parser.add_argument("--no-hard", action="store_true", help="skip the hard cases")
    parser.add_argument(
        "--attacks", action="store_true", help="issue 23's attacks on the app (bounds.py)"
    )
    parser.add_argument(
        "--worst", action="store_true", help="the hardest questions found, in steps (bounds.py)"
    )
    parser.add_argument(
        "--prunings",
        action="store_true",
        help="one row with every pruning on, then one with each switched off alone",
    )
    for name in NAMES:
        parser.add_argument(
            f"--no-{_flag(name)}",
            action="store_true",
            help=f"switch {name} off ({CUTS[name]}), to show what it buys",
        )
    return parser.parse_args(argv)


def _flag(name: str) -> str:
    return name.replace(" ", "-")


def parse_only(text: str | None) -> dict[str, set[int] | None]:
    """``--only liverpool,family:3``: each preset with its rounds (None: every round)."""
    only: dict[str, set[int] | None] = {}
    for item in (text or "").split(","):
        if item:
            name, _, rnd = item.partition(":")
            if rnd:
                rounds = only.get(name) or set()
                rounds.add(int(rnd))
                only[name] = rounds
            else:
                only[name] = None
    return only


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.attacks or args.worst:
        flags = [f"--{name}" for name in ("attacks", "worst") if getattr(args, name)]
        return bounds.main(flags)
    switch_prunings(args)
    if args.prunings:
        pruning_rows(args.seed, args.hands or 200, args.hard or 40)
        return 0
    hands_per, oracle_per, hard_rounds = set_up_timing(args)
    rng = random.Random(args.seed)
    rows = twelve_card_rows(rng, parse_only(args.only), hands_per, oracle_per, args.slowest)
    if not rows.times:
        return 0
    rows.report()
    custom_row(random.Random(args.seed + 1), hands_per, oracle_per)
    custom_row(
        random.Random(args.seed + 3),
        hands_per,
        oracle_per,
        random_new_rule_set,
        "random rule sets with colour melds, flushes and the new house rules",
    )
    deal_row(random.Random(args.seed + 2), 150 if args.quick else 1050)
    if not args.no_hard:
        hard_case_rows(rng, hard_rounds, args.slowest)
    return 1 if rows.mismatches else 0


def switch_prunings(args: argparse.Namespace) -> None:
    """Turn off the prunings and caches the command line names (``--no-memo`` ...)."""
    global PRUNINGS
    off = [name for name in NAMES if getattr(args, "no_" + _flag(name).replace("-", "_"))]
    PRUNINGS = ALL.without(*off)
    if off:
        print(f"search prunings switched off: {', '.join(off)}")


def set_up_timing(args: argparse.Namespace) -> tuple[int, int, int]:
    """Set the clock and the collector, say how hands are timed; the hands per row, the
    oracle's sample and the hard rounds."""
    global CLOCK, PAUSE_GC
    CLOCK = time.perf_counter if args.wall else time.process_time
    PAUSE_GC = not args.gc
    hands_per = args.hands or (200 if args.quick else 2000)
    oracle_per = args.oracle if args.oracle is not None else (20 if args.quick else 60)
    hard_rounds = args.hard or (5 if args.quick else 40)
    print(
        f"12-card hands: {hands_per} per preset and round (half built to hold the contract); "
        f"the oracle runs on the first {oracle_per} of them (sampled: it is slow). Times in ms "
        f"of {'wall-clock' if args.wall else 'CPU'} time per call"
        f"{', garbage collector running' if args.gc else ''}."
    )
    return hands_per, oracle_per, hard_rounds


@dataclasses.dataclass
class Rows:
    """What the 12-card rows found, for the summary under them."""

    times: list[float] = dataclasses.field(default_factory=list)
    ratios: list[float] = dataclasses.field(default_factory=list)
    mismatches: int = 0
    slow: list[tuple[str, list[tuple[float, str]]]] = dataclasses.field(default_factory=list)

    def report(self) -> None:
        times = self.times
        print(
            f"all 12-card hands ({len(times)}): median {ms(statistics.median(times)).strip()}"
            f" ms, p99 {ms(pct(times, 0.99)).strip()} ms, max {ms(max(times)).strip()} ms; "
            f"smallest oracle/arranger median ratio {min(self.ratios):.0f}x; "
            f"disagreements with the oracle: {self.mismatches}"
        )
        for group_name, worst_hands in self.slow:
            print(f"slowest of {group_name}:")
            for t, text in worst_hands:
                print(f"  {ms(t)}  {text}")
        print()


def twelve_card_rows(
    rng: random.Random,
    only: dict[str, set[int] | None],
    hands_per: int,
    oracle_per: int,
    slowest: int,
) -> Rows:
    """One row per preset and round: the arranger's times, the oracle's, their ratio."""
    header = (
        f"{'preset':15} {'rd':>2} {'contract':22} {'poss':>5} | {'median':>8} {'p99':>8} "
        f"{'max':>8} | {'oracle med':>10} {'p99':>8} {'max':>8} | {'ratio':>6}"
    )
    print(header)
    print("-" * len(header))
    rows = Rows()
    for rules in PRESETS.values():
        for round_number in range(1, rules.round_count + 1):
            hands = corpus_12(rng, rules, round_number, hands_per)  # drawn for every row
            wanted = not only or (
                rules.id in only and (only[rules.id] is None or round_number in only[rules.id])
            )
            if wanted:
                one_row(rows, rules, round_number, hands, oracle_per, slowest)
    print("-" * len(header))
    return rows


def one_row(
    rows: Rows,
    rules: RuleSet,
    round_number: int,
    hands: list[list[Card]],
    oracle_per: int,
    slowest: int,
) -> None:
    times = []
    possible = 0
    answers = []
    for hand in hands:
        t, a = timed(arranged, rules, round_number, hand)
        times.append(t)
        answers.append(a)
        possible += a.possible
    oracle_times = []
    for hand, a in zip(hands[:oracle_per], answers, strict=False):
        t, b = timed(brute_force, rules, round_number, hand)
        oracle_times.append(t)
        if (b is not None) != a.possible:
            rows.mismatches += 1
    rows.times.extend(times)
    if slowest:
        worst_hands = sorted(
            zip(times, (format_cards(h) for h in hands), strict=True), reverse=True
        )
        rows.slow.append((f"{rules.id} round {round_number}", worst_hands[:slowest]))
    ratio = (
        statistics.median(oracle_times) / statistics.median(times[:oracle_per])
        if oracle_times
        else float("nan")
    )
    rows.ratios.append(ratio)
    spec = rules.round(round_number)
    contract = spec.contract.describe() + (", all out" if spec.all_out else "")
    oracle_cols = (
        f"{ms(statistics.median(oracle_times)):>10} {ms(pct(oracle_times, 0.99))} "
        f"{ms(max(oracle_times))}"
        if oracle_times
        else f"{'-':>10} {'-':>8} {'-':>8}"
    )
    print(
        f"{rules.id:15} {round_number:>2} {contract:22} {possible:>5} | "
        f"{ms(statistics.median(times))} {ms(pct(times, 0.99))} {ms(max(times))} | "
        f"{oracle_cols} | {ratio:6.0f}x",
        flush=True,
    )


def pruning_rows(seed: int, hands_per: int, hard_rounds: int) -> None:
    """What each of the search's prunings and caches buys: the same hands timed with all
    of them on, then with each switched off alone (the answers never change), and the steps
    the hardest questions found take (``bounds.WORST``: deterministic, whatever the load)."""
    rng = random.Random(seed)
    twelve = [
        (rules, n, hand)
        for rules in PRESETS.values()
        for n in range(1, rules.round_count + 1)
        for hand in corpus_12(rng, rules, n, hands_per)
    ]
    hard = [(r, n, h) for r, n, h, _ in all_hard_cases(rng, hard_rounds)]
    worst = [(resolve_rules(g, o), n, parse_cards(h)) for g, o, n, h in bounds.WORST]
    print(
        f"{len(twelve)} 12-card hands, {len(hard)} hard cases and the {len(worst)} hardest "
        f"questions found, each configuration in turn. Times in ms of CPU time per call; a "
        f"question over the budget ({DEFAULT_STEPS:,} steps) counts as over, not timed."
    )
    print(
        f"{'switched off':19} | {'12-card median':>14} {'p99':>7} {'max':>7} | "
        f"{'hard median':>11} {'p99':>7} {'max':>8} {'steps':>9} | "
        f"{'worst max steps':>15} {'ms':>7} | {'over':>4} | {'total s':>7}"
    )
    for off in [None, *NAMES]:
        prunings = ALL if off is None else ALL.without(off)
        clear_caches()
        a = [_budgeted(prunings, *case) for case in twelve]
        b = [_budgeted(prunings, *case) for case in hard]
        c = [_budgeted(prunings, *case) for case in worst]
        over = sum(1 for _, _, done in a + b + c if not done)
        a_t, b_t = [t for t, _, _ in a], [t for t, _, _ in b]
        print(
            f"{off or '(none)':19} | {ms(statistics.median(a_t)):>14} {ms(pct(a_t, 0.99)):>7} "
            f"{ms(max(a_t)):>7} | {ms(statistics.median(b_t)):>11} {ms(pct(b_t, 0.99)):>7} "
            f"{ms(max(b_t)):>8} {sum(s for _, s, _ in b):>9,} | "
            f"{max(s for _, s, _ in c):>15,} {ms(max(t for t, _, _ in c)):>7} | {over:>4} | "
            f"{sum(a_t) + sum(b_t):7.1f}",
            flush=True,
        )


def _budgeted(
    prunings: Prunings, rules: RuleSet, round_number: int, hand: Sequence[Card]
) -> tuple[float, int, bool]:
    """CPU time and steps of one arrangement with a budget of its own (no deadline: the
    steps decide), and whether it was answered within the budget."""
    budget = StepBudget(steps=DEFAULT_STEPS, seconds=None)
    try:
        t, _ = timed(lambda: arrange(rules, round_number, hand, budget=budget, prunings=prunings))
    except TooHard:
        return 0.0, budget.used, False
    return t, budget.used, True


def random_rule_set(rng: random.Random) -> RuleSet:
    """A one-round custom rule set: one to four melds of random kinds and lengths, either
    going-out rule, and the meld options drawn at random (redrawn until it validates)."""
    while True:
        melds = tuple(
            MeldSpec(MeldKind.SET, rng.randint(3, 4))
            if rng.random() < 0.5
            else MeldSpec(MeldKind.RUN, rng.randint(4, 6))
            for _ in range(rng.randint(1, 4))
        )
        going_out = rng.choice(list(GoingOut))
        base = rng.choice(list(PRESETS.values()))
        rules = dataclasses.replace(base, rounds=(RoundSpec(Contract(melds), 10, going_out),))
        options = {
            "aces": rng.choice(["low-or-high", "high-only", "low-only"]),
            "same_suit_runs": rng.choice(["apart", "apart-or-overlapping"]),
            "same_suit_run_gap": rng.randint(0, 2),
            "extra_melds": rng.random() < 0.3,
            "keep_card_to_discard": rng.random() < 0.3,
            "deuces_wild": rng.random() < 0.3,
            "wilds_at_most_naturals": rng.random() < 0.3,
            "run_min_naturals": rng.randint(2, 3),
        }
        try:
            return with_options(rules, options)
        except RuleSetError:
            continue


NEW_KINDS = (MeldKind.SET, MeldKind.RUN, MeldKind.COLOR, MeldKind.FLUSH)


def random_new_rule_set(rng: random.Random) -> RuleSet:
    """A one-round custom rule set with issue 24's kinds and house rules: one to three melds
    of the four kinds, and every new option drawn at random (redrawn until it validates)."""
    while True:
        melds = tuple(
            MeldSpec(kind, rng.randint(3, 4) if kind == MeldKind.SET else rng.randint(4, 6))
            for kind in rng.choices(NEW_KINDS, k=rng.randint(1, 3))
        )
        going_out = rng.choice(list(GoingOut))
        base = rng.choice(list(PRESETS.values()))
        rules = dataclasses.replace(base, rounds=(RoundSpec(Contract(melds), 10, going_out),))
        options = {
            "aces": rng.choice(["low-or-high", "high-only", "low-only", "wrap"]),
            "run_suits": rng.choice(["same", "any"]),
            "set_ranks": rng.choice(["any", "different"]),
            "wilds_per_meld": rng.choice([None, 1, 2]),
            "adjacent_wilds": rng.random() < 0.5,
            "extra_melds": rng.random() < 0.3,
            "extra_meld_kinds": rng.choice(["any", "contract"]),
            "color_min_naturals": rng.randint(1, 3),
            "flush_min_naturals": rng.randint(1, 3),
            "deuces_wild": rng.random() < 0.3,
            "wilds_at_most_naturals": rng.random() < 0.3,
        }
        try:
            return with_options(rules, options)
        except RuleSetError:
            continue


def custom_row(
    rng: random.Random,
    hands_per: int,
    oracle_per: int,
    draw: Callable[[random.Random], RuleSet] = random_rule_set,
    label: str = "random custom rule sets",
) -> None:
    """12-card hands, each under a random custom rule set (``hands_per`` of them)."""
    times: list[float] = []
    mismatches = possible = 0
    for k in range(hands_per):
        rules = draw(rng)
        pool = deck(rules, 3)
        hand = built_hand(rng, rules, 1, 12, pool) if k % 2 else random_hand(rng, 12, pool)
        t, a = timed(arranged, rules, 1, hand)
        times.append(t)
        possible += a.possible
        if k < oracle_per * 5 and (brute_force(rules, 1, hand) is not None) != a.possible:
            mismatches += 1
    print(
        f"{label}, 12-card hands ({len(times)}, {possible} possible): median "
        f"{ms(statistics.median(times)).strip()} ms, p99 {ms(pct(times, 0.99)).strip()} ms, "
        f"max {ms(max(times)).strip()} ms; disagreements with the oracle on the first "
        f"{min(hands_per, oracle_per * 5)}: {mismatches}"
    )
    print()


def liverpool_deals(rng: random.Random, per_round: int) -> list[tuple[int, list[Card]]]:
    """Issue 28's hands: Liverpool rounds 1-7, ``per_round`` each, 10-12 cards dealt from two
    decks and four jokers, every fifth hand with 2-4 jokers (most deals cannot go down)."""
    naturals = [Card(r, s) for s in Suit for r in Rank] * 2
    deals = []
    for round_number in range(1, 8):
        for k in range(per_round):
            size = rng.choice([10, 11, 12])
            if k % 5 == 0:
                jokers = rng.randint(2, 4)
                hand = [JOKER] * jokers + rng.sample(naturals, size - jokers)
            else:
                hand = rng.sample(naturals + [JOKER] * 4, size)
            deals.append((round_number, hand))
    return deals


def deal_row(rng: random.Random, per_round: int) -> None:
    """Issue 28's row: the arranger on Liverpool deals, its answer as the API gives it (the
    reason why not is worked out only when asked), then with the reason read, as the
    referee page shows it."""
    rules = PRESETS["liverpool"]
    deals = liverpool_deals(rng, per_round)
    plain = [timed(arranged, rules, n, hand)[0] for n, hand in deals]
    explained = [timed(_explained, rules, n, hand)[0] for n, hand in deals]
    possible = sum(arranged(rules, n, hand).possible for n, hand in deals)
    for label, times in (("answer", plain), ("with the reason", explained)):
        print(
            f"Liverpool deals ({len(deals)}, {possible} possible), {label}: median "
            f"{ms(statistics.median(times)).strip()} ms, p99 {ms(pct(times, 0.99)).strip()} ms, "
            f"max {ms(max(times)).strip()} ms"
        )
    print()


def _explained(rules: RuleSet, round_number: int, hand: Sequence[Card]) -> str:
    return arranged(rules, round_number, hand).reason


def hard_case_rows(rng: random.Random, hard_rounds: int, slowest: int) -> None:
    """The hard cases (20-30 cards, many wilds, all-out rounds), grouped."""
    cases = all_hard_cases(rng, hard_rounds)
    by_label: dict[str, list[float]] = {}
    decided = possible_hard = 0
    worst: tuple[float, str] = (0.0, "")
    slow_hard: list[tuple[float, str]] = []
    for rules, round_number, hand, label in cases:
        t, a = timed(arranged, rules, round_number, hand)
        slow_hard.append((t, f"{rules.id} round {round_number}: {format_cards(hand)}"))
        decided += 1  # arrange always answers: possible, or a proof that it is not
        possible_hard += a.possible
        all_out = rules.round(round_number).all_out
        key = f"{label} {'(all out)' if all_out else ''}".strip()
        group = (label if "wilds" not in label else "deuces 8-18 wilds") + (
            " all-out" if all_out else ""
        )
        by_label.setdefault(group, []).append(t)
        if t > worst[0]:
            worst = (t, f"{key}, round {round_number}: {format_cards(hand)}")
    print(f"hard cases: {len(cases)}, all decided ({possible_hard} possible). Times in ms.")
    print(f"{'group':36} {'count':>5} {'median':>8} {'p99':>8} {'max':>8}")
    for group, times in sorted(by_label.items()):
        print(
            f"{group:36} {len(times):>5} {ms(statistics.median(times))} "
            f"{ms(pct(times, 0.99))} {ms(max(times))}"
        )
    print(f"slowest hard case: {ms(worst[0]).strip()} ms ({worst[1]}); decided {decided}")
    if slowest:
        print("slowest hard cases:")
        for t, text in sorted(slow_hard, reverse=True)[:slowest]:
            print(f"  {ms(t)}  {text}")


if __name__ == "__main__":
    raise SystemExit(main())
