"""The service's store of games on Redis (events/store.py): its parts built together on one client, sharing what
they share (the archive's verified records; the log's client for the archiving that empties it)."""

from __future__ import annotations

import redis

from events.archive import ArchivedGames
from events.keys import INDEX_KEY
from events.redis_archiving import RedisArchiving
from events.redis_facts import RedisGameFacts
from events.redis_index import RedisGameIndex
from events.redis_log import RedisGameLog
from events.snapshots import Snapshots
from events.store import Store


def redis_store(client: redis.Redis, stream_client: redis.Redis | None = None, archive=None,
                snapshot_keep_every: int = 1000, index_key: str = INDEX_KEY) -> Store:
    """`stream_client`: a client whose socket timeout outlasts the live streams' blocking reads (default: `client`);
    `archive`: where finished games go (events/archive.py `open_archive`; None: nowhere, they stay);
    `snapshot_keep_every`: besides the newest snapshot, the first of each run of this many versions is kept."""
    archived = ArchivedGames(archive) if archive is not None else None
    log = RedisGameLog(client, stream_client, archived)
    return Store(log, RedisGameFacts(client, archived), RedisGameIndex(client, index_key),
                 Snapshots(client, snapshot_keep_every),
                 RedisArchiving(client, log, archived) if archived is not None else None)
