"""A rule set as a document: plain JSON-friendly data that says every rule of a game.

A **rule-set document** is what a table shares, what a game stores when it starts and what
the API accepts wherever it accepts a preset: the progression (``"rounds"``, everyone plays
the same contract; or ``"phases"``, each player their own, the rounds being the phases), every round (its contract as a list of melds,
the cards dealt, how a player goes out, the buy limit), the wild cards, the decks and jokers
by number of players, the point table, the players range and every house-rule option.

- :func:`to_document` writes one (this module); :func:`~.document_reader.from_document`
  reads one back, checking everything and listing **every** problem with where it is
  (``rounds[3].contract[1]: a run has between 2 and 13 cards``). A document round-trips
  exactly: ``from_document(to_document(r)) == r``.
- Options are written generically from :data:`~.options.OPTIONS`, so an option added there
  is part of the document with nothing to change here. The options that only restate a part
  of the document written on its own (the point table, the cards dealt, buying, the jokers,
  the 2s, the players) are left out of ``options``; given there anyway, they apply on top of
  that part, as they do on top of a preset.
- :func:`~.document_reader.resolve_rules` is the one entry point for anything that accepts
  rules: a preset id, a preset id with options, or a whole document (with options on top,
  if given). A rule set's id (a preset's, or one of its own) is :mod:`.ruleset_ids`'s.
- :func:`overview` is the shorter view the API lists presets with.
- ``name`` and ``summary`` are English; ``names`` and ``summaries`` give them in other
  languages, by language code (``{"es": "Rummy de contratos", "de": "Kontrakt-Rommé"}``,
  codes of :data:`~.language.TEXT_LANGUAGES`); a page in a language shows its name there,
  else the English one.

>>> from .document_reader import from_document
>>> from .presets import LIVERPOOL
>>> document = to_document(LIVERPOOL)
>>> document["rounds"][1]["contract"]
[{'kind': 'set', 'min_length': 3}, {'kind': 'run', 'min_length': 4}]
>>> from_document(document) == LIVERPOOL
True
>>> document["rounds"][3]["contract"][1]["min_length"] = 1
>>> document["players"]["min"] = 9
>>> from_document(document)
Traceback (most recent call last):
...
scorekeeper.rules.errors.RuleSetDocumentError: players.min: must be between 2 and 8, not 9; rounds[3].contract[1]: a set has between 2 and 20 cards, not 1
"""  # noqa: E501

from __future__ import annotations

from typing import Any

from .options import OPTIONS, option_values
from .rulesets import RoundSpec, RuleSet

DOCUMENT_VERSION = 1

# The options that restate a part of the document written on its own, and that part.
STRUCTURAL_OPTIONS: dict[str, str] = {
    "point_table": "point_table",
    "cards_dealt": "rounds",
    "buying": "rounds",
    "buy_limit": "rounds",
    "deuces_wild": "wilds",
    "jokers": "decks",
    "min_players": "players",
    "max_players": "players",
}


def to_document(rules: RuleSet) -> dict[str, Any]:
    """Every rule of ``rules`` as JSON-friendly data (see the module's doc)."""
    return {
        "version": DOCUMENT_VERSION,
        "id": rules.id,
        "name": rules.name,
        "summary": rules.summary,
        "names": dict(rules.names),
        "summaries": dict(rules.summaries),
        "source": rules.source,
        "players": {"min": rules.min_players, "max": rules.max_players},
        "progression": rules.progression.value,
        "rounds": [_round_document(spec) for spec in rules.rounds],
        "wilds": {
            "ranks": [rank.label for rank in sorted(rules.wild_ranks)],
            "can_be_natural": rules.wild_can_be_natural,
        },
        "decks": _decks_document(rules),
        "point_table": rules.point_table.as_dict(),
        "options": {
            name: option.read(rules)
            for name, option in OPTIONS.items()
            if name not in STRUCTURAL_OPTIONS
        },
    }


def _round_document(spec: RoundSpec) -> dict[str, Any]:
    return {
        "contract": [
            {"kind": m.kind.value, "min_length": m.min_length} for m in spec.contract.melds
        ],
        "cards_dealt": spec.cards_dealt,
        "going_out": spec.going_out.value,
        "buy_limit": spec.buy_limit,
    }


def _decks_document(rules: RuleSet) -> dict[str, Any]:
    """The rule, and what it gives for every number of players the rule set allows."""
    deck = rules.decks
    rows: list[dict[str, int]] = [
        {"up_to": most, "decks": decks} for most, decks in deck.decks_by_players
    ]
    for row, jokers in zip(rows, deck.jokers_by_row, strict=False):
        row["jokers"] = jokers
    return {
        "by_players": rows,
        "jokers": deck.jokers.value,
        "jokers_per_deck": deck.jokers_per_deck,
        "for_players": decks_for_players(rules),
    }


def decks_for_players(rules: RuleSet) -> dict[str, dict[str, int]]:
    """The decks and jokers for every number of players the rule set allows, by number."""
    return {
        str(n): {"decks": rules.decks.decks_for(n), "jokers": rules.decks.jokers_for(n)}
        for n in range(rules.min_players, rules.max_players + 1)
    }


def overview(rules: RuleSet) -> dict[str, Any]:
    """Everything a client needs to show ``rules`` in a list (the API's list of presets):
    JSON-friendly, with each contract in words and the decks worked out for each number
    of players."""
    return {
        "id": rules.id,
        "name": rules.name,
        "summary": rules.summary,
        "names": dict(rules.names),
        "summaries": dict(rules.summaries),
        "players": {"min": rules.min_players, "max": rules.max_players},
        "progression": rules.progression.value,
        "rounds": [
            {
                "round": i,
                "contract": r.contract.describe(),
                "melds": [
                    {"kind": m.kind.value, "min_length": m.min_length} for m in r.contract.melds
                ],
                "min_cards": r.contract.min_cards,
                "cards_dealt": r.cards_dealt,
                "going_out": r.going_out.value,
                "buy_limit": r.buy_limit,
            }
            for i, r in enumerate(rules.rounds, start=1)
        ],
        "decks": decks_for_players(rules),
        "wilds": rules.describe_wilds(),
        "point_table": rules.point_table.as_dict(),
        "options": option_values(rules),
    }
