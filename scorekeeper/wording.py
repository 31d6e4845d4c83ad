"""Sentences that depend on a count, written whole for each count, ready for a translation.

The pages' Jinja environment gets Jinja's i18n extension with null translations (English as
written), so a template says a count's sentence once per form::

    {% trans count=total %}{{ count }} point{% pluralize %}{{ count }} points{% endtrans %}

rather than gluing an "s" on ("Zoë: 1 points"). A translation later installs its catalogue in
place of the null one; the templates stay as they are. Python code uses :func:`ngettext` from
:mod:`gettext` the same way.
"""

from __future__ import annotations

import jinja2


def install(env: jinja2.Environment) -> None:
    """Give a Jinja environment ``{% trans %}`` with plural forms, and ``gettext`` and
    ``ngettext`` (English as written until a translation is installed)."""
    env.add_extension("jinja2.ext.i18n")
    env.install_null_translations(newstyle=True)
