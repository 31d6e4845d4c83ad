"""The pure phase progress (``scorekeeper.rules.phases``): against a plain count of each
player's completions over random hands, and every refusal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.phases import MAX_HANDS, PhaseEntry, PhaseError, phase_progress

DONE, NOT = PhaseEntry(done=True), PhaseEntry(done=False)


@given(
    phases=st.integers(1, 10),
    hands=st.lists(st.lists(st.booleans(), min_size=3, max_size=3), max_size=30),
)
def test_in_order_each_completion_moves_a_player_up_one(
    phases: int, hands: list[list[bool]]
) -> None:
    """The oracle: count each player's completions hand by hand; the game ends at the first
    hand where a count reaches the number of phases, and a hand after it is refused."""
    counts = [0, 0, 0]
    ended = None
    for number, hand in enumerate(hands, start=1):
        if ended is not None:
            with pytest.raises(
                PhaseError, match=f"hand {number} cannot come after it|hands {number} to"
            ):
                phase_progress([[PhaseEntry(d) for d in h] for h in hands], phases)
            return
        counts = [c + d for c, d in zip(counts, hand, strict=True)]
        if phases in counts:
            ended = number
    progress = phase_progress([[PhaseEntry(d) for d in h] for h in hands], phases, names="ABC")
    assert [progress.current(s) for s in range(3)] == [c + 1 for c in counts]
    assert progress.ended == ended
    assert progress.finishers == tuple(s for s in range(3) if counts[s] == phases)
    assert all(progress.done(s) == tuple(range(1, counts[s] + 1)) for s in range(3))


def test_winners_are_the_finishers_with_the_lowest_total() -> None:
    game = phase_progress([(DONE, DONE, NOT)], 1)
    assert game.finishers == (0, 1)
    assert game.winners([10, 5, 0]) == (1,)  # seat 2's 0 does not count: not a finisher
    assert game.winners([5, 5, 0]) == (0, 1)
    assert phase_progress([(NOT, NOT, NOT)], 1).winners([1, 2, 3]) == ()


def test_any_order() -> None:
    def did(n: int) -> PhaseEntry:
        return PhaseEntry(True, n)

    game = phase_progress(
        [(did(2), NOT), (did(1), PhaseEntry(False, 2)), (did(3), did(1))], 3, any_order=True
    )
    assert game.played == ((2, None), (1, 2), (3, 1))
    assert game.completed == ((2, 1, 3), (1,)) and game.done(0) == (1, 2, 3)
    assert game.ended == 3 and game.finishers == (0,) and game.left(1) == (2, 3)
    with pytest.raises(PhaseError) as refused:
        phase_progress([(did(4), PhaseEntry(False, 0))], 3, any_order=True, names=["Ann", "Bob"])
    assert [(p.seat, p.code) for p in refused.value.problems] == [
        (0, "no-such-phase"),
        (1, "no-such-phase"),
    ]


def test_in_order_a_phase_said_must_be_the_current_one() -> None:
    assert phase_progress([(PhaseEntry(True, 1), PhaseEntry(False, 1))], 2).played == ((1, 1),)
    with pytest.raises(PhaseError) as refused:
        phase_progress([(DONE, NOT), (PhaseEntry(True, 1), NOT)], 2, names=["Ann", "Bob"])
    assert refused.value.problems[0].hand == 2 and refused.value.problems[0].seat == 0
    assert refused.value.message == (
        "Ann was on phase 2 in hand 2, not phase 1: the phases go in order."
    )


def test_hands_past_the_limit_are_refused() -> None:
    hands = [(NOT, NOT)] * (MAX_HANDS + 1)
    with pytest.raises(PhaseError, match=f"A phase game holds at most {MAX_HANDS} hands."):
        phase_progress(hands, 3)
    assert phase_progress(hands[:MAX_HANDS], 3).ended is None


def test_hands_must_have_one_entry_per_player() -> None:
    with pytest.raises(RulesError, match="hand 2 needs an entry for each of the 2 players"):
        phase_progress([(DONE, NOT), (DONE,)], 3)
    with pytest.raises(RulesError, match="at least one phase"):
        phase_progress([], 0)
