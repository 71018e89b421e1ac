"""`make run`: a private Redis (unless REDIS_URL is set), the RQ worker and the HTTP service, supervised.

- A worker or web server that dies is started again at once (it holds nothing: the games are in Redis,
  and a new worker's sweep re-arms every pending roll and timer). So is the embedded Redis, on its port
  and from its append-only file: meanwhile the web server answers 503 with Retry-After and the worker waits
  for it. A child that dies RESTART_LIMIT times within RESTART_WINDOW_S (or a Redis that will not start
  again) stops the stack, which exits non-zero, naming it.
- Ctrl-C or SIGTERM stops the web server and the worker first, then Redis, so nothing logs a traceback
  about a Redis that vanished under it. The children run in their own session (the terminal's Ctrl-C
  reaches only this supervisor, which stops them in order) and get SIGTERM if the supervisor itself dies,
  so no process outlives it.
- Nothing is shared between two instances on one host: the data directory (BAZAAR_DATA_DIR, default
  var/redis) is locked while in use, and gunicorn's control socket (a fixed path by default) is off.
- Nothing is open to the host's other users: the embedded Redis listens on loopback, lets in only the `bazaar`
  user with the secret kept in the data directory (mode 0600, made at the first start), and the data directory
  is its owner's only (service/operations/embedded_redis.py).
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from service.feed.reactions import reconcile
from service.operations import embedded_redis
from service.operations.app import create_app
from service.operations.serving import gunicorn_command

ROOT = Path(__file__).resolve().parents[2]  # the repository
STOP_TIMEOUT_S = 10
RESTART_LIMIT, RESTART_WINDOW_S = 5, 60
_PR_SET_PDEATHSIG = 1


class Stop(Exception):
    """SIGTERM or SIGINT reached the supervisor."""


def _raise_stop(*_):
    raise Stop()


def _die_with_parent():
    """In the child before exec: SIGTERM when the supervisor dies, even by SIGKILL (Linux)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:
        pass


def spawn(args: list[str], env: dict) -> subprocess.Popen:
    return subprocess.Popen(args, env=env, cwd=ROOT, start_new_session=True, preexec_fn=_die_with_parent)


def reap_group(child: subprocess.Popen) -> None:
    """Stop what is left of a dead child's process group (each child leads its own session), and wait until it
    is gone, so its replacement finds nothing holding the port or the queue."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return
    deadline = time.monotonic() + STOP_TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            os.killpg(child.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)


def lock_data_dir(data_dir: Path):
    """Hold an exclusive lock on the data directory for the supervisor's lifetime; exit if taken."""
    data_dir.mkdir(parents=True, exist_ok=True)
    handle = open(data_dir / "bazaar.lock", "a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        raise SystemExit(f"{data_dir} is in use by {holder}: stop it, or give this instance its own "
                         "BAZAAR_DATA_DIR (and PORT)") from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"pid {os.getpid()}\n")
    handle.flush()
    return handle


def stop_all(children: list[tuple[str, subprocess.Popen]]) -> None:
    """Stop in reverse start order: web, worker, then Redis."""
    for _name, child in reversed(children):
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def main() -> int:
    signal.signal(signal.SIGTERM, _raise_stop)
    signal.signal(signal.SIGINT, _raise_stop)
    port = int(os.environ.get("PORT", "8000"))
    env = dict(os.environ)
    children: list[tuple[str, subprocess.Popen]] = []
    died: tuple[str, int] | None = None
    lock = None
    try:
        restartable: dict[str, Callable[[], subprocess.Popen]] = {}
        if not env.get("REDIS_URL"):
            data_dir = Path(os.environ.get("BAZAAR_DATA_DIR", ROOT / "var" / "redis"))
            lock = lock_data_dir(data_dir)
            redis_port = int(os.environ.get("BAZAAR_REDIS_PORT", "0")) or embedded_redis.free_port()
            # no local user but this one may read or write the games: a password of the data directory's (0600),
            # the same at every start; every child logs in with it through the REDIS_URL it inherits
            password = embedded_redis.secret(data_dir)
            # the same port, password and append-only file again: what Redis acknowledged is back, and the web
            # server (503 meanwhile) and the worker (it waits for Redis) carry on without a restart of their own
            restartable["redis"] = lambda: embedded_redis.start(redis_port, data_dir, spawn=spawn, password=password)
            children.append(("redis", restartable["redis"]()))
            env["REDIS_URL"] = embedded_redis.url(redis_port, password)
            print(f"embedded Redis on 127.0.0.1:{redis_port} as user {embedded_redis.USER}, password in "
                  f"{data_dir / embedded_redis.SECRET_FILE} (data and append-only file in {data_dir})", flush=True)
        app = create_app({"REDIS_URL": env["REDIS_URL"]})
        seen, unreadable, republished = reconcile(app.extensions["bazaar.repository"], app.extensions["bazaar.feed"],
                                                  app.extensions["bazaar.open_games"])
        print(f"index reconciled over {seen} games; {republished} lifecycle facts were missing from the feed",
              flush=True)
        if unreadable:
            print(f"WARNING: {len(unreadable)} unreadable games left out: {', '.join(unreadable[:10])}", flush=True)
        commands = {
            "worker": [sys.executable, "-m", "service.operations.worker"],
            "web": gunicorn_command(f"127.0.0.1:{port}", access_log=True),
        }
        for name, args in commands.items():
            restartable[name] = lambda args=args: spawn(args, env)
            children.append((name, restartable[name]()))
        print(f"Bazaar listens on http://127.0.0.1:{port} (API description: /openapi.yaml)", flush=True)
        restarts: dict[str, list[float]] = {name: [] for name in restartable}
        while died is None:
            time.sleep(0.2)
            for index, (name, child) in enumerate(children):
                if child.poll() is None:
                    continue
                recent = [t for t in restarts[name] if time.monotonic() - t < RESTART_WINDOW_S]
                if len(recent) >= RESTART_LIMIT:
                    died = (name, child.returncode)
                    break
                print(f"bazaar: {name} exited with status {child.returncode}; starting it again", flush=True)
                reap_group(child)  # a web master killed outright leaves its workers holding the port
                restarts[name] = [*recent, time.monotonic()]
                try:
                    children[index] = (name, restartable[name]())
                except RuntimeError as error:  # Redis would not start again (its log says why)
                    print(f"bazaar: {error}", flush=True)
                    died = (name, child.returncode)
                    break
    except Stop:
        print("stopping: web, worker, then Redis", flush=True)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt the orderly stop
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop_all(children)
        if lock is not None:
            lock.close()
    if died is not None:
        print(f"bazaar: {died[0]} exited with status {died[1]}; stopped the rest", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
