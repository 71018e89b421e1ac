"""`make run`'s supervisor: a dead child stops the stack with a non-zero exit naming it; Ctrl-C stops it
cleanly in order; two instances share no path; nothing outlives it; its Redis lets in no one but the service."""

import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
import requests

from service.operations.run import RESTART_LIMIT
from tests.api.client import Api
from tests.support import live_logs
from tests.support.ports import free_port
from tests.support.processes import wait_for

ROOT = Path(__file__).resolve().parents[2]


class Stack:
    def __init__(self, tmp_path: Path, name: str = "a", data_dir: Path | None = None):
        self.port = free_port()
        self.data_dir = data_dir or tmp_path / f"data-{name}"
        self.log = tmp_path / f"run-{name}.log"
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env.update(PORT=str(self.port), BAZAAR_DATA_DIR=str(self.data_dir))
        self.out = open(self.log, "w")
        self.process = subprocess.Popen([sys.executable, "-m", "service.operations.run"], cwd=ROOT, env=env,
                                        stdout=self.out, stderr=subprocess.STDOUT)
        # its web server's, worker's and Redis's lines go into a failing test's report, as every server's do
        live_logs.running(self.log, f"make run's stack {name}")

    def wait_up(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.text()
            try:
                if requests.get(f"http://127.0.0.1:{self.port}/healthz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise AssertionError(f"the stack did not come up:\n{self.text()}")

    def children(self) -> dict[str, psutil.Process]:
        found = {}
        for child in psutil.Process(self.process.pid).children(recursive=False):
            try:
                cmd = " ".join(child.cmdline())
            except (psutil.ZombieProcess, psutil.NoSuchProcess):
                continue  # a child that died and is not reaped yet
            # RQ retitles its worker `rq:worker:...` where setproctitle is installed (the test extra has it: mutmut)
            worker = "service.operations.worker" in cmd or cmd.startswith("rq:worker:")
            name = "redis" if "redis-server" in cmd else "worker" if worker else "web"
            found[name] = child
        return found

    def text(self) -> str:
        self.out.flush()
        return self.log.read_text()

    def stop(self) -> None:
        live_logs.stopped(self.log)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def stacks(tmp_path):
    started = []

    def start(name="a", data_dir=None):
        stack = Stack(tmp_path, name, data_dir)
        started.append(stack)
        return stack

    yield start
    for stack in started:
        stack.stop()


def descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def fresh_child(stack: Stack, name: str, old_pid: int, timeout: float = 40) -> psutil.Process:
    """The child `name` once the supervisor has started it again (a pid other than `old_pid`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fresh = stack.children().get(name)
        if fresh is not None and fresh.pid != old_pid:
            return fresh
        assert stack.process.poll() is None, stack.text()
        time.sleep(0.05)
    raise AssertionError(f"{name} was not started again:\n{stack.text()}")


def left_running(everyone: list[psutil.Process], within_s: float = 20) -> list[psutil.Process]:
    """Those of `everyone` still running (a zombie is not) once they are gone or `within_s` has passed."""
    deadline = time.monotonic() + within_s
    while True:
        alive = [p for p in everyone if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.2)


@pytest.mark.slow(seconds=12)
def test_a_child_that_keeps_dying_stops_the_stack_non_zero_and_is_named(stacks):
    stack = stacks()
    stack.wait_up()
    everyone = descendants(stack.process.pid)
    victim = stack.children()["worker"]
    for _ in range(RESTART_LIMIT):
        victim.kill()
        victim = fresh_child(stack, "worker", victim.pid)
    victim.kill()  # one death more than the supervisor restarts within its window
    assert stack.process.wait(timeout=40) != 0
    assert "worker exited" in stack.text() and "stopped the rest" in stack.text()
    assert not left_running(everyone, 0)


@pytest.mark.slow(seconds=12)
def test_a_killed_redis_worker_or_web_server_is_started_again_and_the_stack_stays_up(stacks):
    """One stack, three deaths in turn (each its own start would cost a whole stack's start-up)."""
    stack = stacks()
    stack.wait_up()
    base = f"http://127.0.0.1:{stack.port}"
    created = requests.post(f"{base}/v1/games", json={"game": "jaipur", "seats": 2}, timeout=10).json()
    worker = stack.children()["worker"]
    redis_server = stack.children()["redis"]
    redis_server.kill()  # SIGKILL: it comes back from its append-only file
    fresh_child(stack, "redis", redis_server.pid)
    game = wait_for(lambda: (r := requests.get(f"{base}/v1/games/{created['id']}", timeout=5)).status_code == 200
                    and r.json(), timeout=20)
    assert game["version"] == created["version"]  # nothing acknowledged was lost
    assert stack.process.poll() is None and "redis exited" in stack.text()
    assert stack.children()["worker"].pid == worker.pid  # the worker waited for Redis: no restart of its own
    for name in ("worker", "web"):
        victim = stack.children()[name]
        victim.kill()
        fresh_child(stack, name, victim.pid)
        stack.wait_up()
        assert stack.process.poll() is None and f"{name} exited" in stack.text()
    r = requests.post(f"{base}/v1/games", json={"game": "jaipur", "seats": 2}, timeout=10)
    assert r.status_code == 201


@pytest.mark.slow(seconds=12)
def test_two_instances_share_nothing_one_data_dir_is_refused_and_each_stops_leaving_nothing(stacks, tmp_path):
    """Ctrl-C stops one in order (web and worker before Redis), without tracebacks; a SIGKILL to the other's
    supervisor, with no chance to clean up, leaves none of its processes behind either."""
    first, second = stacks("a"), stacks("b")
    first.wait_up()
    second.wait_up()
    clash = stacks("c", data_dir=first.data_dir)
    assert clash.process.wait(timeout=30) != 0
    assert "in use" in clash.text() and "Traceback" not in clash.text()
    assert requests.get(f"http://127.0.0.1:{first.port}/healthz", timeout=5).status_code == 200

    everyone = descendants(first.process.pid)
    first.process.send_signal(signal.SIGINT)
    assert first.process.wait(timeout=40) == 0
    assert "Traceback" not in first.text(), first.text()
    assert not left_running(everyone, 0)

    everyone = descendants(second.process.pid)
    assert len(everyone) >= 3
    second.process.kill()  # SIGKILL: no chance to clean up
    second.process.wait()
    assert not left_running(everyone)


def redis_says(port: int, *commands: bytes) -> list[bytes]:
    """The first line of Redis's reply to each command, sent as a plain client would (no library between)."""
    replies = []
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn, conn.makefile("rb") as answers:
        for command in commands:
            conn.sendall(command + b"\r\n")
            replies.append(answers.readline())
    return replies


@pytest.mark.slow(seconds=15)
def test_the_embedded_redis_lets_in_only_the_service_with_the_secret_of_its_data_dir(stacks):
    """Every local user could read every game's seed from `make run`'s Redis and rewrite its history: now one
    without the secret gets nothing (NOAUTH, WRONGPASS), the secret is its owner's only and in no process's
    arguments or the supervisor's output, and the web server and the worker play through it. A second start
    keeps the secret (and the games)."""
    stack = stacks()
    stack.wait_up()
    port = int(re.search(r"embedded Redis on 127\.0\.0\.1:(\d+)", stack.text()).group(1))
    kept = stack.data_dir / "redis.secret"
    password = kept.read_text().strip()
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and len(password) >= 40
    assert stat.S_IMODE(stack.data_dir.stat().st_mode) == 0o700  # the append-only file holds every seed too
    ping, as_default, as_service_guessing, keys = redis_says(port, b"PING", b"AUTH default guess",
                                                             b"AUTH bazaar guess", b"KEYS *")
    assert ping.startswith(b"-NOAUTH") and keys.startswith(b"-NOAUTH")
    assert as_default.startswith(b"-WRONGPASS") and as_service_guessing.startswith(b"-WRONGPASS")
    assert redis_says(port, f"AUTH bazaar {password}".encode(), b"PING") == [b"+OK\r\n", b"+PONG\r\n"]
    everyone = [psutil.Process(stack.process.pid), *descendants(stack.process.pid)]
    assert len(everyone) >= 4 and not any(password in " ".join(p.cmdline()) for p in everyone)
    assert password not in stack.text()

    api = Api(f"http://127.0.0.1:{stack.port}")
    gid, tokens = api.create("tiny", 2, seed="locked-redis")
    seat = api.view(gid)["to_act"][0]
    assert api.command(gid, tokens[seat], {"type": "call_dealer"}).status_code == 201
    wait_for(lambda: api.view(gid)["awaiting_chance"] is None, timeout=30)  # the worker logged in and dealt it
    assert "could not connect" not in stack.text()  # nor did a quiet worker loop cry outage (test_worker_loops.py)

    version = api.view(gid)["version"]
    stack.process.send_signal(signal.SIGINT)
    assert stack.process.wait(timeout=40) == 0
    again = stacks("again", data_dir=stack.data_dir)
    again.wait_up()
    assert kept.read_text().strip() == password
    assert Api(f"http://127.0.0.1:{again.port}").view(gid)["version"] == version
