"""The shape of an exported envelope, checked before anything else reads one from a file.

An export is input from outside: before its hash chain is computed or any value in it is looked up, each
envelope must have exactly the fields of its kind with the types and forms the service writes (events/envelope.py
for a game's, events/tournaments.py for a tournament's; openapi.yaml's `Envelope`). Then the checks after it
(chain, seed, re-execution) meet only values of the expected types, and a report can name the field at fault.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from events.ids import is_id

MAX_COUNT = 2**63 - 1  # versions are stream ids' sequence numbers (64-bit)
SHA256 = re.compile(r"\A[0-9a-f]{64}\Z")
NAME = re.compile(r"\A[a-z][a-z0-9_]{0,63}\Z")  # an event type, a field's name
AT = re.compile(r"\A[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})\Z")
VISIBILITY = re.compile(r"\A(public|hidden|redacted|seat:[0-9]{1,3})\Z")
BY = re.compile(r"\A(service|(configured-)?[0-9a-f]{16})\Z")  # who asked for a tournament's step


def _count(value: object, low: int) -> bool:
    return type(value) is int and low <= value <= MAX_COUNT


def _text(pattern: re.Pattern) -> Callable[[object], bool]:
    return lambda value: isinstance(value, str) and pattern.match(value) is not None


HASH = (_text(SHA256), "64 lowercase hex digits")
FORMS: dict[str, tuple[Callable[[object], bool], str]] = {
    "game": (is_id, "an id of 16 lowercase hex digits"),
    "tournament": (is_id, "an id of 16 lowercase hex digits"),
    "version": (lambda v: _count(v, 1), "a whole number from 1"),
    "type": (_text(NAME), "an event type (snake_case)"),
    "v": (lambda v: _count(v, 1), "a whole number from 1"),
    "at": (_text(AT), "a time (RFC 3339, as 2026-01-31T12:00:00.000Z)"),
    "seat": (lambda v: v is None or _count(v, 0), "a seat number or null"),
    "by": (_text(BY), "an identity's id or service"),
    "visibility": (_text(VISIBILITY), "public, hidden, redacted or seat:N"),
    "payload": (lambda v: isinstance(v, dict), "an object"),
    "command": (lambda v: v is None or isinstance(v, dict), "an object or null"),
    "auto": (lambda v: isinstance(v, dict), "an object"),
    "prev_hash": HASH,
    "hash": HASH,
    "sealed": HASH,
}

# (required fields, optional fields) of each kind of envelope
GAME = (("game", "version", "type", "v", "at", "seat", "visibility", "payload", "prev_hash", "hash"),
        ("command", "auto", "sealed"))
TOURNAMENT = (("tournament", "version", "type", "v", "at", "by", "command", "payload", "prev_hash", "hash"), ())


def misshapen(env: dict, kind: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[str, str] | None:
    """(field, what it must be) of the first field of `env` not of the shape of its `kind`, or None."""
    required, optional = kind
    for name in env:
        if name not in required and name not in optional:
            return shown(name), "not a field of this kind of event"
    for name in required:
        if name not in env:
            return name, "missing"
    for name, value in env.items():
        if not FORMS[name][0](value):
            return name, f"must be {FORMS[name][1]}"
    return None


def shown(name: object) -> str:
    """A field's name fit to be repeated in a report: a crafted one may be anything."""
    return name if isinstance(name, str) and NAME.match(name) is not None else "(a field)"
