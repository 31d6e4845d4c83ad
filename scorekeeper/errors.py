"""Errors of the game service, shown to people as they are.

The web layer turns a :class:`GameError` into a 4xx answer (JSON for the API, a message in the
page otherwise) with the same status and message.
"""

from __future__ import annotations

from typing import Any

from .rules.language import N_, _


class GameError(Exception):
    """A request the game service refuses: ``status`` is the HTTP status it maps to."""

    # The game as the service had read it when it refused a change to it (a ``GameView``), so
    # a page that shows the game again need not read it once more; None when not read.
    game: Any = None

    def __init__(self, status: int, message: str, details: Any = None) -> None:
        # A sentence kept in a table (marked with N_) is translated here, when it is raised;
        # one built from a translated pattern is already in the reader's language (and is in
        # no catalogue, so the look-up leaves it as it is).
        message = _(message)
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details


class NotFound(GameError):
    def __init__(self, message: str = N_("There is no such game. Check the link.")) -> None:
        super().__init__(404, message)


class Forbidden(GameError):
    def __init__(
        self,
        message: str = N_("This device may only watch this game: enter the join code to score."),
    ) -> None:
        super().__init__(403, message)


class Conflict(GameError):
    """Someone else changed the same thing first (optimistic locking)."""

    def __init__(self, message: str, details: Any = None) -> None:
        super().__init__(409, message, details)


class Invalid(GameError):
    def __init__(self, message: str, details: Any = None) -> None:
        super().__init__(400, message, details)


class KeyReused(GameError):
    """A request key sent again with a different request: refused, never replayed (a 422)."""

    def __init__(
        self,
        message: str = N_(
            "That request key was already used for a different request. Nothing "
            "was changed: send a new key (Idempotency-Key) for a new request."
        ),
    ) -> None:
        super().__init__(422, message)
