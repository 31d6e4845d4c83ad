"""Starting games: checking what was typed, creating the rows, playing again."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import SystemRandom
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from ..db import begin_write
from ..errors import Invalid
from ..models import (
    Game,
    IdempotencyRecord,
    Player,
)
from ..rules import PRESETS, RulesError, RuleSet, RuleSetDocumentError, resolve_rules, to_document
from ..rules.language import N_, _, ngettext
from ..rules.rulesets import MAX_PLAYERS, MIN_PLAYERS
from .access import grant_edit, new_game_id, new_join_code
from .history import log_change
from .idempotency import Retry, check_key, creation_token, made_by, replay_made, scoped_retry
from .names import clean_name, name_key
from .store import transaction
from .views import GameView, load_game, view_of

MAX_TITLE_LENGTH = 200
_random = SystemRandom()

# --- creating a game ----------------------------------------------------------------------


def _rebuilds(preset: str, options: Mapping[str, Any], rules: RuleSet) -> bool:
    try:
        return resolve_rules(preset, options) == rules
    except RulesError:
        return False


def validate_new_game(
    preset: Any, players: Any, options: Any, title: Any = "", first_dealer: Any = None
) -> tuple[RuleSet, list[str], str, int | None]:
    """Check everything about a new game; raise Invalid naming each problem (the first one
    found, in the order rules, players, title, dealer, is the message)."""
    problems: dict[str, str] = {}
    rules = _read_rules(preset, options, problems)
    names = _read_names(players, rules, problems)
    clean_title = _read_title(title, problems)
    dealer = _read_dealer(first_dealer, names, problems)
    if problems or rules is None:
        first = next(iter(problems.values()), _("the game could not be created"))
        raise Invalid(first, problems)
    return rules, names, clean_title, dealer


def _read_rules(preset: Any, options: Any, problems: dict[str, str]) -> RuleSet | None:
    """A preset id or a whole rule-set document, with house-rule options on top."""
    try:
        return resolve_rules(preset if isinstance(preset, str | Mapping) else "", options or {})
    except RuleSetDocumentError as error:
        count = len(error.problems)
        problems["rules"] = ngettext(
            "the rule-set document has {count} problem: {problems}",
            "the rule-set document has {count} problems: {problems}",
            count,
        ).format(count=count, problems="; ".join(error.problems))
        return None
    except RulesError as error:
        problems[_field_at_fault(preset)] = error.message
        return None


def _field_at_fault(preset: Any) -> str:
    """Which field a refused rule set is the fault of: the options when the preset alone is
    fine (decided by the rules, not by the words of a message, which are translated)."""
    try:
        resolve_rules(preset if isinstance(preset, str | Mapping) else "", {})
    except RulesError:
        return "rules"
    return "options"


def _read_names(players: Any, rules: RuleSet | None, problems: dict[str, str]) -> list[str]:
    if not isinstance(players, list | tuple):
        problems["players"] = _("players must be a list of names")
        return []
    count_problem = _player_count_problem(rules, len(players))
    if count_problem is not None:
        # Counted before any name is read: a long list costs nothing but this check.
        problems["players"] = count_problem
        return []
    names: list[str] = []
    for index, name in enumerate(players):
        try:
            names.append(clean_name(name))
        except Invalid as error:
            problems[f"players.{index}"] = error.message
    seen = Counter(name_key(name) for name in names)
    duplicates = sorted({n for n in names if seen[name_key(n)] > 1})
    if duplicates:
        problems["players"] = _("each player needs a different name: {names}").format(
            names=", ".join(duplicates)
        )
    return names


def _read_title(title: Any, problems: dict[str, str]) -> str:
    try:
        return "" if not title else clean_name(title, N_("The title"))[:MAX_TITLE_LENGTH]
    except Invalid as error:
        problems["title"] = error.message
        return ""


def _read_dealer(first_dealer: Any, names: list[str], problems: dict[str, str]) -> int | None:
    """The first dealer's seat, from a name or a seat; None for "cut for deal"."""
    if first_dealer is None or first_dealer == "":
        return None
    keys = [name_key(name) for name in names]
    if isinstance(first_dealer, str) and name_key(first_dealer) in keys:
        return keys.index(name_key(first_dealer))
    seat_given = isinstance(first_dealer, int) and not isinstance(first_dealer, bool)
    if seat_given and 0 <= first_dealer < max(len(names), 1):
        return int(first_dealer)
    problems["first_dealer"] = _("the first dealer must be one of the players")
    return None


def _player_count_problem(rules: RuleSet | None, count: int) -> str | None:
    """What is wrong with this many players (any rule set's bounds when the rules are not
    known), or None."""
    try:
        if rules is not None:
            rules.check_players(count)
        elif not MIN_PLAYERS <= count <= MAX_PLAYERS:
            return _("a game has {least} to {most} players, not {count}").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS, count=count
            )
    except RulesError as error:
        return error.message
    return None


def create_game(
    session: Session,
    *,
    preset: Any,
    players: Any,
    options: Any = None,
    title: Any = "",
    first_dealer: Any = None,
    actor: str = "",
    idempotency_key: str | None = None,
    client: str = "",
    secret: str | None = None,
    device: str | None = None,
    label: str = "creator",
) -> tuple[GameView, str]:
    """Create a game; returns it and the creator's edit token. Cut for deal if no dealer.

    The creator's grant goes to ``device`` when given (the token is then ``""``), else to a
    token. A retry by the same ``client`` with the same ``idempotency_key`` and the same
    values (a double tap on "Start") answers with the game the first request created
    instead of a second game, and with the same rights, to the same device or to a client
    sending the same ``secret`` only (see :mod:`.idempotency`; a Conflict otherwise); the
    same key with other values is refused (KeyReused), and another client's key is another
    key. A game started in a group: :func:`.group_games.start_group_game`.
    """
    new = check_new_game(
        preset, players, options, title, first_dealer,
        Creator(actor, label, device, secret, client, idempotency_key),
    )  # fmt: skip
    with transaction(session):
        view, token, _made = start_game(session, new)
    return view, token


@dataclass(frozen=True)
class Creator:
    """Who starts a game: the history's actor, the grant's label, the ``device`` or the
    client's ``secret`` the rights go to, and how a retry of the request is known (the
    ``client`` and its ``idempotency_key``)."""

    actor: str = ""
    label: str = "creator"
    device: str | None = None
    secret: str | None = None  # the client's, for a retry's token (see .idempotency)
    client: str = ""
    idempotency_key: str | None = None


@dataclass(frozen=True)
class NewGame:
    """A new game as checked, who starts it, and how a retry of its request is known."""

    rules: RuleSet
    names: list[str]
    title: str
    dealer: int
    options: Mapping[str, Any]
    creator: Creator
    retry: Retry


def check_new_game(
    preset: Any,
    players: Any,
    options: Any,
    title: Any,
    first_dealer: Any,
    creator: Creator,
    also: Sequence[str] = (),
) -> NewGame:
    """The new game, checked (Invalid naming each problem: :func:`validate_new_game`), its
    dealer cut for when none was chosen. ``also``: what else the request asks for (the group
    it starts the game in), so the same key for another group is another request."""
    key = check_key(creator.idempotency_key)
    rules, names, clean_title, dealer = validate_new_game(
        preset, players, options, title, first_dealer
    )
    # A document's whole rule set is part of the request, not its id only.
    what = rules.id if isinstance(preset, str) else json.dumps(to_document(rules), sort_keys=True)
    retry = scoped_retry(
        creator.client, "new", key, "create_game", what, names, options or {}, clean_title,
        dealer, *also,
    )  # fmt: skip
    if dealer is None:
        dealer = _random.randrange(len(names))  # "cut for deal"
    return NewGame(rules, names, clean_title, dealer, options or {}, creator, retry)


def start_game(session: Session, new: NewGame) -> tuple[GameView, str, bool]:
    """Write the new game in the caller's transaction, or (a retry) find the one the first
    request wrote: the game, the creator's token and whether it is new."""
    begin_write(session)
    replayed = _replay_creation(session, new)
    if replayed is not None:
        return (*replayed, False)
    try:
        return (*_insert_game(session, new), True)
    except IntegrityError:
        # The same key, committed meanwhile by a concurrent request (PostgreSQL lets both
        # start): answer with that game.
        session.rollback()
        begin_write(session)
        replayed = _replay_creation(session, new)
        if replayed is None:
            raise
        return (*replayed, False)


def _insert_game(session: Session, new: NewGame) -> tuple[GameView, str]:
    game = Game(
        id=new_game_id(),
        title=new.title,
        preset=new.rules.id[:40],
        options=json.dumps(dict(new.options), sort_keys=True),
        rule_document=json.dumps(to_document(new.rules), sort_keys=True),
        first_dealer=new.dealer,
        join_code=new_join_code(),
    )
    session.add(game)
    session.flush()
    for seat, name in enumerate(new.names):
        session.add(Player(game_id=game.id, seat=seat, name=name))
    who, retry = new.creator, new.retry
    token = grant_edit(
        session, game.id, who.label, who.device, creation_token(who.secret, retry.key)
    )
    created = {"players": new.names, "rules": new.rules.id, "options": dict(new.options),
               "title": new.title}  # fmt: skip
    summary = f"Game created: {', '.join(new.names)} play {new.rules.name}"
    log_change(session, game.id, who.actor, "create", None, None, created, summary)
    if retry.key:
        session.add(
            IdempotencyRecord(
                key=retry.key,
                request_hash=retry.request,
                game_id=game.id,
                action="create_game",
                status=201,
            )
        )
    session.flush()  # a key committed meanwhile by another request shows up here
    return view_of(session, game), token


def _replay_creation(session: Session, new: NewGame) -> tuple[GameView, str] | None:
    """The game an earlier request with this key created, and the rights that request was
    given (never new ones: see :func:`.idempotency.replay_made`)."""
    made = made_by(session, new.retry.key)
    if made is None:
        return None
    who = new.creator
    token = replay_made(session, made, new.retry, who.device, who.secret, _REUSED)
    return load_game(session, made.id), token


_REUSED = N_(
    "That request key already started a game with other values. Nothing was changed: send a "
    "new key (Idempotency-Key) to start another game."
)


_NUMBERED = re.compile(r"^(.*) \(game (\d{1,6})\)$")


def next_title(title: str) -> str:
    """The title of the game played again after one called ``title``: numbered on, so that
    the two are told apart in every list.

    >>> next_title("Sunday at Gran's")
    "Sunday at Gran's (game 2)"
    >>> next_title("Sunday at Gran's (game 2)")
    "Sunday at Gran's (game 3)"
    >>> len(next_title("x" * MAX_TITLE_LENGTH)) == MAX_TITLE_LENGTH
    True
    """
    found = _NUMBERED.match(title)
    base, number = (found.group(1), int(found.group(2)) + 1) if found else (title, 2)
    suffix = f" (game {number})"
    return base[: MAX_TITLE_LENGTH - len(suffix)].rstrip() + suffix


def play_again(
    session: Session,
    game_id: str,
    actor: str = "",
    idempotency_key: str | None = None,
    *,
    client: str = "",
    secret: str | None = None,
    device: str | None = None,
    label: str = "creator",
) -> tuple[GameView, str]:
    """A new game with the same players and rules, its title numbered on (:func:`next_title`);
    the next player deals first. Edit rights and idempotency keys as for :func:`create_game`."""
    old = load_game(session, game_id)
    # The rules the game was played by: its preset and options while they still give them,
    # else the whole rule set it stored.
    same = old.preset in PRESETS and _rebuilds(old.preset, old.options, old.rules)
    return create_game(
        session,
        preset=old.preset if same else to_document(old.rules),
        players=list(old.players),
        options=dict(old.options) if same else None,
        title=next_title(old.display_title),
        first_dealer=(old.first_dealer + 1) % old.player_count,
        actor=actor,
        idempotency_key=idempotency_key,
        client=client,
        secret=secret,
        device=device,
        label=label,
    )
