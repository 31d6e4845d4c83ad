"""Hatchling's build hook: the translations' catalogues compiled whenever the package is built.

The compiled catalogues (``messages.mo``) are not committed, so a wheel or sdist built from a
checkout would otherwise hold only what ``scripts/bootstrap`` happened to compile on that
machine, and a host that runs ``pip install .`` would speak English to everyone.
"""

from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogues(BuildHookInterface):  # type: ignore[type-arg]
    """Each ``translations/<lang>/LC_MESSAGES/messages.po`` -> ``messages.mo`` beside it."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        for po in sorted(Path(self.root, "scorekeeper", "translations").glob("*/*/messages.po")):
            with po.open("rb") as source:
                catalogue = read_po(source, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as target:
                write_mo(target, catalogue)  # fuzzy entries left out, as pybabel compile does
