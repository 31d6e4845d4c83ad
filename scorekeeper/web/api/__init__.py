"""The JSON API under ``/api/v1``, described by the OpenAPI spec at ``/api/v1/openapi.json``."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import games, groups, openapi, referee, rules  # noqa: E402,F401  (registers routes)
