"""Errors the service raises for bad requests; service/http/errors.py renders every error as problem+json."""

from __future__ import annotations


class BadRequest(ValueError):
    """Malformed input: `code` is stable, `detail` says what, `field` names where."""

    def __init__(self, code: str, detail: str, field: str | None = None):
        super().__init__(detail)
        self.code, self.detail, self.field = code, detail, field


class VersionNotFound(LookupError):
    """Time travel to a version the game has not reached."""

    def __init__(self, version: int, current: int):
        super().__init__(f"the game has {current} events; there is no version {version} yet")


class StreamLimit(Exception):
    """A client holds as many live streams as one client may (SSE_PER_CLIENT)."""


class IdempotencyKeyReused(Exception):
    """The same Idempotency-Key came with a different request."""


class Missing(LookupError):
    """No such thing (other than a game, which is NotFound): 404 with a stable `code`."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


class Unprocessable(ValueError):
    """Well-formed but refers to what cannot be used (an unknown player): 422 with a stable `code`."""

    def __init__(self, code: str, detail: str, field: str | None = None):
        super().__init__(detail)
        self.code, self.detail, self.field = code, detail, field
