"""The rule sets: ``/rules``, a rule-set document and the rule book."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, Tag

from ....rules.language import N_
from .base import Answer, by_json_type

# --- the rules: /rules ----------------------------------------------------------------------


class PointTable(Answer):
    id: str
    name: str
    summary: str
    ranks: dict[str, int] = Field(description="Points per rank label (A, 2 ... 10, J, Q, K).")
    joker: int
    cards: dict[str, int] | None = Field(
        None,
        description='Exact cards valued apart from their rank ({"AS": 15, "AC": 15}); only '
        "in a table that has them.",
    )


class PlayerRange(Answer):
    min: int
    max: int


MeldKindName = Literal["set", "run", "color", "flush"]


class MeldSpec(Answer):
    kind: MeldKindName
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


TEXT_LANGUAGE_CODES = Literal[
    "en", "es", "de", "fr", "it", "pt", "nl", "fi", "sv", "da", "no", "pl"
]
NAMES_DESCRIPTION = (
    'The name in other languages, by language code ({"es": "Rummy de contratos"}); a page in '
    "one of them shows it, else the English name."
)
SUMMARIES_DESCRIPTION = "The summary in other languages, by language code, as names."


class RuleSet(Answer):
    id: str = Field(examples=["liverpool"])
    name: str
    summary: str
    names: dict[TEXT_LANGUAGE_CODES, str] = Field(description=NAMES_DESCRIPTION)
    summaries: dict[TEXT_LANGUAGE_CODES, str] = Field(description=SUMMARIES_DESCRIPTION)
    players: PlayerRange
    progression: Literal["rounds", "phases"] = Field(
        description='"rounds": everyone plays round N\'s contract; "phases": each player plays '
        "their own phase, and the rounds are the phases."
    )
    rounds: list[RoundSpec]
    decks: dict[str, Decks] = Field(description="Decks and jokers to shuffle, by player count.")
    wilds: str
    point_table: PointTable
    options: dict[str, Any] = Field(description="The value of every house-rule option.")


class ContractMeld(Answer):
    kind: MeldKindName = Field(
        description='"set" (one rank), "run" (in a row), "color" (one colour, any ranks) or '
        '"flush" (one suit, any ranks).'
    )
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
    jokers: int | None = Field(
        None, ge=0, le=32, description='The row\'s jokers, with "jokers": "by-players".'
    )


class DocumentDecks(Answer):
    by_players: list[DecksRow] = Field(description="From fewer players to more.")
    jokers: str = Field(
        "per-deck",
        description="per-deck, players-minus-one, none, or by-players (each row gives its own).",
    )
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
    cards: dict[str, int] = Field(
        {},
        description='Exact cards valued apart from their rank: {"AS": 15, "AC": 15} (Kalooki\'s '
        "black aces).",
    )


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
    names: dict[TEXT_LANGUAGE_CODES, Annotated[str, Field(min_length=1, max_length=2000)]] = Field(
        default_factory=dict, description=NAMES_DESCRIPTION
    )
    summaries: dict[TEXT_LANGUAGE_CODES, Annotated[str, Field(max_length=2000)]] = Field(
        default_factory=dict, description=SUMMARIES_DESCRIPTION
    )
    source: str = ""
    players: PlayerRange | None = None
    progression: Literal["rounds", "phases"] = Field(
        "rounds",
        description='"rounds": everyone plays round N\'s contract in round N; "phases": each '
        "player plays their own phase each hand and moves up on completing it (the rounds are "
        "then the phases, in order).",
    )
    rounds: list[DocumentRound] = Field(min_length=1, max_length=20)
    wilds: DocumentWilds | None = None
    decks: DocumentDecks | None = None
    point_table: (
        Annotated[
            Annotated[str, Tag("string")] | Annotated[DocumentPointTable, Tag("object")],
            by_json_type(N_("a point table's name or a table")),
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
