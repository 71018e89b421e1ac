"""Servers for the benchmarks: a private redis-server and gunicorn apps, on free ports, stopped on exit."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import requests

from service import embedded_redis
from tests.support.processes import redis_server

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = ["--workers", "2", "--worker-class", "gthread", "--threads", "4"]


@contextmanager
def private_redis():
    with tempfile.TemporaryDirectory() as data, redis_server(data, persistent=True) as url:
        yield url


# The bench is one load generator on one address: rate limits would measure themselves, not the command path.
# (Their own cost, one Redis round trip per limit, stays in: the limiter still counts every request.)
UNLIMITED = {"BAZAAR_RATE_PER_ADDRESS": "1000000/second", "BAZAAR_RATE_COMMANDS": "1000000/second",
             "BAZAAR_RATE_CREATE": "1000000/second"}


@contextmanager
def gunicorn(app: str, redis_url: str, probe: str, env: dict | None = None):
    port = embedded_redis.free_port()
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "--bind", f"127.0.0.1:{port}", *GUNICORN, app],
        cwd=ROOT, env={**os.environ, "REDIS_URL": redis_url, **UNLIMITED, **(env or {})},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            requests.get(base + probe, timeout=5)
            break
        except requests.RequestException:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{app} did not start") from None
            time.sleep(0.1)
    try:
        yield base
    finally:
        process.terminate()
        process.wait(timeout=15)
