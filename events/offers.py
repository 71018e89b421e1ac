"""Offers (challenges and rematches, domain/offers/) on Redis Streams: one short stream per offer, appended by the
games' own compare-and-append script (`events/append.lua`), envelopes hash-chained like a tournament's.

Keys of one offer share the hash tag `{offer:<id>}`:
  bazaar:{offer:<id>}:events  stream, entry id 0-<version>, field `e` = the envelope's JSON
  bazaar:{offer:<id>}:idem    hash, append.lua's idempotency keys
An envelope: `{"offer", "version", "type", "v", "at", "by", "payload", "prev_hash", "hash"}`. Nothing in an offer is
hidden: its players may read all of it (and the entropies are public anyway: they are recorded in the game's log).
A rematch's offer id is derived from its finished game (`rematch_id`), so every seat that offers one meets the
same offer; a challenge's is random.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

import redis

from domain import offers
from events import codec
from events.envelope import GENESIS, seal
from events.ids import checked
from events.redis_scripts import run_script
from events.store import VersionConflict

FIELD = b"e"


def key(offer_id: str, part: str) -> str:
    return f"bazaar:{{offer:{checked(offer_id)}}}:{part}"


def rematch_id(game_id: str) -> str:
    """The one rematch offer of a finished game."""
    return hashlib.sha256(f"bazaar/rematch/{checked(game_id)}".encode()).hexdigest()[:16]


def game_of(offer_id: str) -> str:
    """The id of the game an offer opens: the same on every retry, so a crash between opening it and recording
    it finds the game made before (events.store.GameExists) instead of making a second."""
    return hashlib.sha256(f"bazaar/offer/{checked(offer_id)}".encode()).hexdigest()[:16]


def document(event, at: str, by: str) -> dict:
    return {"type": event.TYPE, "v": event.V, "at": at, "by": by, "payload": codec.to_wire(event)}


def decode(envelope: dict):
    return codec.from_wire(offers.EVENTS[envelope["type"]], envelope["payload"], "payload")


class OfferStore:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._append = client.register_script(resources.files("events").joinpath("append.lua").read_text())

    def append(self, offer_id: str, docs: list[dict], expected_version: int, prev_hash: str) -> list[dict]:
        """Number, chain and append `docs` after `expected_version`, all or none. Raises VersionConflict."""
        sealed, prev = [], prev_hash
        for offset, doc in enumerate(docs, start=1):
            env = seal({"offer": offer_id, "version": expected_version + offset, **doc}, prev)
            prev = env["hash"]
            sealed.append(env)
        args = [expected_version, "", "", "", ""]  # no idempotency key, no seat token (an offer has no seats), no channel
        for env in sealed:
            args += [FIELD, json.dumps(env, separators=(",", ":"))]
        reply = run_script(self._append, [key(offer_id, "events"), key(offer_id, "idem"), key(offer_id, "seats")], args)
        if int(reply[0]) == 0:
            raise VersionConflict(expected_version, int(reply[1]))
        return sealed

    def read(self, offer_id: str, after: int = 0) -> list[dict]:
        entries = self.redis.xrange(key(offer_id, "events"), f"0-{after + 1}", "+")
        return [json.loads(fields[FIELD]) for _id, fields in entries]


__all__ = ["GENESIS", "OfferStore", "VersionConflict", "decode", "document", "game_of", "key", "rematch_id"]
