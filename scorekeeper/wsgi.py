"""WSGI entry point for hosting: ``gunicorn 'scorekeeper.wsgi:app'``."""

from __future__ import annotations

from . import create_app

app = create_app()
