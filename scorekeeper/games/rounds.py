"""Rounds: entering, fixing and undoing them, each through one write path."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as sa_select
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col, select

from ..errors import Conflict, GameError, Invalid, NotFound
from ..models import (
    Round,
    utcnow,
)
from ..rules import RuleSet, RuleViolation, format_cards
from ..rules.language import _
from ..rules.phases import PhaseProgress
from ..rules.scoring import PlayerResult, extra_points, score_round
from .history import log_change
from .idempotency import Retry, check_key, remember, replay, scoped_retry
from .phase_rounds import (
    beyond_message,
    end_after,
    moved_phases,
    over_message,
    phases_of,
    phases_summary,
    progress_with,
    recorded,
    said,
)
from .results import record_results
from .statements import (
    DELETE_ENTRIES,
    DELETE_ROUND,
    INSERT_ENTRY,
    UPDATE_ENTRY_PHASE,
    UPDATE_ROUND,
)
from .store import (
    EntryValues,
    RoundValues,
    claim,
    end_reading,
    insert_round,
    lock_game,
    reader,
    transaction,
)
from .views import GameView, RoundView, Stamp, cache_view, changed_view, load_game, round_view

# Storage limits, beyond anything a real hand reaches (the rules core checks the rules).
MAX_ROUND_NUMBER = 1000
MAX_HAND_CARDS = 100
MAX_BOUGHT = 100

# --- rounds -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundInput:
    """A round as entered: one result per seat, and whether the cutter earned the cut bonus.
    In a phase game each result also says whether the player completed their phase, and
    (phases in any order) which one (:class:`~scorekeeper.rules.scoring.PlayerResult`)."""

    results: tuple[PlayerResult, ...]
    cut_bonus: bool = False

    @cached_property
    def card_texts(self) -> tuple[str | None, ...]:
        """Each seat's cards as stored (``AH 7C JK``), or None: written once for the row, the
        history line and the request's fingerprint."""
        return tuple(None if r.cards is None else format_cards(r.cards) for r in self.results)


def _score(view: GameView, number: int, entry: RoundInput) -> tuple[int, ...]:
    if len(entry.results) != view.player_count:
        raise Invalid(
            _("enter a result for each of the {count} players").format(count=view.player_count)
        )
    return score_entry(
        view.rules, number, entry, first_dealer=view.first_dealer, names=view.players
    )


def score_entry(
    rules: RuleSet, number: int, entry: RoundInput, *, first_dealer: int, names: Sequence[str]
) -> tuple[int, ...]:
    """The one check of a round's results, for round entry and import alike: each seat's
    points (the cut bonus included), or Invalid listing every problem, each in ``details``
    with its ``seat``, ``player`` (the name), ``code`` and ``message``.

    >>> from scorekeeper.rules.presets import LIVERPOOL
    >>> out, five = PlayerResult(went_out=True), PlayerResult(points=5)
    >>> score_entry(LIVERPOOL, 1, RoundInput((out, five)), first_dealer=0, names=["A", "B"])
    (0, 5)
    >>> score_entry(LIVERPOOL, 1, RoundInput((out, PlayerResult(points=-5))), first_dealer=0,
    ...             names=["A", "B"])
    Traceback (most recent call last):
    ...
    scorekeeper.errors.Invalid: B's points cannot be negative (-5)
    """
    found: list[dict[str, Any]] = []
    points: tuple[int, ...] = ()
    try:
        points = score_round(
            rules, number, entry.results, first_dealer=first_dealer,
            cut_bonus=entry.cut_bonus, names=names,
        ).points  # fmt: skip
    except RuleViolation as violation:
        found += [_problem(names, p.meld, p.code, p.message) for p in violation.problems]
    for seat, result in enumerate(entry.results):
        if result.cards is not None and len(result.cards) > MAX_HAND_CARDS:
            found.append(
                _problem(
                    names, seat, "too-many-cards",
                    f"{names[seat]} cannot hold {len(result.cards)} cards "
                    f"(at most {MAX_HAND_CARDS})",
                )
            )  # fmt: skip
        if isinstance(result.bought, int) and result.bought > MAX_BOUGHT:  # else said above
            found.append(
                _problem(
                    names, seat, "too-many-buys",
                    f"{names[seat]} cannot have bought {result.bought} cards "
                    f"(at most {MAX_BOUGHT})",
                )
            )  # fmt: skip
    if found:
        raise Invalid("; ".join(p["message"] for p in found), found)
    return points


def _problem(names: Sequence[str], seat: int | None, code: str, message: str) -> dict[str, Any]:
    player = names[seat] if seat is not None and seat < len(names) else None
    return {"seat": seat, "player": player, "code": code, "message": message}


def _entries_json(view: GameView, new: _NewRound) -> dict[str, Any]:
    return {
        "cut_bonus": new.row.cut_bonus,
        "results": {
            view.players[e.seat]: _entry_json(e.points, e.went_out, e.cards, e.bought)
            | _phase_json(e.phase, e.phase_done)
            | _down_and_out_json(e.down_and_out)
            for e in new.entries
        },
    }


def _entry_json(points: int, went_out: bool, cards: str | None, bought: int) -> dict[str, Any]:
    return {"points": points, "went_out": went_out, "cards": cards, "bought": bought}


def _down_and_out_json(down_and_out: bool) -> dict[str, Any]:
    """The one-turn mark in a history line, only where it was made (other lines read as they
    always did)."""
    return {"down_and_out": True} if down_and_out else {}


def _phase_json(phase: int | None, done: bool | None) -> dict[str, Any]:
    """A phase game's result in a history line: its phase played and done (nothing in a game
    played in rounds, whose history lines read as they always did)."""
    return {} if done is None else {"phase": phase, "phase_done": done}


@dataclass(frozen=True)
class _NewRound:
    """A round checked, scored and laid out as rows, before anything is written."""

    row: RoundValues  # inserted, or updated for a replacement
    entries: tuple[EntryValues, ...]
    view: RoundView  # as the round will read (running totals recounted by changed_view)


def _lay_out(
    view: GameView,
    row: RoundValues,
    points: Sequence[int],
    entry: RoundInput,
    progress: PhaseProgress | None,
) -> _NewRound:
    seats = view.seats_for(row.number)
    bonus = view.rules.cut_bonus if entry.cut_bonus else 0
    phases = phases_of(progress, row.number, entry.results)
    entries = tuple(
        EntryValues(
            seat=seat,
            went_out=result.went_out,
            points=points[seat],
            # The hand's own points: without the cut bonus, the buys' and the one-turn bonus.
            hand_points=points[seat]
            - (bonus if seat == seats.cutter else 0)
            - extra_points(view.rules, result),
            cards=entry.card_texts[seat],
            bought=result.bought,
            phase=phases[seat][0],
            phase_done=phases[seat][1],
            down_and_out=result.down_and_out is True,
        )
        for seat, result in enumerate(entry.results)
    )
    zeros = (0,) * view.player_count
    return _NewRound(row, entries, round_view(view.rules, seats, row, entries, zeros))


def _new_round_row(game_id: str, number: int, entry: RoundInput, now: datetime) -> RoundValues:
    return RoundValues(
        id=None, game_id=game_id, number=number, went_out_seat=_went_out(entry),
        cut_bonus=entry.cut_bonus, version=1, created_at=now, updated_at=now,
    )  # fmt: skip


def _write_entries(session: Session, round_id: int, entries: Sequence[EntryValues]) -> None:
    """Add a round's entries, in one statement."""
    session.connection().execute(INSERT_ENTRY, [e.for_insert(round_id) for e in entries])


# Writes go through SQLAlchemy Core: one statement each, no unit-of-work flushes, so the
# write lock is held for as short a time as possible.


# --- the one write path ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Change:
    """A change checked, scored and laid out against the game as read, ready to write."""

    action: str
    number: int
    rounds: tuple[RoundView, ...]  # the game's rounds after the change
    finished_at: datetime | None  # the game's end after the change
    history: tuple[Any, Any, str]  # before, after, summary
    write: Callable[[Session], None]  # writes the change's rows


# Checks a change against the game as read and plans it: (session, game, now) -> the change.
Plan = Callable[[Session, GameView, datetime], _Change]


def _apply(
    session: Session, game: str | GameView, plan: Plan, retry: Retry, actor: str
) -> tuple[GameView, bool]:
    """Carry out one change to a game as one transaction, and commit it. Returns the game
    after it and whether it is new (False: a retry of a change already made).

    The game (its id, or the view the caller has just read in this request, which saves
    reading it again) is planned against without the write lock; then one statement takes
    the lock and bumps the game's version only if it is still the version read
    (:func:`.store.claim`). If another device changed the game in between, the change is read
    and planned once more, this time under the lock, where nothing can move. Any error rolls
    everything back; a refusal carries the game it was refused against (``error.game``).
    """
    game_id = _id_of(game)
    with transaction(session):
        outcome = _attempt(session, game, plan, retry, actor, locked=False)
        if outcome is None:
            session.rollback()  # another change came first: plan again under the lock
            outcome = _attempt(session, game_id, plan, retry, actor, locked=True)
    if outcome is None:
        raise AssertionError("a change planned under the write lock is always claimed")
    cache_view(outcome[0])  # once committed (a rolled-back change left nothing to find)
    return outcome


def _attempt(
    session: Session, game: str | GameView, plan: Plan, retry: Retry, actor: str, *, locked: bool
) -> tuple[GameView, bool] | None:
    """Read (unless given), plan and (if the version still holds) write the change; None if
    it did not."""
    game_id = _id_of(game)
    if locked:
        lock_game(session, game_id)
    view = load_game(session, game_id) if isinstance(game, str) else game
    now = utcnow()
    try:
        replayed = replay(session, game_id, retry)
        if replayed is not None:
            return replayed, False
        change = plan(session, view, now)
    except GameError as refused:
        refused.game = view
        raise
    if not locked:
        end_reading(session)
    if not claim(session, game_id, view.version, now, change.finished_at):
        return None
    change.write(session)
    remember(session, game_id, retry, change.action, change.number, now)
    log_change(session, game_id, actor, change.action, change.number, *change.history, now)
    after = changed_view(view, Stamp(view.version + 1, now, change.finished_at), change.rounds)
    record_results(session, after)  # each seat's summary, for the groups' leaderboards
    return after, True


def _id_of(game: str | GameView) -> str:
    return game if isinstance(game, str) else game.id


# --- the changes ------------------------------------------------------------------------------


def add_round(
    session: Session,
    game: str | GameView,
    number: int,
    entry: RoundInput,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    client: str = "",
    actor: str = "",
) -> tuple[GameView, bool]:
    """Record round ``number`` (the next one). Returns the game and whether it was new.
    ``game`` is its id, or the game as the caller read it in this request (it is not read
    again then; a change committed since is found by the version claim all the same).

    A retry by the same ``client`` (an opaque name of the sender: its device or edit token)
    with the same idempotency key returns the game as it is, without a second round; the
    same key with other values is refused (KeyReused).
    """
    key = check_key(idempotency_key)
    game_id = _id_of(game)
    retry = scoped_retry(client, game_id, key, *_round_request("add_round", number, entry))

    def plan(session: Session, view: GameView, now: datetime) -> _Change:
        _check_next_round(view, number, expected_version)
        points = _score(view, number, entry)
        progress = progress_with(view, number, entry.results)
        row = _new_round_row(game_id, number, entry, now)
        new = _lay_out(view, row, points, entry, progress)
        finished_at = end_after(view, progress, now, added=number)
        summary = recorded(
            phased(view), "entered", number=number, points=_points_summary(view, points)
        )
        summary += phases_summary(view, new.entries)

        def write(session: Session) -> None:
            _write_entries(session, insert_round(session, new.row.for_insert()), new.entries)

        history = (None, _entries_json(view, new), summary)
        return _Change("add_round", number, (*view.rounds, new.view), finished_at, history, write)

    return _apply(session, game, plan, retry, actor)


def replace_round(
    session: Session,
    game: str | GameView,
    number: int,
    entry: RoundInput,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    client: str = "",
    actor: str = "",
) -> GameView:
    """Replace a recorded round. ``expected_version`` is the round's version the editor saw.
    ``game`` and idempotency keys work as for :func:`add_round`."""
    key = check_key(idempotency_key)
    retry = scoped_retry(client, _id_of(game), key, *_round_request("replace_round", number, entry))

    def plan(session: Session, view: GameView, now: datetime) -> _Change:
        replacement = _plan_replace(session, view, number, entry, expected_version, now)
        new = replacement.new
        rounds = tuple(new.view if r.number == number else r for r in view.rounds)
        finished_at = end_after(view, replacement.progress, now, added=None)
        moved = moved_phases(view, replacement.progress, number)

        def write(session: Session) -> None:
            _write_replacement(session, replacement.row, new)
            if moved:  # later rounds' phases, as the progress now says (phases in order)
                session.connection().execute(UPDATE_ENTRY_PHASE, moved)

        return _Change("replace_round", number, rounds, finished_at, replacement.history, write)

    return _apply(session, game, plan, retry, actor)[0]


def undo_last_round(
    session: Session,
    game: str | GameView,
    number: int | None = None,
    *,
    expected_version: int | None = None,
    actor: str = "",
) -> GameView:
    """Remove the last recorded round (``number``, when given, must be that round)."""

    def plan(session: Session, view: GameView, now: datetime) -> _Change:
        round_id, history = _plan_undo(session, view, number, expected_version)

        def write(session: Session) -> None:
            _delete_round(session, round_id)

        last = view.rounds[-1].number
        return _Change("undo_round", last, view.rounds[:-1], None, history, write)

    return _apply(session, game, plan, Retry(None, ""), actor)[0]


def _round_request(action: str, number: int, entry: RoundInput) -> tuple[Any, ...]:
    """What a round request asks for, for recognising it when it is sent again (the phase
    only where one was said: a request of a game played in rounds reads as it always did)."""
    results = [
        [r.went_out, r.points, cards, r.bought]
        + ([] if r.phase_done is None and r.phase is None else [r.phase_done, r.phase])
        + (["down-and-out"] if r.down_and_out else [])
        for r, cards in zip(entry.results, entry.card_texts, strict=True)
    ]
    return action, number, entry.cut_bonus, results


def _check_next_round(view: GameView, number: int, expected_version: int | None) -> None:
    if view.finished:
        raise Invalid(over_message(view))
    if isinstance(number, bool) or not isinstance(number, int):
        raise Invalid(said(phased(view), "number-not-whole"))
    if not 1 <= number <= view.last_round:  # a phase game's hands beyond the limit too
        raise Invalid(beyond_message(view, number), {"next_round": view.next_round})
    if number != view.next_round:
        if number < (view.next_round or 0):
            raise Conflict(
                said(phased(view), "already-recorded", number=number),
                {"next_round": view.next_round},
            )
        raise Invalid(
            said(phased(view), "not-yet", number=number, next=view.next_round),
            {"next_round": view.next_round},
        )
    if expected_version is not None and expected_version != view.version:
        raise Conflict(
            "someone else changed this game meanwhile; check the scores and try again",
            {"version": view.version},
        )


def phased(view: GameView) -> bool:
    """Whether the game is a phase game (its refusals say "hand" where others say "round")."""
    return view.rules.phased


def _went_out(entry: RoundInput) -> int:
    return next(seat for seat, r in enumerate(entry.results) if r.went_out)


def _points_summary(view: GameView, points: Sequence[int]) -> str:
    return ", ".join(f"{name} {p}" for name, p in zip(view.players, points, strict=True))


@dataclass(frozen=True)
class _Replacement:
    """A checked and scored round replacement, ready to write."""

    row: Round
    new: _NewRound
    progress: PhaseProgress | None  # a phase game's, with the replacement in place
    history: tuple[Any, Any, str]  # before, after, summary


def _plan_replace(
    session: Session,
    view: GameView,
    number: int,
    entry: RoundInput,
    expected_version: int | None,
    now: datetime,
) -> _Replacement:
    row = _round_row(session, view, number)
    if expected_version is not None and expected_version != row.version:
        raise Conflict(
            said(phased(view), "changed-elsewhere", number=number), {"version": row.version}
        )
    points = _score(view, number, entry)
    progress = progress_with(view, number, entry.results)
    new = _lay_out(view, _replaced_row(row, entry, now), points, entry, progress)
    before = _as_recorded(view, view.rounds[number - 1])
    after = _entries_json(view, new)
    changed = [
        f"{name} {before['results'][name]['points']} → {after['results'][name]['points']}"
        for name in view.players
        if before["results"][name]["points"] != after["results"][name]["points"]
    ]
    changes = ", ".join(changed) if changed else "no points changed"
    summary = recorded(phased(view), "edited", number=number, changes=changes)
    summary += phases_summary(view, new.entries)
    return _Replacement(row, new, progress, (before, after, summary))


def _replaced_row(old: Round, entry: RoundInput, now: datetime) -> RoundValues:
    return RoundValues(
        id=old.id, game_id=old.game_id, number=old.number, went_out_seat=_went_out(entry),
        cut_bonus=entry.cut_bonus, version=old.version + 1, created_at=old.created_at,
        updated_at=now,
    )  # fmt: skip


def _write_replacement(session: Session, old: Round, new: _NewRound) -> None:
    row = new.row
    connection = session.connection()
    connection.execute(DELETE_ENTRIES, {"round_id": row.id})
    connection.execute(
        UPDATE_ROUND,
        {
            "round_id": row.id,
            "went_out_seat": row.went_out_seat,
            "cut_bonus": row.cut_bonus,
            "version": row.version,
            "updated_at": row.updated_at,
        },
    )
    if old in session:  # the locked path read it in this transaction: keep it current
        for name in ("went_out_seat", "cut_bonus", "version", "updated_at"):
            set_committed_value(old, name, getattr(row, name))
    _write_entries(session, row.id or 0, new.entries)


def _round_row(session: Session, view: GameView, number: int) -> Round:
    if isinstance(number, bool) or not isinstance(number, int):
        raise Invalid(said(phased(view), "number-not-whole"))
    if not 1 <= number <= MAX_ROUND_NUMBER:
        raise NotFound(said(phased(view), "no-such", number=number))
    row = session.exec(
        select(Round).where(Round.game_id == view.id, Round.number == number)
    ).first()
    if row is None:
        raise NotFound(said(phased(view), "not-played", number=number))
    return row


def _plan_undo(
    session: Session, view: GameView, number: int | None, expected_version: int | None
) -> tuple[int, tuple[Any, Any, str]]:
    """The id of the round to remove and its history line (before, after, summary)."""
    if not view.rounds:
        raise Invalid(said(phased(view), "none-recorded"))
    last = view.rounds[-1]
    if number is not None and number != last.number:
        raise Invalid(said(phased(view), "only-last", number=last.number))
    if expected_version is not None and expected_version != view.version:
        raise Conflict(
            "someone else changed this game meanwhile; check the scores first",
            {"version": view.version},
        )
    round_id = (
        reader(session)
        .execute(_ROUND_ID_OF, {"game_id": view.id, "number": last.number})
        .scalar_one()
    )
    loaded = session.identity_map.get(identity_key(Round, round_id))
    if loaded is not None:  # about to be deleted behind the session's back: let it go
        session.expunge(loaded)
    before = _as_recorded(view, last)  # all of it: the entry form is filled from it again
    points = _points_summary(view, last.points)
    summary = recorded(phased(view), "undone", number=last.number, points=points)
    return round_id, (before, None, summary)


def _as_recorded(view: GameView, played: RoundView) -> dict[str, Any]:
    """A recorded round's values as the history keeps them, before an edit or an undo."""
    return {
        "cut_bonus": played.cut_bonus,
        "results": {
            view.players[e.seat]: _entry_json(e.points, e.went_out, e.cards_text, e.bought)
            | _phase_json(e.phase, e.phase_done)
            | _down_and_out_json(e.down_and_out)
            for e in played.entries
        },
    }


_ROUND_ID_OF = sa_select(Round.id).where(
    col(Round.game_id) == bindparam("game_id"), col(Round.number) == bindparam("number")
)


def _delete_round(session: Session, round_id: int) -> None:
    connection = session.connection()
    connection.execute(DELETE_ENTRIES, {"round_id": round_id})
    connection.execute(DELETE_ROUND, {"round_id": round_id})
