"""The worker's RQ loops on a client of their own: a quiet loop logs nothing while nothing is wrong.

The bots' loop once logged `could not connect to Redis instance: Timeout reading from socket` every 6 s on a
healthy Redis: it shared the games' client, whose connections made before RQ raised its pool's socket timeout
(the worker's first PING, the start-up sweep's and the feed consumers' reads) keep redis-py's 5 s, and its
blocking read for a job drew one of them. Here the worker's own start-up steps run on the client the worker
gives its loops (a first PING, the scheduler lock), then the bots' loop waits, quiet, for longer than both its
blocking read and its socket timeout, at production settings."""

from __future__ import annotations

import logging
import threading
import time

import pytest
import redis

from service.operations import config as settings
from service.operations import worker
from service.operations.wiring import DEQUEUE_S, QUEUE, build, worker_loops_redis
from tests.support.databases import url_of


@pytest.mark.slow(seconds=18)
def test_a_quiet_bots_worker_logs_no_connection_error(redis_url, caplog):
    url = url_of(redis_url, "worker_loops")
    redis.Redis.from_url(url).flushdb()
    config = settings.load({"REDIS_URL": url, "QUEUE_REDIS_URL": url})
    wiring = build(config)
    connection = worker_loops_redis(config)
    stop = threading.Event()
    caplog.set_level(logging.WARNING)
    worker.wait_for_redis(connection, stop)  # what the worker's main does first on this client
    worker.release_stale_scheduler_lock(connection, QUEUE)
    # connections made before the loop starts, idle in the pool when it first waits for a job (the worker's threads
    # made them on the client they shared): the loop's pub/sub listener takes one, its blocking read another
    pool = connection.connection_pool
    made = [pool.get_connection() for _ in range(3)]
    for made_before in made:
        pool.release(made_before)
    thread = worker.start_bot_worker(wiring, connection, stop)
    time.sleep(DEQUEUE_S + 12)  # longer than a blocking read and than the socket timeout RQ asks (10 s more)
    complaints = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [m for m in complaints if "could not connect" in m or "timeout" in m.lower()], complaints
    stop.set()
    thread.join(timeout=DEQUEUE_S + 10)  # the loop sees `stop` after its current blocking read
    assert not thread.is_alive()
