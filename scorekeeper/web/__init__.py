"""Web layer: blueprints, one per resource. Views are thin: rules live in ``scorekeeper.rules``
and game changes in ``scorekeeper.games``."""

from __future__ import annotations

from flask import Flask
from flask_wtf import CSRFProtect

from .. import wording
from .numbers import RowIdConverter

csrf = CSRFProtect()


def register(app: Flask) -> None:
    from . import (
        access,
        errors,
        jsonbody,
        language,
        security,
    )
    from .api import bp as api_bp
    from .builder import bp as builder_bp
    from .games import bp as games_bp
    from .groups import bp as groups_bp
    from .groups import import_file as groups_import
    from .live import bp as live_bp
    from .main import bp as main_bp
    from .printing import bp as printing_bp
    from .referee import bp as referee_bp
    from .sharing import bp as sharing_bp

    # Before any route is added: every <int:...> in a link is a number a row id can be.
    app.url_map.converters["int"] = RowIdConverter
    # First: every answer after it (a refused form's too) speaks the request's language.
    language.init_app(app)
    csrf.init_app(app)
    security.init_app(app)
    access.init_app(app)
    errors.init_app(app)
    jsonbody.init_app(app)  # after CSRF: a forged form is refused before its body is read
    wording.install(app.jinja_env)  # {% trans %} in the request's language (web/language.py)
    app.register_blueprint(main_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(sharing_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(printing_bp)
    app.register_blueprint(referee_bp)
    app.register_blueprint(builder_bp)
    app.register_blueprint(live_bp)
    app.register_blueprint(groups_bp)
    # The API authenticates with bearer tokens, not cookies, so it needs no CSRF token.
    csrf.exempt(api_bp)
    # An import checks its token itself, after raising the request size limit for its file.
    csrf.exempt(groups_import)
