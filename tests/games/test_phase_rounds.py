"""Phase games through the game service, on SQLite and on a real PostgreSQL server: players
advancing at different speeds, a tie on the last phase, edits of earlier hands that move
players between phases and end or un-end the game, the phases in any order, and every
refusal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.errors import Invalid
from scorekeeper.games.results import seat_results
from scorekeeper.rules.phases import MAX_HANDS
from tests.phase_helpers import hand, phase_document

PLAYERS = ["Ann", "Bob", "Cy"]


class Phases:
    """The service on one database, each call its own session (as the views call it)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def run(self, action: Any, *args: Any, **kwargs: Any) -> Any:
        with Session(self.engine, expire_on_commit=False) as session:
            return action(session, *args, **kwargs)

    def create(self, order: str = "in-order", players: list[str] | None = None) -> str:
        view, _token = self.run(
            games.create_game,
            preset=phase_document(order),
            players=players or PLAYERS,
            first_dealer=0,
        )
        return str(view.id)

    def add(self, game_id: str, number: int, *cells: str) -> games.GameView:
        view, _created = self.run(games.add_round, game_id, number, hand(*cells))
        return view  # type: ignore[no-any-return]

    def replace(self, game_id: str, number: int, *cells: str) -> games.GameView:
        return self.run(games.replace_round, game_id, number, hand(*cells))  # type: ignore[no-any-return]

    def load(self, game_id: str) -> games.GameView:
        return self.run(games.load_game, game_id)  # type: ignore[no-any-return]

    def stored(self, game_id: str) -> list[tuple[int, int, int | None, bool | None]]:
        """Every entry row's (round, seat, phase, phase_done), as the database holds it."""
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT r.number, e.seat, e.phase, e.phase_done FROM entry e JOIN round r "
                    "ON r.id = e.round_id WHERE r.game_id = :g ORDER BY r.number, e.seat"
                ),
                {"g": game_id},
            ).all()
        return [(n, s, p, None if d is None else bool(d)) for n, s, p, d in rows]

    def seats(self, game_id: str) -> list[tuple[int, int | None, int, bool]]:
        """Each seat's (total, phases_done, place, won) as the player rows hold them."""
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT total, phases_done, place, won FROM player WHERE game_id = :g "
                    "ORDER BY seat"
                ),
                {"g": game_id},
            ).all()
        return [(t, d, p, bool(w)) for t, d, p, w in rows]


@pytest.fixture
def svc(db_app: Flask) -> Iterator[Phases]:
    yield Phases(get_engine(db_app))


def _phases(view: games.GameView) -> list[int | None]:
    return [view.player_phase(seat) for seat in range(view.player_count)]


def _played(view: games.GameView) -> list[list[int | None]]:
    return [[e.phase for e in r.entries] for r in view.rounds]


# The worked game: three phases (2 sets; 1 set and 1 run; 2 runs), in order.
# Hand 1: Cy goes out; Ann and Bob complete phase 1 too.   -> Ann 2, Bob 2, Cy 2
# Hand 2: Cy goes out; Ann completes phase 2, Bob does not. -> Ann 3, Bob 2, Cy 3
# Hand 3: Bob goes out; Ann and Cy do not.                 -> Ann 3, Bob 3, Cy 3
# Hand 4: Ann goes out, Bob completes phase 3 as well: both complete the last phase, on
#         60 points each (Cy has fewer points, but did not complete it): a shared win.
HANDS = [
    ("10 done", "15 done", "out"),
    ("20 done", "25 not", "out"),
    ("30", "out", "5"),
    ("out", "20 done", "50"),
]


def _play(svc: Phases, game_id: str) -> games.GameView:
    view = svc.load(game_id)
    for number, cells in enumerate(HANDS, start=1):
        view = svc.add(game_id, number, *cells)
    return view


def test_players_advance_at_their_own_speed_and_tie_on_the_last_phase(svc: Phases) -> None:
    game_id = svc.create()
    view = svc.add(game_id, 1, *HANDS[0])
    assert _phases(view) == [2, 2, 2] and not view.finished and view.next_round == 2
    view = svc.add(game_id, 2, *HANDS[1])
    assert _phases(view) == [3, 2, 3]
    assert view.phase_spec(1) is not None and view.phase_spec(1).contract.describe() == (
        "1 set and 1 run"
    )
    view = svc.add(game_id, 3, *HANDS[2])
    assert _phases(view) == [3, 3, 3] and view.finished_at is None
    view = svc.add(game_id, 4, *HANDS[3])
    assert _phases(view) == [4, 4, 3]
    assert _played(view) == [[1, 1, 1], [2, 2, 2], [3, 2, 3], [3, 3, 3]]
    assert view.finished and view.finished_at is not None and view.next_round is None
    assert view.totals == (60, 60, 55)
    assert view.winners == (0, 1)  # Cy's 55 is lower, but Cy did not complete the last phase
    assert [(s.place, s.seat, s.completed) for s in view.standings] == [
        (1, 0, 3),
        (1, 1, 3),
        (3, 2, 2),
    ]
    assert svc.stored(game_id)[-3:] == [(4, 0, 3, True), (4, 1, 3, True), (4, 2, 3, False)]
    assert svc.seats(game_id) == [(60, 3, 1, True), (60, 3, 1, True), (55, 2, 3, False)]
    assert svc.load(game_id) == view  # read back as the change left it
    with pytest.raises(Invalid, match="the game is over: Ann and Bob completed the last phase"):
        svc.add(game_id, 5, "out", "5", "5")


def test_the_lower_total_wins_among_those_completing_the_last_phase(svc: Phases) -> None:
    game_id = svc.create()
    view = _play(svc, game_id)
    view = svc.replace(game_id, 4, "out", "25 done", "50")
    assert view.totals == (60, 65, 55) and view.winners == (0,)
    assert svc.seats(game_id)[:2] == [(60, 3, 1, True), (65, 3, 2, False)]


def test_an_edit_of_an_earlier_hand_moves_players_and_un_ends_the_game(svc: Phases) -> None:
    game_id = svc.create()
    _play(svc, game_id)
    # Hand 1 again: Ann and Bob did not complete phase 1 after all.
    view = svc.replace(game_id, 1, "10 not", "15 not", "out")
    assert _phases(view) == [3, 3, 3]  # everyone has completed two phases
    assert _played(view) == [[1, 1, 1], [1, 1, 2], [2, 1, 3], [2, 2, 3]]
    assert not view.finished and view.finished_at is None and view.winners == ()
    assert view.next_round == 5
    assert svc.load(game_id) == view
    # The later hands' rows say the phases as the progress now does.
    assert [(n, s, p) for n, s, p, _d in svc.stored(game_id)] == [
        (n, s, p) for n, row in enumerate(_played(view), start=1) for s, p in enumerate(row)
    ]
    assert svc.seats(game_id) == [(60, 2, 2, False), (60, 2, 2, False), (55, 2, 1, False)]
    # The game goes on: Cy completes the last phase and wins alone.
    view = svc.add(game_id, 5, "5", "5 not", "out")
    assert view.finished and view.winners == (2,) and _phases(view) == [3, 3, 4]
    # An edit that would end the game before a hand already recorded is refused.
    with pytest.raises(Invalid) as refused:
        svc.replace(game_id, 3, "30 done", "out", "5")
    assert refused.value.message == (
        "Ann completed the last phase in hand 4, which ends the game, so hand 5 cannot "
        "come after it."
    )
    assert svc.load(game_id) == view  # nothing written
    # Undoing the last hand lets the game go on again.
    view = svc.run(games.undo_last_round, game_id)
    assert not view.finished and view.finished_at is None and view.next_round == 5
    # Now the same edit of hand 3 ends the game with hand 4: Ann alone completes phase 3.
    view = svc.replace(game_id, 3, "30 done", "out", "5")
    assert view.finished and view.winners == (0,) and view.finished_at is not None
    assert _phases(view) == [4, 3, 3] and svc.seats(game_id)[0] == (60, 3, 1, True)


def test_history_and_the_answer_carry_the_phases(svc: Phases) -> None:
    game_id = svc.create()
    view = _play(svc, game_id)
    with Session(svc.engine) as session:
        line = games.history(session, game_id)[0]
        hand_3 = games.history(session, game_id)[1]
    assert line.summary == "Hand 4 entered: Ann 0, Bob 20, Cy 50. Phases completed: Ann 3, Bob 3"
    assert hand_3.summary == "Hand 3 entered: Ann 30, Bob 0, Cy 5. Phases completed: Bob 2"
    assert line.after["results"]["Bob"] == {
        "points": 20, "went_out": False, "cards": None, "bought": 0, "phase": 3,
        "phase_done": True,
    }  # fmt: skip
    data = view.as_dict()
    assert data["progression"] == "phases" and data["phase_order"] == "in-order"
    assert data["phases"] == {
        "Ann": {"phase": 4, "contract": None, "done": [1, 2, 3], "left": []},
        "Bob": {"phase": 4, "contract": None, "done": [1, 2, 3], "left": []},
        "Cy": {"phase": 3, "contract": "2 runs", "done": [1, 2], "left": [3]},
    }
    assert data["rounds"][2]["contract"] is None
    assert [(r["phase"], r["phase_done"]) for r in data["rounds"][2]["results"]] == [
        (3, False),
        (2, True),
        (3, False),
    ]
    assert [s["phases_done"] for s in data["standings"]] == [3, 3, 2]
    assert seat_results(view)[2]["phases_done"] == 2


def test_the_player_who_went_out_completed_the_phase(svc: Phases) -> None:
    game_id = svc.create()
    with pytest.raises(Invalid) as refused:
        svc.add(game_id, 1, "out not", "10", "15")
    assert refused.value.message == (
        "Ann went out, so Ann completed the phase (going out lays it down): phase_done "
        "cannot be false for Ann."
    )
    assert refused.value.details[0]["player"] == "Ann"
    view = svc.add(game_id, 1, "out", "10", "15")  # not said: done for the player out
    assert _phases(view) == [2, 1, 1]


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        (("out p2", "10", "15"), "Ann was on phase 1 in hand 1, not phase 2: the phases go "
         "in order."),
        (("out", "10 p4", "15"), "There is no phase 4: Test Phases has phases 1 to 3."),
        (("out", "10 p0", "15"), "There is no phase 0: Test Phases has phases 1 to 3."),
    ],
)  # fmt: skip
def test_in_order_a_phase_said_must_be_the_players(
    svc: Phases, cells: tuple[str, ...], message: str
) -> None:
    game_id = svc.create()
    with pytest.raises(Invalid) as refused:
        svc.add(game_id, 1, *cells)
    assert refused.value.message == message
    assert svc.load(game_id).rounds == ()
    view = svc.add(game_id, 1, "out p1", "10", "15")  # the player's own phase may be said
    assert _phases(view) == [2, 1, 1]


def test_a_game_in_rounds_takes_no_phase(svc: Phases) -> None:
    view, _token = svc.run(games.create_game, preset="liverpool", players=PLAYERS)
    with pytest.raises(Invalid, match="Liverpool Rummy is played in rounds, not phases: Bob's"):
        svc.add(view.id, 1, "out", "10 done", "15")
    assert svc.add(view.id, 1, "out", "10", "15").phases is None
    assert [e[2:] for e in svc.stored(view.id)] == [(None, None)] * 3


def test_phases_in_any_order(svc: Phases) -> None:
    game_id = svc.create("any")
    with pytest.raises(Invalid) as refused:
        svc.add(game_id, 1, "out", "10", "15")
    assert refused.value.message == (
        "Say which phase Ann completed in hand 1 (phases left: 1, 2, 3)."
    )
    view = svc.add(game_id, 1, "out p3", "10 done p2", "15")
    view = svc.add(game_id, 2, "5 done p1", "out p3", "10 not p2")  # Cy tried phase 2
    assert [view.phases.done(s) for s in range(3)] == [(1, 3), (2, 3), ()]  # type: ignore[union-attr]
    assert [view.phases.left(s) for s in range(3)] == [(2,), (1,), (1, 2, 3)]  # type: ignore[union-attr]
    assert _phases(view) == [3, 3, 1] and _played(view) == [[3, 2, None], [1, 3, 2]]
    with pytest.raises(Invalid) as refused:
        svc.add(game_id, 3, "out p3", "10", "15")
    assert refused.value.message == (
        "Ann completed phase 3 in hand 1 already: Ann's phases left in hand 3 are 2."
    )
    assert view.as_dict()["phases"]["Ann"] == {
        "phase": 3, "contract": None, "done": [1, 3], "left": [2],
    }  # fmt: skip
    # An edit of hand 1 that makes hand 2 complete a phase twice is refused, naming it.
    with pytest.raises(Invalid, match="Ann completed phase 1 in hand 1 already"):
        svc.replace(game_id, 1, "out p1", "10 done p2", "15")
    view = svc.add(game_id, 3, "out p2", "10 done p1", "15")
    assert view.phases is not None and view.phases.finishers == (0, 1)  # both completed all
    assert view.winners == (0,) and view.totals == (5, 20, 40)  # the lower total wins
    assert svc.stored(game_id)[:3] == [(1, 0, 3, True), (1, 1, 2, True), (1, 2, None, False)]


def test_hands_are_open_ended_up_to_the_limit(svc: Phases, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phase game goes on past its count of phases, up to the safety limit of hands."""
    from scorekeeper.rules import phases, scoring

    monkeypatch.setattr(phases, "MAX_HANDS", 5)
    monkeypatch.setattr(scoring, "MAX_HANDS", 5)
    game_id = svc.create()
    for number in range(1, 6):  # each goes out in turn: nobody completes three phases
        cells = ["5", "5", "5"]
        cells[(number - 1) % 3] = "out"
        view = svc.add(game_id, number, *cells)
    assert len(view.rounds) == 5 and not view.finished and _phases(view) == [3, 3, 2]
    with pytest.raises(Invalid, match="a phase game holds at most 5 hands; there is no hand 6"):
        svc.add(game_id, 6, "out", "10", "10")
    assert MAX_HANDS == 100
