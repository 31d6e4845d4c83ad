"""Builders shared by the group, leaderboard and transfer tests."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from scorekeeper import games
from scorekeeper.rules.scoring import PlayerResult


def play(
    session: Session,
    group_id: str,
    names: Sequence[str],
    points: Sequence[Sequence[int | None]],
    *,
    cut_bonus: Sequence[bool] = (),
    rounds: int | None = None,
) -> games.GameView:
    """A game of the group: one list of points per round (None: went out), the first dealer
    at seat 0; all seven Liverpool rounds unless ``rounds`` says fewer."""
    view, _token = games.start_group_game(
        session, group_id, players=list(names), preset="liverpool", first_dealer=0
    )
    count = rounds if rounds is not None else view.rules.round_count
    for number in range(1, count + 1):
        row = points[(number - 1) % len(points)]
        results = tuple(
            PlayerResult(went_out=True) if p is None else PlayerResult(points=p) for p in row
        )
        cut = cut_bonus[number - 1] if number - 1 < len(cut_bonus) else False
        view, _new = games.add_round(session, view.id, number, games.RoundInput(results, cut))
    return view
