"""The one place the Redis clients, store, repository, command path, queue and reactions are built.

Both the web app (`create_app`) and the worker (`service.operations.worker`, `service.operations.jobs`) use it, so a command
appended by a dealer job triggers the same reactions as one posted over HTTP.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import redis
from redis.cluster import RedisCluster
from rq import Queue
from rq.serializers import JSONSerializer

from events.archive import open_archive
from events.feed import Feed
from events.inbox import Inbox
from events.lobby import OpenGames
from events.offers import OfferStore
from events.redis_live import LiveChannels, may_publish
from events.redis_store import redis_store
from events.store import Store
from events.tournaments import TournamentStore
from service.feed import lifecycle
from service.feed.consumers import Consumer
from service.feed.notices import Notices
from service.feed.reactions import index_consumer, update_index, update_lobby
from service.games.commands import Commands
from service.games.offers import Offers
from service.games.repository import Repository
from service.operations import connections
from service.scheduling.scheduler import Scheduler
from service.tournaments.loop import Loop
from service.tournaments.ratings import RatingBooks
from service.tournaments.repository import Tournaments

log = logging.getLogger("bazaar.wiring")
# the game whose channel tells whether this Redis user may use the game channels: no game has its id (the service
# makes ids of 64 random bits; this one is all zeros), so no stream ever watches it
PROBE_GAME = "0" * 16
QUEUE = "bazaar"  # the dealer's rolls and the turn timers: short jobs, late by no more than milliseconds
BOT_QUEUE = "bazaar-bots"  # bot seats' moves: each thinks up to its budget, so it must never hold up a roll or timer
# How RQ writes a job's function, arguments, meta and result into Redis, and reads them back. RQ's default is
# pickle, and unpickling runs code: whoever could write one job record could run code in every worker. Our jobs
# take a game's id and a version and return a version (ints and strings), which JSON carries; a record that is
# not JSON fails its job and runs nothing. Every Queue, worker (and its scheduler) and job fetch names it.
JOBS_SERIALIZER = JSONSerializer


# A worker loop (service/operations/worker.py) waits for a job in one blocking read (BLMOVE) of up to this many seconds, then
# beats its heartbeat, runs RQ's maintenance when due and waits again. RQ's own default (its worker TTL less 15 s,
# 405 s) left a quiet loop's maintenance, and so the restart of a scheduler process that died, waiting minutes.
DEQUEUE_S = 5


def rq_queue(name: str, connection: redis.Redis) -> Queue:
    """An RQ queue of ours: its jobs go to and from Redis as JSON, never as pickles."""
    return Queue(name, connection=connection, serializer=JOBS_SERIALIZER)


def worker_loops_redis(config: dict) -> redis.Redis:
    """RQ's Redis for the worker's loops (rolls and timers, bots' moves) and nothing else.

    Their reads block for up to DEQUEUE_S, so every connection of this client has a longer socket timeout from the
    start (RQ's rule: the blocking read plus 10 s). The loops once shared the games' client, whose connections
    time out after redis-py's default 5 s: RQ raises the timeout of a client's pool, but only for connections made
    after it, and a blocking read that drew one made before (the start-up sweep's, the feed consumers') broke off
    after 5 s, logged `could not connect to Redis instance: Timeout reading from socket` and tried again, every
    6 s while nothing was wrong; and the games' own reads in the worker inherited RQ's 415 s timeout."""
    return connections.connect(connections.queue_url(config), config, socket_timeout=DEQUEUE_S + 10)


@dataclass
class Wiring:
    redis: redis.Redis | RedisCluster  # the games' Redis (a cluster or not: see service/operations/connections.py)
    store: Store  # the games' store on `redis` (events/store.py: log, facts, index, snapshots, archiving)
    repository: Repository
    commands: Commands
    queue: Queue
    scheduler: Scheduler
    feed: Feed
    consumers: list[Consumer]  # the feed's consumers the worker runs (service/feed/consumers.py); add yours here
    tournaments: Tournaments
    ratings: RatingBooks
    tournament_loop: Loop  # pairs rounds, opens their games, records results (service/tournaments/loop.py)
    bot_queue: Queue  # on the same Redis as `queue`
    open_games: OpenGames  # the listing of games waiting for claimers, and when each expires (events/lobby.py)
    offers: Offers  # challenges and rematches (service/games/offers.py)
    inbox: Inbox  # each player's own stream of notices (events/inbox.py), written by the `players` consumer
    # the process's subscription to the live channels of the games its streams follow (events/redis_live.py);
    # None where appends are not published (a Redis Cluster): the streams' feeds block in XREAD instead
    live: LiveChannels | None


def live_channels(store: Store, streams: redis.Redis | RedisCluster, config: dict) -> LiveChannels | None:
    """The process's subscription to its games' live channels, or None where the appends are not published: a
    Redis Cluster, or an ACL user without the game channels (`&game:*`, README), which the log is told now."""
    if store.log.publishes and not may_publish(streams, store.log.live_channel(PROBE_GAME)):
        log.warning("Redis refuses this user the game channels (&game:*): live streams read each game's log instead")
        store.log.publishes = False
    return LiveChannels(streams, float(config["SSE_KEEPALIVE_S"])) if store.log.publishes else None


def build(config: dict) -> Wiring:
    client = connections.connect(config["REDIS_URL"], config)
    # Live streams block in XREAD for a whole keep-alive interval: their reads need a socket timeout longer
    # than that (the client's default of 5 s once cut every quiet stream after 5 s).
    streams = connections.connect(config["REDIS_URL"], config, socket_timeout=float(config["SSE_KEEPALIVE_S"]) + 10)
    store = redis_store(client, stream_client=streams,
                        archive=open_archive(config["ARCHIVE_URL"], config["ARCHIVE_S3_ENDPOINT"]),
                        snapshot_keep_every=int(config["SNAPSHOT_KEEP_EVERY"]))
    repository = Repository(store, cache_size=int(config["STATE_CACHE_SIZE"]),
                            snapshot_every=int(config["SNAPSHOT_EVERY"]))
    commands = Commands(repository, store, inline_dealer=bool(config["INLINE_DEALER"]))
    queue_url = connections.queue_url(config)
    queue_redis = client if queue_url == config["REDIS_URL"] else connections.connect(queue_url, config)
    queue, bot_queue = rq_queue(QUEUE, queue_redis), rq_queue(BOT_QUEUE, queue_redis)
    scheduler = Scheduler(repository, queue, commands.inline_dealer, bot_queue)
    feed = Feed(client)
    open_games = OpenGames(client)
    commands.after_append.append(update_index(store.index))
    commands.after_append.append(update_lobby(store, open_games))
    commands.after_append.append(lifecycle.publish(feed))
    commands.after_append.append(scheduler)
    tournaments = Tournaments(TournamentStore(client))
    ratings = RatingBooks(client)
    loop = Loop(tournaments, commands, ratings)
    offers = Offers(OfferStore(client), commands, int(config["OPEN_FOR_S"]))
    offers.after_append.append(lifecycle.publish_offer(feed))
    inbox = Inbox(client, stream_client=streams)
    notices = Notices(inbox, repository, tournaments.store)
    live = live_channels(store, streams, config)
    return Wiring(client, store, repository, commands, queue, scheduler, feed,
                  [index_consumer(store.index), loop.consumer(), notices.consumer()], tournaments, ratings, loop, bot_queue,
                  open_games, offers, inbox, live)
