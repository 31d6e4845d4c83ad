"""Phase games: who is on which phase, who has completed them all, and who won.

Terms:

- In a **phase game** (a rule set whose progression is ``phases``) the rule set's rounds are
  the **phases**, numbered from 1, and every player plays **their own** phase each hand. A
  game's hands are its rounds, numbered from 1 as in any game; there is no last one.
- At the end of a hand every player who laid down their phase's contract has **completed**
  it (``done``); the player who went out always has. With the phases **in order** a player's
  next phase is the one after; with the phases in **any order** a player says which phase
  they completed, one they had not completed yet.
- A player's **current phase** is their count of phases completed plus one (the phase count
  plus one once they completed them all); in any order, the **phases left** are those they
  have not completed.
- The game **ends** with the hand in which at least one player completes their last phase.
  Among those players (the **finishers**) the lowest total wins; equal totals share the win.
  Hands are open-ended, but a game holds at most :data:`MAX_HANDS` of them (a safety limit
  no real game reaches: ten phases are done in a few dozen hands).

Nothing here is stored: the progress is worked out again from the hands as recorded, so an
edit of an earlier hand moves players between phases, and can end a game or let it go on.

A worked game of three phases, in order. Ann completes a phase every hand, Bob only in
hands 2 and 3, Cy in hand 1 and 3 (Cy goes out in hand 3):

>>> x, o = PhaseEntry(done=True), PhaseEntry(done=False)
>>> hands = [(x, o, x), (x, x, o), (x, x, x)]
>>> game = phase_progress(hands, 3)
>>> game.played  # each hand, the phase each player played
((1, 1, 1), (2, 1, 2), (3, 2, 2))
>>> [game.current(seat) for seat in range(3)], game.ended, game.finishers
([4, 3, 3], 3, (0,))
>>> game.winners([40, 20, 35])  # Ann alone completed the last phase: she wins
(0,)

Had Bob also completed phase 1 in hand 1, both would finish in hand 3; the lower total wins,
and equal totals share the win:

>>> tie = phase_progress([(x, x, x), (x, x, o), (x, x, x)], 3)
>>> tie.finishers, tie.winners([40, 20, 35]), tie.winners([30, 30, 5])
((0, 1), (1,), (0, 1))

In any order a player says which phase they completed:

>>> def did(n: int) -> PhaseEntry:
...     return PhaseEntry(done=True, phase=n)
>>> free = phase_progress([(did(3), o), (did(1), did(2))], 3, any_order=True)
>>> free.left(0), free.done(0), free.current(0), free.ended
((2,), (1, 3), 3, None)

A phase completed twice, or no phase said, is refused with a sentence per problem:

>>> phase_progress([(did(3), o), (did(3), x)], 3, any_order=True, names=["Ann", "Bob"])
Traceback (most recent call last):
...
scorekeeper.rules.phases.PhaseError: Ann completed phase 3 in hand 1 already: Ann's phases left in hand 2 are 1 and 2. Say which phase Bob completed in hand 2 (phases left: 1, 2, 3).
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import RulesError

# The most hands a phase game holds: a safety limit, far beyond a real game (ten phases are
# done in a few dozen hands at most). README "Limits and safety".
MAX_HANDS = 100


@dataclass(frozen=True)
class PhaseEntry:
    """One player's hand in a phase game: whether they completed (laid down) their phase,
    and the phase they played, if said (in order it is worked out; in any order the player
    says which one they completed)."""

    done: bool
    phase: int | None = None


@dataclass(frozen=True)
class PhaseProblem:
    """Something wrong with a phase game's hands: the hand (1-based), the seat (None for the
    hand as a whole), a stable code and a sentence for the table."""

    hand: int
    seat: int | None
    code: str
    message: str


class PhaseError(RulesError):
    """Hands that do not make a phase game: ``problems`` lists each one."""

    code = "phase-error"

    def __init__(self, problems: Sequence[PhaseProblem]) -> None:
        if not problems:
            raise ValueError("a PhaseError needs at least one problem")
        self.problems = tuple(problems)
        super().__init__(" ".join(p.message for p in self.problems), code=self.problems[0].code)


@dataclass(frozen=True)
class PhaseProgress:
    """A phase game as its hands make it.

    ``played`` holds, for each hand, the phase each player played (None: in any order, a
    player who completed nothing and did not say); ``completed`` holds, for each player, the
    phases completed in the order they were; ``ended`` is the hand that ended the game (None
    while it goes on) and ``finishers`` the players who completed their last phase in it.
    """

    phase_count: int
    any_order: bool
    played: tuple[tuple[int | None, ...], ...]
    completed: tuple[tuple[int, ...], ...]
    ended: int | None
    finishers: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return self.ended is not None

    def current(self, seat: int) -> int:
        """The player's current phase: phases completed plus one (``phase_count + 1`` once
        all are done; in any order, how far along they are)."""
        return len(self.completed[seat]) + 1

    def done(self, seat: int) -> tuple[int, ...]:
        """The phases the player has completed, in ascending order."""
        return tuple(sorted(self.completed[seat]))

    def left(self, seat: int) -> tuple[int, ...]:
        """The phases the player has still to complete, in ascending order."""
        completed = set(self.completed[seat])
        return tuple(n for n in range(1, self.phase_count + 1) if n not in completed)

    def completed_counts(self) -> tuple[int, ...]:
        """How many phases each player has completed."""
        return tuple(len(phases) for phases in self.completed)

    def winners(self, totals: Sequence[int]) -> tuple[int, ...]:
        """The finishers with the lowest total (several on a tie); none while the game goes
        on."""
        if not self.finishers:
            return ()
        best = min(totals[seat] for seat in self.finishers)
        return tuple(seat for seat in self.finishers if totals[seat] == best)


def phase_progress(
    hands: Sequence[Sequence[PhaseEntry]],
    phase_count: int,
    *,
    any_order: bool = False,
    names: Sequence[str] | None = None,
) -> PhaseProgress:
    """The progress of a phase game of ``phase_count`` phases from its hands (one entry per
    player each), or a :class:`PhaseError` listing every problem: a hand past
    :data:`MAX_HANDS` or after the one that ended the game; in order, a phase said that is not
    the player's current one; in any order, a phase completed twice, out of range, or not
    said."""
    if phase_count < 1:
        raise RulesError("a phase game needs at least one phase")
    players = len(hands[0]) if hands else len(names or ())
    who = _names(names, players)
    # Each player's phases completed, in order, with the hand each was completed in.
    completed: list[dict[int, int]] = [{} for _ in range(players)]
    played: list[tuple[int | None, ...]] = []
    problems: list[PhaseProblem] = []
    ended: int | None = None
    finishers: tuple[int, ...] = ()
    for number, hand in enumerate(hands, start=1):
        if number > MAX_HANDS:
            problems.append(_too_many_hands(number))
            break
        if ended is not None:
            problems.append(_after_the_end(ended, finishers, number, len(hands), who))
            break
        if len(hand) != players:
            raise RulesError(f"hand {number} needs an entry for each of the {players} players")
        row: list[int | None] = []
        for seat, entry in enumerate(hand):
            phase, found = _played(
                entry, completed[seat], phase_count, any_order, number, who[seat]
            )
            problems.extend(PhaseProblem(number, seat, code, message) for code, message in found)
            row.append(phase)
            if entry.done and phase is not None and not found:
                completed[seat][phase] = number
        played.append(tuple(row))
        done_all = tuple(s for s in range(players) if len(completed[s]) == phase_count)
        if done_all:
            ended, finishers = number, done_all
    if problems:
        raise PhaseError(problems)
    return PhaseProgress(
        phase_count,
        any_order,
        tuple(played),
        tuple(tuple(phases) for phases in completed),  # in the order completed
        ended,
        finishers,
    )


def _names(names: Sequence[str] | None, players: int) -> list[str]:
    given = list(names or ())
    return [given[i] if i < len(given) else f"player {i + 1}" for i in range(players)]


def _played(
    entry: PhaseEntry,
    completed: Mapping[int, int],
    phase_count: int,
    any_order: bool,
    number: int,
    name: str,
) -> tuple[int | None, list[tuple[str, str]]]:
    """The phase a player played in hand ``number`` and what is wrong with their entry
    (code, sentence); ``completed`` maps each phase they completed before to its hand."""
    said = entry.phase
    if not any_order:
        current = len(completed) + 1
        if said is not None and said != current:
            message = (
                f"{name} was on phase {current} in hand {number}, not phase {said}: "
                "the phases go in order."
            )
            return current, [("not-current-phase", message)]
        return current, []
    left = [n for n in range(1, phase_count + 1) if n not in completed]
    if said is None:
        if not entry.done:
            return None, []
        message = (
            f"Say which phase {name} completed in hand {number} (phases left: {_listed(left)})."
        )
        return None, [("phase-missing", message)]
    if not 1 <= said <= phase_count:
        message = f"There is no phase {said}: the phases are 1 to {phase_count}."
        return None, [("no-such-phase", message)]
    if said in completed:
        message = (
            f"{name} completed phase {said} in hand {completed[said]} already: "
            f"{name}'s phases left in hand {number} are {_listed(left, 'and')}."
        )
        return said, [("phase-done-before", message)]
    return said, []


def _listed(numbers: Sequence[int], last: str = "") -> str:
    """``1, 2 and 3`` (``last`` given) or ``1, 2, 3``."""
    words = [str(n) for n in numbers]
    if last and len(words) > 1:
        return ", ".join(words[:-1]) + f" {last} " + words[-1]
    return ", ".join(words)


def _too_many_hands(number: int) -> PhaseProblem:
    return PhaseProblem(
        number, None, "too-many-hands", f"A phase game holds at most {MAX_HANDS} hands."
    )


def _after_the_end(
    ended: int, finishers: Sequence[int], number: int, last: int, who: Sequence[str]
) -> PhaseProblem:
    names = " and ".join(who[s] for s in finishers)
    # Whole sentences, one for a single hand after the end and one for several.
    if number == last:
        message = (
            f"{names} completed the last phase in hand {ended}, which ends the game, "
            f"so hand {number} cannot come after it."
        )
    else:
        message = (
            f"{names} completed the last phase in hand {ended}, which ends the game, "
            f"so hands {number} to {last} cannot come after it."
        )
    return PhaseProblem(number, None, "after-the-end", message)


__all__ = [
    "MAX_HANDS",
    "PhaseEntry",
    "PhaseError",
    "PhaseProblem",
    "PhaseProgress",
    "phase_progress",
]
