"""How an envelope is laid out in a stream entry: the entry's one field name says which layout it is in.

- `e` (layout 1, every release before this one): the whole envelope as JSON, chain fields included.
- `z1` (layout 2): only what cannot be recomputed, as compact JSON, deflated with preset dictionary 1.
  Left out: `game` (the stream's key names it), `version` (the entry id is `0-<version>`), `prev_hash` (the
  hash of the entry before), `hash` (recomputed from the chain body, see events/envelope.py), and `sealed`
  (recomputed from the game's seed, which the store keeps in the game's meta record). Every CHECKPOINT-th
  entry keeps its own `hash`: a reader starts from the nearest checkpoint instead of the first event, and a
  recomputed hash that differs from a stored one means the log was altered (`ChainBroken`).
- `zs2` (layout 3, what is written now): the same compact JSON, compressed by Zstandard with dictionary 2, a
  frame without magic number, checksum or dictionary id (the field says all three), with its content size.
  Deflate's dictionary-primed state was copied for every entry (256 KB): 9 us an entry, a twentieth of a move's
  CPU; Zstandard with its digested dictionary takes under 1 us, and a dictionary trained on entries of every box
  makes them 4-17% smaller (Istanbul's 34-36 bytes against 36-43, Jaipur's 49 against 55).

The public format does not change: `unpack` gives back the envelope exactly as layout 1 held it, key order
included (exports are byte-for-byte the same). `pack` proves that on every entry it is given from elsewhere (an
import, a creation) by unpacking what it packed; an envelope that would not come back identical (say, an
imported one with fields in another order) is written in layout 1 instead. Envelopes sealed in the same call
are identical by construction. Every layout is read forever, and one stream may hold several (a game begun by an
earlier release goes on in layout 3).

Dictionaries are frozen data: entries written with one can only be read with it. Dictionary 1
(`layout-dictionary-1.ndjson`) is sample events of every title at the time it was made; dictionary 2
(`layout-dictionary-2.zstd`) was trained on the entries of random games of every box by
tests/support/layout_dictionary.py. A better dictionary is a new marker, never an edit.
"""

from __future__ import annotations

import functools
import json
import re
import zlib
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any

import orjson
import zstandard

from events.envelope import compact_json, expected_hash, is_private, sealed_digest

FULL = b"e"  # layout 1
DEFLATED = b"z1"  # layout 2, dictionary 1: read forever, written no more
COMPACT = b"zs2"  # layout 3, dictionary 2: what `pack` writes
CHECKPOINT = 16  # every entry whose version is a multiple of this keeps its hash

DICTIONARY = resources.files("events").joinpath("layout-dictionary-1.ndjson").read_bytes()
# digested once: every compressor and decompressor of the process shares it, read-only
DICTIONARY_2 = zstandard.ZstdCompressionDict(resources.files("events").joinpath("layout-dictionary-2.zstd").read_bytes(),
                                             dict_type=zstandard.DICT_TYPE_FULLDICT)
# Envelope fields in the order the store has always written them; the compact keys stand in for them.
ORDER = ("type", "v", "at", "seat", "command", "visibility", "payload", "auto")
SHORT = {"type": "t", "v": "v", "at": "a", "seat": "s", "command": "c", "visibility": "i", "payload": "p",
         "auto": "u"}
DEFAULTS = {"seat": None, "command": None, "visibility": "public"}  # left out of the entry when they hold these
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class ChainBroken(Exception):
    """A stored checkpoint hash differs from the one recomputed from the entries before it."""

    def __init__(self, version: int):
        super().__init__(f"the stored hash at version {version} does not match the chain")
        self.version = version


def pack(env: dict, game_id: str, prev_hash: str, seed: str | None, proven: bool = False) -> tuple[bytes, bytes]:
    """(field, value) of the stream entry that stores `env`, whose predecessor's hash is `prev_hash`.

    `proven`: the envelope was sealed just now from the game's seed (events/envelope.py `seal`), so its chain
    fields are what unpacking recomputes by construction, and the proof by unpacking is skipped (it costs as
    much as the packing, on every move).
    """
    try:
        compact = _compact(env)
        if compact is not None:
            value = _compress(compact)
            if proven:
                return COMPACT, value
            back = unpack(COMPACT, value, game_id, env["version"], prev_hash, seed)
            if back == env and list(back) == list(env):
                return COMPACT, value
    except (ValueError, TypeError, KeyError, zstandard.ZstdError):
        pass  # not representable compactly: layout 1 keeps it verbatim
    return FULL, json.dumps(env).encode()


def unpack(field: bytes, value: bytes, game_id: str, version: int, prev_hash: str, seed: str | None) -> dict:
    """The envelope a stream entry stores (raises ChainBroken when a stored checkpoint does not match)."""
    if field == FULL:
        return json.loads(value)
    compact, plain = _loads(_expanded(field, value, version))
    env = {}
    for name in ORDER:
        short = SHORT[name]
        if short in compact:
            env[name] = compact[short]
        elif name in DEFAULTS:
            env[name] = DEFAULTS[name]
    if isinstance(env.get("at"), int):
        env["at"] = timestamp(env["at"])
    env["game"] = game_id
    env["version"] = version
    env["prev_hash"] = prev_hash
    if is_private(env):
        if seed is None:
            raise ValueError(f"the private event at version {version} needs the game's seed")
        env["sealed"] = sealed_digest(seed, env, plain)
    env["hash"] = expected_hash(env, plain)  # what it adds (ids, hashes, `at`) holds no float either
    if "h" in compact and compact["h"] != env["hash"]:
        raise ChainBroken(version)
    return env


def stamp(field: bytes, value: bytes) -> str | None:
    """When the event an entry stores was recorded (its `at`), read without the chain around it."""
    if field == FULL:
        return json.loads(value).get("at")
    if field not in _EXPAND:
        return None
    at = _loads(_EXPAND[field](value))[0].get(SHORT["at"])
    return timestamp(at) if isinstance(at, int) else at


def checkpoint_hash(field: bytes, value: bytes) -> str | None:
    """The hash an entry keeps of itself (layout 1 always, layouts 2 and 3 at checkpoints), or None."""
    if field == FULL:
        return json.loads(value).get("hash")
    if field in _EXPAND:
        return _loads(_EXPAND[field](value))[0].get("h")
    return None


def _compact(env: dict) -> bytes | None:
    keys = [k for k in ORDER if k in env]
    chain = ["game", "version", "prev_hash", *(["sealed"] if "sealed" in env else []), "hash"]
    if list(env) != keys + chain or any(k not in env for k in ORDER[:7]):
        return None  # not the order (or the fields) the store writes: keep it verbatim
    compact = {}
    for name in keys:
        value = env[name]
        if name in DEFAULTS and value == DEFAULTS[name]:
            continue
        if name == "at":
            value = _millis(value)
        compact[SHORT[name]] = value
    if env["version"] % CHECKPOINT == 0:
        compact["h"] = env["hash"]
    # orjson only for a plain entry: it writes NaN and Infinity as null, and an option a client sent as NaN (the
    # stdlib parses it) would read back as another event than the one sealed.
    return compact_json(compact)


def _loads(data: bytes) -> tuple[Any, bool]:
    """Our own compact JSON, and whether it is plain: no float, NaN or Infinity (a float literal always has a
    digit just before its `.`, `e` or `E`), so its envelope's hash may be computed by `canonical_plain`.
    orjson reads it at a fifth of the stdlib's cost, but not a number of 19 digits or more: orjson reads an
    integer beyond 64 bits as a float, which would change the event (and its hash). Such an entry is read by the
    stdlib, exactly, as is anything orjson refuses (NaN among them)."""
    if _NOT_PLAIN.search(data) is None:
        try:
            return orjson.loads(data), True
        except orjson.JSONDecodeError:
            pass
    return json.loads(data), False


_NOT_PLAIN = re.compile(rb"[0-9]{19}|[0-9][.eE]|NaN|Infinity")


def _millis(at) -> int | str:
    """A timestamp as milliseconds since 1970 when it reads back as the same string, else the string."""
    if not isinstance(at, str):
        return at
    try:
        parsed = datetime.fromisoformat(at)
    except ValueError:
        return at
    if parsed.tzinfo is None:
        return at
    delta = parsed - EPOCH
    millis = (delta.days * 86400 + delta.seconds) * 1000 + delta.microseconds // 1000
    return millis if timestamp(millis) == at else at


def timestamp(millis: int) -> str:
    """Milliseconds since 1970 as the ISO 8601 UTC text events carry (`2026-12-04T08:00:00.123Z`)."""
    seconds, part = divmod(millis, 1000)
    return f"{_second(seconds)}.{part:03d}Z"


@functools.lru_cache(maxsize=4096)
def _second(seconds: int) -> str:
    """The timestamp of a whole second: a game's events share their seconds, and formatting a datetime took a
    tenth of the time a read spends on each event."""
    return (EPOCH + timedelta(seconds=seconds)).isoformat().removesuffix("+00:00")


def _inflate(data: bytes) -> bytes:
    """A layout 2 entry's compact JSON."""
    inflate = zlib.decompressobj(-15, DICTIONARY)  # cheaper primed afresh than copied
    return inflate.decompress(data) + inflate.flush()


# Zstandard's contexts may not be used by two threads at once (the worker's jobs, bots and sweep run in threads):
# each use takes one from a free list and gives it back, under the GIL. Greenlets never interleave inside a call,
# so a gevent worker needs one or two; the digested dictionary is shared, read-only.
_FORMAT = zstandard.FORMAT_ZSTD1_MAGICLESS
_LEVEL = 3  # Zstandard's default: levels 1-3 take the same time here
DICTIONARY_2.precompute_compress(level=_LEVEL)
_PARAMETERS = zstandard.ZstdCompressionParameters.from_level(_LEVEL, format=_FORMAT, write_checksum=0,
                                                             write_dict_id=0, write_content_size=1)


class _Contexts:
    """`use(context, data)` on a context no other thread holds: one from the free list, else a new one."""

    def __init__(self, make, use):
        self.free: list = []
        self.make, self.use = make, use

    def __call__(self, data: bytes) -> bytes:
        try:
            context = self.free.pop()
        except IndexError:
            context = self.make()
        try:
            return self.use(context, data)
        finally:
            self.free.append(context)


# layout 3's value of an entry's compact JSON, and back
_compress = _Contexts(functools.partial(zstandard.ZstdCompressor, dict_data=DICTIONARY_2,
                                        compression_params=_PARAMETERS), zstandard.ZstdCompressor.compress)
_decompress = _Contexts(functools.partial(zstandard.ZstdDecompressor, dict_data=DICTIONARY_2, format=_FORMAT),
                        zstandard.ZstdDecompressor.decompress)


_EXPAND = {DEFLATED: _inflate, COMPACT: _decompress}  # layout -> its value's compact JSON


def _expanded(field: bytes, value: bytes, version: int) -> bytes:
    expand = _EXPAND.get(field)
    if expand is None:
        raise ValueError(f"unknown entry layout {field!r} at version {version}")
    try:
        return expand(value)
    except (zlib.error, zstandard.ZstdError) as err:
        raise ValueError(f"entry {version} is not a valid {field.decode()} value: {err}") from None
