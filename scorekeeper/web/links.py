"""Game links people paste (to open a game on this device, or put it in a group): where the
game's id and join code are in one.

>>> game_in("https://example.org/games/abcdefghijklmnop/watch")
('abcdefghijklmnop', None)
>>> game_in("abcdefghijklmnopq?code=ABC123")
('abcdefghijklmnopq', 'ABC123')
>>> game_in("not a link") is None
True
"""

from __future__ import annotations

import re

GAME_ID = re.compile(r"(?:^|/games/)([A-Za-z0-9_-]{16,32})(?:[/?#]|$)")
JOIN_CODE = re.compile(r"[?&]code=([A-Za-z0-9]{4,12})")


def game_in(link: str) -> tuple[str, str | None] | None:
    """The game's id in a pasted link (or a bare id) and the join code the link carries (a
    QR code's link does), or None when it holds no game's id."""
    text = link.strip()
    found = GAME_ID.search(text)
    if found is None:
        return None
    code = JOIN_CODE.search(text)
    return found.group(1), None if code is None else code.group(1)
