"""The game pages' forms as typed: the new-game form and a round's entry form.

A form is read from the request as text, kept as typed (a refused form comes back with every
value the person typed), and turned into the game service's types here; the service and the
rules core say what is wrong with the values.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from .. import games
from ..errors import Invalid, NotFound
from ..rules import (
    OPTIONS,
    PRESETS,
    CardParseError,
    Rank,
    RulesError,
    RuleSet,
    RuleViolation,
    parse_cards,
)
from ..rules.document import to_document
from ..rules.language import N_
from ..rules.points import MAX_CARD_POINTS
from ..rules.rulesets import MAX_PLAYERS, MIN_PLAYERS, PhaseOrder
from ..rules.scoring import PlayerResult, score_round
from .builder import chosen_rules
from .numbers import signed_number, whole_number, whole_number_or

DEFAULT_PRESET = "liverpool"
DEFAULT_ROWS = 4


def fresh_key() -> str:
    """A new idempotency key for a form: sending the form twice does its work once."""
    return secrets.token_urlsafe(16)


# Integer options where "none" is a value of its own (no limit), offered as a list (the
# words marked for the catalogues; the form says them in the reader's language).
NONE_CHOICES: dict[str, list[tuple[str, str]]] = {
    "buy_limit": [("none", N_("No limit")), ("0", N_("0 (no buying)"))]
    + [(str(n), str(n)) for n in range(1, 6)],
    "buys_per_turn": [("none", N_("Multiple buys")), ("1", N_("1 (single buy)"))]
    + [(str(n), str(n)) for n in range(2, 5)],
}


# The custom point table's fields: one per rank, and the joker.
CUSTOM_TABLE = "custom"
POINT_LABELS = [rank.label for rank in Rank] + ["Joker"]


@dataclass
class NewGameForm:
    """The new-game form as typed: rows of names in seating order, preset, overrides."""

    title: str = ""
    rows: list[str] = field(default_factory=lambda: [""] * DEFAULT_ROWS)
    preset: str = DEFAULT_PRESET
    dealer: str = ""  # a row index, or "" for cut for deal
    options: dict[str, str] = field(default_factory=dict)  # option name -> text ("" = default)
    points: dict[str, str] = field(default_factory=dict)  # a custom table: label -> text
    key: str = field(default_factory=fresh_key)  # one key per game to start: a retry is a replay

    @classmethod
    def read(cls, form: MultiDict[str, str]) -> NewGameForm:
        rows = [name[:300] for name in form.getlist("player")][:MAX_PLAYERS] or [""] * 2
        return cls(
            title=form.get("title", "")[:300],
            rows=rows,
            preset=form.get("preset", DEFAULT_PRESET),
            dealer=form.get("first_dealer", ""),
            options={name: form.get(f"opt.{name}", "").strip()[:100] for name in OPTIONS},
            points={label: form.get(f"pts.{label}", "").strip()[:20] for label in POINT_LABELS},
            key=form.get("key", "")[:100] or fresh_key(),
        )

    def apply(self, action: str) -> None:
        """A form button: add a row, remove one, move one up or down (dealer moves along)."""
        verb, _, index_text = action.partition("-")
        index = whole_number_or(index_text, -1)
        dealer = whole_number_or(self.dealer)
        if verb == "add" and len(self.rows) < MAX_PLAYERS:
            self.rows.append("")
        elif verb == "remove" and 0 <= index < len(self.rows) and len(self.rows) > MIN_PLAYERS:
            del self.rows[index]
            if dealer is not None:
                dealer = None if dealer == index else dealer - (dealer > index)
        elif verb in ("up", "down") and 0 <= index < len(self.rows):
            other = index - 1 if verb == "up" else index + 1
            if 0 <= other < len(self.rows):
                self.rows[index], self.rows[other] = self.rows[other], self.rows[index]
                if dealer in (index, other):
                    dealer = other if dealer == index else index
        self.dealer = "" if dealer is None else str(dealer)

    @property
    def rules(self) -> RuleSet:
        """The preset chosen, or a rule set saved on this device (``saved:<id>``) or shared
        by link (``shared:<token>``)."""
        return PRESETS.get(self.preset) or chosen_rules(self.preset) or PRESETS[DEFAULT_PRESET]

    def rules_value(self) -> Any:
        """The rules as the game service reads them: a preset's id, or the whole document of
        a saved or shared rule set (the game keeps its own copy). An unknown choice is
        passed on as typed, for the service to refuse."""
        if self.preset in PRESETS:
            return self.preset
        chosen = chosen_rules(self.preset)
        return self.preset if chosen is None else to_document(chosen)

    def parsed_options(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The overrides as typed values, and a message per option that is not readable."""
        values: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for name, text in self.options.items():
            if text == "":
                continue
            kind = OPTIONS[name].kind
            if kind == "table" and text == CUSTOM_TABLE:
                table, table_errors = self.custom_points()
                errors.update(table_errors)
                if table is not None:
                    values[name] = table
                continue
            try:
                values[name] = _option_value(name, kind, text)
            except ValueError as error:
                errors[f"options.{name}"] = str(error)
        return values, errors

    def custom_points(self) -> tuple[dict[str, Any] | None, dict[str, str]]:
        """The custom point table as typed (``{"ranks": {...}, "joker": n}``), a value left
        empty being the rule set's own; and, if some value is not a number of points, a
        message on each such field (``points.<label>``) and one naming them all."""
        table = self.rules.point_table
        defaults = [*table.rank_points, table.joker]
        values: dict[str, int] = {}
        bad: list[str] = []
        for label, default in zip(POINT_LABELS, defaults, strict=True):
            text = self.points.get(label, "")
            number = default if text == "" else whole_number_or(text, None)
            if number is None or not 0 <= number <= MAX_CARD_POINTS:
                bad.append(label)
            else:
                values[label] = number
        if bad:
            errors = {f"points.{label}": "" for label in bad}
            errors["options.points"] = (
                f"Custom points for {' '.join(bad)}: enter whole numbers from 0 to "
                f"{MAX_CARD_POINTS} (left empty: the rule set's value)"
            )
            return None, errors
        joker = values.pop("Joker")
        return {"ranks": values, "joker": joker}, {}

    def kept_rows(self) -> list[int]:
        """Rows with a name typed in: blank rows are left out (a row of invisible characters
        or odd spaces only is blank too: nothing of it is left once the name is cleaned)."""
        return [i for i, name in enumerate(self.rows) if games.normal_name(name)]


def _option_value(name: str, kind: str, text: str) -> Any:
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError("choose yes or no")
        return text == "true"
    if kind == "int":
        if name in NONE_CHOICES and text == "none":
            return None
        try:
            return signed_number(text)
        except ValueError:
            raise ValueError("enter a whole number") from None
    if kind == "ints":
        parts = [p for p in re.split(r"[\s,;]+", text) if p]
        numbers = [whole_number_or(p) for p in parts]
        if not numbers or any(n is None or n > 999 for n in numbers):
            raise ValueError("enter a number of cards, or one number per round")
        return numbers[0] if len(numbers) == 1 else numbers
    return text  # choice, point table: the rules core checks the name


@dataclass
class EntryForm:
    """A round's entry form: one row per seat, as typed, with messages by seat.

    In a phase game each row also says whether the player completed their phase (the
    checkbox ``phase_done-<seat>``; left unticked: not completed, but for the player who
    went out, who always has) and, with the phases in any order, which phase
    (``phase-<seat>``): a phase chosen is a phase completed, so one control may say both.
    A phase tried but not completed, as the API may record it (any order), rides along in
    an edit as ``phase_tried-<seat>`` so that saving the edit keeps it. Where the rules score
    going down and out in one turn, each row has that mark too (``down_and_out-<seat>``;
    the rules core refuses it on a player who did not go out).
    """

    number: int
    version: int  # the game's version (new round) or the round's version (edit)
    editing: bool = False
    out: str = ""  # the seat that went out, as typed
    points: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)
    cut_bonus: bool = False
    phase_done: list[bool] = field(default_factory=list)  # a phase game's, by seat
    phase: list[str] = field(default_factory=list)  # the phase completed, as typed (any order)
    tried: list[str] = field(default_factory=list)  # a phase played, not completed (any order)
    down_and_out: list[bool] = field(default_factory=list)  # went out in one turn, by seat
    errors: dict[int, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)
    key: str = field(default_factory=fresh_key)

    @classmethod
    def blank(cls, view: games.GameView) -> EntryForm:
        n = view.player_count
        return cls(view.next_round or 0, view.version, points=[""] * n, cards=[""] * n,
                   bought=[""] * n, phase_done=[False] * n, phase=[""] * n,
                   down_and_out=[False] * n)  # fmt: skip

    @classmethod
    def of_round(cls, view: games.GameView, number: int) -> EntryForm:
        """A recorded round, prefilled for editing."""
        if not 1 <= number <= len(view.rounds):
            raise NotFound(f"round {number} has not been played yet")
        played = view.rounds[number - 1]
        entries = played.entries
        return cls(
            number,
            played.version,
            editing=True,
            out=str(played.went_out),
            points=[
                "" if e.went_out or e.cards is not None else str(e.hand_points) for e in entries
            ],
            down_and_out=[e.down_and_out for e in entries],
            cards=[e.cards_text or "" for e in entries],
            bought=[str(e.bought) if e.bought else "" for e in entries],
            cut_bonus=played.cut_bonus,
            phase_done=[bool(e.phase_done) for e in entries],
            phase=[str(e.phase) if e.phase_done and _said(view) else "" for e in entries],
            tried=[
                str(e.phase) if _said(view) and not e.phase_done and e.phase else ""
                for e in entries
            ],
        )

    @classmethod
    def of_undone(cls, view: games.GameView, before: Any) -> EntryForm:
        """The next round's form filled with what its undo removed: the history's record of
        it, by player (the points with the cut bonus in them, went out, cards, bought). The
        record may have come in an imported file: what does not read as such is left blank."""
        entry = cls.blank(view)
        record = before if isinstance(before, dict) else {}
        results = record.get("results")
        results = results if isinstance(results, dict) else {}
        entry.cut_bonus = record.get("cut_bonus") is True
        cutter = view.seats_for(entry.number).cutter
        for seat, name in enumerate(view.players):
            was = results.get(name)
            was = was if isinstance(was, dict) else {}
            if was.get("went_out") is True:
                entry.out = str(seat)
            cards, points, bought = was.get("cards"), was.get("points"), was.get("bought")
            entry.cards[seat] = cards[:400] if isinstance(cards, str) else ""
            bought = bought if type(bought) is int and bought > 0 else 0
            if type(points) is int and not entry.cards[seat] and entry.out != str(seat):
                bonus = view.rules.cut_bonus if entry.cut_bonus and seat == cutter else 0
                bonus += view.rules.buy_points * bought  # typed: the hand's points alone
                entry.points[seat] = str(points - bonus)
            entry.bought[seat] = str(bought) if bought else ""
            entry.down_and_out[seat] = was.get("down_and_out") is True
            entry.phase_done[seat] = was.get("phase_done") is True
            phase = was.get("phase")
            if type(phase) is int and entry.phase_done[seat] and _said(view):
                entry.phase[seat] = str(phase)
        return entry

    @classmethod
    def read(cls, form: MultiDict[str, str], view: games.GameView, number: int) -> EntryForm:
        n = view.player_count
        return cls(
            number,
            form.get("version", type=whole_number) or 0,
            out=form.get("out", ""),
            points=[form.get(f"points-{s}", "").strip()[:20] for s in range(n)],
            cards=[form.get(f"cards-{s}", "").strip()[:400] for s in range(n)],
            bought=[form.get(f"bought-{s}", "").strip()[:10] for s in range(n)],
            cut_bonus=form.get("cut_bonus") == "on",
            key=form.get("key", "")[:100],
            phase_done=[form.get(f"phase_done-{s}") == "on" for s in range(n)],
            phase=[form.get(f"phase-{s}", "").strip()[:10] for s in range(n)],
            tried=[form.get(f"phase_tried-{s}", "").strip()[:10] for s in range(n)],
            down_and_out=[form.get(f"down_and_out-{s}") == "on" for s in range(n)],
        )

    def round_input(self, view: games.GameView) -> games.RoundInput:
        """The service's input; unreadable cards are refused here, everything else there
        (cards the game's decks do not hold too: the rules core checks that once).

        Typed points and buys that are not whole numbers are passed on as typed, so the
        rules core words the message.
        """
        results: list[PlayerResult] = []
        for seat, name in enumerate(view.players):
            cards = None
            if self.cards[seat]:
                try:
                    cards = parse_cards(self.cards[seat]) or None
                except CardParseError as error:
                    self.errors.setdefault(seat, []).append(f"{name}: {error.message}")
            points: Any = None
            if cards is None and self.points[seat]:
                points = _number_or_text(self.points[seat], signed_number)
            bought: Any = 0
            if self.bought[seat]:
                bought = _number_or_text(self.bought[seat], whole_number)
            done, phase = self._phase_of(view, seat)
            results.append(
                PlayerResult(
                    went_out=self.out == str(seat), points=points, cards=cards, bought=bought,
                    phase_done=done, phase=phase, down_and_out=self._down_and_out(seat),
                )
            )  # fmt: skip
        entry = games.RoundInput(tuple(results), cut_bonus=self.cut_bonus)
        if self.errors:
            self._check_others(view, entry)
        return entry

    def _down_and_out(self, seat: int) -> bool:
        return seat < len(self.down_and_out) and self.down_and_out[seat]

    def _phase_of(self, view: games.GameView, seat: int) -> tuple[bool | None, Any]:
        """A phase game's phase done (None: not ticked, which the service reads as not done,
        or done for the player who went out) and phase (any order: a number, or the text as
        typed for the rules core to word what is wrong); None and None in a game played in
        rounds, whose form has neither."""
        if not view.rules.phased:
            return None, None
        ticked = seat < len(self.phase_done) and self.phase_done[seat]
        typed = self.phase[seat] if seat < len(self.phase) and _said(view) else ""
        phase = _number_or_text(typed, whole_number) if typed else None
        if ticked or typed:
            return True, phase
        tried = self.tried[seat] if seat < len(self.tried) and _said(view) else ""
        if tried and self.out != str(seat):  # kept as recorded: played, not completed
            return False, _number_or_text(tried, whole_number)
        return None, None

    def _check_others(self, view: games.GameView, entry: games.RoundInput) -> None:
        """With unreadable cards refused, still name every other problem in one go."""
        stand_in = PlayerResult(points=0)
        results = [stand_in if s in self.errors else r for s, r in enumerate(entry.results)]
        try:
            score_round(view.rules, self.number, results, first_dealer=view.first_dealer,
                        cut_bonus=entry.cut_bonus, names=view.players)  # fmt: skip
        except RulesError as error:
            problems = error.problems if isinstance(error, RuleViolation) else []
            refused = set(self.errors)
            for problem in problems:
                if problem.meld is None:
                    self.general.append(problem.message)
                elif problem.meld not in refused:
                    self.errors.setdefault(problem.meld, []).append(problem.message)

    def refuse(self, error: Invalid, view: games.GameView) -> None:
        """Put the service's messages next to the players they are about."""
        details = error.details if isinstance(error.details, list) else []
        for problem in details:
            player = problem.get("player") if isinstance(problem, dict) else None
            message = problem.get("message", "") if isinstance(problem, dict) else str(problem)
            if player in view.players:
                self.errors.setdefault(view.players.index(player), []).append(message)
            else:
                self.general.append(message)
        if not details:
            self.general.append(error.message)

    def restamp(self, version: int) -> None:
        """Keep the typed values, with a fresh key and the version now current."""
        self.version = version
        self.key = fresh_key()


def _said(view: games.GameView) -> bool:
    """Does round entry say which phase each player completed (phases in any order)?"""
    return view.rules.phase_order == PhaseOrder.ANY


def _number_or_text(text: str, parse: Callable[[str], int]) -> int | str:
    """A typed number, or the text as typed: the rules core then says what is wrong with it."""
    try:
        return parse(text)
    except ValueError:
        return text
