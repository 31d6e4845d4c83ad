"""The read model: a game as plain, immutable data (:class:`GameView`), built from its rows
and the rules core, and the queries that list games.

In a phase game (``rules.phased``) each round is a hand in which every player plays their own
phase: the view works out who is on which phase from the hands as recorded
(:func:`scorekeeper.rules.phases.phase_progress`, :attr:`GameView.phases`), and each entry's
``phase`` is the phase played as that progress says (with the phases in order, what the row
holds is only a copy)."""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from babel.dates import format_date
from cachetools import LRUCache
from sqlalchemy import bindparam, func
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Compiled, Dialect, Engine
from sqlmodel import Session, col, select

from ..errors import NotFound
from ..jsontext import loads_stored
from ..models import (
    Entry,
    Game,
    Player,
    Round,
)
from ..rules import Card, RuleSet, build_rules, format_cards, from_document, parse_cards
from ..rules.language import _, current_language
from ..rules.limits import waived
from ..rules.phases import PhaseEntry, PhaseProgress, phase_progress
from ..rules.rulesets import PhaseOrder, RoundSpec
from ..rules.scoring import Standing, last_round, standings, winners
from ..rules.seating import RoundSeats, round_seats
from .store import GAME_IS_THERE, EntryValues, RoundValues, check_game_id, get_game, reader

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
    # In a phase game: the phase played (None in any order when the player completed none
    # and did not say) and whether it was completed; both None in a game played in rounds.
    phase: int | None = None
    phase_done: bool | None = None
    down_and_out: bool = False  # went out in the turn of going down (one_turn_bonus)

    @property
    def cards_text(self) -> str | None:
        return None if self.cards is None else format_cards(self.cards)


@dataclass(frozen=True)
class RoundView:
    number: int
    spec: RoundSpec | None  # the round's contract; None in a phase game (each plays their own)
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


def game_title(title: str, created_at: datetime) -> str:
    """A game's name in every list and on its pages: its title, or for an untitled game the
    day it was started (the rule set is said beside it).

    >>> game_title("", datetime(2026, 3, 7)), game_title("Sunday", datetime(2026, 3, 7))
    ('Game of 07 Mar 2026', 'Sunday')
    """
    if title:
        return title
    language = current_language()
    day = f"{created_at:%d %b %Y}" if language == "en" else format_date(created_at, locale=language)
    return _("Game of {day}").format(day=day)


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
    # Who is on which phase, from the rounds: a phase game's only (None in a rounds game).
    phases: PhaseProgress | None = None

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rounds[-1].running_totals if self.rounds else (0,) * len(self.players)

    @property
    def standings(self) -> list[Standing]:
        """Lowest total first; in a phase game, most phases completed first."""
        completed = None if self.phases is None else self.phases.completed_counts()
        return standings(self.totals, completed)

    @property
    def finished(self) -> bool:
        if self.phases is not None:
            return self.phases.finished
        return len(self.rounds) >= self.rules.round_count

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phases is not None:
            return self.phases.winners(self.totals)
        return tuple(winners(self.totals)) if self.finished else ()

    @property
    def leaders(self) -> tuple[int, ...]:
        """Who is ahead now (first place of the standings); none before the first round."""
        if not self.rounds:
            return ()
        return tuple(s.seat for s in self.standings if s.place == 1)

    @property
    def next_round(self) -> int | None:
        """The number of the round to enter next, or None when the game is over."""
        return None if self.finished else len(self.rounds) + 1

    @property
    def current_round(self) -> int:
        """The round being played now (the last one once the game is over)."""
        last = len(self.rounds) if self.phases is not None else self.rules.round_count
        return self.next_round or last

    @property
    def last_round(self) -> int:
        """The highest number a round of this game may have: the rule set's last round, or
        in a phase game (hands are open-ended) the safety limit of hands."""
        return last_round(self.rules)

    def seats_for(self, number: int) -> RoundSeats:
        return round_seats(self.first_dealer, number, len(self.players))

    def spec_for(self, number: int) -> RoundSpec:
        """Round ``number``'s contract. A phase game's hands have none of their own (each
        player plays theirs: :meth:`phase_spec`): the lowest phase a player is on stands
        in, so that a page naming "the round's contract" still shows one."""
        if self.phases is None:
            return self.rules.round(number)
        lowest = min(self.phases.current(seat) for seat in range(self.player_count))
        return self.rules.round(min(lowest, self.rules.round_count))

    def player_phase(self, seat: int) -> int | None:
        """The phase the player is on: phases completed plus one (the phase count plus one
        once all are done); None in a game played in rounds."""
        return None if self.phases is None else self.phases.current(seat)

    def phase_spec(self, seat: int) -> RoundSpec | None:
        """The contract of the phase the player is on, with the phases in order (None once
        they completed all, in any order, and in a game played in rounds)."""
        phase = self.player_phase(seat)
        if phase is None or self.phases is None or self.phases.any_order:
            return None
        return self.rules.round(phase) if phase <= self.rules.round_count else None

    @property
    def display_title(self) -> str:
        return game_title(self.title, self.created_at)

    def phases_dict(self) -> dict[str, Any] | None:
        """Each player's phase as the JSON API shows it (None in a game played in rounds):
        the phase they are on (phases completed plus one), its contract (with the phases in
        order, while they have one to play), the phases done and the phases left."""
        progress = self.phases
        if progress is None:
            return None
        found: dict[str, Any] = {}
        for seat, name in enumerate(self.players):
            spec = self.phase_spec(seat)
            found[name] = {
                "phase": progress.current(seat),
                "contract": None if spec is None else spec.contract.describe(),
                "done": list(progress.done(seat)),
                "left": list(progress.left(seat)),
            }
        return found

    def as_dict(self) -> dict[str, Any]:
        """The game as the JSON API shows it."""
        names = self.players
        return {
            "id": self.id,
            "title": self.title,
            "rules": self.preset,
            "options": dict(self.options),
            "rule_set": self.rules.name,
            "progression": self.rules.progression.value,
            "phase_order": self.rules.phase_order.value if self.rules.phased else None,
            "players": list(names),
            "first_dealer": names[self.first_dealer],
            "version": self.version,
            "rounds": [
                {
                    "round": r.number,
                    "contract": None if r.spec is None else r.spec.contract.describe(),
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
                            "phase": e.phase,
                            "phase_done": e.phase_done,
                            "down_and_out": e.down_and_out,
                        }
                        for e in r.entries
                    ],
                    "totals": dict(zip(names, r.running_totals, strict=True)),
                }
                for r in self.rounds
            ],
            "totals": dict(zip(names, self.totals, strict=True)),
            "phases": self.phases_dict(),
            "standings": [
                {
                    "place": s.place,
                    "player": names[s.seat],
                    "total": s.total,
                    "phases_done": s.completed,
                }
                for s in self.standings
            ],
            "next_round": self.next_round,
            "finished": self.finished,
            "winners": [names[s] for s in self.winners],
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
        }


def _parse_cards_column(text: str | None) -> tuple[Card, ...] | None:
    return None if text is None else parse_cards(text)


def game_rules(game: Game) -> RuleSet:
    """The rules the game was started with: its stored document (a game started before
    documents were stored, and never migrated, is read from its preset and options). A game
    stored before the referee's limits keeps its rules (rules/limits.py)."""
    with waived():
        if game.rule_document:
            return _rules_of_document(game.rule_document)
        return build_rules(game.preset, loads_stored(game.options))


@functools.lru_cache(maxsize=256)
def _rules_of_document(text: str) -> RuleSet:
    """Read once per process for each document: games of one table share theirs. A document
    stored with half a character (before the doors refused them) shows U+FFFD there."""
    return from_document(loads_stored(text))


def build_view(
    game: Game, players: Sequence[Player], rounds: Sequence[Round], entries: Sequence[Entry]
) -> GameView:
    rules = game_rules(game)
    names = tuple(p.name for p in sorted(players, key=lambda p: p.seat))
    by_round: dict[int, list[Entry]] = {}
    for entry in entries:
        by_round.setdefault(entry.round_id, []).append(entry)
    running: Sequence[int] = (0,) * len(names)
    round_views: list[RoundView] = []
    for row in sorted(rounds, key=lambda r: r.number):
        seats = round_seats(game.first_dealer, row.number, len(names))
        view = round_view(rules, seats, row, by_round.get(row.id or 0, []), running)
        running = view.running_totals
        round_views.append(view)
    played, progress = with_phases(rules, round_views, names)
    return GameView(
        id=game.id, title=game.title, preset=game.preset, options=loads_stored(game.options),
        rules=rules, players=names, first_dealer=game.first_dealer, join_code=game.join_code,
        rounds=played, version=game.version, created_at=game.created_at,
        updated_at=game.updated_at, finished_at=game.finished_at, phases=progress,
    )  # fmt: skip


def phase_entries(rules: RuleSet, played: RoundView) -> tuple[PhaseEntry, ...]:
    """A recorded round as :func:`~scorekeeper.rules.phases.phase_progress` reads it: each
    player's phase done, and (phases in any order) the phase they said. With the phases in
    order the phase played follows from the rounds before, so the copy the row holds is not
    read (an edit of an earlier round may have moved it)."""
    said = rules.phase_order == PhaseOrder.ANY
    return tuple(PhaseEntry(bool(e.phase_done), e.phase if said else None) for e in played.entries)


def with_phases(
    rules: RuleSet, rounds: Sequence[RoundView], names: Sequence[str]
) -> tuple[tuple[RoundView, ...], PhaseProgress | None]:
    """A phase game's rounds with each entry's phase as the progress says, and the
    progress (the rounds as they are, and None, in a game played in rounds)."""
    if not rules.phased:
        return tuple(rounds), None
    progress = phase_progress(
        [phase_entries(rules, r) for r in rounds],
        rules.round_count,
        any_order=rules.phase_order == PhaseOrder.ANY,
        names=names,
    )
    return tuple(_phases_played(r, progress) for r in rounds), progress


def _phases_played(played: RoundView, progress: PhaseProgress) -> RoundView:
    phases = progress.played[played.number - 1]
    if all(e.phase == phases[e.seat] for e in played.entries):
        return played
    entries = tuple(replace(e, phase=phases[e.seat]) for e in played.entries)
    return replace(played, entries=entries)


def round_view(
    rules: RuleSet,
    seats: RoundSeats,
    row: Round | RoundValues,
    entries: Sequence[Entry | EntryValues],
    before: Sequence[int],
) -> RoundView:
    """One round's view from its rows; ``before`` holds the totals after the round before."""
    views = tuple(
        EntryView(
            seat=e.seat,
            points=e.points,
            hand_points=e.hand_points,
            went_out=e.went_out,
            cards=_parse_cards_column(e.cards),
            bought=e.bought,
            cut_bonus=row.cut_bonus and e.seat == seats.cutter,
            phase=e.phase,
            phase_done=e.phase_done,
            down_and_out=e.down_and_out,
        )
        for e in sorted(entries, key=lambda e: e.seat)
    )
    running = list(before)
    for e in views:
        running[e.seat] += e.points
    return RoundView(
        row.number,
        None if rules.phased else rules.round(row.number),
        seats,
        views,
        row.went_out_seat,
        row.cut_bonus,
        tuple(running),
        row.version,
        row.updated_at,
    )


@dataclass(frozen=True)
class Stamp:
    """The game row's new version, ``updated_at`` and ``finished_at`` after a change."""

    version: int
    updated_at: datetime
    finished_at: datetime | None


def changed_view(
    view: GameView,
    game: Game | Stamp,
    rounds: Sequence[RoundView],
) -> GameView:
    """The view after a change, from the view before it (no queries): ``rounds`` replace the
    old ones, the running totals are recounted (and, in a phase game, who is on which phase).
    Cache it with :func:`cache_view` once the change is written."""
    recounted: list[RoundView] = []
    running: tuple[int, ...] = (0,) * view.player_count
    for r in rounds:
        totals = list(running)
        for e in r.entries:
            totals[e.seat] += e.points
        running = tuple(totals)
        recounted.append(r if r.running_totals == running else replace(r, running_totals=running))
    played, progress = with_phases(view.rules, recounted, view.players)
    return replace(
        view,
        rounds=played,
        version=game.version,
        updated_at=game.updated_at,
        finished_at=game.finished_at,
        phases=progress,
    )


def load_game(session: Session, game_id: str) -> GameView:
    """The game as a view, or NotFound.

    One small query while the game is unchanged: its version and time find the view built
    before; the rows are read only when they changed.
    """
    check_game_id(game_id)
    stamp = reader(session).execute(_STAMP_OF, {"game_id": game_id}).first()
    if stamp is None:
        raise NotFound()
    with _views_lock:
        cached = _VIEWS.get((game_id, stamp.version, stamp.updated_at))
    if cached is not None:
        return cached
    return view_of(session, get_game(session, game_id))


# Views are immutable, and every change to a game bumps its version and ``updated_at``: a view
# built once is reused while the game's row shows the same pair. The cache is per process and
# checked against the database on every read (the game row is read each time), so nothing
# another process needs lives here; a change rolled back leaves an entry no row matches.
# What it buys (benchmarks/web.py, server CPU per request at 10 clients, without it -> with
# it): round entry through the page form 8.2-8.5 -> 5.1-6.5 ms, round entry with 100 live
# screens 7.6-16.2 -> 4.1-4.9 ms.
_VIEWS: LRUCache[tuple[str, int, datetime], GameView] = LRUCache(maxsize=512)
_views_lock = threading.Lock()  # cachetools' caches are not thread-safe
_VERSION_OF = sa_select(Game.version).where(col(Game.id) == bindparam("game_id"), GAME_IS_THERE)
_STAMP_OF = sa_select(Game.version, Game.updated_at).where(
    col(Game.id) == bindparam("game_id"), GAME_IS_THERE
)


def view_of(session: Session, game: Game) -> GameView:
    with _views_lock:
        cached = _VIEWS.get((game.id, game.version, game.updated_at))
    if cached is not None:
        return cached
    view = build(session, game)
    # Keep it only if no change was committed while the rows were read (PostgreSQL reads
    # each statement afresh; SQLite reads one snapshot): the version would have moved on.
    if game_version(session, game.id) == game.version:
        cache_view(view)
    return view


def cache_view(view: GameView) -> None:
    """Keep a view: found by the next reader once committed; never if rolled back (no row
    matches its version and time then)."""
    with _views_lock:
        _VIEWS[(view.id, view.version, view.updated_at)] = view


def build(session: Session, game: Game) -> GameView:
    players = session.exec(select(Player).where(Player.game_id == game.id)).all()
    rounds = session.exec(select(Round).where(Round.game_id == game.id)).all()
    round_ids = [r.id for r in rounds]
    entries = (
        session.exec(select(Entry).where(col(Entry.round_id).in_(round_ids))).all()
        if round_ids
        else []
    )
    return build_view(game, players, rounds, entries)


def read_game(engine: Engine, game_id: str) -> GameView:
    """The game, read in a short session of its own, closed on return: for work that follows
    and should not sit inside a transaction (rendering a PDF sheet)."""
    with Session(engine, expire_on_commit=False) as session:
        return load_game(session, game_id)


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


def recent_player_names(session: Session, game_ids: Sequence[str], limit: int = 24) -> list[str]:
    """Names from the given games (this device's), most recently played first.

    Only the device's own games: on a shared server, other people's names are not offered.
    """
    if not game_ids:
        return []
    rows = session.exec(
        select(Player.name, func.max(Game.created_at).label("last"))
        .join(Game, col(Game.id) == col(Player.game_id))
        .where(col(Game.id).in_(list(game_ids)), GAME_IS_THERE)
        .group_by(Player.name)
        .order_by(func.max(Game.created_at).desc())
        .limit(limit)
    ).all()
    return [name for name, _last in rows]


def list_games(
    session: Session, ids: Sequence[str] | None = None, limit: int = 50
) -> list[GameView]:
    """Games newest first (only ``ids`` when given)."""
    statement = select(Game).where(GAME_IS_THERE).order_by(col(Game.created_at).desc())
    statement = statement.limit(limit)
    if ids is not None:
        if not ids:
            return []
        statement = statement.where(col(Game.id).in_(list(ids)))
    return [view_of(session, game) for game in session.exec(statement).all()]
