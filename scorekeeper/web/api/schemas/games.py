"""Games and rounds: ``/games``."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, Tag

from .base import Answer, Cards, Request, RulesValue, by_json_type

# --- games: /games ----------------------------------------------------------------------------


class NewGame(Request):
    rules: RulesValue
    players: list[str] = Field(
        description="Names in seating order (clockwise).", examples=[["Ann", "Bob", "Cy"]]
    )
    options: dict[str, Any] | None = Field(
        None,
        description="House-rule overrides: names and values from GET /rules.",
        examples=[{"buying": False}],
    )
    title: str | None = None
    first_dealer: (
        Annotated[
            Annotated[str, Tag("string")] | Annotated[int, Tag("integer")],
            by_json_type("a player's name or seat (from 0)"),
        ]
        | None
    ) = Field(None, description="Who deals round 1; left out: cut for deal.")
    group: str | None = Field(
        None,
        description="A group's id: the game is started in it (its people by name; a new "
        "name joins the group). Needs the group's edit token as the bearer token.",
        max_length=40,
    )


class PlayerResultIn(Request):
    player: str = Field(description="A player's name (case and extra spaces do not matter).")
    went_out: bool = False
    points: int | None = Field(None, description="The points typed in; or give cards.")
    cards: Cards | None = Field(
        None,
        description="The cards left in hand, scored with the game's point table.",
        examples=["AH 7C JK"],
    )
    bought: int = Field(0, description="How many cards the player bought in the round.")


class RoundEdit(Request):
    """A recorded round's results, to replace them."""

    round: int | None = Field(None, description="The round number: the address's, if given.")
    results: list[PlayerResultIn] = Field(description="One result for each player.")
    cut_bonus: str | None = Field(
        None, description="The name of the round's cutter, if the cut was exact."
    )
    version: int | None = Field(
        None,
        description="Adding: the game's version; replacing: the round's version. A stale "
        "version is refused with 409.",
    )


class NewRound(RoundEdit):
    """The next round's results."""

    round: int = Field(description="The round number: the game's next round.")


class PlayerResult(Answer):
    player: str
    points: int
    went_out: bool
    cards: str | None = Field(description="The cards left in hand, if they were entered.")
    bought: int


class Round(Answer):
    round: int
    contract: str
    dealer: str
    cutter: str
    went_out: str
    cut_bonus: str | None = Field(description="The cutter, if the cut bonus was earned.")
    version: int = Field(description="The round's version (send it to replace the round).")
    results: list[PlayerResult]
    totals: dict[str, int] = Field(description="The running totals, by player.")


class Standing(Answer):
    place: int
    player: str
    total: int


class Game(Answer):
    id: str
    title: str
    rules: str = Field(description="The preset id.")
    options: dict[str, Any] = Field(description="The house rules the game overrides.")
    rule_set: str = Field(description="The rule set's name.")
    players: list[str]
    first_dealer: str
    version: int = Field(description="The game's version, also its ETag.")
    rounds: list[Round]
    totals: dict[str, int]
    standings: list[Standing]
    next_round: int | None
    finished: bool
    winners: list[str]
    created_at: datetime
    updated_at: datetime


class NewGameAnswer(Game):
    token: str = Field(description="The edit token: send it as a bearer token.")
    join_code: str = Field(description="The code that lets another device score.")
    group: str | None = Field(description="The group the game was started in, if any.")


class JoinCode(Answer):
    id: str
    join_code: str


class Device(Answer):
    ref: str = Field(description="Names the grant in DELETE .../devices/{ref}.")
    label: str = Field(examples=["joined device 2"])
    kind: Literal["device", "api"]
    created_at: datetime
    yours: bool = Field(description="Held by the token asking.")


class Devices(Answer):
    id: str
    devices: list[Device] = Field(description="Oldest first.")


class RemovedDevice(Answer):
    id: str
    removed: Device = Field(description="The device that can no longer edit.")


class HistoryLine(Answer):
    at: datetime
    actor: str
    action: str
    round: int | None
    summary: str
    before: Any
    after: Any


class History(Answer):
    id: str
    history: list[HistoryLine] = Field(description="Newest first.")
