"""Who may change what over the API: a game's or a group's edit token, sent as
``Authorization: Bearer <token>``, or, for a group, this browser's device grant (the device
that created or joined it in the app's pages; the API never makes a device cookie itself).

A refusal says which: 404 for no such group, 401 when nothing that could give rights was
sent (with ``WWW-Authenticate``), 403 when what was sent does not give them."""

from __future__ import annotations

from typing import Any

from flask import session as cookie
from sqlmodel import Session

from ... import games
from ...errors import Forbidden, GameError
from ...games.groups import get_group
from ...rules.language import N_
from .. import access

NO_GROUP_TOKEN = N_(
    "This change needs the group's edit token: send it as 'Authorization: Bearer <token>'."
)
NOT_THE_GROUPS_TOKEN = N_("That token does not give edit rights to this group.")


class Unauthorized(GameError):
    """No edit token was sent (401, with ``WWW-Authenticate``)."""

    def __init__(
        self,
        message: str = "This change needs the game's edit token: "
        "send it as 'Authorization: Bearer <token>'.",
    ) -> None:
        super().__init__(401, message)


def request_device() -> str | None:
    """This browser's device id, if it has one already (see :func:`..access.device_id`);
    an API client without the cookie gets none made."""
    value: Any = cookie.get("device")
    return value if isinstance(value, str) else None


def authorize_group(
    session: Session,
    group_id: str,
    missing: str = NO_GROUP_TOKEN,
    refused: str = NOT_THE_GROUPS_TOKEN,
) -> None:
    """404 for no such group; 401 (``missing``) without a token or device; 403 (``refused``)
    when neither may edit the group."""
    get_group(session, group_id)
    token, device = access.client_secret(), request_device()
    if token is None and device is None:
        raise Unauthorized(missing)
    if not games.can_edit_group(session, group_id, [token] if token else [], device):
        raise Forbidden(refused)
