"""The one place the Redis clients, store, repository, command path, queue and reactions are built.

Both the web app (`create_app`) and the worker (`service.worker`, `service.jobs`) use it, so a command
appended by a dealer job triggers the same reactions as one posted over HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis
from rq import Queue

from events.archive import open_archive
from events.store import EventStore
from service.commands import Commands
from service.reactions import update_index
from service.repository import Repository
from service.scheduling import Scheduler

QUEUE = "bazaar"


@dataclass
class Wiring:
    redis: redis.Redis
    store: EventStore
    repository: Repository
    commands: Commands
    queue: Queue
    scheduler: Scheduler


def build(config: dict) -> Wiring:
    client = redis.Redis.from_url(config["REDIS_URL"])
    # Live streams block in XREAD for a whole keep-alive interval: their reads need a socket timeout longer
    # than that (the client's default of 5 s once cut every quiet stream after 5 s).
    streams = redis.Redis.from_url(config["REDIS_URL"], socket_timeout=float(config["SSE_KEEPALIVE_S"]) + 10)
    store = EventStore(client, stream_client=streams,
                       archive=open_archive(config["ARCHIVE_URL"], config["ARCHIVE_S3_ENDPOINT"]))
    repository = Repository(store, cache_size=int(config["STATE_CACHE_SIZE"]),
                            snapshot_every=int(config["SNAPSHOT_EVERY"]),
                            snapshot_keep_every=int(config["SNAPSHOT_KEEP_EVERY"]))
    commands = Commands(repository, store, inline_dealer=bool(config["INLINE_DEALER"]))
    queue = Queue(QUEUE, connection=client)
    scheduler = Scheduler(repository, queue, commands.inline_dealer)
    commands.after_append.append(update_index(store))
    commands.after_append.append(scheduler)
    return Wiring(client, store, repository, commands, queue, scheduler)
