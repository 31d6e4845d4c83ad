"""What goes on a printed sheet, as plain data, built from a rule set or a game view.

Terms:

- A **sheet** is one page: a title, one **row** per round (its contract and cards dealt) and,
  per player, two **cells** in each row: the round's points and the running total. A blank
  sheet has empty cells; a game sheet fills in the rounds played so far, marks who dealt and
  who went out, and leaves later rounds blank so the game can go on by pen.
- The **footer** holds the point table and the **key rules**: the key sentences of the rule
  book (:func:`scorekeeper.rules.prose.key_rules`, decks and jokers for this many players,
  wilds, meld rules, buying, the cut bonus...), so a house-rule variant prints its own rules
  in the words of its rules page.
- **Orientation**: portrait up to 5 players, landscape for 6 to 8 (two columns per player
  need the width); either can be forced.

Nothing here knows about WeasyPrint or Flask: templates in ``print/`` turn a sheet into HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ..errors import Conflict, Invalid
from ..rules import RuleSet
from ..rules.language import _, ngettext
from ..rules.prose import key_rules
from ..rules.seating import round_seats
from .chart import running_totals_svg
from .words import day, place

if TYPE_CHECKING:  # the game service pulls in the database layer; rendering needs no database
    from ..games import GameView

PAPERS = {"a4": "A4", "letter": "Letter"}
PAGE_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}  # short side, long side
ORIENTATIONS = ("portrait", "landscape")
PORTRAIT_MAX_PLAYERS = 5
MAX_TITLE_LENGTH = 200
MINUS = "\u2212"


def points_text(value: int | None) -> str:
    """A score as printed: a real minus sign for negative numbers, nothing for no score.

    >>> points_text(-50), points_text(35), points_text(None)
    ('−50', '35', '')
    """
    if value is None:
        return ""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... in the current language."""
    return place(number)


def normalize_paper(paper: str) -> str:
    """``A4`` or ``Letter`` (any case), else an Invalid error."""
    found = PAPERS.get(str(paper).strip().lower())
    if found is None:
        raise Invalid(f'the paper size must be A4 or Letter, not "{str(paper)[:20]}"')
    return found


def choose_orientation(players: int, orientation: str | None = None) -> str:
    """``portrait`` up to 5 players, ``landscape`` above, unless one is asked for.

    >>> choose_orientation(5), choose_orientation(6), choose_orientation(8, "portrait")
    ('portrait', 'landscape', 'portrait')
    """
    if orientation is None or orientation == "":
        return "portrait" if players <= PORTRAIT_MAX_PLAYERS else "landscape"
    value = str(orientation).strip().lower()
    if value not in ORIENTATIONS:
        raise Invalid(
            f'the orientation must be portrait or landscape, not "{str(orientation)[:20]}"'
        )
    return value


# --- the data a template shows -------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One player's part of a round row; everything empty on a blank sheet."""

    points: str = ""
    total: str = ""
    dealer: bool = False
    went_out: bool = False
    cut: bool = False
    leader: bool = False
    bought: int = 0  # cards the player bought in the round
    one_turn: bool = False  # went down and out in one turn (the one-turn bonus is included)
    # A phase game's: the phase played ("" on a blank sheet, or in any order when the player
    # completed none and said none) and whether it was completed.
    phase: str = ""
    phase_done: bool = False


@dataclass(frozen=True)
class Row:
    number: int
    contract: str  # "Two sets and one run"
    min_cards: int
    cards_dealt: int
    note: str  # "all out: no discard", "no buying"
    played: bool
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Placing:
    place: str  # "1st"
    name: str
    total: str
    winner: bool
    went_out: int  # rounds this player went out
    points: int  # the total as a number: which form of its sentence ("1 point", "5 points")
    phases: int | None = None  # phases completed, in a phase game


@dataclass(frozen=True)
class Sheet:
    """Everything one page shows."""

    kind: str  # "blank", "game" or "trophy"
    title: str
    rules_name: str
    rules_summary: str
    players: tuple[str, ...]  # "" for a seat whose name is to be written in
    rows: tuple[Row, ...]
    totals: tuple[str, ...]
    places: tuple[str, ...]
    point_table_name: str
    point_table: str
    key_rules: tuple[str, ...]
    paper: str
    orientation: str
    date: str  # "" leaves a line to write the date on
    standings: tuple[Placing, ...] = ()
    winners: tuple[str, ...] = ()
    status: str = ""  # "Finished" or "After round 3 of 7"
    cut_bonus: str = ""  # "−50" when the rule set has a cut bonus
    one_turn_bonus: str = ""  # "−10" when the rule set scores going down and out in one turn
    chart_svg: str = ""  # trusted markup made by chart.py (names escaped there)
    # A phase game's: its rows are hands (open-ended), each player's cell has the phase
    # played; ``phases`` lists each phase's contract, in order, for the sheet's key.
    phases: tuple[str, ...] = ()
    hands: int = 0  # hands played (the trophy: "completed all 10 phases in 14 hands")

    @property
    def phased(self) -> bool:
        return bool(self.phases)

    @property
    def point_parts(self) -> tuple[tuple[str, str], ...]:
        """The point table as (cards, points) pairs: ``(("A", "15"), ("2-9", "5"), ...)``."""
        pairs = (part.rpartition(" ") for part in self.point_table.split(" · "))
        return tuple((label, value) for label, _sep, value in pairs)

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def finished(self) -> bool:
        """Every round is played: the sheet is read, not written on, so its score table needs
        no column labels (Points, Total) nor a row to write the places in.

        >>> Sheet("blank", "", "", "", ("Ann",), (), ("",), ("",), "", "", (), "A4",
        ...       "portrait", "").finished
        False
        """
        return bool(self.rows) and all(row.played for row in self.rows)

    @property
    def bought_any(self) -> bool:
        """Whether some player bought cards: the legend then explains the "b2" mark."""
        return any(cell.bought for row in self.rows for cell in row.cells)

    @property
    def page_size(self) -> str:
        return f"{self.paper} {self.orientation}"

    @property
    def density(self) -> str:
        """A class for the stylesheet: ``many`` players, ``some``, or ``few``."""
        count = len(self.players)
        return "few" if count <= 3 else "some" if count <= 5 else "many"


def _round_note(rules: RuleSet, number: int) -> str:
    spec = rules.round(number)
    notes = []
    if spec.all_out:
        notes.append(_("all out, no discard"))
    if not spec.buying_allowed and any(r.buying_allowed for r in rules.rounds):
        notes.append(_("no buying"))
    return "; ".join(notes)


def _empty_row(rules: RuleSet, number: int, players: int) -> Row:
    if rules.phased:  # a hand: no contract of its own (each player plays their phase)
        spec = rules.round(1)
        return Row(number, "", 0, spec.cards_dealt, "", False, (Cell(),) * players)
    spec = rules.round(number)
    return Row(
        number=number,
        contract=spec.contract.describe(words=True),
        min_cards=spec.contract.min_cards,
        cards_dealt=spec.cards_dealt,
        note=_round_note(rules, number),
        played=False,
        cells=(Cell(),) * players,
    )


def _date(moment: datetime | None) -> str:
    return "" if moment is None else day(moment)


def _check_title(title: str | None) -> str:
    if title is None:
        return ""
    text = " ".join("".join(ch for ch in str(title) if ch.isprintable()).split())
    if len(text) > MAX_TITLE_LENGTH:
        raise Invalid(
            _("the title is too long (at most {count} characters)").format(count=MAX_TITLE_LENGTH)
        )
    return text


def _check_names(players: Sequence[str] | int, rules: RuleSet) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise Invalid(_("players must be a number or a list of names"))
    if isinstance(players, int):
        names: tuple[str, ...] = ("",) * players
    else:
        from ..games import clean_name

        # An empty name leaves that seat's name to be written in.
        names = tuple(clean_name(name) if str(name).strip() else "" for name in players)
    rules.check_players(len(names))
    return names


def blank_sheet(
    rules: RuleSet,
    players: Sequence[str] | int,
    paper: str = "A4",
    orientation: str | None = None,
    title: str | None = None,
) -> Sheet:
    """A sheet to fill in by pen for ``players``: a count, or names in seating order (an
    empty name leaves that seat to be written in)."""
    names = _check_names(players, rules)
    count = len(names)
    return Sheet(
        kind="blank",
        title=_check_title(title) or _("{rules} score sheet").format(rules=rules.local_name),
        rules_name=rules.local_name,
        rules_summary=rules.local_summary,
        players=names,
        rows=tuple(
            _empty_row(rules, n, count)
            for n in range(1, _row_count(rules, choose_orientation(count, orientation)) + 1)
        ),
        totals=("",) * count,
        places=("",) * count,
        point_table_name=rules.point_table.local_name,
        point_table=rules.point_table.describe(rules.uses_jokers),
        key_rules=key_rules(rules, count),
        paper=normalize_paper(paper),
        orientation=choose_orientation(count, orientation),
        date="",
        cut_bonus=points_text(rules.cut_bonus) if rules.cut_bonus else "",
        one_turn_bonus=points_text(rules.one_turn_bonus) if rules.one_turn_bonus else "",
        phases=_phases_key(rules),
    )


# A blank phase game's sheet: hand rows to write in (its hands are open-ended; a sheet that
# runs out goes on to a second one). A ten-phase game takes some 15 to 25 hands; a landscape
# page (six players or more) holds fewer rows under its phases' key.
BLANK_HANDS = {"portrait": 20, "landscape": 12}


def _row_count(rules: RuleSet, orientation: str, played: int = 0, finished: bool = False) -> int:
    """The rows of a sheet: a row per round; a phase game's hands played, and (while it goes
    on) rows to write the next ones in, at least :data:`BLANK_HANDS` in all."""
    if not rules.phased:
        return rules.round_count
    return played if finished else max(BLANK_HANDS[orientation], played + 1)


def _phases_key(rules: RuleSet) -> tuple[str, ...]:
    """Each phase's contract, in order (a phase game's; none in a game played in rounds)."""
    if not rules.phased:
        return ()
    return tuple(spec.contract.describe(words=True) for spec in rules.rounds)


def _placings(view: GameView) -> tuple[Placing, ...]:
    went_out = [0] * view.player_count
    for played in view.rounds:
        went_out[played.went_out] += 1
    winners = set(view.winners)
    # Lowest total first; in a phase game, most phases completed first.
    return tuple(
        Placing(
            place=ordinal(s.place),
            name=view.players[s.seat],
            total=points_text(s.total),
            winner=s.seat in winners,
            went_out=went_out[s.seat],
            points=s.total,
            phases=s.completed,
        )
        for s in view.standings
    )


def _game_row(view: GameView, number: int, leaders: set[int]) -> Row:
    """Row ``number`` of a game's sheet: its round as played, or empty but for the dealer."""
    count = view.player_count
    row = _empty_row(view.rules, number, count)
    seats = round_seats(view.first_dealer, number, count)
    if number > len(view.rounds):
        cells = tuple(Cell(dealer=seat == seats.dealer) for seat in range(count))
        return Row(row.number, row.contract, row.min_cards, row.cards_dealt, row.note, False, cells)
    played = view.rounds[number - 1]
    last = number == len(view.rounds)
    cells = tuple(
        Cell(
            points=points_text(entry.points),
            total=points_text(played.running_totals[entry.seat]),
            dealer=entry.seat == seats.dealer,
            went_out=entry.went_out,
            cut=entry.cut_bonus,
            leader=last and entry.seat in leaders,
            bought=entry.bought,
            one_turn=entry.down_and_out,
            phase="" if entry.phase is None else str(entry.phase),
            phase_done=bool(entry.phase_done),
        )
        for entry in played.entries
    )
    return Row(row.number, row.contract, row.min_cards, row.cards_dealt, row.note, True, cells)


def _status(view: GameView) -> str:
    """Where the game stands, above its table."""
    played = len(view.rounds)
    if view.finished:
        return _("Final scores")
    if view.rounds and view.phases is not None:
        return _("After hand {count}").format(count=played)
    if view.rounds:
        return _("After round {count} of {total}").format(
            count=played, total=view.rules.round_count
        )
    return _("Not started yet")


def game_sheet(
    view: GameView, paper: str = "A4", orientation: str | None = None, *, kind: str = "game"
) -> Sheet:
    """The score sheet of a game, filled in as far as it has been played."""
    rules = view.rules
    count = view.player_count
    leaders: set[int] = set(view.leaders)
    layout = choose_orientation(count, orientation)
    row_count = _row_count(rules, layout, len(view.rounds), view.finished)
    rows = [_game_row(view, number, leaders) for number in range(1, row_count + 1)]
    places = {s.seat: ordinal(s.place) for s in view.standings} if view.rounds else {}
    return Sheet(
        kind=kind,
        title=view.display_title,
        rules_name=rules.local_name,
        rules_summary=rules.local_summary,
        players=view.players,
        rows=tuple(rows),
        totals=tuple(points_text(t) for t in view.totals) if view.rounds else ("",) * count,
        places=tuple(places.get(seat, "") for seat in range(count)),
        point_table_name=rules.point_table.local_name,
        point_table=rules.point_table.describe(rules.uses_jokers),
        key_rules=key_rules(rules, count),
        paper=normalize_paper(paper),
        orientation=choose_orientation(count, orientation),
        date=_date(view.finished_at or view.created_at),
        standings=_placings(view) if view.rounds else (),
        winners=tuple(view.players[s] for s in view.winners),
        status=_status(view),
        cut_bonus=points_text(rules.cut_bonus) if rules.cut_bonus else "",
        one_turn_bonus=points_text(rules.one_turn_bonus) if rules.one_turn_bonus else "",
        chart_svg=running_totals_svg(view) if view.rounds else "",
        phases=_phases_key(rules),
        hands=len(view.rounds),
    )


def trophy_sheet(view: GameView, paper: str = "A4") -> Sheet:
    """The winner's sheet: only for a finished game."""
    if not view.finished and view.phases is not None:
        raise Conflict(
            ngettext(
                "the trophy is for a finished game: nobody has completed the last phase yet "
                "({count} hand recorded)",
                "the trophy is for a finished game: nobody has completed the last phase yet "
                "({count} hands recorded)",
                len(view.rounds),
            ).format(count=len(view.rounds))
        )
    if not view.finished:
        played = len(view.rounds)
        raise Conflict(
            ngettext(
                "the trophy is for a finished game: this one has {count} of {total} rounds "
                "recorded",
                "the trophy is for a finished game: this one has {count} of {total} rounds "
                "recorded",
                played,
            ).format(count=played, total=view.rules.round_count)
        )
    return game_sheet(view, paper, "portrait", kind="trophy")
