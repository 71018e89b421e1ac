"""The index of games on Redis (events/store.py `GameIndex`): a hash id -> entry (JSON), and sorted sets of ids, all
scored 0 so that they page in id order by lexicographic range: every game, one set per status, one per player; and
the finished, unarchived games scored by when they finished. All under one hash tag (events/keys.py INDEX_KEY), so
the index script touches one Redis Cluster slot; it is written after a game's own append (another slot), and a
sweep at start repairs what a crash between the two missed (`service.feed.reactions.reconcile`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import redis

from events.ids import checked, is_id
from events.keys import INDEX_KEY
from events.redis_scripts import run_script
from events.store import STATUSES, finished_at


class RedisGameIndex:
    def __init__(self, client: redis.Redis, index_key: str = INDEX_KEY):
        self.redis = client
        self.index_key = index_key
        self._record = client.register_script(_INDEX_LUA)

    def record(self, game_id: str, entry: dict) -> None:
        """BadId for an id not of the service's form: the index lists only games a route can reach."""
        due = finished_at(entry)
        keys = [self.index_key, self.ids(None), *(self.ids(s) for s in STATUSES), self._archive_due]
        run_script(self._record, keys, [checked(game_id), entry["version"], json.dumps(entry), entry.get("status", ""),
                                        "" if due is None else repr(due)])

    def record_players(self, game_id: str, players: Iterable[str | None]) -> None:
        """One sorted set per player, in the index's slot."""
        for player in {p for p in players if p}:
            self.redis.zadd(self.ids(f"player:{checked(player)}"), {checked(game_id): 0})

    def list_games(self) -> dict[str, dict]:
        """Like every listing, it leaves out an id not of the service's form (a game an earlier release imported
        under its file's id): no route reaches such a game, so a listing must not offer it."""
        raw = self.redis.hgetall(self.index_key)
        return {gid: json.loads(v) for gid, v in ((k.decode(errors="replace"), v) for k, v in raw.items()) if is_id(gid)}

    def page_games(self, status: str | None = None, after: str | None = None, limit: int = 100,
                   player: str | None = None) -> tuple[list[dict], str | None]:
        """A ZRANGE BYLEX of the status's (or the player's) ids, then their entries."""
        if status is not None and status not in STATUSES:
            return [], None
        start = f"({after}" if after else "-"
        ids_key = self.ids(f"player:{player}" if player else status)
        ids = [i.decode(errors="replace") for i in self.redis.zrange(ids_key, start, "+", bylex=True, offset=0,
                                                                      num=limit + 1)]
        more, ids = len(ids) > limit, ids[:limit]
        raw = self.redis.hmget(self.index_key, ids) if ids else []
        entries = [{"id": gid, **json.loads(v)} for gid, v in zip(ids, raw, strict=True) if v is not None and is_id(gid)]
        if player and status:
            entries = [e for e in entries if e.get("status") == status]
        return entries, (ids[-1] if more else None)

    def due_for_archive(self, finished_before: float, limit: int = 500) -> list[tuple[str, dict | None]]:
        ids = [i.decode(errors="replace")
               for i in self.redis.zrangebyscore(self._archive_due, "-inf", finished_before, 0, limit)]
        entries = self.redis.hmget(self.index_key, ids) if ids else []
        return [(i, json.loads(e) if e else None) for i, e in zip(ids, entries, strict=True)]

    def not_due_for_archive(self, game_id: str) -> None:
        self.redis.zrem(self._archive_due, game_id)

    def ids(self, status: str | None) -> str:
        """The sorted set of ids of a status, of `player:<id>`, or (None) of every game."""
        return f"{self.index_key}:ids:{status or 'all'}"

    @property
    def _archive_due(self) -> str:
        return f"{self.index_key}:archive-due"


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
