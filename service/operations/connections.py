"""Redis URLs into clients: a single Redis, a Redis Cluster, with or without an ACL user and TLS.

- `redis://[user:password@]host:port/db` one Redis (`rediss://` over TLS);
- `redis+cluster://[user:password@]host:port[,host:port...]` a Redis Cluster, reached through any of the
  listed nodes (`rediss+cluster://` over TLS); the cluster has database 0 only. The rate limits'
  `limits` package spells cluster URLs the same way.
- `redis+sentinel://[user:password@]host:port[,host:port...]/service/db` one Redis primary found through
  the listed Sentinels under that service name, found again after a failover (`rediss+sentinel://`: the
  primary over TLS). The user and password are the primary's and the Sentinels' alike.
TLS settings (REDIS_CA_CERTS, REDIS_CERTFILE, REDIS_KEYFILE: paths) apply to every `rediss` URL; the
server's certificate is always verified (against REDIS_CA_CERTS, or else the system's CAs).

Two roles, two URLs: REDIS_URL holds the games (streams, facts, snapshots, the index) and the rate-limit
windows; QUEUE_REDIS_URL holds RQ's queues, jobs and scheduler lock (default: REDIS_URL). RQ does not run
on a Redis Cluster (its job and queue keys share no hash tag, and it moves jobs between them in one
MULTI: its worker stops at start with CROSSSLOT, rq/rq issue 1942), so with a cluster the queue needs a
plain Redis of its own (in production a primary whose failover keeps one address): losing it loses no
move, since the worker's sweep re-arms every pending roll and timer from the games' logs.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.sentinel import Sentinel

from service.operations import readiness

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
SENTINEL_SCHEMES = {"redis+sentinel": "redis", "rediss+sentinel": "rediss"}

# Connections one client of a process may open to a plain Redis. redis-py 8 made its default 100 (it was
# unbounded): a burst of live streams opening at once, each reading its catch-up page, then ran out, and some
# streams ended with "Too many connections" right after their first chunk (the stream cap's test met it now and
# then). A web worker serves up to serving.CONNECTIONS_PER_WORKER clients; Redis's own maxclients (10,000) is the
# bound that matters across processes. The same bound for every kind of client: the plain one's pool, the
# Sentinel client's pool of the primary, and each node's pool of a cluster client.
POOL_MAX = 2000
# A plain Redis client's pool waits this long for a connection another request holds, rather than failing at
# once: 5,000 spectators opening their streams together (`make load`) each read a catch-up page, and past the
# bound the commands posted meanwhile were answered 503 ("Too many connections"). A wait that runs out is still
# that 503. (redis-py's blocking pool costs no more per command than the plain one: a PING 54 against 57-59 µs
# under gevent, measured.)
POOL_WAIT_S = 5


@dataclass(frozen=True)
class Target:
    cluster: bool
    tls: bool
    nodes: tuple[tuple[str, int], ...]  # a cluster's startup nodes
    url: str  # the plain redis:// or rediss:// URL (the first node for a cluster)
    username: str | None
    password: str | None
    service: str | None = None  # Sentinel: the primary's service name (nodes are then the Sentinels)
    db: int = 0


def parse(url: str) -> Target:
    parts = urlsplit(url)
    scheme = CLUSTER_SCHEMES.get(parts.scheme) or SENTINEL_SCHEMES.get(parts.scheme) or parts.scheme
    if scheme not in ("redis", "rediss", "unix"):
        raise ValueError(f"not a Redis URL: {parts.scheme}://")
    cluster = parts.scheme in CLUSTER_SCHEMES
    auth, _, hosts = parts.netloc.rpartition("@")
    user, _, password = auth.partition(":")
    nodes = tuple((host.rsplit(":", 1)[0], int(host.rsplit(":", 1)[1]) if ":" in host else 6379)
                  for host in hosts.split(",") if host)
    if parts.scheme in SENTINEL_SCHEMES:
        service, _, db = parts.path.strip("/").partition("/")
        if not service or not (db or "0").isdigit():
            raise ValueError("a Sentinel URL ends in /<service name>[/<db>]")
        return Target(False, scheme == "rediss", nodes, url, unquote(user) or None, unquote(password) or None,
                      service, int(db or 0))
    if cluster and parts.path.strip("/") not in ("", "0"):
        raise ValueError("a Redis Cluster has database 0 only")
    plain = url
    if cluster:
        first = f"{auth}@{hosts.split(',')[0]}" if auth else hosts.split(",")[0]
        plain = parts._replace(scheme=scheme, netloc=first).geturl()
    return Target(cluster, scheme == "rediss", nodes, plain, unquote(user) or None, unquote(password) or None)


def tls_options(config: dict) -> dict:
    options = {"ssl_cert_reqs": "required"}
    for setting, option in (("REDIS_CA_CERTS", "ssl_ca_certs"), ("REDIS_CERTFILE", "ssl_certfile"),
                            ("REDIS_KEYFILE", "ssl_keyfile")):
        if config.get(setting):
            options[option] = config[setting]
    return options


def client_options(config: dict, target: Target) -> dict:
    """What every client of ours passes redis-py: the readiness check's parser, and TLS settings for `rediss`."""
    return {**readiness.OPTIONS, **(tls_options(config) if target.tls else {})}


def connect(url: str, config: dict, **options) -> redis.Redis | RedisCluster:
    """A client for `url` (either kind answers the commands Bazaar uses on one game's keys alike)."""
    target = parse(url)
    options = {**client_options(config, target), **options}
    auth = {k: v for k, v in (("username", target.username), ("password", target.password)) if v}
    if target.service:  # the client asks the Sentinels for the primary again after any connection error
        sentinels = Sentinel(list(target.nodes), sentinel_kwargs=auth, **({"ssl": True} if target.tls else {}),
                             **auth, **options)
        return sentinels.master_for(target.service, db=target.db, max_connections=POOL_MAX)
    if not target.cluster:
        return redis.Redis(connection_pool=waiting_pool(target.url, options))
    return RedisCluster(startup_nodes=[ClusterNode(host, port) for host, port in target.nodes],
                        ssl=target.tls, max_connections=POOL_MAX, **auth, **options)


def waiting_pool(url: str, options: dict) -> redis.BlockingConnectionPool:
    """A plain Redis's pool: at most POOL_MAX connections, and a request past them waits up to POOL_WAIT_S for one
    given back."""
    return redis.BlockingConnectionPool.from_url(url, **{"max_connections": POOL_MAX, **options,
                                                          "timeout": POOL_WAIT_S})


def queue_url(config: dict) -> str:
    """RQ's Redis: QUEUE_REDIS_URL, else the games' own (which must then not be a cluster)."""
    url = config.get("QUEUE_REDIS_URL") or config["REDIS_URL"]
    if parse(url).cluster:
        raise ValueError("RQ cannot use a Redis Cluster: set BAZAAR_QUEUE_REDIS_URL to a plain Redis")
    return url


def limiter_storage(config: dict) -> tuple[str, dict]:
    """The rate limits' storage URI and options for the games' Redis (the `limits` package speaks cluster
    itself; its window keys carry a hash tag, so each window's script touches one slot)."""
    url = config["REDIS_URL"]
    target = parse(url)
    # every request counts against a window: the limits' own client needs the games' client's pool, not redis-py's
    # default of 100 (`make load`'s 200 players were answered 503 "Too many connections" now and then)
    options = {**client_options(config, target), "max_connections": POOL_MAX}
    if target.service:  # `limits` reads the service from the path and takes the database as an option
        auth = urlsplit(url).netloc.rpartition("@")[0]
        hosts = ",".join(f"{host}:{port}" for host, port in target.nodes)
        auth = f"{auth}@" if auth else ""
        # the windows are read where they are written: a replica may lag behind the primary
        return f"redis+sentinel://{auth}{hosts}/{target.service}", {**options, "db": target.db,
                                                                     "use_replicas": False}
    if not target.cluster:
        return url, {"connection_pool": waiting_pool(url, options)}
    scheme, rest = url.split("://", 1)
    return "redis+cluster://" + rest, {**options, "ssl": True} if target.tls else options
