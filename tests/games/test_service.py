"""The game service (``scorekeeper.games``) on SQLite and on a real PostgreSQL server.

Covers creating games and recording, replacing and undoing rounds, the history, validation,
optimistic locking (a stale version is a Conflict), idempotent retries, all-or-nothing saves,
and real concurrent threads racing for the same round.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from scorekeeper import games
from scorekeeper.db import get_engine, write_session
from scorekeeper.errors import Conflict, Forbidden, Invalid, KeyReused, NotFound
from scorekeeper.models import Change, Entry, Game, IdempotencyRecord, Round
from scorekeeper.rules import parse_cards
from scorekeeper.rules.scoring import PlayerResult

OUT = PlayerResult(went_out=True)


def pts(n: int) -> PlayerResult:
    return PlayerResult(points=n)


def hand(text: str) -> PlayerResult:
    return PlayerResult(cards=parse_cards(text))


def entry(*results: PlayerResult, cut_bonus: bool = False) -> games.RoundInput:
    return games.RoundInput(tuple(results), cut_bonus)


class Games:
    """A small helper around the service: each call is one committed transaction.

    ``read_first``: the service gets a session with no transaction open (as the views call
    it), so it reads and checks before taking the write lock; otherwise the caller holds the
    write lock from the start (``write_session``) and every step runs under it.
    """

    def __init__(self, engine: Engine, read_first: bool = False) -> None:
        self.engine = engine
        self.read_first = read_first

    def run(self, action: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self.read_first:
            with write_session(self.engine) as session:
                return action(session, *args, **kwargs)
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                outcome = action(session, *args, **kwargs)
                session.commit()
            except BaseException:
                session.rollback()
                raise
            return outcome

    def create(self, players: list[str] | None = None, **kwargs: Any) -> tuple[str, str]:
        kwargs.setdefault("preset", "liverpool")
        kwargs.setdefault("first_dealer", 0)
        view, token = self.run(games.create_game, players=players or ["Ann", "Bob", "Cy"], **kwargs)
        return view.id, token

    def load(self, game_id: str) -> games.GameView:
        with Session(self.engine) as session:
            return games.load_game(session, game_id)

    def add(self, game_id: str, number: int, *results: PlayerResult, **kwargs: Any) -> Any:
        cut = kwargs.pop("cut_bonus", False)
        return self.run(games.add_round, game_id, number, entry(*results, cut_bonus=cut), **kwargs)

    def replace(self, game_id: str, number: int, *results: PlayerResult, **kwargs: Any) -> Any:
        cut = kwargs.pop("cut_bonus", False)
        return self.run(
            games.replace_round, game_id, number, entry(*results, cut_bonus=cut), **kwargs
        )

    def count(self, model: Any) -> int:
        with Session(self.engine) as session:
            return int(session.exec(select(func.count()).select_from(model)).one())


@pytest.fixture(params=["locked", "read_first"])
def svc(db_app: Flask, request: pytest.FixtureRequest) -> Iterator[Games]:
    yield Games(get_engine(db_app), read_first=request.param == "read_first")


# --- the happy path -------------------------------------------------------------------------


def test_create_and_load(svc: Games) -> None:
    game_id, token = svc.create(title="Friday", first_dealer="Bob")
    view = svc.load(game_id)
    assert len(game_id) >= 22 and len(token) >= 40
    assert view.players == ("Ann", "Bob", "Cy")
    assert view.first_dealer == 1
    data = view.as_dict()
    assert data["title"] == "Friday"
    assert data["rules"] == "liverpool"
    assert data["rounds"] == []
    assert data["totals"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert data["next_round"] == 1 and data["finished"] is False and data["winners"] == []


def test_a_hand_is_written_as_text_once_per_change(
    svc: Games, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entry row, the history line and the request's fingerprint share one text."""
    from scorekeeper.games import rounds

    written: list[str] = []
    real = rounds.format_cards
    monkeypatch.setattr(
        rounds, "format_cards", lambda cards: (written.append(real(cards)), written[-1])[1]
    )
    game_id, _ = svc.create()
    view, _ = svc.add(game_id, 1, OUT, hand("AH 7C"), hand("JK"), idempotency_key="k")
    assert written == ["AH 7C", "JK"]
    assert view.rounds[0].entries[1].cards_text == "AH 7C"
    with Session(svc.engine) as session:
        after = games.history(session, game_id)[0].after
    assert after["results"]["Cy"]["cards"] == "JK"


def test_rounds_totals_replace_undo_and_history(svc: Games) -> None:
    game_id, _ = svc.create()
    view, created = svc.add(game_id, 1, OUT, hand("AH 7C"), pts(35))
    assert created
    assert view.totals == (0, 20, 35)
    view, _ = svc.add(game_id, 2, pts(10), OUT, hand("JK"))
    assert view.totals == (10, 20, 55)  # a joker is 20
    assert view.version == 3

    round_version = view.rounds[0].version
    view = svc.replace(game_id, 1, OUT, pts(40), pts(35), expected_version=round_version)
    assert view.rounds[0].points == (0, 40, 35)
    assert view.rounds[0].version == round_version + 1
    assert view.totals == (10, 40, 55)

    view = svc.run(games.undo_last_round, game_id, 2)
    assert [r.number for r in view.rounds] == [1]
    assert view.totals == (0, 40, 35)
    assert svc.count(Round) == 1

    with Session(svc.engine) as session:
        lines = games.history(session, game_id)
    actions = [line.action for line in lines]
    assert actions == ["undo_round", "replace_round", "add_round", "add_round", "create"]
    edit = lines[1]
    assert edit.round_number == 1
    assert edit.before["results"]["Bob"]["points"] == 20
    assert edit.after["results"]["Bob"]["points"] == 40
    assert "Bob 20 → 40" in edit.summary


def test_cut_bonus_goes_to_the_cutter(svc: Games) -> None:
    game_id, _ = svc.create(first_dealer=0)  # round 1: Ann deals, Cy (on her right) cuts
    view, _ = svc.add(game_id, 1, OUT, pts(20), pts(30), cut_bonus=True)
    assert view.rounds[0].points == (0, 20, 30 + view.rules.cut_bonus)
    assert view.as_dict()["rounds"][0]["cut_bonus"] == "Cy"


def test_a_full_game_finishes_with_winners(svc: Games) -> None:
    game_id, _ = svc.create(players=["Ann", "Bob"])
    rounds = svc.load(game_id).rules.round_count
    for number in range(1, rounds + 1):
        view, _ = svc.add(game_id, number, OUT, pts(10))
    assert view.finished and view.next_round is None
    assert view.as_dict()["winners"] == ["Ann"]
    with pytest.raises(Invalid, match="game is over"):
        svc.add(game_id, rounds + 1, OUT, pts(10))
    view = svc.run(games.undo_last_round, game_id)
    assert not view.finished and view.finished_at is None


# --- validation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"preset": "poker"}, 'no rule set "poker"'),
        ({"players": ["Ann"]}, "2 to 8 players"),
        ({"players": ["Ann", "ann"]}, "different name"),
        ({"players": ["Ann", 7]}, "must be text"),
        ({"players": ["Ann", "  "]}, "cannot be empty"),
        ({"players": "Ann, Bob"}, "list of names"),
        ({"options": {"buying": "yes"}}, "true or false"),
        ({"options": {"no_such_rule": 1}}, "not a house-rule option"),
        ({"first_dealer": "Zed"}, "one of the players"),
    ],
)
def test_new_game_is_validated(svc: Games, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(Invalid, match=message):
        svc.create(**kwargs)
    assert svc.count(Game) == 0


@pytest.mark.parametrize(
    ("number", "results", "error", "message"),
    [
        (2, (OUT, pts(5), pts(5)), Invalid, "next round is 1"),
        (1, (pts(5), pts(5), pts(5)), Invalid, "one player must have gone out"),
        (1, (OUT, OUT, pts(5)), Invalid, "only one player goes out"),
        (1, (OUT, pts(-5), pts(5)), Invalid, "cannot be negative"),
        (1, (OUT, pts(7), pts(5)), Invalid, "multiple of 5"),
        (1, (OUT, PlayerResult(points="ten"), pts(5)), Invalid, "whole number"),  # type: ignore[arg-type]
        (1, (OUT, PlayerResult(points=True), pts(5)), Invalid, "whole number"),
        (1, (OUT, pts(5)), Invalid, "each of the 3 players"),
        (1, (OUT, PlayerResult(), pts(5)), Invalid, "Bob has no score"),
        (1, (OUT, PlayerResult(points=5, bought=-1), pts(5)), Invalid, "buys"),
        (1, (OUT, PlayerResult(points=5, bought=1000), pts(5)), Invalid, "bought"),
        (1, (OUT, hand("2C " * 101), pts(5)), Invalid, "cannot hold 101 cards"),
        ("1", (OUT, pts(5), pts(5)), Invalid, "whole number"),
    ],
)
def test_rounds_are_validated(
    svc: Games, number: Any, results: tuple[PlayerResult, ...], error: type, message: str
) -> None:
    game_id, _ = svc.create()
    with pytest.raises(error, match=message):
        svc.add(game_id, number, *results)
    assert svc.load(game_id).rounds == ()
    assert svc.count(Entry) == 0


def test_a_recorded_round_cannot_be_added_again(svc: Games) -> None:
    game_id, _ = svc.create()
    svc.add(game_id, 1, OUT, pts(5), pts(5))
    with pytest.raises(Conflict, match="already recorded"):
        svc.add(game_id, 1, OUT, pts(5), pts(5))


def test_replace_and_undo_check_the_round(svc: Games) -> None:
    game_id, _ = svc.create()
    with pytest.raises(Invalid, match="no round has been recorded"):
        svc.run(games.undo_last_round, game_id)
    svc.add(game_id, 1, OUT, pts(5), pts(5))
    svc.add(game_id, 2, OUT, pts(5), pts(5))
    with pytest.raises(NotFound, match="round 3 has not been played"):
        svc.replace(game_id, 3, OUT, pts(5), pts(5))
    with pytest.raises(NotFound):
        svc.replace(game_id, 10**30, OUT, pts(5), pts(5))
    with pytest.raises(Invalid, match="only the last round"):
        svc.run(games.undo_last_round, game_id, 1)
    with pytest.raises(Invalid, match="only one player goes out"):
        svc.replace(game_id, 1, OUT, OUT, pts(5))
    assert svc.load(game_id).rounds[0].version == 1


def test_unknown_games_and_access(svc: Games) -> None:
    game_id, token = svc.create()
    other_id, other_token = svc.create()
    with Session(svc.engine) as session:
        for bad in ["nope", "x" * 22, "x" * 500]:
            with pytest.raises(NotFound):
                games.load_game(session, bad)
        assert games.can_edit(session, game_id, [token])
        assert not games.can_edit(session, game_id, [other_token])
        assert not games.can_edit(session, game_id, [])
        with pytest.raises(Forbidden):
            games.require_edit(session, other_id, [token])


def fresh(svc: Games, game_id: str) -> games.GameView:
    """The game read from its rows, not from the view cache."""
    with Session(svc.engine) as session:
        return games.views.build(session, games.store.get_game(session, game_id))


def test_views_after_changes_equal_views_read_back(svc: Games) -> None:
    game_id, _ = svc.create()
    view, _ = svc.add(game_id, 1, OUT, hand("AH 7C"), pts(35), cut_bonus=True)
    assert view == fresh(svc, game_id) == svc.load(game_id)
    view, _ = svc.add(game_id, 2, pts(10), OUT, hand("JK"))
    view, _ = svc.add(game_id, 3, pts(10), pts(5), OUT)
    assert view == fresh(svc, game_id)
    view = svc.replace(game_id, 2, pts(50), OUT, hand("JK KS"))  # totals of round 3 move
    assert view == fresh(svc, game_id) == svc.load(game_id)
    assert view.rounds[2].running_totals == (0 + 50 + 10, 20 + 0 + 5, 35 - 50 + 30 + 0)
    view = svc.run(games.undo_last_round, game_id)
    assert view == fresh(svc, game_id) == svc.load(game_id)


def test_a_change_rolled_back_leaves_no_view_behind(
    svc: Games, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service commits each change itself; one that fails after writing its rows is
    rolled back whole, and the view it had built is never served."""
    game_id, _ = svc.create()

    def fail(*_args: Any) -> None:
        raise RuntimeError("the disk filled up")

    monkeypatch.setattr(games.rounds, "log_change", fail)
    with pytest.raises(RuntimeError):
        svc.add(game_id, 1, OUT, pts(95), pts(95))
    monkeypatch.undo()
    assert svc.load(game_id).rounds == ()
    svc.add(game_id, 1, OUT, pts(5), pts(5))
    assert svc.load(game_id).rounds[0].points == (0, 5, 5)
    assert svc.load(game_id) == fresh(svc, game_id)


# --- optimistic locking and idempotency -----------------------------------------------------


def test_stale_versions_are_conflicts(svc: Games) -> None:
    game_id, _ = svc.create()
    version = svc.load(game_id).version
    svc.add(game_id, 1, OUT, pts(5), pts(5), expected_version=version)
    with pytest.raises(Conflict, match="someone else changed"):
        svc.add(game_id, 2, OUT, pts(5), pts(5), expected_version=version)
    svc.replace(game_id, 1, OUT, pts(10), pts(5), expected_version=1)
    with pytest.raises(Conflict, match="changed on another device") as caught:
        svc.replace(game_id, 1, OUT, pts(15), pts(5), expected_version=1)
    assert caught.value.details == {"version": 2}
    with pytest.raises(Conflict):
        svc.run(games.undo_last_round, game_id, 1, expected_version=version)
    view = svc.load(game_id)
    assert view.rounds[0].points == (0, 10, 5)


def test_a_retry_with_the_same_key_records_one_round(svc: Games) -> None:
    game_id, _ = svc.create()
    first, created = svc.add(game_id, 1, OUT, pts(5), pts(5), idempotency_key="tap-1")
    again, created_again = svc.add(game_id, 1, OUT, pts(5), pts(5), idempotency_key="tap-1")
    assert created and not created_again
    assert again.version == first.version and len(again.rounds) == 1
    assert svc.count(Round) == 1 and svc.count(IdempotencyRecord) == 1
    # The same key for another round, or for the same round with other values: refused.
    with pytest.raises(KeyReused, match="different request"):
        svc.add(game_id, 2, OUT, pts(5), pts(5), idempotency_key="tap-1")
    with pytest.raises(KeyReused, match="different request"):
        svc.add(game_id, 1, OUT, pts(5), pts(7), idempotency_key="tap-1")
    assert svc.count(Round) == 1 and svc.count(IdempotencyRecord) == 1
    with pytest.raises(Invalid, match="request key"):
        svc.add(game_id, 2, OUT, pts(5), pts(5), idempotency_key="k" * 101)


def test_keys_belong_to_their_game(svc: Games) -> None:
    one, _ = svc.create()
    two, _ = svc.create()
    svc.add(one, 1, OUT, pts(5), pts(5), idempotency_key="same")
    _view, created = svc.add(two, 1, OUT, pts(5), pts(5), idempotency_key="same")
    assert created


def test_a_failure_mid_save_leaves_nothing(svc: Games, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, _ = svc.create()
    svc.add(game_id, 1, OUT, pts(5), pts(5))
    before = svc.load(game_id)
    changes = svc.count(Change)
    real = games.rounds._write_entries

    def write_then_fail(session: Session, *args: Any) -> Any:
        real(session, *args)
        session.flush()  # the round and its entries reach the database...
        raise RuntimeError("power cut")  # ...and then the save fails

    monkeypatch.setattr(games.rounds, "_write_entries", write_then_fail)
    with pytest.raises(RuntimeError):
        svc.add(game_id, 2, OUT, pts(5), pts(5), idempotency_key="k")
    with pytest.raises(RuntimeError):
        svc.replace(game_id, 1, OUT, pts(50), pts(50))
    after = svc.load(game_id)
    assert after.version == before.version
    assert after.rounds == before.rounds
    assert svc.count(Round) == 1 and svc.count(Entry) == 3
    assert svc.count(Change) == changes and svc.count(IdempotencyRecord) == 0
    monkeypatch.undo()
    _view, created = svc.add(game_id, 2, OUT, pts(5), pts(5), idempotency_key="k")
    assert created  # the failed attempt's key was not kept either


def test_a_change_after_an_earlier_read_builds_on_the_latest_version(svc: Games) -> None:
    """A session that read the game before another device changed it: the service ends that
    read (callers never manage its transactions) and writes on top of the latest version, on
    SQLite and PostgreSQL alike, never over it."""
    game_id, _ = svc.create()
    with Session(svc.engine, expire_on_commit=False) as session:
        seen = session.get(Game, game_id)  # version 1 is now in this session
        assert seen is not None and seen.version == 1
        svc.add(game_id, 1, OUT, pts(5), pts(5))  # another device: version 2
        view, _ = games.add_round(session, game_id, 2, entry(OUT, pts(5), pts(5)))
    assert view.version == 3 and svc.load(game_id).version == 3
    assert len(svc.load(game_id).rounds) == 2


# --- real concurrency -----------------------------------------------------------------------


def race(count: int, action: Callable[[int], Any]) -> list[Any]:
    """Run ``action(i)`` in ``count`` threads released together; each outcome or error."""
    barrier = threading.Barrier(count)
    outcomes: list[Any] = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        try:
            outcomes[i] = action(i)
        except Exception as error:  # the outcome is what is tested
            outcomes[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.slow
def test_two_devices_editing_one_round(svc: Games) -> None:
    """Both start from round version 1: exactly one edit wins, the other is a Conflict."""
    game_id, _ = svc.create()
    svc.add(game_id, 1, OUT, pts(5), pts(5))
    for attempt in range(5):
        version = svc.load(game_id).rounds[0].version

        def edit(i: int, version: int = version, attempt: int = attempt) -> Any:
            points = pts(10 * (i + 1) + attempt * 100)
            return svc.replace(game_id, 1, OUT, points, pts(5), expected_version=version)

        outcomes = race(2, edit)
        winners = [o for o in outcomes if isinstance(o, games.GameView)]
        conflicts = [o for o in outcomes if isinstance(o, Conflict)]
        assert len(winners) == 1 and len(conflicts) == 1, outcomes
        final = svc.load(game_id).rounds[0]
        assert final.points == winners[0].rounds[0].points  # the winner's values, not a mix
        assert final.version == version + 1


@pytest.mark.slow
def test_many_devices_posting_the_next_round(svc: Games) -> None:
    game_id, _ = svc.create()
    outcomes = race(8, lambda i: svc.add(game_id, 1, OUT, pts(5 * (i + 1)), pts(5)))
    created = [o for o in outcomes if isinstance(o, tuple)]
    assert len(created) == 1, outcomes
    assert all(isinstance(o, Conflict) for o in outcomes if not isinstance(o, tuple))
    assert svc.count(Round) == 1 and svc.count(Entry) == 3
    assert svc.load(game_id).version == 2


@pytest.mark.slow
def test_many_retries_with_one_key_record_one_round(svc: Games) -> None:
    game_id, _ = svc.create()
    outcomes = race(
        8, lambda i: svc.add(game_id, 1, OUT, pts(5), pts(5), idempotency_key="double-tap")
    )
    assert all(isinstance(o, tuple) for o in outcomes), outcomes
    assert sum(1 for _view, created in outcomes if created) == 1
    assert {view.version for view, _ in outcomes} == {2}
    assert svc.count(Round) == 1


def test_sqlite_writers_take_turns_in_order(tmp_path: Any) -> None:
    """The writer gate queues a process's writers first come, first served."""
    from scorekeeper.db import WriterGate

    gate = WriterGate(str(tmp_path / "db-writers.lock"), timeout=10)
    held = gate.enter()
    assert held is not None
    assert gate.enter() is None  # the same thread again: no gate, SQLite decides
    order: list[int] = []
    threads = []
    for i in range(5):

        def write(i: int = i) -> None:
            fd = gate.enter()
            order.append(i)
            gate.leave(fd)

        thread = threading.Thread(target=write)
        thread.start()
        threads.append(thread)
        while len(gate._waiters) < i + 1:  # wait until this writer queues
            threading.Event().wait(0.001)
    gate.leave(held)
    for thread in threads:
        thread.join(timeout=10)
    assert order == [0, 1, 2, 3, 4]


def _queue_a_writer(gate: Any) -> tuple[threading.Event, threading.Thread]:
    """A writer of this process queued behind the holder: an event set once it is let in."""
    got_in = threading.Event()

    def next_writer() -> None:
        fd = gate.enter()
        got_in.set()
        gate.leave(fd)

    thread = threading.Thread(target=next_writer)
    thread.start()
    while not gate._waiters:  # the next writer of this process queues
        threading.Event().wait(0.001)
    return got_in, thread


def test_sqlite_writers_of_two_processes_take_turns(tmp_path: Any) -> None:
    """A writer leaving while another process waits makes its own next writer let that one in.

    The other process is played by this test with descriptors of its own (``flock`` locks
    belong to an open file, so it is the same as another process to the gate).
    """
    import fcntl

    from scorekeeper.db import WriterGate

    gate = WriterGate(str(tmp_path / "db-writers.lock"), timeout=10)
    gate.YIELD_LIMIT = 10  # generous: the test decides when the other process is done
    held = gate.enter()
    got_in, thread = _queue_a_writer(gate)
    # Another process's writer starts waiting for the lock file.
    other_waiting = os.open(gate.waiting_path, os.O_RDWR | os.O_CREAT)
    fcntl.flock(other_waiting, fcntl.LOCK_SH)
    other_lock = os.open(gate.path, os.O_RDWR)
    gate.leave(held)
    # This process's next writer waits for the other process, though the lock file is free.
    assert not got_in.wait(0.2)
    fcntl.flock(other_lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the other process's turn
    os.close(other_waiting)  # it no longer waits
    assert not got_in.wait(0.2)  # and it writes: this process's writer waits for the lock
    fcntl.flock(other_lock, fcntl.LOCK_UN)
    os.close(other_lock)
    assert got_in.wait(10)
    thread.join(timeout=10)


def test_sqlite_writer_does_not_wait_for_others_without_a_reason(tmp_path: Any) -> None:
    """With no other process waiting, the next writer of this process goes on at once."""
    from scorekeeper.db import WriterGate

    gate = WriterGate(str(tmp_path / "db-writers.lock"), timeout=10)
    gate.YIELD_LIMIT = 10
    held = gate.enter()
    got_in, thread = _queue_a_writer(gate)
    gate.leave(held)
    assert got_in.wait(2)
    thread.join(timeout=10)


def test_concurrent_game_creation_with_one_key_makes_one_game(db_app: Flask) -> None:
    """Eight requests with the same key at once (a retry storm): one game, every answer it."""
    engine = get_engine(db_app)

    def start(_i: int) -> str:
        with write_session(engine) as session:
            view, token = games.create_game(
                session, preset="liverpool", players=["Ann", "Bob"], idempotency_key="tap-tap",
                secret="the-clients-own-secret",
            )  # fmt: skip
        with write_session(engine) as session:
            assert games.can_edit(session, view.id, [token])
        return view.id

    outcomes = race(8, start)
    assert all(isinstance(o, str) for o in outcomes), outcomes
    assert len(set(outcomes)) == 1
    with Session(engine) as session:
        assert len(session.exec(select(Game)).all()) == 1


# --- checks before the write lock -----------------------------------------------------------
#
# Called with no transaction open, the service reads and checks in a read transaction, ends
# it, then takes the write lock with a conditional version bump. A change committed by another
# device in between must be noticed, and the change checked again under the lock.


@pytest.fixture
def between(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[], Any]], list[Any]]:
    """``between(action)``: run ``action`` (another device's change) once, right after the
    service has ended its reads and before it takes the write lock. Returns what it gave."""

    def arrange(action: Callable[[], Any]) -> list[Any]:
        real = games.rounds.end_reading
        done: list[Any] = []
        started: list[bool] = []

        def end_then_interfere(session: Session) -> None:
            real(session)
            if not started:  # once: the other device's own change passes here too
                started.append(True)
                done.append(action())

        monkeypatch.setattr(games.rounds, "end_reading", end_then_interfere)
        return done

    return arrange


@pytest.fixture
def reader(db_app: Flask) -> Games:
    return Games(get_engine(db_app), read_first=True)


def test_the_claim_keeps_or_clears_the_end_of_a_game(reader: Games) -> None:
    """Editing a round of a finished game keeps its end in the database; undo clears it."""
    game_id, _ = reader.create(players=["Ann", "Bob"])
    rounds = reader.load(game_id).rules.round_count
    for number in range(1, rounds + 1):
        reader.add(game_id, number, OUT, pts(10))

    def stored_end() -> Any:
        with Session(reader.engine) as session:
            return session.exec(select(Game.finished_at).where(Game.id == game_id)).one()

    ended = stored_end()
    assert ended is not None
    reader.replace(game_id, 1, OUT, pts(40))
    assert stored_end() == ended
    reader.run(games.undo_last_round, game_id)
    assert stored_end() is None


def test_a_round_added_meanwhile_is_noticed(reader: Games, between: Any) -> None:
    other = Games(reader.engine)
    game_id, _ = reader.create()
    done = between(lambda: other.add(game_id, 1, OUT, pts(5), pts(5)))
    with pytest.raises(Conflict, match="already recorded"):
        reader.add(game_id, 1, OUT, pts(50), pts(50))
    assert done  # the other device did save round 1 in between
    view = reader.load(game_id)
    assert view.version == 2 and [r.points for r in view.rounds] == [(0, 5, 5)]
    assert reader.count(Round) == 1 and reader.count(Entry) == 3


def test_a_change_meanwhile_is_checked_again_and_kept(reader: Games, between: Any) -> None:
    other = Games(reader.engine)
    game_id, _ = reader.create()
    reader.add(game_id, 1, OUT, pts(5), pts(5))
    between(lambda: other.replace(game_id, 1, OUT, pts(15), pts(20)))
    view, created = reader.add(game_id, 2, pts(10), OUT, pts(10))
    assert created and view.version == 4  # on top of the other device's edit
    assert view.totals == (10, 15, 30)
    assert view == fresh(reader, game_id) == reader.load(game_id)
    lines = [line.action for line in reader.run(games.history, game_id)]
    assert lines == ["add_round", "replace_round", "add_round", "create"]


def test_a_stale_expected_version_meanwhile_is_a_conflict(reader: Games, between: Any) -> None:
    other = Games(reader.engine)
    game_id, _ = reader.create()
    view, _ = reader.add(game_id, 1, OUT, pts(5), pts(5))
    between(lambda: other.replace(game_id, 1, OUT, pts(15), pts(20)))
    with pytest.raises(Conflict, match="someone else changed"):
        reader.add(game_id, 2, pts(10), OUT, pts(10), expected_version=view.version)
    assert len(reader.load(game_id).rounds) == 1


def test_an_edit_meanwhile_makes_a_replace_a_conflict(reader: Games, between: Any) -> None:
    other = Games(reader.engine)
    game_id, _ = reader.create()
    reader.add(game_id, 1, OUT, pts(5), pts(5))
    between(lambda: other.replace(game_id, 1, OUT, pts(15), pts(20), expected_version=1))
    with pytest.raises(Conflict, match="changed on another device"):
        reader.replace(game_id, 1, OUT, pts(70), pts(90), expected_version=1)
    assert reader.load(game_id).rounds[0].points == (0, 15, 20)
    assert reader.load(game_id).rounds[0].version == 2


def test_a_retry_meanwhile_is_answered_not_repeated(reader: Games, between: Any) -> None:
    other = Games(reader.engine)
    game_id, _ = reader.create()
    between(lambda: other.add(game_id, 1, OUT, pts(5), pts(5), idempotency_key="tap"))
    view, created = reader.add(game_id, 1, OUT, pts(5), pts(5), idempotency_key="tap")
    assert not created and view.version == 2
    assert reader.count(Round) == 1 and reader.count(IdempotencyRecord) == 1


def test_an_undo_after_a_round_added_meanwhile(reader: Games, between: Any) -> None:
    other = Games(reader.engine)
    game_id, _ = reader.create()
    reader.add(game_id, 1, OUT, pts(5), pts(5))
    between(lambda: other.add(game_id, 2, pts(5), OUT, pts(5)))
    with pytest.raises(Invalid, match="only the last round"):
        reader.run(games.undo_last_round, game_id, 1)
    assert len(reader.load(game_id).rounds) == 2
    # Without a round number the undo, checked again, removes the round now last.
    between(lambda: other.replace(game_id, 1, OUT, pts(10), pts(10)))
    view = reader.run(games.undo_last_round, game_id)
    assert [r.number for r in view.rounds] == [1] and view.totals == (0, 10, 10)
    assert view == fresh(reader, game_id) == reader.load(game_id)
    assert reader.count(Round) == 1 and reader.count(Entry) == 3


def test_the_write_takes_one_short_transaction_after_the_reads(reader: Games) -> None:
    """The reads end before the write lock is taken, and the write is a handful of
    statements (no ORM flushes): a version bump, the round, its entries, key and history, and
    each seat's result for the groups' leaderboards (one executemany)."""
    game_id, _ = reader.create()
    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement.split()[0].upper())

    from sqlalchemy import event

    event.listen(reader.engine, "before_cursor_execute", record)
    try:
        reader.add(game_id, 1, OUT, pts(5), pts(5), idempotency_key="k")
    finally:
        event.remove(reader.engine, "before_cursor_execute", record)
    if reader.engine.dialect.name == "sqlite":
        statements = [s for s in statements if s != "BEGIN"]
    writes = statements[next(i for i, s in enumerate(statements) if s == "UPDATE") :]
    assert writes == ["UPDATE", "INSERT", "INSERT", "INSERT", "INSERT", "UPDATE"], statements
    assert all(s == "SELECT" for s in statements[: -len(writes)]), statements


# --- the view cache -----------------------------------------------------------------------------


def test_a_view_read_before_a_change_is_not_served_after_it(svc: Games) -> None:
    """A view built and cached by one reader is not what the next reader gets once another
    session has changed the game: the cache is checked against the row's version and time."""
    game_id, _ = svc.create()
    svc.add(game_id, 1, OUT, pts(5), pts(15))
    assert svc.load(game_id).totals == (0, 5, 15)  # built and cached
    with write_session(svc.engine) as session:  # another writer, its own transaction
        games.replace_round(session, game_id, 1, entry(pts(20), OUT, pts(10)))
    assert svc.load(game_id).totals == (20, 0, 10)


def test_reads_in_a_session_see_its_own_pending_changes(db_app: Flask) -> None:
    """The service's quick reads (Core statements) flush what the session holds first, as
    the ORM's queries would."""
    engine = get_engine(db_app)
    with write_session(engine) as session:
        view, token = games.create_game(
            session, preset="liverpool", players=["Ann", "Bob"], first_dealer=0
        )
        other = games.grant_edit(session, view.id, "second device")  # pending, not flushed
        assert games.can_edit(session, view.id, [other])
        assert games.can_edit(session, view.id, [token])
        assert not games.can_edit(session, view.id, ["x" * 43])
        assert games.load_game(session, view.id).players == ("Ann", "Bob")
