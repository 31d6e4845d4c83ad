"""A phase game's hand as the entry form asks about it: the phase each player plays in hand
``number`` (with the phases in order), and the phases they may say they completed in it
(in any order: those not completed in an earlier hand). A new hand and an edited one are
asked the same way, so both come from the hands before ``number``, as recorded.

Template globals (the games blueprint registers them); nothing here is stored.
"""

from __future__ import annotations

from .. import games


def phase_in_hand(game: games.GameView, number: int, seat: int) -> int | None:
    """The phase the player plays in hand ``number`` with the phases in order (the phases
    completed before it plus one); None in any order and in a game played in rounds."""
    if game.phases is None or game.phases.any_order:
        return None
    if number <= len(game.rounds):
        return game.rounds[number - 1].entries[seat].phase
    return game.phases.current(seat)


def phases_open(game: games.GameView, number: int, seat: int) -> list[int]:
    """The phases the player had still to complete when hand ``number`` began, ascending."""
    if game.phases is None:
        return []
    before = {
        e.phase
        for played in game.rounds[: number - 1]
        for e in played.entries[seat : seat + 1]
        if e.phase_done and e.phase is not None
    }
    return [n for n in range(1, game.rules.round_count + 1) if n not in before]


__all__ = ["phase_in_hand", "phases_open"]
