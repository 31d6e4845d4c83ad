"""Where the app's non-Python files live: beside the package in a source checkout, or inside
it (``scorekeeper/_data/``) when installed from a wheel."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
_SOURCE_ROOT = PACKAGE_DIR.parent
_WHEEL_DATA = PACKAGE_DIR / "_data"


def resource_dir(name: str) -> Path:
    """The folder ``name`` (templates, static, print, migrations)."""
    for base in (_WHEEL_DATA, _SOURCE_ROOT):
        candidate = base / name
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def templates_dir() -> Path:
    return resource_dir("templates")


def static_dir() -> Path:
    return resource_dir("static")


def print_dir() -> Path:
    return resource_dir("print")


def migrations_dir() -> Path:
    return resource_dir("migrations")
