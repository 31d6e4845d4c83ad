"""Sentences in the reader's language: the Jinja side of :mod:`scorekeeper.rules.language`.

Every Jinja environment (the pages', the print templates') gets Jinja's i18n extension with
callables that read the rules core's current speaker, so a template, the rules core and the
web layer always speak the same language: English as written until the web layer (per
request, see :mod:`scorekeeper.web.language`) or the PDF renderer sets another. A template says
a count's sentence once per form::

    {% trans count=total %}{{ count }} point{% pluralize %}{{ count }} points{% endtrans %}

rather than gluing an "s" on ("Zoë: 1 points"). Python code uses ``_`` and ``ngettext`` from
:mod:`scorekeeper.rules.language` the same way.
"""

from __future__ import annotations

import jinja2

from .rules.language import _, ngettext

# The most players a round's "still to enter" count is said for (more than any rule set seats).
MOST_PLAYERS_COUNTED = 12


def install(env: jinja2.Environment) -> None:
    """Give a Jinja environment ``{% trans %}`` with plural forms, and ``gettext``, ``_`` and
    ``ngettext``, all in the current speaker's language."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_, ngettext=ngettext, newstyle=True
    )
    env.globals["entry_form_words"] = entry_form_words


def entry_form_words(players: int) -> dict[str, object]:
    """The words the round entry form's script (static/js/cardpicker.js) says, in the
    reader's language: the page carries them (the form's ``data-words``), as the script has no
    catalogue. The "still to enter" count is said once per count the form can show, so each
    language's plural forms are its own, not an English "s"; ``{card}`` is filled in by the
    script."""
    counts = range(1, min(max(players, 1), MOST_PLAYERS_COUNTED) + 1)
    return {
        "nobody_out": _("nobody marked as gone out"),
        "still_to_enter": {
            str(n): ngettext("%(num)d player still to enter", "%(num)d players still to enter", n)
            % {"num": n}
            for n in counts
        },
        "remove": _("Remove %(card)s") % {"card": "{card}"},
        "joker": _("Joker"),
    }
