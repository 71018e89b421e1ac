"""The one form of an id: games, tournaments, identities and tokens are named by 16 lowercase hex digits (64
random bits; a tournament's table derives 64 bits of a hash). The service makes every id itself, so anything
else is input that did not come from here.

An id from outside (a URL's path, a query, a body, an imported file, a job's arguments, a map read back) is
checked against this form before it names a Redis key, a file or a log line: then no id can carry a path
(`../`), a key separator (`}:`), markup or a megabyte. A refused value is never echoed (`described` says
what it was without repeating it), since it may be anything.
"""

from __future__ import annotations

import re
import secrets

PATTERN = "[0-9a-f]{16}"  # for routing converters, which anchor it to one path segment themselves
WHOLE = re.compile(rf"\A{PATTERN}\Z")  # `$` would also take a trailing newline ("…ef\n"): `\Z` takes nothing after


class BadId(ValueError):
    """A value that is not an id of the service's form."""

    def __init__(self, value: object):
        super().__init__(f"not an id of 16 lowercase hex digits ({described(value)})")


def is_id(value: object) -> bool:
    return type(value) is str and WHOLE.match(value) is not None


def checked(value: object) -> str:
    """`value` if it is an id, else BadId."""
    if not is_id(value):
        raise BadId(value)
    return value


def new_id() -> str:
    return secrets.token_hex(8)


def described(value: object) -> str:
    """What a refused value was, fit for a log line or an answer: its type and size, never its content."""
    if isinstance(value, str | bytes | list | dict):
        return f"a {type(value).__name__} of length {len(value)}"
    return "null" if value is None else f"a {type(value).__name__}"
