"""A game's visible history: who changed what, with the old and new values."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from ..jsontext import loads_stored
from ..models import (
    Change,
    utcnow,
)
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
