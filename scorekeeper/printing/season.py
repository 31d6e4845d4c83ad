"""The season trophy: a PDF sheet for a group's champion over a date range (a year, say), in
the style of a game's trophy sheet, with the season's standings and the wins over time.

:func:`season_sheet` turns the service's :class:`~scorekeeper.games.leaderboard.Season` into
plain data (what the page shows); :func:`render_season` lays it out with ``print/season.html``
through the same WeasyPrint pipeline as the other sheets (:mod:`.render`).

>>> from datetime import UTC, datetime
>>> season_dates(datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))
'2026'
>>> season_dates(datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 7, 1, tzinfo=UTC))
'1 March 2026 – 30 June 2026'
>>> season_dates(None, None)
'Every game played'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..rules.language import _, ngettext
from .chart import cumulative_wins_svg
from .render import render_pdf
from .sheets import normalize_paper
from .words import day, decimal, percent

if TYPE_CHECKING:
    from ..games.leaderboard import Season, WinsOverTime

MAX_ROWS = 16  # standings lines on the page; the rest are counted below the table
LEGEND_NAMES = 8  # lines on the chart (the chart's colours repeat after eight)


@dataclass(frozen=True)
class SeasonLine:
    place: int
    name: str
    games: int
    wins: int
    win_rate: str  # "40%"
    average: str  # "212.5"
    champion: bool


@dataclass(frozen=True)
class SeasonSheet:
    """Everything the season trophy shows (``kind`` picks its template in :mod:`.render`)."""

    title: str  # the group's name
    dates: str  # "2026", or "1 March 2026 – 30 June 2026"
    games: int
    champions: tuple[str, ...]
    champion_line: str  # "12 wins in 30 games"
    standings: tuple[SeasonLine, ...]
    more: int  # people not listed
    chart_svg: str  # trusted markup made by chart.py
    legend: tuple[str, ...]
    paper: str
    kind: str = "season"
    orientation: str = "portrait"

    @property
    def page_size(self) -> str:
        return f"{self.paper} {self.orientation}"


def season_dates(start: datetime | None, end: datetime | None) -> str:
    """The range as people say it: a calendar year by its number; ``end`` is excluded."""
    whole_year = (
        (start.month, start.day, end.month, end.day) == (1, 1, 1, 1) if start and end else False
    )
    if start and end and whole_year and end.year == start.year + 1:
        return str(start.year)
    last = day(end - timedelta(days=1)) if end else ""
    if start and end:
        return _("{first} – {last}").format(first=day(start), last=last)
    if start:
        return _("Since {first}").format(first=day(start))
    if end:
        return _("Every game to {last}").format(last=last)
    return _("Every game played")


def _wins_line(wins: int, games: int) -> str:
    """``12 wins in 30 games``: the champion's record."""
    return (
        ngettext("{wins} win in {games} game", "{wins} wins in {games} game", wins)
        if games == 1
        else ngettext("{wins} win in {games} games", "{wins} wins in {games} games", wins)
    ).format(wins=wins, games=games)


def season_sheet(
    season: Season, wins: WinsOverTime | None = None, paper: str = "A4"
) -> SeasonSheet:
    """The sheet's data: every champion (shared first places), the top standings, and a chart
    of wins so far for the people with the most wins."""
    champions = season.champions
    lines = tuple(
        SeasonLine(
            place=place,
            name=row.name,
            games=row.games,
            wins=row.wins,
            win_rate=percent(row.win_rate),
            average=decimal(row.average_score),
            champion=place == 1,
        )
        for place, row in season.standings
    )
    top = champions[0] if champions else None
    champion_line = _wins_line(top.wins, top.games) if top is not None else ""
    chart, legend = _chart(season, wins)
    return SeasonSheet(
        title=season.group.name,
        dates=season_dates(season.start, season.end),
        games=season.games,
        champions=tuple(c.name for c in champions),
        champion_line=champion_line,
        standings=lines[:MAX_ROWS],
        more=max(len(lines) - MAX_ROWS, 0),
        chart_svg=chart,
        legend=legend,
        paper=normalize_paper(paper),
    )


def _chart(season: Season, wins: WinsOverTime | None) -> tuple[str, tuple[str, ...]]:
    """The wins-so-far chart of the season's leaders (in standings order), if it has two
    periods or more to draw a line between."""
    if wins is None or len(wins.periods) < 2:
        return "", ()
    by_person = {s.person_id: s for s in wins.series}
    leaders = [
        by_person[row.person_id] for _p, row in season.standings if row.person_id in by_person
    ]
    leaders = leaders[:LEGEND_NAMES]
    if not leaders:
        return "", ()
    counts: Sequence[Sequence[int]] = [[n for _at, n in s.points] for s in leaders]
    return str(cumulative_wins_svg(wins.periods, counts)), tuple(s.name for s in leaders)


def render_season(season: Season, wins: WinsOverTime | None = None, paper: str = "A4") -> bytes:
    """The season trophy as PDF bytes (one page)."""
    if not season.standings:
        from ..errors import Conflict

        raise Conflict(
            _("No finished game of this group falls in that range, so there is no champion yet.")
        )
    return render_pdf(season_sheet(season, wins, paper))  # type: ignore[arg-type]
