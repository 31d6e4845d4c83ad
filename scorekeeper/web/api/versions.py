"""Which version each change of a game expects, and a 409 that says so (issue 35 §4).

- ``POST .../rounds`` takes the **game's** version (``version`` in the body; ``GET`` answers
  it, and it is the game's ETag).
- ``PUT .../rounds/{number}`` takes **that round's** version (``version`` in the body or
  ``If-Match``), as listed with the round in the game's ``rounds``: a round edited twice is
  at version 3 whatever else happened in the game.
- ``DELETE .../rounds/{number}`` takes the **game's** version in ``If-Match``.

A stale version is refused with 409 and nothing is changed. The refusal names the version it
expected and whose it is, in its details too (``expected`` is ``"round"`` or ``"game"``,
``version`` the one expected now, ``sent`` the one sent); a PUT sent the game's ETag is told
that it sent the game's version where the round's was wanted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import Conflict
from ...rules.language import N_, _

if TYPE_CHECKING:  # only its type: the OpenAPI document reads this module's words too
    from ...games import GameView

# Each sentence whole, for a game in rounds and for a phase game (whose rounds are "hands").
_ROUND_STALE = (
    N_(
        "round {number} was changed meanwhile: its version is now {expected}, not {sent}. A PUT "
        "takes the round's version, as listed with the round in the game's rounds; check its "
        "values and send that version. Nothing was changed."
    ),
    N_(
        "hand {number} was changed meanwhile: its version is now {expected}, not {sent}. A PUT "
        "takes the hand's version, as listed with the hand in the game's rounds; check its "
        "values and send that version. Nothing was changed."
    ),
)
_GAME_VERSION_ON_PUT = (
    N_(
        "{sent} is the game's version (its ETag), but a PUT takes the round's version: round "
        "{number} is at version {expected}, as listed with the round in the game's rounds. "
        "Nothing was changed."
    ),
    N_(
        "{sent} is the game's version (its ETag), but a PUT takes the hand's version: hand "
        "{number} is at version {expected}, as listed with the hand in the game's rounds. "
        "Nothing was changed."
    ),
)
_GAME_STALE = N_(
    "the game was changed meanwhile: its version (its ETag) is now {expected}, not {sent}. "
    "{method} takes the game's version; check the scores and send that version. Nothing was "
    "changed."
)


def is_version_conflict(error: Conflict) -> bool:
    """Whether the service refused a stale version (its other conflicts are left as they are)."""
    return isinstance(error.details, dict) and "version" in error.details


def round_version_conflict(error: Conflict, game: GameView, number: int, sent: int) -> Conflict:
    """The 409 to a PUT whose round version is stale: which version it expected, and, when the
    game's version was sent, that a PUT takes the round's."""
    expected = int(error.details["version"])
    phased = int(game.rules.phased)
    pattern = _GAME_VERSION_ON_PUT if sent == game.version else _ROUND_STALE
    message = _(pattern[phased]).format(number=number, expected=expected, sent=sent)
    details = {"expected": "round", "version": expected, "sent": sent, "round": number}
    return Conflict(message, details | {"game_version": game.version})


def game_version_conflict(error: Conflict, method: str, sent: int) -> Conflict:
    """The 409 to a change that takes the game's version (``POST`` a round, ``DELETE`` one)."""
    expected = int(error.details["version"])
    message = _(_GAME_STALE).format(expected=expected, sent=sent, method=method)
    return Conflict(message, {"expected": "game", "version": expected, "sent": sent})


# The OpenAPI document's words for If-Match and version, operation by operation.
IF_MATCH_ROUND = (
    "The round's version, as listed with the round in the game's rounds (not the game's "
    'ETag), like "3"; a stale one is refused with 409, which says the version expected.'
)
IF_MATCH_GAME = (
    'The game\'s version (its ETag, as GET answers it), like "12"; a stale one is refused '
    "with 409, which says the version expected."
)

__all__ = [
    "IF_MATCH_GAME",
    "IF_MATCH_ROUND",
    "game_version_conflict",
    "is_version_conflict",
    "round_version_conflict",
]
