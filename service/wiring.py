"""The one place the Redis client, store, games service, queue and reactions are built.

Both the web app (`create_app`) and the worker (`service.worker`, `service.jobs`) use it, so a command
appended by a dealer job triggers the same reactions as one posted over HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis
from rq import Queue

from events.store import EventStore
from service.games import Games
from service.reactions import update_index
from service.scheduling import Scheduler

QUEUE = "bazaar"


@dataclass
class Wiring:
    redis: redis.Redis
    store: EventStore
    games: Games
    queue: Queue
    scheduler: Scheduler


def build(config: dict) -> Wiring:
    client = redis.Redis.from_url(config["REDIS_URL"])
    # Live streams block in XREAD for a whole keep-alive interval: their reads need a socket timeout longer
    # than that (the client's default of 5 s once cut every quiet stream after 5 s).
    streams = redis.Redis.from_url(config["REDIS_URL"], socket_timeout=float(config["SSE_KEEPALIVE_S"]) + 10)
    store = EventStore(client, stream_client=streams)
    games = Games(store, cache_size=int(config["STATE_CACHE_SIZE"]), inline_dealer=bool(config["INLINE_DEALER"]),
                  snapshot_every=int(config["SNAPSHOT_EVERY"]))
    queue = Queue(QUEUE, connection=client)
    scheduler = Scheduler(games, queue)
    games.after_append.append(update_index(games))
    games.after_append.append(scheduler)
    return Wiring(client, store, games, queue, scheduler)
