"""Settings: defaults, then the environment (BAZAAR_*, REDIS_URL), then the dict a test passes in."""

from __future__ import annotations

import os

DEFAULTS = {
    "REDIS_URL": "redis://127.0.0.1:6379/0",  # the games; redis+cluster://host:port,... for a Redis Cluster
    "QUEUE_REDIS_URL": "",  # RQ's jobs (a plain Redis; required beside a cluster); "": REDIS_URL
    "REDIS_CA_CERTS": "",  # rediss:// (TLS): the CA bundle that signed the servers' certificates ("": the system's)
    "REDIS_CERTFILE": "",  # rediss://: a client certificate and its key, when the servers ask for one
    "REDIS_KEYFILE": "",
    "STATE_CACHE_SIZE": 2048,  # games whose folded state each process keeps
    # a live stream sends a `: keep-alive` comment after this many quiet seconds: below the idle timeout of every
    # proxy between it and its client (30 s is the shortest common default); each one costs the server a send
    "SSE_KEEPALIVE_S": 15,
    "SSE_PAGE": 500,  # events a live stream reads from Redis at a time (bounds its memory)
    "SSE_QUEUE": 256,  # batches a live stream may fall behind its game before it is ended (it resumes)
    "SSE_WRITE_TIMEOUT_S": 15,  # a live stream whose client reads nothing for this long is closed
    "SSE_SEND_BUFFER": 262144,  # bytes of kernel send buffer per live stream
    "SSE_PER_CLIENT": 64,  # live streams one client address may hold open in one process (429 beyond)
    "INLINE_DEALER": False,  # True: resolve neutral-figure rolls inside the command (no background dealer)
    "SNAPSHOT_EVERY": 100,  # events between snapshots (0: never)
    "SNAPSHOT_KEEP_EVERY": 1000,  # earlier snapshots kept for time travel: one per this many versions (0: all)
    "SWEEP_S": 5,  # this often (seconds) a worker re-arms the pending rolls, bots' moves and timers of games that
    # moved since its last sweep or need it now (service.scheduling.scheduler.Scheduler.sweep)
    # Finished games move out of Redis into a compressed archive this long after their last event (0: never);
    # every read route serves them from there. A directory, or s3://bucket/prefix (boto3; ARCHIVE_S3_ENDPOINT
    # for an S3-compatible store, credentials from the usual AWS_* variables).
    "ARCHIVE_URL": "var/archive",
    "ARCHIVE_S3_ENDPOINT": "",
    "ARCHIVE_AFTER_S": 7 * 24 * 3600,
    # A game created with open seats waits this long for its last claim, and a challenge or rematch offer this long
    # for its answers; then the worker's sweep expires the game (the offer lapses by itself).
    "OPEN_FOR_S": 24 * 3600,
    "ORGANISER_TOKENS": "",  # comma-separated bearer tokens allowed to import games
    # Rate limits (service/http/limits.py), in the `limits` notation; generous for people and bots, fatal to floods.
    "MAX_BODY_BYTES": 1 << 20,  # request bodies above this are refused with 413 (commands are ~100 bytes)
    "IMPORT_MAX_BYTES": 64 << 20,  # ... except the import of a whole exported log
    "CORS_ORIGINS": "",  # comma-separated origins of browser clients allowed to call the API (none: CORS off)
    # Proxies in front of the service whose X-Forwarded-For/-Proto/-Host are believed (0: none, the client
    # address is the connection's). Behind one load balancer: 1; otherwise a client could pick its own address.
    "TRUSTED_PROXIES": 0,
    "RATE_LIMITS": True,  # False: no limits here, for deployments whose gateway limits every route already
    "RATE_PER_ADDRESS": "200/second",
    "RATE_CREATE": "50/second;1500/minute",
    "RATE_COMMANDS": "300/second",
    "CREATE_REQUIRES_TOKEN": False,  # True: only organisers (and admins) may create games
    # Identities (service/access/identities.py). ORGANISER_TOKENS above are organiser tokens from configuration;
    # both lists are hashed at load and never expire (remove one to revoke it).
    "ADMIN_TOKENS": "",  # comma-separated admin tokens from configuration: they create organisers
    "TOKEN_TTL_S": 30 * 86400,  # lifetime of an issued organiser or player token unless the request asks less
    "TOKEN_MAX_TTL_S": 365 * 86400,  # the longest lifetime a request may ask for
}


# A configured token's identity (`configured-` + a SHA-256 digest over scope and token) shows in public logs, so
# a short token could be guessed offline against it, with no request to the service: at least 128 bits, i.e. 32
# hex digits (`python -c "import secrets; print(secrets.token_urlsafe(32))"` gives 43 characters).
MIN_TOKEN_CHARS = 32
CONFIGURED_TOKENS = ("ADMIN_TOKENS", "ORGANISER_TOKENS")


class WeakToken(ValueError):
    """A configured token shorter than MIN_TOKEN_CHARS: the service refuses to start (the message names the
    setting and the token's position, never the token)."""


def check(config: dict) -> None:
    """Refuse settings the service must not start with."""
    for name in CONFIGURED_TOKENS:
        for position, token in enumerate((t for t in str(config[name]).split(",") if t), start=1):
            if len(token) < MIN_TOKEN_CHARS:
                raise WeakToken(f"BAZAAR_{name}: token {position} has {len(token)} characters, fewer than "
                                f"{MIN_TOKEN_CHARS}; use long random tokens, e.g. "
                                '`python -c "import secrets; print(secrets.token_urlsafe(32))"`')


def load(overrides: dict | None = None) -> dict:
    config = dict(DEFAULTS)
    if os.environ.get("REDIS_URL"):
        config["REDIS_URL"] = os.environ["REDIS_URL"]
    for name, default in DEFAULTS.items():
        env = os.environ.get(f"BAZAAR_{name}")
        if env is not None:
            config[name] = type(default)(env) if not isinstance(default, bool) else env.lower() in ("1", "true", "yes")
    config.update(overrides or {})
    return config
