"""The lock files are closed: every requirement of every locked distribution is itself locked,
at a version its specifier allows. ``scripts/bootstrap`` installs them with ``--no-deps`` (no
resolving, so no newer release on the registry can ever be picked), which is only safe when
this holds."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s\\;]+)", re.MULTILINE)


def locked(lock: str) -> dict[str, Version]:
    text = (ROOT / "requirements" / lock).read_text()
    return {canonicalize_name(name): Version(version) for name, version in PIN.findall(text)}


def roots(lock: str) -> list[Requirement]:
    """What scripts/lock locks: the project's dependencies (with the `test` extra for the
    test set), pip, editables and the build backend's requirements."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = list(project["project"]["dependencies"])
    if lock == "test.lock.txt":
        wanted += project["project"]["optional-dependencies"]["test"]
    wanted += ["pip", "editables", *project["build-system"]["requires"]]
    return [Requirement(text) for text in wanted]


def unlocked(lock: str, requires: dict[str, list[Requirement]]) -> list[str]:
    """Walks the requirements from the roots, extras included, and names each one the lock
    does not satisfy. ``requires`` gives each locked distribution's own requirements."""
    pins = locked(lock)
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    todo: list[tuple[Requirement, str]] = [(root, "") for root in roots(lock)]
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        if name not in pins:
            problems.append(f"{requirement} is not locked")
            continue
        if not requirement.specifier.contains(pins[name], prereleases=True):
            problems.append(f"{requirement} does not allow the locked {name}=={pins[name]}")
        for wanted_extra in {"", *requirement.extras}:
            if (name, wanted_extra) in seen:
                continue
            seen.add((name, wanted_extra))
            todo += [(child, wanted_extra) for child in requires.get(name, [])]
    return problems


def installed_requires(lock: str) -> dict[str, list[Requirement]]:
    """The requirements of each locked distribution, read from the one installed here (the
    test set is installed in .venv, and the app set is part of it at the same versions)."""
    requires: dict[str, list[Requirement]] = {}
    for name, version in locked(lock).items():
        distribution = metadata.distribution(name)
        assert Version(distribution.version) == version, f"{name} installed is not the locked one"
        requires[name] = [Requirement(text) for text in distribution.requires or []]
    return requires


@pytest.mark.parametrize("lock", ["app.lock.txt", "test.lock.txt"])
def test_every_locked_requirement_is_locked(lock: str) -> None:
    assert unlocked(lock, installed_requires(lock)) == []


def test_an_open_lock_is_found() -> None:
    """The walk can fail: an extra's requirement left out of the lock is named."""
    requires = installed_requires("app.lock.txt")
    requires["weasyprint"] = [*requires["weasyprint"], Requirement("not-a-locked-thing>=1")]
    requires["fonttools"] = [
        *requires["fonttools"],
        Requirement('another-unlocked-thing; extra == "woff"'),
    ]
    assert sorted(unlocked("app.lock.txt", requires)) == [
        'another-unlocked-thing; extra == "woff" is not locked',
        "not-a-locked-thing>=1 is not locked",
    ]
