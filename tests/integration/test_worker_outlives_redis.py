"""The worker process outlives its Redis: started before Redis it waits for it, and when Redis is killed and comes
back from its append-only file the same process deals the next roll within seconds, with no process manager
restarting it (RQ's own loop backs off to a minute and its scheduler process dies with the connection).

Production settings but for the Redis URL."""

from __future__ import annotations

import threading
import time

from redis import exceptions as redis_errors

from service import create_app
from service.operations import embedded_redis
from service.operations.worker import work_until_asked_to_stop
from tests.support.ports import free_port
from tests.support.processes import WorkerProcess, wait_for

RESUME_S = 5  # RETRY_S is 1 s: a roll posted after Redis is back must land well within this


def roll_is_dealt(client, timeout: float) -> float:
    """Create a tiny game, ask for the dealer's roll and wait for the worker to deal it; returns how long it took."""
    created = client.post("/v1/games", json={"game": "tiny", "seats": 2})
    assert created.status_code == 201, created.json
    gid, tokens = created.json["id"], [s["token"] for s in created.json["seats"]]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    started = time.monotonic()
    moved = client.post(f"/v1/games/{gid}/commands", json={"type": "call_dealer"},
                        headers={"Authorization": f"Bearer {tokens[seat]}"})
    assert moved.status_code == 201, moved.json
    wait_for(lambda: client.get(f"/v1/games/{gid}").json["awaiting_chance"] is None, timeout=timeout)
    return time.monotonic() - started


def test_a_worker_started_before_redis_waits_for_it(tmp_path):
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    worker = WorkerProcess(url, tmp_path).start()
    redis_process = None
    try:
        time.sleep(2)
        assert worker.process.poll() is None, (tmp_path / "worker-1.log").read_text()
        redis_process = embedded_redis.start(port, tmp_path / "redis", persistent=True, extra=("--appendfsync", "always"))
        client = create_app({"REDIS_URL": url}).test_client()
        roll_is_dealt(client, timeout=15)
        assert worker.process.poll() is None and worker.starts == 1
    finally:
        worker.stop()
        if redis_process:
            redis_process.kill()
            redis_process.wait(timeout=10)


def test_the_same_worker_deals_again_within_seconds_after_redis_restarts(tmp_path):
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    redis_process = embedded_redis.start(port, tmp_path / "redis", persistent=True, extra=("--appendfsync", "always"))
    worker = WorkerProcess(url, tmp_path).start()
    try:
        client = create_app({"REDIS_URL": url}).test_client()
        roll_is_dealt(client, timeout=15)
        for outage_s in (8,):  # RQ's back-off alone retries after 1, 2, 4, 8 s: at 15 s, 7 s after Redis is back
            redis_process.kill()  # SIGKILL: Redis comes back from its append-only file
            redis_process.wait(timeout=10)
            time.sleep(outage_s)
            redis_process = embedded_redis.start(port, tmp_path / "redis", persistent=True, extra=("--appendfsync", "always"))
            took = roll_is_dealt(client, timeout=RESUME_S)
            print(f"after a {outage_s} s outage the roll was dealt in {took:.2f} s")
            assert worker.process.poll() is None and worker.starts == 1, (tmp_path / "worker-1.log").read_text()
    finally:
        worker.stop()
        redis_process.kill()
        redis_process.wait(timeout=10)


def test_a_worker_loop_that_finds_redis_away_as_it_starts_is_started_again():
    """Starting an RQ loop talks to Redis (CLIENT SETNAME). A Sentinel between primaries answers "no master
    found" for a moment; that once killed the worker started just after a failover."""
    steps = []

    class Loop:  # stands in for the RQ worker: it works once and is asked to stop
        name, asked_to_stop = "stand-in", True

        def work(self, **_):
            steps.append("worked")

    def new_worker():
        steps.append("started")
        if steps.count("started") == 1:
            raise redis_errors.ConnectionError("no master found")
        return Loop()

    assert work_until_asked_to_stop(new_worker, None, threading.Event()) == 1
    assert steps == ["started", "started", "worked"]


def test_a_worker_loop_that_quits_is_recorded_dead_before_the_next_one_starts():
    """RQ records a worker's end only when it can reach Redis; a loop that quit because Redis went away could not.
    The process records it once Redis answers, so what that loop had started is taken back at once (see
    service.scheduling.scheduler.Scheduler._worker_gone)."""
    steps = []

    class Loop:  # stands in for the RQ worker: the first quits (Redis away), the second is asked to stop
        def __init__(self, n):
            self.name, self.asked_to_stop = f"loop-{n}", n > 1

        def work(self, **_):
            steps.append(f"{self.name} worked")

        def register_death(self):
            steps.append(f"{self.name} dead")

    class Answering:  # Redis is back
        def ping(self):
            return True

    loops = iter(range(1, 3))
    assert work_until_asked_to_stop(lambda: Loop(next(loops)), Answering(), threading.Event()) == 2
    assert steps == ["loop-1 worked", "loop-1 dead", "loop-2 worked"]
