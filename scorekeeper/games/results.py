"""Each seat's result in a game, kept on its :class:`~scorekeeper.models.Player` row.

A group's leaderboard sums results over thousands of games; summing every round's entries
each time would read every round. So the one write path (:mod:`.rounds`) writes each seat's
summary (total, rounds, times went out, exact cuts, place, won) with every change, from the
game as it is after the change: one statement, no extra reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from ..rules.scoring import standings
from ..rules.seating import round_seats
from .statements import UPDATE_RESULT
from .views import GameView


def seat_results(view: GameView) -> list[dict[str, Any]]:
    """Each seat's summary of the game as ``view`` shows it, as the Player row holds it."""
    went_out = [0] * view.player_count
    cuts = [0] * view.player_count
    for r in view.rounds:
        went_out[r.went_out] += 1
        for e in r.entries:
            cuts[e.seat] += e.cut_bonus
    completed = None if view.phases is None else view.phases.completed_counts()
    return _summary(list(view.totals), len(view.rounds), went_out, cuts, view.finished, completed)


def results_of_rounds(
    player_count: int,
    first_dealer: int,
    rounds: Sequence[tuple[int, int, bool, Sequence[int]]],
    finished: bool,
    completed: Sequence[int] | None = None,
) -> list[dict[str, Any]]:
    """The same summaries from a game's plain values, already checked: each round's number,
    seat that went out, cut bonus and points by seat (with the bonus); whether the game is
    over, and in a phase game the phases each seat completed. An import writes thousands of
    games: building ORM rows and a view for each cost most of its time."""
    totals = [0] * player_count
    went_out = [0] * player_count
    cuts = [0] * player_count
    for number, out, cut_bonus, points in rounds:
        went_out[out] += 1
        if cut_bonus:
            cuts[round_seats(first_dealer, number, player_count).cutter] += 1
        for seat, value in enumerate(points):
            totals[seat] += value
    return _summary(totals, len(rounds), went_out, cuts, finished, completed)


def _summary(
    totals: list[int],
    rounds: int,
    went_out: list[int],
    cuts: list[int],
    finished: bool,
    completed: Sequence[int] | None,
) -> list[dict[str, Any]]:
    """``place`` follows the standings (in a phase game most phases first, then the lowest
    total), so first place in a finished game is its winners (a phase game's finishers with
    the lowest total: nobody else has completed every phase)."""
    places = {s.seat: s.place for s in standings(totals, completed)}
    return [
        {
            "g_seat": seat,
            "total": totals[seat],
            "rounds": rounds,
            "went_out": went_out[seat],
            "exact_cuts": cuts[seat],
            "place": places[seat],
            "won": finished and places[seat] == 1,
            "phases_done": None if completed is None else completed[seat],
        }
        for seat in range(len(totals))
    ]


def record_results(session: Session, view: GameView) -> None:
    """Write each seat's summary of ``view`` (the game after a change), in the change's
    transaction."""
    rows = seat_results(view)
    for row in rows:
        row["g_id"] = view.id
    session.connection().execute(UPDATE_RESULT, rows)
