"""Games and rounds: ``/games``."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, Tag

from ....rules.language import N_
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
            by_json_type(N_("a player's name or seat (from 0)")),
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
    phase_done: bool | None = Field(
        None,
        description="A phase game's: whether the player completed (laid down) their phase "
        "this round. Left out: true for the player who went out (false is refused there), "
        "false for the others. Refused in a game played in rounds.",
    )
    phase: int | None = Field(
        None,
        description="A phase game's, with the phases in any order: the phase the player "
        "completed (one they had not completed yet; needed when phase_done is true). With "
        "the phases in order it may be left out; if given, it must be the player's phase.",
    )
    down_and_out: bool = Field(
        False,
        description="The player who went out laid down and went out in the same turn: the "
        "rules' one_turn_bonus is added (Continental -10). Only with went_out, and only in a "
        "game whose rules score it; refused otherwise.",
    )


class RoundEdit(Request):
    """A recorded round's results, to replace them."""

    round: int | None = Field(None, description="The round number: the address's, if given.")
    results: list[PlayerResultIn] = Field(description="One result for each player.")
    cut_bonus: str | None = Field(
        None, description="The name of the round's cutter, if the cut was exact."
    )
    version: int | None = Field(
        None,
        description="The round's version, as listed with the round in the game's rounds (not "
        "the game's version or ETag). A stale version is refused with 409, which names the "
        "version expected.",
    )


class NewRound(RoundEdit):
    """The next round's results."""

    round: int = Field(description="The round number: the game's next round.")
    version: int | None = Field(
        None,
        description="The game's version (its ETag, as GET answers it). A stale version is "
        "refused with 409, which names the version expected.",
    )


class PlayerResult(Answer):
    player: str
    points: int
    went_out: bool
    cards: str | None = Field(description="The cards left in hand, if they were entered.")
    bought: int
    phase: int | None = Field(
        description="A phase game's: the phase the player played (null there, with the "
        "phases in any order, when they completed none and did not say); null in a game "
        "played in rounds."
    )
    phase_done: bool | None = Field(
        description="A phase game's: whether the player completed that phase; null in a game "
        "played in rounds."
    )
    down_and_out: bool = Field(
        description="Whether the player went down and out in one turn (the one-turn bonus is "
        "in their points)."
    )


class Round(Answer):
    round: int = Field(description="The round's number; in a phase game, the hand's.")
    contract: str | None = Field(
        description="The round's contract; null in a phase game (each player plays their "
        "own phase: see each result's phase)."
    )
    dealer: str
    cutter: str
    went_out: str
    cut_bonus: str | None = Field(description="The cutter, if the cut bonus was earned.")
    version: int = Field(description="The round's version (send it to replace the round).")
    results: list[PlayerResult]
    totals: dict[str, int] = Field(description="The running totals, by player.")


class Standing(Answer):
    place: int = Field(
        description="1 is first; equal totals share a place. In a phase game more phases "
        "completed come first, then the lower total."
    )
    player: str
    total: int
    phases_done: int | None = Field(
        description="A phase game's: the phases the player completed; null in a game played "
        "in rounds."
    )


class PlayerPhase(Answer):
    phase: int = Field(
        description="The phase the player is on: phases completed plus one (the number of "
        "phases plus one once they completed all)."
    )
    contract: str | None = Field(
        description="That phase's contract, with the phases in order (null once all are "
        "done, and with the phases in any order: see left)."
    )
    done: list[int] = Field(description="The phases completed, in ascending order.")
    left: list[int] = Field(description="The phases still to complete, in ascending order.")


class Game(Answer):
    id: str
    title: str
    rules: str = Field(description="The preset id.")
    options: dict[str, Any] = Field(description="The house rules the game overrides.")
    rule_set: str = Field(description="The rule set's name.")
    progression: Literal["rounds", "phases"] = Field(
        description="rounds: everyone plays round N's contract in round N; phases: each "
        "player plays their own phase each round (hand) and moves up on completing it."
    )
    phase_order: Literal["in-order", "any"] | None = Field(
        description="A phase game's: the phases in order, or in any order (round entry "
        "then says which phase each player completed); null in a game played in rounds."
    )
    players: list[str]
    first_dealer: str
    version: int = Field(description="The game's version, also its ETag.")
    rounds: list[Round]
    totals: dict[str, int]
    phases: dict[str, PlayerPhase] | None = Field(
        description="A phase game's: each player's phase, by name; null in a game played in rounds."
    )
    standings: list[Standing]
    next_round: int | None = Field(
        description="The round to enter next; null once the game is over (a phase game's "
        "ends with the round in which a player completes their last phase)."
    )
    finished: bool
    winners: list[str] = Field(
        description="Once the game is over: the lowest total (in a phase game, among the "
        "players who completed the last phase in its last round); a tie shares the win."
    )
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
