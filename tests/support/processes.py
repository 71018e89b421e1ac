"""Real processes for the tests: the HTTP service under gunicorn, and RQ workers (start, kill -9, restart)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

from service.operations import embedded_redis
from service.operations.serving import WORKERS, gunicorn_command
from tests.support import live_logs
from tests.support.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def gunicorn(redis_url: str, log_dir: Path, env: dict[str, str] | None = None,
             workers: int = WORKERS, app: str = "service.operations.wsgi:app") -> Iterator[str]:
    """The service under gunicorn as `make run` starts it, on a free port; yields its base URL. `env` adds
    settings (BAZAAR_*): the suite's main server passes only a higher limit per address (tests/conftest.py).
    `app`: another WSGI app served the same way (it must answer GET /healthz)."""
    port = free_port()
    log = log_dir / f"gunicorn-{port}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(gunicorn_command(f"127.0.0.1:{port}", workers=workers, app=app), cwd=ROOT,
                                   env={**os.environ, "REDIS_URL": redis_url, **(env or {})}, stdout=out,
                                   stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    live_logs.running(log, f"gunicorn {app} on {base}")
    try:
        while True:
            try:
                if requests.get(f"{base}/healthz", timeout=5).status_code == 200:
                    break
            except requests.RequestException:  # not listening yet, or busy starting its workers
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        live_logs.stopped(log)
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


class GunicornProcess:
    """The service under gunicorn on a fixed port, to kill -9 (master and its workers) and start again."""

    def __init__(self, redis_url: str, log_dir: Path, env: dict[str, str] | None = None):
        self.redis_url, self.log_dir, self.env = redis_url, log_dir, env or {}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def _log(self) -> Path:
        return self.log_dir / f"gunicorn-{self.port}-{self.starts}.log"

    def start(self, timeout: float = 60) -> GunicornProcess:
        live_logs.stopped(self._log())  # started again after a kill: the last run's log is over
        self.starts += 1
        live_logs.running(self._log(), f"gunicorn on {self.base}")
        with open(self._log(), "w") as out:
            self.process = subprocess.Popen(gunicorn_command(f"127.0.0.1:{self.port}"), cwd=ROOT,
                                            env={**os.environ, "REDIS_URL": self.redis_url, **self.env},
                                            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f"{self.base}/healthz", timeout=5).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start (see {self.log_dir})")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL to the master and every worker (its process group): a crash, nothing cleaned up."""
        kill_group(self.process)
        deadline = time.monotonic() + 10
        while self.process is not None and time.monotonic() < deadline:  # its workers die a moment later
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)

    def stop(self) -> None:
        terminate(self.process)
        self.kill()
        live_logs.stopped(self._log())


class WorkerProcess:
    def __init__(self, redis_url: str, log_dir: Path, env: dict[str, str] | None = None):
        self.redis_url = redis_url
        self.log_dir = log_dir
        self.env = env or {}
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def _log(self) -> Path:
        return self.log_dir / f"worker-{self.starts}.log"

    def start(self) -> WorkerProcess:
        live_logs.stopped(self._log())  # started again after a kill: the last run's log is over
        self.starts += 1
        log = open(self._log(), "w")
        live_logs.running(self._log(), "RQ worker")
        env = {**os.environ, "REDIS_URL": self.redis_url, **self.env}
        self.process = subprocess.Popen([sys.executable, "-m", "service.operations.worker"], cwd=ROOT, env=env,
                                        stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def logged(self, text: str) -> bool:
        return text in self._log().read_text()

    def kill(self) -> None:
        """SIGKILL to the worker and its scheduler and work-horse processes: a crash, nothing cleaned up."""
        kill_group(self.process)

    def stop(self) -> None:
        terminate(self.process)
        self.kill()
        live_logs.stopped(self._log())


@contextmanager
def redis_server(data_dir: str | os.PathLike, persistent: bool = False) -> Iterator[str]:
    """A redis-server of its own on a free port, with its files under `data_dir`; yields its URL and stops it."""
    port = free_port()
    process = embedded_redis.start(port, data_dir, persistent=persistent)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


def kill_group(process: subprocess.Popen | None) -> None:
    """SIGKILL to a process started in a session of its own and everything in its group."""
    if process and process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=10)


def terminate(process: subprocess.Popen | None) -> None:
    """SIGTERM, and up to 15 s to finish what it is doing."""
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass


def wait_for(predicate, timeout: float = 20.0, interval: float = 0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("condition not met in time")
