"""The game service: every change to a game goes through here, as one transaction.

Pages, the JSON API and the PDF sheets all read games as :class:`GameView` (pure data built
from the rows and the rules core) and change them with the functions below, which:

- validate entries with the rules core (``scoring.score_round``) before writing anything;
- take the game's write lock first (``BEGIN IMMEDIATE`` on SQLite, ``SELECT ... FOR UPDATE`` on
  PostgreSQL), so two devices cannot interleave;
- check the version the caller saw (optimistic locking: a stale edit gets a 409, never a
  silent overwrite);
- record an idempotency key with the change, so a retried request is answered, not repeated;
- write a history line with the old and new values.

The caller commits (``db.write_session`` or the request session); on any error nothing is kept.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
import threading
from collections import Counter, OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from random import SystemRandom
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, or_, update
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Compiled, Dialect, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col, select

from .db import begin_write
from .errors import Conflict, Forbidden, GameError, Invalid, KeyReused, NotFound
from .models import (
    Change,
    EditGrant,
    Entry,
    Game,
    IdempotencyRecord,
    Player,
    RateLimitHit,
    Round,
    utcnow,
)
from .rules import Card, RulesError, RuleSet, RuleViolation, build_rules, format_cards
from .rules.rulesets import MAX_PLAYERS, MIN_PLAYERS, RoundSpec
from .rules.scoring import PlayerResult, Standing, score_round, standings, winners
from .rules.seating import RoundSeats, round_seats

MAX_NAME_LENGTH = 200
MAX_TITLE_LENGTH = 200
JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I
JOIN_CODE_LENGTH = 6
# Storage limits, beyond anything a real hand reaches (the rules core checks the rules).
MAX_ROUND_NUMBER = 1000
MAX_HAND_CARDS = 100
MAX_BOUGHT = 100
_random = SystemRandom()


# --- the read model -----------------------------------------------------------------------


@dataclass(frozen=True)
class EntryView:
    """One player's result in a round; ``points`` includes the cut bonus."""

    seat: int
    points: int
    hand_points: int
    went_out: bool
    cards: tuple[Card, ...] | None
    bought: int
    cut_bonus: bool

    @property
    def cards_text(self) -> str | None:
        return None if self.cards is None else format_cards(self.cards)


@dataclass(frozen=True)
class RoundView:
    number: int
    spec: RoundSpec
    seats: RoundSeats
    entries: tuple[EntryView, ...]  # by seat
    went_out: int
    cut_bonus: bool
    running_totals: tuple[int, ...]
    version: int
    updated_at: datetime

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(e.points for e in self.entries)


@dataclass(frozen=True)
class GameView:
    """Everything there is to show about a game, as plain data."""

    id: str
    title: str
    preset: str
    options: Mapping[str, Any]
    rules: RuleSet
    players: tuple[str, ...]
    first_dealer: int
    join_code: str
    rounds: tuple[RoundView, ...]
    version: int
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rounds[-1].running_totals if self.rounds else (0,) * len(self.players)

    @property
    def standings(self) -> list[Standing]:
        return standings(self.totals)

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.rules.round_count

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(winners(self.totals)) if self.finished else ()

    @property
    def leaders(self) -> tuple[int, ...]:
        return tuple(winners(self.totals)) if self.rounds else ()

    @property
    def next_round(self) -> int | None:
        """The number of the round to enter next, or None when the game is over."""
        return None if self.finished else len(self.rounds) + 1

    @property
    def current_round(self) -> int:
        """The round being played now (the last one once the game is over)."""
        return self.next_round or self.rules.round_count

    def seats_for(self, number: int) -> RoundSeats:
        return round_seats(self.first_dealer, number, len(self.players))

    def spec_for(self, number: int) -> RoundSpec:
        return self.rules.round(number)

    @property
    def display_title(self) -> str:
        return self.title or f"{self.rules.name}, {self.created_at:%d %b %Y}"

    def as_dict(self) -> dict[str, Any]:
        """The game as the JSON API shows it."""
        names = self.players
        return {
            "id": self.id,
            "title": self.title,
            "rules": self.preset,
            "options": dict(self.options),
            "rule_set": self.rules.name,
            "players": list(names),
            "first_dealer": names[self.first_dealer],
            "version": self.version,
            "rounds": [
                {
                    "round": r.number,
                    "contract": r.spec.contract.describe(),
                    "dealer": names[r.seats.dealer],
                    "cutter": names[r.seats.cutter],
                    "went_out": names[r.went_out],
                    "cut_bonus": names[r.seats.cutter] if r.cut_bonus else None,
                    "version": r.version,
                    "results": [
                        {
                            "player": names[e.seat],
                            "points": e.points,
                            "went_out": e.went_out,
                            "cards": e.cards_text,
                            "bought": e.bought,
                        }
                        for e in r.entries
                    ],
                    "totals": dict(zip(names, r.running_totals, strict=True)),
                }
                for r in self.rounds
            ],
            "totals": dict(zip(names, self.totals, strict=True)),
            "standings": [
                {"place": s.place, "player": names[s.seat], "total": s.total}
                for s in self.standings
            ],
            "next_round": self.next_round,
            "finished": self.finished,
            "winners": [names[s] for s in self.winners],
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
        }


def _parse_cards_column(text: str | None) -> tuple[Card, ...] | None:
    if text is None:
        return None
    from .rules import parse_cards

    return parse_cards(text)


def build_view(
    game: Game, players: Sequence[Player], rounds: Sequence[Round], entries: Sequence[Entry]
) -> GameView:
    rules = build_rules(game.preset, json.loads(game.options))
    names = tuple(p.name for p in sorted(players, key=lambda p: p.seat))
    by_round: dict[int, list[Entry]] = {}
    for entry in entries:
        by_round.setdefault(entry.round_id, []).append(entry)
    running: Sequence[int] = (0,) * len(names)
    round_views: list[RoundView] = []
    for row in sorted(rounds, key=lambda r: r.number):
        view = _round_view(rules, game.first_dealer, row, by_round.get(row.id or 0, []), running)
        running = view.running_totals
        round_views.append(view)
    return GameView(
        id=game.id, title=game.title, preset=game.preset, options=json.loads(game.options),
        rules=rules, players=names, first_dealer=game.first_dealer, join_code=game.join_code,
        rounds=tuple(round_views), version=game.version, created_at=game.created_at,
        updated_at=game.updated_at, finished_at=game.finished_at,
    )  # fmt: skip


def _round_view(
    rules: RuleSet,
    first_dealer: int,
    row: Round | _RoundValues,
    entries: Sequence[Entry | _EntryValues],
    before: Sequence[int],
) -> RoundView:
    """One round's view from its rows; ``before`` holds the totals after the round before."""
    seats = round_seats(first_dealer, row.number, len(before))
    views = tuple(
        EntryView(
            seat=e.seat,
            points=e.points,
            hand_points=e.hand_points,
            went_out=e.went_out,
            cards=_parse_cards_column(e.cards),
            bought=e.bought,
            cut_bonus=row.cut_bonus and e.seat == seats.cutter,
        )
        for e in sorted(entries, key=lambda e: e.seat)
    )
    running = list(before)
    for e in views:
        running[e.seat] += e.points
    return RoundView(
        row.number,
        rules.round(row.number),
        seats,
        views,
        row.went_out_seat,
        row.cut_bonus,
        tuple(running),
        row.version,
        row.updated_at,
    )


@dataclass(frozen=True)
class _Stamp:
    """The game row's new version, ``updated_at`` and ``finished_at`` after a change."""

    version: int
    updated_at: datetime
    finished_at: datetime | None


def _changed_view(
    view: GameView,
    game: Game | _Stamp,
    rounds: Sequence[RoundView],
) -> GameView:
    """The view after a change, from the view before it (no queries): ``rounds`` replace the
    old ones and the running totals are recounted. Cache it with :func:`_cache_view` once the
    change is written."""
    recounted: list[RoundView] = []
    running: tuple[int, ...] = (0,) * view.player_count
    for r in rounds:
        totals = list(running)
        for e in r.entries:
            totals[e.seat] += e.points
        running = tuple(totals)
        recounted.append(r if r.running_totals == running else replace(r, running_totals=running))
    return replace(
        view,
        rounds=tuple(recounted),
        version=game.version,
        updated_at=game.updated_at,
        finished_at=game.finished_at,
    )


def load_game(session: Session, game_id: str) -> GameView:
    """The game as a view, or NotFound.

    One small query while the game is unchanged: its version and time find the view built
    before; the rows are read only when they changed.
    """
    _check_game_id(game_id)
    stamp = _reader(session).execute(_STAMP_OF, {"game_id": game_id}).first()
    if stamp is None:
        raise NotFound()
    with _view_cache_lock:
        cached = _VIEW_CACHE.get((game_id, stamp.version, stamp.updated_at))
    if cached is not None:
        return cached
    return _view(session, _get_game(session, game_id))


def _reader(session: Session) -> Connection:
    """The session's connection, for Core reads: pending ORM changes are flushed first, as
    the ORM's own queries would."""
    if session.new or session.dirty or session.deleted:
        session.flush()
    return session.connection()


# Views are immutable, and every change to a game bumps its version and ``updated_at``: a view
# built once is reused while the game's row shows the same pair. The cache is per process and
# checked against the database on every read (the game row is read each time), so nothing
# another process needs lives here; a change rolled back leaves an entry no row matches.
_VIEW_CACHE: OrderedDict[tuple[str, int, datetime], GameView] = OrderedDict()
_VIEW_CACHE_SIZE = 512
_view_cache_lock = threading.Lock()
_VERSION_OF = sa_select(Game.version).where(col(Game.id) == bindparam("game_id"))
_STAMP_OF = sa_select(Game.version, Game.updated_at).where(col(Game.id) == bindparam("game_id"))


def _view(session: Session, game: Game) -> GameView:
    key = (game.id, game.version, game.updated_at)
    with _view_cache_lock:
        cached = _VIEW_CACHE.get(key)
        if cached is not None:
            _VIEW_CACHE.move_to_end(key)
            return cached
    view = _build(session, game)
    # Keep it only if no change was committed while the rows were read (PostgreSQL reads
    # each statement afresh; SQLite reads one snapshot): the version would have moved on.
    if game_version(session, game.id) == game.version:
        _cache_view(view)
    return view


def _cache_view(view: GameView) -> None:
    """Keep a view: found by the next reader once committed; never if rolled back (no row
    matches its version and time then)."""
    with _view_cache_lock:
        _VIEW_CACHE[(view.id, view.version, view.updated_at)] = view
        while len(_VIEW_CACHE) > _VIEW_CACHE_SIZE:
            _VIEW_CACHE.popitem(last=False)


def _build(session: Session, game: Game) -> GameView:
    players = session.exec(select(Player).where(Player.game_id == game.id)).all()
    rounds = session.exec(select(Round).where(Round.game_id == game.id)).all()
    round_ids = [r.id for r in rounds]
    entries = (
        session.exec(select(Entry).where(col(Entry.round_id).in_(round_ids))).all()
        if round_ids
        else []
    )
    return build_view(game, players, rounds, entries)


def game_version(session: Session, game_id: str) -> int | None:
    """Just the version, as ``session`` sees it."""
    version: int | None = (
        session.connection().execute(_VERSION_OF, {"game_id": game_id}).scalar_one_or_none()
    )
    return version


def current_version(engine: Engine, game_id: str) -> int | None:
    """The game's version now, for what screens poll (the watch page, ``GET`` of a game).

    One primary-key lookup on a pooled DBAPI connection, without an ORM session or a
    SQLAlchemy transaction around it: their bookkeeping costs about eight times the query
    (about 90 µs against 11 on SQLite), and an unchanged game needs nothing else. SQLite runs
    it in autocommit mode (the app issues its own BEGINs), so it sees the latest commit;
    PostgreSQL's implicit transaction is rolled back when the connection returns to the pool.
    """
    statement, positions = _version_query(engine.dialect)
    params = statement.construct_params({"game_id": game_id})
    arguments: Any = tuple(params[name] for name in positions) if positions else params
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        try:
            cursor.execute(statement.string, arguments)
            row = cursor.fetchone()
        finally:
            cursor.close()
    finally:
        connection.close()
    return None if row is None else int(row[0])


@functools.cache
def _version_query(dialect: Dialect) -> tuple[Compiled, tuple[str, ...]]:
    """``_VERSION_OF`` compiled for ``dialect``, and its parameters' order if positional."""
    compiled = _VERSION_OF.compile(dialect=dialect)
    positions = getattr(compiled, "positiontup", None) or ()
    return compiled, tuple(positions)


def _check_game_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not 16 <= len(game_id) <= 32:
        raise NotFound()


def _get_game(session: Session, game_id: str, *, lock: bool = False) -> Game:
    _check_game_id(game_id)
    statement = select(Game).where(Game.id == game_id)
    if lock:
        # Refresh a row this session may have read before the lock: another writer may have
        # changed it meanwhile (PostgreSQL reads the latest row once the lock is granted).
        statement = statement.with_for_update().execution_options(populate_existing=True)
    game = session.exec(statement).first()
    if game is None:
        raise NotFound()
    return game


def _lock_game(session: Session, game_id: str) -> Game:
    """Start a write transaction and lock the game row against other writers."""
    begin_write(session)
    return _get_game(session, game_id, lock=True)


# --- tokens and access --------------------------------------------------------------------
#
# An edit grant is a row of EditGrant. An API client holds a random token (only its hash is
# stored). A browser holds no tokens: it holds its device id (in its signed cookie), and its
# grants carry the hash of that id, so a device keeps every grant it was given.


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    """An unguessable id: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


def new_join_code() -> str:
    return "".join(_random.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def new_device_id() -> str:
    """A browser's secret id (192 random bits), kept in its cookie."""
    return secrets.token_urlsafe(24)


def _device_hash(device: str | None) -> str | None:
    valid = isinstance(device, str) and 20 <= len(device) <= 100
    return hash_token(f"device:{device}") if valid else None


def grant_edit(session: Session, game_id: str, label: str, device: str | None = None) -> str:
    """Edit rights to ``game_id``: a new token (its hash is stored), or, for a ``device``,
    a grant tied to the device (once per game: asking again changes nothing) and ``""``."""
    device_hash = _device_hash(device)
    if device_hash is not None and _device_grant(session, game_id, device_hash) is not None:
        return ""
    token = secrets.token_urlsafe(32)
    session.add(
        EditGrant(
            token_hash=hash_token(token), game_id=game_id, label=label[:80], device_hash=device_hash
        )
    )
    return "" if device_hash is not None else token


def _device_grant(session: Session, game_id: str, device_hash: str) -> EditGrant | None:
    return session.exec(
        select(EditGrant)
        .where(EditGrant.game_id == game_id, EditGrant.device_hash == device_hash)
        .order_by(col(EditGrant.created_at).desc())
        .limit(1)
    ).first()


def can_edit(
    session: Session, game_id: str, tokens: Sequence[str], device: str | None = None
) -> bool:
    """Whether one of ``tokens``, or ``device``, holds a grant for the game (one query)."""
    hashes = [hash_token(t) for t in tokens if isinstance(t, str) and 20 <= len(t) <= 100]
    device_hash = _device_hash(device)
    if not hashes and device_hash is None:
        return False
    found = (
        _reader(session)
        .execute(_GRANT_OF, {"game_id": game_id, "hashes": hashes, "device": device_hash})
        .first()
    )
    return found is not None


_GRANT_OF = (
    sa_select(EditGrant.token_hash)
    .where(
        col(EditGrant.game_id) == bindparam("game_id"),
        or_(
            col(EditGrant.token_hash).in_(bindparam("hashes", expanding=True)),
            col(EditGrant.device_hash) == bindparam("device"),
        ),
    )
    .limit(1)
)


def require_edit(
    session: Session, game_id: str, tokens: Sequence[str], device: str | None = None
) -> None:
    _get_game(session, game_id)
    if not can_edit(session, game_id, tokens, device):
        raise Forbidden()


def device_label(session: Session, game_id: str, device: str) -> str:
    """How a device appears in the game's history ("creator device", "joined device 2")."""
    device_hash = _device_hash(device)
    grant = None if device_hash is None else _device_grant(session, game_id, device_hash)
    return grant.label if grant is not None else "this device"


def device_game_ids(session: Session, device: str, limit: int = 200) -> list[str]:
    """The games a device holds grants for, most recently granted first."""
    device_hash = _device_hash(device)
    if device_hash is None:
        return []
    rows = session.exec(
        select(EditGrant.game_id, func.max(EditGrant.created_at))
        .where(EditGrant.device_hash == device_hash)
        .group_by(EditGrant.game_id)
        .order_by(func.max(EditGrant.created_at).desc())
        .limit(limit)
    ).all()
    return [game_id for game_id, _at in rows]


def claim_tokens(session: Session, device: str, tokens: Sequence[str]) -> int:
    """Tie the grants of ``tokens`` (kept in cookies before devices had ids) to ``device``;
    how many were found. Grants already tied to a device stay with it."""
    device_hash = _device_hash(device)
    hashes = [hash_token(t) for t in tokens if isinstance(t, str) and 20 <= len(t) <= 100]
    if device_hash is None or not hashes:
        return 0
    result = session.connection().execute(
        update(EditGrant.__table__)  # type: ignore[attr-defined]
        .where(
            EditGrant.__table__.c.token_hash.in_(hashes),  # type: ignore[attr-defined]
            EditGrant.__table__.c.device_hash.is_(None),  # type: ignore[attr-defined]
        )
        .values(device_hash=device_hash)
    )
    return int(result.rowcount or 0)


@dataclass(frozen=True)
class GrantView:
    """One device or API client that may edit a game, as its editors see it."""

    ref: str  # names the grant in a revoke request; reveals nothing of its token
    label: str
    created_at: datetime
    kind: str  # "device" or "api"
    yours: bool  # held by the device or token asking


def edit_grants(
    session: Session, game_id: str, tokens: Sequence[str] = (), device: str | None = None
) -> list[GrantView]:
    """Everyone who may edit the game, oldest first; ``yours`` marks the asker's own."""
    _get_game(session, game_id)
    rows = session.exec(
        select(EditGrant).where(EditGrant.game_id == game_id).order_by(col(EditGrant.created_at))
    ).all()
    return [_grant_view(row, tokens, device) for row in rows]


def _grant_view(row: EditGrant, tokens: Sequence[str], device: str | None) -> GrantView:
    device_hash = _device_hash(device)
    return GrantView(
        ref=hash_token(f"ref:{row.token_hash}")[:16],
        label=row.label or "a device",
        created_at=row.created_at,
        kind="api" if row.device_hash is None else "device",
        yours=row.token_hash in {hash_token(t) for t in tokens}
        or (device_hash is not None and row.device_hash == device_hash),
    )


def revoke_grant(
    session: Session,
    game_id: str,
    ref: str,
    actor: str = "",
    tokens: Sequence[str] = (),
    device: str | None = None,
) -> GrantView:
    """Take edit rights away from one device or API client (the join code still works)."""
    _lock_game(session, game_id)
    rows = session.exec(select(EditGrant).where(EditGrant.game_id == game_id)).all()
    found = [(row, _grant_view(row, tokens, device)) for row in rows]
    row, gone = next(((r, v) for r, v in found if v.ref == ref), (None, None))
    if row is None or gone is None:
        raise NotFound("That device cannot edit this game (any more).")
    session.delete(row)
    _log(session, game_id, actor, "revoke", None, {"device": gone.label}, None,
         f"Edit rights taken from {gone.label}")  # fmt: skip
    return gone


def normalize_join_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _check_join_code(game: Game, code: Any) -> None:
    if not isinstance(code, str) or not secrets.compare_digest(
        normalize_join_code(code[:40]).encode(), game.join_code.encode()
    ):
        raise Forbidden("That join code is not right. Check the code shown on the scoring device.")


def join(
    session: Session, game_id: str, code: str, label: str | None = None, device: str | None = None
) -> str:
    """Edit rights for whoever typed the game's join code (see :func:`grant_edit`), or a 403.

    A wrong code is refused after a read: it takes no write lock, so a flood of wrong codes
    does not hold up anyone entering scores. ``label`` defaults to "joined device N".
    """
    _check_join_code(_get_game(session, game_id), code)
    _end_reading(session)
    game = _lock_game(session, game_id)
    _check_join_code(game, code)  # again: the code may have been changed meanwhile
    if label is None:
        granted = session.exec(
            select(func.count()).select_from(EditGrant).where(EditGrant.game_id == game_id)
        ).one()
        label = f"joined device {granted + 1}"
    return grant_edit(session, game_id, label, device)


def rotate_join_code(session: Session, game_id: str, actor: str = "") -> GameView:
    """Give the game a new join code: the old one stops working (grants already given stay)."""
    game = _lock_game(session, game_id)
    code = new_join_code()
    while code == game.join_code:
        code = new_join_code()
    session.connection().execute(update(_GAME).where(_GAME.c.id == game_id).values(join_code=code))
    set_committed_value(game, "join_code", code)
    _update_game(session, game, utcnow(), finished_at=game.finished_at)
    _log(session, game_id, actor, "join_code", None, None, None, "Join code changed")
    return _view(session, game)


def count_attempt(session: Session, bucket: str, limit: int, period: timedelta) -> bool:
    """Count one attempt in ``bucket``; False when the limit for the period is already used.

    Counters live in the database, so every process sharing it shares the limit. An attempt
    over the limit is refused after a read, without a write; one within it is counted in a
    short write transaction of its own (at most ``limit`` a period for one bucket).
    """
    now = utcnow()
    if _attempts(session, bucket, now - period) >= limit:
        _end_reading(session)
        return False
    _end_reading(session)
    begin_write(session)
    if _attempts(session, bucket, now - period) >= limit:  # others counted meanwhile
        session.commit()
        return False
    session.exec(delete(RateLimitHit).where(col(RateLimitHit.at) < now - period))  # type: ignore[call-overload]
    session.add(RateLimitHit(bucket=bucket, at=now))
    session.commit()
    return True


def _attempts(session: Session, bucket: str, since: datetime) -> int:
    used: int = session.exec(
        select(func.count())
        .select_from(RateLimitHit)
        .where(RateLimitHit.bucket == bucket, col(RateLimitHit.at) >= since)
    ).one()
    return used


# --- creating a game ----------------------------------------------------------------------


def clean_name(name: Any, what: str = "A player's name") -> str:
    if not isinstance(name, str):
        raise Invalid(f"{what} must be text")
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise Invalid(f"{what} cannot be empty")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise Invalid(f"{what} is too long (at most {MAX_NAME_LENGTH} characters)")
    return cleaned


def validate_new_game(
    preset: Any, players: Any, options: Any, title: Any = "", first_dealer: Any = None
) -> tuple[RuleSet, list[str], str, int | None]:
    """Check everything about a new game; raise Invalid naming each problem."""
    problems: dict[str, str] = {}
    rules: RuleSet | None = None
    try:
        rules = build_rules(preset if isinstance(preset, str) else "", options or {})
    except RulesError as error:
        problems["rules" if "option" not in error.message else "options"] = error.message
    names: list[str] = []
    if not isinstance(players, list | tuple):
        problems["players"] = "players must be a list of names"
    elif (count_problem := _player_count_problem(rules, len(players))) is not None:
        # Counted before any name is read: a long list costs nothing but this check.
        problems["players"] = count_problem
    else:
        for index, name in enumerate(players):
            try:
                names.append(clean_name(name))
            except Invalid as error:
                problems[f"players.{index}"] = error.message
        seen = Counter(name.casefold() for name in names)
        duplicates = sorted({n for n in names if seen[n.casefold()] > 1})
        if duplicates:
            problems["players"] = "each player needs a different name: " + ", ".join(duplicates)
    try:
        clean_title = "" if not title else clean_name(title, "The title")[:MAX_TITLE_LENGTH]
    except Invalid as error:
        problems["title"] = error.message
        clean_title = ""
    dealer: int | None = None
    if first_dealer is not None and first_dealer != "":
        if isinstance(first_dealer, str) and first_dealer in names:
            dealer = names.index(first_dealer)
        elif (
            isinstance(first_dealer, int)
            and not isinstance(first_dealer, bool)
            and 0 <= first_dealer < max(len(names), 1)
        ):
            dealer = first_dealer
        else:
            problems["first_dealer"] = "the first dealer must be one of the players"
    if problems or rules is None:
        first = next(iter(problems.values()), "the game could not be created")
        raise Invalid(first, problems)
    return rules, names, clean_title, dealer


def _player_count_problem(rules: RuleSet | None, count: int) -> str | None:
    """What is wrong with this many players (any rule set's bounds when the rules are not
    known), or None."""
    try:
        if rules is not None:
            rules.check_players(count)
        elif not MIN_PLAYERS <= count <= MAX_PLAYERS:
            return f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}"
    except RulesError as error:
        return error.message
    return None


def create_game(
    session: Session,
    *,
    preset: Any,
    players: Any,
    options: Any = None,
    title: Any = "",
    first_dealer: Any = None,
    actor: str = "",
    idempotency_key: str | None = None,
    client: str = "",
    device: str | None = None,
    label: str = "creator",
) -> tuple[GameView, str]:
    """Create a game; returns it and the creator's edit token. Cut for deal if no dealer.

    The creator's grant goes to ``device`` when given (the token is then ``""``), else to a
    new token. A retry by the same ``client`` with the same ``idempotency_key`` and the same
    values (a double tap on "Start") answers with the game the first request created, and
    edit rights to it, instead of a second game; the same key with other values is refused
    (KeyReused), and another client's key is another key.
    """
    key = _check_key(idempotency_key)
    rules, names, clean_title, dealer = validate_new_game(
        preset, players, options, title, first_dealer
    )
    retry = _retry(
        client, "new", key, "create_game", rules.id, names, options or {}, clean_title, dealer
    )
    if dealer is None:
        dealer = _random.randrange(len(names))  # "cut for deal"
    begin_write(session)
    replayed = _replay_creation(session, retry, label, device)
    if replayed is not None:
        return replayed
    game = Game(
        id=new_game_id(),
        title=clean_title,
        preset=rules.id,
        options=json.dumps(options or {}, sort_keys=True),
        first_dealer=dealer,
        join_code=new_join_code(),
    )
    session.add(game)
    session.flush()
    for seat, name in enumerate(names):
        session.add(Player(game_id=game.id, seat=seat, name=name))
    token = grant_edit(session, game.id, label, device)
    _log(
        session,
        game.id,
        actor,
        "create",
        None,
        None,
        {"players": names, "rules": rules.id, "options": options or {}, "title": clean_title},
        f"Game created: {', '.join(names)} play {rules.name}",
    )
    if retry.key:
        session.add(
            IdempotencyRecord(
                key=retry.key,
                request_hash=retry.request,
                game_id=game.id,
                action="create_game",
                status=201,
            )
        )
    try:
        session.flush()
    except IntegrityError:
        # The same key, committed meanwhile by a concurrent request (PostgreSQL lets both
        # start): answer with that game.
        session.rollback()
        begin_write(session)
        replayed = _replay_creation(session, retry, label, device)
        if replayed is None:
            raise
        return replayed
    return _view(session, game), token


def _replay_creation(
    session: Session, retry: _Retry, label: str, device: str | None
) -> tuple[GameView, str] | None:
    """The game an earlier request with this key created, and edit rights to it."""
    if not retry.key:
        return None
    record = session.get(IdempotencyRecord, retry.key)
    if record is None:
        return None
    if record.request_hash != retry.request:
        raise KeyReused(
            "That request key already started a game with other values. Nothing was changed: "
            "send a new key (Idempotency-Key) to start another game."
        )
    return load_game(session, record.game_id), grant_edit(session, record.game_id, label, device)


def recent_player_names(session: Session, game_ids: Sequence[str], limit: int = 24) -> list[str]:
    """Names from the given games (this device's), most recently played first.

    Only the device's own games: on a shared server, other people's names are not offered.
    """
    if not game_ids:
        return []
    rows = session.exec(
        select(Player.name, func.max(Game.created_at).label("last"))
        .join(Game, Game.id == Player.game_id)  # type: ignore[arg-type]
        .where(col(Game.id).in_(list(game_ids)))
        .group_by(Player.name)
        .order_by(func.max(Game.created_at).desc())
        .limit(limit)
    ).all()
    return [name for name, _last in rows]


def list_games(
    session: Session, ids: Sequence[str] | None = None, limit: int = 50
) -> list[GameView]:
    """Games newest first (only ``ids`` when given)."""
    statement = select(Game).order_by(col(Game.created_at).desc()).limit(limit)
    if ids is not None:
        if not ids:
            return []
        statement = statement.where(col(Game.id).in_(list(ids)))
    return [_view(session, game) for game in session.exec(statement).all()]


# --- rounds -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundInput:
    """A round as entered: one result per seat, and whether the cutter earned the cut bonus."""

    results: tuple[PlayerResult, ...]
    cut_bonus: bool = False


def _score(view: GameView, number: int, entry: RoundInput) -> tuple[int, ...]:
    if len(entry.results) != view.player_count:
        raise Invalid(f"enter a result for each of the {view.player_count} players")
    try:
        scored = score_round(
            view.rules,
            number,
            entry.results,
            first_dealer=view.first_dealer,
            cut_bonus=entry.cut_bonus,
            names=view.players,
        )
    except RuleViolation as violation:
        details = [
            {
                "player": view.players[p.meld] if p.meld is not None else None,
                "code": p.code,
                "message": p.message,
            }
            for p in violation.problems
        ]
        raise Invalid(
            violation.problems[0].message
            if len(violation.problems) == 1
            else "; ".join(p.message for p in violation.problems),
            details,
        ) from None
    for seat, result in enumerate(entry.results):
        if result.cards is not None and len(result.cards) > MAX_HAND_CARDS:
            raise Invalid(
                f"{view.players[seat]} cannot hold {len(result.cards)} cards "
                f"(at most {MAX_HAND_CARDS})",
                {"player": view.players[seat]},
            )
        if result.bought > MAX_BOUGHT:
            raise Invalid(
                f"{view.players[seat]} cannot have bought {result.bought} cards "
                f"(at most {MAX_BOUGHT})",
                {"player": view.players[seat]},
            )
    return scored.points


def _entries_json(view: GameView, points: Sequence[int], entry: RoundInput) -> dict[str, Any]:
    return {
        "cut_bonus": entry.cut_bonus,
        "results": {
            view.players[seat]: {
                "points": points[seat],
                "went_out": result.went_out,
                "cards": None if result.cards is None else format_cards(result.cards),
                "bought": result.bought,
            }
            for seat, result in enumerate(entry.results)
        },
    }


@dataclass(frozen=True)
class _RoundValues:
    """A round row's values, before they are written (plain values: building ORM objects
    costs more than the rest of the check)."""

    id: int | None
    game_id: str
    number: int
    went_out_seat: int
    cut_bonus: bool
    version: int
    created_at: datetime
    updated_at: datetime

    def for_insert(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id, "number": self.number, "went_out_seat": self.went_out_seat,
            "cut_bonus": self.cut_bonus, "version": self.version, "created_at": self.created_at,
            "updated_at": self.updated_at,
        }  # fmt: skip


@dataclass(frozen=True)
class _EntryValues:
    """An entry row's values, before they are written."""

    seat: int
    went_out: bool
    points: int
    hand_points: int
    cards: str | None
    bought: int

    def for_insert(self, round_id: int) -> dict[str, Any]:
        return {
            "round_id": round_id, "seat": self.seat, "went_out": self.went_out,
            "points": self.points, "hand_points": self.hand_points, "cards": self.cards,
            "bought": self.bought,
        }  # fmt: skip


@dataclass(frozen=True)
class _NewRound:
    """A round checked, scored and laid out as rows, before anything is written."""

    row: _RoundValues  # inserted, or updated for a replacement
    entries: tuple[_EntryValues, ...]
    view: RoundView  # as the round will read (running totals recounted by _changed_view)


def _lay_out(
    view: GameView, row: _RoundValues, points: Sequence[int], entry: RoundInput
) -> _NewRound:
    seats = view.seats_for(row.number)
    bonus = view.rules.cut_bonus if entry.cut_bonus else 0
    entries = tuple(
        _EntryValues(
            seat=seat,
            went_out=result.went_out,
            points=points[seat],
            hand_points=points[seat] - (bonus if seat == seats.cutter else 0),
            cards=None if result.cards is None else format_cards(result.cards),
            bought=result.bought,
        )
        for seat, result in enumerate(entry.results)
    )
    zeros = (0,) * view.player_count
    return _NewRound(row, entries, _round_view(view.rules, view.first_dealer, row, entries, zeros))


def _new_round_row(game_id: str, number: int, entry: RoundInput, now: datetime) -> _RoundValues:
    return _RoundValues(
        id=None, game_id=game_id, number=number, went_out_seat=_went_out(entry),
        cut_bonus=entry.cut_bonus, version=1, created_at=now, updated_at=now,
    )  # fmt: skip


def _write_entries(session: Session, round_id: int, entries: Sequence[_EntryValues]) -> None:
    """Add a round's entries, in one statement."""
    session.connection().execute(_INSERT_ENTRY, [e.for_insert(round_id) for e in entries])


# Writes go through SQLAlchemy Core: one statement each, no unit-of-work flushes, so the
# write lock is held for as short a time as possible.
_ROUND = Round.__table__  # type: ignore[attr-defined]
_INSERT_ROUND = insert(_ROUND)
_INSERT_ENTRY = insert(Entry.__table__)  # type: ignore[attr-defined]
_INSERT_CHANGE = insert(Change.__table__)  # type: ignore[attr-defined]
_INSERT_KEY = insert(IdempotencyRecord.__table__)  # type: ignore[attr-defined]
_DELETE_ENTRIES = delete(Entry.__table__).where(  # type: ignore[attr-defined]
    Entry.__table__.c.round_id == bindparam("round_id")  # type: ignore[attr-defined]
)
_DELETE_ROUND = delete(_ROUND).where(_ROUND.c.id == bindparam("round_id"))
_UPDATE_ROUND = (
    update(_ROUND)
    .where(_ROUND.c.id == bindparam("round_id"))
    .values(
        went_out_seat=bindparam("went_out_seat"),
        cut_bonus=bindparam("cut_bonus"),
        version=bindparam("version"),
        updated_at=bindparam("updated_at"),
    )
)
_GAME = Game.__table__  # type: ignore[attr-defined]


def _insert_round(session: Session, values: Mapping[str, Any]) -> int:
    """Insert a round's row; its new primary key."""
    key: int = session.connection().execute(_INSERT_ROUND, values).inserted_primary_key[0]
    return key


def _may_read_first(session: Session) -> bool:
    """Whether a change may do its reads and checks before taking the write lock.

    Only when the caller has no transaction open and nothing pending: the service then reads
    in a transaction of its own and ends it before writing. A caller that already holds a
    transaction (``write_session``, or a view that called ``begin_write``) gets every step
    under the lock, as before.
    """
    return not session.in_transaction() and not (session.new or session.dirty or session.deleted)


def _end_reading(session: Session) -> None:
    """End the read transaction: SQLite cannot turn a read snapshot into a write once another
    writer has committed, so the write starts afresh (``BEGIN IMMEDIATE``).

    The rows read are let go first (they stay usable, detached): a later query in this
    session loads them anew instead of trusting an identity map the write has outdated.
    """
    session.expunge_all()
    session.rollback()  # nothing was written: this only ends the read


def _claim(
    session: Session, game_id: str, seen: int, now: datetime, finished_at: datetime | None
) -> bool:
    """Take the write lock and bump the game's version, if it is still ``seen``.

    One statement: ``UPDATE game ... WHERE id = ? AND version = ?`` right after
    ``BEGIN IMMEDIATE`` (SQLite); on PostgreSQL the UPDATE locks the row as ``SELECT ... FOR
    UPDATE`` would, and re-checks the version once a concurrent writer's lock is released.
    It also sets the game's end (``finished_at``; the same value when a change keeps it).
    False when another change was committed since the checks: nothing has been written then.
    """
    begin_write(session)
    result = session.connection().execute(
        _CLAIM,
        {"game_id": game_id, "seen": seen, "next": seen + 1, "now": now, "end": finished_at},
    )
    return bool(result.rowcount == 1)


# Built once: the claim runs while the write lock is held, so it should not be compiled there.
_CLAIM = (
    update(_GAME)
    .where(_GAME.c.id == bindparam("game_id"), _GAME.c.version == bindparam("seen"))
    .values(version=bindparam("next"), updated_at=bindparam("now"), finished_at=bindparam("end"))
)


def _update_game(
    session: Session, game: Game, now: datetime, *, finished_at: datetime | None
) -> None:
    """Bump the (locked) game's version; the row object in the session follows."""
    session.connection().execute(
        update(_GAME)
        .where(_GAME.c.id == game.id)
        .values(version=game.version + 1, updated_at=now, finished_at=finished_at)
    )
    set_committed_value(game, "version", game.version + 1)
    set_committed_value(game, "updated_at", now)
    set_committed_value(game, "finished_at", finished_at)


@dataclass(frozen=True)
class _Retry:
    """How a request is known when it is sent again: ``key`` is the idempotency key scoped to
    its sender and to where it applies (None when no key was sent), ``request`` the
    fingerprint of what it asks for."""

    key: str | None
    request: str


def _retry(client: str, scope: str, key: str | None, *request: Any) -> _Retry:
    """A sender's key, scoped: the same key from another client, or for another game, is
    another key (so it can never replay someone else's answer)."""
    scoped = None if not key else _digest(client, scope, key)
    return _Retry(scoped, _digest(*request))


def _digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _round_request(action: str, number: int, entry: RoundInput) -> tuple[Any, ...]:
    results = [
        [r.went_out, r.points, None if r.cards is None else format_cards(r.cards), r.bought]
        for r in entry.results
    ]
    return action, number, entry.cut_bonus, results


def _replay(session: Session, game_id: str, retry: _Retry) -> GameView | None:
    """The game as it is, if this request was already carried out; KeyReused if its key was
    used for a different request."""
    if retry.key is None:
        return None
    record = _reader(session).execute(_KEY_OF, {"key": retry.key}).first()
    if record is None:
        return None
    if record.request_hash != retry.request:
        raise KeyReused()
    return load_game(session, game_id)


_KEY_OF = sa_select(IdempotencyRecord.request_hash).where(
    col(IdempotencyRecord.key) == bindparam("key")
)


def _check_key(key: str | None) -> str | None:
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > 100 or not key.isprintable():
        raise Invalid("the request key must be up to 100 printable characters")
    return key


def _remember(
    session: Session, game_id: str, retry: _Retry, action: str, number: int, now: datetime
) -> None:
    if retry.key:
        session.connection().execute(
            _INSERT_KEY,
            {
                "key": retry.key,
                "request_hash": retry.request,
                "game_id": game_id,
                "action": action,
                "status": 201,
                "round_number": number,
                "created_at": now,
            },
        )


def add_round(
    session: Session,
    game_id: str,
    number: int,
    entry: RoundInput,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    client: str = "",
    actor: str = "",
) -> tuple[GameView, bool]:
    """Record round ``number`` (the next one). Returns the game and whether it was new.

    A retry by the same ``client`` (an opaque name of the sender: its device or edit token)
    with the same idempotency key returns the game as it is, without a second round; the
    same key with other values is refused (KeyReused).
    """
    key = _check_key(idempotency_key)
    retry = _retry(client, game_id, key, *_round_request("add_round", number, entry))
    if not _may_read_first(session):
        return _add_round_locked(session, game_id, number, entry, expected_version, retry, actor)
    # Everything that needs no lock, in a read transaction: the game, the replay, the checks,
    # the scores, the rows to write and the game as it will read.
    view = load_game(session, game_id)
    replayed = _replay(session, game_id, retry)
    if replayed is not None:
        return replayed, False
    _check_next_round(view, number, expected_version)
    points = _score(view, number, entry)
    now = utcnow()
    new = _lay_out(view, _new_round_row(game_id, number, entry, now), points, entry)
    finished_at = now if number == view.rules.round_count else view.finished_at
    changed = _changed_view(
        view, _Stamp(view.version + 1, now, finished_at), (*view.rounds, new.view)
    )
    after = _entries_json(view, points, entry)
    summary = f"Round {number} entered: " + _points_summary(view, points)
    _end_reading(session)
    # The write: only if the game is still at the version all of the above was checked against.
    if not _claim(session, game_id, view.version, now, finished_at):
        return _add_round_locked(session, game_id, number, entry, expected_version, retry, actor)
    _write_entries(session, _insert_round(session, new.row.for_insert()), new.entries)
    _remember(session, game_id, retry, "add_round", number, now)
    _log(session, game_id, actor, "add_round", number, None, after, summary, now)
    _cache_view(changed)
    return changed, True


def _add_round_locked(
    session: Session,
    game_id: str,
    number: int,
    entry: RoundInput,
    expected_version: int | None,
    retry: _Retry,
    actor: str,
) -> tuple[GameView, bool]:
    """add_round with every step under the game's write lock."""
    game = _lock_game(session, game_id)
    replayed = _replay(session, game_id, retry)
    if replayed is not None:
        return replayed, False
    view = _view(session, game)
    _check_next_round(view, number, expected_version)
    points = _score(view, number, entry)
    now = utcnow()
    new = _lay_out(view, _new_round_row(game_id, number, entry, now), points, entry)
    _write_entries(session, _insert_round(session, new.row.for_insert()), new.entries)
    finished_at = now if number == view.rules.round_count else game.finished_at
    _update_game(session, game, now, finished_at=finished_at)
    _remember(session, game_id, retry, "add_round", number, now)
    after = _entries_json(view, points, entry)
    summary = f"Round {number} entered: " + _points_summary(view, points)
    _log(session, game_id, actor, "add_round", number, None, after, summary, now)
    changed = _changed_view(view, game, (*view.rounds, new.view))
    _cache_view(changed)
    return changed, True


def _check_next_round(view: GameView, number: int, expected_version: int | None) -> None:
    if view.finished:
        raise Invalid(f"the game is over: all {view.rules.round_count} rounds are recorded")
    if isinstance(number, bool) or not isinstance(number, int):
        raise Invalid("the round number must be a whole number")
    if number != view.next_round:
        if not 1 <= number <= view.rules.round_count:
            raise Invalid(
                f"{view.rules.name} has rounds 1 to {view.rules.round_count}; "
                f"there is no round {number} (the next round is {view.next_round})",
                {"next_round": view.next_round},
            )
        if number < (view.next_round or 0):
            raise Conflict(
                f"round {number} is already recorded; edit it instead",
                {"next_round": view.next_round},
            )
        raise Invalid(
            f"round {number} cannot be entered yet: the next round is {view.next_round}",
            {"next_round": view.next_round},
        )
    if expected_version is not None and expected_version != view.version:
        raise Conflict(
            "someone else changed this game meanwhile; check the scores and try again",
            {"version": view.version},
        )


def _went_out(entry: RoundInput) -> int:
    return next(seat for seat, r in enumerate(entry.results) if r.went_out)


def _points_summary(view: GameView, points: Sequence[int]) -> str:
    return ", ".join(f"{name} {p}" for name, p in zip(view.players, points, strict=True))


def replace_round(
    session: Session,
    game_id: str,
    number: int,
    entry: RoundInput,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    client: str = "",
    actor: str = "",
) -> GameView:
    """Replace a recorded round. ``expected_version`` is the round's version the editor saw.
    Idempotency keys work as for :func:`add_round`."""
    key = _check_key(idempotency_key)
    retry = _retry(client, game_id, key, *_round_request("replace_round", number, entry))
    if not _may_read_first(session):
        return _replace_round_locked(
            session, game_id, number, entry, expected_version, retry, actor
        )
    view = load_game(session, game_id)
    replayed = _replay(session, game_id, retry)
    if replayed is not None:
        return replayed
    plan = _plan_replace(session, view, number, entry, expected_version)
    now = utcnow()
    new = _lay_out(view, _replaced_row(plan.row, entry, now), plan.points, entry)
    rounds = tuple(new.view if r.number == number else r for r in view.rounds)
    changed = _changed_view(view, _Stamp(view.version + 1, now, view.finished_at), rounds)
    _end_reading(session)
    if not _claim(session, game_id, view.version, now, view.finished_at):
        return _replace_round_locked(
            session, game_id, number, entry, expected_version, retry, actor
        )
    _write_replacement(session, plan.row, new)
    _remember(session, game_id, retry, "replace_round", number, now)
    _log(session, game_id, actor, "replace_round", number, *plan.history, now)
    _cache_view(changed)
    return changed


def _replace_round_locked(
    session: Session,
    game_id: str,
    number: int,
    entry: RoundInput,
    expected_version: int | None,
    retry: _Retry,
    actor: str,
) -> GameView:
    """replace_round with every step under the game's write lock."""
    game = _lock_game(session, game_id)
    replayed = _replay(session, game_id, retry)
    if replayed is not None:
        return replayed
    view = _view(session, game)
    plan = _plan_replace(session, view, number, entry, expected_version)
    now = utcnow()
    new = _lay_out(view, _replaced_row(plan.row, entry, now), plan.points, entry)
    _write_replacement(session, plan.row, new)
    _update_game(session, game, now, finished_at=game.finished_at)
    _remember(session, game_id, retry, "replace_round", number, now)
    _log(session, game_id, actor, "replace_round", number, *plan.history, now)
    rounds = tuple(new.view if r.number == number else r for r in view.rounds)
    changed = _changed_view(view, game, rounds)
    _cache_view(changed)
    return changed


@dataclass(frozen=True)
class _Replacement:
    """A checked and scored round replacement, ready to write."""

    row: Round
    points: tuple[int, ...]
    history: tuple[Any, Any, str]  # before, after, summary


def _plan_replace(
    session: Session, view: GameView, number: int, entry: RoundInput, expected_version: int | None
) -> _Replacement:
    row = _round_row(session, view.id, number)
    if expected_version is not None and expected_version != row.version:
        raise Conflict(
            f"round {number} was changed on another device meanwhile; here are the "
            "new values: check them and edit again",
            {"version": row.version},
        )
    points = _score(view, number, entry)
    before_view = view.rounds[number - 1]
    before = {
        "cut_bonus": before_view.cut_bonus,
        "results": {
            view.players[e.seat]: {
                "points": e.points,
                "went_out": e.went_out,
                "cards": e.cards_text,
                "bought": e.bought,
            }
            for e in before_view.entries
        },
    }
    after = _entries_json(view, points, entry)
    changed = [
        f"{name} {before['results'][name]['points']} → {after['results'][name]['points']}"
        for name in view.players
        if before["results"][name]["points"] != after["results"][name]["points"]
    ]
    summary = f"Round {number} edited: " + (", ".join(changed) if changed else "no points changed")
    return _Replacement(row, tuple(points), (before, after, summary))


def _replaced_row(old: Round, entry: RoundInput, now: datetime) -> _RoundValues:
    return _RoundValues(
        id=old.id, game_id=old.game_id, number=old.number, went_out_seat=_went_out(entry),
        cut_bonus=entry.cut_bonus, version=old.version + 1, created_at=old.created_at,
        updated_at=now,
    )  # fmt: skip


def _write_replacement(session: Session, old: Round, new: _NewRound) -> None:
    row = new.row
    connection = session.connection()
    connection.execute(_DELETE_ENTRIES, {"round_id": row.id})
    connection.execute(
        _UPDATE_ROUND,
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


def _round_row(session: Session, game_id: str, number: int) -> Round:
    if isinstance(number, bool) or not isinstance(number, int):
        raise Invalid("the round number must be a whole number")
    if not 1 <= number <= MAX_ROUND_NUMBER:
        raise NotFound(f"there is no round {number}")
    row = session.exec(
        select(Round).where(Round.game_id == game_id, Round.number == number)
    ).first()
    if row is None:
        raise NotFound(f"round {number} has not been played yet")
    return row


def undo_last_round(
    session: Session,
    game_id: str,
    number: int | None = None,
    *,
    expected_version: int | None = None,
    actor: str = "",
) -> GameView:
    """Remove the last recorded round (``number``, when given, must be that round)."""
    if not _may_read_first(session):
        return _undo_locked(session, game_id, number, expected_version, actor)
    view = load_game(session, game_id)
    round_id, history = _plan_undo(session, view, number, expected_version)
    now = utcnow()
    changed = _changed_view(view, _Stamp(view.version + 1, now, None), view.rounds[:-1])
    _end_reading(session)
    if not _claim(session, game_id, view.version, now, None):
        return _undo_locked(session, game_id, number, expected_version, actor)
    _delete_round(session, round_id)
    _log(session, game_id, actor, "undo_round", view.rounds[-1].number, *history, now)
    _cache_view(changed)
    return changed


def _undo_locked(
    session: Session,
    game_id: str,
    number: int | None,
    expected_version: int | None,
    actor: str,
) -> GameView:
    """undo_last_round with every step under the game's write lock."""
    game = _lock_game(session, game_id)
    view = _view(session, game)
    round_id, history = _plan_undo(session, view, number, expected_version)
    now = utcnow()
    _delete_round(session, round_id)
    _update_game(session, game, now, finished_at=None)
    _log(session, game_id, actor, "undo_round", view.rounds[-1].number, *history, now)
    changed = _changed_view(view, game, view.rounds[:-1])
    _cache_view(changed)
    return changed


def _plan_undo(
    session: Session, view: GameView, number: int | None, expected_version: int | None
) -> tuple[int, tuple[Any, Any, str]]:
    """The id of the round to remove and its history line (before, after, summary)."""
    if not view.rounds:
        raise Invalid("no round has been recorded yet")
    last = view.rounds[-1]
    if number is not None and number != last.number:
        raise Invalid(f"only the last round (round {last.number}) can be undone")
    if expected_version is not None and expected_version != view.version:
        raise Conflict(
            "someone else changed this game meanwhile; check the scores first",
            {"version": view.version},
        )
    round_id = (
        _reader(session)
        .execute(_ROUND_ID_OF, {"game_id": view.id, "number": last.number})
        .scalar_one()
    )
    loaded = session.identity_map.get(identity_key(Round, round_id))
    if loaded is not None:  # about to be deleted behind the session's back: let it go
        session.expunge(loaded)
    before = {
        "results": {
            view.players[e.seat]: {"points": e.points, "went_out": e.went_out} for e in last.entries
        },
        "cut_bonus": last.cut_bonus,
    }
    summary = f"Round {last.number} undone: " + _points_summary(view, last.points)
    return round_id, (before, None, summary)


_ROUND_ID_OF = sa_select(Round.id).where(
    col(Round.game_id) == bindparam("game_id"), col(Round.number) == bindparam("number")
)


def _delete_round(session: Session, round_id: int) -> None:
    connection = session.connection()
    connection.execute(_DELETE_ENTRIES, {"round_id": round_id})
    connection.execute(_DELETE_ROUND, {"round_id": round_id})


def play_again(
    session: Session,
    game_id: str,
    actor: str = "",
    idempotency_key: str | None = None,
    *,
    client: str = "",
    device: str | None = None,
    label: str = "creator",
) -> tuple[GameView, str]:
    """A new game with the same players, rules and title; the next player deals first.
    Edit rights and idempotency keys as for :func:`create_game`."""
    old = load_game(session, game_id)
    return create_game(
        session,
        preset=old.preset,
        players=list(old.players),
        options=dict(old.options),
        title=old.title,
        first_dealer=(old.first_dealer + 1) % old.player_count,
        actor=actor,
        idempotency_key=idempotency_key,
        client=client,
        device=device,
        label=label,
    )


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
    _get_game(session, game_id)
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
            json.loads(r.before) if r.before else None,
            json.loads(r.after) if r.after else None,
        )
        for r in rows
    ]


def _log(
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
        _INSERT_CHANGE,
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


__all__ = [
    "Conflict",
    "EntryView",
    "Forbidden",
    "GameError",
    "GameView",
    "HistoryLine",
    "Invalid",
    "NotFound",
    "PlayerResult",
    "RoundInput",
    "RoundView",
    "add_round",
    "can_edit",
    "count_attempt",
    "create_game",
    "history",
    "join",
    "list_games",
    "load_game",
    "play_again",
    "recent_player_names",
    "replace_round",
    "require_edit",
    "undo_last_round",
]
