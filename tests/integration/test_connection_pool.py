"""A plain Redis client's pool (service/operations/connections.py): a burst of requests past its bound waits for
a connection another request gives back, instead of failing at once with "Too many connections" (a 503 to the
client). `make load` met that: 5,000 spectators opening their streams together, each reading a catch-up page,
and the commands posted meanwhile were refused."""

import threading
import time

import pytest
import redis

from service.http.limits import Limits
from service.operations import connections
from service.operations.connections import POOL_WAIT_S, connect


def test_a_request_past_the_pools_bound_waits_for_a_connection_given_back(redis_url):
    client = connect(redis_url, {}, max_connections=2)
    if not isinstance(client, redis.Redis) or isinstance(client, redis.RedisCluster):
        pytest.skip("a cluster client keeps a pool per node")
    held = [client.connection_pool.get_connection() for _ in range(2)]
    given_back = threading.Timer(0.3, lambda: client.connection_pool.release(held.pop()))
    given_back.start()
    started = time.monotonic()
    assert client.ping()  # the pool is full: the third request waits for the connection given back
    waited = time.monotonic() - started
    given_back.join()
    client.connection_pool.release(held.pop())
    assert 0.2 < waited < POOL_WAIT_S


def test_the_rate_limits_client_waits_for_a_connection_too(redis_url, monkeypatch):
    """The limits' own Redis client counts every request: with redis-py's default pool (100), `make load`'s 200
    players were answered 503 now and then. Its pool is bounded and waits as the games' client's does."""
    if connections.parse(redis_url).cluster:
        pytest.skip("a cluster client keeps a pool per node")
    monkeypatch.setattr(connections, "POOL_MAX", 2)
    config = {"REDIS_URL": redis_url, "RATE_PER_ADDRESS": "1000/second", "RATE_CREATE": "10/second",
              "RATE_COMMANDS": "100/second"}
    limits = Limits(config, connections.limiter_storage(config))
    pool = limits.strategy.storage.storage.connection_pool
    held = [pool.get_connection() for _ in range(2)]
    given_back = threading.Timer(0.3, lambda: pool.release(held.pop()))
    given_back.start()
    started = time.monotonic()
    limits.count_command("0123456789abcdef:0")  # waits for the connection given back, then counts
    waited = time.monotonic() - started
    given_back.join()
    pool.release(held.pop())
    assert 0.2 < waited < POOL_WAIT_S
