"""PDF score sheets over HTTP: a blank sheet, a game's sheet and the winner's trophy.

- ``printing.blank``: ``GET /print/blank.pdf?preset=liverpool&players=4`` (or
  ``&names=Ann&names=Bob...``; ``players`` with fewer names leaves the other seats to write
  in), ``&paper=A4|Letter``, ``&orientation=portrait|landscape``, ``&title=``. ``preset`` is
  a preset's id, or a rule set of the builder's: ``saved:<id>`` (this device's, as the home
  page's form offers them) or ``shared:<token>`` (a shared link's); those are ``private``.
- ``printing.blank_from_rules``: ``POST /print/blank.pdf`` with a JSON body, for any rule
  set: ``{"rules": <a preset id or a whole rule-set document>, "options": {...},
  "players": 4, "names": [...], "paper": "A4", "orientation": "landscape", "title": ""}``
  (all but ``rules`` optional). A document with problems is a 400 whose ``details`` list
  every one, each with where it is (``rounds[3].contract[1]: ...``). Answered as JSON on
  errors, whatever the request accepts; exempt from the form token (it takes JSON only,
  which a cross-site form cannot send). In the API's OpenAPI document (``BlankSheet``).
- ``printing.game_sheet``: ``GET /games/<id>/sheet.pdf`` (``paper``, ``orientation``).
- ``printing.trophy``: ``GET /games/<id>/trophy.pdf`` (``paper``); 409 until the game is over.

A PDF request never holds up score entry: the game is read in a short read-only session that
is closed before rendering, and game PDFs are cached on disk per game version (see
:mod:`scorekeeper.printing.cache`), so a reprint costs one cheap version query. Responses are
``inline`` (they open in the browser's PDF viewer, ready to print) with an ASCII file name,
an ETag naming the game version (``If-None-Match`` gets a 304 without rendering) and
``Cache-Control: private, no-cache`` for games (they change), ``public, max-age=86400``
for blank sheets.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import unicodedata
from typing import Annotated, Any, Literal

from flask import Blueprint, Response, current_app, jsonify, request
from flask.sansio.blueprints import BlueprintSetupState
from pydantic import Field, RootModel, WithJsonSchema

from .. import ratelimit
from ..db import get_engine
from ..errors import GameError, Invalid, NotFound
from ..games import current_version, read_game
from ..printing import render_blank_sheet
from ..printing.cache import PdfCache
from ..printing.render import assets_digest, harfbuzz_subset_available, render_pdf
from ..printing.sheets import (
    MAX_TITLE_LENGTH,
    ORIENTATIONS,
    game_sheet,
    normalize_paper,
    trophy_sheet,
)
from ..rules import PRESETS, RulesError, RuleSet, RuleSetDocumentError, get_preset, resolve_rules
from ..rules.rulesets import MAX_PLAYERS
from . import csrf, language
from .api.openapi import documented
from .api.schemas import Request, RulesValue
from .builder import chosen_rules
from .errors import require_json_body
from .numbers import whole_number_or

bp = Blueprint("printing", __name__)

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{16,32}$")
GAME_CACHE_CONTROL = "private, no-cache"
BLANK_CACHE_CONTROL = "public, max-age=86400"
# A sheet of a device's own rule set (or a shared link's), which its owner may change.
OWN_RULES_CACHE_CONTROL = "private, no-cache"


@bp.record_once
def _check_fonts(_state: BlueprintSetupState) -> None:
    harfbuzz_subset_available()  # logs a warning at start-up when it is missing


@bp.app_context_processor
def _presets_for_the_form() -> dict[str, Any]:
    """``printing_presets`` for ``templates/printing/_blank_form.html``."""
    return {"printing_presets": list(PRESETS.values())}


# --- helpers ------------------------------------------------------------------------------


def safe_filename(text: str, what: str) -> str:
    """An ASCII file name from ``text``: ``"Sunday at Gran's"`` -> ``sunday-at-gran-s-...``.

    >>> safe_filename("Sunday at Gran's", "score-sheet")
    'sunday-at-gran-s-score-sheet.pdf'
    >>> safe_filename('<img src="x">', "trophy")
    'img-src-x-trophy.pdf'
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60].strip("-")
    return f"{slug}-{what}.pdf" if slug else f"{what}.pdf"


def pdf_response(pdf: bytes, filename: str, etag: str, cache_control: str) -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(etag)
    response.headers["Cache-Control"] = cache_control
    return response


def not_modified(etag: str, cache_control: str) -> Response | None:
    if not request.if_none_match.contains(etag):
        return None
    response = Response(status=304)
    response.set_etag(etag)
    response.headers["Cache-Control"] = cache_control
    return response


def _one(name: str, default: str = "", limit: int = 40) -> str:
    values = request.args.getlist(name)
    if len(values) > 1:
        raise Invalid(f'give "{name}" once, not {len(values)} times')
    value = values[0].strip() if values else default
    if len(value) > limit:
        raise Invalid(f'"{name}" is too long')
    return value


def _orientation() -> str | None:
    value = _one("orientation").lower()
    if value in ("", "auto"):
        return None
    if value not in ORIENTATIONS:
        raise Invalid(f'the orientation must be portrait, landscape or auto, not "{value[:20]}"')
    return value


def pdf_cache() -> PdfCache:
    return PdfCache(os.path.join(current_app.instance_path, "pdf-cache"))


# --- blank sheets -------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _blank_pdf(
    rules: RuleSet,
    seats: tuple[str, ...],
    paper: str,
    orientation: str | None,
    title: str,
    spoken: str,
) -> bytes:
    # Keyed by the whole rule set (frozen, compared field by field): a document equal to a
    # preset shares its sheet. And by the language the sheet is written in (the request's,
    # which the renderer speaks).
    return render_blank_sheet(rules, list(seats), paper, orientation, title or None)


def _seats(names: list[str], players_text: str) -> tuple[str, ...]:
    """The seats of a blank sheet: the names given, then empty seats up to ``players``."""
    if len(names) > MAX_PLAYERS or any(len(name) > 200 for name in names):
        raise Invalid(f"give at most {MAX_PLAYERS} names of up to 200 characters")
    if not players_text:
        return tuple(names)
    count = whole_number_or(players_text)
    if count is None:
        raise Invalid(f'players must be a number from 2 to 8, not "{players_text[:20]}"')
    if count < len(names):
        raise Invalid(f"{len(names)} names were given for {count} players")
    return tuple(names + [""] * (count - len(names)))


def _blank_response(
    rules: RuleSet,
    seats: tuple[str, ...],
    paper_text: str,
    orientation: str | None,
    title: str,
    cache_control: str = BLANK_CACHE_CONTROL,
) -> Response:
    rules.check_players(len(seats))
    paper = normalize_paper(paper_text)
    spoken = language.current()
    key = repr((rules, seats, paper, orientation, title, spoken, assets_digest())).encode()
    etag = "blank-" + hashlib.sha256(key).hexdigest()[:24]
    cached = not_modified(etag, cache_control)
    if cached is not None:
        return cached
    ratelimit.check_pdf_render()
    pdf = _blank_pdf(rules, seats, paper, orientation, title, spoken)
    name = rules.id if rules.id in PRESETS else rules.name
    filename = safe_filename(f"{name} {len(seats)} players", "score-sheet")
    return pdf_response(pdf, filename, etag, cache_control)


@bp.get("/print/blank.pdf")
def blank() -> Response:
    """A blank score sheet for a preset, or a saved or shared rule set, and 2-8 players
    (names optional)."""
    choice = _one("preset", "liverpool", 100)
    own = chosen_rules(choice) if ":" in choice else None
    if ":" in choice and own is None:
        raise NotFound("there is no such rule set on this device (was it deleted?)")
    rules = own or get_preset(choice)
    names = [name.strip() for name in request.args.getlist("names")]
    seats = _seats(names, _one("players", "" if names else "4", 3))
    title = _one("title", "", MAX_TITLE_LENGTH)
    cache = OWN_RULES_CACHE_CONTROL if own else BLANK_CACHE_CONTROL
    return _blank_response(rules, seats, _one("paper", "A4"), _orientation(), title, cache)


class BlankSheet(Request):
    """A blank score sheet's request: the rules and who plays (all but the rules optional)."""

    rules: RulesValue = "liverpool"
    options: dict[str, object] | None = Field(
        None, description="House-rule overrides: names and values from GET /rules."
    )
    players: int | None = Field(
        None, ge=2, le=MAX_PLAYERS, description="How many seats; left out: 4, or the names'."
    )
    names: list[str] = Field(
        [], description="Names in seat order; an empty one leaves its seat to write in."
    )
    paper: Literal["A4", "Letter"] = "A4"
    orientation: Literal["portrait", "landscape", "auto"] = Field(
        "auto", description="Left out (auto): portrait up to 5 players, landscape above."
    )
    title: str = Field("", max_length=MAX_TITLE_LENGTH)


class PdfFile(RootModel[Annotated[str, WithJsonSchema({"type": "string", "format": "binary"})]]):
    """A PDF document (application/pdf), to print."""


@bp.post("/print/blank.pdf")
@documented(
    PdfFile, body=BlankSheet, errors=(429,), media_type="application/pdf",
    endpoint="printing.blank_from_rules",
)  # fmt: skip
def blank_from_rules() -> Response:
    """A blank score sheet for any rule set.

    The rules are a preset's id or a whole rule-set document (as GET /rules/{preset} returns
    one, or a document of one's own): a document with problems is refused with 400, its
    details listing each problem with where it is. The PDF opens inline, ready to print.
    """
    try:
        require_json_body()
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise Invalid('send a JSON object: {"rules": ..., "players": 4}')
        rules = _body_rules(body.get("rules", "liverpool"), body.get("options"))
        names = _body_names(body.get("names", []))
        players = body.get("players", None if names else 4)
        seats = _seats(names, "" if players is None else str(players)[:3])
        orientation = _body_text(body, "orientation").lower()
        return _blank_response(
            rules,
            seats,
            _body_text(body, "paper") or "A4",
            None if orientation in ("", "auto") else orientation,
            _body_text(body, "title", MAX_TITLE_LENGTH),
        )
    except (GameError, RulesError) as error:
        # JSON in, JSON out: the answer a client of the API expects, whatever it accepts.
        status = error.status if isinstance(error, GameError) else 400
        details = error.details if isinstance(error, GameError) else {"code": error.code}
        response = jsonify({"error": error.message, "details": details})
        response.status_code = status
        return response


csrf.exempt(f"{__name__}.blank_from_rules")  # JSON bodies only (require_json_body)


def _body_rules(value: object, options: object) -> RuleSet:
    """A preset id or a whole document, with house-rule options on top; every problem of a
    document is listed, each with where it is."""
    if options is not None and not isinstance(options, dict):
        raise Invalid("options must be an object of house-rule names and values")
    if not isinstance(value, str | dict):
        raise Invalid("rules must be a preset's id or a rule-set document")
    try:
        return resolve_rules(value[:100] if isinstance(value, str) else value, options)
    except RuleSetDocumentError as error:
        count = len(error.problems)
        raise Invalid(
            f"the rule-set document has {count} problem{'s' if count > 1 else ''}: "
            + "; ".join(error.problems),
            {"field": "rules", "code": error.code, "problems": error.problems},
        ) from None
    except RulesError as error:
        field = "rules" if isinstance(value, str) and value not in PRESETS else "options"
        raise Invalid(error.message, {"field": field, "code": error.code}) from None


def _body_names(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise Invalid("names must be a list of names (an empty one leaves a seat to write in)")
    return [name.strip() for name in value]


def _body_text(body: dict[str, object], name: str, limit: int = 40) -> str:
    value = body.get(name) or ""
    if not isinstance(value, str):
        raise Invalid(f'"{name}" must be text')
    if len(value) > limit:
        raise Invalid(f'"{name}" is too long')
    return value.strip()


# --- game sheets --------------------------------------------------------------------------


def _game_pdf(game_id: str, kind: str) -> Response:
    if not GAME_ID.match(game_id):
        raise NotFound()
    paper = normalize_paper(_one("paper", "A4"))
    orientation = _orientation() if kind == "game" else "portrait"
    # The sheet is written in the reader's language: each other language than English is a
    # variant of its own (English keeps the names sheets were cached under before).
    spoken = language.current()
    variant = f"{kind}-{paper}-{orientation or 'auto'}" + ("" if spoken == "en" else f"-{spoken}")
    cache = pdf_cache()
    what = "trophy" if kind == "trophy" else "score-sheet"
    version = current_version(get_engine(), game_id)
    if version is None:
        raise NotFound()
    answer = not_modified(_game_etag(game_id, version, variant), GAME_CACHE_CONTROL)
    if answer is not None:
        return answer
    found = cache.get(game_id, version, variant)
    if found is not None:
        pdf, filename = found
    else:
        ratelimit.check_pdf_render()  # only renders count: a sheet kept on disk costs nothing
        # Read in a short session of the service's, closed before rendering: a render never
        # sits inside a transaction, so it cannot hold up anyone entering scores.
        view = read_game(get_engine(), game_id)
        version = view.version
        sheet = (
            trophy_sheet(view, paper) if kind == "trophy" else game_sheet(view, paper, orientation)
        )
        pdf = render_pdf(sheet)
        filename = safe_filename(view.display_title, what)
        cache.put(game_id, version, variant, pdf, filename)
    return pdf_response(pdf, filename, _game_etag(game_id, version, variant), GAME_CACHE_CONTROL)


def _game_etag(game_id: str, version: int, variant: str) -> str:
    return f"{game_id}-v{version}-{variant}-{assets_digest()}"


@bp.get("/games/<game_id>/sheet.pdf", endpoint="game_sheet")
def game_sheet_pdf(game_id: str) -> Response:
    """The game's score sheet, filled in as far as it has been played."""
    return _game_pdf(game_id, "game")


@bp.get("/games/<game_id>/trophy.pdf")
def trophy(game_id: str) -> Response:
    """The winner's trophy sheet (a finished game only)."""
    return _game_pdf(game_id, "trophy")
