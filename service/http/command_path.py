"""A seat's command served without Flask's per-request machinery: the request clients send most.

Flask's own work per request (a request and an app context, matching the path against every route, the
response object, hooks, signals) cost about 60 µs of CPU in process for a bare route, and about 100 µs of a
move under gunicorn (the floor of `make bench` without Flask: 290 -> 191 µs a move). Bazaar's move went from 610
to 446 µs of server and Redis CPU under the peer load when it left Flask: about a quarter.

This WSGI layer sits under ProxyFix and above Flask. It serves the common case itself: `POST
/v1/games/{id}/commands` with a Content-Length within MAX_BODY_BYTES, `Content-Type: application/json`, a JSON
object that is not a line of notation, and a seat token the game was created with, while CORS is off. It calls
the functions the Flask route calls, in the same order: the seat check (`auth.issued_seat`), the seat's rate
limit, the body's checks (`command_request`, `idempotency_key`), `Commands.command`, and the same answer
(`command_answer`, the JSON provider's bytes, hardening's headers).

Anything else goes to Flask untouched (the body it read handed on), before anything is counted or appended, so
Flask answers it exactly as it did before. An error after that point is rendered by Flask's own error handlers
(service/http/errors.py) in a request context of this request. So every answer is the one the Flask route would
give: tests/api/test_command_path.py compares the two, request by request.
"""

from __future__ import annotations

import io
import re

from flask import Flask

from events import ids
from service.games.inputs import parse_json
from service.http.auth import bearer, issued_seat
from service.http.hardening import cors_origins, headers_for
from service.http.routes.games import command_answer, command_request, idempotency_key

PATH = re.compile(rf"/v1/games/({ids.PATTERN})/commands")
JSON = "application/json"


class CommandPath:
    def __init__(self, app: Flask, flask_wsgi_app):
        self.app, self.flask = app, flask_wsgi_app
        self.cors = bool(cors_origins(app.config))  # read once, as flask-cors reads it (hardening.init_app)

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") != "POST":
            return self.flask(environ, start_response)
        found = PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None:
            return self.flask(environ, start_response)
        try:
            request = self._common(environ, found.group(1))
        except Exception:  # nothing is counted or appended yet: Flask answers it, as it would have
            request = None
        if request is None:
            return self.flask(environ, start_response)
        return self._serve(environ, start_response, *request)

    def _common(self, environ, game_id: str):
        """(game id, body, seat, token hash) when this request is the common case; None when Flask should
        answer it. Reads nothing but the body and the game's meta (cached in the process)."""
        config = self.app.config
        if self.cors or "HTTP_TRANSFER_ENCODING" in environ:
            return None
        length = environ.get("CONTENT_LENGTH", "")
        size = int(length) if length.isdigit() else None
        if size is None or size > int(config["MAX_CONTENT_LENGTH"]):
            return None
        if environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower() != JSON:
            return None
        data = environ["wsgi.input"].read(size)
        environ["wsgi.input"] = io.BytesIO(data)  # Flask reads the same bytes, should it answer
        body = parse_json(data)
        if not isinstance(body, dict) or "notation" in body:
            return None
        token = bearer(environ.get("HTTP_AUTHORIZATION"))
        if token is None:
            return None
        seat, digest = issued_seat(token, game_id, self.app.extensions["bazaar.repository"].meta(game_id))
        if seat is None:
            return None
        return game_id, body, seat, digest

    def _serve(self, environ, start_response, game_id: str, body: dict, seat: int, digest: str):
        app = self.app
        try:
            if app.config["RATE_LIMITS"]:
                app.extensions["bazaar.limiter"].count_command(f"{game_id}:{seat}")
            command, expected_version = command_request(body, environ.get("HTTP_IF_MATCH"))
            key = idempotency_key(environ.get("HTTP_IDEMPOTENCY_KEY"))
            version, events = app.extensions["bazaar.commands"].command(game_id, seat, command, expected_version,
                                                                        key, (seat, digest))
        except Exception as err:  # noqa: BLE001 - every error is answered as Flask's handlers answer it
            return self._problem(environ, start_response, err)
        document, headers = command_answer(version, events)
        payload = app.json.body(document)
        start_response("201 CREATED", [("Content-Type", JSON), ("Content-Length", str(len(payload))),
                                       *headers.items(), *headers_for(JSON)])
        return [payload]

    def _problem(self, environ, start_response, err: Exception):
        """The answer Flask gives when its route raises `err` (called while `err` is being handled)."""
        app = self.app
        with app.request_context(environ):
            try:
                response = app.finalize_request(app.handle_user_exception(err))
            except Exception as unhandled:  # noqa: BLE001 - as Flask's wsgi_app: a handler's own failure
                response = app.handle_exception(unhandled)
            return response(environ, start_response)
