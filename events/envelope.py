"""The stored form of an event: the domain event's wire form wrapped in what the store adds.

`{"game", "version", "type", "v", "at", "seat", "visibility", "payload", "command", "prev_hash", "hash"}`
(plus `sealed` on events some seat may not see). `hash` is SHA-256 over the canonical JSON (sorted keys, no
spaces, UTF-8) of the envelope's *chain body*, `prev_hash` included, so each event commits to the whole log
before it: altering, removing or reordering one breaks the chain from that point (see `verify_chain`).
The first event's `prev_hash` is GENESIS.

Hidden content is committed, never hashed bare. A hidden value has little entropy (a bonus card is one of 10
faces), so a plain hash over it lets anyone holding the hash recover it by trying each candidate. For an event
whose visibility is not "public", the private fields (PRIVATE: payload, command, auto) are therefore replaced
in the chain body by `sealed` = HMAC-SHA256(key = HMAC-SHA256(seed, "bazaar/seal/<version>"), canonical
private fields). Without the game's secret seed nobody can test a guess; once the seed is revealed at the end,
anyone can recompute every `sealed` from the complete export (`check_sealed`). Redacted copies keep `sealed`,
`hash` and `prev_hash`, so every seat and spectator can check the chain while the game runs.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from typing import Any

import orjson

from domain.table.events import EVENTS as PLATFORM_EVENTS
from domain.table.events import Recorded
from events import codec
from events.upcasters import UPCASTERS, upcast

GENESIS = "0" * 64
PRIVATE = ("payload", "command", "auto")
_NOT_HASHED = ("hash", "redacted")


def canonical(doc: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8: the bytes the chain's hashes and commitments are defined over (the
    stdlib's `json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`), written by orjson
    when `doc` is plain (see canonical_plain) and by the stdlib otherwise."""
    return _written(doc, True, is_plain(doc))


def canonical_plain(doc: Any) -> bytes:
    """`canonical(doc)` for a doc known to hold no float (nor NaN or Infinity), at a tenth of the cost: orjson
    writes exactly the stdlib's bytes for strings, booleans, null, lists, dicts with string keys (sorted alike:
    UTF-8 order is code point order) and integers of 64 bits; it refuses the rest, which the stdlib then writes.
    Floats are the one type the two may write differently (`0.00001` against `1e-05`), hence the caller's promise."""
    return _written(doc, True, True)


def compact_json(doc: Any) -> bytes:
    """`json.dumps(doc, separators=(",", ":"), ensure_ascii=False)` in UTF-8, keys in their order: by orjson
    when `doc` is plain, as canonical_plain (orjson would write NaN as null, and a float its own way)."""
    return _written(doc, False, is_plain(doc))


def _written(doc: Any, sort_keys: bool, plain: bool) -> bytes:
    """The stdlib's compact UTF-8 JSON of `doc`, by orjson where `plain` vouches for its bytes."""
    if plain:
        try:
            return orjson.dumps(doc, option=orjson.OPT_SORT_KEYS if sort_keys else 0)
        except TypeError:  # orjson.JSONEncodeError: an integer beyond 64 bits, a key that is not a string, ...
            pass
    return json.dumps(doc, sort_keys=sort_keys, separators=(",", ":"), ensure_ascii=False).encode()


def is_plain(doc: Any) -> bool:
    """No float anywhere, and only exact `str`, `int`, `bool`, None, lists, tuples and dicts with `str` keys:
    the values orjson writes exactly as the stdlib does. Walking an envelope costs about a third of what the
    stdlib takes to write it; subclasses (enums) are not plain, only to keep the promise simple."""
    stack = [doc]
    pop, extend = stack.pop, stack.extend
    while stack:
        value = pop()
        kind = type(value)
        if kind is str or kind is int or kind is bool or value is None:
            continue
        if kind is dict:
            for key in value:
                if type(key) is not str:
                    return False
            extend(value.values())
        elif kind is list or kind is tuple:
            extend(value)
        else:
            return False
    return True


def is_private(envelope: dict) -> bool:
    return envelope.get("visibility", "public") != "public"


def sealed_digest(seed: str, envelope: dict, plain: bool = False) -> str:
    """The commitment to an envelope's private fields, keyed by the game's seed and the event's version (`plain`:
    they hold no float, see canonical_plain)."""
    key = hmac.new(seed.encode(), f"bazaar/seal/{envelope['version']}".encode(), hashlib.sha256).digest()
    private = {name: envelope[name] for name in PRIVATE if name in envelope}
    return hmac.new(key, (canonical_plain if plain else canonical)(private), hashlib.sha256).hexdigest()


def chain_body(envelope: dict) -> dict:
    """What `hash` covers: everything but the hash itself, with private fields stood in for by `sealed`."""
    sealed = "sealed" in envelope
    return {k: v for k, v in envelope.items() if k not in _NOT_HASHED and not (sealed and k in PRIVATE)}


def seal(doc: dict, prev_hash: str, seed: str | None = None) -> dict:
    """The envelope with its chain fields set (and `sealed`, for a private event: needs the seed)."""
    body = {k: v for k, v in doc.items() if k not in ("hash", "sealed", "redacted")}
    body["prev_hash"] = prev_hash
    plain = is_plain(body)  # asked once: what sealing adds (two hex digests) changes nothing
    if is_private(body):
        if seed is None:
            raise ValueError("a private event is sealed with the game's seed")
        body["sealed"] = sealed_digest(seed, body, plain)
    body["hash"] = expected_hash(body, plain)
    return body


def expected_hash(envelope: dict, plain: bool = False) -> str:
    """`plain`: the envelope holds no float (see canonical_plain), as the store knows of what it reads."""
    return hashlib.sha256((canonical_plain if plain else canonical)(chain_body(envelope))).hexdigest()


def check_sealed(envelope: dict, seed: str) -> bool:
    """True if a complete (unredacted) envelope's `sealed` commits to its private fields under `seed`."""
    if not is_private(envelope):
        return "sealed" not in envelope
    return hmac.compare_digest(str(envelope.get("sealed", "")), sealed_digest(seed, envelope))


def verify_chain(envelopes: Iterable[dict]) -> int | None:
    """The position (1-based, = the version it should carry) of the first envelope that breaks the chain
    or the numbering, or None if intact. Works on redacted exports too (private parts count through
    `sealed`)."""
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


def document(recorded, visibility: str, command: dict | None = None, auto: dict | None = None) -> dict:
    """The envelope fields a recorded event brings (the store adds game, version and the chain)."""
    event = recorded.event
    doc = {"type": event.TYPE, "v": event.V, "at": recorded.at, "seat": recorded.seat, "command": command,
           "visibility": visibility, "payload": codec.to_wire(event)}
    if auto is not None:
        doc["auto"] = auto
    return doc


def recorded_from(game: Any, env: dict):
    """The Recorded an envelope holds (for folding): event, seat and time."""
    return Recorded(decode_event(game, env), env.get("seat"), env.get("at", ""))
