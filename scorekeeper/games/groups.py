"""Groups ("tables") of people who play together, and the people in them.

Terms:

- A **group** (:class:`~scorekeeper.models.PlayGroup`) has a name ("Smith family"), an
  unguessable id for its link, and a join code. Edit rights work as a game's
  (:mod:`.access`): the device that creates a group may edit it, another device gets edit
  rights by typing the join code, and a wrong code leaves it a reader.
- A **person** belongs to one group and is matched across its games by name, ignoring case
  and extra spaces. A game started from a group (or attached to it) links each seat to the
  person of that name, creating the person the first time.
- **Rename** changes the person's name in the group's pages; a game's own sheet keeps the
  names as they were typed at the table. **Merge** moves every seat of one person (a typo'd
  name in an old game) to another and deletes the first; two people who sat at the same game
  are not one person, and a person is not merged into themselves.

Existing games stay as they are: a game belongs to no group until it is attached to one.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ..db import begin_write
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..models import (
    MAX_ROW_ID,
    Game,
    GroupGrant,
    Person,
    Player,
    PlayGroup,
)
from ..rules.language import N_, _
from .access import (
    can_edit_group,
    hash_device,
    hash_token,
    new_game_id,
    new_join_code,
    normalize_join_code,
)
from .idempotency import (
    Retry,
    check_key,
    creation_token,
    made_by,
    remember_group,
    replay_made,
    scoped_retry,
)
from .names import clean_name, name_key
from .store import reader, transaction
from .views import game_title

NO_GROUP = N_("There is no such group. Check the link.")
NO_PERSON = N_("There is no such person in this group.")
GROUP_EDIT = N_("This device may only look at this group: enter the group's join code to edit it.")
GROUP_LANGUAGES = ("en", "es", "de")  # the languages a group's pages may speak
MAX_PEOPLE = 500  # in one group: far more than any family, and a bound on a page's list


@dataclass(frozen=True)
class PersonView:
    """Someone in a group, with how many of the group's games they played (finished or
    not)."""

    id: int
    group_id: str
    name: str
    games: int


@dataclass(frozen=True)
class GroupGame:
    """One game of a group, as its list shows it: names are the people's (group) names."""

    id: str
    title: str
    preset: str
    created_at: datetime
    finished_at: datetime | None
    players: tuple[str, ...]  # by seat
    person_ids: tuple[int | None, ...]  # by seat
    totals: tuple[int, ...]  # by seat
    winners: tuple[str, ...]  # empty while the game is not finished

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def display_title(self) -> str:
        return game_title(self.title, self.created_at)


@dataclass(frozen=True)
class GroupView:
    """A group as its pages and the API show it. ``join_code`` is for its editors only."""

    id: str
    name: str
    join_code: str
    created_at: datetime
    people: tuple[PersonView, ...]  # by name
    game_count: int
    finished_count: int
    language: str | None = None  # the pages' language (None: each reader's own)

    def person(self, person_id: int) -> PersonView:
        for person in self.people:
            if person.id == person_id:
                return person
        raise NotFound(NO_PERSON)


def check_group_id(group_id: Any) -> str:
    if not isinstance(group_id, str) or not 16 <= len(group_id) <= 32:
        raise NotFound(NO_GROUP)
    return group_id


# --- groups -------------------------------------------------------------------------------


def create_group(
    session: Session,
    name: Any,
    *,
    people: Sequence[Any] = (),
    device: str | None = None,
    label: str = "creator device",
    idempotency_key: str | None = None,
    client: str = "",
    secret: str | None = None,
) -> tuple[GroupView, str]:
    """A new group named ``name`` (with ``people``, if given); returns it and the creator's
    edit token (``""`` when the rights go to ``device``).

    A retry by the same ``client`` with the same ``idempotency_key``, name and people is
    answered with the group the first request made instead of a second group, with the
    same rights to the same device or ``secret`` only; the same key with another name or
    people is refused (KeyReused), as for :func:`.creation.create_game`.
    """
    clean = clean_name(name, N_("The group's name"))
    names = _distinct_names(people)
    key = check_key(idempotency_key)
    retry = scoped_retry(client, "new-group", key, "create_group", clean, names)
    who = _Creator(label, device, secret)
    with transaction(session):
        group_id, token = _create_or_replay_group(session, clean, names, retry, who)
    return load_group(session, group_id), token


@dataclass(frozen=True)
class _Creator:
    """Who made a group: its grant's label, and the device or the client's secret."""

    label: str
    device: str | None
    secret: str | None


def _create_or_replay_group(
    session: Session, name: str, people: list[str], retry: Retry, who: _Creator
) -> tuple[str, str]:
    begin_write(session)
    replayed = _replay_group(session, retry, who)
    if replayed is not None:
        return replayed
    try:
        return _insert_group(session, name, people, retry, who)
    except IntegrityError:
        # The same key, committed meanwhile by a concurrent request (PostgreSQL lets both
        # start): answer with that group.
        session.rollback()
        begin_write(session)
        replayed = _replay_group(session, retry, who)
        if replayed is None:
            raise
        return replayed


def _insert_group(
    session: Session, name: str, people: list[str], retry: Retry, who: _Creator
) -> tuple[str, str]:
    group = PlayGroup(id=new_game_id(), name=name, join_code=new_join_code())
    session.add(group)
    session.flush()
    for person in people:
        session.add(Person(group_id=group.id, name=person, name_key=name_key(person)))
    token = grant_group_edit(
        session, group.id, who.label, who.device, creation_token(who.secret, retry.key)
    )
    remember_group(session, retry, group.id, "create_group")
    return group.id, token


def _replay_group(session: Session, retry: Retry, who: _Creator) -> tuple[str, str] | None:
    """The group an earlier request with this key made, and the rights that request was
    given (never new ones: see :func:`.idempotency.replay_made`)."""
    made = made_by(session, retry.key)
    if made is None:
        return None
    return made.id, replay_made(session, made, retry, who.device, who.secret, _REUSED)


_REUSED = N_(
    "That request key already started a group with another name or other people. Nothing "
    "was changed: send a new key (Idempotency-Key) to start another group."
)


def _distinct_names(people: Sequence[Any]) -> list[str]:
    if not isinstance(people, list | tuple):
        raise Invalid("people must be a list of names")
    if len(people) > MAX_PEOPLE:
        raise Invalid(_("a group has at most {most} people").format(most=MAX_PEOPLE))
    names: dict[str, str] = {}
    for person in people:
        cleaned = clean_name(person, N_("A person's name"))
        names.setdefault(name_key(cleaned), cleaned)
    return list(names.values())


def get_group(session: Session, group_id: str) -> PlayGroup:
    check_group_id(group_id)
    group = session.get(PlayGroup, group_id)
    if group is None or group.importing_since is not None:  # an import still writing it
        raise NotFound(NO_GROUP)
    return group


def load_group(session: Session, group_id: str) -> GroupView:
    """The group, its people (by name) and its game counts; NotFound otherwise."""
    group = get_group(session, group_id)
    # A seat has a person only in a game of that person's group (link_players), so each
    # count is a range of the index on player.person_id: no join to ``game``.
    played = (
        sa_select(func.count())
        .where(col(Player.person_id) == col(Person.id))
        .correlate(Person)
        .scalar_subquery()
    )
    rows = reader(session).execute(
        sa_select(Person.id, Person.name, played)
        .where(col(Person.group_id) == group_id)
        .order_by(col(Person.name_key))
    )
    people = tuple(PersonView(pid, group_id, name, games) for pid, name, games in rows)
    counts = (
        reader(session)
        .execute(
            sa_select(func.count(), func.count(Game.finished_at)).where(
                col(Game.group_id) == group_id
            )
        )
        .one()
    )
    return GroupView(
        id=group.id,
        name=group.name,
        join_code=group.join_code,
        created_at=group.created_at,
        people=people,
        game_count=counts[0],
        finished_count=counts[1],
        language=group.language,
    )


def rename_group(session: Session, group_id: str, name: Any) -> GroupView:
    """Give the group another name."""
    clean = clean_name(name, N_("The group's name"))
    with transaction(session):
        begin_write(session)
        group = get_group(session, group_id)
        group.name = clean
        session.add(group)
    return load_group(session, group_id)


def group_language(session: Session, group_id: str) -> str | None:
    """The language the group's pages speak (None: each reader's own, or no such group)."""
    if not isinstance(group_id, str) or len(group_id) > 32:
        return None
    return (
        reader(session)
        .execute(sa_select(PlayGroup.language).where(col(PlayGroup.id) == group_id))
        .scalar_one_or_none()
    )


def set_group_language(session: Session, group_id: str, language: Any) -> GroupView:
    """Make the group's pages speak ``language`` (a code of :data:`GROUP_LANGUAGES`), or each
    reader's own language (``None`` or ``""``)."""
    if language == "":
        language = None
    if language is not None and language not in GROUP_LANGUAGES:
        raise Invalid(
            _("The language must be one of {languages}, or empty.").format(
                languages=", ".join(GROUP_LANGUAGES)
            ),
            {"field": "language", "code": "bad-language"},
        )
    with transaction(session):
        begin_write(session)
        group = get_group(session, group_id)
        group.language = language
        session.add(group)
    return load_group(session, group_id)


def rotate_group_join_code(session: Session, group_id: str) -> GroupView:
    """Give the group a new join code: the old one stops working (devices and tokens that
    may edit the group keep their rights)."""
    with transaction(session):
        begin_write(session)
        group = get_group(session, group_id)
        group.join_code = new_join_code(instead_of=group.join_code)
        session.add(group)
    return load_group(session, group_id)


def group_games(
    session: Session, group_id: str, *, limit: int = 50, before: datetime | None = None
) -> list[GroupGame]:
    """The group's games, newest first (``before``: older than that, for the next page)."""
    get_group(session, group_id)
    statement = (
        sa_select(Game.id, Game.title, Game.preset, Game.created_at, Game.finished_at)
        .where(col(Game.group_id) == group_id)
        .order_by(col(Game.created_at).desc())
        .limit(max(1, min(limit, 500)))
    )
    if before is not None:
        statement = statement.where(col(Game.created_at) < before)
    games = reader(session).execute(statement).all()
    seats = _seats_of(session, [g.id for g in games])
    return [_group_game(row, seats.get(row.id, [])) for row in games]


def _seats_of(session: Session, game_ids: list[str]) -> dict[str, list[Any]]:
    if not game_ids:
        return {}
    rows = reader(session).execute(
        sa_select(
            Player.game_id,
            Player.seat,
            func.coalesce(Person.name, Player.name),
            Player.person_id,
            Player.total,
            Player.won,
        )
        .outerjoin(Person, col(Person.id) == col(Player.person_id))
        .where(col(Player.game_id).in_(game_ids))
        .order_by(col(Player.game_id), col(Player.seat))
    )
    seats: dict[str, list[Any]] = {}
    for row in rows:
        seats.setdefault(row[0], []).append(row)
    return seats


def _group_game(game: Any, seats: list[Any]) -> GroupGame:
    return GroupGame(
        id=game.id,
        title=game.title,
        preset=game.preset,
        created_at=game.created_at,
        finished_at=game.finished_at,
        players=tuple(s[2] for s in seats),
        person_ids=tuple(s[3] for s in seats),
        totals=tuple(s[4] for s in seats),
        winners=tuple(s[2] for s in seats if s[5]),
    )


# --- edit rights --------------------------------------------------------------------------


def grant_group_edit(
    session: Session,
    group_id: str,
    label: str,
    device: str | None = None,
    token: str | None = None,
) -> str:
    """Edit rights to the group: a token (``token``, or a new one; only its hash is kept),
    or for a ``device`` a grant tied to it (once: asking again changes nothing) and ``""``.
    Inside the caller's transaction."""
    device_hash = hash_device(device)
    if device_hash is not None:
        held = session.exec(
            select(GroupGrant.token_hash).where(
                GroupGrant.group_id == group_id, GroupGrant.device_hash == device_hash
            )
        ).first()
        if held is not None:
            return ""
    token = token or secrets.token_urlsafe(32)
    session.add(
        GroupGrant(
            token_hash=hash_token(token),
            group_id=group_id,
            label=label[:80],
            device_hash=device_hash,
        )
    )
    session.flush()
    return "" if device_hash is not None else token


def require_group_edit(
    session: Session, group_id: str, tokens: Sequence[str] = (), device: str | None = None
) -> None:
    """NotFound for no such group, Forbidden when neither ``tokens`` nor ``device`` may edit."""
    get_group(session, group_id)
    if not can_edit_group(session, group_id, tokens, device):
        raise Forbidden(GROUP_EDIT)


def join_group(
    session: Session, group_id: str, code: Any, device: str | None = None, label: str = ""
) -> str:
    """Edit rights for whoever typed the group's join code (a token, or ``""`` for a
    device); a wrong code is a 403 and changes nothing (the caller counts attempts, as for
    games)."""
    with transaction(session):
        group = get_group(session, group_id)
        if not isinstance(code, str) or not secrets.compare_digest(
            normalize_join_code(code[:40]).encode(), group.join_code.encode()
        ):
            raise Forbidden(
                N_("That join code is not right. Check the code shown on the group page.")
            )
        begin_write(session)
        token = grant_group_edit(session, group_id, label or "joined device", device)
    return token


def device_group_ids(session: Session, device: str, limit: int = 100) -> list[str]:
    """The groups a device may edit, most recently granted first."""
    device_hash = hash_device(device)
    if device_hash is None:
        return []
    rows = reader(session).execute(
        sa_select(GroupGrant.group_id)
        .where(col(GroupGrant.device_hash) == device_hash)
        .group_by(GroupGrant.group_id)
        .order_by(func.max(GroupGrant.created_at).desc())
        .limit(limit)
    )
    return [row[0] for row in rows]


# --- people -------------------------------------------------------------------------------


def check_person_id(person_id: Any) -> int:
    """``person_id`` if it can name a person (a row id); NotFound before any query otherwise
    (2**63 in a link overflows the database's integer)."""
    if isinstance(person_id, bool) or not isinstance(person_id, int):
        raise NotFound(NO_PERSON)
    if not 0 < person_id <= MAX_ROW_ID:
        raise NotFound(NO_PERSON)
    return person_id


def person_row(session: Session, group_id: str, person_id: Any) -> Person:
    """The person of the group (NotFound for no such person, or one of another group)."""
    person = session.get(Person, check_person_id(person_id))
    if person is None or person.group_id != group_id:
        raise NotFound(NO_PERSON)
    return person


def get_person(session: Session, group_id: str, person_id: int) -> PersonView:
    """One person of the group (NotFound for a person of another group)."""
    return load_group(session, group_id).person(person_id)


def add_person(session: Session, group_id: str, name: Any) -> PersonView:
    """A new person in the group; a 409 when someone already has that name."""
    clean = clean_name(name, N_("A person's name"))
    with transaction(session):
        begin_write(session)
        get_group(session, group_id)
        _check_free(session, group_id, clean, None)
        _check_room(session, group_id, 1)
        person = Person(group_id=group_id, name=clean, name_key=name_key(clean))
        session.add(person)
        session.flush()
        person_id = person.id
    return get_person(session, group_id, int(person_id or 0))


def _check_free(session: Session, group_id: str, name: str, keep: int | None) -> None:
    found = session.exec(
        select(Person.id).where(Person.group_id == group_id, Person.name_key == name_key(name))
    ).first()
    if found is not None and found != keep:
        raise Conflict(
            _("{name} is already in this group: merge the two people instead of renaming.").format(
                name=name
            ),
            {"person_id": found},
        )


def _check_room(session: Session, group_id: str, more: int) -> None:
    count = session.exec(
        select(func.count()).select_from(Person).where(Person.group_id == group_id)
    ).one()
    if count + more > MAX_PEOPLE:
        raise Invalid(_("a group has at most {most} people").format(most=MAX_PEOPLE))


def rename_person(session: Session, group_id: str, person_id: Any, name: Any) -> PersonView:
    """Give a person another name (the group's pages show it; games keep the names typed).
    Renaming to another person's name is a 409: merge them instead."""
    clean = clean_name(name, N_("A person's name"))
    with transaction(session):
        begin_write(session)
        get_group(session, group_id)
        person = person_row(session, group_id, person_id)
        _check_free(session, group_id, clean, person.id)
        person.name = clean
        person.name_key = name_key(clean)
        session.add(person)
        session.flush()
    return get_person(session, group_id, int(person_id))


def merge_people(session: Session, group_id: str, source_id: Any, into_id: Any) -> PersonView:
    """Move every game of person ``source_id`` to ``into_id`` and delete ``source_id``.

    Refused (400) for a person merged into themselves and for two people who sat at the same
    game (they are two people); NotFound for a person not in the group.
    """
    with transaction(session):
        begin_write(session)
        get_group(session, group_id)
        source = person_row(session, group_id, source_id)
        into = person_row(session, group_id, into_id)
        if source.id == into.id:
            raise Invalid(
                N_("A person cannot be merged into themselves: pick two different people.")
            )
        _check_never_together(session, source, into)
        # Every seat of theirs, in all the group's games, in one statement.
        session.exec(
            update(Player).where(col(Player.person_id) == source.id).values(person_id=into.id)
        )
        session.delete(source)
    return get_person(session, group_id, int(into_id))


def _check_never_together(session: Session, source: Person, into: Person) -> None:
    theirs = sa_select(Player.game_id).where(col(Player.person_id) == into.id)
    shared = (
        reader(session)
        .execute(
            sa_select(Player.game_id)
            .where(col(Player.person_id) == source.id, col(Player.game_id).in_(theirs))
            .limit(1)
        )
        .first()
    )
    if shared is not None:
        raise Invalid(
            _(
                "{source} and {into} played in the same game, so they are two people: they "
                "cannot be merged."
            ).format(source=source.name, into=into.name),
            {"game_id": shared[0]},
        )


def people_for_names(session: Session, group_id: str, names: Sequence[str]) -> list[int]:
    """The ids of the people with these (cleaned) names, creating the missing ones, in the
    caller's write transaction."""
    keys = [name_key(name) for name in names]
    found = dict(
        session.exec(
            select(Person.name_key, Person.id).where(
                Person.group_id == group_id, col(Person.name_key).in_(keys)
            )
        ).all()
    )
    new = [Person(group_id=group_id, name=n, name_key=name_key(n)) for n in names]
    new = [person for person in new if person.name_key not in found]
    if new:
        _check_room(session, group_id, len(new))
        session.add_all(new)
        session.flush()
    found.update((person.name_key, person.id) for person in new)
    return [int(found[key] or 0) for key in keys]


def link_players(session: Session, group_id: str, game_id: str, names: Sequence[str]) -> None:
    """Put a game (just created, or attached) in the group and link each seat to its person.
    Inside the caller's write transaction."""
    person_ids = people_for_names(session, group_id, names)
    game = session.get(Game, game_id)
    if game is None:
        raise NotFound()
    game.group_id = group_id
    seats = session.exec(select(Player).where(Player.game_id == game_id)).all()
    for player in seats:
        player.person_id = person_ids[player.seat]
    session.add_all([game, *seats])
    session.flush()
