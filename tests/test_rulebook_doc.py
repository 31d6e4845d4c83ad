"""The rule book (docs/rules.md) in step with the rule sets the app enforces.

Every preset has a section (its name and id in the heading) with its rounds, decks and jokers,
wild cards, point table and source as the code gives them, and a column in the overview tables
of decks and contracts; every house-rule option has a subsection naming each of its choices,
and a row of each preset's values; every point table is listed. Neither the README nor
anything under docs/ points outside the repository.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import OPTIONS, POINT_TABLES, PRESETS, RuleSet
from scorekeeper.rules.rulesets import MAX_PLAYERS, MIN_PLAYERS

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "docs" / "rules.md"
PRESETS_HEADING = "## The presets"
OPTIONS_HEADING = "## House-rule options"


def read_book() -> str:
    return BOOK.read_text(encoding="utf-8")


def flat(text: str) -> str:
    """Whitespace collapsed, so prose wrapped over several lines still matches."""
    return " ".join(text.split())


def chapter(book: str, heading: str) -> str:
    """The text from a ``## `` heading to the next one."""
    start = book.index(heading + "\n")
    end = book.find("\n## ", start + len(heading))
    return book[start : end if end >= 0 else len(book)]


def sections(text: str, level: str = "###") -> dict[str, str]:
    """Headings of one level (``### ...``) and the text under each."""
    parts = re.split(rf"^{level} (.+)$", text, flags=re.MULTILINE)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def preset_section(book: str, rules: RuleSet) -> str:
    found = sections(chapter(book, PRESETS_HEADING))
    heading = f"{rules.name} (`{rules.id}`)"
    assert heading in found, f"docs/rules.md has no section ### {heading}"
    return found[heading]


def round_rows(rules: RuleSet) -> list[str]:
    """The rounds table rows: contract as ``Contract.describe`` says it."""
    rows = []
    for number, spec in enumerate(rules.rounds, start=1):
        going_out = "all out" if spec.all_out else "discard"
        if not spec.buying_allowed:
            buying = "no"
        elif spec.buy_limit is None:
            buying = "yes"
        else:
            buying = f"up to {spec.buy_limit}"
        rows.append(
            f"| {number} | {spec.contract.describe()} | {spec.cards_dealt} | {going_out} "
            f"| {buying} |"
        )
    return rows


def deck_rows(rules: RuleSet) -> list[str]:
    players = range(rules.min_players, rules.max_players + 1)
    return [
        "| players | " + " | ".join(str(p) for p in players) + " |",
        "| decks | " + " | ".join(str(rules.decks.decks_for(p)) for p in players) + " |",
        "| jokers | " + " | ".join(str(rules.decks.jokers_for(p)) for p in players) + " |",
    ]


def shown(value: Any) -> str:
    """An option's value as the book's table of preset values writes it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "no limit"
    if isinstance(value, list):
        return str(value[0]) if len(set(value)) == 1 else " ".join(str(v) for v in value)
    if isinstance(value, str):
        return f"`{value}`"
    return str(value)


def option_row(name: str, presets: Mapping[str, RuleSet]) -> str:
    values = " | ".join(shown(rules.options()[name]) for rules in presets.values())
    return f"| `{name}` | {values} |"


def undocumented_options(book: str, options: Mapping[str, Any]) -> list[str]:
    """Options with no ``### `name` `` subsection in the options chapter."""
    documented = sections(chapter(book, OPTIONS_HEADING))
    return [name for name in options if f"`{name}`" not in documented]


# --- presets ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_every_preset_has_its_section(rules: RuleSet) -> None:
    book = read_book()
    assert rules.id in book and rules.name in book
    section = preset_section(book, rules)
    lines = {line.strip() for line in section.splitlines()}
    for row in round_rows(rules) + deck_rows(rules):
        assert row in lines, f"{rules.id}: no row {row!r} in its section of docs/rules.md"
    text = flat(section)
    assert f"**Players**: {rules.min_players} to {rules.max_players}." in text
    assert f"**Wild cards**: {rules.describe_wilds()}." in text
    table = rules.point_table
    assert f"**Point table**: {table.name}: {table.describe()}." in text
    assert f"**Based on**: {flat(rules.source)}" in text


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_contracts_as_the_code_describes_them(rules: RuleSet) -> None:
    """The rounds table lists exactly the preset's rounds, in order."""
    section = preset_section(read_book(), rules)
    listed = [line.strip() for line in section.splitlines() if re.match(r"\|\s*\d+\s*\|", line)]
    assert listed == round_rows(rules)


def test_overview_of_decks_and_jokers() -> None:
    """The table of every preset's decks and jokers, 2 to 8 players ("—": not played)."""
    lines = {line.strip() for line in chapter(read_book(), "## Decks and jokers").splitlines()}
    for rules in PRESETS.values():
        cells = [
            f"{rules.decks.decks_for(n)}, {rules.decks.jokers_for(n)}"
            if rules.min_players <= n <= rules.max_players
            else "—"
            for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        ]
        row = f"| {rules.name} | " + " | ".join(cells) + " |"
        assert row in lines, f"docs/rules.md, Decks and jokers: no row {row!r}"


def test_overview_of_contracts() -> None:
    """The table of every preset's contracts, round by round ("—": no such round)."""
    lines = [line.strip() for line in chapter(read_book(), "## Contracts").splitlines()]
    header = "| round | " + " | ".join(f"`{preset_id}`" for preset_id in PRESETS) + " |"
    assert header in lines
    rows = [line for line in lines if re.match(r"\|\s*\d+\s*\|", line)]
    expected = []
    for number in range(1, max(r.round_count for r in PRESETS.values()) + 1):
        cells = []
        for rules in PRESETS.values():
            if number > rules.round_count:
                cells.append("—")
                continue
            spec = rules.round(number)
            cells.append(spec.contract.describe() + (", all out" if spec.all_out else ""))
        expected.append(f"| {number} | " + " | ".join(cells) + " |")
    assert rows == expected


def test_no_section_for_a_preset_that_is_gone() -> None:
    headings = set(sections(chapter(read_book(), PRESETS_HEADING)))
    assert headings == {f"{r.name} (`{r.id}`)" for r in PRESETS.values()}


def test_source_citations_are_plain_words() -> None:
    """What the rules pages show as a preset's source names a publication, not a file."""
    for rules in PRESETS.values():
        assert rules.source
        assert "seed" not in rules.source.lower()
        assert not re.search(r"[\\/]|\.txt\b|\.md\b", rules.source), rules.source


# --- options ---------------------------------------------------------------------------------


def test_every_option_is_documented() -> None:
    assert undocumented_options(read_book(), OPTIONS) == []


def test_the_check_notices_a_new_option() -> None:
    """An option added to OPTIONS without a line in the book fails the test above."""
    added = {**OPTIONS, "brand_new_house_rule": OPTIONS["buying"]}
    assert undocumented_options(read_book(), added) == ["brand_new_house_rule"]


def test_no_subsection_for_an_option_that_is_gone() -> None:
    documented = set(sections(chapter(read_book(), OPTIONS_HEADING)))
    assert {f"`{name}`" for name in OPTIONS} <= documented
    extra = {h for h in documented if h.startswith("`")} - {f"`{name}`" for name in OPTIONS}
    assert not extra, f"docs/rules.md documents options the app does not have: {extra}"


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_choice_of_an_option_is_explained(name: str) -> None:
    text = sections(chapter(read_book(), OPTIONS_HEADING))[f"`{name}`"]
    for choice in OPTIONS[name].choices:
        assert f"**`{choice}`**" in text, f"{name}: the choice {choice} is not explained"


def test_each_presets_option_values() -> None:
    options = chapter(read_book(), OPTIONS_HEADING)
    lines = {line.strip() for line in options.splitlines()}
    header = "| option | " + " | ".join(f"`{preset_id}`" for preset_id in PRESETS) + " |"
    assert header in lines
    for name in OPTIONS:
        row = option_row(name, PRESETS)
        assert row in lines, f"docs/rules.md: the preset values of {name} should read {row}"


# --- point tables ----------------------------------------------------------------------------


def test_every_point_table_is_listed() -> None:
    lines = {line.strip() for line in read_book().splitlines()}
    for table in POINT_TABLES.values():
        row = f"| {table.name} | `{table.id}` | {table.describe()} |"
        assert row in lines, f"docs/rules.md: no row {row!r}"


# --- nothing outside the repository ----------------------------------------------------------


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_stay_inside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for needle in ("../", "..\\", "shared/", "/work/"):
        assert needle not in text, f"{path.relative_to(ROOT)} points outside the repository"


def test_the_book_is_in_its_own_words() -> None:
    text = read_book().lower()
    assert "seed" not in text
    assert "rules.md" not in text.replace("docs/rules.md", "")
