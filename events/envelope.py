"""The stored form of an event: the domain event's wire form wrapped in what the store adds.

`{"game", "version", "type", "v", "at", "seat", "visibility", "payload", "prev_hash", "hash"}`. `hash` is
SHA-256 over the canonical JSON (sorted keys, no spaces, UTF-8) of every other field, `prev_hash` included,
so each event commits to the whole log before it: altering, removing or reordering one breaks the chain
from that point (see `verify_chain`). The first event's `prev_hash` is GENESIS.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable

from events import codec
from events.platform import PLATFORM_EVENTS
from events.upcasters import UPCASTERS, upcast

GENESIS = "0" * 64


def canonical(doc: dict) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def seal(doc: dict, prev_hash: str) -> dict:
    """The envelope with its chain fields set."""
    body = {k: v for k, v in doc.items() if k != "hash"}
    body["prev_hash"] = prev_hash
    body["hash"] = hashlib.sha256(canonical(body)).hexdigest()
    return body


def expected_hash(envelope: dict) -> str:
    body = {k: v for k, v in envelope.items() if k != "hash"}
    return hashlib.sha256(canonical(body)).hexdigest()


def verify_chain(envelopes: Iterable[dict]) -> int | None:
    """The position (1-based, = the version it should carry) of the first envelope that breaks the chain
    or the numbering, or None if intact."""
    prev, version = GENESIS, 0
    for env in envelopes:
        version += 1
        if env.get("version") != version or env.get("prev_hash") != prev or env.get("hash") != expected_hash(env):
            return version
        prev = env["hash"]
    return None


def decode_event(game: Any, env: dict):
    """The domain event an envelope holds, upcast to its current version (platform or `game`'s own)."""
    kind = env["type"]
    cls = PLATFORM_EVENTS.get(kind)
    table = UPCASTERS
    if cls is None:
        cls = game.EVENTS.get(kind)
        table = getattr(game, "UPCASTERS", {})
    if cls is None:
        raise LookupError(f"unknown event type {kind!r} at version {env.get('version')}")
    return codec.from_wire(cls, upcast(kind, env["v"], env["payload"], cls.V, table))
