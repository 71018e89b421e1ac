"""Errors the service raises for bad requests; service/errors.py renders every error as problem+json."""

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


class IdempotencyKeyReused(Exception):
    """The same Idempotency-Key came with a different request."""
