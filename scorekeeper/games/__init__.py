"""The game service: every change to a game goes through here, as one transaction.

Pages, the JSON API and the PDF sheets read games as :class:`GameView` (plain data built from
the rows and the rules core) and change them with the functions below. Each change:

- is validated with the rules core before anything is written;
- is its own transaction, committed (or rolled back) by the service: callers never manage it;
- takes one path (:mod:`.rounds`): read and plan without the lock, then take the write lock
  with a statement that bumps the game's version only if it is still the version read, and
  write; if another device came first, plan once more under the lock;
- checks the version the caller saw (a stale edit is a 409, never a silent overwrite);
- is recorded with its idempotency key, scoped to its sender, so a retry is answered, not
  repeated, and a reused key with other values is refused;
- writes a history line with the old and new values.

Groups of people across games live in :mod:`.groups` (groups, people, edit rights),
:mod:`.group_games` (games started in a group, attached to one or taken out),
:mod:`.leaderboard` (statistics, computed by the database from each seat's result, which
:mod:`.results` keeps; a person's page in :mod:`.person_stats`) and :mod:`.transfer`
(export; import in :mod:`.importer`, its checks in :mod:`.import_checks`, the file read by
:mod:`.jsonstream`).

The modules: :mod:`.views` (the read model), :mod:`.creation` (starting games),
:mod:`.rounds` (entering, fixing and undoing rounds; a phase game's phases checked and laid
out by :mod:`.phase_rounds`), :mod:`.access` (edit rights, devices,
join codes, attempt counters), :mod:`.idempotency`, :mod:`.history`, :mod:`.names` (names as
typed, cleaned), :mod:`.store` (the game row's locks, the version claim, each change's
transaction) and :mod:`.statements` (the Core statements the speed needs; everything else
reads and writes the SQLModel way).
"""

from __future__ import annotations

from ..errors import Conflict, Forbidden, GameError, Invalid, KeyReused, NotFound
from ..rules.scoring import PlayerResult
from .access import (
    JOIN_CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    GrantView,
    can_edit,
    can_edit_group,
    claim_tokens,
    count_attempt,
    device_game_ids,
    device_label,
    edit_grants,
    grant_edit,
    hash_token,
    join,
    new_device_id,
    new_game_id,
    new_join_code,
    normalize_join_code,
    require_edit,
    revoke_grant,
    rotate_join_code,
)
from .creation import MAX_TITLE_LENGTH, create_game, play_again, validate_new_game
from .group_games import attach_game, detach_game, game_group_id, start_group_game
from .groups import (
    GroupGame,
    GroupView,
    PersonView,
    add_person,
    create_group,
    device_group_ids,
    group_games,
    join_group,
    load_group,
    merge_people,
    rename_group,
    rename_person,
    require_group_edit,
)
from .history import HistoryLine, history, latest_summary, spoken_summary
from .names import MAX_NAME_LENGTH, clean_name, name_key, normal_name
from .rounds import (
    MAX_BOUGHT,
    MAX_HAND_CARDS,
    MAX_ROUND_NUMBER,
    RoundInput,
    add_round,
    replace_round,
    undo_last_round,
)
from .views import (
    EntryView,
    GameView,
    RoundView,
    build_view,
    current_version,
    game_version,
    list_games,
    load_game,
    read_game,
    recent_player_names,
)

__all__ = [
    "JOIN_CODE_ALPHABET",
    "JOIN_CODE_LENGTH",
    "MAX_BOUGHT",
    "MAX_HAND_CARDS",
    "MAX_NAME_LENGTH",
    "MAX_ROUND_NUMBER",
    "MAX_TITLE_LENGTH",
    "Conflict",
    "EntryView",
    "Forbidden",
    "GameError",
    "GameView",
    "GrantView",
    "GroupGame",
    "GroupView",
    "HistoryLine",
    "Invalid",
    "KeyReused",
    "NotFound",
    "PersonView",
    "PlayerResult",
    "RoundInput",
    "RoundView",
    "add_person",
    "add_round",
    "attach_game",
    "build_view",
    "can_edit",
    "can_edit_group",
    "claim_tokens",
    "clean_name",
    "count_attempt",
    "create_game",
    "create_group",
    "current_version",
    "detach_game",
    "device_game_ids",
    "device_group_ids",
    "device_label",
    "edit_grants",
    "game_group_id",
    "game_version",
    "grant_edit",
    "group_games",
    "hash_token",
    "history",
    "join",
    "join_group",
    "latest_summary",
    "list_games",
    "load_game",
    "load_group",
    "merge_people",
    "name_key",
    "new_device_id",
    "new_game_id",
    "new_join_code",
    "normal_name",
    "normalize_join_code",
    "play_again",
    "read_game",
    "recent_player_names",
    "rename_group",
    "rename_person",
    "replace_round",
    "require_edit",
    "require_group_edit",
    "revoke_grant",
    "rotate_join_code",
    "spoken_summary",
    "start_group_game",
    "undo_last_round",
    "validate_new_game",
]
