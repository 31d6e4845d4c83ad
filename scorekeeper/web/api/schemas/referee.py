"""The referee: ``/referee``, ``/score``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, Tag

from ....rules.language import N_
from ... import referee_json as rj
from .base import Answer, Request, RulesValue, by_json_type

# --- the referee: /referee, /score -----------------------------------------------------------

CardText = Annotated[str, Field(max_length=rj.MAX_TEXT, examples=["7H 7C JK"])]
RefereeCards = Annotated[
    Annotated[CardText, Tag("string")]
    | Annotated[list[CardText], Field(max_length=rj.MAX_ITEMS), Tag("array")],
    by_json_type(N_("text or a list")),
    Field(description='Cards as text ("7H 7C JK", also 10♥ or T for ten) or a list of strings.'),
]
Card = Annotated[str, Field(max_length=rj.MAX_TEXT, examples=["8S"])]


HouseRules = Annotated[
    dict[str, Any] | None,
    Field(
        description="House-rule overrides, by option name (see GET /rules).",
        examples=[{"run_min_naturals": 2}],
    ),
]


class RulesRequest(Request):
    rules: RulesValue
    options: HouseRules = None


ROUND_NUMBER = "The round whose contract is asked for; in a phase game, the phase's number."


class ContractRequest(RulesRequest):
    round: int = Field(description=ROUND_NUMBER, examples=[2])
    melds: list[RefereeCards] = Field(max_length=rj.MAX_GROUPS)
    hand: RefereeCards | None = Field(
        None, description="Cards left in hand (matters when all out)."
    )


class ArrangeRequest(RulesRequest):
    round: int = Field(description=ROUND_NUMBER)
    cards: RefereeCards
    explain: bool = Field(
        False,
        description="When the cards cannot make the contract, say why in reason (the referee "
        "asks itself several more questions for that: it takes longer).",
    )


MeldKindName = Literal["set", "run", "color", "flush"]
TABLE_ROUND = (
    "The round the table's melds went down in (in a phase game, the phase they were laid "
    "as). Its contract says how short a meld may be and, without kind, what it is read as "
    "(the contract's kinds first). Left out: any round's (a set of 2 where some round asks "
    "for one)."
)
TABLE_KIND = (
    "What the meld was laid as: set, run, color (a colour meld) or flush. Left out: the "
    "round's contract decides, the narrower kind first (a run before a flush, a flush before "
    "a colour meld)."
)


class MeldAndCard(RulesRequest):
    meld: RefereeCards
    card: Card
    round: int | None = Field(None, description=TABLE_ROUND, examples=[8])
    kind: MeldKindName | None = Field(None, description=TABLE_KIND, examples=["flush"])


class LayoffRequest(MeldAndCard):
    end: Literal["low", "high"] | None = Field(
        None,
        description="The end of a run to lay the card on, when it fits at both (the answer's "
        "ends list them); left out, a wild goes at the high end.",
    )


TableKinds = Annotated[
    Annotated[MeldKindName, Tag("string")]
    | Annotated[list[MeldKindName | None], Field(max_length=rj.MAX_GROUPS), Tag("array")],
    by_json_type(N_("a kind or a list of kinds")),
]


class LiverpoolRequest(RulesRequest):
    table: list[RefereeCards] = Field(max_length=rj.MAX_GROUPS)
    discard: Card
    round: int | None = Field(None, description=TABLE_ROUND, examples=[8])
    kind: TableKinds | None = Field(
        None,
        description="What the table's melds were laid as (set, run, color or flush): one "
        "kind for them all, or a list with one entry per meld of table, null where the "
        "round's contract decides. Left out: the round's contract decides for every meld.",
        examples=[["set", "flush"]],
    )


class CustomPointTable(Request):
    ranks: dict[str, int] = Field(
        max_length=rj.MAX_ITEMS,
        description="Points for each rank label: A, 2 ... 10, J, Q, K.",
        examples=[{"A": 15, "2": 5, "K": 10}],
    )
    joker: int = Field(examples=[20])


class ScoreRequest(Request):
    """Give rules (its point table is used) or points_table."""

    rules: RulesValue | None = None
    options: HouseRules = None
    points_table: (
        Annotated[
            Annotated[str, Tag("string"), Field(examples=["face-value"])]
            | Annotated[CustomPointTable, Tag("object")],
            by_json_type(N_("a point table's name or a custom table")),
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
    kind: MeldKindName | None = Field(description="null unless a legal meld.")
    looks_like: MeldKindName | None = Field(
        description="The kind the group was judged as (legal or not); null when none."
    )
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
    kind: MeldKindName
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
    reason: str = Field(
        description="Why the cards cannot make the contract, when explain was sent; "
        "otherwise empty."
    )


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
