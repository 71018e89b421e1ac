"""Settings: defaults, then the environment (BAZAAR_*, REDIS_URL), then the dict a test passes in."""

from __future__ import annotations

import os

DEFAULTS = {
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "STATE_CACHE_SIZE": 2048,  # games whose folded state each process keeps
    "SSE_KEEPALIVE_S": 10,  # a live stream sends a `: keep-alive` comment after this many quiet seconds
    "SSE_PAGE": 500,  # events a live stream reads from Redis at a time (bounds its memory)
    "SSE_QUEUE": 256,  # batches a live stream may fall behind its game before it is ended (it resumes)
    "SSE_WRITE_TIMEOUT_S": 15,  # a live stream whose client reads nothing for this long is closed
    "SSE_SEND_BUFFER": 262144,  # bytes of kernel send buffer per live stream
    "SSE_PER_CLIENT": 64,  # live streams one client address may hold open in one process (429 beyond)
    "INLINE_DEALER": False,  # True: resolve neutral-figure rolls inside the command (no background dealer)
    "SNAPSHOT_EVERY": 100,  # events between snapshots (0: never)
    "SNAPSHOT_KEEP_EVERY": 1000,  # earlier snapshots kept for time travel: one per this many versions (0: all)
    "SWEEP_S": 5,  # a worker re-arms every active game's pending roll and timer this often (seconds)
    # Finished games move out of Redis into a compressed archive this long after their last event (0: never);
    # every read route serves them from there. A directory, or s3://bucket/prefix (boto3; ARCHIVE_S3_ENDPOINT
    # for an S3-compatible store, credentials from the usual AWS_* variables).
    "ARCHIVE_URL": "var/archive",
    "ARCHIVE_S3_ENDPOINT": "",
    "ARCHIVE_AFTER_S": 7 * 24 * 3600,
    "ORGANISER_TOKENS": "",  # comma-separated bearer tokens allowed to import games
    # Rate limits (service/limits.py), Flask-Limiter notation; generous for people and bots, fatal to floods.
    "RATE_PER_ADDRESS": "200/second",
    "RATE_CREATE": "50/second;1500/minute",
    "RATE_COMMANDS": "300/second",
    "CREATE_REQUIRES_TOKEN": False,  # True: only organisers (ORGANISER_TOKENS) may create games
}


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
