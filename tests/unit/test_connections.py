"""Redis URLs into clients (service/operations/connections.py): cluster or not, ACL user, TLS settings. Nothing connects
here; the cluster and ACL tests in tests/integration use real servers."""

import pytest
import redis

from service.operations import readiness
from service.operations.connections import POOL_MAX, POOL_WAIT_S, connect, limiter_storage, parse, queue_url

CA = {"REDIS_CA_CERTS": "/etc/bazaar/ca.pem", "REDIS_CERTFILE": "", "REDIS_KEYFILE": ""}


def test_a_cluster_url_names_every_startup_node_and_its_user():
    target = parse("rediss+cluster://bazaar:p%40ss@10.0.0.1:7000,10.0.0.2:7001")
    assert target.cluster and target.tls
    assert target.nodes == (("10.0.0.1", 7000), ("10.0.0.2", 7001))
    assert (target.username, target.password) == ("bazaar", "p@ss")


def test_a_cluster_has_database_zero_only():
    with pytest.raises(ValueError):
        parse("redis+cluster://10.0.0.1:7000/3")


def test_tls_verifies_the_server_against_the_configured_ca():
    client = connect("rediss://bazaar:secret@redis.internal:6380/0", CA)
    kwargs = client.connection_pool.connection_kwargs
    assert kwargs["ssl_ca_certs"] == "/etc/bazaar/ca.pem" and kwargs["ssl_cert_reqs"] == "required"
    assert (kwargs["username"], kwargs["password"]) == ("bazaar", "secret")
    assert "ssl_ca_certs" not in connect("redis://127.0.0.1:6379/0", CA).connection_pool.connection_kwargs


def test_rq_never_gets_a_cluster():
    assert queue_url({"REDIS_URL": "redis://a:6379/0", "QUEUE_REDIS_URL": ""}) == "redis://a:6379/0"
    with pytest.raises(ValueError):
        queue_url({"REDIS_URL": "redis+cluster://a:7000", "QUEUE_REDIS_URL": ""})
    assert queue_url({"REDIS_URL": "redis+cluster://a:7000", "QUEUE_REDIS_URL": "redis://q:6379/0"}) == \
        "redis://q:6379/0"


def test_the_rate_limiter_reaches_the_same_redis():
    # with the parser whose readiness check skips gevent's hub (service/operations/readiness.py)
    uri, options = limiter_storage({"REDIS_URL": "redis://a:6379/2"})
    pool = options["connection_pool"]
    assert uri == "redis://a:6379/2" and pool.connection_kwargs["db"] == 2
    assert (type(pool), pool.max_connections, pool.timeout) == (redis.BlockingConnectionPool, POOL_MAX, POOL_WAIT_S)
    assert all(pool.connection_kwargs[name] is value for name, value in readiness.OPTIONS.items())
    uri, options = limiter_storage({"REDIS_URL": "rediss+cluster://u:p@a:7000,b:7000", **CA})
    assert uri == "redis+cluster://u:p@a:7000,b:7000"
    assert options["ssl"] is True and options["ssl_ca_certs"] == "/etc/bazaar/ca.pem"


def test_a_sentinel_url_names_the_sentinels_the_service_and_the_database():
    target = parse("redis+sentinel://bazaar:p%40ss@10.0.0.1:26379,10.0.0.2:26380/games/3")
    assert (target.service, target.db, target.cluster, target.tls) == ("games", 3, False, False)
    assert target.nodes == (("10.0.0.1", 26379), ("10.0.0.2", 26380))
    assert (target.username, target.password) == ("bazaar", "p@ss")
    assert parse("rediss+sentinel://10.0.0.1:26379/games").db == 0
    with pytest.raises(ValueError):
        parse("redis+sentinel://10.0.0.1:26379")  # no service name
    uri, options = limiter_storage({"REDIS_URL": "redis+sentinel://bazaar:p%40ss@10.0.0.1:26379/games/3"})
    assert uri == "redis+sentinel://bazaar:p%40ss@10.0.0.1:26379/games"
    assert options == {**readiness.OPTIONS, "max_connections": POOL_MAX, "db": 3, "use_replicas": False}


def test_a_plain_redis_client_may_open_more_connections_than_redis_py_8s_default():
    """redis-py 8 bounds a pool at 100 connections by default: a burst of live streams each reading its catch-up
    page ran out of them, and streams ended with "Too many connections" (the stream cap's test, now and then)."""
    client = connect("redis://127.0.0.1:1/0", {})
    assert client.connection_pool.max_connections == POOL_MAX > 100


def test_a_sentinel_client_may_open_as_many_connections_to_the_primary():
    """Its pool is the Sentinel client's own (built without connecting): it kept redis-py's default of 100."""
    client = connect("redis+sentinel://127.0.0.1:1,127.0.0.1:2/bazaar/0", {})
    assert client.connection_pool.max_connections == POOL_MAX
