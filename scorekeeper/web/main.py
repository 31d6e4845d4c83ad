"""The home page."""

from __future__ import annotations

from flask import Blueprint, Response

from .htmx import render

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> Response:
    from .games import home_context

    return render("home.html", **home_context())
