"""Routes whose URL builders are made when first used, not when the app is made.

Werkzeug compiles two Python functions for each route of an app (with ``ast`` and
``compile``): the route's URL builders, which ``url_for`` calls. With about a hundred routes
that was most of the CPU of making the app once its modules were imported (80 of 90 ms),
and a server builds URLs for a few routes only in its first requests. :class:`LazyRule`
compiles each builder the first time a URL of its route is built; the builder is the one
Werkzeug would have made then (``tests/test_startup.py`` builds every route's URLs both ways).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]


class LazyRule(Rule):
    """A route (``Flask.url_rule_class``) whose URL builders are compiled on first use."""

    def _compile_builder(self, append_unknown: bool = True) -> Builder:
        make = super()._compile_builder
        made: list[Builder] = []  # the compiled builder, once made

        def build(rule: Rule, *args: Any, **kwargs: Any) -> tuple[str, str]:
            # Two threads building the route's first URL at once may both compile it: the
            # same function, and one of them is kept.
            if not made:
                made.append(make(append_unknown))
            return made[0](rule, *args, **kwargs)

        return build
