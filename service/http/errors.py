"""Every error leaves as RFC 9457 application/problem+json with a stable `code`.

Each exception kind keeps its own status; broad handlers are avoided so routing 404/405 stay themselves.
"""

from __future__ import annotations

import redis
from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from domain.core import AwaitingChance, Conflict, NotYourTurn, Refused, RuleViolation
from events.archive_record import ArchiveCorrupt
from events.layout import ChainBroken
from events.store import TokenReplaced, VersionConflict
from service.games.problems import BadRequest, IdempotencyKeyReused, Missing, StreamLimit, Unprocessable, VersionNotFound
from service.games.repository import CorruptGame, NotFound

PROBLEM = "application/problem+json"


class Unauthorized(Exception):
    def __init__(self, code: str = "unauthorized", detail: str = "a valid seat token is required"):
        super().__init__(detail)
        self.code, self.detail = code, detail


class Forbidden(Exception):
    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


def problem(status: int, code: str, title: str, detail: str | None = None, **extra):
    body = {"type": f"urn:bazaar:problem:{code}", "title": title, "status": status, "code": code,
            "instance": request.path}
    if detail:
        body["detail"] = detail
    body.update(extra)
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM
    return response


def init_app(app: Flask) -> None:
    @app.errorhandler(BadRequest)
    def _bad_request(err: BadRequest):
        extra = {"field": err.field} if err.field else {}
        return problem(400, err.code, "Malformed request", err.detail, **extra)

    @app.errorhandler(Unauthorized)
    def _unauthorized(err: Unauthorized):
        response = problem(401, err.code, "Unauthorized", err.detail)
        response.headers["WWW-Authenticate"] = 'Bearer realm="bazaar"'
        return response

    @app.errorhandler(Forbidden)
    def _forbidden(err: Forbidden):
        return problem(403, err.code, "Forbidden", err.detail)

    @app.errorhandler(NotFound)
    def _not_found(err: NotFound):
        return problem(404, "game_not_found", "No such game", f"no game with id {err}")

    @app.errorhandler(Missing)
    def _missing(err: Missing):
        return problem(404, err.code, "Not found", err.detail)

    @app.errorhandler(Unprocessable)
    def _unprocessable(err: Unprocessable):
        extra = {"field": err.field} if err.field else {}
        return problem(422, err.code, "Unprocessable", err.detail, **extra)

    @app.errorhandler(StreamLimit)
    def _streams(err: StreamLimit):
        response = problem(429, "rate_limited", "Too many requests", str(err))
        response.headers["Retry-After"] = "5"
        return response

    @app.errorhandler(VersionNotFound)
    def _no_version(err: VersionNotFound):
        return problem(404, "version_not_found", "No such version", str(err))

    @app.errorhandler(TokenReplaced)
    def _replaced(err: TokenReplaced):  # found by the append itself: the same answer as any other stale token
        return _unauthorized(Unauthorized("bad_token", "this token is not a seat of this game (or it was replaced)"))

    @app.errorhandler(VersionConflict)
    def _conflict(err: VersionConflict):
        return problem(409, "version_conflict", "Version conflict", str(err),
                       current_version=err.current, expected_version=err.expected)

    @app.errorhandler(IdempotencyKeyReused)
    def _reused(err):
        return problem(422, "idempotency_key_reused", "Idempotency key reused",
                       "this Idempotency-Key was used for a different request")

    @app.errorhandler(RuleViolation)
    def _rule(err: RuleViolation):
        if isinstance(err, NotYourTurn):
            return problem(403, err.code, "Not your turn", err.message)
        if isinstance(err, AwaitingChance):
            response = problem(409, err.code, "Awaiting a chance outcome", err.message)
            response.headers["Retry-After"] = "1"
            return response
        if isinstance(err, Conflict):  # another caller got there first, or the game is not in that phase
            return problem(409, err.code, "Conflict", err.message)
        if isinstance(err, Refused):  # a seat reserved for another, an invitation code that does not fit
            return problem(403, err.code, "Forbidden", err.message)
        return problem(422, err.code, "Against the rules", err.message)

    @app.errorhandler(CorruptGame)
    def _corrupt(err: CorruptGame):
        app.logger.error("%s", err)
        return problem(500, "game_corrupt", "Game record unreadable", err.detail)

    @app.errorhandler(ChainBroken)
    def _chain(err: ChainBroken):
        app.logger.error("%s", err)
        return problem(500, "game_corrupt", "Game record unreadable", str(err))

    @app.errorhandler(ArchiveCorrupt)
    def _archive(err: ArchiveCorrupt):
        app.logger.error("%s", err)
        return problem(500, "archive_corrupt", "Archived game record does not verify", err.detail)

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        code = (err.name or "http_error").lower().replace(" ", "_").replace("'", "")
        response = problem(err.code or 500, code, err.name, err.description)
        for name, value in err.get_headers():  # e.g. 405's Allow
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    @app.errorhandler(redis.exceptions.ConnectionError)
    @app.errorhandler(redis.exceptions.TimeoutError)
    @app.errorhandler(redis.exceptions.ReadOnlyError)
    @app.errorhandler(redis.exceptions.ClusterDownError)
    def _storage_unavailable(err: Exception):
        # a failover or restart in progress (the client asks the Sentinels or the cluster again on its next
        # call): a retry soon will most likely land, so say so instead of a 500
        app.logger.warning("Redis unavailable: %s", err)
        response = problem(503, "storage_unavailable", "Storage unavailable",
                           "the games' storage cannot be reached for a moment; retry (a command with the same "
                           "Idempotency-Key: it may have landed just before the connection broke)")
        response.headers["Retry-After"] = "1"
        return response

    @app.errorhandler(Exception)
    def _internal(err: Exception):
        app.logger.exception("unhandled error")
        return problem(500, "internal_error", "Internal server error")
