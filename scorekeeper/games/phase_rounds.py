"""A phase game's rounds as the write path plans them: who was on which phase with the
round entered or edited, the game's end that follows, and the phases later rounds' rows
must be brought up to date with.

In a phase game (``rules.phased``) each round is a hand in which every player plays their own
phase (:mod:`scorekeeper.rules.phases`). Nothing about the phases is state: a change is
checked by working the progress out again over every round with the change in place, so an
edit of an earlier round that moves players between phases, ends the game sooner or lets it
go on is checked, and refused with a sentence per problem when the rounds after it no longer
make sense (a phase completed twice, a round after the one that now ends the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..errors import Invalid
from ..rules.language import N_, _, and_list, ngettext
from ..rules.phases import PhaseEntry, PhaseError, PhaseProgress, phase_progress
from ..rules.rulesets import PhaseOrder
from ..rules.scoring import PlayerResult
from .store import EntryValues
from .views import GameView, phase_entries


def progress_with(
    view: GameView, number: int, results: Sequence[PlayerResult]
) -> PhaseProgress | None:
    """The game's progress with round ``number`` entered as ``results`` (a new last round,
    or in place of a recorded one); None in a game played in rounds. Invalid naming each
    problem, each in ``details`` with its ``seat``, ``player``, ``code`` and ``message``."""
    rules = view.rules
    if not rules.phased:
        return None
    hands = [phase_entries(rules, r) for r in view.rounds]
    entered = tuple(PhaseEntry(r.completed, r.phase) for r in results)
    hands[number - 1 : number] = [entered]
    try:
        return phase_progress(
            hands,
            rules.round_count,
            any_order=rules.phase_order == PhaseOrder.ANY,
            names=view.players,
        )
    except PhaseError as error:
        found = [
            {
                "seat": p.seat,
                "player": None if p.seat is None else view.players[p.seat],
                "code": p.code,
                "message": p.message,
            }
            for p in error.problems
        ]
        raise Invalid(error.message, found) from None


def phases_of(
    progress: PhaseProgress | None, number: int, results: Sequence[PlayerResult]
) -> list[tuple[int | None, bool | None]]:
    """Each seat's phase played and phase done in round ``number``, as its row keeps them
    (None and None in a game played in rounds)."""
    if progress is None:
        return [(None, None)] * len(results)
    played = progress.played[number - 1]
    return [(played[seat], r.completed) for seat, r in enumerate(results)]


def end_after(
    view: GameView, progress: PhaseProgress | None, now: datetime, *, added: int | None
) -> datetime | None:
    """When the game ended, after a change: in a phase game, when a player completed their
    last phase (the moment it was recorded, or the end it had already); in a game played in
    rounds, with its last round (``added``: the number of a round just entered)."""
    if progress is None:
        if added is not None and added == view.rules.round_count:
            return now
        return view.finished_at
    if not progress.finished:
        return None
    return view.finished_at if view.finished and view.finished_at is not None else now


def moved_phases(
    view: GameView, progress: PhaseProgress | None, number: int
) -> list[dict[str, Any]]:
    """The later rounds' phases an edit of round ``number`` moved (the phases in order: a
    player who completed one more or one fewer phase is on another phase after it), as
    parameters of :data:`.statements.UPDATE_ENTRY_PHASE`."""
    if progress is None:
        return []
    moved: list[dict[str, Any]] = []
    for later in view.rounds[number:]:
        now = progress.played[later.number - 1]
        for e in later.entries:
            if e.phase != now[e.seat]:
                moved.append(
                    {"g_id": view.id, "r_number": later.number, "e_seat": e.seat,
                     "new_phase": now[e.seat]}
                )  # fmt: skip
    return moved


def over_message(view: GameView) -> str:
    """Why no round can be entered after the last one: the game is over."""
    progress = view.phases
    if progress is None or progress.ended is None:
        return _("the game is over: all {count} rounds are recorded").format(
            count=view.rules.round_count
        )
    names = and_list([view.players[s] for s in progress.finishers])
    # The verb agrees with the finishers: "Ann y Bob completaron", "Ann und Bob haben".
    return ngettext(
        "the game is over: {names} completed the last phase in hand {number}",
        "the game is over: {names} completed the last phase in hand {number}",
        len(progress.finishers),
    ).format(names=names, number=progress.ended)


def beyond_message(view: GameView, number: int) -> str:
    """Why round ``number`` cannot be entered: past the game's last round."""
    if view.phases is None:
        return _(
            "{rules} has rounds 1 to {count}; there is no round {number} (the next round is {next})"
        ).format(
            rules=view.rules.local_name,
            count=view.rules.round_count,
            number=number,
            next=view.next_round,
        )
    next_hand = view.next_round
    if next_hand is None or next_hand > view.last_round:
        return _("a phase game holds at most {most} hands; there is no hand {number}").format(
            most=view.last_round, number=number
        )
    return _(
        "a phase game holds at most {most} hands; there is no hand {number} (the next hand "
        "is {next})"
    ).format(most=view.last_round, number=number, next=next_hand)


def phases_summary(view: GameView, entries: Sequence[EntryValues]) -> str:
    """A phase game's round in its history line: who completed which phase ("" in a game
    played in rounds)."""
    if not view.rules.phased:
        return ""
    done = [f"{view.players[e.seat]} {e.phase}" for e in entries if e.phase_done]
    return f". Phases completed: {', '.join(done)}" if done else ". No phase completed"


# --- the words of a refusal: "round" in a game played in rounds, "hand" in a phase game ---------
#
# Each sentence is written whole twice (a translator sees each as it is read), the pages'
# word for a phase game's round being "hand". ``said`` picks the one for the game.

MESSAGES: dict[str, tuple[str, str]] = {
    "number-not-whole": (
        N_("the round number must be a whole number"),
        N_("the hand number must be a whole number"),
    ),
    "already-recorded": (
        N_("round {number} is already recorded; edit it instead"),
        N_("hand {number} is already recorded; edit it instead"),
    ),
    "not-yet": (
        N_("round {number} cannot be entered yet: the next round is {next}"),
        N_("hand {number} cannot be entered yet: the next hand is {next}"),
    ),
    "changed-elsewhere": (
        N_(
            "round {number} was changed on another device meanwhile; here are the new values: "
            "check them and edit again"
        ),
        N_(
            "hand {number} was changed on another device meanwhile; here are the new values: "
            "check them and edit again"
        ),
    ),
    "no-such": (N_("there is no round {number}"), N_("there is no hand {number}")),
    "not-played": (
        N_("round {number} has not been played yet"),
        N_("hand {number} has not been played yet"),
    ),
    "none-recorded": (N_("no round has been recorded yet"), N_("no hand has been recorded yet")),
    "nothing-to-undo": (
        N_("No round has been recorded yet, so there is nothing to undo."),
        N_("No hand has been recorded yet, so there is nothing to undo."),
    ),
    "only-last": (
        N_("only the last round (round {number}) can be undone"),
        N_("only the last hand (hand {number}) can be undone"),
    ),
    "entered": (N_("Round {number} entered: {points}"), N_("Hand {number} entered: {points}")),
    "edited": (N_("Round {number} edited: {changes}"), N_("Hand {number} edited: {changes}")),
    "undone": (N_("Round {number} undone: {points}"), N_("Hand {number} undone: {points}")),
    "body-and-address": (
        N_("the body is for round {body} but the address is round {number}"),
        N_("the body is for hand {body} but the address is hand {number}"),
    ),
    "cutter-only": (
        N_("only the cutter can earn the cut bonus: {cutter} cut in round {number}, not {said}"),
        N_("only the cutter can earn the cut bonus: {cutter} cut in hand {number}, not {said}"),
    ),
}


def said(phased: bool, key: str, **values: Any) -> str:
    """The sentence ``key`` of :data:`MESSAGES` for a phase game (``phased``) or a game
    played in rounds, with its values.

    >>> said(True, "not-yet", number=4, next=3)
    'hand 4 cannot be entered yet: the next hand is 3'
    >>> said(False, "not-yet", number=4, next=3)
    'round 4 cannot be entered yet: the next round is 3'
    """
    return _(MESSAGES[key][1 if phased else 0]).format(**values)


def recorded(phased: bool, key: str, **values: Any) -> str:
    """The sentence ``key`` as the game's history keeps it: always English, whoever wrote
    it (the history's pages read it back, see web/games.py), where :func:`said` speaks the
    reader's language.

    >>> recorded(False, "entered", number=2, points="Ann 0, Bob 35")
    'Round 2 entered: Ann 0, Bob 35'
    """
    return MESSAGES[key][1 if phased else 0].format(**values)
