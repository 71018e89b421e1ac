"""Reading untrusted input: JSON bodies and integer headers/queries, refused with a 400 problem, never a 500.

A body that Python's json module accepts can still break things later: lone surrogates (`"\\udc80"`) cannot
be encoded to UTF-8 for Redis, and deep nesting exhausts the recursion limit. Both are refused here, before
anything else sees the body.

A body is UTF-8 and nothing else (RFC 8259 8.1: JSON exchanged between systems MUST be UTF-8; the media type
has no charset parameter, so one in Content-Type changes nothing). Given bytes, json.loads would guess
UTF-16 or UTF-32 from the first bytes, skip a BOM and decode with `surrogatepass`, so a surrogate sent as raw
bytes (CESU-8's `\xed\xa0\x80`, or a UTF-16 body) reached Redis, which cannot store it: a 500. Decoding
strictly here refuses all of those; what is left to check is the `\\uD800` escape.

A number is read as JSON Schema reads it (2020-12: `1.0` is the integer 1): every validator after this one, the
games' option and command checks included, sees an int where the published schema allows an integer, and a
float only for a number with a fraction.
"""

from __future__ import annotations

import json
import re
from typing import Any

from service.games.problems import BadRequest

MAX_DEPTH = 32  # far deeper than any command or option needs
MAX_VERSION = 2**63 - 1  # versions are stream ids (64-bit); JSON clients still parse this exactly as a string
_DIGITS = re.compile(r"[0-9]{1,19}")
# Decoded strictly, the text holds no lone surrogate, so json.loads only yields one from a \uD800-\uDFFF escape;
# nesting is never deeper than the number of brackets: a body with neither skips the walk (every command on the
# hot path).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def parse_json(raw: bytes | str, what: str = "the body") -> Any:
    if isinstance(raw, bytes):
        text, decoded = utf8(raw, what), True
    else:
        text, decoded = raw, False  # a str may already hold a lone surrogate: always walk it
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        raise BadRequest("malformed_json", f"{what} is nested too deeply") from None
    except ValueError as err:
        raise BadRequest("malformed_json", f"{what} is not JSON ({err})") from None
    if not decoded or text.count("[") + text.count("{") > MAX_DEPTH or _SURROGATE_ESCAPE.search(text):
        check_json(value, what)
    return value


def _number(literal: str) -> int | float:
    """A JSON number written with a fraction or an exponent: an int when its value is whole (`2.0`, `1e3`)."""
    value = float(literal)
    return int(value) if value.is_integer() else value


_DECODER = json.JSONDecoder(parse_float=_number)  # built once: json.loads with an argument builds one per call


def utf8(raw: bytes, what: str = "the body") -> str:
    """The bytes as UTF-8, strictly: no surrogate's bytes, no other encoding, no byte order mark."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadRequest("malformed_json", f"{what} is not UTF-8 (RFC 8259): byte {err.start} "
                                           f"({raw[err.start:err.start + 1]!r}) starts no character") from None


def check_json(value: Any, what: str = "the body") -> None:
    """Depth at most MAX_DEPTH and every string (keys too) encodable as UTF-8."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadRequest("malformed_json", f"{what} is nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, str):
            _encodable(node, what)
        elif isinstance(node, dict):
            for key, item in node.items():
                _encodable(key, what)
                stack.append((item, depth + 1))
        elif isinstance(node, list):
            stack.extend((item, depth + 1) for item in node)


def _encodable(text: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest("malformed_json", f"{what} holds a string that is not valid Unicode "
                                           "(a lone surrogate)") from None


def version_number(text: str, name: str) -> int:
    """A version given in a header or query (`Last-Event-ID`, `after`): decimal digits, 0..MAX_VERSION."""
    if not _DIGITS.fullmatch(text) or int(text) > MAX_VERSION:
        raise BadRequest("malformed_request", f"{name} must be an event version (0 to {MAX_VERSION})", name)
    return int(text)
