"""A player's own stream of notices (`GET /v1/me/events`): a game of its started, its turn came, a game ended, a
challenge or rematch offer arrived or was answered, a tournament round paired it.

Keys of one player share the hash tag `{player:<id>}`, so each delivery is one script on one slot:
  bazaar:{player:<id>}:inbox  stream, field "n" = the notice's JSON; entry ids are Redis's own (`<ms>-<seq>`), which
                              a client resumes from (`Last-Event-ID`); trimmed to about MAX_NOTICES
  bazaar:{player:<id>}:seen   hash, slot -> order: what was delivered, so a notice delivered again (the feed
                              delivers at least once) is written once. A notice names its slot and its order in
                              it: a one-off notice has a slot of its own (order 1); a turn has its game's slot and
                              its version as order, so a late or repeated turn never follows a newer one.
"""

from __future__ import annotations

import json

import redis

from events.ids import checked
from events.redis_scripts import run_script

MAX_NOTICES = 1000  # what a player's stream keeps (approximately): a client further behind reads its games instead


def key(player: str, part: str) -> str:
    return f"bazaar:{{player:{checked(player)}}}:{part}"


class Inbox:
    def __init__(self, client: redis.Redis, stream_client: redis.Redis | None = None):
        self.redis = client
        self.stream_redis = stream_client or client  # blocking reads need a longer socket timeout
        self._deliver = client.register_script(_DELIVER_LUA)

    def deliver(self, player: str, slot: str, order: int, notice: dict) -> bool:
        """Write the notice unless its slot holds this order or a later one; True if written."""
        return bool(run_script(self._deliver, [key(player, "inbox"), key(player, "seen")],
                               [slot, order, json.dumps(notice, separators=(",", ":")), MAX_NOTICES]))

    def read(self, player: str, after: str = "0-0", limit: int = 100) -> list[tuple[str, dict]]:
        """Up to `limit` notices after the entry id `after`, oldest first, as (id, notice)."""
        entries = self.redis.xrange(key(player, "inbox"), f"({after}", "+", count=limit)
        return [_notice(entry_id, fields) for entry_id, fields in entries]

    def wait(self, player: str, after: str, block_ms: int, limit: int = 100) -> list[tuple[str, dict]]:
        """As `read`, waiting up to `block_ms` for the first notice (XREAD BLOCK)."""
        reply = self.stream_redis.xread({key(player, "inbox"): after}, count=limit, block=block_ms)
        return [_notice(entry_id, fields) for _key, entries in reply or () for entry_id, fields in entries]

    def last_id(self, player: str) -> str:
        """The newest notice's id ("0-0" for none): where a stream that wants only what comes next starts."""
        newest = self.redis.xrevrange(key(player, "inbox"), count=1)
        return _text(newest[0][0]) if newest else "0-0"


def _notice(entry_id, fields) -> tuple[str, dict]:
    return _text(entry_id), json.loads(fields[b"n"])


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


# Deliver a notice once. KEYS[1] the player's stream, KEYS[2] its delivered slots; ARGV[1] the notice's slot,
# ARGV[2] its order in the slot, ARGV[3] the notice's JSON, ARGV[4] how many notices the stream keeps (about).
# Returns 1 if written, 0 if the slot holds this order or a later one.
_DELIVER_LUA = """
local seen = redis.call("HGET", KEYS[2], ARGV[1])
if seen and tonumber(seen) >= tonumber(ARGV[2]) then return 0 end
redis.call("XADD", KEYS[1], "MAXLEN", "~", ARGV[4], "*", "n", ARGV[3])
redis.call("HSET", KEYS[2], ARGV[1], ARGV[2])
return 1
"""
