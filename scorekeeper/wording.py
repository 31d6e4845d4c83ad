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
    env.globals["script_words"] = script_words


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
        "cards": _("Cards"),
    }


def _blank(sentence: str, *names: str) -> str:
    """``sentence`` with each ``%(name)s`` left as ``{name}``, for a script to fill in."""
    return sentence % {name: "{" + name + "}" for name in names}


def script_words() -> dict[str, str | dict[str, str]]:
    """The words the page-wide scripts (static/js/app.js, drafts.js, share.js) say, in the
    reader's language: every page carries them (``<main data-words>``, templates/base.html),
    as a script has no catalogue. The same mechanism as :func:`entry_form_words`; a
    ``{name}`` is filled in by the script (a round's number, a typed value). The service
    worker cannot read a page: its words come from the kept /offline page
    (templates/offline.html)."""
    return {
        # app.js: a save that could not reach the server (any form).
        "not_sent": _(
            "Not sent: this device cannot reach the scorekeeper. Check the Wi-Fi and press it"
            " again. Nothing was lost: your entries are still in the form."
        ),
        # drafts.js: a round kept on this device until the connection is back.
        "not_saved_yet": _blank(
            _(
                "Not saved yet: this device cannot reach the scorekeeper. Round %(round)s is"
                " kept here and will be sent by itself when the connection is back."
            ),
            "round",
        ),
        "sending_again": _blank(_("Connection back: sending round %(round)s again…"), "round"),
        "already_recorded": _blank(
            _(
                "Round %(round)s is already recorded: it was saved before the answer to this"
                " device's save came back, or on another device."
            ),
            "round",
        ),
        "saved_elsewhere": _blank(
            _(
                "Round %(round)s was saved on another device before this one sent what you"
                " typed for it."
            ),
            "round",
        ),
        "kept_here": _("What you typed here is kept, nothing was lost:"),
        "use_for_round": _blank(_("Use these for round %(round)s"), "round"),
        "discard": _("Discard them"),
        "went_out": _("went out"),
        "in_one_turn": _("in one turn"),
        "cards": _blank(_("cards: %(cards)s"), "cards"),
        # A typed count of points, said in the singular for 1 and the plural otherwise (Spanish
        # and German, like English, have those two forms only; the script picks by the count).
        "points": {
            "1": _blank(ngettext("%(count)s point", "%(count)s points", 1), "count"),
            "other": _blank(ngettext("%(count)s point", "%(count)s points", 2), "count"),
        },
        "bought": _blank(_("bought %(count)s"), "count"),
        "cut_bonus": _("cut bonus"),
        # share.js
        "share_downloaded": _("This browser cannot share: the picture was downloaded instead."),
        "shared": _("Shared."),
        "share_failed": _("Sharing did not work."),
        "share_unreadable": _blank(_("The result could not be read (%(status)s)."), "status"),
    }
