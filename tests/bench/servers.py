"""Servers for the benchmarks: a private redis-server and gunicorn apps, on free ports, stopped on exit; and the
CPU time a process tree has used (read from /proc: deterministic, unlike a latency on a shared machine)."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import requests

from service.operations import embedded_redis, serving
from tests.support.processes import redis_server

ROOT = Path(__file__).resolve().parents[2]
TICKS_PER_S = os.sysconf("SC_CLK_TCK")


@contextmanager
def private_redis():
    with tempfile.TemporaryDirectory() as data, redis_server(data, persistent=True) as url:
        yield url


# The bench is one load generator on one address: rate limits would measure themselves, not the command path.
# (Their own cost, one Redis round trip per limit, stays in: the limiter still counts every request.)
UNLIMITED = {"BAZAAR_RATE_PER_ADDRESS": "1000000/second", "BAZAAR_RATE_COMMANDS": "1000000/second",
             "BAZAAR_RATE_CREATE": "1000000/second"}


class Server(str):
    """A running server's base URL that also knows the server's process id (its master's)."""

    pid: int


@contextmanager
def gunicorn(app: str, redis_url: str, probe: str, env: dict | None = None):
    """`app` served as production serves Bazaar (service/operations/serving.py: gevent workers), the baseline alike."""
    port = embedded_redis.free_port()
    process = subprocess.Popen(
        serving.gunicorn_command(f"127.0.0.1:{port}", app=app),
        cwd=ROOT, env={**os.environ, "REDIS_URL": redis_url, **UNLIMITED, **(env or {})},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = Server(f"http://127.0.0.1:{port}")
    base.pid = process.pid
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


def family(pid: int) -> list[int]:
    """A process and its children (gunicorn's master and its workers)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        return [pid, *(int(child) for child in children.read_text().split())]
    pids = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    pids.append(int(entry.name))
            except (OSError, ValueError):
                pass  # gone meanwhile
    return pids


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU seconds the processes have used so far (/proc/<pid>/stat; gone ones count 0)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of proc(5))
    return total / TICKS_PER_S
