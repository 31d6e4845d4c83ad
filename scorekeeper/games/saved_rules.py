"""Rule sets saved by a device under a name, and shared by link or as a JSON file.

Terms:

- A **saved rule set** belongs to one device (the hash of the device id its browser keeps in
  its signed cookie, as edit grants do) and has a name, unique for that device: saving again
  under the same name replaces it. It is stored as a rule-set document
  (:mod:`scorekeeper.rules.document`), so it is read back exactly as it was saved, and a game
  started with it keeps its own copy: changing or deleting the saved one never changes a game.
- Its **share token** is 128 random bits: whoever has the link can read the rule set (and save
  a copy or start a game with it on their own device), never change or delete it.
- **Importing** reads a JSON file: a rule-set document, checked with every problem listed;
  nothing is saved unless the whole document is good.

Each change is one transaction of its own (:func:`.store.transaction`); callers never manage it.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ..db import begin_write
from ..errors import Invalid, NotFound
from ..models import SavedRuleSet, utcnow
from ..rules import RuleSet
from ..rules.document import to_document
from ..rules.document_reader import from_document
from ..rules.errors import RuleSetDocumentError, RuleSetError
from ..rules.language import N_, _
from ..rules.limits import waived
from ..rules.ruleset_ids import own_rules
from .access import hash_token
from .names import clean_name
from .store import transaction

MAX_SAVED = 100  # rule sets one device may keep
MAX_ID = 2**31 - 1  # the largest id a database integer holds: a larger one is no rule set
MAX_FILE_BYTES = 60_000  # an imported file (the largest real document is under 10 KB)
NOT_FOUND = N_("There is no such saved rule set. It may have been deleted: check the link.")
UNREADABLE = N_(
    "The saved rules “{name}” can no longer be read, since they were saved before a check "
    "this app now makes. Build them again from a preset."
)


@dataclass(frozen=True)
class SavedView:
    """A saved rule set as the pages show it."""

    id: int
    name: str
    token: str
    rules: RuleSet
    document: dict[str, Any]
    updated_at: datetime


def _device_hash(device: str) -> str:
    if not isinstance(device, str) or not 20 <= len(device) <= 100:
        raise Invalid("This device has no id yet: reload the page and try again.")
    return hash_token(f"rules-device:{device}")


def _view(row: SavedRuleSet) -> SavedView:
    """The saved rule set, or Invalid (a 400, never a 500) when its document no longer reads:
    one saved before a check was added (text that is not valid Unicode, say)."""
    document = json.loads(row.document)
    assert row.id is not None
    try:
        with waived():  # saved before the referee's limits: still listed (rules/limits.py)
            rules = from_document(document)
    except RuleSetDocumentError as error:
        raise Invalid(_(UNREADABLE).format(name=row.name), list(error.problems)) from None
    # One saved before ids were a rule set's own reads as "custom": it gets its own here.
    return SavedView(row.id, row.name, row.share_token, own_rules(rules), document, row.updated_at)


@dataclass(frozen=True)
class Unreadable:
    """A saved rule set whose document no longer reads, and why (it can still be deleted)."""

    id: int
    name: str
    problems: list[str]


def _views(rows: Iterable[SavedRuleSet]) -> tuple[list[SavedView], list[Unreadable]]:
    """The rule sets of ``rows`` that still read, and those that do not (apart, so one bad
    row never takes a page down with it)."""
    found: list[SavedView] = []
    unreadable: list[Unreadable] = []
    for row in rows:
        try:
            found.append(_view(row))
        except Invalid as error:
            assert row.id is not None
            unreadable.append(Unreadable(row.id, row.name, list(error.details or [])))
    return found, unreadable


def _named(rules: RuleSet, name: str) -> dict[str, Any]:
    """The rule set's document, called by the name it is saved under, with the id that name
    and those rules make (a preset's only if it is exactly that preset)."""
    return to_document(own_rules(dataclasses.replace(rules, name=name)))


# --- reading -------------------------------------------------------------------------------------


def list_saved(session: Session, device: str) -> list[SavedView]:
    """This device's saved rule sets, by name (those that still read)."""
    return _views(_rows(session, device))[0]


def list_unreadable(session: Session, device: str) -> list[Unreadable]:
    """This device's saved rule sets that no longer read (see :func:`_view`)."""
    return _views(_rows(session, device))[1]


def _rows(session: Session, device: str) -> Sequence[SavedRuleSet]:
    return session.exec(
        select(SavedRuleSet)
        .where(SavedRuleSet.device_hash == _device_hash(device))
        .order_by(col(SavedRuleSet.name))
        .limit(MAX_SAVED)
    ).all()


def get_saved(session: Session, device: str, saved_id: int) -> SavedView:
    """One of this device's saved rule sets (NotFound for another device's)."""
    row = session.get(SavedRuleSet, saved_id) if 0 < saved_id <= MAX_ID else None
    if row is None or row.device_hash != _device_hash(device):
        raise NotFound(NOT_FOUND)
    return _view(row)


def get_shared(session: Session, token: str) -> SavedView:
    """The rule set a sharing link points at."""
    if not isinstance(token, str) or not 10 <= len(token) <= 64:
        raise NotFound(NOT_FOUND)
    row = session.exec(select(SavedRuleSet).where(SavedRuleSet.share_token == token)).first()
    if row is None:
        raise NotFound(NOT_FOUND)
    return _view(row)


# --- changing ------------------------------------------------------------------------------------


def save_rules(session: Session, device: str, name: Any, rules: RuleSet) -> SavedView:
    """Save ``rules`` for this device under ``name`` (replacing one of that name)."""
    clean = clean_name(name, "The rule set's name")
    device_hash = _device_hash(device)
    document = json.dumps(_named(rules, clean), sort_keys=True)
    try:
        return _save(session, device_hash, clean, document)
    except IntegrityError:
        # The same name, saved meanwhile by another request (PostgreSQL lets both start):
        # this one replaces it, as a later save would.
        return _save(session, device_hash, clean, document)


def _save(session: Session, device_hash: str, name: str, document: str) -> SavedView:
    with transaction(session):
        begin_write(session)
        row = session.exec(
            select(SavedRuleSet).where(
                SavedRuleSet.device_hash == device_hash, SavedRuleSet.name == name
            )
        ).first()
        if row is None:
            row = _new_row(session, device_hash, name, document)
        else:
            row.document = document
            row.updated_at = utcnow()
            session.add(row)
        session.flush()
        saved = _view(row)
    return saved


def _new_row(session: Session, device_hash: str, name: str, document: str) -> SavedRuleSet:
    kept = session.exec(
        select(SavedRuleSet.id).where(SavedRuleSet.device_hash == device_hash).limit(MAX_SAVED)
    ).all()
    if len(kept) >= MAX_SAVED:
        raise Invalid(
            _("This device keeps at most {most} rule sets: delete one first.").format(
                most=MAX_SAVED
            )
        )
    row = SavedRuleSet(
        device_hash=device_hash,
        name=name,
        document=document,
        share_token=secrets.token_urlsafe(16),
    )
    session.add(row)
    return row


def delete_saved(session: Session, device: str, saved_id: int) -> None:
    """Forget one of this device's saved rule sets (games started with it keep their rules)."""
    device_hash = _device_hash(device)
    with transaction(session):
        begin_write(session)
        row = session.get(SavedRuleSet, saved_id) if 0 < saved_id <= MAX_ID else None
        if row is None or row.device_hash != device_hash:
            raise NotFound(NOT_FOUND)
        session.delete(row)


def read_rules_file(data: bytes | str) -> RuleSet:
    """The rule set in a JSON file, or Invalid listing every problem (``details``: the list)."""
    if len(data) > MAX_FILE_BYTES:
        raise Invalid(
            _("That file is {size} bytes: a rule-set file is at most {most}.").format(
                size=len(data), most=MAX_FILE_BYTES
            )
        )
    try:
        document = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise Invalid(
            _("That file is not JSON: {problem}").format(problem=error), ["the file is not JSON"]
        ) from None
    except RecursionError:
        raise Invalid(
            "That file is nested too deeply to be a rule set.", ["the file is nested too deeply"]
        ) from None
    try:
        return from_document(document)
    except RuleSetDocumentError as error:
        raise Invalid("That rule set has problems.", list(error.problems)) from None
    except RuleSetError as error:
        raise Invalid("That rule set has problems.", [error.message]) from None


def import_rules(session: Session, device: str, name: Any, data: bytes | str) -> SavedView:
    """Save the rule set of a JSON file for this device; nothing is saved if it has problems.
    An empty ``name`` takes the name written in the file."""
    rules = read_rules_file(data)
    return save_rules(session, device, name or rules.name, rules)


def document_json(saved: SavedView) -> str:
    """The saved rule set as a JSON file's text (what :func:`import_rules` reads back)."""
    return json.dumps(saved.document, indent=2, ensure_ascii=False) + "\n"


__all__ = [
    "MAX_SAVED",
    "SavedView",
    "delete_saved",
    "document_json",
    "get_saved",
    "get_shared",
    "import_rules",
    "list_saved",
    "list_unreadable",
    "read_rules_file",
    "save_rules",
]
