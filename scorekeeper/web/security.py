"""Security headers and cookie settings applied to every response."""

from __future__ import annotations

from flask import Flask, Response, request

# No inline scripts or styles, no eval: htmx is configured for this (see base.html's meta).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        # The installable app: its manifest and its service worker (/sw.js), from here only.
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def no_store(response: Response) -> Response:
    """Keep a response that shows a secret (an edit token, a join code or its QR code) out of
    every cache: the browser's back-forward cache, a shared proxy, a tablet's disk."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Pragma"] = "no-cache"  # HTTP/1.0 caches
    return response


def init_app(app: Flask) -> None:
    app.config["SESSION_COOKIE_SECURE"] = bool(app.config.get("SECURE_COOKIES"))

    @app.after_request
    def add_security_headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "same-origin")
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        if request.is_secure:
            headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        return response
