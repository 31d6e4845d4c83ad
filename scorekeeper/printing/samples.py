"""Made-up games as :class:`~scorekeeper.games.GameView` values, built without a database:
for the benchmark, for looking at sheets, and for renderer tests.

>>> view = sample_game("liverpool", ["Ann", "Bob", "Cy"], seed=1)
>>> view.finished, len(view.rounds), view.totals == view.rounds[-1].running_totals
(True, 7, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from datetime import UTC, datetime

from ..games import EntryView, GameView, RoundView
from ..rules import RuleSet, build_rules
from ..rules.seating import round_seats

NAMES = ("Ann", "Bob", "Carmen", "Dev", "Elena", "Farid", "Grandma Rose", "Hiro")


def sample_game(
    preset: str = "liverpool",
    players: Sequence[str] | int = 4,
    *,
    rounds: int | None = None,
    seed: int = 0,
    title: str = "",
    first_dealer: int = 0,
    points: Sequence[Sequence[int]] | None = None,
    went_out: Sequence[int] | None = None,
    cut_bonus_rounds: Sequence[int] = (),
    rules: RuleSet | None = None,
) -> GameView:
    """A game of ``preset`` with ``rounds`` played (all by default).

    Points are random multiples of the point table's step unless ``points[round][seat]`` is
    given (with ``went_out[round]`` the seat that went out, scoring 0). ``rules`` plays a
    rule set of one's own instead of the preset.
    """
    rules = build_rules(preset) if rules is None else rules
    names = tuple(NAMES[:players]) if isinstance(players, int) else tuple(players)
    count = len(names)
    played = rules.round_count if rounds is None else rounds
    rng = random.Random(seed)
    step = math.gcd(*rules.point_table.rank_points, rules.point_table.joker)
    running = [0] * count
    views: list[RoundView] = []
    moment = datetime(2026, 4, 7, 19, 30, tzinfo=UTC)
    for number in range(1, played + 1):
        seats = round_seats(first_dealer, number, count)
        if points is not None:
            row = list(points[number - 1])
            out = went_out[number - 1] if went_out is not None else row.index(0)
        else:
            out = rng.randrange(count)
            row = [0 if seat == out else step * rng.randint(1, 80 // step) for seat in range(count)]
        cut = number in cut_bonus_rounds
        if cut:
            row[seats.cutter] += rules.cut_bonus
        entries = tuple(
            EntryView(
                seat=seat,
                points=row[seat],
                hand_points=row[seat] - (rules.cut_bonus if cut and seat == seats.cutter else 0),
                went_out=seat == out,
                cards=None,
                bought=0,
                cut_bonus=cut and seat == seats.cutter,
            )
            for seat in range(count)
        )
        for seat in range(count):
            running[seat] += row[seat]
        views.append(
            RoundView(
                number, rules.round(number), seats, entries, out, cut, tuple(running), 1, moment
            )
        )
    finished = played >= rules.round_count
    return GameView(
        id="sample-game-0000000000", title=title, preset=preset, options={}, rules=rules,
        players=names, first_dealer=first_dealer, join_code="ABCDEF", rounds=tuple(views),
        version=played + 1, created_at=moment, updated_at=moment,
        finished_at=moment if finished else None,
    )  # fmt: skip
