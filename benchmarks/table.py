"""Benchmark: the referee's table questions (lay-off, joker swap, the Liverpool call), issue 35.

A meld on the table is read as the kinds its round's contract asks for first, then the rule
set's others, each kind by itself (``scorekeeper/rules/table_meld.py``); before, one reading
tried every kind in turn. This prints the median and the slowest CPU time per question, over
tables of every preset (a set, a run and, where the preset plays one, a flush, with and
without wild cards), each question asked with no round, and with the round or kind given
where the code takes them. Run ``.venv/bin/python benchmarks/table.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.keep_bytecode  # noqa: F401  (first: keeps the compiled files)
from scorekeeper.rules import PRESETS, Card, RuleSet, joker_swap, layoff, liverpool_check
from scorekeeper.rules.cards import parse_cards

# (meld, card) pairs; a card or meld a preset's decks lack is skipped for that preset.
QUESTIONS = [
    ("7H 7C 7S", "7D"),
    ("7H 7C JK", "7S"),
    ("5H 6H 7H 8H", "9H"),
    ("5H 6H JK 8H", "7H"),
    ("5H 6H 7H 8H 9H 10H JH", "2H"),
    ("2H 5H 9H QH JH 4H 8H", "KH"),
    ("KH AH 3H 4H 5H", "2H"),
    ("5H KS", "5C"),
]
TAKES_ROUND = "round_number" in inspect.signature(layoff).parameters


def timed(ask: Callable[[], object], repeat: int) -> list[float]:
    found = []
    for _ in range(repeat):
        start = time.thread_time()  # CPU time: the machine is shared, its load comes and goes
        ask()
        found.append((time.thread_time() - start) * 1e6)
    return found


def questions(rules: RuleSet, with_round: bool) -> list[Callable[[], object]]:
    asked: list[Callable[[], object]] = []
    extra = {"round_number": 1} if with_round else {}
    table = [parse_cards(m) for m, _card in QUESTIONS if "JK" not in m or rules.uses_jokers]
    for meld_text, card_text in QUESTIONS:
        if "JK" in meld_text and not rules.uses_jokers:
            continue
        meld, card = parse_cards(meld_text), Card.parse(card_text)
        asked.append(lambda m=meld, c=card: layoff(m, c, rules, **extra))  # type: ignore[misc]
        asked.append(lambda m=meld, c=card: joker_swap(m, c, rules, **extra))  # type: ignore[misc]
    discard = Card.parse("9H")
    asked.append(lambda: liverpool_check(table, discard, rules, **extra))  # type: ignore[arg-type]
    return asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    repeat = parser.parse_args().repeat
    rounds = (False, True) if TAKES_ROUND else (False,)
    print(f"{'preset':<16}{'round':>6}{'questions':>10}{'median µs':>11}{'max µs':>9}")
    for preset_id, rules in PRESETS.items():
        for with_round in rounds:
            times: list[float] = []
            asked = questions(rules, with_round)
            for ask in asked:
                ask()  # warm
                times.extend(timed(ask, repeat))
            shown = "1" if with_round else "-"
            print(
                f"{preset_id:<16}{shown:>6}{len(asked):>10}"
                f"{statistics.median(times):>11.1f}{max(times):>9.1f}"
            )


if __name__ == "__main__":
    main()
