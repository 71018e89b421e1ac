"""The listing of games that wait for claimers (`GET /v1/games?open=true`), and the worker's list of when each
expires.

Keys share the hash tag `{lobby}` (one Redis Cluster slot: every write is one script on it). A game's own keys
live in its own slot, so the listing is written after the game's append (service/feed/reactions.py), versioned
so that a late or repeated write never brings back what a newer one removed; a crash between the two is repaired
by the start-up sweep, which writes every game's entry again from its log:
  bazaar:{lobby}:game:<id>  string, the entry's JSON with its `version`; a game no longer waiting keeps a
                            tombstone (`{"version": N}`) for TOMBSTONE_S, against late writes of older versions
  bazaar:{lobby}:ids        sorted set of the waiting games' ids (score 0: paged by id)
  bazaar:{lobby}:expiry     sorted set of the waiting games' ids scored by when they expire (epoch seconds)
"""

from __future__ import annotations

import json
from datetime import datetime

import redis

from events.ids import checked, is_id
from events.redis_scripts import run_script

PREFIX = "bazaar:{lobby}"
TOMBSTONE_S = 7 * 86400  # far longer than a reaction can be late: a game's entries are written within a request
SCAN_FACTOR = 10  # a filtered page reads at most this many waiting games per entry it may return


class OpenGames:
    def __init__(self, client: redis.Redis, prefix: str = PREFIX):
        self.redis = client
        self.prefix = prefix
        self._write = client.register_script(_WRITE_LUA)

    def _game(self, game_id: str) -> str:
        return f"{self.prefix}:game:{checked(game_id)}"

    @property
    def _ids(self) -> str:
        return f"{self.prefix}:ids"

    @property
    def _expiry(self) -> str:
        return f"{self.prefix}:expiry"

    def put(self, game_id: str, version: int, entry: dict | None) -> bool:
        """The game's entry at `version` (None: it waits no more); True if written, False if a newer one was."""
        expires = "" if entry is None else repr(epoch(entry["expires_at"]))
        body = json.dumps({"version": version, **(entry or {})})  # first: the script reads the first "version"
        return bool(run_script(self._write, [self._game(game_id), self._ids, self._expiry],
                               [checked(game_id), version, body, expires, TOMBSTONE_S]))

    def get(self, game_id: str) -> dict | None:
        raw = self.redis.get(self._game(game_id))
        entry = json.loads(raw) if raw else None
        return entry if entry and "game" in entry else None

    def page(self, after: str | None, limit: int, keep) -> tuple[list[dict], str | None]:
        """Up to `limit` waiting games after the id `after` that `keep(entry)` accepts, in id order, and the id to
        continue after (None at the end). Reads at most `limit * SCAN_FACTOR` games, so a page of a narrow filter
        may hold fewer than `limit` (follow `next`)."""
        start, found = f"({after}" if after else "-", []
        budget = limit * SCAN_FACTOR
        while budget > 0:
            ids = [i.decode() for i in self.redis.zrange(self._ids, start, "+", bylex=True, offset=0,
                                                          num=min(budget, 200))]
            if not ids:
                return found, None
            budget -= len(ids)
            raw = self.redis.mget([self._game(i) for i in ids if is_id(i)])
            for game_id, value in zip(ids, raw, strict=True):
                entry = json.loads(value) if value else None
                if entry and "game" in entry and keep(entry):
                    found.append({"id": game_id, **entry})
                    if len(found) == limit:
                        return found, game_id
            start = f"({ids[-1]}"
        return found, start[1:]

    def newest(self, limit: int) -> list[dict]:
        """The `limit` waiting games that expire last (the newest, where the wait for claims is the same), newest
        first: what a page offers people to join."""
        ids = [i.decode() for i in self.redis.zrevrange(self._expiry, 0, limit - 1)]
        raw = self.redis.mget([self._game(i) for i in ids if is_id(i)]) if ids else []
        return [{"id": i, **json.loads(v)} for i, v in zip(ids, raw, strict=True) if v and "game" in json.loads(v)]

    def due(self, now: datetime, limit: int = 500) -> list[str]:
        """Waiting games whose time for claims is up at `now`, soonest first."""
        return [i.decode() for i in self.redis.zrangebyscore(self._expiry, "-inf", now.timestamp(), 0, limit)]


def epoch(at: str) -> float:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


# Write a game's listing entry unless a newer version was written.
# KEYS[1] the game's entry, KEYS[2] the waiting ids, KEYS[3] the expiry times; ARGV[1] the game id, ARGV[2] the
# version, ARGV[3] the entry's JSON (a tombstone when ARGV[4] is ""), ARGV[4] when it expires (epoch seconds, ""
# when it waits no more), ARGV[5] how long a tombstone stays. Returns 1 if written, 0 if a newer version was.
_WRITE_LUA = """
local current = redis.call("GET", KEYS[1])
if current then
  local v = tonumber(string.match(current, '"version": *(%d+)'))
  if v and v > tonumber(ARGV[2]) then return 0 end
end
if ARGV[4] ~= "" then
  redis.call("SET", KEYS[1], ARGV[3])
  redis.call("ZADD", KEYS[2], 0, ARGV[1])
  redis.call("ZADD", KEYS[3], ARGV[4], ARGV[1])
else
  redis.call("SET", KEYS[1], ARGV[3], "EX", ARGV[5])
  redis.call("ZREM", KEYS[2], ARGV[1])
  redis.call("ZREM", KEYS[3], ARGV[1])
end
return 1
"""
