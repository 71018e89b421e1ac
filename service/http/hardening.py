"""HTTP hardening that every route shares: body size limits, CORS for browser clients, security headers.

- Bodies: MAX_BODY_BYTES for every route (a command or a creation is a few hundred bytes; an unbounded JSON
  body once cost a worker 400 MiB), IMPORT_MAX_BYTES for the import of a whole log. A larger body is refused
  with 413 problem+json from its Content-Length, before it is read, or as soon as a chunked one passes the limit.
- CORS (flask-cors): off unless CORS_ORIGINS names the origins of browser clients; then preflights are
  answered and the headers a client needs (Retry-After, Location, the version headers) are exposed.
- Headers: nosniff everywhere; the HTML pages get a Content-Security-Policy that allows only this origin's
  script, style and fetches (the play page draws the board from a blob: URL) and no framing; a picture gets
  a policy that lets it run nothing, should a browser open it on its own.
- Proxies: TRUSTED_PROXIES (werkzeug's ProxyFix) says how many proxies' X-Forwarded-* to believe, so that the
  limits per client address count clients, not the load balancer; with none, the headers are ignored (a client
  cannot escape its limit by naming another address).
"""

from __future__ import annotations

from flask import Flask, request
from flask_cors import CORS
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
               "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
PICTURE_POLICY = "default-src 'none'; img-src data:; frame-ancestors 'none'"
EXPOSED = ["Retry-After", "Location", "Bazaar-Version", "Bazaar-Head-Hash", "Content-Disposition"]
CLIENT_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID", "Accept"]
IMPORT = "audit.import_game"


def init_app(app: Flask) -> None:
    config = app.config
    config["MAX_CONTENT_LENGTH"] = int(config["MAX_BODY_BYTES"])
    import_limit = int(config["IMPORT_MAX_BYTES"])

    @app.before_request
    def _import_takes_a_whole_log():
        if request.endpoint == IMPORT:
            request.max_content_length = import_limit

    origins = cors_origins(config)
    if origins:
        CORS(app, origins=origins, methods=["GET", "POST"], allow_headers=CLIENT_HEADERS, expose_headers=EXPOSED,
             max_age=600)
    app.after_request(security_headers)
    proxies = int(config["TRUSTED_PROXIES"])
    if proxies > 0:  # the rate limits and stream caps count per client address: the one the proxies saw
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)


def whole_body() -> bytes:
    """The request's body. A chunked body (no Content-Length) is read up to the limit and no further: werkzeug
    hands back the first `limit` bytes as if they were all, and a cut JSON body would pass for malformed."""
    data = request.get_data()
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(data) >= limit:
        raise RequestEntityTooLarge()
    return data


def cors_origins(config) -> list[str]:
    """The browser origins CORS_ORIGINS names; none (CORS off) by default."""
    return [o.strip() for o in str(config["CORS_ORIGINS"]).split(",") if o.strip()]


def security_headers(response):
    for name, value in headers_for(response.mimetype):
        response.headers[name] = value
    return response


def headers_for(mimetype: str) -> list[tuple[str, str]]:
    """The security headers of a response of this media type."""
    if mimetype == "text/html":
        return [NOSNIFF, ("Content-Security-Policy", PAGE_POLICY), ("X-Frame-Options", "DENY"),
                ("Referrer-Policy", "no-referrer"), ("Cross-Origin-Opener-Policy", "same-origin")]
    if mimetype == "image/svg+xml":
        return [NOSNIFF, ("Content-Security-Policy", PICTURE_POLICY)]
    return [NOSNIFF]


NOSNIFF = ("X-Content-Type-Options", "nosniff")
