"""The game pages: start a game, score it round by round, fix mistakes, watch, join.

Terms:

- An **editor** is a device holding an edit grant for the game (see :mod:`.access`); anyone
  else with the link sees the same page read-only, with a form to join by code.
- The **game body** (``games/_game_body.html``) is the part of the game page that changes
  when a round is saved: the round at a glance, the score table, and the entry form (or the
  final standings). htmx forms on the page swap it as a whole.
- An **entry form** carries a fresh idempotency key (a double tap records the round once)
  and the version it was rendered from (a stale form gets a 409 and the fresh values).

Views stay thin: they read the form into the service's types, call :mod:`scorekeeper.games`
(which validates with the rules core and raises ``Invalid``/``Conflict``/``Forbidden``), commit,
and render. Form values are never lost: a refused form comes back as typed, with each message
next to its field.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from .. import games, ratelimit
from ..db import begin_write, get_engine, get_session
from ..errors import Conflict, Invalid, KeyReused, NotFound
from ..rules import (
    OPTIONS,
    POINT_TABLES,
    PRESETS,
    CardParseError,
    Rank,
    RulesError,
    RuleSet,
    RuleViolation,
    parse_cards,
)
from ..rules.rulesets import MAX_PLAYERS, MIN_PLAYERS
from ..rules.scoring import PlayerResult, score_round
from . import access
from .htmx import is_htmx, render
from .numbers import signed_number, whole_number, whole_number_or
from .security import no_store

bp = Blueprint("games", __name__, url_prefix="/games")

DEFAULT_PRESET = "liverpool"
DEFAULT_ROWS = 4
HOME_GAMES = 100  # the newest games of this device listed on the home page
GAME_ID = re.compile(r"(?:^|/games/)([A-Za-z0-9_-]{16,32})(?:[/?#]|$)")


@bp.app_context_processor
def _endpoints() -> dict[str, Any]:
    def has_endpoint(name: str) -> bool:
        """Links to blueprints that may not be installed yet (printing, referee)."""
        return name in current_app.view_functions

    return {
        "has_endpoint": has_endpoint,
        "point_values": point_values,
        "fresh_key": _fresh_key,
    }


def point_values(rules: RuleSet) -> dict[str, int]:
    """What each card scores under the game's point table, for the card picker's live sum."""
    table = rules.point_table
    return {rank.label: table.value_of(rank) for rank in Rank} | {"JK": table.joker}


def _redirect(url: str) -> Response:
    """Go to ``url``: a 303 for plain and boosted forms, ``HX-Redirect`` for htmx forms."""
    if is_htmx():
        response = make_response("", 200)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)


def _fresh_key() -> str:
    return secrets.token_urlsafe(16)


# --- home -----------------------------------------------------------------------------------


def home_context() -> dict[str, Any]:
    """The home page's games: those this device created or joined, newest first."""
    found = games.list_games(get_session(), ids=access.game_ids(HOME_GAMES), limit=HOME_GAMES)
    return {
        "in_progress": [g for g in found if not g.finished],
        "finished": [g for g in found if g.finished],
        "presets": PRESETS,
    }


@bp.get("/open")
def open_link() -> Response:
    """Open a game from a pasted link (or bare id) on this device."""
    text = (request.args.get("link") or "").strip()
    match = GAME_ID.search(text)
    if match is None:
        raise Invalid(
            "That is not a game link. Paste the whole link, like "
            + url_for("games.show", game_id="…", _external=True)
        )
    game_id = match.group(1)
    code = re.search(r"[?&]code=([A-Za-z0-9]{4,12})", text)
    if code:
        return redirect(url_for("games.join_confirm", game_id=game_id, code=code.group(1)), 303)
    return redirect(url_for("games.show", game_id=game_id), 303)


# --- new game -------------------------------------------------------------------------------

# Integer options where "none" is a value of its own (no limit), offered as a list.
NONE_CHOICES: dict[str, list[tuple[str, str]]] = {
    "buy_limit": [("none", "No limit"), ("0", "0 (no buying)")]
    + [(str(n), str(n)) for n in range(1, 6)],
    "buys_per_turn": [("none", "Multiple buys"), ("1", "1 (single buy)")]
    + [(str(n), str(n)) for n in range(2, 5)],
}


@dataclass
class NewGameForm:
    """The new-game form as typed: rows of names in seating order, preset, overrides."""

    title: str = ""
    rows: list[str] = field(default_factory=lambda: [""] * DEFAULT_ROWS)
    preset: str = DEFAULT_PRESET
    dealer: str = ""  # a row index, or "" for cut for deal
    options: dict[str, str] = field(default_factory=dict)  # option name -> text ("" = default)
    key: str = field(default_factory=_fresh_key)  # one key per game to start: a retry is a replay

    @classmethod
    def read(cls, form: MultiDict[str, str]) -> NewGameForm:
        rows = [name[:300] for name in form.getlist("player")][:MAX_PLAYERS] or [""] * 2
        return cls(
            title=form.get("title", "")[:300],
            rows=rows,
            preset=form.get("preset", DEFAULT_PRESET),
            dealer=form.get("first_dealer", ""),
            options={name: form.get(f"opt.{name}", "").strip()[:100] for name in OPTIONS},
            key=form.get("key", "")[:100] or _fresh_key(),
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
        return PRESETS.get(self.preset, PRESETS[DEFAULT_PRESET])

    def parsed_options(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The overrides as typed values, and a message per option that is not readable."""
        values: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for name, text in self.options.items():
            if text == "":
                continue
            kind = OPTIONS[name].kind
            try:
                values[name] = _option_value(name, kind, text)
            except ValueError as error:
                errors[f"options.{name}"] = str(error)
        return values, errors

    def kept_rows(self) -> list[int]:
        """Rows with a name typed in: blank rows are left out."""
        return [i for i, name in enumerate(self.rows) if name.strip()]


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


def _render_new(
    form: NewGameForm, errors: Mapping[str, str] | None = None, status: int = 200
) -> Response:
    return render(
        "games/new.html",
        "games/_new_form.html",
        status=status,
        form=form,
        errors=dict(errors or {}),
        options_open=any(key.startswith("options") for key in errors or {}),
        presets=PRESETS,
        options=OPTIONS,
        point_tables=POINT_TABLES,
        none_choices=NONE_CHOICES,
        recent_names=games.recent_player_names(get_session(), access.game_ids()),
        max_players=MAX_PLAYERS,
        min_players=MIN_PLAYERS,
    )


@bp.get("/new")
def new() -> Response:
    form = NewGameForm()
    if request.args.get("preset") in PRESETS:
        form.preset = request.args["preset"]
    return _render_new(form)


@bp.post("/new")
def create() -> Response:
    """Create the game, or (for the form's other buttons) show the form changed."""
    form = NewGameForm.read(request.form)
    action = request.form.get("action", "create")
    if action != "create":
        form.apply(action)
        return _render_new(form)
    options, errors = form.parsed_options()
    kept = form.kept_rows()
    names = [form.rows[i] for i in kept]
    dealer: int | None = None
    if form.dealer != "":
        row = whole_number_or(form.dealer)
        dealer = kept.index(row) if row in kept else -1
    args: dict[str, Any] = {
        "preset": form.preset,
        "players": names,
        "options": options,
        "title": form.title,
        "first_dealer": dealer,
    }
    session = get_session()
    try:
        if errors:
            games.validate_new_game(**args)
            raise Invalid("check the house rules", {})
        view, _token = games.create_game(
            session, **args, actor=access.CREATOR_LABEL, idempotency_key=form.key,
            client=access.client_id(), device=access.device_id(), label=access.CREATOR_LABEL,
        )  # fmt: skip
    except KeyReused as error:
        session.rollback()
        form.key = _fresh_key()  # the values as typed stay; pressing Start again starts a game
        return _render_new(form, {"form": _REUSED_FORM + " " + error.message}, status=422)
    except Invalid as error:
        session.rollback()
        details = dict(error.details) if isinstance(error.details, dict) else {}
        if "rules" in details and form.preset in PRESETS:
            details["options"] = details.pop("rules")  # the preset is fine: an override is not
        for key, message in details.items():
            match = re.fullmatch(r"players\.(\d+)", key)
            if match and int(match.group(1)) < len(kept):
                key = f"players.{kept[int(match.group(1))]}"
            errors.setdefault(key, message)
        if not errors:
            errors["form"] = error.message
        return _render_new(form, errors, status=400)
    session.commit()
    return _redirect(url_for("games.show", game_id=view.id))


_REUSED_FORM = "This form had already started a game with other names or rules."


# --- the game page --------------------------------------------------------------------------


@dataclass
class EntryForm:
    """A round's entry form: one row per seat, as typed, with messages by seat."""

    number: int
    version: int  # the game's version (new round) or the round's version (edit)
    editing: bool = False
    out: str = ""  # the seat that went out, as typed
    points: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)
    cut_bonus: bool = False
    errors: dict[int, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)
    key: str = field(default_factory=_fresh_key)

    @classmethod
    def blank(cls, view: games.GameView) -> EntryForm:
        n = view.player_count
        return cls(view.next_round or 0, view.version, points=[""] * n, cards=[""] * n,
                   bought=[""] * n)  # fmt: skip

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
            cards=[e.cards_text or "" for e in entries],
            bought=[str(e.bought) if e.bought else "" for e in entries],
            cut_bonus=played.cut_bonus,
        )

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
        )

    def round_input(self, view: games.GameView) -> games.RoundInput:
        """The service's input; unreadable cards are refused here, everything else there.

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
            results.append(
                PlayerResult(
                    went_out=self.out == str(seat), points=points, cards=cards, bought=bought
                )
            )
        entry = games.RoundInput(tuple(results), cut_bonus=self.cut_bonus)
        if self.errors:
            self._check_others(view, entry)
        return entry

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
        self.key = _fresh_key()


def _number_or_text(text: str, parse: Callable[[str], int]) -> int | str:
    """A typed number, or the text as typed: the rules core then says what is wrong with it."""
    try:
        return parse(text)
    except ValueError:
        return text


def _notice(view: games.GameView, kind: str, number: int) -> dict[str, Any] | None:
    """The confirmation after a change: each player's "+N this round"."""
    if kind == "undone":
        return {"kind": kind, "number": number, "lines": []}
    if not 1 <= number <= len(view.rounds):
        return None
    played = view.rounds[number - 1]
    lines = [
        {
            "name": view.players[e.seat],
            "points": e.points,
            "went_out": e.went_out,
            "cut_bonus": e.cut_bonus,
        }
        for e in played.entries
    ]
    return {"kind": kind, "number": number, "lines": lines}


def _share(view: games.GameView) -> dict[str, Any]:
    """The join code and a QR code of the join link (inline SVG, no style attributes)."""
    join_url = url_for("games.join_confirm", game_id=view.id, code=view.join_code, _external=True)
    svg = segno.make(join_url, error="m").svg_inline(
        scale=4, border=4, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff"
    )
    return {"join_url": join_url, "qr_svg": Markup(svg)}


def _game_context(
    view: games.GameView,
    editor: bool,
    *,
    entry: EntryForm | None = None,
    notice: dict[str, Any] | None = None,
    conflict: str | None = None,
    join_error: str | None = None,
) -> dict[str, Any]:
    if entry is None and editor and not view.finished:
        entry = EntryForm.blank(view)
    context: dict[str, Any] = {
        "game": view,
        "editor": editor,
        "entry": entry,
        "notice": notice,
        "conflict": conflict,
        "join_error": join_error,
        "join_code_value": "",
    }
    if editor:
        context.update(_share(view))
    return context


def _show(view: games.GameView, status: int = 200, **extra: Any) -> Response:
    editor = extra.pop("editor", None)
    if editor is None:
        editor = access.can_edit(view.id)
    response = render(
        "games/show.html",
        "games/_game_body.html",
        status=status,
        **_game_context(view, editor, **extra),
    )
    return no_store(response) if editor else response  # an editor's page shows the join code


@bp.get("/<game_id>")
def show(game_id: str) -> Response:
    view = games.load_game(get_session(), game_id)
    notice = None
    for kind in ("saved", "edited", "undone"):
        number = request.args.get(kind, type=whole_number)
        if number is not None:
            notice = _notice(view, kind, number)
    return _show(view, notice=notice, entry=_entry_with_hand(view))


def _entry_with_hand(view: games.GameView) -> EntryForm | None:
    """The round entry prefilled with a hand from the referee (``?player=N&cards=...``)."""
    seat = request.args.get("player", type=whole_number)
    cards = request.args.get("cards", "")[:400]
    if seat is None or not cards or view.finished or not 0 <= seat < view.player_count:
        return None
    try:
        parse_cards(cards)
    except RulesError:
        return None
    entry = EntryForm.blank(view)
    entry.cards[seat] = cards
    return entry


@bp.post("/<game_id>/rounds")
def add_round(game_id: str) -> Response:
    """Record the next round. Refused entries come back as typed, with messages."""
    session = get_session()
    actor = access.require_edit(game_id)
    view = games.load_game(session, game_id)
    number = request.form.get("round", type=whole_number) or 0
    entry = EntryForm.read(request.form, view, number)
    round_input = entry.round_input(view)
    if entry.errors:
        session.rollback()
        entry.restamp(view.version)
        return _show(view, 400, editor=True, entry=entry)
    session.rollback()  # end the reads: the service checks again and takes the write lock
    try:
        saved, created = games.add_round(
            session, game_id, number, round_input,
            expected_version=entry.version or None, idempotency_key=entry.key or None,
            client=access.client_id(), actor=actor,
        )  # fmt: skip
    except (Conflict, KeyReused) as error:
        session.rollback()
        fresh = games.load_game(session, game_id)
        if fresh.next_round == number:
            entry.restamp(fresh.version)
        else:
            entry = None
        return _show(fresh, error.status, editor=True, entry=entry, conflict=error.message)
    except Invalid as error:
        session.rollback()
        entry.refuse(error, view)
        entry.restamp(view.version)
        return _show(view, 400, editor=True, entry=entry)
    session.commit()
    if not is_htmx():
        return redirect(url_for("games.show", game_id=game_id, saved=number), 303)
    notice = _notice(saved, "saved" if created else "already", number)
    return _show(saved, editor=True, notice=notice)


@bp.get("/<game_id>/rounds/<int:number>/edit")
def edit_round(game_id: str, number: int) -> Response:
    access.require_edit(game_id)
    view = games.load_game(get_session(), game_id)
    entry = EntryForm.of_round(view, number)
    return render("games/edit_round.html", "games/_entry_form.html", game=view, entry=entry)


@bp.post("/<game_id>/rounds/<int:number>")
def replace_round(game_id: str, number: int) -> Response:
    """Save an edited round; a round changed elsewhere meanwhile gives a 409 and fresh values."""
    session = get_session()
    actor = access.require_edit(game_id)
    view = games.load_game(session, game_id)
    entry = EntryForm.read(request.form, view, number)
    entry.editing = True
    round_input = entry.round_input(view)

    def again(game: games.GameView, form: EntryForm, status: int, conflict: str = "") -> Response:
        return render(
            "games/edit_round.html", "games/_entry_form.html", status=status,
            game=game, entry=form, conflict=conflict,
        )  # fmt: skip

    if entry.errors:
        session.rollback()
        entry.key = _fresh_key()
        return again(view, entry, 400)
    session.rollback()  # end the reads: the service checks again and takes the write lock
    try:
        games.replace_round(
            session, game_id, number, round_input,
            expected_version=entry.version or None, idempotency_key=entry.key or None,
            client=access.client_id(), actor=actor,
        )  # fmt: skip
    except Conflict as error:
        session.rollback()
        fresh = games.load_game(session, game_id)
        return again(fresh, EntryForm.of_round(fresh, number), 409, error.message)
    except KeyReused as error:
        session.rollback()
        entry.key = _fresh_key()  # the values as typed stay: saving again saves them
        return again(view, entry, error.status, error.message)
    except Invalid as error:
        session.rollback()
        entry.refuse(error, view)
        entry.key = _fresh_key()
        return again(view, entry, 400)
    session.commit()
    return _redirect(url_for("games.show", game_id=game_id, edited=number))


@bp.get("/<game_id>/undo")
def undo_confirm(game_id: str) -> Response:
    access.require_edit(game_id)
    view = games.load_game(get_session(), game_id)
    if not view.rounds:
        raise Invalid("No round has been recorded yet, so there is nothing to undo.")
    return render("games/undo.html", game=view, last=view.rounds[-1])


@bp.post("/<game_id>/undo")
def undo(game_id: str) -> Response:
    session = get_session()
    actor = access.require_edit(game_id)
    number = request.form.get("round", type=whole_number)
    session.rollback()  # end the reads: the service checks again and takes the write lock
    try:
        games.undo_last_round(
            session, game_id, number,
            expected_version=request.form.get("version", type=whole_number), actor=actor,
        )  # fmt: skip
    except Conflict as error:
        session.rollback()
        fresh = games.load_game(session, game_id)
        if not fresh.rounds:
            raise
        return render(
            "games/undo.html", status=409, game=fresh, last=fresh.rounds[-1],
            conflict=error.message,
        )  # fmt: skip
    session.commit()
    return _redirect(url_for("games.show", game_id=game_id, undone=number or 0))


@bp.get("/<game_id>/history")
def history(game_id: str) -> Response:
    session = get_session()
    lines = games.history(session, game_id)
    view = games.load_game(session, game_id)
    return render("games/history.html", game=view, lines=lines)


@bp.post("/<game_id>/play-again")
def play_again(game_id: str) -> Response:
    session = get_session()
    begin_write(session)
    access.require_edit(game_id)
    view, _token = games.play_again(
        session,
        game_id,
        actor=access.CREATOR_LABEL,
        idempotency_key=request.form.get("key", "")[:100] or None,
        client=access.client_id(),
        device=access.device_id(),
        label=access.CREATOR_LABEL,
    )
    session.commit()
    return _redirect(url_for("games.show", game_id=view.id))


# --- watching -------------------------------------------------------------------------------


@bp.get("/<game_id>/watch")
def watch(game_id: str) -> Response:
    view = games.load_game(get_session(), game_id)
    return render("games/watch.html", game=view)


# Rendered scoreboard fragments by (game, version): the same for every viewer (no per-user
# content), so every screen watching a game costs one render per change, per process. The
# version is read from the database on each request, so several processes stay correct.
_BOARD_CACHE: OrderedDict[tuple[str, int], str] = OrderedDict()
_BOARD_CACHE_SIZE = 256
# Versions being rendered: the screens that ask for one meanwhile wait for that render
# rather than each making its own (after a change, every screen asks at about the same time).
_BOARD_RENDERING: dict[tuple[str, int], threading.Event] = {}
_BOARD_WAIT_SECONDS = 2.0
_board_lock = threading.Lock()


def _board_fragment(session: Any, game_id: str, version: int) -> str:
    key = (game_id, version)
    with _board_lock:
        cached = _cached_board(key)
        if cached is not None:
            return cached
        rendering = _BOARD_RENDERING.get(key)
        mine = rendering is None
        if rendering is None:
            rendering = _BOARD_RENDERING[key] = threading.Event()
    if not mine:
        # Another screen's request renders this version: take its result. If it could not
        # be cached (the game changed meanwhile) or is slow, render it here as well.
        rendering.wait(_BOARD_WAIT_SECONDS)
        with _board_lock:
            cached = _cached_board(key)
        if cached is not None:
            return cached
    try:
        view = games.load_game(session, game_id)
        html = render_template("games/_watch_board.html", game=view)
        if view.version == version:
            with _board_lock:
                _BOARD_CACHE[key] = html
                while len(_BOARD_CACHE) > _BOARD_CACHE_SIZE:
                    _BOARD_CACHE.popitem(last=False)
    finally:
        if mine:
            with _board_lock:
                del _BOARD_RENDERING[key]
            rendering.set()
    return html


def _cached_board(key: tuple[str, int]) -> str | None:
    """The cached fragment for ``key`` (call with ``_board_lock`` held)."""
    cached = _BOARD_CACHE.get(key)
    if cached is not None:
        _BOARD_CACHE.move_to_end(key)
    return cached


@bp.get("/<game_id>/watch/board")
def watch_board(game_id: str) -> Response:
    """The scoreboard fragment the watch page polls. Unchanged game: an empty answer.

    The page asks with ``v`` (the version it shows): the same version gets a 204, which htmx
    leaves alone. A conditional request (``If-None-Match``) gets a 304. Either costs one
    primary-key lookup of the version (no ORM session); only a changed game is loaded, and
    rendered once per version.
    """
    version = games.current_version(get_engine(), game_id)
    if version is None:
        raise NotFound()
    etag = f"v{version}-{'f' if is_htmx() else 'p'}"
    if etag in request.if_none_match:
        response = make_response("", 304)
    elif request.args.get("v", type=whole_number) == version:
        response = make_response("", 204)
    elif is_htmx():
        response = make_response(_board_fragment(get_session(), game_id, version))
    else:
        view = games.load_game(get_session(), game_id)
        response = render("games/watch.html", "games/_watch_board.html", game=view)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("HX-Request")
    return response


# --- joining --------------------------------------------------------------------------------


@bp.get("/<game_id>/join")
def join_confirm(game_id: str) -> Response:
    """The QR code's link: one tap to confirm (a GET never grants anything)."""
    view = games.load_game(get_session(), game_id)
    code = re.sub(r"[^A-Za-z0-9]", "", request.args.get("code", ""))[:12]
    page = render(
        "games/join.html", game=view, editor=access.can_edit(game_id), join_code_value=code
    )
    return no_store(page)


@bp.post("/<game_id>/join")
def join(game_id: str) -> Response:
    """Check the join code (rate limited) and keep an edit grant in this device's cookie."""
    session = get_session()
    code = request.form.get("code", "")[:40]
    try:
        ratelimit.check_join_attempt()  # counted first, even for a game that is not
        games.join(session, game_id, code, device=access.device_id())
    except (ratelimit.TooManyAttempts, games.Forbidden) as error:
        session.rollback()
        view = games.load_game(session, game_id)
        return render(
            "games/join.html", "games/_join.html", status=error.status, game=view,
            editor=False, join_error=error.message, join_code_value=code,
        )  # fmt: skip
    session.commit()
    return _redirect(url_for("games.show", game_id=game_id))


@bp.post("/<game_id>/join-code")
def new_join_code(game_id: str) -> Response:
    """Give the game a new join code (the old one stops working; devices keep their rights)."""
    session = get_session()
    actor = access.require_edit(game_id)
    session.rollback()  # end the reads: the service takes the write lock
    games.rotate_join_code(session, game_id, actor)
    session.commit()
    return _redirect(url_for("games.show", game_id=game_id, _anchor="share"))


# --- devices that may edit --------------------------------------------------------------------


@bp.get("/<game_id>/devices")
def devices(game_id: str) -> Response:
    """Every device (and API client) that may enter rounds, each with a button to remove it."""
    access.require_edit(game_id)
    session = get_session()
    view = games.load_game(session, game_id)
    grants = games.edit_grants(session, game_id, device=access.device_id())
    removed = request.args.get("removed", "")[:80]
    return no_store(render("games/devices.html", game=view, grants=grants, removed=removed))


@bp.post("/<game_id>/devices/<ref>/remove")
def remove_device(game_id: str, ref: str) -> Response:
    session = get_session()
    actor = access.require_edit(game_id)
    session.rollback()  # end the reads: the service takes the write lock
    gone = games.revoke_grant(session, game_id, ref[:40], actor, device=access.device_id())
    session.commit()
    if gone.yours:  # this device has just given up its own rights: back to watching
        return _redirect(url_for("games.show", game_id=game_id))
    return _redirect(url_for("games.devices", game_id=game_id, removed=gone.label))


def format_points(points: int) -> str:
    """``+40``, ``+0``, ``−50`` (a real minus sign)."""
    return f"+{points}" if points >= 0 else f"−{-points}"


@bp.app_template_filter("signed")
def _signed(points: int) -> str:
    return format_points(points)


@bp.app_template_filter("pretty_cards")
def _pretty_cards(text: str | None) -> Markup:
    """Cards written ``AH 7C JK`` as coloured ``A♥ 7♣ Joker`` chips (escaped)."""
    if not text:
        return Markup("")
    try:
        cards = parse_cards(text)
    except CardParseError:
        return Markup.escape(text)
    return Markup(render_template("games/_cards.html", cards=cards))


__all__ = ["bp", "home_context"]
