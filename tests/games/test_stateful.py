"""A stateful test of the game service: random sequences of create / enter round / edit /
undo / finish, checking the invariants after every step.

Invariants: totals equal the sum of the rounds; exactly one player went out in every round;
round numbers are contiguous from 1; a refused change leaves the game exactly as it was.
"""

from __future__ import annotations

from pathlib import Path

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper import games
from scorekeeper.db import create_all, make_engine, write_session
from scorekeeper.errors import GameError
from scorekeeper.rules import PRESETS
from scorekeeper.rules.scoring import PlayerResult

POINTS = st.integers(min_value=-5, max_value=300)


def _results(players: int, out: int, points: list[int]) -> games.RoundInput:
    return games.RoundInput(
        tuple(
            PlayerResult(went_out=True) if seat == out else PlayerResult(points=points[seat])
            for seat in range(players)
        )
    )


class GameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.engine = make_engine("sqlite://")
        create_all(self.engine)
        self.game_id: str | None = None
        self.expected: list[list[int]] = []  # points by round, as the model predicts
        self.players = 0

    def view(self) -> games.GameView:
        assert self.game_id is not None
        with write_session(self.engine) as session:
            return games.load_game(session, self.game_id)

    @precondition(lambda self: self.game_id is None)
    @rule(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(min_value=3, max_value=8))
    def create(self, preset: str, players: int) -> None:
        rules = PRESETS[preset]
        players = min(max(players, rules.min_players), rules.max_players)  # Carioca: 2 to 4
        names = [f"P{i}" for i in range(players)]
        with write_session(self.engine) as session:
            view, _token = games.create_game(session, preset=preset, players=names)
        self.game_id, self.players, self.expected = view.id, players, []

    @precondition(lambda self: self.game_id is not None)
    @rule(data=st.data())
    def enter_round(self, data: st.DataObject) -> None:
        view = self.view()
        out = data.draw(st.integers(0, self.players - 1))
        points = data.draw(st.lists(POINTS, min_size=self.players, max_size=self.players))
        number = data.draw(st.sampled_from([len(self.expected) + 1, len(self.expected), 99]))
        entry = _results(self.players, out, points)
        should_work = (
            not view.finished
            and number == len(self.expected) + 1
            and all(_valid(view, p) for seat, p in enumerate(points) if seat != out)
        )
        try:
            with write_session(self.engine) as session:
                games.add_round(session, self.game_id or "", number, entry)
        except GameError:
            assert not should_work
            return
        assert should_work
        self.expected.append([0 if s == out else points[s] for s in range(self.players)])

    @precondition(lambda self: self.game_id is not None)
    @rule(data=st.data())
    def edit_round(self, data: st.DataObject) -> None:
        if not self.expected:
            return
        view = self.view()
        number = data.draw(st.integers(1, len(self.expected)))
        out = data.draw(st.integers(0, self.players - 1))
        points = data.draw(st.lists(POINTS, min_size=self.players, max_size=self.players))
        stale = data.draw(st.booleans())
        version = view.rounds[number - 1].version - (1 if stale else 0)
        should_work = not stale and all(
            _valid(view, p) for seat, p in enumerate(points) if seat != out
        )
        try:
            with write_session(self.engine) as session:
                games.replace_round(
                    session,
                    self.game_id or "",
                    number,
                    _results(self.players, out, points),
                    expected_version=version,
                )
        except GameError:
            assert not should_work
            return
        assert should_work
        self.expected[number - 1] = [0 if s == out else points[s] for s in range(self.players)]

    @precondition(lambda self: self.game_id is not None)
    @rule()
    def undo(self) -> None:
        try:
            with write_session(self.engine) as session:
                games.undo_last_round(session, self.game_id or "")
        except GameError:
            assert not self.expected
            return
        self.expected.pop()

    @precondition(lambda self: self.game_id is not None)
    @rule()
    def finish(self) -> None:
        """Play every remaining round (everybody but the first player scores 5)."""
        view = self.view()
        while len(self.expected) < view.rules.round_count:
            points = [0] + [5] * (self.players - 1)
            with write_session(self.engine) as session:
                games.add_round(
                    session, view.id, len(self.expected) + 1, _results(self.players, 0, points)
                )
            self.expected.append(points)
        final = self.view()
        sums = [sum(r[s] for r in self.expected) for s in range(self.players)]
        assert final.finished
        assert final.winners == tuple(s for s in range(self.players) if sums[s] == min(sums))

    @invariant()
    def matches_the_model(self) -> None:
        if self.game_id is None:
            return
        view = self.view()
        assert [r.number for r in view.rounds] == list(range(1, len(view.rounds) + 1))
        assert [list(r.points) for r in view.rounds] == self.expected
        for r in view.rounds:
            assert sum(e.went_out for e in r.entries) == 1
        sums = tuple(sum(r[s] for r in self.expected) for s in range(self.players))
        assert view.totals == sums
        assert view.finished == (len(self.expected) == view.rules.round_count)

    def teardown(self) -> None:
        self.engine.dispose()


def _valid(view: games.GameView, points: int) -> bool:
    from scorekeeper.rules.scoring import check_points

    return not check_points(points, view.rules.point_table)


GameMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGameMachine = GameMachine.TestCase


@pytest.fixture(autouse=True)
def _no_files(tmp_path: Path) -> None:
    """The machine uses in-memory databases only."""
