"""Snapshots: a cache of a game's folded table at some version, never the truth.

Written through the codec (events/codec.py `encode_typed`) as JSON, never pickled: a stored byte string
must never become code. Each record names its schema version, the version and hash of the event it stands
at (a snapshot that is not a prefix of the stream's history is ignored), and a fingerprint of the rules code
that folded it: one written by other rules, or by another schema, is ignored and rebuilt from events.

Stored deflated (a snapshot's JSON repeats the same names thousands of times: a 5-seat Istanbul table shrinks
about tenfold); a record written plain by an earlier release still reads. Only the newest snapshot and one every
`keep_every` versions are kept: older ones only served time travel, which folds a little further instead.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import pkgutil
import sys
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from domain import registry
from domain.table import TableState
from events.codec import DecodeError, decode_typed, encode_typed
from events.envelope import compact_json
from events.keys import key

SCHEMA = 1  # the record's layout below; bump it when the layout changes
DOMAIN = Path(__file__).resolve().parents[1] / "domain"


@dataclass(frozen=True)
class Snapshot:
    version: int
    head_hash: str
    table: TableState


@cache
def fingerprint(game_name: str) -> str:
    """Hash of the rules code that folds one game: its package (wherever it lives: a game may be registered from
    outside this tree), the table and the shared core, each file under its path (two files of one name in
    different packages are different files)."""
    game = registry.get(game_name)
    source = Path(game.__file__)
    # a package: every module in it; a game of one module: that file
    package = source.parent
    own = sorted(package.rglob("*.py")) if hasattr(game, "__path__") else [source]
    digest = hashlib.sha256()
    files = [(package, path) for path in own]
    files += [(DOMAIN, path) for path in sorted((DOMAIN / "table").rglob("*.py"))] + [(DOMAIN, DOMAIN / "core.py")]
    for root, path in files:
        if path.exists():
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@cache
def snapshot_types(game) -> dict[str, type]:
    """The classes a snapshot of `game` may name: the dataclasses and mapping types defined in the game's own
    package (and its STATE). A stored snapshot can construct these and nothing else."""
    package = game.__name__
    # every module of the package, imported first: which types a snapshot may name must not depend on what this
    # process happened to import before (a picture module's class once shadowed a state type only when drawn)
    for info in pkgutil.walk_packages(getattr(game, "__path__", []), package + "."):
        importlib.import_module(info.name)
    found: dict[str, type] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__.startswith(package) and (
                    dataclasses.is_dataclass(value) or issubclass(value, dict)):
                if found.setdefault(value.__name__, value) is not value:
                    raise TypeError(f"{package} defines two snapshot types named {value.__name__}")
    state = getattr(game, "STATE", None)
    if state is not None:
        found[state.__name__] = state
    return found


def encode(game, snap: Snapshot) -> bytes | None:
    """The record as deflated JSON, or None for a game that does not name its state class (STATE)."""
    if getattr(game, "STATE", None) is None:
        return None
    return zlib.compress(compact_json(
        {"schema": SCHEMA, "fingerprint": fingerprint(game.NAME), "version": snap.version, "hash": snap.head_hash,
         "table": encode_typed(TableState, snap.table, snapshot_types(game))}), 6)


def record_json(raw: bytes | str) -> bytes | str:
    """A stored record's JSON: inflated, or as it is when an earlier release wrote it plain."""
    if isinstance(raw, bytes) and raw[:1] != b"{":
        return zlib.decompress(raw)
    return raw


def decode(game, raw: bytes | str | None) -> Snapshot | None:
    """The snapshot, or None when it is missing, unreadable, of another schema or folded by other rules."""
    if raw is None or getattr(game, "STATE", None) is None:
        return None
    try:
        record = json.loads(record_json(raw))
        if record.get("schema") != SCHEMA or record.get("fingerprint") != fingerprint(game.NAME):
            return None
        table = decode_typed(TableState, record["table"], snapshot_types(game))
        return Snapshot(int(record["version"]), str(record["hash"]), table)
    except (ValueError, KeyError, TypeError, DecodeError, zlib.error):
        return None  # an unreadable cache entry is a miss


def kept_versions(stored: list[int], newest: int, keep_every: int) -> set[int]:
    """The versions whose snapshots stay once `newest` is saved beside `stored`: the newest, and the first of each
    run of keep_every versions (0: every one)."""
    if not keep_every:
        return {*stored, newest}
    first: dict[int, int] = {}
    for version in sorted([*stored, newest]):
        first.setdefault(version // keep_every, version)
    return set(first.values()) | {newest}


class Snapshots:
    """The newest snapshot (`…:snap`), plus by version (`…:snaps`, a hash) the newest again and earlier ones
    for each run of `keep_every` versions its first one (0: every one), so that time travel to a version starts from the nearest
    snapshot below it instead of from the first event."""

    def __init__(self, client, keep_every: int = 0):
        self.redis = client
        self.keep_every = keep_every
        self._at = client.register_script(_AT_LUA)

    def save(self, game_id: str, game: Any, snap: Snapshot) -> bool:
        record = encode(game, snap)
        if record is None:
            return False
        history = key(game_id, "snaps")
        stored = self.redis.hkeys(history)
        kept = kept_versions([int(v) for v in stored if v.isdigit()], snap.version, self.keep_every)
        dropped = [v for v in stored if not v.isdigit() or int(v) not in kept] if self.keep_every else []
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(key(game_id, "snap"), record)
        pipe.hset(history, str(snap.version), record)
        if dropped:
            pipe.hdel(history, *dropped)
        pipe.execute()
        return True

    def load(self, game_id: str, game: Any) -> Snapshot | None:
        name = key(game_id, "snap")  # BadId for an id of another form, as everywhere: it is no miss
        try:
            return decode(game, self.redis.get(name))
        except Exception:  # noqa: BLE001 - e.g. an old snapshot stored as a hash (WRONGTYPE): a miss
            return None

    def load_at(self, game_id: str, game: Any, until: int) -> Snapshot | None:
        """The newest readable snapshot at or below version `until`: found and read in one round trip (time travel
        then reads the log after it), or, if it does not decode, the next ones down, one by one."""
        # through redis-py's Script, not events/redis_scripts.py: the memory store imports this module and must load
        # no Redis client (a time travel's read, off a move's path)
        reply = self._at(keys=[key(game_id, "snaps")], args=[until])
        if not reply:
            return None
        snap = decode(game, reply[1])
        if snap is not None:
            return snap
        until = int(reply[0]) - 1
        versions = sorted((int(v) for v in self.redis.hkeys(key(game_id, "snaps")) if v.isdigit()), reverse=True)
        for version in (v for v in versions if v <= until):
            snap = decode(game, self.redis.hget(key(game_id, "snaps"), str(version)))
            if snap is not None:
                return snap
        return None

    def drop(self, game_id: str) -> None:
        self.redis.delete(key(game_id, "snap"), key(game_id, "snaps"))


# The newest snapshot at or below ARGV[1] in the history hash KEYS[1] (fields are versions in decimal):
# {version, record}, or an empty reply when there is none.
_AT_LUA = """
local best
for _, field in ipairs(redis.call("HKEYS", KEYS[1])) do
  if string.match(field, "^%d+$") then
    local version = tonumber(field)
    if version <= tonumber(ARGV[1]) and (best == nil or version > best) then best = version end
  end
end
if best == nil then return {} end
return {best, redis.call("HGET", KEYS[1], tostring(best))}
"""
