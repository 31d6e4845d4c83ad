"""A rule set's id: a preset's own, or one made from its name and its rules.

A game, a saved rule set and every page that names rules carry an id. A preset keeps its id
(``liverpool``) while it is exactly that preset, name and all (a game's house rules are kept
as options beside the id); any other rule set gets an id of its own: its name
as a slug and a :func:`fingerprint` of the rules it plays by (``gran-s-friday-rules-1a2b3c4d``),
so the same rules under the same name always get the same id and a preset's id is never
borrowed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import unicodedata
from typing import Any

from .document import to_document
from .options import OPTIONS
from .points import PointTable
from .presets import PRESETS
from .rulesets import MAX_PLAYERS, DeckRule, RuleSet

MAX_ID = 40  # a game stores the id in a 40-character column
ID_DIGITS = 8  # hexadecimal digits of a rule set's fingerprint in its own id

# Every option's value in a rule set that leaves it alone: a fingerprint leaves these out, so
# an option added later (with today's behaviour as its default) changes no rule set's id.
_PLAIN = RuleSet("", "", "", (), DeckRule(((MAX_PLAYERS, 2),)), PointTable("", "", (0,) * 13, 0))
_DEFAULT_OPTIONS = {name: option.read(_PLAIN) for name, option in OPTIONS.items()}
_MISSING: Any = object()


def fingerprint(rules: RuleSet) -> str:
    """The rules to play by, in a few characters: the same for rule sets that differ only in
    their id, names, summaries or source, and (but for one chance in four billion) different
    for any two that differ in play.

    >>> from .options import with_options
    >>> fingerprint(PRESETS["liverpool"]) == fingerprint(with_options(PRESETS["liverpool"], {}))
    True
    >>> fingerprint(PRESETS["liverpool"]) == fingerprint(PRESETS["liverpool-11"])
    False
    """
    document = to_document(rules)
    for key in ("id", "name", "summary", "names", "summaries", "source"):
        del document[key]
    del document["decks"]["for_players"]  # worked out from the rest
    if document["progression"] == _PLAIN.progression:
        del document["progression"]  # written since phase games came: ids made before stay
    document["options"] = {
        name: value
        for name, value in document["options"].items()
        if value != _DEFAULT_OPTIONS.get(name, _MISSING)
    }
    text = json.dumps(document, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:ID_DIGITS]


def slug(text: str) -> str:
    """Plain lower-case letters, digits and dashes for ``text`` ("" when none are left).

    >>> slug("Gran's Friday rules: 2s wild!"), slug("Règles à nous"), slug("♠♥")
    ('gran-s-friday-rules-2s-wild', 'regles-a-nous', '')
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def own_id(rules: RuleSet) -> str:
    """The id of a rule set of one's own: its name as a slug and its :func:`fingerprint`.
    The same rules under the same name always get the same id; other rules another one; and
    it is never a preset's (no preset's id ends in eight hexadecimal digits).

    >>> import dataclasses
    >>> ours = dataclasses.replace(PRESETS["family"], name="Gran's Friday rules", cut_bonus=-25)
    >>> own_id(ours)  # doctest: +ELLIPSIS
    'gran-s-friday-rules-...'
    >>> len(own_id(ours)) == len("gran-s-friday-rules-") + ID_DIGITS
    True
    """
    name = slug(rules.name)[: MAX_ID - ID_DIGITS - 1].strip("-") or "rules"
    return f"{name}-{fingerprint(rules)}"


def is_preset(rules: RuleSet) -> bool:
    """Whether ``rules`` is exactly the preset its id names, in every part: its play, and its
    name, summary, translations and source too. Liverpool's rules named "Evil", or dealing 12
    cards in round 1, are not Liverpool: under its id they would read as plain Liverpool (a
    game keeps house rules as options beside a preset's id; a document has none beside it).

    >>> from .options import with_options
    >>> is_preset(PRESETS["family"]), is_preset(with_options(PRESETS["family"], {"cut_bonus": -50}))
    (True, False)
    """
    preset = PRESETS.get(rules.id)
    return preset is not None and same_rules(preset, rules)


def identified(rules: RuleSet) -> RuleSet:
    """``rules`` under the id it may carry: a preset's id only when it is exactly that
    preset (:func:`is_preset`), else its :func:`own_id`. Every door that takes a rule set
    from outside (the API, new games, printing, the builder, a saved rule set) reads it
    through this.

    >>> import dataclasses
    >>> from .options import with_options
    >>> fake = dataclasses.replace(PRESETS["liverpool"], rounds=PRESETS["liverpool"].rounds[:3])
    >>> identified(fake).id  # doctest: +ELLIPSIS
    'liverpool-rummy-...'
    >>> identified(dataclasses.replace(PRESETS["liverpool"], name="Evil")).id  # doctest: +ELLIPSIS
    'evil-...'
    >>> identified(PRESETS["family"]).id
    'family'
    >>> identified(with_options(PRESETS["family"], {"cut_bonus": -50})).id  # doctest: +ELLIPSIS
    'family-liverpool-...'
    """
    if is_preset(rules):
        return rules
    found = own_id(rules)
    return rules if rules.id == found else dataclasses.replace(rules, id=found)


# A rule set a person keeps as their own (the builder's, a saved one): the same test.
own_rules = identified


def same_rules(one: RuleSet, other: RuleSet) -> bool:
    """Equal, including the fields that do not take part in ``==`` (the source)."""
    return one == other and all(
        getattr(one, f.name) == getattr(other, f.name) for f in dataclasses.fields(RuleSet)
    )
