"""Event store on Redis Streams: one stream per game, compare-and-append in one Lua script.

Keys of one game share the hash tag `{game:<id>}` so a Redis Cluster places them on one node:
  game:{game:<id>}:events  stream, entry id 0-<version>, one field whose name is the entry's layout and whose
                           value is the envelope in that layout (events/layout.py: `e` whole JSON, the layout of
                           earlier releases; `z1` only what cannot be recomputed, deflated)
  game:{game:<id>}:idem    hash, idempotency key -> "first:last:fingerprint"
  game:{game:<id>}:seats   hash, seat -> hash of its token, for seats whose token was replaced (the meta keeps
                           the tokens issued at creation)
  game:{game:<id>}:meta    hash, the game's fixed facts (name, seats, options, secrets such as the seed)
  game:{game:<id>}:snap    hash, a cached state (see events/snapshots.py)
Anything spanning games (the index of games) cannot share that slot, so it is written after the append
and reconciled by a sweep at start (`service.feed.reactions.reconcile_index`).

A finished game may be moved to the archive (events/archive.py): every read below then serves it from there,
verified, as if it were still in Redis.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from importlib import resources

import redis

from events.archive_record import ArchiveCorrupt, ArchiveExists, pack_game, unpack_game
from events.envelope import GENESIS, seal
from events.ids import checked, is_id
from events.layout import CHECKPOINT, FULL, checkpoint_hash, pack, unpack

# The cross-game index: a hash id -> entry, plus sorted sets of ids (all, and one per status) that page in id
# order. One hash tag, so the index script touches one Redis Cluster slot.
INDEX_KEY = "bazaar:{index}:games"
STATUSES = ("active", "finished")


def key(game_id: str, part: str) -> str:
    """The Redis key of a part of a game; BadId (events/ids.py) unless `game_id` has the form of the service's ids,
    so no id from outside can name another key (`x}:meta`) however it came in."""
    return f"game:{{game:{checked(game_id)}}}:{part}"


class GameExists(Exception):
    """The id is taken: nothing was written."""


class TokenReplaced(Exception):
    """The seat token that asked was replaced by a newer one: nothing was appended."""


class VersionConflict(Exception):
    def __init__(self, expected: int, current: int):
        super().__init__(f"expected version {expected}, stream is at {current}")
        self.expected = expected
        self.current = current


UNREAD = object()  # `_hash_at` without the game's seed: it reads it if the entries need it


@dataclass(frozen=True)
class Appended:
    first: int  # version of the first event of the command
    last: int  # version after the append
    duplicate: bool = False  # True: an earlier request with this idempotency key made these events
    fingerprint: str = ""


class EventStore:
    def __init__(self, client: redis.Redis, index_key: str = INDEX_KEY, stream_client: redis.Redis | None = None,
                 archive=None):
        self.redis = client
        self.archive = archive  # where finished games go (events/archive.py), None: nowhere
        self.stream_redis = stream_client or client  # blocking reads (tail) need a longer socket timeout
        self.index_key = index_key
        scripts = resources.files("events")
        self._append = client.register_script(scripts.joinpath("append.lua").read_text())
        self._create = client.register_script(scripts.joinpath("create.lua").read_text())
        self._index = client.register_script(_INDEX_LUA)
        self._heads = _Heads()
        self._drop = client.register_script(_DROP_LUA)
        self._archived: OrderedDict[str, tuple[dict[str, str], list[dict]]] = OrderedDict()  # verified, recent
        self._archived_lock = threading.Lock()

    # --- writing -----------------------------------------------------------------------------------

    def append(
        self,
        game_id: str,
        docs: list[dict],
        expected_version: int,
        prev_hash: str,
        idempotency_key: str | None = None,
        fingerprint: str = "",
        seed: str | None = None,
        seat_token: tuple[int, str] | None = None,
    ) -> tuple[Appended, list[dict]]:
        """Seal `docs` into the chain after `prev_hash` and append them all, or none.

        Raises VersionConflict if the stream is not at `expected_version`, TokenReplaced if `seat_token`
        (seat, token hash: who asks) is no longer that seat's token. With an idempotency key already seen,
        appends nothing and returns the first request's range (duplicate=True). `seed` seals private events
        (see events/envelope.py).
        """
        sealed = seal_all(game_id, docs, expected_version, prev_hash, seed)
        return self.append_sealed(game_id, sealed, expected_version, idempotency_key, fingerprint, seed, proven=True,
                                  seat_token=seat_token)

    def create(self, game_id: str, meta: dict[str, str], sealed: list[dict]) -> Appended:
        """Store the game's fixed facts and its first (already sealed) events in one script, or nothing;
        raises GameExists if the id is taken."""
        reply = self._create(keys=[key(game_id, "meta"), key(game_id, "events")],
                             args=[json.dumps(meta), *self._pack(game_id, sealed, GENESIS, meta.get("seed"))])
        if int(reply[0]) == 0:
            raise GameExists(game_id)
        if sealed:
            self._heads.put(game_id, sealed[-1]["version"], sealed[-1]["hash"])
        return Appended(1, int(reply[1]))

    def append_sealed(self, game_id: str, sealed: list[dict], expected_version: int,
                      idempotency_key: str | None = None, fingerprint: str = "", seed: str | None = None,
                      proven: bool = False, seat_token: tuple[int, str] | None = None) -> tuple[Appended, list[dict]]:
        """Append envelopes already numbered and chained (an import keeps the original log verbatim);
        `proven`: sealed just now by `append` (see events/layout.py `pack`)."""
        prev = sealed[0]["prev_hash"] if sealed else GENESIS
        reply = self._append(
            keys=[key(game_id, "events"), key(game_id, "idem"), key(game_id, "seats")],
            args=[expected_version, idempotency_key or "", fingerprint,
                  f"{seat_token[0]}:{seat_token[1]}" if seat_token else "",
                  *self._pack(game_id, sealed, prev, seed, proven)],
        )
        status = int(reply[0])
        if status == 3:
            raise TokenReplaced(game_id)
        if status == 0:
            raise VersionConflict(expected_version, int(reply[1]))
        if status == 2:
            fp = reply[3].decode() if isinstance(reply[3], bytes) else reply[3]
            return Appended(int(reply[1]), int(reply[2]), True, fp), []
        if sealed:
            self._heads.put(game_id, sealed[-1]["version"], sealed[-1]["hash"])
        return Appended(expected_version + 1, int(reply[1]), False, fingerprint), sealed

    @staticmethod
    def _pack(game_id: str, sealed: list[dict], prev_hash: str, seed: str | None, proven: bool = False
              ) -> list[bytes]:
        """The Lua scripts' arguments for the entries: field, value, field, value, ..."""
        args = []
        for env in sealed:
            args.extend(pack(env, game_id, prev_hash, seed, proven))
            prev_hash = env["hash"]
        return args

    # --- reading -----------------------------------------------------------------------------------

    def version(self, game_id: str) -> int:
        version = int(self.redis.xlen(key(game_id, "events")))
        if version == 0 and self.archive is not None:
            archived = self.archived(game_id)
            return len(archived[1]) if archived else 0
        return version

    def versions(self, game_ids: list[str]) -> list[int]:
        """Each game's version in the stream (0 for one archived or unknown), in one pipelined round trip."""
        if not game_ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.xlen(key(game_id, "events"))
        return [int(n) for n in pipe.execute()]

    def read(self, game_id: str, after: int = 0, until: int | None = None, limit: int | None = None) -> list[dict]:
        """Envelopes with after < version <= until, in order (raises ChainBroken if a stored checkpoint
        disagrees with the hashes recomputed up to it)."""
        return self._read(game_id, after, until, limit, seats=False)[0]

    def read_with_seats(self, game_id: str, after: int = 0) -> tuple[list[dict], dict[int, str]]:
        """`read(game_id, after)` and `replaced_seat_tokens(game_id)` in one round trip: a seated read needs both."""
        return self._read(game_id, after, None, None, seats=True)

    def read_page_and_tail(self, game_id: str, page_after: int, limit: int | None, tail_after: int, seats: bool
                           ) -> tuple[list[dict], list[dict], dict[int, str]]:
        """A page (up to `limit` envelopes after `page_after`), the tail after `tail_after` (a cached game's), and
        with `seats` the replaced seat tokens, in one round trip: a page of events is served with the game it is
        from. The page is read first, so it never runs past the tail."""
        (page, tail), replaced = self._windows(game_id, [(page_after, None, limit), (tail_after, None, None)], seats)
        return page, tail, replaced

    def _read(self, game_id: str, after: int, until: int | None, limit: int | None, seats: bool
              ) -> tuple[list[dict], dict[int, str]]:
        (envelopes,), replaced = self._windows(game_id, [(after, until, limit)], seats)
        return envelopes, replaced

    def _windows(self, game_id: str, windows: list[tuple[int, int | None, int | None]], seats: bool
                 ) -> tuple[list[list[dict]], dict[int, str]]:
        """Each window (after, until, limit) of the log, and the replaced seat tokens if `seats`: one pipeline."""
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
        pipe.hget(key(game_id, "meta"), "seed")  # the seed decodes compact entries: it comes with them
        if seats:
            pipe.hgetall(key(game_id, "seats"))
        replies = pipe.execute()
        ranges, (present, seed, *tokens) = replies[:len(windows)], replies[len(windows):]
        replaced = _replaced(tokens[0]) if seats else {}
        if any(ranges) or present or self.archive is None:
            return [self._decode_from(game_id, first, after, entries, _text(seed))
                    for (after, _until, _limit), first, entries in zip(windows, starts, ranges, strict=True)], replaced
        archived = self.archived(game_id)
        out = []
        for after, until, limit in windows:
            window = [dict(env) for env in archived[1][after:until]] if archived is not None else []
            out.append(window[:limit] if limit is not None else window)
        return out, replaced

    def tail(self, game_id: str, after: int, block_ms: int, count: int | None = None) -> list[dict]:
        """Up to `count` envelopes after `after`, waiting up to block_ms for the first one (XREAD BLOCK)."""
        pipe = self.stream_redis.pipeline(transaction=False)  # the seed is read once the XREAD has returned
        pipe.xread({key(game_id, "events"): f"0-{after}"}, block=block_ms, count=count)
        pipe.hget(key(game_id, "meta"), "seed")
        reply, seed = pipe.execute()
        if not reply:
            return []
        return self._decode(game_id, after, reply[0][1], _text(seed))

    def head_hash(self, game_id: str) -> str:
        version = int(self.redis.xlen(key(game_id, "events")))
        if version:
            return self._hash_at(game_id, version)
        archived = self.archived(game_id) if self.archive is not None else None
        return archived[1][-1]["hash"] if archived else GENESIS

    # --- the archive -------------------------------------------------------------------------------

    def archived(self, game_id: str) -> tuple[dict[str, str], list[dict]] | None:
        """(meta, envelopes) of a game in the archive, verified (ArchiveCorrupt if it does not verify), or None."""
        with self._archived_lock:
            found = self._archived.get(game_id)
        if found is not None or self.archive is None:
            return found
        record = self.archive.get(game_id)
        if record is None:
            return None
        found = unpack_game(game_id, record)
        with self._archived_lock:
            self._archived[game_id] = found
            while len(self._archived) > ARCHIVED_CACHE:
                self._archived.popitem(last=False)
        return found

    def move_to_archive(self, game_id: str) -> bool:
        """Copy the game into the archive, read the copy back verified, and only then delete the game from
        Redis (unless an event came meanwhile). False if the game is not in Redis, or moved on.

        A record is never replaced (ArchiveExists): one found under the id must hold exactly this game (a sweep
        that died before letting go wrote it, or another worker's sweep is here too); anything else raises
        ArchiveCorrupt, and the game stays in Redis, served from there, with the record left as it is."""
        meta = {k.decode(): v.decode() for k, v in self.redis.hgetall(key(game_id, "meta")).items()}
        if not meta:
            return False
        envelopes = self.read(game_id)
        try:
            self.archive.put(game_id, pack_game(meta, envelopes))
        except ArchiveExists:
            pass  # compared below, as our own copy is
        copy = unpack_game(game_id, self.archive.get(game_id) or b"")  # whole and verifying, or we stop here
        if copy != (meta, envelopes):
            raise ArchiveCorrupt(game_id, "the archive holds another record under this id")
        keys = [key(game_id, part) for part in ("events", "idem", "meta", "snap", "snaps", "seats")]
        if not self._drop(keys=keys, args=[len(envelopes)]):
            return False
        self._heads.forget(game_id)
        return True

    def entries(self, game_id: str) -> list[tuple[bytes, bytes]]:
        """The stored entries as they are, (layout field, value) in version order (the archive keeps these)."""
        return [next(iter(fields.items())) for _id, fields in self.redis.xrange(key(game_id, "events"))]

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
        if not entries:
            return []
        envelopes = decode_entries(game_id, self._hash_at(game_id, after, seed), after,
                                   [_layout_value(fields) for _id, fields in entries], seed)
        self._heads.put(game_id, envelopes[-1]["version"], envelopes[-1]["hash"])
        return envelopes

    def _seed(self, game_id: str, entries: list) -> str | None:
        """The game's seed, which recomputes the `sealed` commitments of compact entries (none in layout 1)."""
        if all(_layout_value(fields)[0] == FULL for _id, fields in entries):
            return None
        return _text(self.redis.hget(key(game_id, "meta"), "seed"))

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

    # --- game facts and the cross-game index -------------------------------------------------------

    def meta(self, game_id: str) -> dict[str, str]:
        raw = self.redis.hgetall(key(game_id, "meta"))
        if not raw and self.archive is not None:
            archived = self.archived(game_id)
            return dict(archived[0]) if archived else {}
        return {k.decode(): v.decode() for k, v in raw.items()}

    def replaced_seat_tokens(self, game_id: str) -> dict[int, str]:
        """Seat -> hash of its current token, for the seats whose token was replaced since creation."""
        return _replaced(self.redis.hgetall(key(game_id, "seats")))

    def replace_seat_token(self, game_id: str, seat: int, digest: str) -> None:
        self.redis.hset(key(game_id, "seats"), str(seat), digest)

    def index(self, game_id: str, entry: dict) -> None:
        """Record the game's status in the cross-game index; a newer version wins, older ones are ignored.
        BadId for an id not of the service's form: the index lists only games a route can reach."""
        keys = [self.index_key, self._ids(None), *(self._ids(s) for s in STATUSES), self._archive_due]
        self._index(keys=keys, args=[checked(game_id), entry["version"], json.dumps(entry), entry.get("status", ""),
                                     _finished_at(entry)])

    @property
    def _archive_due(self) -> str:
        return f"{self.index_key}:archive-due"

    def due_for_archive(self, finished_before: float, limit: int = 500) -> list[tuple[str, dict | None]]:
        """Finished games not yet archived that finished before `finished_before` (epoch seconds), oldest
        first, with their index entries: O(log n + limit), however many games were archived before."""
        ids = [i.decode(errors="replace")
               for i in self.redis.zrangebyscore(self._archive_due, "-inf", finished_before, 0, limit)]
        entries = self.redis.hmget(self.index_key, ids) if ids else []
        return [(i, json.loads(e) if e else None) for i, e in zip(ids, entries, strict=True)]

    def not_due_for_archive(self, game_id: str) -> None:
        self.redis.zrem(self._archive_due, game_id)

    def index_players(self, game_id: str, players) -> None:
        """List the game under each player bound to one of its seats (idempotent; same slot as the index)."""
        for player in {p for p in players if p}:
            self.redis.zadd(self._ids(f"player:{checked(player)}"), {checked(game_id): 0})

    def _ids(self, status: str | None) -> str:
        return f"{self.index_key}:ids:{status or 'all'}"

    def list_games(self) -> dict[str, dict]:
        """The whole index (sweeps only; request paths page with `page_games`). Like every listing, it leaves out
        an id not of the service's form (a game an earlier release imported under its file's id): no route reaches
        such a game, so a listing must not offer it."""
        raw = self.redis.hgetall(self.index_key)
        return {gid: json.loads(v) for gid, v in ((k.decode(errors="replace"), v) for k, v in raw.items()) if is_id(gid)}

    def page_games(self, status: str | None = None, after: str | None = None, limit: int = 100,
                   player: str | None = None) -> tuple[list[dict], str | None]:
        """Up to `limit` index entries in id order after the id `after`, and the id to continue after (None at
        the end). O(log n + limit): a sorted set of ids per status, or per player (then filtered by status, so
        such a page may hold fewer than `limit`), read by lexicographic range."""
        if status is not None and status not in STATUSES:
            return [], None
        start = f"({after}" if after else "-"
        ids_key = self._ids(f"player:{player}" if player else status)
        ids = [i.decode(errors="replace") for i in self.redis.zrange(ids_key, start, "+", bylex=True, offset=0,
                                                                      num=limit + 1)]
        more, ids = len(ids) > limit, ids[:limit]
        raw = self.redis.hmget(self.index_key, ids) if ids else []
        entries = [{"id": gid, **json.loads(v)} for gid, v in zip(ids, raw, strict=True) if v is not None and is_id(gid)]
        if player and status:
            entries = [e for e in entries if e.get("status") == status]
        return entries, (ids[-1] if more else None)

    def game_ids(self) -> Iterable[str]:
        """Every game that has a meta record (a SCAN, for sweeps; not for request paths), but those whose id is not
        of the service's form (imported under a file's id by an earlier release): no key of theirs can be named."""
        for raw in self.redis.scan_iter(match="game:{game:*}:meta", count=500):
            name = raw.decode(errors="replace")
            game_id = name[len("game:{game:") : -len("}:meta")]
            if is_id(game_id):
                yield game_id


ARCHIVED_CACHE = 64  # archived games whose verified log a process keeps

# Delete a game moved to the archive, unless its log grew after the copy was taken.
# KEYS[1] the game's stream, KEYS[2..] its other keys; ARGV[1] the version archived. Returns 1 if deleted.
_DROP_LUA = """
if redis.call("XLEN", KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call("DEL", unpack(KEYS))
return 1
"""

# Idempotent index write: applies only if the entry is newer than what the index holds, so replays and
# sweeps racing the request path never move a game backwards.
# KEYS[1] index hash, KEYS[2] all ids, KEYS[3] active ids, KEYS[4] finished ids (sorted sets, score 0: by id),
# KEYS[5] finished games not yet archived, scored by when they finished (the archive sweep reads only the due);
# ARGV[1] game id; ARGV[2] version; ARGV[3] entry JSON; ARGV[4] status; ARGV[5] that score, "" for none.
# Returns 1 if written.
_INDEX_LUA = """
local current = redis.call("HGET", KEYS[1], ARGV[1])
if current then
  local v = tonumber(string.match(current, '"version": *(%d+)'))
  if v and v > tonumber(ARGV[2]) then return 0 end
end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[3])
redis.call("ZADD", KEYS[2], 0, ARGV[1])
for i = 3, 4 do redis.call("ZREM", KEYS[i], ARGV[1]) end
local status = {active = 3, finished = 4}
if status[ARGV[4]] then redis.call("ZADD", KEYS[status[ARGV[4]]], 0, ARGV[1]) end
if ARGV[5] ~= "" then redis.call("ZADD", KEYS[5], ARGV[5], ARGV[1]) else redis.call("ZREM", KEYS[5], ARGV[1]) end
return 1
"""


def _finished_at(entry: dict) -> str:
    """The archive-due score of an index entry: when a finished, unarchived game finished; "" otherwise."""
    if entry.get("status") != "finished" or entry.get("archived"):
        return ""
    try:
        return repr(datetime.fromisoformat(entry["updated_at"].replace("Z", "+00:00")).timestamp())
    except (KeyError, AttributeError, ValueError):
        return ""  # finished at an unknown time: never due (the reconciling sweep at start rewrites the entry)


def _from_checkpoint(start: int, entries: list) -> tuple[int, str, list] | None:
    """Entries read from the checkpoint at version `start` (a multiple of CHECKPOINT; 0: from the first event) as
    (the version the rest follow on from, its hash, the rest), or None when that entry keeps no hash."""
    if start == 0:
        return 0, GENESIS, entries
    prev = checkpoint_hash(*_layout_value(entries[0][1]))
    return None if prev is None else (start, prev, entries[1:])


def seal_all(game_id: str, docs: list[dict], after_version: int, prev_hash: str, seed: str | None) -> list[dict]:
    """Number `docs` from after_version + 1 and chain them after `prev_hash`."""
    sealed, prev = [], prev_hash
    for offset, doc in enumerate(docs, start=1):
        env = seal({**doc, "game": game_id, "version": after_version + offset}, prev, seed)
        prev = env["hash"]
        sealed.append(env)
    return sealed


def decode_entries(game_id: str, prev_hash: str, after: int, entries: list[tuple[bytes, bytes]],
                   seed: str | None) -> list[dict]:
    """The envelopes of consecutive stored entries (field, value) numbered from after + 1, the first chained
    after `prev_hash`."""
    envelopes = []
    for version, (field, value) in enumerate(entries, start=after + 1):
        env = unpack(field, value, game_id, version, prev_hash, seed)
        prev_hash = env["hash"]
        envelopes.append(env)
    return envelopes


def _layout_value(fields: dict) -> tuple[bytes, bytes]:
    return next(iter(fields.items()))


class _Heads:
    """The hash of the newest event each game's reads and appends met (game -> (version, hash)), so that the
    next read after it needs no walk back to a checkpoint. A log is append-only: a remembered hash stays true."""

    def __init__(self, size: int = 4096):
        self._known: OrderedDict[str, tuple[int, str]] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, game_id: str, version: int) -> str | None:
        with self._lock:
            known = self._known.get(game_id)
        return known[1] if known is not None and known[0] == version else None

    def put(self, game_id: str, version: int, hash_: str) -> None:
        with self._lock:
            self._known[game_id] = (version, hash_)
            self._known.move_to_end(game_id)
            while len(self._known) > self._size:
                self._known.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._known.pop(game_id, None)


def _replaced(raw: dict) -> dict[int, str]:
    """The game's replaced seat tokens as stored (seat -> hash of its current token)."""
    return {int(seat): digest.decode() for seat, digest in raw.items()}


def _text(raw: bytes | None) -> str | None:
    return raw.decode() if raw is not None else None
