"""The home page."""

from __future__ import annotations

from flask import Blueprint, Response

from .htmx import render

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> Response:
    return render("home.html")
