"""Point tables: what each card left in a hand costs at the end of a round.

A point table is chosen independently of the rule set (the preset only supplies the
default), and a game can use a custom one. A table values each rank and the joker, and may
value **exact cards** apart from their rank (Kalooki: aces 1, but the black aces 15).

>>> LIVERPOOL_POINTS.hand_points(parse_cards("AH JK 7C"))
40
>>> FACE_VALUE_POINTS.hand_points(parse_cards("AH JK 7C"))
37
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .cards import FULL_DECK, Card, Rank, parse_cards
from .errors import CardParseError, RuleSetError, quoted
from .language import N_, _

MAX_CARD_POINTS = 1000
MAX_CARD_VALUES = len(FULL_DECK)  # exact cards a table may value apart from their rank
# What a joker played as a Skip card costs left in a hand (``jokers_as_skips``), whatever the
# table says of jokers: Fundex's Phase 10 rules score a Skip 15.
SKIP_POINTS = 15


@dataclass(frozen=True)
class PointTable:
    """Points per rank (``rank_points[0]`` is the ace, ``[12]`` the king) and per joker, and
    ``cards``: exact cards valued apart from their rank, in deck order."""

    id: str
    name: str
    rank_points: tuple[int, ...]
    joker: int
    summary: str = ""
    cards: tuple[tuple[Card, int], ...] = ()

    def __post_init__(self) -> None:
        if len(self.rank_points) != len(Rank):
            raise RuleSetError(
                _("a point table needs a value for each of the {count} ranks").format(
                    count=len(Rank)
                )
            )
        for value in (*self.rank_points, self.joker, *(v for _card, v in self.cards)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleSetError(
                    _("card points must be whole numbers, not {value}").format(value=repr(value))
                )
            if not 0 <= value <= MAX_CARD_POINTS:
                raise RuleSetError(
                    _("card points must be between 0 and {most}").format(most=MAX_CARD_POINTS)
                )
        if any(card.is_joker for card, _value in self.cards):
            raise RuleSetError(_("a point table values the joker once, not among its cards"))

    def points(self, card: Card) -> int:
        """What ``card`` costs when left in a hand. A 2 scores its rank's value, wild or not;
        a card the table values on its own scores that.

        >>> KALOOKI_POINTS.points(Card.parse("AS")), KALOOKI_POINTS.points(Card.parse("AH"))
        (15, 1)
        """
        if card.rank is None:
            return self.joker
        for exact, value in self.cards:
            if exact == card:
                return value
        return self.rank_points[card.rank - 1]

    def hand_points(self, cards: Iterable[Card]) -> int:
        return sum(self.points(c) for c in cards)

    def value_of(self, rank: Rank) -> int:
        return self.rank_points[rank - 1]

    @property
    def local_name(self) -> str:
        """The table's name in the current language (a name of one's own as typed)."""
        return _(self.name)

    def describe(self, jokers: bool = True) -> str:
        """The table in words, grouping equal neighbouring ranks: ``A 15 · 2-9 5 · ...``;
        the joker's value last, unless ``jokers`` is false (a rule set without jokers).

        >>> from .presets import DEUCES_SIX
        >>> DEUCES_SIX.point_table.describe(jokers=False)
        'A-2 25 · 3-9 5 · 10 J Q K 10'
        """
        parts: list[str] = []
        ranks = list(Rank)
        start = 0
        for i in range(1, len(ranks) + 1):
            if i == len(ranks) or self.rank_points[i] != self.rank_points[start]:
                first, last = ranks[start], ranks[i - 1]
                label = first.label if first == last else f"{first.label}-{last.label}"
                if first == Rank.TEN and last == Rank.KING:
                    label = "10 J Q K"
                elif first == Rank.JACK and last == Rank.KING:
                    label = "J Q K"
                elif first == Rank.TEN and last == Rank.QUEEN:
                    label = "10 J Q"
                parts.append(f"{label} {self.rank_points[start]}")
                start = i
        if jokers:
            parts.append(f"Joker {self.joker}")
        parts.extend(self._cards_text())
        return " · ".join(parts)

    def _cards_text(self) -> list[str]:
        """The exact cards, those of one value together: ``A♠ A♣ 15``."""
        values: dict[int, list[str]] = {}
        for card, value in self.cards:
            values.setdefault(value, []).append(card.pretty)
        return [f"{' '.join(cards)} {value}" for value, cards in values.items()]

    def with_values(
        self,
        *,
        id: str,
        name: str,
        ranks: Mapping[Rank, int] | None = None,
        joker: int | None = None,
        summary: str = "",
    ) -> PointTable:
        """A new table: this one with some values changed."""
        values = list(self.rank_points)
        for rank, value in (ranks or {}).items():
            values[rank - 1] = value
        return PointTable(
            id, name, tuple(values), self.joker if joker is None else joker, summary, self.cards
        )

    def as_dict(self) -> dict[str, object]:
        """The table as JSON-friendly data; ``cards`` only when it values exact cards (so a
        table without them reads as it always did)."""
        found: dict[str, object] = {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "ranks": {r.label: self.rank_points[r - 1] for r in Rank},
            "joker": self.joker,
        }
        if self.cards:
            found["cards"] = {str(card): value for card, value in self.cards}
        return found

    @classmethod
    def custom(
        cls,
        ranks: Mapping[str, int],
        joker: int,
        *,
        id: str = "custom",
        name: str = N_("Custom"),
        cards: Mapping[str, int] | None = None,
    ) -> PointTable:
        """A table from a mapping of rank labels (``"A"``, ``"10"``...) to points, and of
        exact cards (``"AS"``) to points.

        Every rank must be given.

        >>> PointTable.custom({r.label: 5 for r in Rank}, 20, cards={"as": 15}).describe()
        'A-K 5 · Joker 20 · A♠ 15'
        """
        values: dict[Rank, int] = {}
        for label, value in ranks.items():
            values[Rank.parse(str(label))] = value
        missing = [r.label for r in Rank if r not in values]
        if missing:
            raise RuleSetError(
                _("a custom point table needs points for {ranks}").format(ranks=" ".join(missing))
            )
        return cls(
            id, name, tuple(values[r] for r in Rank), joker, "Custom points.", card_values(cards)
        )


def card_values(cards: Mapping[str, int] | None) -> tuple[tuple[Card, int], ...]:
    """Exact cards and their points, in deck order, from ``{"AS": 15, ...}`` (a RuleSetError
    for a card that is not one, a joker, or a card given twice).

    >>> card_values({"ac": 15, "AS": 15})
    ((Card.parse('AS'), 15), (Card.parse('AC'), 15))
    """
    if not cards:
        return ()
    if len(cards) > MAX_CARD_VALUES:
        raise RuleSetError(
            _("a point table values at most {most} cards on their own").format(most=MAX_CARD_VALUES)
        )
    found: dict[Card, int] = {}
    for text, value in cards.items():
        try:
            card = Card.parse(str(text))
        except CardParseError as error:
            raise RuleSetError(error.message) from None
        if card.is_joker:
            raise RuleSetError(_('the joker\'s points are "joker", not one of the cards'))
        if card in found:
            raise RuleSetError(_("{card} is valued twice").format(card=card.pretty))
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(
                _("{card} must score a whole number, not {value}").format(
                    card=card.pretty, value=repr(value)
                )
            )
        found[card] = value
    return tuple(sorted(found.items(), key=lambda item: item[0].sort_key))


def _table(
    id: str, name: str, summary: str, ace: int, low: list[int], face: int, joker: int
) -> PointTable:
    """Build a table from the ace value, the 2-10 values and the J Q K value."""
    return PointTable(id, name, (ace, *low, face, face, face), joker, summary)


_FACE = [2, 3, 4, 5, 6, 7, 8, 9, 10]

LIVERPOOL_POINTS = _table(
    "liverpool", N_("Liverpool (5/10)"),
    "Aces 15, jokers 20, 2-9 score 5, tens and faces 10.",
    15, [5] * 8 + [10], 10, 20,
)  # fmt: skip
FACE_VALUE_POINTS = _table(
    "face-value", N_("Face value"),
    "Aces and jokers 15, faces 10, 2-10 their face value.",
    15, _FACE, 10, 15,
)  # fmt: skip
CONTRACT_RUMMY_POINTS = _table(
    "contract-rummy", N_("Contract Rummy"),
    "Jokers 25, aces 15, faces 10, 2-10 their face value.",
    15, _FACE, 10, 25,
)  # fmt: skip
CONTRACT_RUMMY_FLAT_POINTS = _table(
    "contract-rummy-flat", N_("Contract Rummy, 2-10 score 5"),
    "Jokers 25, aces 15, faces 10, every 2-10 scores 5.",
    15, [5] * 9, 10, 25,
)  # fmt: skip
CONTRACT_RUMMY_JOKERS_15_POINTS = _table(
    "contract-rummy-jokers-15", N_("Contract Rummy, jokers 15"),
    "Jokers 15, aces 15, faces 10, 2-10 their face value.",
    15, _FACE, 10, 15,
)  # fmt: skip
CONTRACT_RUMMY_DEUCES_POINTS = _table(
    "contract-rummy-deuces", N_("Contract Rummy, deuces wild"),
    "Jokers and 2s 25, aces 15, faces 10, 3-10 their face value.",
    15, [25, *_FACE[1:]], 10, 25,
)  # fmt: skip
DEUCES_SIX_POINTS = _table(
    "deuces-six", N_("Deuces wild (25/5/10)"),
    "Aces and 2s 25, 3-9 score 5, tens and faces 10 (jokers, if used, 25).",
    25, [25] + [5] * 7 + [10], 10, 25,
)  # fmt: skip
TEN_PHASE_POINTS = PointTable(
    "ten-phase", N_("Ten phases (5/10/25)"),
    (5,) * 9 + (10, 10, 10, 25), 25,
    "A-9 score 5, 10 J Q 10, kings (wild) 25; jokers, if used, 25.",
)  # fmt: skip
CARIOCA_POINTS = _table(
    "carioca", N_("Carioca (20/30)"),
    "Aces 20, jokers 30, faces 10, 2-10 their face value.",
    20, _FACE, 10, 30,
)  # fmt: skip
CONTINENTAL_POINTS = _table(
    "continental", N_("Continental (20/50)"),
    "Aces 20, jokers 50, faces 10, 2-10 their face value.",
    20, _FACE, 10, 50,
)  # fmt: skip
KALOOKI_POINTS = PointTable(
    "kalooki", N_("Kalooki (black aces 15)"),
    (1, *_FACE, 10, 10, 10), 50,
    "Jokers 50, black aces 15, red aces 1, faces 10, 2-10 their face value.",
    card_values({"AS": 15, "AC": 15}),
)  # fmt: skip
SHANGHAI_POINTS = _table(
    "shanghai", N_("Shanghai (15/5/10)"),
    "Aces and jokers 15, every 2-10 scores 5, faces 10.",
    15, [5] * 9, 10, 15,
)  # fmt: skip

POINT_TABLES: dict[str, PointTable] = {
    t.id: t
    for t in (
        LIVERPOOL_POINTS,
        FACE_VALUE_POINTS,
        CONTRACT_RUMMY_POINTS,
        CONTRACT_RUMMY_FLAT_POINTS,
        CONTRACT_RUMMY_JOKERS_15_POINTS,
        CONTRACT_RUMMY_DEUCES_POINTS,
        DEUCES_SIX_POINTS,
        SHANGHAI_POINTS,
        TEN_PHASE_POINTS,
        CARIOCA_POINTS,
        CONTINENTAL_POINTS,
        KALOOKI_POINTS,
    )
}


def get_point_table(id: str) -> PointTable:
    """The named point table, or a RuleSetError listing the known ones."""
    try:
        return POINT_TABLES[id]
    except (KeyError, TypeError):
        known = ", ".join(POINT_TABLES)
        raise RuleSetError(
            _("there is no point table {name}: choose one of {known}").format(
                name=quoted(id), known=known
            )
        ) from None


__all__ = ["POINT_TABLES", "PointTable", "card_values", "get_point_table", "parse_cards"]
