"""Importing an export file: all or nothing for anyone reading it, written in short steps.

Terms:

- Nothing is written while the file arrives and is checked but in short transactions, so
  another writer (a round being entered) waits a moment at most, never for a whole file.
- A **game file** holds one game (at most ``MAX_GAME_BYTES``): it is read and checked whole,
  then written in one short transaction.
- A **group file** may hold thousands of games (at most ``MAX_GAMES``), so it is written as
  it is read: the group and its people first, then its games ``WRITE_BATCH`` at a time, each
  batch a transaction of its own (one statement a table for the batch). Until the import's
  last transaction the group is **importing** (``PlayGroup.importing_since``), and so are its
  games (``Game.importing``): every read passes them by (``store.GAME_IS_THERE``,
  ``groups.get_group``), so a reader sees all of an import or nothing of it. The last
  transaction (two UPDATEs and the importer's grant: a moment) makes it all visible at once.
- A file **refused** anywhere (see :mod:`.import_checks`) leaves nothing: what a group's
  import wrote is deleted again, a batch at a time, and the refusal lists every problem. An
  import cut off midway (its process stopped) leaves hidden rows behind; the next group
  import deletes those older than :data:`STALE`.
- The importer gets edit rights to what it imported (the game, or the group and each of its
  games): a token, or grants tied to its device. A retry with the same idempotency key and
  the same file is answered as the first import was, without importing anything twice; the
  rights it answers with follow :func:`.idempotency.replay_made`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import IO, Any

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ..db import begin_write
from ..errors import GameError, Invalid
from ..models import (
    Game,
    Person,
    PlayGroup,
    utcnow,
)
from ..rules.language import N_, _
from ..rules.phases import PhaseProgress
from .access import grant_edit, hash_device, hash_token, new_join_code
from .access import scoped_token_hash as scoped_hash
from .groups import grant_group_edit
from .idempotency import (
    Made,
    Retry,
    check_key,
    creation_token,
    made_by,
    remember,
    remember_group,
    replay_made,
    scoped_retry,
)
from .import_checks import (
    MAX_GAME_BYTES,
    MAX_GAMES,
    GameIn,
    GroupIn,
    People,
    Problem,
    Problems,
    Stop,
    check_game,
    document_text,
    end,
    game_where,
    header,
    phases_of_game,
    read_group,
    rules_of,
    utc,
)
from .jsonstream import JsonStream
from .names import name_key
from .results import results_of_rounds
from .statements import (
    INSERT_CHANGES,
    INSERT_ENTRIES,
    INSERT_GAMES,
    INSERT_GRANTS,
    INSERT_PLAYERS,
    INSERT_ROUNDS,
)
from .store import transaction

# Games written in one transaction (a statement a table for them all, laid out before it): the
# write lock is held about 30 ms a batch on a busy machine, 50 games about 60 ms. Another
# writer's waits during an import: benchmarks/leaderboard.py.
WRITE_BATCH = 25
STALE = timedelta(hours=1)  # an import still hidden this long ago was cut off: its rows go

_HERE = N_("a game with this id is already here")
_TWICE = N_("a game with this id is already here, or earlier in the file")


@dataclass(frozen=True)
class Imported:
    """What an import created: a game or a group, its id, how many games, and the
    importer's edit token (``""`` when the rights went to a device)."""

    kind: str
    id: str
    games: int
    token: str
    replayed: bool = False  # a retry (the same key and file) answered as the first import


def import_json(
    session: Session,
    source: IO[bytes] | IO[str] | bytes | str,
    *,
    max_bytes: int = 100_000_000,
    device: str | None = None,
    label: str = "imported",
    idempotency_key: str | None = None,
    client: str = "",
    secret: str | None = None,
) -> Imported:
    """Import an exported game or group, all or nothing; a 400 listing what is wrong with a
    file that is refused (each problem with where it is: see :mod:`.import_checks`), a 409
    when its game or group is already here. The importer gets edit rights to what it
    imported: a token, or (``device``) grants tied to the device.

    A retry by the same ``client`` with the same ``idempotency_key`` and the same file is
    answered as the first import was (``replayed``; nothing imported twice, the same rights
    to the same device or ``secret`` only); the same key with another file is refused
    (KeyReused), as for games.
    """
    key = scoped_retry(client, "import", check_key(idempotency_key)).key
    stream = JsonStream(source, max_bytes)
    if key is not None:
        earlier = made_by(session, key)
        session.rollback()  # only a read: nothing is held while the file is read
        if earlier is not None:
            stream.drain()
            return _replay(session, earlier, Retry(key, stream.fingerprint()), device, secret)
    token = None if hash_device(device) else creation_token(secret, key)
    rights = _Rights(label, device, token or secrets.token_urlsafe(32))
    try:
        return _Import(session, stream, rights, key).run()
    except GameError as refused:
        if key is None or refused.status != 409:
            raise
        earlier = made_by(session, key)
        if earlier is None:
            raise
        # The same import, by a concurrent request that finished first: its answer.
        return _replay(session, earlier, Retry(key, stream.fingerprint()), device, secret)


class _Import:
    """One import: the file read a value at a time, each game checked as it comes, and
    written as :mod:`this module <.importer>` says."""

    def __init__(self, session: Session, stream: JsonStream, rights: _Rights, key: str | None):
        self.session = session
        self.stream = stream
        self.rights = rights
        self.key = key
        self.problems = Problems()
        self.batches: _Batches | None = None

    def run(self) -> Imported:
        try:
            return self._read()
        except Stop:
            pass
        except Invalid as error:  # the file cannot be read on
            if not self.problems:
                raise
            self.problems.found.append(Problem(_("the file"), error.message, order=1 << 62))
        finally:
            if self.batches is not None and not self.batches.published:
                self.batches.discard()
        raise self.problems.refusal()

    def _read(self) -> Imported:
        if header(self.stream) == "group":
            return self._group()
        if self.stream.key() != "game":
            raise Invalid(N_("the file is missing its game"))
        data = self.stream.value(MAX_GAME_BYTES, N_("the game"))
        where = game_where(_("the game"), data)
        game, sound = check_game(data, where, None, self.problems, clean=self.stream.clean)
        end(self.stream)
        if game is None or not sound:
            raise Stop()
        return self._write_game(game, where)

    def _write_game(self, game: GameIn, where: str) -> Imported:
        try:
            with transaction(self.session):
                begin_write(self.session)
                if self.session.get(Game, game.id) is not None:
                    raise _AlreadyHere()
                insert_rows(self.session.connection(), game_rows([game], {}, None, self.rights))
                token = grant_edit(
                    self.session, game.id, self.rights.label, self.rights.device,
                    self.rights.token,
                )  # fmt: skip
                retry = Retry(self.key, self.stream.fingerprint())
                remember(self.session, game.id, retry, "import_game", 0, utcnow())
        except (_AlreadyHere, IntegrityError):  # here before, or imported at this moment
            self.problems.add(where, _(_HERE), conflict=True)
            raise Stop() from None
        return Imported("game", game.id, 1, token)

    def _group(self) -> Imported:
        if self.stream.key() != "group":
            raise Invalid(N_("the file is missing its group"))
        group, people = read_group(self.stream, self.problems)
        if group is not None and not self.problems:
            _discard_stale(self.session)
        batches = self.batches = _Batches(self.session, group, self.rights, self.problems)
        if self.stream.key() != "games":
            raise Invalid(N_("the file is missing its list of games"))
        count = self._games(people, batches)
        end(self.stream)
        if self.problems or group is None:
            raise Stop()
        token = batches.publish(Retry(self.key, self.stream.fingerprint()), count)
        return Imported("group", group.id, count, token)

    def _games(self, people: People, batches: _Batches) -> int:
        count = 0
        for data in self.stream.items(MAX_GAME_BYTES, "games", N_("game {n}")):
            count += 1
            if count > MAX_GAMES:
                self.problems.add(
                    _("the file"),
                    _("it holds more than {most} games: an import takes at most {most}").format(
                        most=f"{MAX_GAMES:,}"
                    ),
                    order=count,
                )
                raise Stop()
            where = game_where(_("game {n}").format(n=count), data)
            game, sound = check_game(data, where, people, self.problems, count, self.stream.clean)
            if game is not None:
                batches.add(count, where, game, sound)
        batches.flush()
        return count


# --- writing a group's games, a batch at a time ---------------------------------------------


class _AlreadyHere(Exception):
    """The game or group of the file is here already."""


class _Batches:
    """Writes a group's import as it is read: the group (hidden) and its people first, then
    the games WRITE_BATCH at a time, each batch in a short transaction. Once a problem is
    found it writes nothing more (nothing at all for a group that could not be read), but
    goes on checking the ids of the games read (no game already here, none twice in the
    file); :meth:`discard` then deletes what it wrote, and :meth:`publish` shows a whole
    import at once."""

    def __init__(
        self, session: Session, group: GroupIn | None, rights: _Rights, problems: Problems
    ):
        self.session = session
        self.group = group
        self.rights = rights
        self.problems = problems
        self.people: dict[str, int] = {}
        self.waiting: list[tuple[int, str, GameIn, bool]] = []
        self.seen: set[str] = set()  # the ids of the games read so far
        self.started = False  # the group is written (hidden)
        self.published = False
        if group is not None and not problems:
            self._start(group)

    def _start(self, group: GroupIn) -> None:
        try:
            with transaction(self.session):
                begin_write(self.session)
                if self.session.get(PlayGroup, group.id) is not None:
                    raise _AlreadyHere()
                self.people = _write_group(self.session, group)
            self.started = True
        except (_AlreadyHere, IntegrityError):  # here before, or imported at this moment
            self.problems.add(
                _("the group"), _("a group with this id is already here"), conflict=True
            )

    def add(self, order: int, where: str, game: GameIn, sound: bool) -> None:
        """A game read (``sound``: without a problem of its own; its id is checked all the
        same, for a later game with the same id)."""
        self.waiting.append((order, where, game, sound))
        if len(self.waiting) >= WRITE_BATCH:
            self.flush()

    def flush(self) -> None:
        batch, self.waiting = self.waiting, []
        if not batch:
            return
        rows = None
        if self.started and not self.problems and self.group is not None:
            # Laid out before the transaction: the write lock is held for the statements.
            sound = [game for _o, _w, game, ok in batch if ok]
            rows = game_rows(sound, self.people, self.group.id, self.rights, hidden=True)
        try:
            with transaction(self.session):
                self._write(batch, rows)
        except IntegrityError:  # a game of the batch was imported at this very moment
            self.problems.add(batch[0][1], _(_TWICE), conflict=True, order=batch[0][0])

    def _write(self, batch: list[tuple[int, str, GameIn, bool]], rows: GameRows | None) -> None:
        """Check the batch's ids (none here already, none twice in the file), and write its
        rows while no problem has been found."""
        if rows is not None:
            begin_write(self.session)
        ids = [game.id for _o, _w, game, _s in batch]
        taken = set(self.session.exec(select(Game.id).where(col(Game.id).in_(ids))))
        for order, where, game, _sound in batch:
            if game.id in taken or game.id in self.seen:
                self.problems.add(where, _(_TWICE), conflict=True, order=order)
            self.seen.add(game.id)
        if rows is not None and not self.problems:
            insert_rows(self.session.connection(), rows)

    def publish(self, retry: Retry, count: int) -> str:
        """Show the whole import at once, and give the importer its rights to the group (its
        games' rights were written with them): the token, or ``""`` for a device."""
        if self.group is None or not self.started:
            raise AssertionError("only a group written whole is shown")
        group_id = self.group.id
        with transaction(self.session):
            begin_write(self.session)
            self.session.exec(
                update(Game)
                .where(col(Game.group_id) == group_id, col(Game.importing).is_(True))
                .values(importing=False)
            )
            group = self.session.get(PlayGroup, group_id)
            if group is None:
                raise AssertionError("a group being imported is deleted by its import only")
            group.importing_since = None
            self.session.add(group)
            token = grant_group_edit(
                self.session, group_id, self.rights.label, self.rights.device, self.rights.token
            )
            remember_group(self.session, retry, group_id, "import_group", count)
        self.published = True
        return token

    def discard(self) -> None:
        """Delete what this import wrote (a refused file, or an error midway)."""
        if self.started and self.group is not None:
            self.session.rollback()
            discard_import(self.session, self.group.id)


def discard_import(session: Session, group_id: str) -> None:
    """Delete a hidden import (its games a batch at a time, each batch a short transaction;
    then its group and people). A group already shown is left as it is."""
    while True:
        with transaction(session):
            begin_write(session)
            ids = session.exec(
                select(Game.id)
                .where(Game.group_id == group_id, col(Game.importing).is_(True))
                .limit(WRITE_BATCH)
            ).all()
            if ids:  # the database deletes their rows (ON DELETE CASCADE)
                session.exec(delete(Game).where(col(Game.id).in_(ids)))
                continue
            session.exec(
                delete(PlayGroup).where(
                    col(PlayGroup.id) == group_id, col(PlayGroup.importing_since).is_not(None)
                )
            )
            return


def _discard_stale(session: Session) -> None:
    """Delete the imports cut off long ago (still hidden after STALE)."""
    cutoff = utcnow() - STALE
    with transaction(session):
        stale = session.exec(
            select(PlayGroup.id).where(col(PlayGroup.importing_since) < cutoff)
        ).all()
    for group_id in stale:
        discard_import(session, group_id)


def _write_group(session: Session, group: GroupIn) -> dict[str, int]:
    """The group (hidden until the import is done) and its people: their ids by name."""
    session.add(
        PlayGroup(
            id=group.id, name=group.name, language=group.language, join_code=new_join_code(),
            created_at=utc(group.created_at), importing_since=utcnow(),
        )
    )  # fmt: skip
    session.flush()  # the group, before its people
    people = [
        Person(group_id=group.id, name=p.name, name_key=name_key(p.name),
               created_at=utc(p.created_at))
        for p in group.people
    ]  # fmt: skip
    session.add_all(people)
    session.flush()
    return {person.name_key: int(person.id or 0) for person in people}


# --- writing games --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rights:
    """Who gets edit rights to each game an import writes: a ``device`` (a grant tied to
    it), or the holder of ``token`` (for a group's games, a grant a game under
    :func:`.access.scoped_token_hash`: the token's own hash is the group's grant)."""

    label: str
    device: str | None
    token: str

    def grants(self, game_ids: Sequence[str], now: datetime) -> list[dict[str, Any]]:
        device_hash = hash_device(self.device)
        if device_hash is not None:
            hashes = [hash_token(secrets.token_urlsafe(32)) for _ in game_ids]
        else:
            hashes = [scoped_hash(self.token, game_id) for game_id in game_ids]
        return [
            {"token_hash": h, "game_id": g, "label": self.label[:80], "created_at": now,
             "device_hash": device_hash}
            for g, h in zip(game_ids, hashes, strict=True)
        ]  # fmt: skip


def _results(game: GameIn, progress: PhaseProgress | None) -> list[dict[str, Any]]:
    """Each seat's summary (as :mod:`.results` keeps it), from the game as imported (checked
    by :mod:`.import_checks`): from its plain values, not from ORM rows and a view."""
    rounds = [
        (r.number, r.went_out_seat, r.cut_bonus, [e.points for e in r.entries]) for r in game.rounds
    ]
    if progress is None:
        finished = len(rounds) >= rules_of(game).round_count
        return results_of_rounds(len(game.players), game.first_dealer, rounds, finished)
    return results_of_rounds(
        len(game.players), game.first_dealer, rounds, progress.finished,
        progress.completed_counts(),
    )  # fmt: skip


def _entries(game: GameIn, progress: PhaseProgress | None) -> list[list[dict[str, Any]]]:
    """Each round's entries as rows. In a phase game each keeps the phase played as the
    progress says (a file may leave it out where the phases go in order) and whether it was
    completed (the player who went out did); in a game played in rounds, neither."""
    rows = []
    for r in game.rounds:
        entries = [e.model_dump() for e in r.entries]
        for e in entries:
            if progress is None:
                e["phase"] = e["phase_done"] = None
            else:
                e["phase"] = progress.played[r.number - 1][e["seat"]]
                e["phase_done"] = e["went_out"] or e["phase_done"] is True
        rows.append(entries)
    return rows


@dataclass(frozen=True)
class GameRows:
    """A batch of checked games laid out as rows, before the transaction that writes them
    (so the write lock is held for the statements alone): each table's rows, and each
    round's entries (their round ids are known once the rounds are written)."""

    games: list[dict[str, Any]]
    players: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    entries: list[list[dict[str, Any]]]  # by round, as ``rounds``
    changes: list[dict[str, Any]]
    grants: list[dict[str, Any]]


def game_rows(
    games: Sequence[GameIn],
    people: dict[str, int],
    group_id: str | None,
    rights: _Rights,
    *,
    hidden: bool = False,
) -> GameRows:
    """The rows of a batch of checked games, with the rights of a group's import to them (a
    game imported alone gets its rights from :func:`.access.grant_edit`). ``hidden``: until
    the import's last transaction."""
    players = []
    entries = []
    for game in games:
        progress = phases_of_game(game, rules_of(game))  # checked: never a PhaseError here
        results = _results(game, progress)
        entries += _entries(game, progress)
        players += [
            {
                "game_id": game.id,
                "seat": p.seat,
                "name": p.name,
                "person_id": None if p.person is None else people[name_key(p.person)],
                **{k: v for k, v in results[p.seat].items() if k != "g_seat"},
            }
            for p in game.players
        ]
    rounds = [(game.id, r) for game in games for r in game.rounds]
    return GameRows(
        games=[
            {
                "id": game.id,
                "title": game.title,
                "preset": game.rules,
                "options": json.dumps(game.options, sort_keys=True),
                "rule_document": document_text(game),
                "first_dealer": game.first_dealer,
                "join_code": new_join_code(),
                "version": game.version,
                "created_at": utc(game.created_at),
                "updated_at": utc(game.updated_at),
                "finished_at": utc(game.finished_at),
                "group_id": group_id,
                "importing": hidden,
            }
            for game in games
        ],
        players=players,
        rounds=[
            {
                "game_id": game_id,
                "number": r.number,
                "went_out_seat": r.went_out_seat,
                "cut_bonus": r.cut_bonus,
                "version": r.version,
                "created_at": utc(r.created_at),
                "updated_at": utc(r.updated_at),
            }
            for game_id, r in rounds
        ],
        entries=entries,
        changes=[
            {
                "game_id": game.id,
                "at": utc(c.at),
                "actor": c.actor,
                "action": c.action,
                "round_number": c.round,
                "summary": c.summary,
                "before": None if c.before is None else json.dumps(c.before),
                "after": None if c.after is None else json.dumps(c.after),
            }
            for game in games
            for c in game.history
        ],
        grants=rights.grants([game.id for game in games], utcnow()) if group_id else [],
    )


def insert_rows(connection: Any, rows: GameRows) -> None:
    """Write a batch's rows: one statement a table for the whole batch (many rows each),
    not five for each game."""
    if not rows.games:
        return
    connection.execute(INSERT_GAMES, rows.games)
    connection.execute(INSERT_PLAYERS, rows.players)
    if rows.rounds:
        ids = connection.execute(INSERT_ROUNDS, rows.rounds).scalars().all()
        connection.execute(
            INSERT_ENTRIES,
            [
                {"round_id": round_id, **entry}
                for round_id, entries in zip(ids, rows.entries, strict=True)
                for entry in entries
            ],
        )
    for statement, found in ((INSERT_CHANGES, rows.changes), (INSERT_GRANTS, rows.grants)):
        if found:
            connection.execute(statement, found)


# --- a retried import -------------------------------------------------------------------------


def _replay(
    session: Session, earlier: Made, retry: Retry, device: str | None, secret: str | None
) -> Imported:
    """The answer to an import sent again (``retry``: its key and the file's fingerprint):
    what the first one made, and the rights it gave (to the same device or secret only);
    KeyReused for another file."""
    token = replay_made(session, earlier, retry, device, secret, _REUSED)
    return Imported(earlier.kind, earlier.id, earlier.games, token, replayed=True)


_REUSED = N_(
    "That request key already imported another file. Nothing was imported: send a new key "
    "(Idempotency-Key) to import another file."
)
