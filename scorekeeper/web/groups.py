"""The group pages: a group ("Smith family") of people who play together, its leaderboard, a
person's page, export and import, the season trophy.

Terms:

- A group's **editor** is a device holding an edit grant for the group (the device that
  created it, or one that typed its join code): it may add, rename and merge people, start
  games in the group, and export it. Anyone else with the group's link reads its pages.
- A **range** is the leaderboard's dates, typed as ``from`` and ``to`` (both included, as
  people say them); the service takes ``start`` (included) and ``end`` (excluded).

Views stay thin: they read the request, call :mod:`scorekeeper.games` (groups, leaderboard,
transfer), and render; the charts are drawn by :mod:`scorekeeper.printing.chart`. A refused
form comes back as typed with its message beside it and a 4xx status.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    request,
    stream_with_context,
    url_for,
)
from flask_wtf.csrf import CSRFError, validate_csrf
from markupsafe import Markup
from wtforms import ValidationError

from .. import games, ratelimit
from ..db import get_engine, get_session
from ..errors import Conflict, Forbidden, GameError, Invalid, NotFound
from ..games import leaderboard as stats
from ..games import person_stats as personal
from ..games import transfer
from ..games.groups import (
    NO_PERSON,
    group_language,
    rotate_group_join_code,
    set_group_language,
)
from ..printing.chart import (
    cumulative_wins_svg,
    day_label,
    results_svg,
    running_totals_svg,
    swatch_text,
)
from ..printing.season import render_season
from ..rules.language import N_, _
from . import access
from .errors import CSRF_MESSAGE
from .htmx import redirect_to, render
from .language import speak_group_language
from .links import game_in
from .numbers import whole_number_or
from .printing import pdf_response, safe_filename
from .security import no_store

bp = Blueprint("groups", __name__)

GAMES_SHOWN = 50  # a group page's newest games
IMPORT_MAX_BYTES = 64 * 1024 * 1024  # an uploaded export (IMPORT_MAX_BYTES in the config)

# The leaderboard's columns: (sort key, heading, short heading for narrow screens), the
# headings marked for the catalogues and translated when the page is shown.
COLUMNS = (
    ("name", N_("Player"), N_("Player")),
    ("games", N_("Games"), N_("G")),
    ("wins", N_("Wins"), N_("W")),
    ("win_rate", N_("Win rate"), N_("W%")),
    ("average_score", N_("Average score"), N_("Avg")),
    ("points_per_round", N_("Points a round"), N_("Pts/rd")),
    ("best_game", N_("Best game"), N_("Best")),
    ("worst_game", N_("Worst game"), N_("Worst")),
    ("went_out", N_("Went out"), N_("Out")),
    ("exact_cuts", N_("Exact cuts"), N_("Cuts")),
    ("streak", N_("Streak"), N_("Streak")),
)


@bp.app_template_global()
def running_totals_chart(game: games.GameView) -> Markup:
    """The game page's chart (``games/_chart.html``): the score sheet's, drawn for the page."""
    return running_totals_svg(game)


@bp.app_template_global()
def swatch(index: int) -> str:
    """A chart line's sample for its legend (``━●━``)."""
    return swatch_text(index)


def _device() -> str:
    return access.device_id()


def is_editor(group_id: str) -> bool:
    return games.can_edit_group(get_session(), group_id, (), _device())


def require_editor(group_id: str) -> None:
    games.require_group_edit(get_session(), group_id, (), _device())


# --- the new-game form, started from a group ------------------------------------------------


def form_group() -> games.GroupView | None:
    """The group a new game is started in (``group`` in the query or the form), whose people
    the form offers; only a group this device may edit (403 otherwise, 404 for no group)."""
    group_id = request.values.get("group", "")[:40]
    if not group_id:
        return None
    require_editor(group_id)
    return games.load_group(get_session(), group_id)


# --- groups ---------------------------------------------------------------------------------


def _index(status: int = 200, **extra: Any) -> Response:
    session = get_session()
    found = []
    for group_id in games.device_group_ids(session, _device(), 50):
        try:
            found.append(games.load_group(session, group_id))
        except NotFound:  # deleted meanwhile
            continue
    context = {"groups": found, "errors": {}, "values": {}} | extra
    return render("groups/index.html", status=status, **context)


@bp.get("/groups")
def index() -> Response:
    """This device's groups, a form to start one, and a form to import one."""
    return _index()


@bp.post("/groups")
def create() -> Response:
    name = request.form.get("name", "")[:300]
    people_text = request.form.get("people", "")[:20_000]
    people = [line.strip() for line in people_text.splitlines() if line.strip()]
    try:
        group, _token = games.create_group(
            get_session(), name, people=people, device=_device(), label=access.CREATOR_LABEL
        )
    except Invalid as error:
        values = {"name": name, "people": people_text}
        return _index(400, errors={"create": error.message}, values=values)
    return redirect_to(url_for("groups.show", group_id=group.id))


def _wins(group_id: str, start: Any = None, end: Any = None) -> stats.WinsOverTime:
    """Wins by month, or by day when every game fell in one month (a line needs two points)."""
    session = get_session()
    wins = stats.wins_over_time(session, group_id, start, end, period="month")
    if len(wins.periods) < 2:
        wins = stats.wins_over_time(session, group_id, start, end, period="day")
    return wins


def _wins_chart(group_id: str, start: Any = None, end: Any = None) -> dict[str, Any]:
    """Wins so far over time, with its legend (None before two periods have games)."""
    wins = _wins(group_id, start, end)
    if len(wins.periods) < 2 or not wins.series:
        return {"wins_svg": None, "wins_legend": []}
    series = wins.series[:8]  # the chart's eight styles; the leaderboard lists everyone
    counts = [[n for _at, n in s.points] for s in series]
    return {
        "wins_svg": cumulative_wins_svg(wins.periods, counts),
        "wins_legend": [s.name for s in series],
    }


def _show(group_id: str, status: int = 200, **extra: Any) -> Response:
    session = get_session()
    group = games.load_group(session, group_id)
    editor = is_editor(group_id)
    context: dict[str, Any] = {
        "group": group,
        "editor": editor,
        "group_games": games.group_games(session, group_id, limit=GAMES_SHOWN),
        "errors": {},
        "values": {},
        "join_url": url_for("groups.show", group_id=group_id, _external=True),
    }
    context |= _wins_chart(group_id)
    # The trophy of the latest year with a finished game (this year's has none yet in January).
    context["trophy_year"] = next(iter(stats.season_years(session, group_id, 1)), None)
    context |= extra
    response = render("groups/show.html", status=status, **context)
    return no_store(response) if editor else response  # an editor's page shows the join code


@bp.before_request
def speak_the_groups_language() -> None:
    """A group's pages speak the group's language, unless the reader chose one."""
    group_id = (request.view_args or {}).get("group_id")
    if group_id:
        speak_group_language(group_language(get_session(), group_id))


@bp.get("/groups/<group_id>")
def show(group_id: str) -> Response:
    return _show(group_id)


@bp.post("/groups/<group_id>/join")
def join(group_id: str) -> Response:
    """Check the group's join code (rate limited, as a game's) and grant this device."""
    code = request.form.get("code", "")[:40]
    try:
        ratelimit.check_join_attempt()
        games.join_group(get_session(), group_id, code, device=_device(), label="joined device")
    except (ratelimit.TooManyAttempts, Forbidden) as error:
        return _show(group_id, error.status, errors={"join": error.message}, values={"code": code})
    return redirect_to(url_for("groups.show", group_id=group_id))


@bp.post("/groups/<group_id>/join-code")
def new_join_code(group_id: str) -> Response:
    """Give the group a new join code, once its editor confirmed it (the page asks first):
    the old code stops working; devices that may edit the group keep their rights."""
    require_editor(group_id)
    rotate_group_join_code(get_session(), group_id)
    return redirect_to(url_for("groups.show", group_id=group_id, _anchor="share"))


def _person_id(text: str) -> int:
    """A person's id from the link (a number; anything else is no such person)."""
    number = whole_number_or(text)
    if number is None:
        raise NotFound(NO_PERSON)
    return number


def _group_form(group_id: str, form: str, change: Any, values: dict[str, str]) -> Response:
    """Run an editor's change; a refusal shows the group page again with the form as typed
    and the message beside it."""
    require_editor(group_id)
    try:
        change()
    except (Invalid, Conflict, NotFound, Forbidden) as error:  # the group was checked above
        return _show(group_id, error.status, errors={form: error.message}, values=values)
    return redirect_to(url_for("groups.show", group_id=group_id, _anchor=form.split("-")[0]))


@bp.post("/groups/<group_id>/name")
def rename(group_id: str) -> Response:
    name = request.form.get("name", "")[:300]
    return _group_form(
        group_id,
        "name",
        lambda: games.rename_group(get_session(), group_id, name),
        {"name": name},
    )


@bp.post("/groups/<group_id>/language")
def set_language(group_id: str) -> Response:
    language = request.form.get("language", "")[:8]
    return _group_form(
        group_id,
        "language",
        lambda: set_group_language(get_session(), group_id, language),
        {"language": language},
    )


@bp.post("/groups/<group_id>/people")
def add_person(group_id: str) -> Response:
    name = request.form.get("name", "")[:300]
    return _group_form(
        group_id,
        "people",
        lambda: games.add_person(get_session(), group_id, name),
        {"person": name},
    )


@bp.post("/groups/<group_id>/people/<person_ref>/name")
def rename_person(group_id: str, person_ref: str) -> Response:
    person_id = _person_id(person_ref)
    name = request.form.get("name", "")[:300]
    return _group_form(
        group_id,
        f"people-{person_id}",
        lambda: games.rename_person(get_session(), group_id, person_id, name),
        {f"name-{person_id}": name},
    )


@bp.post("/groups/<group_id>/people/<person_ref>/merge")
def merge_person(group_id: str, person_ref: str) -> Response:
    """Merge this person (a typo'd name) into the person chosen in the form."""
    person_id = _person_id(person_ref)
    into_text = request.form.get("into", "")[:20]
    into = whole_number_or(into_text)

    def change() -> None:
        if into is None:
            raise Invalid("Choose the person to merge into.")
        games.merge_people(get_session(), group_id, person_id, into)

    return _group_form(group_id, f"people-{person_id}", change, {f"into-{person_id}": into_text})


@bp.post("/groups/<group_id>/games")
def attach(group_id: str) -> Response:
    """Put an existing game (pasted link) into the group: a game this device may edit (a
    watch link alone gives no right to put someone's game in a group)."""
    link = request.form.get("link", "")[:400]

    def change() -> None:
        found = game_in(link)
        if found is None:
            raise Invalid("That is not a game link. Paste the whole link of the game.")
        games.attach_game(get_session(), group_id, found[0], device=_device())

    return _group_form(group_id, "games", change, {"link": link})


# --- the leaderboard and a person's page ----------------------------------------------------


def _day(name: str) -> date | None:
    text = request.args.get(name, "").strip()[:20]
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Invalid(f'The "{name}" date must look like 2026-01-31, not "{text}".') from None


def read_range() -> tuple[dict[str, str], datetime | None, datetime | None]:
    """The range typed (``from``, ``to``: both days included, or ``year``) as the service's
    ``start`` and ``end``, with the values to show in the form."""
    year = request.args.get("year", "").strip()[:6]
    if year:
        if not year.isdigit():
            raise Invalid(f'The year must be a number like 2026, not "{year}".')
        start, end = stats.year_range(int(year))
        return {"year": year}, start, end
    low, high = _day("from"), _day("to")
    if low and high and high < low:
        raise Invalid("The range's last day comes before its first day.")
    start = datetime.combine(low, datetime.min.time(), UTC) if low else None
    end = datetime.combine(high + timedelta(days=1), datetime.min.time(), UTC) if high else None
    shown = {"from": low.isoformat() if low else "", "to": high.isoformat() if high else ""}
    return shown, start, end


def _range_links(group_id: str, endpoint: str, **extra: Any) -> list[tuple[str, str]]:
    """Quick ranges: the latest years with finished games (each has a season trophy), and
    every game."""
    years = stats.season_years(get_session(), group_id)
    return [
        *((str(year), url_for(endpoint, group_id=group_id, year=year, **extra)) for year in years),
        (_("Every game"), url_for(endpoint, group_id=group_id, **extra)),
    ]


@bp.get("/groups/<group_id>/leaderboard")
def leaderboard(group_id: str) -> Response:
    """The leaderboard over a range, sorted by any column (links: it works without JS)."""
    shown, start, end = read_range()
    sort = request.args.get("sort", "wins")[:30]
    direction = request.args.get("dir", "")
    descending = {"desc": True, "asc": False}.get(direction)
    board = stats.leaderboard(get_session(), group_id, start, end, sort=sort, descending=descending)
    group = games.load_group(get_session(), group_id)
    return render(
        "groups/leaderboard.html",
        group=group,
        board=board,
        columns=[(key, _(heading), _(short)) for key, heading, short in COLUMNS],
        sort_keys=stats.SORT_KEYS,
        range_values=shown,
        range_links=_range_links(group_id, "groups.leaderboard"),
        season_url=url_for("groups.season", group_id=group_id, **shown),
        **_wins_chart(group_id, start, end),
    )


@bp.get("/groups/<group_id>/people/<person_ref>")
def person(group_id: str, person_ref: str) -> Response:
    """A person's games, results over time (a chart) and head-to-head against each other."""
    person_id = _person_id(person_ref)
    shown, start, end = read_range()
    found = personal.person_stats(get_session(), group_id, person_id, start, end)
    chart = None
    if len(found.results) >= 2:
        chart = results_svg(
            [g.total for g in found.results], [day_label(g.finished_at) for g in found.results]
        )
    return render(
        "groups/person.html",
        stats=found,
        group={"id": found.group_id, "name": found.group_name},
        results_svg=chart,
        range_values=shown,
        range_links=_range_links(group_id, "groups.person", person_ref=person_id),
    )


# --- export, import, the season trophy ------------------------------------------------------


def _download(chunks: Iterator[str], mimetype: str, filename: str) -> Response:
    encoded = (chunk.encode() for chunk in chunks)
    response = Response(stream_with_context(encoded), mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/groups/<group_id>/export.<kind>")
def export(group_id: str, kind: str) -> Response:
    """The whole group as JSON (everything, to import again) or CSV (for spreadsheets); for
    its editors (a backup is theirs to take, and a large group is costly to read)."""
    if kind not in ("json", "csv"):
        raise NotFound("Exports are JSON or CSV.")
    require_editor(group_id)
    engine = get_engine()
    if kind == "json":
        chunks = transfer.export_group_json(engine, group_id)
        return _download(chunks, "application/json", f"group-{group_id}.json")
    return _download(
        transfer.export_group_csv(engine, group_id), "text/csv", f"group-{group_id}.csv"
    )


@bp.get("/groups/import")
def import_form() -> Response:
    return render("groups/import.html", error=None, problems=[])


@bp.post("/groups/import")
def import_file() -> Response:
    """Import an exported group or game, all or nothing: a refused file changes nothing and
    its problem is shown. The form is exempt from the automatic CSRF check, which would read
    the upload under the app's small request limit before the limit here is raised; its token
    is checked below instead."""
    request.max_content_length = int(current_app.config.get("IMPORT_MAX_BYTES", IMPORT_MAX_BYTES))
    _check_csrf()
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render(
            "groups/import.html", status=400, error="Choose an export file to import.", problems=[]
        )
    try:
        ratelimit.check_import()
        done = transfer.import_json(
            get_session(), upload.stream, device=_device(), label="imported"
        )
    except GameError as error:
        # Every problem the import found, each with where it is (a file it could not read
        # has one: the message).
        details = error.details if isinstance(error.details, dict) else {}
        return render(
            "groups/import.html",
            status=error.status,
            error=error.message,
            problems=details.get("problems") or [],
            more=bool(details.get("more")),
            filename=upload.filename[:200],
        )
    if done.kind == "group":
        return redirect_to(url_for("groups.show", group_id=done.id))
    return redirect_to(url_for("games.show", game_id=done.id))


def _check_csrf() -> None:
    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return
    try:
        validate_csrf(request.form.get("csrf_token", ""))
    except (ValidationError, CSRFError):
        raise Invalid(CSRF_MESSAGE) from None


@bp.get("/groups/<group_id>/season.pdf")
def season(group_id: str) -> Response:
    """The season trophy (PDF) of the range (``year``, or ``from`` and ``to``)."""
    shown, start, end = read_range()
    session = get_session()
    found = stats.season(session, group_id, start, end)
    wins = _wins(group_id, start, end)
    ratelimit.check_pdf_render()
    pdf = render_season(found, wins, request.args.get("paper", "A4")[:10])
    name = safe_filename(f"{found.group.name} {shown.get('year', '')}", "season-trophy")
    etag = "season-" + hashlib.sha256(pdf).hexdigest()[:24]
    return pdf_response(pdf, name, etag, "private, no-cache")


__all__ = ["bp", "form_group"]
