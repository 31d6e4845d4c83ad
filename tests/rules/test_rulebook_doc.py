"""The rule book (docs/rules.md) in step with the rule sets the app enforces.

The parts written from the rule sets (``scripts/rulebook``) are what the rule sets make, and
each is checked here on its own too: every preset has a section (its name and id in the
heading) with its rounds, decks and jokers, wild cards, point table and source as the code
gives them, and a column in the overview tables of decks and contracts; every house-rule
option has a subsection naming each of its choices, and a row of each preset's values; every
point table is listed. What the prose written by hand says about the presets holds (a list of
its statements, each with the check of the rule sets it rests on). Neither the README nor
anything under docs/ points outside the repository.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import OPTIONS, POINT_TABLES, PRESETS, RuleSet, RuleSetError, rulebook_doc
from scorekeeper.rules.cards import Card, Rank
from scorekeeper.rules.options import with_options
from scorekeeper.rules.presets import SEVEN_CONTRACTS
from scorekeeper.rules.rulesets import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Aces,
    Contract,
    ExtraMeldKinds,
    JokerCount,
    JokerSwap,
    MeldKind,
    RunSuits,
    SameSuitRuns,
    SetRanks,
)

ROOT = Path(__file__).resolve().parents[2]
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


def option_row(name: str, presets: Mapping[str, RuleSet]) -> str:
    values = " | ".join(rulebook_doc.shown(rules, name) for rules in presets.values())
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


# --- the generated parts -------------------------------------------------------------------------


def test_the_generated_parts_are_what_the_rule_sets_make() -> None:
    """Run ``scripts/rulebook`` after changing a rule set: this fails until then."""
    book = read_book()
    assert rulebook_doc.generate(book) == book


def test_a_changed_preset_shows_in_the_book(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: Shanghai dealing 12 cards is not the book's Shanghai."""
    changed = dict(PRESETS)
    changed["shanghai"] = with_options(PRESETS["shanghai"], {"cards_dealt": 12})
    monkeypatch.setattr(rulebook_doc, "PRESETS", changed)
    book = read_book()
    written = rulebook_doc.generate(book)
    assert written != book
    assert "| 10 | 3 runs of 5 | 12 | discard | up to 4 |" in written


def test_every_block_is_in_the_book_once() -> None:
    book = read_book()
    without = book.replace("<!-- generated: end-of-game -->", "<!-- gone -->")
    with pytest.raises(rulebook_doc.BookError, match="missing end-of-game"):
        rulebook_doc.generate(without)
    with pytest.raises(rulebook_doc.BookError, match="no rule set makes: preset:poker"):
        rulebook_doc.generate(
            book + "\n<!-- generated: preset:poker -->\n<!-- end of generated -->\n"
        )
    twice = book + "\n<!-- generated: decks -->\n<!-- end of generated -->\n"
    with pytest.raises(rulebook_doc.BookError, match="twice decks"):
        rulebook_doc.generate(twice)


def test_the_script_checks_the_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert rulebook_doc.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out


# --- what the prose says about the presets -----------------------------------------------------

P = PRESETS


# Phase 10's even and odd variants are the ten-phase game with fewer phases (checked below):
# what the book says of "Ten Phases" is said of all three, by the one id.
PHASE_VARIANTS = ("ten-phase-even", "ten-phase-odd")


def ids_where(test: Callable[[RuleSet], bool]) -> set[str]:
    return {
        preset_id
        for preset_id, rules in PRESETS.items()
        if test(rules) and preset_id not in PHASE_VARIANTS
    }


@pytest.mark.parametrize("variant", PHASE_VARIANTS)
def test_phase_variants_are_the_ten_phase_game_but_for_the_phases(variant: str) -> None:
    ten = P["ten-phase"]
    same = dataclasses.replace(
        PRESETS[variant], id=ten.id, name=ten.name, summary=ten.summary, rounds=ten.rounds
    )
    assert same == ten


# Each statement of the prose written by hand about the presets (whitespace aside), and the
# check of the rule sets that makes it true.
STATEMENTS: list[tuple[str, Callable[[], bool]]] = [
    ("two per deck in most presets, three in Continental",
     lambda: ids_where(lambda r: r.decks.jokers == JokerCount.PER_DECK
                       and r.decks.jokers_per_deck != 2) == {"continental"}
     and P["continental"].decks.jokers_per_deck == 3),
    ("Kalooki shuffles two decks and four jokers for 3 or 4 players, three decks and eight "
     "jokers for 5 or 6, four decks and ten jokers for 7 or 8",
     lambda: [(P["kalooki"].decks.decks_for(n), P["kalooki"].decks.jokers_for(n))
              for n in range(3, 9)] == [(2, 4), (2, 4), (3, 8), (3, 8), (4, 10), (4, 10)]
     and ids_where(lambda r: r.decks.jokers == JokerCount.BY_PLAYERS) == {"kalooki"}),
    ("Every rule set is for 2 to 8 players unless it says otherwise (Family Liverpool, Shanghai "
     "Rummy and Kalooki need at least 3; the Chilean Carioca and Continental are for at most 4, "
     "Perla's Carioca for at most 5).",
     lambda: ids_where(lambda r: r.min_players != 2) == {"family", "shanghai", "kalooki"}
     and all(P[i].min_players == 3 for i in ("family", "shanghai", "kalooki"))
     and ids_where(lambda r: r.max_players != 8) == {"carioca", "continental", "carioca-english"}
     and all(P[i].max_players == 4 for i in ("carioca", "continental"))
     and P["carioca-english"].max_players == 5),
    ("10 in several presets; some deal 11 or 12 in every round, and some deal more in the later "
     "rounds",
     lambda: len(ids_where(lambda r: r.rounds[0].cards_dealt == 10)) >= 2
     and bool(ids_where(lambda r: {s.cards_dealt for s in r.rounds} in ({11}, {12})))
     and bool(ids_where(lambda r: r.rounds[-1].cards_dealt > r.rounds[0].cards_dealt))),
    ("Once you are down you may no longer buy (this holds in every preset).",
     lambda: all(r.no_buying_once_down for r in P.values())),
    ("Contract Rummy allows one buy between two turns; the others allow several.",
     lambda: ids_where(lambda r: r.buys_per_turn is not None) == {"contract-rummy"}
     and P["contract-rummy"].buys_per_turn == 1),
    ("Shanghai Rummy, May I? and Shanghai (Finland) also limit the cards one player may buy in "
     "a round",
     lambda: ids_where(lambda r: any(s.buy_limit for s in r.rounds))
     == {"shanghai", "may-i", "rommi"}),
    ("Family Liverpool has no buying in round 1; from round 2 the player next in turn may take "
     "the discard without a penalty card",
     lambda: ids_where(lambda r: not r.rounds[0].buying_allowed
                       and any(s.buying_allowed for s in r.rounds)) == {"family"}
     and all(s.buying_allowed for s in P["family"].rounds[1:])
     and ids_where(lambda r: r.next_player_takes_discard_free) == {"family"}),
    ("Ten Phases and the Chilean Carioca have no buying at all.",
     lambda: ids_where(lambda r: not any(s.buying_allowed for s in r.rounds))
     == {"ten-phase", "carioca"}),
    ("There a player who is down may pick up the discard only if it goes onto the table in "
     "that same turn.",
     lambda: ids_where(lambda r: r.down_player_takes_discard_only_to_play) == {"family"}),
    ("Liverpool Rummy's last round asks for three runs (at least 12 cards) while only 10 are "
     "dealt",
     lambda: P["liverpool"].rounds[-1].contract.min_cards == 12
     and P["liverpool"].rounds[-1].cards_dealt == 10 and refused(P["liverpool"], buying=False)),
    ("Shanghai Rummy asks for a run of 7, a run of 10 and \"3 runs of 5\" in its later rounds, "
     "and the ten-phase game for a set of 2 and a flush of 7.",
     lambda: {"1 set and 1 run of 7", "1 set and 1 run of 10", "3 runs of 5"}
     <= {s.contract.describe() for s in P["shanghai"].rounds[4:]}
     and {"1 set of 5 and 1 set of 2", "1 flush of 7"}
     <= {s.contract.describe() for s in P["ten-phase"].rounds}),
    ("The classic seven contracts grow by one card every round, from 6 cards to 12.",
     lambda: [c.min_cards for c in SEVEN_CONTRACTS] == list(range(6, 13))),
    ("Six-round Deuces Wild really does ask for three sets in both rounds 3 and 4",
     lambda: P["deuces-six"].rounds[2].contract == P["deuces-six"].rounds[3].contract
     == Contract.of(sets=3)),
    ("a set needs at least 2 naturals in every preset but Ten Phases",
     lambda: ids_where(lambda r: r.set_min_naturals != 2) == {"ten-phase"}),
    ("a run needs at least 3 naturals in most presets",
     lambda: ids_where(lambda r: r.run_min_naturals != 3)
     == {"family", "may-i", "continental", "kalooki", "ten-phase"}),
    ("Family Liverpool, May I?, Continental and Kalooki ask for only 2",
     lambda: all(P[i].run_min_naturals == 2
                 for i in ("family", "may-i", "continental", "kalooki"))),
    ("in Ten Phases every meld needs just 1 natural card",
     lambda: all(P["ten-phase"].min_naturals_for(k) == 1 for k in P["ten-phase"].meld_kinds)),
    ("In the ten-phase game a run's cards may be of **any suits**",
     lambda: ids_where(lambda r: r.run_suits == RunSuits.ANY) == {"ten-phase"}),
    ("in Carioca and Continental a run may **turn the corner**",
     lambda: ids_where(lambda r: r.aces == Aces.WRAP) == {"carioca", "continental"}),
    ("in Carioca a meld goes down with one wild card at most",
     lambda: ids_where(lambda r: r.wilds_per_meld is not None) == {"carioca"}
     and P["carioca"].wilds_per_meld == 1),
    ("in Carioca, Continental and Kalooki two wild cards never stand for neighbouring cards",
     lambda: ids_where(lambda r: not r.adjacent_wilds) == {"carioca", "continental", "kalooki"}),
    ("The ten-phase game plays this way with its wild kings",
     lambda: ids_where(lambda r: bool(r.run_holes)) == {"ten-phase"}
     and P["ten-phase"].run_holes == {Rank.KING} and P["ten-phase"].longest_run == 12),
    ("In Kalooki and Carioca the sets a player lays down together must be of different ranks",
     lambda: ids_where(lambda r: r.set_ranks == SetRanks.DIFFERENT) == {"kalooki", "carioca"}),
    ("In Carioca an extra meld must also be of a kind the round's contract asks for",
     lambda: ids_where(lambda r: r.extra_meld_kinds == ExtraMeldKinds.CONTRACT) == {"carioca"}),
    ("Kalooki's aces score 1, but its black aces 15",
     lambda: [P["kalooki"].point_table.points(Card.parse(c)) for c in ("AH", "AD", "AS", "AC")]
     == [1, 1, 15, 15]),
    ("In every preset a meld made only of wild cards is not legal.",
     lambda: not any(r.allows_wild_only(k) for r in P.values() for k in MeldKind)),
    ("off in every preset but Shanghai and May I?",
     lambda: ids_where(lambda r: r.wilds_at_most_naturals) == {"shanghai", "may-i"}),
    ("Family Liverpool is more generous: runs of one suit may also **overlap**",
     lambda: ids_where(lambda r: r.same_suit_runs == SameSuitRuns.APART_OR_OVERLAPPING)
     == {"family"}),
    ("makes a contract's runs all different suits, as Kalooki's fours are",
     lambda: ids_where(lambda r: r.same_suit_runs == SameSuitRuns.NEVER) == {"kalooki"}),
    ("In every preset but Carioca you may not put down extra melds beyond the contract when you "
     "go down",
     lambda: ids_where(lambda r: r.extra_melds) == {"carioca"}),
    ("Contract Rummy is stricter: on going down every set is exactly 3 cards and every run "
     "exactly 4",
     lambda: ids_where(lambda r: r.exact_contract_melds) == {"contract-rummy"}),
    ("Most rule sets let you lay off in the same turn you go down. Contract Rummy and Carioca do "
     "not",
     lambda: ids_where(lambda r: not r.layoff_on_going_down_turn)
     == {"contract-rummy", "carioca"}),
    ("**runs, and the first three cards of a set** (Family Liverpool)",
     lambda: ids_where(lambda r: r.joker_swap == JokerSwap.RUNS_AND_SET_THIRD) == {"family"}),
    ("**never** (Ten Phases and Kalooki)",
     lambda: ids_where(lambda r: r.joker_swap == JokerSwap.NEVER) == {"ten-phase", "kalooki"}),
    ("the cutter takes 50 points off their score for that round",
     lambda: P["liverpool"].cut_bonus == -50),
    ("Perla's Carioca takes 10 points off for an exact cut; in the other presets there is no "
     "cut bonus",
     lambda: ids_where(lambda r: r.cut_bonus != 0) == {"liverpool", "carioca-english"}
     and P["carioca-english"].cut_bonus == -10),
    ("The last round's three runs need 12 cards from a 10-card deal, so nobody can go out in "
     "that round without buying.",
     lambda: refused(P["liverpool"], buying=False)),
    ("eleven cards in every round, so the last round can be made from the deal and one draw",
     lambda: {s.cards_dealt for s in P["liverpool-11"].rounds} == {11}
     and P["liverpool-11"].rounds[-1].contract.min_cards <= 12),
    ("at most 3 buys per player in rounds 1-8 and 4 in rounds 9 and 10",
     lambda: [s.buy_limit for s in P["shanghai"].rounds] == [3] * 8 + [4] * 2),
    ("eleven cards in rounds 1-6 and thirteen in round 7, which ends with a discard like the "
     "others",
     lambda: [s.cards_dealt for s in P["may-i"].rounds] == [11] * 6 + [13]
     and not any(s.all_out for s in P["may-i"].rounds)),
]  # fmt: skip


def refused(rules: RuleSet, **options: Any) -> bool:
    try:
        with_options(rules, options)
    except RuleSetError:
        return True
    return False


@pytest.mark.parametrize(("statement", "holds"), STATEMENTS, ids=[s[:40] for s, _ in STATEMENTS])
def test_what_the_book_says_about_the_presets_holds(
    statement: str, holds: Callable[[], bool]
) -> None:
    assert flat(statement) in flat(read_book()), f"docs/rules.md no longer says: {statement}"
    assert holds(), f"docs/rules.md says what the presets no longer do: {statement}"


@pytest.mark.parametrize(
    "contradiction",
    [
        'contracts such as "3 runs of 5", which none of the presets use',
        "the last round of every preset",
        "all rounds but the last",
        "the seventh, or the sixth",
        "going down lays exactly the contract's melds, no more",
        "a meld of wild cards only is never legal",
    ],
)
def test_what_the_book_used_to_get_wrong_is_gone(contradiction: str) -> None:
    """What the feature walk found contradicting the app (issue 23, item 16)."""
    assert flat(contradiction) not in flat(read_book())


def test_the_book_says_how_long_an_extra_meld_must_be() -> None:
    section = flat(sections(chapter(read_book(), "## Going down and going out"))["Extra melds"])
    assert (
        "at least as long as the shortest meld of its kind that the round's contract asks"
        in section
    )
    assert "the usual minimum of its kind (a set 3 cards, a run 4)" in section
