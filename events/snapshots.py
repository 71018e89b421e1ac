"""Snapshots: a cache of a game's folded state at some version, never the truth.

Stored in the game's own hash-tagged key with the version, that event's hash (so a snapshot that is not a
prefix of the stream's history is detected and ignored), the draw count, and a fingerprint of the rules
code that folded it: a snapshot written by other rules (an older schema) is ignored and rebuilt.
States are pickled: they are our own frozen dataclasses, written only by this service into its own Redis.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from events.store import key

DOMAIN = Path(__file__).resolve().parents[1] / "domain"


@dataclass(frozen=True)
class Snapshot:
    version: int
    head_hash: str
    draws: int
    state: Any


@lru_cache(maxsize=None)
def fingerprint(game_name: str) -> str:
    """Hash of the rules code of one game (its package, the shared core and the platform events)."""
    digest = hashlib.sha256()
    files = sorted((DOMAIN / game_name).rglob("*.py")) + [DOMAIN / "core.py"]
    for path in files:
        if path.exists():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class Snapshots:
    """The newest snapshot (`…:snap`), plus every earlier one by version (`…:snaps`, a hash) so that time
    travel to any version starts from the nearest snapshot below it instead of from the first event."""

    def __init__(self, client):
        self.redis = client

    def save(self, game_id: str, game_name: str, snap: Snapshot) -> None:
        record = {"version": snap.version, "hash": snap.head_hash, "draws": snap.draws,
                  "fingerprint": fingerprint(game_name), "state": pickle.dumps(snap.state, protocol=5)}
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(key(game_id, "snap"), mapping=record)
        pipe.hset(key(game_id, "snaps"), str(snap.version), pickle.dumps(record, protocol=5))
        pipe.execute()

    def load(self, game_id: str, game_name: str) -> Snapshot | None:
        raw = self.redis.hgetall(key(game_id, "snap"))
        return _snapshot({k.decode(): v for k, v in raw.items()}, game_name) if raw else None

    def load_at(self, game_id: str, game_name: str, until: int) -> Snapshot | None:
        """The newest snapshot at or below version `until`."""
        versions = [int(v) for v in self.redis.hkeys(key(game_id, "snaps"))]
        below = [v for v in versions if v <= until]
        if not below:
            return None
        blob = self.redis.hget(key(game_id, "snaps"), str(max(below)))
        try:
            record = pickle.loads(blob)
        except Exception:  # noqa: BLE001 - an unreadable cache entry is a miss
            return None
        return _snapshot({k: (v.encode() if isinstance(v, str) else v) for k, v in record.items()}, game_name)

    def drop(self, game_id: str) -> None:
        self.redis.delete(key(game_id, "snap"), key(game_id, "snaps"))


def _snapshot(raw: dict, game_name: str) -> Snapshot | None:
    def text(value) -> str:
        return value.decode() if isinstance(value, bytes) else str(value)

    if text(raw.get("fingerprint", b"")) != fingerprint(game_name):
        return None  # folded by other rules (an older release): rebuild
    try:
        state = pickle.loads(raw["state"])
    except Exception:  # noqa: BLE001 - an unreadable cache entry is a miss
        return None
    return Snapshot(int(text(raw["version"])), text(raw["hash"]), int(text(raw["draws"])), state)
