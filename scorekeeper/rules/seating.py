"""Who deals, cuts and plays first in each round.

Players are listed in seating order, clockwise; play passes to the left, which is the next
seat in the list. The dealer rotates one seat to the left each round; the player to the
dealer's left plays first and the player to the dealer's right cuts.

>>> seats = round_seats(first_dealer=0, round_number=2, players=4)
>>> seats.dealer, seats.first_player, seats.cutter
(1, 2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError


@dataclass(frozen=True)
class RoundSeats:
    """Seat numbers (0-based, in seating order) of the dealer, the first player and the cutter."""

    dealer: int
    first_player: int
    cutter: int


def round_seats(first_dealer: int, round_number: int, players: int) -> RoundSeats:
    """The seats for ``round_number`` (1-based) when seat ``first_dealer`` dealt round 1."""
    if players < 1:
        raise RulesError("a game needs players")
    if not 0 <= first_dealer < players:
        raise RulesError(f"the first dealer must be one of the {players} players")
    if round_number < 1:
        raise RulesError("rounds are numbered from 1")
    dealer = (first_dealer + round_number - 1) % players
    return RoundSeats(
        dealer=dealer, first_player=(dealer + 1) % players, cutter=(dealer - 1) % players
    )
