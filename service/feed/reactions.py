"""What happens after an append: never part of the command's success, never able to undo it.

The game index is written twice over: at once by the request that created or finished a game (so its caller
reads its own write), and by the index's consumer of the cross-game feed, run by the worker (so a write the
request missed is made up from the feed). Both writes are versioned and idempotent. The sweep
(`reconcile`) is the backstop for both, since on a Redis Cluster these cross-game writes cannot sit in the
game's own append script: it rebuilds the index from the games' logs and republishes any lifecycle fact a
crash kept out of the feed.
"""

from __future__ import annotations

import logging

from events.feed import Entry, Feed, GameCreated, GameFinished
from events.ids import is_id
from events.lobby import OpenGames
from events.store import GameIndex, Store
from service.feed import lifecycle
from service.feed.consumers import Consumer
from service.games.commands import now_iso
from service.games.repository import NotFound, Repository
from service.games.seating import listing_entry, players_of
from service.games.views import imported, index_entry

log = logging.getLogger("bazaar.reactions")

INDEX_CONSUMER = "index"


def update_index(index: GameIndex):
    """Index a game when it is created and when its status changes; the list is of games and their status.

    Written after the game's own append (it cannot share that script on a Redis Cluster); entries carry
    the version and older ones are ignored, so repeats and races are harmless, and the feed's index consumer
    and `reconcile` repair what a crash between the two writes missed.
    """

    def react(loaded, sealed):
        if sealed[0]["version"] != 1 and not any(e["type"] == "seed_revealed" for e in sealed):
            return
        try:
            index.record(loaded.meta.id, index_entry(loaded, now_iso()))
            index.record_players(loaded.meta.id, loaded.meta.players)
        except Exception:  # noqa: BLE001 - a reaction must not fail the move; the feed and the sweep repair
            log.exception("index update failed for game %s", loaded.meta.id)

    return react


def update_lobby(store: Store, lobby: OpenGames):
    """A game with open seats, after each append: its entry in the listing of open games (gone once it waits no
    more), its claimers in the index of each player's games, and its index entry when it starts. Versioned
    writes, after the game's own append: `reconcile` repairs what a crash missed."""

    def react(loaded, sealed):
        if loaded.table is None or loaded.table.lobby is None:
            return
        try:
            list_open(store, lobby, loaded)
            if any(e["type"] == "seat_claimed" for e in sealed):
                store.index.record_players(loaded.meta.id, players_of(loaded))
            if any(e["type"] == "game_started" for e in sealed):
                store.index.record(loaded.meta.id, index_entry(loaded, now_iso()))
        except Exception:  # noqa: BLE001 - a reaction must not fail the move; the sweep repairs
            log.exception("open games' listing update failed for game %s", loaded.meta.id)

    return react


def list_open(store: Store, lobby: OpenGames, loaded) -> None:
    """The game's entry in the listing of open games, as its log says now (its options as created)."""
    first = store.log.read(loaded.meta.id, 0, 1)
    created = first[0] if first else {"payload": {}, "at": ""}
    entry = listing_entry(loaded, created["payload"].get("options", {}), created["at"])
    lobby.put(loaded.meta.id, loaded.version, entry)


def index_consumer(index: GameIndex) -> Consumer:
    """The game index as a consumer of the feed: a created game is listed active, a finished one finished.
    Idempotent: the index keeps the entry of the highest version (a created game's entry has version 1)."""

    def handle(entry: Entry) -> None:
        fact = entry.fact
        if not is_id(fact.game_id):
            return  # a fact of a game an earlier release imported under its file's id: never listed (events/ids.py)
        if isinstance(fact, GameCreated):
            index.record(fact.game_id, {"game": fact.game, "version": 1, "seats": fact.seats, "status": "active",
                                       "updated_at": fact.at, **imported(fact.provenance)})
            index.record_players(fact.game_id, fact.players)
        elif isinstance(fact, GameFinished):
            index.record(fact.game_id, {"game": fact.game, "version": fact.version, "seats": fact.seats,
                                       "status": "finished", "updated_at": fact.at, **imported(fact.provenance),
                                       **({"expired": True} if fact.expired else {})})

    return Consumer(INDEX_CONSUMER, handle)


def reconcile(repository: Repository, feed: Feed, lobby: OpenGames | None = None) -> tuple[int, list[str], int]:
    """Rebuild every game's index entry from its stream and republish the lifecycle facts missing from the
    feed; (games indexed, ids of unreadable games, facts republished).

    An unreadable game (a damaged record, a log this code cannot fold) is logged and skipped: one bad key
    must never stop the service from starting."""
    seen, unreadable, republished = 0, [], 0
    for game_id in repository.game_ids():
        try:
            loaded = repository.load(game_id)
        except NotFound:
            continue
        except Exception as err:  # noqa: BLE001 - report it and go on with the others
            log.error("game %s cannot be loaded and is left out of the index: %s", game_id, err)
            unreadable.append(game_id)
            continue
        repository.store.index.record(game_id, index_entry(loaded, now_iso()))
        repository.store.index.record_players(game_id, players_of(loaded))
        if lobby is not None and loaded.table.lobby is not None:
            list_open(repository.store, lobby, loaded)
        republished += lifecycle.republish(feed, repository, loaded)
        seen += 1
    return seen, unreadable, republished
