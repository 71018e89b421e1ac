"""Background-job figures: governor use -> re-placement latency through the real worker, and how long
RQ's scheduler takes over after a crashed worker, with and without the start-up lock release."""

from __future__ import annotations

import os
import random
import signal
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import redis

from service.operations import config as settings
from service.operations.wiring import build, rq_queue
from tests.bench.servers import ROOT, private_redis
from tests.support.service import InProcess

SAMPLES = 200
PREFERRED = ("use_governor", "pay_governor")


def start_worker(url: str, release_stale_lock: bool = True) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": url}
    code = "from service import worker; worker.main()" if release_stale_lock else (
        "import service.operations.worker as w; w.release_stale_scheduler_lock = lambda *a: False; w.main()")
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def kill(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


def governor_latency() -> None:
    with private_redis() as url:
        worker = start_worker(url)
        try:
            wiring = build(settings.load({"REDIS_URL": url}))
            games, log = InProcess(wiring.commands), wiring.store.log
            latencies = []
            rng = random.Random(1)
            game_no = 0
            while len(latencies) < SAMPLES:
                loaded, _ = games.create("istanbul", 3, {}, f"governor-{game_no}", open_game=True)
                game_no += 1
                gid = loaded.meta.id
                while not loaded.finished and len(latencies) < SAMPLES:
                    request = loaded.game.chance(loaded.state)
                    if request is not None:  # a neutral figure awaits the worker
                        log.tail(gid, loaded.version, 10_000)
                        loaded = games.load(gid)
                        continue
                    seat = loaded.game.to_act(loaded.state)[0]
                    moves = games.legal_moves(loaded, seat)
                    wanted = [m for m in moves if m["type"] in PREFERRED]
                    games.command(gid, seat, rng.choice(wanted or moves))
                    done = time.perf_counter()
                    loaded = games.load(gid)
                    request = loaded.game.chance(loaded.state)
                    if request is not None and request.by_dealer and request.label == "governor":
                        landed = log.tail(gid, loaded.version, 10_000)
                        latencies.append(time.perf_counter() - done)
                        assert landed and landed[0]["type"] == "chance_drawn"
                        loaded = games.load(gid)
        finally:
            kill(worker)
    latencies.sort()
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    print(f"governor use -> re-placement by the worker: median {statistics.median(latencies) * 1e3:.1f} ms, "
          f"p99 {p99 * 1e3:.1f} ms over {len(latencies)} uses ({game_no} games)")


def scheduler_takeover(release_stale_lock: bool, cap_s: float) -> float | None:
    """Seconds from a timer's due time to its run, when the worker crashed before it was due."""
    with private_redis() as url:
        client = redis.Redis.from_url(url)
        first = start_worker(url)
        deadline = time.monotonic() + 20
        while not client.get("rq:scheduler-lock:bazaar") and time.monotonic() < deadline:
            time.sleep(0.05)
        kill(first)
        due = datetime.now(UTC) + timedelta(seconds=2)
        rq_queue("bazaar", client).enqueue_at(due, "builtins.len", "x", job_id="takeover-probe")
        second = start_worker(url, release_stale_lock)
        try:
            stop = time.monotonic() + cap_s
            while time.monotonic() < stop:
                job = rq_queue("bazaar", client).fetch_job("takeover-probe")
                if job is not None and job.get_status() == "finished":
                    return (job.ended_at.replace(tzinfo=UTC) - due).total_seconds()
                time.sleep(0.05)
            return None
        finally:
            kill(second)


def takeover() -> None:
    ours = scheduler_takeover(True, 30)
    cap = 75
    plain = scheduler_takeover(False, cap)
    shown = f"{plain:.1f} s" if plain is not None else f"not within {cap} s"
    when = (f"{ours:.2f} s after its due time" if ours >= 0 else
            f"{-ours:.2f} s before its due time (RQ keeps scheduled times in whole seconds, truncated)")
    print(f"timer due while the worker was down (crash, SIGKILL to its process group): ran {when} with the "
          f"stale-lock release; without it: {shown}")


SECTIONS = [governor_latency, takeover]
