"""The API's requests and answers as pydantic models: the OpenAPI document's schemas.

Request models (:class:`Request`) check shapes and types only: unknown fields and wrong types
are refused, nothing is converted; the game service and the rules core check the rules, and
:mod:`.validation` words the refusals. Answer models (:class:`Answer`) describe what the views
send (the tests hold every answer to its model).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, RootModel, Tag, WithJsonSchema

from ...games import transfer
from .. import referee_json as rj


class Request(BaseModel):
    """A request body: unknown fields are refused and no value is converted (``"5"`` is not
    a number, ``1`` is not true)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Answer(BaseModel):
    """An answer, as sent: every field listed."""

    model_config = ConfigDict(extra="forbid")


class Error(Answer):
    """Every refusal: a sentence saying what is wrong, and details for programs."""

    error: str
    details: Any


# --- values that may be one of several JSON types -------------------------------------------

_KINDS = {
    type(None): "null",
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
}


def json_type(value: Any) -> str | None:
    """The JSON type of a value as JSON Schema names it (``"string"``, ``"array"`` ...)."""
    return _KINDS.get(type(value))


def by_json_type(expected: str) -> Discriminator:
    """Picks a union's member by the value's JSON type (members are tagged ``Tag("string")``
    and so on), so a refusal speaks of that member only; any other type is refused as not
    ``expected``."""
    return Discriminator(json_type, custom_error_type="one_of", custom_error_message=expected)


Cards = Annotated[
    Annotated[str, Tag("string")] | Annotated[list[str], Tag("array")],
    by_json_type("text or a list"),
]
"""Cards as text (``"AH 7C JK"``) or a list of strings (``["AH", "7C"]``)."""


RulesValue = Annotated[
    Annotated[str, Tag("string"), Field(examples=["liverpool"])]
    | Annotated[
        dict[str, Any],
        Tag("object"),
        WithJsonSchema({"x-model": "RuleDocument"}),  # a $ref, once in the OpenAPI document
    ],
    by_json_type("a preset's id or a rule-set document"),
    Field(
        description="A preset id (GET /rules lists them), or a whole rule-set document "
        "(GET /rules/{preset} returns one; RuleDocument describes it). A document is checked "
        "whole: a 400 lists every problem, each with where it is."
    ),
]
"""Wherever rules are accepted: a preset's id, or a rule-set document (read and checked by
``scorekeeper.rules.document.from_document``, which lists every problem)."""


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


# --- the referee: /referee, /score -----------------------------------------------------------

CardText = Annotated[str, Field(max_length=rj.MAX_TEXT, examples=["7H 7C JK"])]
RefereeCards = Annotated[
    Annotated[CardText, Tag("string")]
    | Annotated[list[CardText], Field(max_length=rj.MAX_ITEMS), Tag("array")],
    by_json_type("text or a list"),
    Field(description='Cards as text ("7H 7C JK", also 10♥ or T for ten) or a list of strings.'),
]
Card = Annotated[str, Field(max_length=rj.MAX_TEXT, examples=["8S"])]


class RulesRequest(Request):
    rules: RulesValue
    options: dict[str, Any] | None = Field(
        None,
        description="House-rule overrides, by option name (see GET /rules).",
        examples=[{"run_min_naturals": 2}],
    )


class ContractRequest(RulesRequest):
    round: int = Field(examples=[2])
    melds: list[RefereeCards] = Field(max_length=rj.MAX_GROUPS)
    hand: RefereeCards | None = Field(
        None, description="Cards left in hand (matters when all out)."
    )


class ArrangeRequest(RulesRequest):
    round: int
    cards: RefereeCards


class MeldAndCard(RulesRequest):
    meld: RefereeCards
    card: Card


class LayoffRequest(MeldAndCard):
    end: Literal["low", "high"] | None = Field(
        None,
        description="The end of a run to lay the card on, when it fits at both (the answer's "
        "ends list them); left out, a wild goes at the high end.",
    )


class LiverpoolRequest(RulesRequest):
    table: list[RefereeCards] = Field(max_length=rj.MAX_GROUPS)
    discard: Card


class CustomPointTable(Request):
    ranks: dict[str, int] = Field(
        max_length=rj.MAX_ITEMS,
        description="Points for each rank label: A, 2 ... 10, J, Q, K.",
        examples=[{"A": 15, "2": 5, "K": 10}],
    )
    joker: int = Field(examples=[20])


class ScoreRequest(RulesRequest):
    """Give rules (its point table is used) or points_table."""

    rules: RulesValue | None = None  # type: ignore[assignment]
    points_table: (
        Annotated[
            Annotated[str, Tag("string"), Field(examples=["face-value"])]
            | Annotated[CustomPointTable, Tag("object")],
            by_json_type("a point table's name or a custom table"),
        ]
        | None
    ) = None
    cards: RefereeCards


class Wild(Answer):
    card: str
    stands_for: str = Field(
        description='A card in a run (10C); the rank alone in a set (7); "any" in a meld of '
        "wild cards only, which stands for no card in particular."
    )


class RefereeProblem(Answer):
    meld: int | None = Field(description="The meld's index, or null for the whole lay-down.")
    code: str = Field(examples=["turns-the-corner"])
    message: str
    cards: list[str]


class MeldReport(Answer):
    kind: Literal["set", "run"] | None = Field(description="null unless a legal meld.")
    looks_like: Literal["set", "run"] | None
    legal: bool
    description: str | None
    cards: list[str]
    ordered: list[str]
    wilds: list[Wild]


class ContractVerdict(Answer):
    legal: bool
    rules: str
    round: int
    contract: str = Field(examples=["2 sets and 1 run"])
    all_out: bool
    melds: list[MeldReport]
    problems: list[RefereeProblem]


class ArrangedMeld(Answer):
    kind: Literal["set", "run"]
    cards: list[str]
    description: str | None = None
    wilds: list[Wild] | None = None


class Arrangement(Answer):
    possible: bool
    rules: str
    round: int
    contract: str
    melds: list[ArrangedMeld]
    leftover: list[str]
    reason: str


class LayoffResult(Answer):
    fits: bool
    card: str
    meld: list[str] = Field(description="With the card laid off (run order), or as given.")
    position: Literal["low", "high", "set"] | None
    ends: list[Literal["low", "high", "set"]] = Field(
        description="Every place the card fits: both ends when a run could take it at either."
    )
    stands_for: str | None
    description: str | None
    reason: str


class SwapResult(Answer):
    allowed: bool
    card: str
    joker_index: int | None
    joker: str | None = Field(description="The wild card freed.")
    stands_for: str | None
    meld: list[str]
    reason: str


class Place(Answer):
    meld: int
    position: Literal["low", "high", "set"]
    stands_for: str | None
    reason: str


class LiverpoolResult(Answer):
    playable: bool
    discard: str
    where: list[Place]


class Score(Answer):
    points: int = Field(examples=[40])
    cards: list[str]
    card_points: list[int]
    points_table: str


# --- the rules: /rules ----------------------------------------------------------------------


class PointTable(Answer):
    id: str
    name: str
    summary: str
    ranks: dict[str, int] = Field(description="Points per rank label (A, 2 ... 10, J, Q, K).")
    joker: int


class PlayerRange(Answer):
    min: int
    max: int


class MeldSpec(Answer):
    kind: Literal["set", "run"]
    min_length: int


class RoundSpec(Answer):
    round: int
    contract: str
    melds: list[MeldSpec]
    min_cards: int
    cards_dealt: int
    going_out: str
    buy_limit: int | None


class Decks(Answer):
    decks: int
    jokers: int


class RuleSet(Answer):
    id: str = Field(examples=["liverpool"])
    name: str
    summary: str
    players: PlayerRange
    rounds: list[RoundSpec]
    decks: dict[str, Decks] = Field(description="Decks and jokers to shuffle, by player count.")
    wilds: str
    point_table: PointTable
    options: dict[str, Any] = Field(description="The value of every house-rule option.")


class ContractMeld(Answer):
    kind: Literal["set", "run"]
    min_length: int = Field(ge=2, le=20, description="The fewest cards (a run at most 13).")


class DocumentRound(Answer):
    contract: list[ContractMeld] = Field(min_length=1, max_length=8)
    cards_dealt: int = Field(ge=1, le=20)
    going_out: str = Field(
        "discard", description='"discard" (the last card may be discarded) or "all-out".'
    )
    buy_limit: int | None = Field(
        None, ge=0, le=20, description="Cards one player may buy in the round; null: no limit."
    )


class DocumentWilds(Answer):
    ranks: list[str] = Field([], description='Wild ranks besides the jokers, like ["2"].')
    can_be_natural: bool = Field(True, description="A wild rank may also stand for itself.")


class DecksRow(Answer):
    up_to: int = Field(ge=2, le=8, description="The most players this row is for.")
    decks: int = Field(ge=1, le=8)


class DocumentDecks(Answer):
    by_players: list[DecksRow] = Field(description="From fewer players to more.")
    jokers: str = Field("per-deck", description="per-deck, players-minus-one or none.")
    jokers_per_deck: int = Field(2, ge=0, le=4)
    for_players: dict[str, Decks] | None = Field(
        None,
        description="Worked out from the rows, for people (decks and jokers by player count); "
        "given back, it must agree.",
    )


class DocumentPointTable(Answer):
    id: str = "custom"
    name: str = "Custom"
    summary: str = "Custom points."
    ranks: dict[str, int] = Field(description="Points for every rank: A, 2 ... 10, J, Q, K.")
    joker: int


class RuleDocument(Answer):
    """A whole rule set. Only rounds is required: the rest defaults to Liverpool's."""

    version: Literal[1] = 1
    id: str = Field(
        "custom",
        max_length=40,
        examples=["liverpool"],
        description="A preset's id, kept only when the rules are that preset's (house-rule "
        "options aside); any other rule set is given its own: its name as a slug and 8 "
        "hexadecimal digits standing for its rules (our-rules-1a2b3c4d).",
    )
    name: str = "Custom rules"
    summary: str = ""
    source: str = ""
    players: PlayerRange | None = None
    rounds: list[DocumentRound] = Field(min_length=1, max_length=20)
    wilds: DocumentWilds | None = None
    decks: DocumentDecks | None = None
    point_table: (
        Annotated[
            Annotated[str, Tag("string")] | Annotated[DocumentPointTable, Tag("object")],
            by_json_type("a point table's name or a table"),
        ]
        | None
    ) = None
    options: dict[str, Any] = Field(
        {},
        description="House-rule options by name (GET /rules lists them); the ones that restate "
        "another part (point_table, cards_dealt, buying, buy_limit, deuces_wild, jokers, "
        "min_players, max_players) apply on top of it.",
    )


class RuleOption(Answer):
    name: str
    doc: str
    kind: Literal["bool", "int", "choice", "table", "ints"]
    choices: list[str]


class RuleSentence(Answer):
    text: str
    key: bool = Field(description="One of the key rules printed on the score sheets.")


class RuleParagraph(Answer):
    text: str
    sentences: list[RuleSentence]


class RuleSection(Answer):
    heading: str
    paragraphs: list[RuleParagraph]
    key_rule: str = Field(description="The section's key rules in one line, as on the sheets.")


class RuleBook(Answer):
    """A rule set's rules in plain language, as the rules pages and score sheets give them."""

    rules: str
    name: str
    sections: list[RuleSection]


class Rules(Answer):
    presets: list[RuleSet]
    point_tables: list[PointTable]
    options: list[RuleOption]


# --- groups: /groups ------------------------------------------------------------------------


class NewGroup(Request):
    name: str = Field(description="The group's name.", examples=["Smith family"])
    people: list[str] = Field(
        [], description="The people in it, by name (more join as games are played)."
    )


class JoinGroup(Request):
    code: str = Field(description="The group's join code, as its editors see it.")
    label: str | None = Field(None, description="What to call this client in the grants.")


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


class CsvExport(RootModel[str]):
    """CSV text, one row per player per round, with a header row: game_id, game_title, rules,
    game_created_at, game_finished_at, round, contract, dealer, seat, player, person,
    went_out, points, hand_points, cards, bought, cut_bonus, running_total."""


class Imported(Answer):
    kind: Literal["game", "group"]
    id: str
    games: int = Field(description="Games imported.")
    token: str = Field(
        description="An edit token for what was imported: the game, or the group and each "
        "of its games."
    )
