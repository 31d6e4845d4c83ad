"""What ``create_app()`` leaves for later (issue 33): the API's pydantic models are built by
the first request that needs them (the OpenAPI document builds them all), and each route's
URL builders the first time a URL of it is built. ``benchmarks/startup.py`` measures the
start-up; these tests check that the work is left out, and that what is done later is the
same."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, url_for
from werkzeug.routing import Rule

from scorekeeper import create_app
from scorekeeper.routing import LazyRule

# In a process of its own: in the test process, other tests may have built the models.
COUNT_BUILT_MODELS = """
import json, sys
from pydantic import BaseModel
from scorekeeper import create_app
from scorekeeper.web.api import openapi, schemas

app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "x", "INSTANCE_PATH": sys.argv[1]})
models = {
    value
    for module in (schemas.base, schemas.games, schemas.groups, schemas.referee, schemas.rules)
    for value in vars(module).values()
    if isinstance(value, type) and issubclass(value, BaseModel) and value is not BaseModel
    and value.__module__.startswith(schemas.__name__)
    and "[" not in value.__name__  # pydantic's own RootModel[str], built when parametrized
}
built_at_start = [model.__name__ for model in models if model.__pydantic_complete__]
status = app.test_client().get("/api/v1/openapi.json").status_code
left = [model.__name__ for model in openapi.models() if not model.__pydantic_complete__]
print(json.dumps({"models": len(models), "built_at_start": sorted(built_at_start),
                  "status": status, "left_after_the_document": sorted(left)}))
"""


def test_the_api_models_are_built_by_the_openapi_document_not_by_create_app(
    tmp_path: Path,
) -> None:
    found = subprocess.run(
        [sys.executable, "-c", COUNT_BUILT_MODELS, str(tmp_path / "instance")],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    counts = json.loads(found.stdout)
    assert counts["models"] > 50
    assert counts["built_at_start"] == []
    assert counts["status"] == 200
    assert counts["left_after_the_document"] == []


def test_a_model_built_late_still_refuses_a_wrong_body_naming_the_field(client: Any) -> None:
    # The request model's validator, built by the first request that reads it (here or in an
    # earlier test of this process), refuses as one built with its class did.
    response = client.post("/api/v1/games", json={"rules": "liverpool", "players": "Ann"})
    assert response.status_code == 400
    assert "players" in response.get_json()["error"]


def test_no_url_builder_is_compiled_by_create_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled: list[str] = []
    make = Rule._compile_builder

    def counting(rule: Rule, append_unknown: bool = True) -> Any:
        compiled.append(rule.endpoint)
        return make(rule, append_unknown)

    monkeypatch.setattr(Rule, "_compile_builder", counting)
    app = create_app(
        {"DATABASE_URL": "sqlite://", "SECRET_KEY": "x", "INSTANCE_PATH": str(tmp_path)}
    )
    routes = [rule for rule in app.url_map.iter_rules() if isinstance(rule, LazyRule)]
    assert len(routes) > 50
    assert [endpoint for endpoint in compiled if endpoint != "static"] == []
    with app.test_request_context():
        first = url_for("api.get_game", game_id="abc")
        again = url_for("api.get_game", game_id="def")
    assert (first, again) == ("/api/v1/games/abc", "/api/v1/games/def")
    assert [endpoint for endpoint in compiled if endpoint != "static"] == ["api.get_game"]


def test_every_route_builds_the_urls_werkzeug_would(app: Flask) -> None:
    rules = list(app.url_map.iter_rules())
    assert all(isinstance(rule, LazyRule) for rule in rules if rule.endpoint != "static")
    for rule in rules:
        values = {name: 1 for name in rule.arguments}
        for append_unknown in (False, True):
            extra = {"page": 2} if append_unknown else {}
            eager = Rule._compile_builder(rule, append_unknown)
            assert rule.build(values | extra, append_unknown) == eager(rule, **values, **extra), (
                rule.rule
            )
