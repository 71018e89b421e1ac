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
    def __init__(self, client):
        self.redis = client

    def save(self, game_id: str, game_name: str, snap: Snapshot) -> None:
        self.redis.hset(key(game_id, "snap"), mapping={
            "version": snap.version, "hash": snap.head_hash, "draws": snap.draws,
            "fingerprint": fingerprint(game_name), "state": pickle.dumps(snap.state, protocol=5)})

    def load(self, game_id: str, game_name: str) -> Snapshot | None:
        raw = self.redis.hgetall(key(game_id, "snap"))
        if not raw or raw.get(b"fingerprint", b"").decode() != fingerprint(game_name):
            return None
        try:
            state = pickle.loads(raw[b"state"])
        except Exception:  # noqa: BLE001 - an unreadable cache entry is a miss
            return None
        return Snapshot(int(raw[b"version"]), raw[b"hash"].decode(), int(raw[b"draws"]), state)

    def drop(self, game_id: str) -> None:
        self.redis.delete(key(game_id, "snap"))
