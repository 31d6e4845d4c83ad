"""Benchmark: the contract check's readings of groups of every kind (issue 24).

A group may be a set, a run, a colour meld or a flush at once; the contract check picks the
readings that make the contract (``scorekeeper/rules/contract_readings.py``). This prints,
for lay-downs built to make that hard, the steps each check took (``rules/budget.py``, at
most 100,000 before a 422) and its CPU time, so the time per step (what the budget costs
at most) shows. Run ``.venv/bin/python benchmarks/contract_readings.py``.

The figure that matters is the last column: microseconds per step. The readings' counts a
class of groups may reach are worked out once per prefix (``_downward``); before that they
were looked for among every fitting split at every step, and twelve groups of ``2♥ Joker
Joker`` (where sets and runs may be wild cards alone) took 1.2 s for 12,000 steps: 100 µs a
step, where the budget means 5 to 10.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.keep_bytecode  # noqa: F401  (first: keeps the compiled files)
from scorekeeper.rules import PRESETS, check_contract, parse_cards, resolve_rules
from scorekeeper.rules.budget import StepBudget, TooHard

EVERY_KIND = {
    "rounds": [
        {
            "contract": [{"kind": k, "min_length": 3} for k in ("set", "run", "flush", "color")],
            "cards_dealt": 20,
        }
    ],
    "options": {
        "extra_melds": True,
        "set_min_naturals": 1,
        "run_min_naturals": 1,
        "aces": "wrap",
        "set_ranks": "different",
        "deuces_wild": True,
    },
}


def cases() -> list[tuple[str, object, int, list[str]]]:
    every = resolve_rules(EVERY_KIND)
    alone = resolve_rules(EVERY_KIND, {"set_min_naturals": 0, "run_min_naturals": 0})
    return [
        ("every kind: 12 x 2H JK JK", every, 1, ["2H JK JK"] * 12),
        ("every kind, sets and runs of wild cards: 12 x 2H JK JK", alone, 1, ["2H JK JK"] * 12),
        ("every kind: 6 x 2H JK JK, 6 x 2H 2D JK JK", every, 1,
         ["2H JK JK"] * 6 + ["2H 2D JK JK"] * 6),
        ("every kind: 12 lengths, 2H and jokers", every, 1,
         ["2H " + " ".join(["JK"] * n) for n in range(1, 13)]),
        ("ten-phase phase 8: a run that is the flush", PRESETS["ten-phase"], 8,
         ["2H 3H 4H 5H 6H 7H 8H"]),
        ("carioca round 8: 4 trios", PRESETS["carioca"], 8,
         ["7H 7C JK", "8S 8C 8D", "9H 9D 9S", "QH QS JK"]),
        ("kalooki round 9: 4 fours", PRESETS["kalooki"], 9,
         ["3S 4S 5S 6S", "8H JK 10H JH", "2D 3D 4D JK", "9C 10C JC QC"]),
        ("continental hand 7: 3 escaleras round the corner", PRESETS["continental"], 7,
         ["QD KD AD 2D", "5D 6D 7D 8D", "JS QS KS AS"]),
    ]  # fmt: skip


def main() -> None:
    print(f"{'lay-down':60} {'answer':>10} {'steps':>8} {'ms':>8} {'µs/step':>8}")
    for name, rules, number, texts in cases():
        groups = [parse_cards(t) for t in texts]
        budget = StepBudget(seconds=None)
        start = time.process_time()
        try:
            answer = (
                "legal"
                if check_contract(rules, number, groups, budget=budget).legal
                else "not legal"
            )  # type: ignore[arg-type]
        except TooHard:
            answer = "422"
        spent = time.process_time() - start
        per_step = spent / max(budget.used, 1) * 1e6
        print(f"{name:60} {answer:>10} {budget.used:>8} {spent * 1000:>8.1f} {per_step:>8.1f}")


if __name__ == "__main__":
    main()
