"""Rendered game PDFs kept on disk, one file per game, version and variant.

A game's PDF only changes when the game does, and every change bumps the game's version, so
``(game id, version, variant)`` names a PDF for good. Files live under the instance folder:

    instance/pdf-cache/<game id>/<variant>-v<version>-<assets digest>--<file name>

where the file name is the one to offer the browser (kept so a cache hit needs no query),
the variant is the kind and paper (``game-A4-auto``, ``trophy-Letter-portrait``) and
the digest fingerprints the print templates, so an upgrade never serves an old layout.

Several processes on one machine share the folder safely: a file is written under a unique
temporary name and moved into place atomically (``os.replace``), so a reader sees a whole
PDF or none; two processes rendering the same version at once both write the same bytes.
Older versions of the same variant are removed after a write (best effort; never a newer
one another process may just have written). Machines that
do not share a disk each keep their own cache, which is still correct, as the key is the
version.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from .render import assets_digest

_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_SAFE_NAME = re.compile(r"^[a-z0-9-]{1,100}\.pdf$")


class PdfCache:
    """PDFs by game, version and variant, under ``root``."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)

    def _stem(self, game_id: str, version: int, variant: str) -> Path:
        if not _SAFE.match(game_id) or not _SAFE.match(variant):
            raise ValueError("unexpected characters in a cache key")
        return self.root / game_id / f"{variant}-v{int(version)}-{assets_digest()}"

    def get(self, game_id: str, version: int, variant: str) -> tuple[bytes, str] | None:
        """The PDF and its file name, or None."""
        stem = self._stem(game_id, version, variant)
        for path in stem.parent.glob(f"{stem.name}--*.pdf") if stem.parent.is_dir() else ():
            try:
                return path.read_bytes(), path.name.split("--", 1)[1]
            except FileNotFoundError:  # pruned meanwhile
                continue
        return None

    def put(self, game_id: str, version: int, variant: str, pdf: bytes, filename: str) -> None:
        if not _SAFE_NAME.match(filename):
            raise ValueError("unexpected characters in a file name")
        stem = self._stem(game_id, version, variant)
        target = stem.parent / f"{stem.name}--{filename}"
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".pdf")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(pdf)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self._prune(target.parent, variant, int(version))

    @staticmethod
    def _prune(folder: Path, variant: str, version: int) -> None:
        """Remove this variant's files for older versions (or older templates)."""
        pattern = re.compile(rf"^{re.escape(variant)}-v(\d+)-(\w+)--")
        for old in folder.glob(f"{variant}-v*.pdf"):
            found = pattern.match(old.name)
            if found and (
                int(found[1]) < version
                or (int(found[1]) == version and found[2] != assets_digest())
            ):
                old.unlink(missing_ok=True)
