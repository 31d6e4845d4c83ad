"""Scorekeeper: score keeper, referee and score-sheet printer for Liverpool Rummy.

The package's layers: ``rules`` (pure rules core), ``models``/``db``/``games`` (storage and
the game service), ``web`` (Flask blueprints), ``printing`` (PDF sheets).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask

from . import config as config_module
from .paths import static_dir, templates_dir
from .routing import LazyRule


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. Settings: defaults, ``SCOREKEEPER_*`` environment, then ``test_config``."""
    environment = config_module.from_environment()
    app = Flask(
        __name__,
        instance_path=config_module.instance_path(environment, test_config),
        instance_relative_config=True,
        template_folder=str(templates_dir()),
        static_folder=str(static_dir()),
    )
    app.url_rule_class = LazyRule  # URL builders compiled when first used, not at start-up
    app.config.from_mapping(config_module.DEFAULTS)
    app.config.from_mapping(environment)
    if test_config is not None:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("DATABASE_URL"):
        app.config["DATABASE_URL"] = config_module.default_database_url(app.instance_path)
    app.config["DATABASE_URL"] = config_module.normalize_database_url(app.config["DATABASE_URL"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config_module.persistent_secret_key(app.instance_path)

    from . import db
    from .web import register

    db.init_app(app)
    register(app)
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )
    return app
