"""The store of games in one process's memory (events/store.py), for the service's tests where Redis is not what
they test (tests/support/service.py `InProcess.in_memory`). It passes the same contract tests as the Redis store
(tests/integration/test_store_contract.py); it keeps nothing beyond its process and imports no Redis.

Each rule a Redis script keeps in one atomic step is kept here under one lock: the idempotency key, then the seat's
token, then the version are checked and the events appended with nothing between them, as events/append.lua does;
a game is created only if its id has neither facts nor events, as events/create.lua does; an index entry never
replaces a newer one. Envelopes are kept as the JSON text a Redis entry of layout 1 holds, so every read hands out
fresh copies, and what JSON changes (a tuple read back is a list) changes as it does there.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from events.envelope import GENESIS
from events.ids import checked, is_id
from events.snapshots import Snapshot, decode, encode, kept_versions
from events.store import STATUSES, Appended, GameExists, Store, TokenReplaced, VersionConflict, Window, finished_at, seal_all


@dataclass
class _Game:
    meta: dict[str, str] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)  # each envelope's JSON, version n at index n - 1
    head: str = GENESIS  # the newest envelope's hash
    idem: dict[str, Appended] = field(default_factory=dict)  # idempotency key -> what its first append appended
    seats: dict[int, str] = field(default_factory=dict)  # replaced seat tokens: seat -> hash of the current one


class MemoryGames:
    """What a game's log and facts share (in Redis, one hash tag): the games, under one lock, whose condition a
    tail waits on for the next append."""

    def __init__(self):
        self.changed = threading.Condition()
        self._games: dict[str, _Game] = {}

    def get(self, game_id: str) -> _Game:
        """The game to read (an empty one if unknown); call with the lock held."""
        return self._games.get(checked(game_id)) or _Game()

    def made(self, game_id: str) -> _Game:
        """The game to write (made if unknown: as a Redis key is by a write into it); call with the lock held."""
        return self._games.setdefault(checked(game_id), _Game())

    def known(self) -> list[str]:
        with self.changed:
            return [game_id for game_id, game in self._games.items() if game.meta]


class MemoryGameLog:
    def __init__(self, games: MemoryGames):
        self.games = games

    def create(self, game_id: str, meta: dict[str, str], sealed: list[dict]) -> Appended:
        stored = [json.dumps(env) for env in sealed]
        with self.games.changed:
            game = self.games.made(game_id)
            if game.meta or game.events:
                raise GameExists(game_id)
            game.meta, game.events = dict(meta), stored
            game.head = sealed[-1]["hash"] if sealed else GENESIS
            self.games.changed.notify_all()
        return Appended(1, len(stored))

    def append(self, game_id: str, docs: list[dict], expected_version: int, prev_hash: str,
               idempotency_key: str | None = None, fingerprint: str = "", seed: str | None = None,
               seat_token: tuple[int, str] | None = None) -> tuple[Appended, list[dict]]:
        sealed = seal_all(game_id, docs, expected_version, prev_hash, seed)
        stored = [json.dumps(env) for env in sealed]
        with self.games.changed:
            game = self.games.made(game_id)
            if idempotency_key and idempotency_key in game.idem:
                return game.idem[idempotency_key], []
            if seat_token is not None and game.seats.get(seat_token[0], seat_token[1]) != seat_token[1]:
                raise TokenReplaced(game_id)
            if len(game.events) != expected_version:
                raise VersionConflict(expected_version, len(game.events))
            game.events.extend(stored)
            if sealed:
                game.head = sealed[-1]["hash"]
            if idempotency_key:
                game.idem[idempotency_key] = Appended(expected_version + 1, len(game.events), True, fingerprint)
            self.games.changed.notify_all()
        return Appended(expected_version + 1, expected_version + len(stored), False, fingerprint), sealed

    def seen(self, game_id: str, idempotency_key: str) -> Appended | None:
        with self.games.changed:
            return self.games.get(game_id).idem.get(idempotency_key)

    def version(self, game_id: str) -> int:
        with self.games.changed:
            return len(self.games.get(game_id).events)

    def versions(self, game_ids: list[str]) -> list[int]:
        with self.games.changed:
            return [len(self.games.get(game_id).events) for game_id in game_ids]

    def heads(self, game_ids: list[str]) -> list[tuple[int, str | None]]:
        with self.games.changed:
            games = [self.games.get(game_id).events for game_id in game_ids]
        return [(len(events), json.loads(events[-1])["at"] if events else None) for events in games]

    def read(self, game_id: str, after: int = 0, until: int | None = None, limit: int | None = None) -> list[dict]:
        return self.windows(game_id, [(after, until, limit)])[0][0]

    def windows(self, game_id: str, windows: Sequence[Window], seats: bool = False, seed: str | None = None
                ) -> tuple[list[list[dict]], dict[int, str]]:
        with self.games.changed:
            game = self.games.get(game_id)
            texts = [game.events[after:until][:limit] for after, until, limit in windows]
            replaced = dict(game.seats) if seats else {}
        return [[json.loads(text) for text in window] for window in texts], replaced

    def tail(self, game_id: str, after: int, block_ms: int, count: int | None = None) -> list[dict]:
        """block_ms 0 waits for ever, as XREAD BLOCK 0 does."""
        with self.games.changed:
            self.games.changed.wait_for(lambda: len(self.games.get(game_id).events) > after,
                                        block_ms / 1000 if block_ms else None)
            texts = self.games.get(game_id).events[after:][:count]
        return [json.loads(text) for text in texts]

    def head_hash(self, game_id: str) -> str:
        with self.games.changed:
            return self.games.get(game_id).head


class MemoryGameFacts:
    def __init__(self, games: MemoryGames):
        self.games = games

    def meta(self, game_id: str) -> dict[str, str]:
        with self.games.changed:
            return dict(self.games.get(game_id).meta)

    def replaced_seat_tokens(self, game_id: str) -> dict[int, str]:
        with self.games.changed:
            return dict(self.games.get(game_id).seats)

    def replace_seat_token(self, game_id: str, seat: int, digest: str) -> None:
        with self.games.changed:
            self.games.made(game_id).seats[int(seat)] = digest

    def game_ids(self) -> Iterable[str]:
        return self.games.known()


class MemoryGameIndex:
    def __init__(self):
        self._lock = threading.Lock()
        self._entries: dict[str, str] = {}  # id -> entry JSON
        self._ids: dict[str | None, set[str]] = {None: set(), **{status: set() for status in STATUSES}}
        self._due: dict[str, float] = {}  # finished, unarchived: id -> when it finished

    def record(self, game_id: str, entry: dict) -> None:
        checked(game_id)
        text, due = json.dumps(entry), finished_at(entry)
        with self._lock:
            current = self._entries.get(game_id)
            if current is not None and json.loads(current).get("version", 0) > entry["version"]:
                return
            self._entries[game_id] = text
            self._ids[None].add(game_id)
            for status in STATUSES:
                self._ids[status].discard(game_id)
            if entry.get("status") in STATUSES:
                self._ids[entry["status"]].add(game_id)
            if due is None:
                self._due.pop(game_id, None)
            else:
                self._due[game_id] = due

    def record_players(self, game_id: str, players: Iterable[str | None]) -> None:
        for player in {p for p in players if p}:
            key = f"player:{checked(player)}"
            with self._lock:
                self._ids.setdefault(key, set()).add(checked(game_id))

    def list_games(self) -> dict[str, dict]:
        with self._lock:
            return {gid: json.loads(text) for gid, text in self._entries.items() if is_id(gid)}

    def page_games(self, status: str | None = None, after: str | None = None, limit: int = 100,
                   player: str | None = None) -> tuple[list[dict], str | None]:
        if status is not None and status not in STATUSES:
            return [], None
        with self._lock:
            ids = sorted(i for i in self._ids.get(f"player:{player}" if player else status, ()) if not after or i > after)
            more, ids = len(ids) > limit, ids[:limit]
            found = [(gid, self._entries.get(gid)) for gid in ids]
        entries = [{"id": gid, **json.loads(text)} for gid, text in found if text is not None and is_id(gid)]
        if player and status:
            entries = [e for e in entries if e.get("status") == status]
        return entries, (ids[-1] if more else None)

    def due_for_archive(self, finished_before: float, limit: int = 500) -> list[tuple[str, dict | None]]:
        with self._lock:
            due = sorted((at, gid) for gid, at in self._due.items() if at <= finished_before)[:limit]
            return [(gid, json.loads(self._entries[gid]) if gid in self._entries else None) for _at, gid in due]

    def not_due_for_archive(self, game_id: str) -> None:
        with self._lock:
            self._due.pop(game_id, None)


class MemorySnapshots:
    """Records encoded as the Redis cache encodes them (events/snapshots.py), so the same ones are refused."""

    def __init__(self, keep_every: int = 0):
        self.keep_every = keep_every
        self._lock = threading.Lock()
        self._newest: dict[str, bytes] = {}
        self._history: dict[str, dict[int, bytes]] = {}

    def save(self, game_id: str, game: Any, snap: Snapshot) -> bool:
        record = encode(game, snap)
        if record is None:
            return False
        with self._lock:
            self._newest[checked(game_id)] = record
            history = self._history.setdefault(game_id, {})
            kept = kept_versions(list(history), snap.version, self.keep_every)
            history[snap.version] = record
            for version in [v for v in history if v not in kept]:
                del history[version]
        return True

    def load(self, game_id: str, game: Any) -> Snapshot | None:
        with self._lock:
            record = self._newest.get(checked(game_id))
        return decode(game, record)

    def load_at(self, game_id: str, game: Any, until: int) -> Snapshot | None:
        with self._lock:
            history = dict(self._history.get(checked(game_id), {}))
        for version in sorted((v for v in history if v <= until), reverse=True):
            snap = decode(game, history[version])
            if snap is not None:
                return snap
        return None

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._newest.pop(checked(game_id), None)
            self._history.pop(game_id, None)


def memory_store(snapshot_keep_every: int = 1000) -> Store:
    """A store of its own (nothing shared with another), without an archive."""
    games = MemoryGames()
    return Store(MemoryGameLog(games), MemoryGameFacts(games), MemoryGameIndex(), MemorySnapshots(snapshot_keep_every))
