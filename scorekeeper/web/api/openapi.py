"""The OpenAPI document, assembled from the ``OPENAPI_PATHS`` of each API module."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from . import bp

OPENAPI_MODULES: list[dict[str, Any]] = []
OPENAPI_SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"type": "string"}, "details": {}},
    }
}


def document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for module_paths in OPENAPI_MODULES:
        paths.update(module_paths)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1",
            "description": "Keep score and referee Liverpool Rummy games.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths,
        "components": {
            "schemas": OPENAPI_SCHEMAS,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


@bp.get("/openapi.json")
def openapi_json() -> Response:
    return jsonify(document())
