"""A game's visible history: who changed what, with the old and new values."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from ..jsontext import loads_stored
from ..models import (
    Change,
    utcnow,
)
from ..rules.language import N_, _
from .phase_rounds import said
from .statements import INSERT_CHANGE
from .store import get_game

# --- history ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    at: datetime
    actor: str
    action: str
    round_number: int | None
    summary: str
    before: Any
    after: Any


def history(session: Session, game_id: str) -> list[HistoryLine]:
    get_game(session, game_id)
    rows = session.exec(
        select(Change).where(Change.game_id == game_id).order_by(col(Change.id).desc())
    ).all()
    return [
        HistoryLine(
            r.at,
            r.actor,
            r.action,
            r.round_number,
            r.summary,
            loads_stored(r.before) if r.before else None,
            loads_stored(r.after) if r.after else None,
        )
        for r in rows
    ]


# The history keeps each line's summary in English, whoever wrote it (an export carries it
# as written); a page says it in its reader's language by reading it back with these.
# "Round 2 entered: ...", or "Hand 2 ..." as a phase game records it (phase_rounds.recorded).
_ROUND_LINE = re.compile(r"^(?:Round|Hand) (\d+) (entered|edited|undone): (.*)$", re.DOTALL)
# A phase game's round line ends with who completed a phase (phase_rounds.phases_summary).
_PHASES_TAIL = re.compile(
    r"^(?P<points>.*)\. (?:Phases completed: (?P<done>.*)|(?P<none>No phase completed))$",
    re.DOTALL,
)
_LINES = (
    (re.compile(r"^Game created: (?P<names>.*) play (?P<rules>.*)$", re.DOTALL),
     N_("Game created: {names} play {rules}")),
    (re.compile(r"^Edit rights taken from (?P<device>.*)$", re.DOTALL),
     N_("Edit rights taken from {device}")),
    (re.compile(r"^Join code changed$"), N_("Join code changed")),
)  # fmt: skip


def spoken_summary(text: str, phased: bool) -> str:
    """A history line's stored (English) summary in the current language: "Hand 3 entered"
    in a phase game; a line of another kind (or from an older version) as stored.

    >>> spoken_summary("Round 2 edited: Ann 5 → 0", phased=True)
    'Hand 2 edited: Ann 5 → 0'
    >>> spoken_summary("Game created: Ann, Bob play Liverpool Rummy", phased=False)
    'Game created: Ann, Bob play Liverpool Rummy'
    """
    match = _ROUND_LINE.match(text)
    if match is not None:
        number, action, rest = match.groups()
        rest, phases = _phases_said(rest)
        return said(phased, action, number=number, points=rest, changes=rest) + phases
    for pattern, sentence in _LINES:
        found = pattern.match(text)
        if found is not None:
            return _(sentence).format(**found.groupdict())
    return text


def _phases_said(rest: str) -> tuple[str, str]:
    """A round line's points, and its phases' tail in the reader's language ("" if none)."""
    tail = _PHASES_TAIL.match(rest)
    if tail is None:
        return rest, ""
    if tail["none"]:
        return tail["points"], ". " + _("No phase completed")
    return tail["points"], ". " + _("Phases completed: {names}").format(names=tail["done"])


def latest_summary(session: Session, game_id: str) -> str | None:
    """The summary of the game's last change (None before any), read alone: the edit page
    asks for it on every update, and the whole history is long."""
    return session.exec(
        select(Change.summary)
        .where(Change.game_id == game_id)
        .order_by(col(Change.id).desc())
        .limit(1)
    ).first()


def log_change(
    session: Session,
    game_id: str,
    actor: str,
    action: str,
    number: int | None,
    before: Any,
    after: Any,
    summary: str,
    at: datetime | None = None,
) -> None:
    session.connection().execute(
        INSERT_CHANGE,
        {
            "game_id": game_id,
            "at": at or utcnow(),
            "actor": actor[:80],
            "action": action,
            "round_number": number,
            "before": None if before is None else json.dumps(before),
            "after": None if after is None else json.dumps(after),
            "summary": summary[:500],
        },
    )
