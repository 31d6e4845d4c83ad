"""Groups, their leaderboards and people: ``/groups``; export and import."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, RootModel

from ....games import transfer
from .base import Answer, Request

# --- groups: /groups ------------------------------------------------------------------------


class NewGroup(Request):
    name: str = Field(description="The group's name.", examples=["Smith family"])
    people: list[str] = Field(
        [], description="The people in it, by name (more join as games are played)."
    )


class JoinGroup(Request):
    code: str = Field(description="The group's join code, as its editors see it.")
    label: str | None = Field(None, description="What to call this client in the grants.")


class GroupLanguage(Request):
    language: Literal["en", "es", "de"] | None = Field(
        description="The language the group's pages speak; null: each reader's own (their "
        "device's choice, else their browser's)."
    )


class PersonName(Request):
    name: str = Field(description="The person's name in the group's pages.")


class MergePerson(Request):
    into: int = Field(description="The person (id) who takes this person's games.")


class GroupPerson(Answer):
    id: int
    name: str
    games: int = Field(description="The group's games they played, finished or not.")


class Group(Answer):
    id: str
    name: str
    created_at: datetime
    people: list[GroupPerson] = Field(description="By name.")
    games: int
    finished_games: int
    language: str | None = Field(
        default=None,
        description="The language the group's pages speak (en, es, de); null: each reader's own.",
    )


class NewGroupAnswer(Group):
    token: str = Field(description="The edit token: send it as a bearer token.")
    join_code: str = Field(description="The code that gives another device edit rights.")


class GroupToken(Answer):
    id: str
    token: str = Field(description="An edit token for the group: send it as a bearer token.")


class People(Answer):
    id: str = Field(description="The group's id.")
    people: list[GroupPerson]


class GameResultRef(Answer):
    game_id: str
    total: int
    finished_at: datetime


class StreakValue(Answer):
    kind: Literal["win", "loss"] = Field(description="loss: games without a win.")
    length: int


class LeaderboardLine(Answer):
    person_id: int
    name: str
    games: int = Field(description="Finished games in the range.")
    wins: int = Field(description="A shared lowest total is a win for each.")
    win_rate: float = Field(description="0 to 1.")
    average_score: float = Field(description="The mean final total.")
    points_per_round: float
    best_game: GameResultRef | None = Field(description="The lowest final total.")
    worst_game: GameResultRef | None = Field(description="The highest final total.")
    went_out: int = Field(description="Rounds the person went out.")
    exact_cuts: int = Field(description="Rounds they earned the cut bonus.")
    liverpool_calls: int | None = Field(description="Not recorded: null.")
    streak: StreakValue = Field(description="Their latest games that ended the same way.")
    phases_completed: int | None = Field(
        description="Phases completed in phase games; null: no phase game in the range."
    )


class RangeAnswer(Answer):
    id: str = Field(description="The group's id.")
    name: str = Field(description="The group's name.")
    start: datetime | None = Field(description="The range's first instant (UTC), if any.")
    end: datetime | None = Field(description="The instant after the range (UTC), if any.")


class Leaderboard(RangeAnswer):
    sort: str
    descending: bool
    games: int = Field(description="Finished games in the range.")
    liverpool_calls_recorded: bool
    rows: list[LeaderboardLine]


class PersonGameResult(Answer):
    game_id: str
    title: str
    rules: str = Field(description="The preset id.")
    finished_at: datetime
    total: int
    place: int
    players: int
    won: bool
    phases_done: int | None = Field(
        description="Phases completed, in a phase game; null in a game played in rounds."
    )


class HeadToHeadLine(Answer):
    person_id: int
    name: str
    games: int = Field(description="Finished games the two played together.")
    ahead: int = Field(description="Games the person finished with the lower total.")
    behind: int
    level: int
    wins: int = Field(description="Games the person won.")
    their_wins: int = Field(description="Games the other person won.")


class PersonPage(RangeAnswer):
    person: GroupPerson
    summary: LeaderboardLine | None = Field(description="Null: no finished game in the range.")
    games: list[PersonGameResult] = Field(description="Newest first.")
    head_to_head: list[HeadToHeadLine] = Field(description="Most games together first.")
    one_turn_outs: int = Field(
        description="Rounds the person went down and out in one turn in the range (0: none, "
        "or no finished game)."
    )


class WinsLine(Answer):
    person_id: int
    name: str
    wins: list[int] = Field(description="Wins in each of the periods, in order.")


class WinsOverTime(RangeAnswer):
    period: Literal["day", "month", "year"]
    periods: list[str] = Field(description="Each period with a finished game, in order.")
    games: list[int] = Field(description="Finished games in each period.")
    series: list[WinsLine] = Field(description="By name.")


class SeasonPlace(LeaderboardLine):
    place: int = Field(description="People equal on wins, win rate and average share one.")


class Season(RangeAnswer):
    games: int
    standings: list[SeasonPlace] = Field(description="Best first.")
    champions: list[str] = Field(description="The first place's names.")


# --- export and import ----------------------------------------------------------------------


class GameExport(Answer):
    """A game, everything about it (its whole rule set, players, rounds, entries and
    history): import it again with POST /import."""

    format: Literal["scorekeeper"]
    version: Literal[1]
    kind: Literal["game"]
    game: transfer.GameIn


class GroupExport(Answer):
    """A group, its people and every game: import it again with POST /import."""

    format: Literal["scorekeeper"]
    version: Literal[1]
    kind: Literal["group"]
    group: transfer.GroupIn
    games: list[transfer.GameIn]


class Export(RootModel[Annotated[GameExport | GroupExport, Field(discriminator="kind")]]):
    """An export file as GET .../export.json gives it. The file is read as it arrives, so
    format, version and kind must come first, in that order (send the file as exported, not
    re-serialized with sorted keys)."""

    model_config = ConfigDict(defer_build=True)  # built when first used, as Answer


class CsvExport(RootModel[str]):
    """CSV text, one row per player per round, with a header row: game_id, game_title, rules,
    game_created_at, game_finished_at, round, contract, dealer, seat, player, person,
    went_out, points, hand_points, cards, bought, cut_bonus, running_total, phase,
    phase_done. In a phase game, contract is the contract of the phase the player played,
    phase that phase's number and phase_done whether they completed it (both empty in a game
    played in rounds)."""

    model_config = ConfigDict(defer_build=True)


class Imported(Answer):
    kind: Literal["game", "group"]
    id: str
    games: int = Field(description="Games imported.")
    token: str = Field(
        description="An edit token for what was imported: the game, or the group and each "
        "of its games."
    )
