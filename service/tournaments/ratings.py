"""Ratings kept in Redis: every rated game, once, on one stream per game title; each book is the fold of its
stream through `domain.tournament.ratings` (Elo for Jaipur, openskill's Weng-Lin for Istanbul), cached per
process and brought up to date from the stream's tail.

Only a game its pool trusts is written (`record`, the one writer): its owner created every player it rates
(`ratings.trusted`; the players' creators are read from their identities).

Keys share the hash tag `{ratings}` (one slot; the script below touches two keys of it):
  bazaar:{ratings}:<game>:games   stream, field "g" = {"game_id", "source", "owner", "players", "places"} as
                                  JSON (no "owner" in entries written before owners were recorded)
  bazaar:{ratings}:<game>:rated   hash, game id -> stream entry id: a game is written once (the feed may deliver
                                  its end twice; a tournament's game and the same game seen as casual, too)
The order of the stream is the order of rating, so every process folds the same book.
"""

from __future__ import annotations

import json
import threading

import redis

from domain import registry
from domain.tournament import ratings
from events.redis_scripts import run_script
from service.access.identities import Identities

# KEYS[1] the stream, KEYS[2] the hash of rated ids; ARGV[1] game id, ARGV[2] the entry's JSON. 1 if written.
_RATE_LUA = """
if redis.call("HEXISTS", KEYS[2], ARGV[1]) == 1 then return 0 end
local id = redis.call("XADD", KEYS[1], "*", "g", ARGV[2])
redis.call("HSET", KEYS[2], ARGV[1], id)
return 1
"""


def _key(game: str, part: str) -> str:
    return f"bazaar:{{ratings}}:{game}:{part}"


class RatingBooks:
    def __init__(self, client: redis.Redis, identities: Identities | None = None):
        self.redis = client
        self.identities = identities or Identities(client)  # only read: who created each player
        self._rate = client.register_script(_RATE_LUA)
        self._books: dict[str, tuple[str, ratings.RatingBook]] = {}  # game -> (last entry id folded, book)
        self._lock = threading.Lock()

    @staticmethod
    def system(game: str) -> str:
        return ratings.system_for(2, registry.get(game).MAX_SEATS)  # a title of two seats only: Elo

    def record(self, game: str, game_id: str, source: str, owner: str | None, players: tuple[str, ...],
               places: tuple[int, ...]) -> bool:
        """Rate one finished game owned by `owner` (once per game id), if its owner created every player it
        rates; True if this call wrote it."""
        if not ratings.trusted(owner, self.creators(players)):
            return False
        entry = json.dumps({"game_id": game_id, "source": source, "owner": owner, "players": list(players),
                            "places": list(places)})
        return bool(run_script(self._rate, [_key(game, "games"), _key(game, "rated")], [game_id, entry]))

    def creators(self, players: tuple[str, ...]) -> tuple[str | None, ...]:
        """Who created each player (None for an id that is no player: it is in no pool)."""
        records = [self.identities.identity(player) for player in players]
        return tuple(r.get("created_by") if r is not None and r.get("kind") == "player" else None for r in records)

    def count(self, game: str) -> int:
        """How many games of the title are rated (each once)."""
        return int(self.redis.xlen(_key(game, "games")))

    def book(self, game: str) -> ratings.RatingBook:
        with self._lock:
            last, book = self._books.get(game, ("0-0", None))
        if book is None:
            book = ratings.new_book(self.system(game))
        for entry_id, fields in self.redis.xrange(_key(game, "games"), f"({last}", "+"):
            doc = json.loads(fields[b"g"])
            book = ratings.rate(book, doc["game_id"], doc["source"], doc.get("owner"), tuple(doc["players"]),
                                tuple(doc["places"]))
            last = entry_id.decode()
        with self._lock:
            known = self._books.get(game)
            if known is None or len(known[1].rated) <= len(book.rated):
                self._books[game] = (last, book)
        return book

    def of_player(self, player: str) -> dict:
        """The player's rating and history in every title they have a rated game of."""
        out = {}
        for game in registry.names():
            book = self.book(game)
            history = book.history.get(player)
            if not history:
                continue
            now = ratings.rating(book, player)
            out[game] = {"system": book.system, "rating": round(now.shown, 2), "mu": round(now.mu, 4),
                         "sigma": round(now.sigma, 4), "games": now.games,
                         "history": [{"game_id": c.game_id, "source": c.source, "owner": c.owner, "place": c.place,
                                      "before": round(c.before.shown, 2), "after": round(c.after.shown, 2)}
                                     for c in history]}
        return out
