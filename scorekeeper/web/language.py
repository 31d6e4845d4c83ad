"""The language each request speaks: English, Spanish or German.

Which one, first that applies:

1. the person's choice on this device (the footer's menu; a cookie, ``language``), except on
   the JSON API, which scripts call without cookies;
2. the group's language, on a group's pages and its games' pages (a group setting, so a
   family's tablet speaks their language to a visitor too, until the visitor chooses);
3. the browser's ``Accept-Language``: its first language shipped, in order of quality;
4. English.

The person's choice wins over the group's: it was made by the one reading, on this device.
Flask-Babel keeps the catalogues (``scorekeeper/translations/``) and picks the locale; the rules
core, the templates and the PDFs read the same language through the rules core's speaker
(:mod:`scorekeeper.rules.language`), set here for each request.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

import flask_babel
from flask import Blueprint, Flask, Response, g, redirect, request
from flask_babel import Babel

from ..rules import language as speaker
from ..rules.cards import card_words, rank_words

# The languages shipped, each named in itself (the menu shows them so).
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
COOKIE = "language"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie

bp = Blueprint("language", __name__)


def known(code: str | None) -> str | None:
    """``code`` if it is a language shipped, else ``None``."""
    return code if code in LANGUAGES else None


def select_locale() -> str:
    """The request's language (see the module's docstring for the order)."""
    if not request.path.startswith("/api/"):
        chosen = known(request.cookies.get(COOKIE))
        if chosen:
            return chosen
        group = known(g.get("group_language"))
        if group:
            return group
    return browser_language(request.accept_languages)


def browser_language(accepted: Iterable[tuple[str, float]]) -> str:
    """The first language the browser accepts, in order of quality, whose primary subtag is
    shipped (``de-DE,en;q=0.9`` is German); English if none is.

    Not Werkzeug's ``best_match``: it prefers an exact tag anywhere in the list (``en``) over a
    partial match of the person's first choice (``de-DE``), so most German and Spanish
    browsers, which list English second, got English."""
    for tag, quality in accepted:  # Werkzeug keeps them sorted by quality, best first
        primary = tag.replace("_", "-").split("-")[0].lower()
        if quality > 0 and primary in LANGUAGES:
            return primary
    return "en"


def speak_group_language(code: str | None) -> None:
    """A view showing a group's page (or a game of a group) speaks its language, unless the
    person chose one."""
    if known(code) and code != g.get("group_language"):
        g.group_language = code
        flask_babel.refresh()


def current() -> str:
    """The code of the language this request speaks (``en``, ``es``, ``de``)."""
    return str(flask_babel.get_locale() or "en")


class RequestSpeaker:
    """The rules core's speaker for a request: Flask-Babel's catalogue for the request's
    locale, looked up at each sentence (the locale may change once a view knows the group)."""

    @property
    def language(self) -> str:
        return current()

    def gettext(self, message: str, /) -> str:
        return flask_babel.get_translations().ugettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return flask_babel.get_translations().ungettext(singular, plural, n)


_REQUEST_SPEAKER = RequestSpeaker()


def start_speaking() -> None:
    g.speaker_token = speaker.speak(_REQUEST_SPEAKER)


def stop_speaking(_error: BaseException | None = None) -> None:
    token = g.pop("speaker_token", None)
    if token is not None:
        speaker.stop_speaking(token)


def mark_vary(response: Response) -> Response:
    """A page's words depend on the language: caches must key on what chose it."""
    if not request.path.startswith("/static/"):
        response.vary.add("Accept-Language")
        if not request.path.startswith("/api/"):
            response.vary.add("Cookie")
    if response.mimetype == "text/html":
        response.headers.setdefault("Content-Language", current())
    return response


def _back_to(target: str | None) -> str:
    """Where to go after choosing: the page the menu was on (a path on this site only)."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or target.startswith("//"):
        return "/"
    return parts.path + (f"?{parts.query}" if parts.query else "")


@bp.post("/language")
def choose() -> Response:
    """The footer's menu: keep the chosen language on this device (or forget the choice, and
    follow the browser and the group again)."""
    code = known(request.form.get("language"))
    response = redirect(_back_to(request.form.get("next")), code=303)
    if code:
        response.set_cookie(
            COOKIE, code, max_age=COOKIE_MAX_AGE, samesite="Lax", secure=request.is_secure
        )
    else:
        response.delete_cookie(COOKIE)
    return response


def menu_context() -> dict[str, object]:
    """What the footer's language menu shows."""
    return {
        "languages": LANGUAGES,
        "language": current(),
        "language_chosen": known(request.cookies.get(COOKIE)),
    }


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    # The templates get their gettext from wording.install (the same speaker as the rules core).
    Babel(app, locale_selector=select_locale, configure_jinja=False)
    app.before_request(start_speaking)
    app.teardown_request(stop_speaking)
    app.after_request(mark_vary)
    app.context_processor(menu_context)
    app.jinja_env.globals.update(
        and_list=speaker.and_list,
        card_name=card_words,
        rank_word=rank_words,
        format_date=flask_babel.format_date,
        format_datetime=flask_babel.format_datetime,
        format_decimal=flask_babel.format_decimal,
        format_percent=flask_babel.format_percent,
    )
    app.register_blueprint(bp)
