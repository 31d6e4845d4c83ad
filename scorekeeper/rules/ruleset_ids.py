"""A rule set's id: a preset's own, or one made from its name and its rules.

A game, a saved rule set and every page that names rules carry an id. A preset keeps its id
(``liverpool``) while it is that preset; any other rule set gets an id of its own: its name
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
from .errors import RulesError
from .options import OPTIONS, with_options
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
    """Whether ``rules`` is the preset its id names, house-rule options aside (a game started
    from a preset with options keeps the preset's id: its options are kept beside it)."""
    preset = PRESETS.get(rules.id)
    if preset is None:
        return False
    if fingerprint(preset) == fingerprint(rules):
        return True
    changed: dict[str, Any] = {
        name: option.read(rules)
        for name, option in OPTIONS.items()
        if option.read(rules) != option.read(preset)
    }
    if rules.point_table != preset.point_table:
        changed["point_table"] = rules.point_table  # a custom table too, not only its id
    try:
        rebuilt = with_options(preset, changed)
    except RulesError:
        return False
    return fingerprint(rebuilt) == fingerprint(rules)


def identified(rules: RuleSet) -> RuleSet:
    """``rules`` under the id it may carry: a preset's id only when it is that preset (house
    rules aside, :func:`is_preset`), else its :func:`own_id`. Every door that takes a rule
    set from outside (the API, new games, printing) reads it through this.

    >>> import dataclasses
    >>> fake = dataclasses.replace(PRESETS["liverpool"], rounds=PRESETS["liverpool"].rounds[:3])
    >>> identified(fake).id  # doctest: +ELLIPSIS
    'liverpool-rummy-...'
    >>> identified(with_options(PRESETS["liverpool"], {"cut_bonus": 0})).id
    'liverpool'
    """
    if is_preset(rules):
        return rules
    found = own_id(rules)
    return rules if rules.id == found else dataclasses.replace(rules, id=found)


def own_rules(rules: RuleSet) -> RuleSet:
    """A rule set a person keeps as their own (the builder's, a saved one): a preset's id
    only when it is exactly that preset, name and all; else its :func:`own_id`.

    >>> own_rules(PRESETS["family"]).id
    'family'
    >>> own_rules(with_options(PRESETS["family"], {"cut_bonus": -50})).id  # doctest: +ELLIPSIS
    'family-liverpool-...'
    """
    preset = PRESETS.get(rules.id)
    if preset is not None and same_rules(preset, rules):
        return rules
    found = own_id(rules)
    return rules if rules.id == found else dataclasses.replace(rules, id=found)


def same_rules(one: RuleSet, other: RuleSet) -> bool:
    """Equal, including the fields that do not take part in ``==`` (the source)."""
    return one == other and all(
        getattr(one, f.name) == getattr(other, f.name) for f in dataclasses.fields(RuleSet)
    )
