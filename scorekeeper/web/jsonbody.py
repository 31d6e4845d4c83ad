"""The JSON-body door: every request body sent as JSON is read once, before its view runs,
and refused with a 400 when no view could take it (see :mod:`scorekeeper.jsontext`): a
string or a name that is not valid text (``"\\ud800"``), or nesting too deep to read. The
refusal names each place, as JSON (a JSON body's sender reads JSON, whatever it accepts):
``{"error": "rules.name is not valid text: ...", "details": {"field": "rules.name", ...}}``.

A body that is not JSON at all is left to its view, which says so in its own words. The
import, whose body is a whole export file read piece by piece, checks its own values
(:mod:`scorekeeper.games.transfer`); its view is marked with :func:`streamed`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, jsonify, request

from .. import jsontext
from ..errors import Invalid

View = TypeVar("View", bound=Callable[..., Any])
_NO_BODY = frozenset({"GET", "HEAD", "OPTIONS"})
_MISSING = object()


_STREAMED = "streams_json_body"  # the mark on such a view (kept by functools.wraps)


def streamed(view: View) -> View:
    """Mark a view that reads its (large) JSON body itself, piece by piece."""
    setattr(view, _STREAMED, True)
    return view


def is_json() -> bool:
    mimetype = request.mimetype
    return mimetype == "application/json" or mimetype.endswith("+json")


def body() -> Any:
    """The request's JSON body, read and checked once (ValueError when it is not JSON)."""
    found = g.get("json_body", _MISSING)
    if found is _MISSING:
        found = jsontext.loads(request.get_data(cache=True))
        g.json_body = found
    return found


def _refusal(error: Invalid) -> Response:
    response = jsonify({"error": error.message, "details": error.details})
    response.status_code = 400
    return response


def _check_body() -> Response | None:
    if request.method in _NO_BODY or not is_json():
        return None
    view = current_app.view_functions.get(request.endpoint or "")
    if view is None or getattr(view, _STREAMED, False):
        return None
    if not request.get_data(cache=True).strip():
        return None
    try:
        body()
    except ValueError:
        return None  # not JSON: the view says so in its own words
    except Invalid as error:
        return _refusal(error)
    return None


def init_app(app: Flask) -> None:
    app.before_request(_check_body)
