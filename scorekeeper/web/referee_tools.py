"""The referee page's tools and their card slots, as data (see :mod:`.referee` for the terms).

Each tool's words are kept in English, marked with ``N_``, and read through properties that
speak the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.language import N_, _


@dataclass(frozen=True)
class Slot:
    """A card field of a tool; its words are kept in English (marked with ``N_``) and read
    through the properties, which speak the reader's language."""

    key: str
    english_label: str
    multi: bool = False
    one_card: bool = False
    english_hint: str = ""
    # A meld slot's label with its number, a whole phrase ("Meld {number}") so a language may
    # put the number where it goes.
    english_numbered: str = ""

    @property
    def label(self) -> str:
        return _(self.english_label)

    @property
    def hint(self) -> str:
        return _(self.english_hint) if self.english_hint else ""

    def numbered(self, number: int) -> str:
        return _(self.english_numbered).format(number=number)


@dataclass(frozen=True)
class Tool:
    """A referee tool; its words are kept in English (marked with ``N_``) and read through the
    properties, which speak the reader's language."""

    id: str
    english_tab: str
    english_heading: str
    english_intro: str
    slots: tuple[Slot, ...]
    needs_round: bool = False

    @property
    def tab(self) -> str:
        return _(self.english_tab)

    @property
    def heading(self) -> str:
        return _(self.english_heading)

    @property
    def intro(self) -> str:
        return _(self.english_intro)


TOOLS: dict[str, Tool] = {
    t.id: t
    for t in (
        Tool(
            "contract",
            N_("Contract"),
            N_("Do these melds make the contract?"),
            N_("Tap the cards of each meld laid down. Start a new meld for each set or run."),
            (
                Slot("group", N_("Meld"), multi=True, english_numbered=N_("Meld {number}")),
                Slot(
                    "hand",
                    N_("Cards left in hand"),
                    english_hint=N_(
                        "Optional: it matters in a round where you go out with every card."
                    ),
                ),
            ),
            needs_round=True,
        ),
        Tool(
            "arrange",
            N_("Can I go down?"),
            N_("Can these cards make the contract?"),
            N_("Tap the cards in a hand: the referee finds one way to lay down the contract."),
            (Slot("hand", N_("Cards in hand")),),
            needs_round=True,
        ),
        Tool(
            "layoff",
            N_("Lay off"),
            N_("Can this card be laid off on this meld?"),
            N_("Tap the meld on the table, then choose the card and tap it."),
            (
                Slot("meld", N_("Meld on the table")),
                Slot("card", N_("Card to lay off"), one_card=True),
            ),
        ),
        Tool(
            "swap",
            N_("Joker swap"),
            N_("May this card take a joker's place?"),
            N_("Tap the meld with the joker, then choose the natural card and tap it."),
            (
                Slot("meld", N_("Meld with the wild card")),
                Slot("card", N_("Natural card"), one_card=True),
            ),
        ),
        Tool(
            "liverpool",
            N_("Liverpool"),
            N_("Could this discard have been played?"),
            N_("Tap the melds on the table (a new meld for each), then the discard."),
            (
                Slot(
                    "group",
                    N_("Table meld"),
                    multi=True,
                    english_numbered=N_("Table meld {number}"),
                ),
                Slot("discard", N_("Discard"), one_card=True),
            ),
        ),
        Tool(
            "points",
            N_("Hand points"),
            N_("What does this hand score?"),
            N_("Tap the cards left in a hand."),
            (Slot("hand", N_("Cards left in hand")),),
        ),
    )
}
DEFAULT_TOOL = "contract"
ENDS = ("low", "high")  # the ends of a run a card may be laid off on


__all__ = ["DEFAULT_TOOL", "ENDS", "TOOLS", "Slot", "Tool"]
