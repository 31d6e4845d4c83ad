"""How much work one referee question may take: a step budget, a CPU guard, a deadline.

The referee answers exactly (a meld is legal or it is not; a hand makes the contract or it
does not), and some questions could take a search a very long time: a stranger may send
any rule set and any hand. So every search counts its work against a budget.

Terms:

- A **step** is one unit of the referee's real work: a node of the contract search, one meld
  choice it enumerates, one way of reading a lay-down tried, and reading a group of cards as
  a meld (:func:`reading_cost`: a step per eight cards). The count is deterministic: the
  same question always takes the same steps, on any machine, so the tests hold the searches
  to it instead of to a clock.
- A **budget** allows :data:`DEFAULT_STEPS` steps. Every part of the work is charged what it
  costs, so that a step is worth about the same CPU time wherever it is spent (a few
  microseconds, ``benchmarks/bounds.py --bodies`` measures it): a node of the contract search
  its bounds' work, each as dear as it is (:attr:`.prunings.pruning.Pruning.steps`), a maker
  of meld choices each way it tries. The whole budget is well under a second of CPU. A
  question over budget is refused with :class:`TooHard`, a :class:`~.errors.RulesError`
  whose message a person can read; the web answers it with a 422.
- A **CPU guard** (:data:`DEFAULT_CPU_SECONDS` of the thread's CPU time, read with the
  steps' clock check) is the backstop should some work be charged less than it costs: a
  question past it is refused as too hard all the same (a 422). The steps decide first on
  every question measured; the tests hold the searches to the steps, never to a clock.
- A **deadline** (wall clock, :data:`DEFAULT_SECONDS`, far away) is the last resort, for a
  machine so busy that a question within its steps and CPU still waits too long for a
  core: it is checked every :data:`CHECK_EVERY` steps, and a question past it is refused
  with :class:`TooHard` marked ``timed_out`` (the web answers 503: try again). Nothing keeps
  running after any of them.
- One budget covers one request: the web activates one per request (:func:`activate`), and
  every question asked while it is active (a page may ask several) spends from it. A
  question asked with no budget active gets a fresh one of its own (:func:`current`).

>>> budget = StepBudget(steps=2500, seconds=None, cpu_seconds=None)
>>> budget.spend(2000)
>>> budget.used
2000
>>> budget.spend(600)
Traceback (most recent call last):
...
scorekeeper.rules.budget.TooHard: This question is too much work for the referee: answering it exactly would take more than 2,500 steps, the most one question may take. Ask about fewer cards or melds at a time, or with fewer wild cards.
"""  # noqa: E501

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token

from .errors import RulesError
from .language import N_, _

DEFAULT_STEPS = 100_000
# The wall clock only stops a question a busy machine keeps waiting: the steps (and the CPU
# guard) bound the work, so a family's hard question is not turned into a 503 by the load.
DEFAULT_SECONDS = 10.0
DEFAULT_CPU_SECONDS = 1.0  # the backstop: a question's CPU time, whatever its steps
CHECK_EVERY = 1000  # steps between two looks at the clocks (a few milliseconds of work)
CARDS_PER_STEP = 8  # reading a group of cards costs a step per 8 cards (and one to start)

TOO_HARD = N_(
    "This question is too much work for the referee: answering it exactly would take more "
    "than {steps:,} steps, the most one question may take. Ask about fewer cards or melds at a "
    "time, or with fewer wild cards."
)
TOO_MUCH_CPU = N_(
    "This question is too much work for the referee: answering it exactly would take more "
    "than {seconds:g} seconds of computing, the most one question may take. Ask about fewer "
    "cards or melds at a time, or with fewer wild cards."
)
TOO_SLOW = N_(
    "The referee is too busy to answer this question now: it ran out of time after "
    "{seconds:g} seconds. Nothing was changed; try again in a moment."
)


class TooHard(RulesError):
    """A question over its budget: too many steps (``timed_out`` false), or past the
    deadline (``timed_out`` true)."""

    code = "too-hard"

    def __init__(self, message: str, *, timed_out: bool = False) -> None:
        super().__init__(message, code="too-slow" if timed_out else None)
        self.timed_out = timed_out


class StepBudget:
    """Counts steps; raises :class:`TooHard` past ``steps``, past ``cpu_seconds`` of this
    thread's CPU time or past ``seconds`` of wall clock from its creation (``None``: no CPU
    guard, no deadline). (The thread's CPU time, not the process's: a server answers other
    requests on other threads meanwhile.)"""

    __slots__ = (
        "_check_at",
        "_clock",
        "_cpu_clock",
        "cpu_limit",
        "cpu_seconds",
        "deadline",
        "limit",
        "seconds",
        "used",
    )

    def __init__(
        self,
        steps: int = DEFAULT_STEPS,
        seconds: float | None = DEFAULT_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        *,
        cpu_seconds: float | None = DEFAULT_CPU_SECONDS,
        cpu_clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.limit = steps
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.used = 0
        self._clock = clock
        self._cpu_clock = cpu_clock
        self.deadline = None if seconds is None else clock() + seconds
        self.cpu_limit = None if cpu_seconds is None else cpu_clock() + cpu_seconds
        self._check_at = min(steps + 1, CHECK_EVERY)

    def spend(self, steps: int = 1) -> None:
        """Count ``steps``; the clock is read only every :data:`CHECK_EVERY` steps."""
        self.used += steps
        if self.used >= self._check_at:
            self._check()

    @property
    def left(self) -> int:
        return max(self.limit - self.used, 0)

    def share(self, steps: int) -> StepBudget:
        """A part of this budget, of at most ``steps`` (and no more than is left): what it
        spends, this one spends too, and past its own steps it raises :class:`ShareSpent`,
        which the asker catches to do with less (the reason why a hand cannot make the
        contract is worded more generally).

        >>> whole = StepBudget(steps=10_000, seconds=None)
        >>> part = whole.share(1500)
        >>> part.spend(1400)
        >>> whole.used
        1400
        >>> part.spend(200)
        Traceback (most recent call last):
        ...
        scorekeeper.rules.budget.ShareSpent: a share of 1,500 steps is spent
        """
        return _Share(self, min(steps, self.left))

    def _check(self) -> None:
        if self.used > self.limit:
            raise TooHard(_(TOO_HARD).format(steps=self.limit))
        if self.cpu_limit is not None and self._cpu_clock() > self.cpu_limit:
            raise TooHard(_(TOO_MUCH_CPU).format(seconds=self.cpu_seconds))
        if self.deadline is not None and self._clock() > self.deadline:
            raise TooHard(_(TOO_SLOW).format(seconds=self.seconds), timed_out=True)
        self._check_at = min(self.limit + 1, self.used + CHECK_EVERY)


def reading_cost(cards: int) -> int:
    """The steps one reading of ``cards`` cards as a meld costs: a search node (a step) takes
    about as long as reading eight cards.

    >>> reading_cost(3), reading_cost(40)
    (1, 6)
    """
    return 1 + cards // CARDS_PER_STEP


class ShareSpent(TooHard):
    """A share of a budget (:meth:`StepBudget.share`) is spent; the budget itself is not."""

    code = "share-spent"


class _Share(StepBudget):
    __slots__ = ("parent",)

    def __init__(self, parent: StepBudget, steps: int) -> None:
        super().__init__(steps, seconds=None, cpu_seconds=None)  # the parent's clocks
        self.parent = parent

    def spend(self, steps: int = 1) -> None:
        self.parent.spend(steps)  # over the whole budget, or past its deadline: TooHard
        self.used += steps
        if self.used > self.limit:
            raise ShareSpent(f"a share of {self.limit:,} steps is spent")


_ACTIVE: ContextVar[StepBudget | None] = ContextVar("referee_budget", default=None)


def current(budget: StepBudget | None = None) -> StepBudget:
    """``budget`` if given, else the budget active for this request, else a fresh one."""
    if budget is not None:
        return budget
    return _ACTIVE.get() or StepBudget()


@contextmanager
def activate(budget: StepBudget) -> Iterator[StepBudget]:
    """Make ``budget`` the one every question asked inside the block spends from.

    >>> with activate(StepBudget(steps=10, seconds=None)) as budget:
    ...     current() is budget
    True
    >>> current() is budget
    False
    """
    token = _ACTIVE.set(budget)
    try:
        yield budget
    finally:
        _ACTIVE.reset(token)


def start(budget: StepBudget) -> Token[StepBudget | None]:
    """Make ``budget`` the active one until :func:`stop` (for a request's hooks, which cannot
    hold a ``with`` block); returns the token :func:`stop` takes."""
    return _ACTIVE.set(budget)


def stop(token: Token[StepBudget | None]) -> None:
    """Forget the budget :func:`start` made active."""
    _ACTIVE.reset(token)


__all__ = [
    "CHECK_EVERY",
    "DEFAULT_CPU_SECONDS",
    "DEFAULT_SECONDS",
    "DEFAULT_STEPS",
    "ShareSpent",
    "StepBudget",
    "TooHard",
    "activate",
    "current",
    "reading_cost",
    "start",
    "stop",
]
