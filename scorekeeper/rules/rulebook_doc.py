"""The parts of the rule book (``docs/rules.md``) written from the rule sets.

The book is prose written by hand, with **generated blocks** between two marker lines:

    <!-- generated: contracts -->
    ...written by this module...
    <!-- end of generated -->

Each block says what the code holds about the presets: the overview tables of decks and
contracts, which rounds are all out and when each game ends, each preset's facts (its
heading, source, players, wild cards, point table, rounds and decks), the point tables, each
option's default and every preset's value of it. ``scripts/rulebook`` writes them again
after a rule set changes; a test checks that the committed book is what this module writes,
so the book and the app cannot disagree on these facts.

>>> print(block("end-of-game"))  # doctest: +NORMALIZE_WHITESPACE
After the last round (round 7 in `liverpool`, `liverpool-11`, `contract-rummy`, `family`,
`may-i`, `continental` and `rommi`; round 6 in `deuces-six`; round 10 in `shanghai`; round 8
in `carioca` and `carioca-english`; round 9 in `kalooki`), the player with the **lowest**
total wins.
<BLANKLINE>
A phase game (`ten-phase`) ends with the hand in which a player completes the last phase
(phase 10); among the players who completed it, the **lowest** total wins.
<BLANKLINE>
A phase game (`ten-phase-even` and `ten-phase-odd`) ends with the hand in which a player
completes the last phase (phase 5); among the players who completed it, the **lowest**
total wins.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .options import OPTIONS
from .points import POINT_TABLES
from .presets import PRESETS
from .prose import and_list, rounds_text
from .rulesets import MAX_PLAYERS, MIN_PLAYERS, RuleSet

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
BLOCK = re.compile(
    r"^<!-- generated: (?P<name>[a-z0-9:_-]+) -->\n(?P<body>.*?)^<!-- end of generated -->$",
    re.MULTILINE | re.DOTALL,
)


# --- words ---------------------------------------------------------------------------------------


def _row(cells: Iterable[Any]) -> str:
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def _rule(columns: int) -> str:
    return "|" + "---|" * columns


def _table(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> list[str]:
    return [_row(header), _rule(len(header)), *(_row(row) for row in rows)]


def _going_out(rules: RuleSet, number: int) -> str:
    return "all out" if rules.round(number).all_out else "discard"


def _buying(rules: RuleSet, number: int) -> str:
    spec = rules.round(number)
    if not spec.buying_allowed:
        return "no"
    return "yes" if spec.buy_limit is None else f"up to {spec.buy_limit}"


def _names(presets: Iterable[RuleSet]) -> str:
    """The presets by id, as the overview tables head their columns (a name may hold a
    comma: "Liverpool Rummy, 11 cards")."""
    return and_list([f"`{rules.id}`" for rules in presets])


def _grouped(
    key: Callable[[RuleSet], Any], presets: Iterable[RuleSet] | None = None
) -> list[tuple[Any, list[RuleSet]]]:
    """The presets (all, or ``presets``) by ``key``, the groups in order of their first."""
    groups: dict[Any, list[RuleSet]] = {}
    for rules in PRESETS.values() if presets is None else presets:
        groups.setdefault(key(rules), []).append(rules)
    return list(groups.items())


# --- the blocks ----------------------------------------------------------------------------------


def decks_overview() -> list[str]:
    """Decks and jokers of every preset for 2 to 8 players ("—": not played by that many)."""
    counts = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    rows = [
        [rules.name]
        + [
            f"{rules.decks.decks_for(n)}, {rules.decks.jokers_for(n)}"
            if rules.min_players <= n <= rules.max_players
            else "—"
            for n in counts
        ]
        for rules in PRESETS.values()
    ]
    return _table(["players", *counts], rows)


def contracts_overview() -> list[str]:
    """Every preset's contract, round by round ("—": no such round)."""
    longest = max(rules.round_count for rules in PRESETS.values())
    rows = []
    for number in range(1, longest + 1):
        cells: list[Any] = [number]
        for rules in PRESETS.values():
            if number > rules.round_count:
                cells.append("—")
                continue
            spec = rules.round(number)
            cells.append(spec.contract.describe() + (", all out" if spec.all_out else ""))
        rows.append(cells)
    return _table(["round", *(f"`{preset_id}`" for preset_id in PRESETS)], rows)


def all_out_rounds() -> list[str]:
    """Which rounds of each preset are all out."""

    def which(rules: RuleSet) -> tuple[int, ...]:
        return tuple(n for n, spec in enumerate(rules.rounds, start=1) if spec.all_out)

    parts = []
    for numbers, presets in _grouped(which):
        if numbers:
            parts.append(f"{rounds_text(numbers)} in {_names(presets)}")
        else:
            parts.append(f"none in {_names(presets)}, where every round ends with a discard")
    return [f"The all-out rounds of the presets: {'; '.join(parts)}."]


def end_of_game() -> list[str]:
    by_rounds = [rules for rules in PRESETS.values() if not rules.phased]
    groups = _grouped(lambda rules: rules.round_count, by_rounds)
    parts = [f"round {count} in {_names(presets)}" for count, presets in groups]
    found = [
        f"After the last round ({'; '.join(parts)}), the player with the **lowest** total wins."
    ]
    phased = _grouped(lambda rules: rules.round_count, [r for r in PRESETS.values() if r.phased])
    for count, presets in phased:
        found += [
            "",
            f"A phase game ({_names(presets)}) ends with the hand in which a player completes "
            f"the last phase (phase {count}); among the players who completed it, the "
            "**lowest** total wins.",
        ]
    return found


def preset_facts(rules: RuleSet) -> list[str]:
    """A preset's heading, source, players, wild cards, point table, rounds and decks."""
    table = rules.point_table
    counts = range(rules.min_players, rules.max_players + 1)
    rounds = [
        (n, spec.contract.describe(), spec.cards_dealt, _going_out(rules, n), _buying(rules, n))
        for n, spec in enumerate(rules.rounds, start=1)
    ]
    return [
        f"### {rules.name} (`{rules.id}`)",
        "",
        f"- **Based on**: {rules.source}.",
        f"- **Players**: {rules.min_players} to {rules.max_players}.",
        f"- **Wild cards**: {rules.describe_wilds()}.",
        f"- **Point table**: {table.name}: {table.describe()}.",
        "",
        *_table(
            [
                "phase" if rules.phased else "round",
                "contract",
                "cards dealt",
                "going out",
                "buying",
            ],
            rounds,
        ),
        "",
        _row(["players", *counts]),
        _rule(len(counts) + 1),
        _row(["decks", *(rules.decks.decks_for(n) for n in counts)]),
        _row(["jokers", *(rules.decks.jokers_for(n) for n in counts)]),
    ]


def point_tables() -> list[str]:
    return _table(
        ["point table", "id", "values"],
        [(t.name, f"`{t.id}`", t.describe()) for t in POINT_TABLES.values()],
    )


def shown(rules: RuleSet, name: str) -> str:
    """A preset's value of an option as the book writes it.

    >>> shown(PRESETS["shanghai"], "buy_limit"), shown(PRESETS["may-i"], "cards_dealt")
    ('3 or 4 by round', '11 11 11 11 11 11 13')
    """
    value = OPTIONS[name].read(rules)
    if name == "buy_limit" and value is None:
        limits = sorted(
            {s.buy_limit for s in rules.rounds if s.buying_allowed and s.buy_limit is not None}
        )
        if limits:  # the rounds differ: the option reads no single limit
            return " or ".join(str(n) for n in limits) + " by round"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "no limit"
    if isinstance(value, list):
        return str(value[0]) if len(set(value)) == 1 else " ".join(str(v) for v in value)
    if isinstance(value, str):
        return f"`{value}`"
    return str(value)


def option_values() -> list[str]:
    rows = [[f"`{name}`", *(shown(rules, name) for rules in PRESETS.values())] for name in OPTIONS]
    return _table(["option", *(f"`{preset_id}`" for preset_id in PRESETS)], rows)


def option_default(name: str) -> list[str]:
    """``Default: no; Contract Rummy: yes.``: the value most presets have, then the others'."""
    groups = _grouped(lambda rules: shown(rules, name))
    if len(groups) > 3:
        return ["Default: each preset's own (see the table of each preset's values below)."]
    groups.sort(key=lambda group: -len(group[1]))
    usual, *others = groups
    if not others:
        return [f"Default: {usual[0]}, in every preset."]
    rest = "; ".join(f"{_names(presets)}: {value}" for value, presets in others)
    return [f"Default: {usual[0]}; {rest}."]


def blocks() -> dict[str, Callable[[], list[str]]]:
    """Every generated block of the book, by name."""
    found: dict[str, Callable[[], list[str]]] = {
        "decks": decks_overview,
        "contracts": contracts_overview,
        "all-out": all_out_rounds,
        "end-of-game": end_of_game,
        "point-tables": point_tables,
        "option-values": option_values,
    }
    for preset_id, rules in PRESETS.items():
        found[f"preset:{preset_id}"] = functools.partial(preset_facts, rules)
    for name in OPTIONS:
        found[f"default:{name}"] = functools.partial(option_default, name)
    return found


def block(name: str) -> str:
    return "\n".join(blocks()[name]())


# --- the book ------------------------------------------------------------------------------------


class BookError(ValueError):
    """The book's markers do not match the blocks (one missing, unknown or written twice)."""


def generate(text: str) -> str:
    """``text`` with every generated block written again from the rule sets."""
    wanted = blocks()
    seen: list[str] = []

    def written(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in wanted:
            raise BookError(f"docs/rules.md has a block no rule set makes: {name}")
        seen.append(name)
        return f"<!-- generated: {name} -->\n{block(name)}\n<!-- end of generated -->"

    result = BLOCK.sub(written, text)
    missing = [name for name in wanted if name not in seen]
    twice = sorted({name for name in seen if seen.count(name) > 1})
    if missing or twice:
        raise BookError(
            "docs/rules.md needs each block once: "
            + "; ".join(
                [f"missing {', '.join(missing)}"] * bool(missing)
                + [f"twice {', '.join(twice)}"] * bool(twice)
            )
            + " (add a marker pair where it belongs: <!-- generated: NAME --> and "
            "<!-- end of generated -->)"
        )
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write the generated parts of docs/rules.md from the rule sets."
    )
    parser.add_argument(
        "--check", action="store_true", help="only say whether the book is up to date"
    )
    args = parser.parse_args(argv)
    text = BOOK.read_text(encoding="utf-8")
    try:
        new = generate(text)
    except BookError as error:
        print(error, file=sys.stderr)
        return 2
    if args.check:
        if new != text:
            print("docs/rules.md is out of date: run scripts/rulebook", file=sys.stderr)
            return 1
        print("docs/rules.md is up to date")
        return 0
    if new != text:
        BOOK.write_text(new, encoding="utf-8")
        print("docs/rules.md written again")
    else:
        print("docs/rules.md was up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
