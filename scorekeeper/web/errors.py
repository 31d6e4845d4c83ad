"""Error answers: JSON for the API, a fragment for htmx, a full page otherwise.

Every error a person can cause gets a 4xx with a sentence saying what went wrong; a 500 rolls
the session back so nothing half-written is kept.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, g, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ..errors import GameError
from ..rules import RulesError, RuleViolation
from ..rules import budget as referee_budget
from ..rules.language import N_, _
from .htmx import is_htmx

CSRF_MESSAGE = N_(
    "This page was open for a long time and its security token has expired, or the form came "
    "from elsewhere. Refresh the page and try again; nothing was changed."
)


# Views raise the service's error type too: one error type, one way to show it.
AppError = GameError


def wants_json() -> bool:
    return request.path.startswith("/api/") or (
        request.accept_mimetypes.best == "application/json" and not is_htmx()
    )


def error_response(status: int, message: str, details: Any = None) -> Response:
    """The answer to a refused request, its sentence in the request's language (a sentence
    already translated, or built from a translated pattern, is in no catalogue: kept as is);
    codes and field names in ``details`` stay English."""
    message = _(message)
    if wants_json():
        response = jsonify({"error": message, "details": details})
        response.status_code = status
        return response
    template = "errors/_error.html" if is_htmx() else "errors/error.html"
    response = make_response(
        render_template(template, status=status, message=message, details=details), status
    )
    response.vary.add("HX-Request")
    if is_htmx():
        # Show the message in the page's error area even when the form targets elsewhere.
        response.headers["HX-Retarget"] = "#flash"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


class UnsupportedMediaType(GameError):
    """A JSON endpoint sent a body of another type (a 415)."""

    def __init__(self, sent: str) -> None:
        super().__init__(
            415,
            _(
                "Send the body as JSON, with the header 'Content-Type: application/json' "
                "(this request said {sent})."
            ).format(sent=repr(sent[:60])),
            {"field": "Content-Type", "code": "bad-content-type"},
        )


def require_json_body() -> None:
    """Refuse a body that is not declared as JSON: a cross-site HTML form can only send
    form-encoded or plain text bodies, so this keeps other sites' pages from making changes."""
    mimetype = request.mimetype
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise UnsupportedMediaType(request.content_type or "no Content-Type")


def start_referee_budget() -> None:
    """Every request gets one step budget, CPU guard and deadline for the referee questions
    it asks (a page may ask several): ``REFEREE_STEPS``, ``REFEREE_CPU_SECONDS`` and
    ``REFEREE_SECONDS`` in the settings."""
    config = current_app.config
    budget = referee_budget.StepBudget(
        steps=int(config.get("REFEREE_STEPS", referee_budget.DEFAULT_STEPS)),
        seconds=float(config.get("REFEREE_SECONDS", referee_budget.DEFAULT_SECONDS)),
        cpu_seconds=float(config.get("REFEREE_CPU_SECONDS", referee_budget.DEFAULT_CPU_SECONDS)),
    )
    g.referee_budget = referee_budget.start(budget)


def stop_referee_budget(_error: BaseException | None = None) -> None:
    token = g.pop("referee_budget", None)
    if token is not None:
        referee_budget.stop(token)


def too_hard_response(error: referee_budget.TooHard) -> Response:
    """A question over its budget: 422, or 503 (try again) past the deadline."""
    status = 503 if error.timed_out else 422
    response = error_response(status, error.message, {"code": error.code, "field": None})
    if error.timed_out:
        response.headers["Retry-After"] = "5"
    return response


def init_app(app: Flask) -> None:
    app.before_request(start_referee_budget)
    app.teardown_request(stop_referee_budget)

    @app.errorhandler(AppError)
    def handle_app_error(error: AppError) -> Response:
        response = error_response(error.status, error.message, error.details)
        response.headers.update(getattr(error, "headers", {}))  # a 429's Retry-After
        return response

    @app.errorhandler(RulesError)
    def handle_rules_error(error: RulesError) -> Response:
        if isinstance(error, referee_budget.TooHard):
            return too_hard_response(error)
        details: Any = {"code": error.code}
        if isinstance(error, RuleViolation):
            details = [
                {"code": p.code, "message": p.message, "meld": p.meld} for p in error.problems
            ]
        return error_response(400, error.message, details)

    @app.errorhandler(CSRFError)
    def handle_csrf(error: CSRFError) -> Response:
        return error_response(400, CSRF_MESSAGE, {"code": "csrf", "reason": error.description})

    @app.errorhandler(RequestEntityTooLarge)
    def handle_too_large(_error: RequestEntityTooLarge) -> Response:
        return error_response(413, N_("That request is too large."))

    @app.errorhandler(HTTPException)
    def handle_http(error: HTTPException) -> Response:
        code = error.code or 500
        messages = {
            404: N_("There is nothing here. Check the link; games are reached by their full link."),
            405: N_("That action is not allowed here."),
            429: N_("Too many attempts. Wait a minute and try again."),
        }
        response = error_response(code, messages.get(code, error.description or error.name))
        if code == 405 and error.get_response().headers.get("Allow"):
            response.headers["Allow"] = error.get_response().headers["Allow"]
        return response

    @app.errorhandler(Exception)
    def handle_unexpected(error: Exception) -> Response:
        session = g.get("db_session")
        if session is not None:
            session.rollback()
        app.logger.exception("unexpected error", exc_info=error)
        return error_response(500, N_("Something went wrong on our side; nothing was saved."))
