"""The games of a group: starting one in it, putting an existing game in it (attaching) and
taking a game out of it again.

Terms:

- A game **belongs** to one group or to none (``Game.group_id``); in a group, each seat is
  linked to the group's person of that name (:func:`.groups.link_players`), and the group's
  leaderboard counts the game.
- **Attaching** puts a game that belongs to no group into one. It needs edit rights to both:
  to the group (the caller checks those, as for every change to a group) and to the game
  (checked here), so nobody can put someone else's game, whose watch link is public, into a
  group of their own.
- **Taking a game out** of its group is for the game's editors: the game then belongs to no
  group, its seats to nobody, and the group's pages no longer count it. The people made for
  it stay in the group.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from ..db import begin_write
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..models import Game, Player
from ..rules.language import N_, _
from ..rules.rulesets import MAX_PLAYERS, MIN_PLAYERS
from .access import can_edit
from .creation import Creator, check_new_game, start_game
from .groups import get_group, link_players, person_row
from .names import name_key
from .store import GAME_IS_THERE, check_game_id, get_game, reader, transaction
from .views import GameView, load_game

NOT_YOUR_GAME = N_(
    "Only a game this device can score can be added to a group: open the game on a device "
    "that scores it (or join it with its code), then add it from there."
)
NOT_YOURS_TO_TAKE_OUT = N_("Only a device that can score this game can take it out of its group.")


def start_group_game(
    session: Session,
    group_id: str,
    *,
    person_ids: Sequence[Any] = (),
    players: Sequence[Any] | None = None,
    preset: Any,
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
    """Start a game in the group: its players are the people ``person_ids`` (in seating
    order), or ``players`` by name (a new name becomes a new person). Edit rights, keys and
    checks as for :func:`.creation.create_game`; the game and its seats' people are written
    in one transaction."""
    get_group(session, group_id)
    names = list(players) if players is not None else _names_of(session, group_id, person_ids)
    new = check_new_game(
        preset, names, options, title, first_dealer,
        Creator(actor, label, device, secret, client, idempotency_key), also=(group_id,),
    )  # fmt: skip
    with transaction(session):
        view, token, made = start_game(session, new)
        if made:  # a retry's game is in the group already
            get_group(session, group_id)
            link_players(session, group_id, view.id, new.names)
    return view, token


def _names_of(session: Session, group_id: str, person_ids: Sequence[Any]) -> list[str]:
    if not isinstance(person_ids, list | tuple):
        raise Invalid("people must be a list of person ids")
    if len(person_ids) > MAX_PLAYERS:
        raise Invalid(
            _("a game has {least} to {most} players, not {count}").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS, count=len(person_ids)
            )
        )
    if len(set(map(repr, person_ids))) != len(person_ids):
        raise Invalid("each person can take one seat only")
    return [person_row(session, group_id, pid).name for pid in person_ids]


def attach_game(
    session: Session,
    group_id: str,
    game_id: str,
    *,
    tokens: Sequence[str] = (),
    device: str | None = None,
) -> GameView:
    """Put an existing game (not in a group yet) in the group, matching its players to people
    by name. Needs edit rights to the game (``tokens`` or ``device``: a 403 otherwise); the
    caller has checked the rights to the group. A game already in a group is a 409."""
    check_game_id(game_id)
    with transaction(session):
        begin_write(session)
        get_group(session, group_id)
        game = get_game(session, game_id)
        if not can_edit(session, game_id, tokens, device):
            raise Forbidden(NOT_YOUR_GAME)
        if game.group_id is not None:
            if game.group_id == group_id:
                return load_game(session, game_id)
            raise Conflict("That game already belongs to another group.")
        names = session.exec(
            select(Player.name).where(Player.game_id == game_id).order_by(col(Player.seat))
        ).all()
        _check_distinct(list(names))
        link_players(session, group_id, game_id, list(names))
    return load_game(session, game_id)


def detach_game(
    session: Session, game_id: str, *, tokens: Sequence[str] = (), device: str | None = None
) -> str:
    """Take the game out of its group, for one of its editors (``tokens`` or ``device``: a
    403 otherwise): it then belongs to no group and its seats to nobody. Returns the id of
    the group it left; a 400 for a game in no group."""
    with transaction(session):
        begin_write(session)
        game = get_game(session, game_id)
        if not can_edit(session, game_id, tokens, device):
            raise Forbidden(NOT_YOURS_TO_TAKE_OUT)
        group_id = game.group_id
        if group_id is None:
            raise Invalid("This game is in no group.")
        game.group_id = None
        seats = session.exec(select(Player).where(Player.game_id == game_id)).all()
        for player in seats:
            player.person_id = None
        session.add_all([game, *seats])
    return group_id


def _check_distinct(names: list[str]) -> None:
    keys = [name_key(n) for n in names]  # as the people they are linked to are matched
    if len(set(keys)) != len(keys):
        raise Invalid("two seats of that game have the same name: it cannot join a group")


def game_group_id(session: Session, game_id: str) -> str | None:
    """The group a game belongs to, or None."""
    check_game_id(game_id)
    row = (
        reader(session)
        .execute(sa_select(Game.group_id).where(col(Game.id) == game_id, GAME_IS_THERE))
        .first()
    )
    if row is None:
        raise NotFound()
    return row[0]
