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


def install(env: jinja2.Environment) -> None:
    """Give a Jinja environment ``{% trans %}`` with plural forms, and ``gettext``, ``_`` and
    ``ngettext``, all in the current speaker's language."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_, ngettext=ngettext, newstyle=True
    )
