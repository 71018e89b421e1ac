"""The durable cross-game feed: every game's lifecycle facts (created, started, a turn begun, finished with its
result, a seat forfeited) and the changes of challenge and rematch offers, on one Redis stream, read by consumer
groups.

Keys share the hash tag `{feed}`, so on a Redis Cluster every script here touches one slot; a game's own keys
live in its own slot, so a fact is written in a separate step after the game's append (a crash between the two
is repaired by the start-up sweep, `service.feed.lifecycle.republish`):
  bazaar:{feed}:lifecycle   stream, field "f" = the fact's JSON
  bazaar:{feed}:published   hash, fact id -> stream entry id: a fact is written once however often it is offered

The stream is trimmed of what every consumer group has acknowledged (`Feed.trim`); the published ids are kept.
Delivery to a consumer group is at least once (an entry a consumer took and did not acknowledge is handed out
again); every fact has a stable `id`, and consumers make their effects idempotent on it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import redis

from events import codec
from events.redis_scripts import run_script

FEED_KEY = "bazaar:{feed}:lifecycle"


@dataclass(frozen=True)
class GameCreated:
    """A game exists. `players` binds seats to player ids (None: a seat of no registered player). `provenance`:
    where an imported game's log came from (None for a game played here)."""

    TYPE = "game_created"
    V = 1
    game_id: str
    game: str
    seats: int
    at: str
    players: tuple[str | None, ...] = ()
    provenance: dict | None = None


@dataclass(frozen=True)
class GameFinished:
    """The game is over; `result` is the game's own (`{"winners": [seats], "scores": [...], ...}`). An imported
    game's (`provenance` set) was not played here: no tournament takes its result and no rating counts it."""

    TYPE = "game_finished"
    V = 1
    game_id: str
    game: str
    seats: int
    version: int
    at: str
    result: dict = field(default_factory=dict)
    provenance: dict | None = None
    expired: bool = False  # its seats stayed open until it expired: it ended without a deal (and a result)


@dataclass(frozen=True)
class SeatForfeited:
    """`seat` lost its game on time (the clock's forfeit policy)."""

    TYPE = "seat_forfeited"
    V = 1
    game_id: str
    game: str
    seat: int
    version: int
    at: str


@dataclass(frozen=True)
class GameStarted:
    """The game is dealt and its players may play: at its creation when the creator held its seats, at its last
    claim (or the creator's early start) when its seats were open. `players`: each seat's player, if any."""

    TYPE = "game_started"
    V = 1
    game_id: str
    game: str
    seats: int
    version: int
    at: str
    players: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class TurnStarted:
    """After the append at `version`, `seats` (bound to `players`) are awaited and were not the ones who acted:
    a turn of theirs began. Announced, not published once (`Feed.announce`): a game makes one per turn, and a
    consumer keeps what is newest per game (events/inbox.py)."""

    TYPE = "turn_started"
    V = 1
    game_id: str
    game: str
    version: int
    at: str
    seats: tuple[int, ...] = ()
    players: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class OfferChanged:
    """A challenge or rematch offer (events/offers.py) was `change`d: "made", "accepted", "declined" or "settled";
    `players` are everyone it names, `by` who made this change. `game_id` is the game it opens (the same id from
    the offer's making on, so every fact names a game, as the feed's consumers expect)."""

    TYPE = "offer_changed"
    V = 1
    game_id: str
    offer_id: str
    kind: str
    change: str
    version: int
    by: str
    at: str
    players: tuple[str, ...] = ()
    game: str = ""
    source_game: str | None = None


FACTS = {cls.TYPE: cls for cls in (GameCreated, GameFinished, SeatForfeited, GameStarted, TurnStarted, OfferChanged)}
Fact = GameCreated | GameFinished | SeatForfeited | GameStarted | TurnStarted | OfferChanged


def fact_id(fact: Fact) -> str:
    """The fact's identity: each happens once per game (per seat for a forfeit, per version for a turn, per change
    for an offer)."""
    if isinstance(fact, SeatForfeited):
        return f"{fact.game_id}:{fact.TYPE}:{fact.seat}"
    if isinstance(fact, TurnStarted):
        return f"{fact.game_id}:{fact.TYPE}:{fact.version}"
    if isinstance(fact, OfferChanged):
        return f"{fact.game_id}:{fact.TYPE}:{fact.offer_id}:{fact.version}"
    return f"{fact.game_id}:{fact.TYPE}"


def encode(fact: Fact) -> str:
    return json.dumps({"id": fact_id(fact), "type": fact.TYPE, "v": fact.V, "fact": codec.to_wire(fact)})


def decode(raw: bytes | str) -> Fact:
    doc = json.loads(raw)
    return codec.from_wire(FACTS[doc["type"]], doc["fact"], "fact")


@dataclass(frozen=True)
class Entry:
    """One delivered feed entry: the stream id to acknowledge, and the fact."""

    entry_id: str
    fact: Fact

    @property
    def id(self) -> str:
        return fact_id(self.fact)


class Feed:
    def __init__(self, client: redis.Redis, key: str = FEED_KEY):
        self.redis = client
        self.key = key
        self.published_key = key.rsplit(":", 1)[0] + ":published"
        self._publish = client.register_script(_PUBLISH_LUA)

    def publish(self, fact: Fact) -> bool:
        """Write the fact unless it was written before; True if this call wrote it."""
        return bool(run_script(self._publish, [self.key, self.published_key], [fact_id(fact), encode(fact)]))

    def announce(self, fact: Fact) -> None:
        """Write a fact that may come again, with no record of it (a turn: one per turn of every game with players
        would make the published ids grow with every move); its consumers are idempotent on what it says."""
        self.redis.xadd(self.key, {"f": encode(fact)})

    def published(self, fact: Fact) -> bool:
        return bool(self.redis.hexists(self.published_key, fact_id(fact)))

    def entries(self) -> list[Entry]:
        """The whole feed (tests and tools; consumers read through their group)."""
        return [_entry(i, f) for i, f in self.redis.xrange(self.key)]

    # --- consumer groups ---------------------------------------------------------------------------

    def join(self, group: str, start: str = "0") -> None:
        """Create the group (from the feed's first entry by default) unless it exists."""
        try:
            self.redis.xgroup_create(self.key, group, id=start, mkstream=True)
        except redis.ResponseError as err:
            if "BUSYGROUP" not in str(err):
                raise

    def read(self, group: str, member: str, count: int, block_ms: int | None) -> list[Entry]:
        """New entries for this member of the group (they stay pending until acknowledged)."""
        reply = self.redis.xreadgroup(group, member, {self.key: ">"}, count=count, block=block_ms)
        return [_entry(i, f) for _key, entries in reply or () for i, f in entries]

    def claim(self, group: str, member: str, min_idle_ms: int, count: int) -> list[Entry]:
        """Entries pending longer than min_idle_ms in the group (their consumer died or failed), now this
        member's (XAUTOCLAIM, scanning the whole pending list)."""
        claimed, start = [], "0-0"
        while True:
            reply = self.redis.xautoclaim(self.key, group, member, min_idle_ms, start_id=start, count=count)
            start, entries = reply[0], reply[1]
            claimed += [_entry(i, f) for i, f in entries if f]  # an entry trimmed away comes back empty
            if start in (b"0-0", "0-0") or len(claimed) >= count:
                return claimed

    def members(self, group: str) -> dict[str, int]:
        """The group's members and how many entries each holds unacknowledged."""
        return {_text(m["name"]): int(m["pending"]) for m in self.redis.xinfo_consumers(self.key, group)}

    def take_over(self, group: str, member: str, dead: str, count: int) -> list[Entry]:
        """Up to `count` of the entries the member `dead` holds, now `member`'s, however recently delivered."""
        held = self.redis.xpending_range(self.key, group, "-", "+", count, consumername=dead)
        ids = [p["message_id"] for p in held]
        return [_entry(i, f) for i, f in self.redis.xclaim(self.key, group, member, 0, ids) if f] if ids else []

    def leave(self, group: str, member: str) -> None:
        """Remove a member that holds nothing any more (a dead process's name)."""
        self.redis.xgroup_delconsumer(self.key, group, member)

    def ack(self, group: str, entry_ids: list[str]) -> int:
        return int(self.redis.xack(self.key, group, *entry_ids)) if entry_ids else 0

    def pending(self, group: str) -> int:
        return int(self.redis.xpending(self.key, group)["pending"])

    def trim(self) -> int:
        """Drop the entries every group has been handed and has acknowledged; how many were dropped. Without
        groups nothing is dropped (the first consumer will start from the beginning). The published ids stay,
        so a sweep never writes a trimmed fact again."""
        groups = self.redis.xinfo_groups(self.key) if self.redis.exists(self.key) else []
        if not groups:
            return 0
        floor = None
        for group in groups:
            held = self.redis.xpending(self.key, group["name"])
            if held["pending"]:
                key = _order(_text(held["min"]))  # the oldest entry handed out and not yet acknowledged
            else:
                ms, seq = _order(_text(group["last-delivered-id"]))
                key = (ms, seq + 1)  # whatever comes after the last entry handed out
            floor = key if floor is None or key < floor else floor
        return int(self.redis.xtrim(self.key, minid=f"{floor[0]}-{floor[1]}", approximate=False))


def _order(entry_id: str) -> tuple[int, int]:
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _entry(entry_id, fields) -> Entry:
    return Entry(_text(entry_id), decode(fields[b"f"]))


# Publish a fact once. KEYS[1] the feed stream, KEYS[2] the hash of published fact ids; ARGV[1] the fact id,
# ARGV[2] the fact's JSON. Returns 1 if written, 0 if that fact was published before.
_PUBLISH_LUA = """
if redis.call("HEXISTS", KEYS[2], ARGV[1]) == 1 then return 0 end
local id = redis.call("XADD", KEYS[1], "*", "f", ARGV[2])
redis.call("HSET", KEYS[2], ARGV[1], id)
return 1
"""
