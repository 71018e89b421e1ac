"""Tournament logs on Redis Streams: one stream per tournament, appended by the games' own compare-and-append
script (`events/append.lua`), envelopes hash-chained like a game's (events/envelope.py), events through the one
codec.

Keys of one tournament share the hash tag `{t:<id>}`, so a Redis Cluster keeps them on one node:
  bazaar:{t:<id>}:events   stream, entry id 0-<version>, field `e` = the whole envelope as JSON
  bazaar:{t:<id>}:idem     hash, idempotency key -> "first:last:fingerprint" (append.lua's)
Across tournaments (their own tag `{tournaments}`, written apart from any one tournament's append):
  bazaar:{tournaments}:ids      sorted set of every tournament id (score 0: paged by id)
  bazaar:{tournaments}:running  set of tournaments begun and not finished (the worker's sweep advances them)
  bazaar:{tournaments}:games    hash, game id -> "<tournament>:<round>:<table>" (written before the game exists)

An envelope: `{"tournament", "version", "type", "v", "at", "by", "command", "payload", "prev_hash", "hash"}`;
`command` (the wire form of the command that made the batch) is on a batch's first envelope only, `by` names
who asked (an identity, or "service" for the worker's own steps). Nothing in a tournament is hidden, so there
is no `sealed` and every reader can check the whole chain (`verify_chain`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

import redis

from domain import tournament
from events import codec
from events.envelope import GENESIS, seal
from events.ids import checked, is_id
from events.redis_scripts import run_script
from events.store import VersionConflict

IDS_KEY = "bazaar:{tournaments}:ids"
RUNNING_KEY = "bazaar:{tournaments}:running"
GAMES_KEY = "bazaar:{tournaments}:games"
FIELD = b"e"


def key(tournament_id: str, part: str) -> str:
    """BadId (events/ids.py) unless the id has the service's form: no id names another key."""
    return f"bazaar:{{t:{checked(tournament_id)}}}:{part}"


@dataclass(frozen=True)
class Seat:
    """Where a game of a tournament plays: its tournament, round and table."""

    tournament: str
    round: int
    table: int

    def stored(self) -> str:
        """The map's value: `<tournament>:<round>:<table>`, of a checked id (its `:` separates nothing else)."""
        return f"{checked(self.tournament)}:{self.round}:{self.table}"


def document(event, at: str, by: str, command: dict | None) -> dict:
    return {"type": event.TYPE, "v": event.V, "at": at, "by": by, "command": command,
            "payload": codec.to_wire(event)}


def decode(envelope: dict):
    """The tournament event an envelope holds (today every event is at its first version)."""
    cls = tournament.EVENTS.get(envelope["type"])
    if cls is None:
        raise LookupError(f"unknown tournament event {envelope['type']!r} at version {envelope.get('version')}")
    return codec.from_wire(cls, envelope["payload"], "payload")


class TournamentStore:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._append = client.register_script(resources.files("events").joinpath("append.lua").read_text())

    def append(self, tournament_id: str, docs: list[dict], expected_version: int, prev_hash: str,
               idempotency_key: str | None = None) -> list[dict]:
        """Number, chain and append `docs` after `expected_version`, all or none; the sealed envelopes ([] if
        the idempotency key was seen: that request's events are there already). Raises VersionConflict."""
        sealed, prev = [], prev_hash
        for offset, doc in enumerate(docs, start=1):
            env = seal({"tournament": tournament_id, "version": expected_version + offset, **doc}, prev)
            prev = env["hash"]
            sealed.append(env)
        # append.lua's arguments as a game's append passes them, with no seat token asking (a tournament has no
        # seats: its `seats` key, in the tournament's slot, is never written)
        args = [expected_version, idempotency_key or "", "", "", ""]
        for env in sealed:
            args += [FIELD, json.dumps(env, separators=(",", ":"))]
        reply = run_script(self._append, [key(tournament_id, part) for part in ("events", "idem", "seats")], args)
        if int(reply[0]) == 0:
            raise VersionConflict(expected_version, int(reply[1]))
        return [] if int(reply[0]) == 2 else sealed

    def read(self, tournament_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        entries = self.redis.xrange(key(tournament_id, "events"), f"0-{after + 1}", "+", count=limit)
        return [json.loads(fields[FIELD]) for _id, fields in entries]

    def version(self, tournament_id: str) -> int:
        return int(self.redis.xlen(key(tournament_id, "events")))

    # --- across tournaments ------------------------------------------------------------------------

    def listed(self, tournament_id: str) -> None:
        """List the id (before its first append: an id whose stream is empty is skipped when paging)."""
        self.redis.zadd(IDS_KEY, {tournament_id: 0})

    def page(self, after: str | None, limit: int) -> tuple[list[str], str | None]:
        """Up to `limit` ids after `after`, in id order, and the id to continue after (None at the end)."""
        start = f"({after}" if after else "-"
        ids = [i.decode() for i in self.redis.zrange(IDS_KEY, start, "+", bylex=True, offset=0, num=limit + 1)]
        more, ids = len(ids) > limit, ids[:limit]
        return ids, (ids[-1] if more else None)

    def running(self, tournament_id: str, running: bool) -> None:
        if running:
            self.redis.sadd(RUNNING_KEY, tournament_id)
        else:
            self.redis.srem(RUNNING_KEY, tournament_id)

    def running_ids(self) -> list[str]:
        return sorted(i.decode() for i in self.redis.smembers(RUNNING_KEY))

    def place_game(self, game_id: str, seat: Seat) -> None:
        """Record which table a game will play (before it is created, so a finished game always finds it)."""
        self.place_games({game_id: seat})

    def place_games(self, placed: dict[str, Seat]) -> None:
        if placed:
            self.redis.hset(GAMES_KEY, mapping={checked(g): s.stored() for g, s in placed.items()})

    def seat_of(self, game_id: str) -> Seat | None:
        """The table the game plays, or None: for an id of another form, and for a value not of the map's form
        (never written by place_games), which no tournament may then take for one of its tables."""
        raw = self.redis.hget(GAMES_KEY, checked(game_id))
        if raw is None:
            return None
        tid, _, rest = raw.decode(errors="replace").partition(":")
        round_, _, table = rest.partition(":")
        if not (is_id(tid) and round_.isascii() and round_.isdigit() and table.isascii() and table.isdigit()):
            return None
        return Seat(tid, int(round_), int(table))


__all__ = ["GENESIS", "Seat", "TournamentStore", "VersionConflict", "decode", "document", "key"]
