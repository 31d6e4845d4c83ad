"""The rule-set builder's pages: a person's own rules, in plain words, saved and shared.

The views only read the request and answer: the form is :mod:`.builder_form`'s, the worked
example :mod:`.builder_example`'s, the saved and shared rule sets the game service's
(:mod:`scorekeeper.games.saved_rules`). The new-game form names saved and shared rule sets
too (:func:`chosen_rules`, and the ``saved_rule_sets`` list of its template).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, make_response, request, url_for

from .. import ratelimit
from ..db import get_session
from ..errors import Invalid, NotFound
from ..games import saved_rules
from ..rules import PRESETS, Rank, RuleSet
from ..rules.document_reader import MAX_MELDS
from ..rules.options import choice_words, option_values
from ..rules.points import POINT_TABLES
from ..rules.prose import rule_book
from ..rules.rulesets import MAX_ROUNDS, GoingOut, JokerCount, MeldKind, Progression
from . import access
from .builder_example import worked_example
from .builder_form import (
    CUSTOM_POINTS,
    DEFAULT_START,
    MAX_FIELD,
    SAVED_START,
    SECTION_HEADINGS,
    BuilderForm,
    deck_table,
    option_sections,
    place_problems,
    round_summary,
    sections_of,
)
from .htmx import redirect_to, render
from .numbers import whole_number_or
from .rulebook import judged
from .rulebook_kinds import house_rule_examples
from .security import no_store

bp = Blueprint("builder", __name__, url_prefix="/rules")


# --- the builder ----------------------------------------------------------------------------------


def _page(form: BuilderForm, status: int = 200, notice: str = "", action: str = "") -> Response:
    rules, found = form.build()
    errors = place_problems(found, form)
    context: dict[str, Any] = {
        "form": form,
        "errors": errors,
        "rules": rules,
        "notice": notice,
        "presets": PRESETS,
        "point_tables": POINT_TABLES,
        "custom_points": CUSTOM_POINTS,
        "ranks": [r.label for r in Rank],
        "option_sections": option_sections(),
        "section_headings": SECTION_HEADINGS,
        "opened": form.opened(action, found),
        "flagged": {section for where in found for section in sections_of(where, form)},
        "round_summary": round_summary,
        "deck_rows": deck_table(form, rules),
        "choice_values": _choice_values(),
        "sections": rule_book(rules) if rules is not None else [],
        "example": worked_example(rules, form) if rules is not None else None,
        "house_rules": judged(house_rule_examples, rules)[0] if rules is not None else [],
        "arrange_tool": {"id": "arrange", "slots": ()},
        "max_rounds": MAX_ROUNDS,
        "max_melds": MAX_MELDS,
    }
    if found and status == 200 and request.method == "POST":
        status = 400
    return render("rules/build.html", "rules/_builder.html", status=status, **context)


def _choice_values() -> dict[str, tuple[str, ...]]:
    """The values of the choices the builder shows beside the options."""
    return {
        "jokers": tuple(j.value for j in JokerCount),
        "going_out": tuple(g.value for g in GoingOut),
        "kind": tuple(k.value for k in MeldKind),
        "progression": tuple(p.value for p in Progression),
    }


def _started_again(form: BuilderForm) -> BuilderForm:
    """The form for the rules chosen to start from: a preset, or the saved rules the form
    started from, as saved (Liverpool's if the form's copy of them cannot be read)."""
    if form.base in PRESETS:
        return BuilderForm.of(PRESETS[form.base], form.base)
    start = form.start_rules() if form.base == SAVED_START else None
    if start is None:
        return BuilderForm.of(PRESETS[DEFAULT_START], DEFAULT_START)
    return BuilderForm.of(start, SAVED_START)


@bp.get("/build")
def build() -> Response:
    """The builder, starting from a preset (``?from=family``) or a saved rule set
    (``?saved=3``, this device's)."""
    saved_id = whole_number_or(request.args.get("saved", ""))
    if saved_id is not None:
        saved = saved_rules.get_saved(get_session(), access.device_id(), saved_id)
        return _page(BuilderForm.of(saved.rules, SAVED_START))
    start = request.args.get("from", DEFAULT_START)
    if start not in PRESETS:
        raise NotFound(f'There is no rule set "{start[:40]}". The rule sets are '
                       f"{', '.join(PRESETS)}.")  # fmt: skip
    return _page(BuilderForm.of(PRESETS[start], start))


@bp.post("/build")
@ratelimit.limit_referee_questions  # its worked example asks the arranger
def build_changed() -> Response:
    """The builder with a change: a button (add a round...), another starting preset, a
    typed value (the summary and the example follow), or Save."""
    form = BuilderForm.read(request.form)
    action = request.form.get("action", "")
    if action == "start" or request.form.get("started_from", form.base) != form.base:
        return _page(_started_again(form))
    form.apply(action)
    if action != "save":
        return _page(form, action=action)
    rules, _problems = form.build()
    if rules is None:
        return _page(form, 400, notice="Not saved: fix the problems marked below first.")
    try:
        saved = saved_rules.save_rules(get_session(), access.device_id(), form.name, rules)
    except Invalid as error:
        return _page(form, 400, notice=error.message)
    return redirect_to(url_for("builder.saved_page", saved_id=saved.id, saved="1"))


# --- saved and shared rule sets ------------------------------------------------------------------


@bp.get("/saved")
def saved_list() -> Response:
    """This device's saved rule sets, and the form to import one from a file."""
    return _saved_list()


def _saved_list(status: int = 200, problems: Sequence[str] = (), error: str = "") -> Response:
    """This device's saved rule sets (those that no longer read apart, to delete), and the
    import form with what was wrong with a file."""
    session, device = get_session(), access.device_id()
    return render(
        "rules/saved_list.html", status=status, presets=PRESETS, problems=problems, error=error,
        saved=saved_rules.list_saved(session, device),
        unreadable=saved_rules.list_unreadable(session, device),
        deleted=request.args.get("deleted") == "1",
    )  # fmt: skip


@bp.post("/saved/import")
def import_file() -> Response:
    """Save the rule set of an uploaded JSON file; every problem listed, nothing saved."""
    upload = request.files.get("file")
    data = upload.read(saved_rules.MAX_FILE_BYTES + 1) if upload is not None else b""
    session = get_session()
    try:
        if not data:
            raise Invalid("Choose a rule-set file (.json) to import.")
        saved = saved_rules.import_rules(
            session, access.device_id(), request.form.get("name", "")[:MAX_FIELD], data
        )
    except Invalid as error:
        problems = error.details if isinstance(error.details, list) else []
        return _saved_list(400, problems, error.message)
    return redirect_to(url_for("builder.saved_page", saved_id=saved.id, saved="1"))


def _saved_context(saved: saved_rules.SavedView, owner: bool) -> dict[str, Any]:
    share_url = url_for("builder.shared_page", token=saved.token, _external=True)
    choice = f"saved:{saved.id}" if owner else f"shared:{saved.token}"
    return {
        "saved": saved,
        "rules": saved.rules,
        "owner": owner,
        "share_url": share_url,
        "sections": rule_book(saved.rules),
        # Colour melds, flushes and the other house rules it plays, judged live.
        "book": {"house_rules": judged(house_rule_examples, saved.rules)[0]},
        "play_url": url_for("games.new", preset=choice),
        "just_saved": request.args.get("saved") == "1",
    }


@bp.get("/saved/<saved_id>")
def saved_page(saved_id: str) -> Response:
    """One of this device's saved rule sets: its rules, its sharing link and file, play it."""
    saved = saved_rules.get_saved(get_session(), access.device_id(), _saved_number(saved_id))
    return no_store(render("rules/saved.html", **_saved_context(saved, owner=True)))


@bp.get("/saved/<saved_id>/rules.json")
def saved_file(saved_id: str) -> Response:
    saved = saved_rules.get_saved(get_session(), access.device_id(), _saved_number(saved_id))
    return _json_file(saved)


@bp.post("/saved/<saved_id>/delete")
def delete(saved_id: str) -> Response:
    saved_rules.delete_saved(get_session(), access.device_id(), _saved_number(saved_id))
    return redirect_to(url_for("builder.saved_list", deleted="1"))


@bp.get("/shared/<token>")
def shared_page(token: str) -> Response:
    """A rule set shared by link: read it, save a copy on this device, or start a game."""
    saved = saved_rules.get_shared(get_session(), token)
    return no_store(render("rules/saved.html", **_saved_context(saved, owner=False)))


@bp.get("/shared/<token>/rules.json")
def shared_file(token: str) -> Response:
    return _json_file(saved_rules.get_shared(get_session(), token))


@bp.post("/shared/<token>/save")
def save_shared(token: str) -> Response:
    """A copy of a shared rule set, saved on this device under its name."""
    session = get_session()
    shared = saved_rules.get_shared(session, token)
    name = request.form.get("name", "")[:MAX_FIELD] or shared.name
    saved = saved_rules.save_rules(session, access.device_id(), name, shared.rules)
    return redirect_to(url_for("builder.saved_page", saved_id=saved.id, saved="1"))


def _saved_number(text: str) -> int:
    number = whole_number_or(text)
    if number is None:
        raise NotFound(saved_rules.NOT_FOUND)
    return number


def _json_file(saved: saved_rules.SavedView) -> Response:
    response = make_response(saved_rules.document_json(saved))
    response.mimetype = "application/json"
    filename = re.sub(r"[^A-Za-z0-9_-]+", "-", saved.name).strip("-").lower() or "rules"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename[:60]}.json"'
    return response


# --- the new-game form's rule sets ---------------------------------------------------------------


def chosen_rules(choice: str) -> RuleSet | None:
    """The rule set a new-game form's choice names: ``saved:<id>`` (this device's) or
    ``shared:<token>`` (a link's); None for anything else (a preset is looked up apart)."""
    kind, _, key = choice.partition(":")
    try:
        if kind == "saved" and whole_number_or(key) is not None:
            return saved_rules.get_saved(get_session(), access.device_id(), int(key)).rules
        if kind == "shared":
            return saved_rules.get_shared(get_session(), key).rules
    except NotFound:
        return None
    return None


@bp.app_template_global("saved_rule_sets")
def saved_rule_sets() -> list[saved_rules.SavedView]:
    """This device's saved rule sets (for the new-game form's rule-set list)."""
    return saved_rules.list_saved(get_session(), access.device_id())


@bp.app_template_global("choice_words")
def _choice_words(option: str, value: Any) -> str:
    return choice_words(option, value)


bp.add_app_template_global(option_values, "option_values")
