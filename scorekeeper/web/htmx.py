"""htmx helpers: one view serves the full page or just its fragment.

A request made by htmx (``HX-Request: true``) gets the fragment; a normal request, a boosted
navigation and a history restore get the full page. Responses that differ carry
``Vary: HX-Request`` so caches and the browser's history keep them apart.
"""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, redirect, render_template, request


def is_htmx() -> bool:
    """True for an htmx request that wants a fragment (not a boosted page load or restore)."""
    headers = request.headers
    return (
        headers.get("HX-Request") == "true"
        and headers.get("HX-History-Restore-Request") != "true"
        and headers.get("HX-Boosted") != "true"
    )


def render(
    page: str, fragment: str | None = None, *, status: int = 200, **context: Any
) -> Response:
    """Render ``fragment`` for htmx requests and ``page`` otherwise, with ``Vary: HX-Request``."""
    template = fragment if fragment is not None and is_htmx() else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def redirect_to(url: str) -> Response:
    """Go to ``url`` after a form: a 303 for plain and boosted forms, ``HX-Redirect`` for htmx
    forms (an htmx request would otherwise swap the next page into the form's place)."""
    if is_htmx():
        response = make_response("", 200)
        response.headers["HX-Redirect"] = url
        return response
    return make_response(redirect(url, 303))
