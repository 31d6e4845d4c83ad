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
(which validates with the rules core, raises ``Invalid``/``Conflict``/``Forbidden``, and
commits or rolls back each change itself: views never manage transactions), and render.
Form values are never lost: a refused form comes back as typed, with each message next to
its field. The forms are in :mod:`.forms`; joining, devices and the QR code in :mod:`.sharing`.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from cachetools import LRUCache
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

from .. import games, ratelimit
from ..db import get_engine, get_session
from ..errors import Conflict, GameError, Invalid, KeyReused, NotFound
from ..games.groups import get_group
from ..games.phase_rounds import said
from ..rules import (
    OPTIONS,
    POINT_TABLES,
    PRESETS,
    CardParseError,
    Rank,
    RulesError,
    RuleSet,
    parse_cards,
)
from ..rules.language import N_
from ..rules.points import SKIP_POINTS
from ..rules.rulesets import MAX_PLAYERS, MIN_PLAYERS
from . import access, language
from .builder import chosen_rules
from .forms import NONE_CHOICES, POINT_LABELS, EntryForm, NewGameForm, fresh_key
from .groups import form_group
from .htmx import is_htmx, redirect_to, render
from .links import game_in
from .numbers import whole_number, whole_number_or
from .phasehands import phase_in_hand, phases_open
from .rulebook import rulebook
from .security import no_store

bp = Blueprint("games", __name__, url_prefix="/games")

HOME_GAMES = 100  # the newest games of this device listed on the home page


@bp.app_context_processor
def _endpoints() -> dict[str, Any]:
    def has_endpoint(name: str) -> bool:
        """Links to blueprints that may not be installed yet (printing, referee)."""
        return name in current_app.view_functions

    return {
        "has_endpoint": has_endpoint,
        "point_values": point_values,
        "fresh_key": fresh_key,
    }


def point_values(rules: RuleSet) -> dict[str, int]:
    """What each card scores under the game's point table, for the card picker's live sum."""
    table = rules.point_table
    joker = SKIP_POINTS if rules.jokers_as_skips else table.joker
    return {rank.label: table.value_of(rank) for rank in Rank} | {"JK": joker}


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
    found = game_in(request.args.get("link") or "")
    if found is None:
        raise Invalid(
            "That is not a game link. Paste the whole link, like "
            + url_for("games.show", game_id="…", _external=True)
        )
    game_id, code = found
    if code is not None:
        return make_response(
            redirect(url_for("sharing.join_confirm", game_id=game_id, code=code), 303)
        )
    return make_response(redirect(url_for("games.show", game_id=game_id), 303))


# --- new game -------------------------------------------------------------------------------


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
        point_labels=POINT_LABELS,
        recent_names=games.recent_player_names(get_session(), access.game_ids()),
        group=form_group(),  # a game started from a group's page offers its people
        max_players=MAX_PLAYERS,
        min_players=MIN_PLAYERS,
    )


@bp.get("/new")
def new() -> Response:
    form = NewGameForm()
    picked = [name.strip()[:200] for name in request.args.getlist("player") if name.strip()]
    if picked:  # the players ticked on a group's page
        form.rows = picked[:MAX_PLAYERS] + [""] * (MIN_PLAYERS - len(picked))
    choice = request.args.get("preset", "")[:100]
    if choice in PRESETS or chosen_rules(choice) is not None:  # a saved or shared rule set
        form.preset = choice
    return _render_new(form)


@bp.post("/new")
def create() -> Response:
    """Create the game, or (for the form's other buttons) show the form changed."""
    form = NewGameForm.read(request.form)
    action = request.form.get("action", "create")
    if action != "create":
        form.apply(action)
        return _render_new(form)
    ratelimit.check_new_game()
    options, errors = form.parsed_options()
    kept = form.kept_rows()
    names = [form.rows[i] for i in kept]
    dealer: int | None = None
    if form.dealer != "":
        row = whole_number_or(form.dealer)
        dealer = kept.index(row) if row in kept else -1
    args: dict[str, Any] = {
        "preset": form.rules_value(),
        "players": names,
        "options": options,
        "title": form.title,
        "first_dealer": dealer,
    }
    session = get_session()
    group = form_group()
    try:
        if errors:
            games.validate_new_game(**args)
            raise Invalid(N_("check the house rules"), {})
        who: dict[str, Any] = {
            "actor": access.CREATOR_LABEL, "idempotency_key": form.key,
            "client": access.client_id(), "device": access.device_id(),
            "label": access.CREATOR_LABEL,
        }  # fmt: skip
        if group is None:
            view, _token = games.create_game(session, **args, **who)
        else:  # its players are the group's people of those names
            view, _token = games.start_group_game(session, group.id, **args, **who)
    except KeyReused as error:
        form.key = fresh_key()  # the values as typed stay; pressing Start again starts a game
        return _render_new(form, {"form": _REUSED_FORM + " " + error.message}, status=422)
    except Invalid as error:
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
    return redirect_to(url_for("games.show", game_id=view.id))


_REUSED_FORM = N_("This form had already started a game with other names or rules.")


# --- the game page --------------------------------------------------------------------------


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
            "phase": e.phase,  # a phase game's: the phase played, and whether completed
            "phase_done": e.phase_done,
            "down_and_out": e.down_and_out,
        }
        for e in played.entries
    ]
    notice = {"kind": kind, "number": number, "lines": lines}
    if kind == "edited":  # what the edit changed: the round's values before and after it
        edits = games.history(get_session(), view.id)
        notice["edit"] = next(
            (e for e in edits if e.action == "replace_round" and e.round_number == number), None
        )
    return notice


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
    if not is_htmx():  # the page's links (the fragment has none): the game's group, if any
        group_id = games.game_group_id(get_session(), view.id)
        context["group_id"] = group_id
        if editor and group_id is not None:  # its editors may take it out of the group
            context["group"] = get_group(get_session(), group_id)
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
    return _show(view, notice=notice, entry=_entry_with_hand(view) or _entry_undone(view, notice))


def _entry_undone(view: games.GameView, notice: dict[str, Any] | None) -> EntryForm | None:
    """After an undo, the round's form filled with what was undone, to correct and save
    again; while the undo is the game's last change (the history's newest line)."""
    if notice is None or notice["kind"] != "undone" or notice["number"] != view.next_round:
        return None
    last = next(iter(games.history(get_session(), view.id)), None)
    if last is None or last.action != "undo_round" or last.round_number != view.next_round:
        return None
    notice["refilled"] = True
    return EntryForm.of_undone(view, last.before)


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
        entry.restamp(view.version)
        return _show(view, 400, editor=True, entry=entry)
    try:
        saved, created = games.add_round(
            session, view, number, round_input,
            expected_version=entry.version or None, idempotency_key=entry.key or None,
            client=access.client_id(), actor=actor,
        )  # fmt: skip
    except (Conflict, KeyReused) as error:
        fresh = _game_now(error, session, game_id)
        kept: EntryForm | None = None  # the next round's blank form, when the round moved on
        if fresh.next_round == number:
            entry.restamp(fresh.version)
            kept = entry
        return _show(fresh, error.status, editor=True, entry=kept, conflict=error.message)
    except Invalid as error:
        entry.refuse(error, view)
        entry.restamp(view.version)
        return _show(view, 400, editor=True, entry=entry)
    if not is_htmx():
        return redirect_to(url_for("games.show", game_id=game_id, saved=number))
    notice = _notice(saved, "saved" if created else "already", number)
    return _show(saved, editor=True, notice=notice)


def _game_now(refusal: GameError, session: Any, game_id: str) -> games.GameView:
    """The game as the service saw it when it refused a change (read again if it had not)."""
    game = refusal.game
    return game if isinstance(game, games.GameView) else games.load_game(session, game_id)


# --- editing a round ---------------------------------------------------------------------------
#
# The edit page is live too (static/js/live.js): when another device changes the game, the page
# is fetched again with ``since`` (which recording of the round the page was opened from, see
# :func:`round_stamp`) and ``seen`` (the game's version then), and says what happened: another
# change (the round as it was), this round changed (what is recorded now), or this round undone.
# The form being typed in is kept as it is, by live.js: nothing typed is dropped.

ROUND_STAMP = re.compile(r"\d{1,9}\.[0-9a-f]{16}")


def round_stamp(played: games.RoundView) -> str:
    """Which recording of a round this is: its version and a digest of what it records (a round
    undone and entered again starts again at version 1, so the version alone does not tell)."""
    values: list[object] = [played.went_out, played.cut_bonus]
    values += [(e.points, e.cards_text, e.bought) for e in played.entries]
    digest = hashlib.blake2b(repr(values).encode(), digest_size=8).hexdigest()
    return f"{played.version}.{digest}"


def _edit_context(
    view: games.GameView,
    number: int,
    entry: EntryForm | None,
    *,
    since: str | None = None,
    seen: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """What the edit page shows: the form (or, the round gone, the notice saying so) and what
    changed on another device since the page was opened (``since``/``seen``)."""
    played = view.rounds[number - 1] if 1 <= number <= len(view.rounds) else None
    stamp = round_stamp(played) if played is not None else None
    base = since or stamp or ""
    opened = seen if seen is not None else view.version
    round_changed = played is not None and since is not None and since != stamp
    game_changed = played is not None and not round_changed and view.version > opened
    latest = games.latest_summary(get_session(), view.id) if game_changed else None
    latest = games.spoken_summary(latest, view.rules.phased) if latest else None
    return {
        "game": view,
        "number": number,
        "entry": entry,
        "played": played,
        "gone": played is None,
        "since": base,
        "seen": opened,
        "round_changed": round_changed,
        "game_changed": game_changed,
        "latest": latest,
    } | extra


@bp.get("/<game_id>/rounds/<int:number>/edit")
def edit_round(game_id: str, number: int) -> Response:
    """A recorded round, prefilled for editing. Asked again by the live page (``since``,
    ``seen``), it says what another device changed, a round undone meanwhile included (opened
    afresh, a round not recorded is a 404)."""
    access.require_edit(game_id)
    view = games.load_game(get_session(), game_id)
    since = request.args.get("since", "")[:40]
    since_ok = since if ROUND_STAMP.fullmatch(since) else None
    seen = request.args.get("seen", type=whole_number)
    if not 1 <= number <= len(view.rounds):
        if since_ok is None or not 1 <= number <= view.last_round:
            raise NotFound(said(view.rules.phased, "not-played", number=number))
        context = _edit_context(view, number, None, since=since_ok, seen=seen)
        return render("games/edit_round.html", "games/_edit_round.html", **context)
    entry = EntryForm.of_round(view, number)
    context = _edit_context(view, number, entry, since=since_ok, seen=seen)
    return render("games/edit_round.html", "games/_edit_round.html", **context)


@bp.post("/<game_id>/rounds/<int:number>")
def replace_round(game_id: str, number: int) -> Response:
    """Save an edited round. Refused, it comes back as typed: with the messages; with what is
    recorded now when the round was changed elsewhere meanwhile (a 409, the form stamped with
    the new version: saving again replaces it); or, the round undone meanwhile, saying so (a
    404, nothing to save)."""
    session = get_session()
    actor = access.require_edit(game_id)
    view = games.load_game(session, game_id)
    entry = EntryForm.read(request.form, view, number)
    entry.editing = True
    round_input = entry.round_input(view)

    def again(game: games.GameView, form: EntryForm, status: int, **extra: Any) -> Response:
        context = _edit_context(game, number, form, **extra)
        return render("games/edit_round.html", "games/_edit_round.html", status=status, **context)

    if not 1 <= number <= len(view.rounds):
        if not 1 <= number <= view.last_round:
            raise NotFound(said(view.rules.phased, "not-played", number=number))
        return again(view, entry, 404)  # undone meanwhile: the form, as typed, says so
    if entry.errors:
        entry.key = fresh_key()
        return again(view, entry, 400)
    try:
        games.replace_round(
            session, view, number, round_input,
            expected_version=entry.version or None, idempotency_key=entry.key or None,
            client=access.client_id(), actor=actor,
        )  # fmt: skip
    except Conflict as error:
        fresh = _game_now(error, session, game_id)
        if not 1 <= number <= len(fresh.rounds):
            return again(fresh, entry, 404)
        entry.restamp(fresh.rounds[number - 1].version)
        return again(fresh, entry, error.status, changed_elsewhere=True)
    except NotFound as error:
        return again(_game_now(error, session, game_id), entry, 404)
    except KeyReused as error:
        entry.key = fresh_key()  # the values as typed stay: saving again saves them
        return again(view, entry, error.status, conflict=error.message)
    except Invalid as error:
        entry.refuse(error, view)
        entry.key = fresh_key()
        return again(view, entry, 400)
    return redirect_to(url_for("games.show", game_id=game_id, edited=number))


@bp.get("/<game_id>/undo")
def undo_confirm(game_id: str) -> Response:
    access.require_edit(game_id)
    view = games.load_game(get_session(), game_id)
    if not view.rounds:
        raise Invalid(said(view.rules.phased, "nothing-to-undo"))
    return render("games/undo.html", game=view, last=view.rounds[-1])


@bp.post("/<game_id>/undo")
def undo(game_id: str) -> Response:
    session = get_session()
    actor = access.require_edit(game_id)
    number = request.form.get("round", type=whole_number)
    try:
        games.undo_last_round(
            session, game_id, number,
            expected_version=request.form.get("version", type=whole_number), actor=actor,
        )  # fmt: skip
    except Conflict as error:
        fresh = _game_now(error, session, game_id)
        if not fresh.rounds:
            raise
        return render(
            "games/undo.html", status=409, game=fresh, last=fresh.rounds[-1],
            conflict=error.message,
        )  # fmt: skip
    return redirect_to(url_for("games.show", game_id=game_id, undone=number or 0))


@bp.get("/<game_id>/history")
def history(game_id: str) -> Response:
    session = get_session()
    lines = games.history(session, game_id)
    view = games.load_game(session, game_id)
    return render("games/history.html", game=view, lines=lines, summary_of=_summary_of(view))


# A history line is written when the change is made: those of a phase game written before its
# refusals and lines said "hand" read "Round 3 entered: ...". They are shown as written now.
def _summary_of(view: games.GameView) -> Callable[[str], str]:
    """How a history line's summary reads in this game, in the reader's language ("Hand 3
    entered" in a phase game)."""

    def summary(text: str) -> str:
        return games.spoken_summary(text, view.rules.phased)

    return summary


@bp.post("/<game_id>/play-again")
def play_again(game_id: str) -> Response:
    session = get_session()
    access.require_edit(game_id)
    ratelimit.check_new_game()
    view, _token = games.play_again(
        session,
        game_id,
        actor=access.CREATOR_LABEL,
        idempotency_key=request.form.get("key", "")[:100] or None,
        client=access.client_id(),
        device=access.device_id(),
        label=access.CREATOR_LABEL,
    )
    return redirect_to(url_for("games.show", game_id=view.id))


# --- watching -------------------------------------------------------------------------------


@bp.get("/<game_id>/rules")
def game_rules(game_id: str) -> Response:
    """The rules this game is played by: the rule set stored when it started (a preset's, a
    saved rule set's or a whole document's), whatever became of its source since."""
    view = games.load_game(get_session(), game_id)
    return render("games/rules.html", game=view, rules=view.rules, book=rulebook(view.rules))


@bp.get("/<game_id>/watch")
def watch(game_id: str) -> Response:
    view = games.load_game(get_session(), game_id)
    return render("games/watch.html", game=view)


# Rendered scoreboard fragments by (game, version): the same for every viewer (no per-user
# content), so every screen watching a game costs one render per change, per process (screens
# asking while it renders each render it too). The version is read from the database on each
# request, so several processes stay correct. What it buys (benchmarks/web.py, "scoreboard
# board, full render" at 10 clients, without it -> with it): server CPU 1.5-1.65 -> 0.53-0.75 ms
# a request, 310-753 -> 1236-1688 requests a second.
# Keyed by language too: the fragment's words are the reader's.
_BOARDS: LRUCache[tuple[str, int, str], str] = LRUCache(maxsize=256)
_boards_lock = threading.Lock()  # cachetools' caches are not thread-safe


def _board_fragment(session: Any, game_id: str, version: int) -> str:
    key = (game_id, version, language.current())
    with _boards_lock:
        cached = _BOARDS.get(key)
    if cached is not None:
        return cached
    view = games.load_game(session, game_id)
    html = render_template("games/_watch_board.html", game=view)
    if view.version == version:  # else the game moved on meanwhile: not this version's board
        with _boards_lock:
            _BOARDS[key] = html
    return html


@bp.get("/<game_id>/watch/board")
def watch_board(game_id: str) -> Response:
    """The scoreboard fragment the watch page polls. Unchanged game: an empty answer.

    The page asks with ``v`` (the version it shows): the same version gets a 204, which htmx
    leaves alone. A conditional request (``If-None-Match``) gets a 304. Either costs one
    primary-key lookup of the version (no ORM session); only a changed game is loaded, and
    rendered once per version and process (see ``_BOARDS``).
    """
    version = games.current_version(get_engine(), game_id)
    if version is None:
        raise NotFound()
    etag = f"v{version}-{'f' if is_htmx() else 'p'}-{language.current()}"
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


def format_points(points: int) -> str:
    """``+40``, ``+0``, ``−50`` (a real minus sign)."""
    return f"+{points}" if points >= 0 else f"−{-points}"


@bp.app_template_filter("iso_utc")
def _iso_utc(moment: datetime) -> str:
    """A stored time (UTC) as ISO 8601 with its zone, for ``<time datetime>``: the page's
    script shows it in the device's own time zone."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


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


bp.add_app_template_global(phase_in_hand, "phase_in_hand")
bp.add_app_template_global(phases_open, "phases_open")


__all__ = ["bp", "home_context"]
