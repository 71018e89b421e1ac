"""A game's log on Redis Streams (events/store.py `GameLog`): one stream per game (events/keys.py), created with the
game's facts by events/create.lua and appended by events/append.lua, compare-and-append in one script each.

Entries are laid out by events/layout.py: a compact entry keeps no hash, so a read recomputes the chain from the
hash before its window: remembered (the head each game's reads and appends met), or recomputed from the nearest
checkpoint below, read in the same round trip as the window. A finished game moved to the archive
(events/archive.py `ArchivedGames`) is read from there, verified, as if it were still in Redis.
"""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from importlib import resources
from typing import Any

import redis
from redis.cluster import RedisCluster

from events.archive import ArchivedGames
from events.envelope import GENESIS
from events.keys import key
from events.layout import CHECKPOINT, FULL, checkpoint_hash, pack, stamp, unpack
from events.redis_facts import replaced_tokens
from events.redis_scripts import run_script
from events.store import Appended, GameExists, TokenReplaced, VersionConflict, Window, seal_all

UNREAD = object()  # `_hash_at` without the game's seed: it reads it if the entries need it


class RedisGameLog:
    def __init__(self, client: redis.Redis, stream_client: redis.Redis | None = None,
                 archived: ArchivedGames | None = None):
        self.redis = client
        self.stream_redis = stream_client or client  # blocking reads (tail) need a longer socket timeout
        self.archived = archived  # where finished games went (None: nowhere)
        # Each append is published on its game's live channel (events/redis_live.py), except on a Redis Cluster:
        # there PUBLISH goes to every node of the cluster (Redis 6), so live streams read with XREAD (`tail`).
        self.publishes = not isinstance(client, RedisCluster)
        # Pub/Sub channels are the server's, not a database's: the channel names the database too, so that
        # deployments sharing one Redis in databases of their own never hear each other's games
        self._database = int(client.connection_pool.connection_kwargs.get("db") or 0) if self.publishes else 0
        scripts = resources.files("events")
        self._append = client.register_script(scripts.joinpath("append.lua").read_text())
        self._create = client.register_script(scripts.joinpath("create.lua").read_text())
        self._heads = _Heads()
        self._written = _Written()

    # --- writing -----------------------------------------------------------------------------------

    def create(self, game_id: str, meta: dict[str, str], sealed: list[dict]) -> Appended:
        reply = run_script(self._create, [key(game_id, "meta"), key(game_id, "events")],
                     [json.dumps(meta), *_pack(game_id, sealed, GENESIS, meta.get("seed"))])
        if int(reply[0]) == 0:
            raise GameExists(game_id)
        if sealed:
            self._heads.put(game_id, sealed[-1]["version"], sealed[-1]["hash"])
        return Appended(1, int(reply[1]))

    def append(self, game_id: str, docs: list[dict], expected_version: int, prev_hash: str,
               idempotency_key: str | None = None, fingerprint: str = "", seed: str | None = None,
               seat_token: tuple[int, str] | None = None) -> tuple[Appended, list[dict]]:
        sealed = seal_all(game_id, docs, expected_version, prev_hash, seed)
        # sealed just now from the seed: their chain fields are what unpacking recomputes (layout.pack)
        packed = _pack(game_id, sealed, prev_hash, seed, proven=True)
        channel = self.live_channel(game_id) if self.publishes else ""
        reply = run_script(
            self._append, [key(game_id, "events"), key(game_id, "idem"), key(game_id, "seats")],
            [expected_version, idempotency_key or "", fingerprint,
             f"{seat_token[0]}:{seat_token[1]}" if seat_token else "", channel, *packed],
        )
        status = int(reply[0])
        if status == 3:
            raise TokenReplaced(game_id)
        if status == 0:
            raise VersionConflict(expected_version, int(reply[1]))
        if status == 2:
            return Appended(int(reply[1]), int(reply[2]), True, _text(reply[3])), []
        if sealed:
            self._heads.put(game_id, sealed[-1]["version"], sealed[-1]["hash"])
            self._written.put(game_id, {env["version"]: (packed[2 * n], packed[2 * n + 1], env)
                                        for n, env in enumerate(sealed)})
        return Appended(expected_version + 1, int(reply[1]), False, fingerprint), sealed

    def seen(self, game_id: str, idempotency_key: str) -> Appended | None:
        raw = self.redis.hget(key(game_id, "idem"), idempotency_key)
        if raw is None:
            return None
        first, last, fingerprint = _text(raw).split(":", 2)  # as append.lua writes it
        return Appended(int(first), int(last), True, fingerprint)

    def forget(self, game_id: str) -> None:
        """The game left Redis (the archive took it): its remembered head goes too."""
        self._heads.forget(game_id)
        self._written.forget(game_id)

    # --- reading -----------------------------------------------------------------------------------

    def version(self, game_id: str) -> int:
        version = int(self.redis.xlen(key(game_id, "events")))
        if version == 0 and self.archived is not None:
            archived = self.archived.get(game_id)
            return len(archived[1]) if archived else 0
        return version

    def versions(self, game_ids: list[str]) -> list[int]:
        """In one pipelined round trip (not a transaction: a cluster client splits it by node); an archived game
        counts 0 here."""
        if not game_ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.xlen(key(game_id, "events"))
        return [int(n) for n in pipe.execute()]

    def heads(self, game_ids: list[str]) -> list[tuple[int, str | None]]:
        """In one pipelined round trip, as `versions`; an archived game counts (0, None) here."""
        if not game_ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.xlen(key(game_id, "events"))
            pipe.xrevrange(key(game_id, "events"), count=1)
        answers = pipe.execute()
        heads = []
        for length, last in zip(answers[0::2], answers[1::2]):
            fields = last[0][1] if last else None
            heads.append((int(length), stamp(*next(iter(fields.items()))) if fields else None))
        return heads

    def read(self, game_id: str, after: int = 0, until: int | None = None, limit: int | None = None) -> list[dict]:
        """Raises ChainBroken if a stored checkpoint disagrees with the hashes recomputed up to it."""
        return self.windows(game_id, [(after, until, limit)])[0][0]

    def windows(self, game_id: str, windows: Sequence[Window], seats: bool = False, seed: str | None = None
                ) -> tuple[list[list[dict]], dict[int, str]]:
        """One pipeline: each window, the game's seed (it decodes compact entries) and with `seats` its seats hash."""
        if seed is not None and not seats and len(windows) == 1:
            caught_up = self._after_known(game_id, *windows[0], seed)
            if caught_up is not None:
                return [caught_up], {}
        pipe = self.redis.pipeline(transaction=False)
        starts = []
        for after, until, limit in windows:
            # Compact entries chain from the hash of the entry at `after`. Unless this process remembers it, the
            # window starts at the checkpoint at or below `after` (whose entry keeps its hash) in the same round
            # trip, rather than walking back to it in a round trip of its own: the same entries are decoded.
            first = after + 1
            if after and self._heads.get(game_id, after) is None:
                first = max(after - after % CHECKPOINT, 1)
            starts.append(first)
            pipe.xrange(key(game_id, "events"), f"0-{first}", f"0-{until}" if until is not None else "+",
                        count=None if limit is None else limit + after + 1 - first)
        pipe.exists(key(game_id, "meta"))
        pipe.hget(key(game_id, "meta"), "seed")
        if seats:
            pipe.hgetall(key(game_id, "seats"))
        replies = pipe.execute()
        ranges, (present, seed, *tokens) = replies[:len(windows)], replies[len(windows):]
        replaced = replaced_tokens(tokens[0]) if seats else {}
        if any(ranges) or present or self.archived is None:
            return [self._decode_from(game_id, first, after, entries, _text(seed))
                    for (after, _until, _limit), first, entries in zip(windows, starts, ranges, strict=True)], replaced
        archived = self.archived.get(game_id)
        out = []
        for after, until, limit in windows:
            window = archived[1][after:until][:limit] if archived is not None else []
            out.append(copy.deepcopy(window))  # the verified record stays as it was read
        return out, replaced

    def _after_known(self, game_id: str, after: int, until: int | None, limit: int | None, seed: str
                     ) -> list[dict] | None:
        """A window after an event whose hash this process remembers, with the seed known: the one XRANGE alone
        (a cached game a move behind, read on the command path), not a pipeline that also reads the seed and
        whether the game is there. None when that does not apply or the window is empty (the pipeline then tells
        an archived game from a finished read)."""
        if after and self._heads.get(game_id, after) is None:
            return None
        entries = self.redis.xrange(key(game_id, "events"), f"0-{after + 1}", f"0-{until}" if until is not None else "+",
                                    count=limit)
        return self._decode(game_id, after, entries, seed) if entries else None

    def tail(self, game_id: str, after: int, block_ms: int, count: int | None = None) -> list[dict]:
        """XREAD BLOCK on the streams' client."""
        pipe = self.stream_redis.pipeline(transaction=False)  # the seed is read once the XREAD has returned
        pipe.xread({key(game_id, "events"): f"0-{after}"}, block=block_ms, count=count)
        pipe.hget(key(game_id, "meta"), "seed")
        reply, seed = pipe.execute()
        if not reply:
            return []
        return self._decode(game_id, after, reply[0][1], _text(seed))

    def live_channel(self, game_id: str) -> str:
        """The Pub/Sub channel each append to the game is published on (events/keys.py names it beside its keys)."""
        return f"{key(game_id, 'live')}:{self._database}"

    def seed(self, game_id: str) -> str | None:
        """The game's seed (compact entries need it to be unpacked)."""
        return _text(self.redis.hget(key(game_id, "meta"), "seed"))

    def decode_published(self, game_id: str, after: int, entries: list[tuple[bytes, bytes]],
                         seed: str | None) -> list[dict]:
        """The envelopes of entries (field, value) numbered from after + 1, chained after the hash at `after`
        (remembered, or read): those published on the game's live channel, and those of every read of the log."""
        if not entries:
            return []
        envelopes = decode_entries(game_id, self._hash_at(game_id, after, seed), after, entries, seed,
                                   self._written.get(game_id))
        self._heads.put(game_id, envelopes[-1]["version"], envelopes[-1]["hash"])
        return envelopes

    def head_hash(self, game_id: str) -> str:
        version = int(self.redis.xlen(key(game_id, "events")))
        if version:
            return self._hash_at(game_id, version)
        archived = self.archived.get(game_id) if self.archived is not None else None
        return archived[1][-1]["hash"] if archived else GENESIS

    def entries(self, game_id: str) -> list[tuple[bytes, bytes]]:
        """The stored entries as they are, (layout field, value) in version order."""
        return [_layout_value(fields) for _id, fields in self.redis.xrange(key(game_id, "events"))]

    def _decode_from(self, game_id: str, first: int, after: int, entries: list, seed: str | None) -> list[dict]:
        """The envelopes after `after` of entries read from version `first` (at or below after + 1)."""
        if first == after + 1 or not entries:
            return self._decode(game_id, after, entries, seed)
        chain = _from_checkpoint(0 if first == 1 else first, entries)
        if chain is None:  # not a checkpoint after all (written by hand?): the walk back knows what to do
            return self._decode(game_id, after, entries[after + 1 - first:], seed)
        start, prev, chained = chain
        envelopes = decode_entries(game_id, prev, start, [_layout_value(fields) for _id, fields in chained], seed)
        envelopes = envelopes[after - start:]  # the ones up to `after` were read for their hashes only
        if envelopes:
            self._heads.put(game_id, envelopes[-1]["version"], envelopes[-1]["hash"])
        return envelopes

    def _decode(self, game_id: str, after: int, entries: list, seed: str | None) -> list[dict]:
        """Entries as XRANGE and XREAD give them (id, {field: value})."""
        return self.decode_published(game_id, after, [_layout_value(fields) for _id, fields in entries], seed)

    def _seed(self, game_id: str, entries: list) -> str | None:
        """The game's seed, which recomputes the `sealed` commitments of compact entries (none in layout 1)."""
        if all(_layout_value(fields)[0] == FULL for _id, fields in entries):
            return None
        return self.seed(game_id)

    def _hash_at(self, game_id: str, version: int, seed: str | None | object = UNREAD) -> str:
        """The hash of the event at `version`: remembered, or recomputed from the checkpoint at or below it
        (with the game's `seed` when the caller has read it already)."""
        if version == 0:
            return GENESIS
        known = self._heads.get(game_id, version)
        if known is not None:
            return known
        start = version - version % CHECKPOINT
        chain = _from_checkpoint(start, self.redis.xrange(key(game_id, "events"), f"0-{max(start, 1)}", f"0-{version}"))
        if chain is None:  # not a checkpoint after all (written by hand?): recompute from the first event
            chain = 0, GENESIS, self.redis.xrange(key(game_id, "events"), "0-1", f"0-{version}")
        start, prev, entries = chain
        if not entries:
            return prev
        if seed is UNREAD:
            seed = self._seed(game_id, entries)
        envelopes = decode_entries(game_id, prev, start, [_layout_value(fields) for _id, fields in entries], seed)
        return envelopes[-1]["hash"]


def _pack(game_id: str, sealed: list[dict], prev_hash: str, seed: str | None, proven: bool = False) -> list[bytes]:
    """The Lua scripts' arguments for the entries: field, value, field, value, ..."""
    args = []
    for env in sealed:
        args.extend(pack(env, game_id, prev_hash, seed, proven))
        prev_hash = env["hash"]
    return args


def _from_checkpoint(start: int, entries: list) -> tuple[int, str, list] | None:
    """Entries read from the checkpoint at version `start` (a multiple of CHECKPOINT; 0: from the first event) as
    (the version the rest follow on from, its hash, the rest), or None when that entry keeps no hash."""
    if start == 0:
        return 0, GENESIS, entries
    prev = checkpoint_hash(*_layout_value(entries[0][1]))
    return None if prev is None else (start, prev, entries[1:])


def decode_entries(game_id: str, prev_hash: str, after: int, entries: list[tuple[bytes, bytes]],
                   seed: str | None, written: dict[int, tuple[bytes, bytes, dict]] | None = None) -> list[dict]:
    """The envelopes of consecutive stored entries (field, value) numbered from after + 1, the first chained
    after `prev_hash`. `written`: what this process appended last (version -> its entry and its envelope); an
    entry whose bytes are the ones written there, chained after the same hash, is that envelope (unpacking those
    bytes gives it back, layout.pack): not unpacked again."""
    envelopes = []
    for version, (field, value) in enumerate(entries, start=after + 1):
        mine = written.get(version) if written else None
        if mine is not None and mine[0] == field and mine[1] == value and mine[2]["prev_hash"] == prev_hash:
            env = dict(mine[2])  # a copy: the caller of the append holds the envelope too
        else:
            env = unpack(field, value, game_id, version, prev_hash, seed)
        prev_hash = env["hash"]
        envelopes.append(env)
    return envelopes


def _layout_value(fields: dict) -> tuple[bytes, bytes]:
    return next(iter(fields.items()))


class _Recent:
    """game -> a value, for the `size` games met last (the worker's threads share one log, hence the lock)."""

    def __init__(self, size: int):
        self._known: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, game_id: str) -> Any:
        with self._lock:
            return self._known.get(game_id)

    def put(self, game_id: str, value: Any) -> None:
        with self._lock:
            self._known[game_id] = value
            self._known.move_to_end(game_id)
            self._trim()

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._known.pop(game_id, None)

    def _trim(self) -> None:
        """(The caller holds the lock.) The games met longest ago go, past `size`."""
        while len(self._known) > self._size:
            self._known.popitem(last=False)


class _Heads(_Recent):
    """The hashes of the newest events each game's reads and appends met (game -> {version: hash}, its last KEPT),
    so that a read after one of them needs no walk back to a checkpoint. More than the one newest: a game's live
    streams read on from the version they last sent, which the process's own append of the next move has passed
    by then; with the newest alone, every such read walked back to a checkpoint (an XRANGE and up to 15 entries
    decoded again). A log is append-only: a remembered hash stays true."""

    KEPT = 8

    def __init__(self, size: int = 4096):
        super().__init__(size)

    def get(self, game_id: str, version: int) -> str | None:
        with self._lock:
            known = self._known.get(game_id)
            return known.get(version) if known is not None else None

    def put(self, game_id: str, version: int, hash_: str) -> None:
        with self._lock:
            known = self._known.get(game_id)
            if known is None:
                known = self._known[game_id] = {}
            else:
                self._known.move_to_end(game_id)
            known.pop(version, None)  # put again: it counts as the latest met
            known[version] = hash_
            if len(known) > self.KEPT:
                del known[next(iter(known))]  # the one met longest ago
            self._trim()


class _Written(_Recent):
    """Each game's last append by this process, as entries and envelopes (game -> {version: (field, value,
    envelope)}), the `size` games appended last: a live stream of the game in this process reads those entries
    back on every move, and their envelopes are the ones sealed (`decode_entries`)."""

    def __init__(self, size: int = 1024):
        super().__init__(size)


def _text(raw: bytes | str | None) -> str | None:
    return raw.decode() if isinstance(raw, bytes) else raw
