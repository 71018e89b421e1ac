"""Settings: defaults, then the environment (BAZAAR_*, REDIS_URL), then the dict a test passes in."""

from __future__ import annotations

import os

DEFAULTS = {
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "STATE_CACHE_SIZE": 2048,  # games whose folded state each process keeps
    "SSE_MAX_SECONDS": 300,  # a live stream closes after this; clients resume with Last-Event-ID
    "SSE_BLOCK_MS": 15000,  # XREAD BLOCK per wait; a heartbeat comment goes out after each empty wait
    "INLINE_DEALER": False,  # True: resolve neutral-figure rolls inside the command (no background dealer)
    "SNAPSHOT_EVERY": 100,  # events between snapshots (0: never)
    "ORGANISER_TOKENS": "",  # comma-separated bearer tokens allowed to import games and run tournaments
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
