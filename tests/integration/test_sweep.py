"""The worker's periodic sweep, in process on a real Redis: it loads only the games that may need it, and still
repairs what a crash left (a move whose reaction never ran, a timer lost from RQ)."""

import time

import pytest
import redis

from service.operations import config
from service.operations.wiring import build
from tests.support.databases import url_of
from tests.support.processes import WorkerProcess, wait_for
from tests.support.service import InProcess


@pytest.fixture
def wiring(redis_url):
    url = url_of(redis_url, "sweep")
    redis.Redis.from_url(url).flushdb()
    return build(config.load({"REDIS_URL": url, "QUEUE_REDIS_URL": url, "INLINE_DEALER": False}))


def job_status(wiring, job_id: str) -> str | None:
    job = wiring.queue.fetch_job(job_id)  # None: the job is not there
    return None if job is None else job.get_status()


def test_after_the_first_sweep_only_games_that_moved_or_await_the_worker_are_loaded(wiring):
    service = InProcess(wiring.commands)
    idle = service.create("tiny", 2, seed="idle")[0].meta.id  # awaits a seat, no clock: nothing for the worker
    clocked = service.create("tiny", 2, {"clock": {"per_move_s": 3600}}, seed="clocked")[0].meta.id
    rolling = service.create("tiny", 2, seed="rolling")[0].meta.id
    service.command(rolling, service.load(rolling).state.turn, {"type": "call_dealer"})  # awaits the dealer
    scheduler = wiring.scheduler

    assert scheduler.sweep() == 3  # the worker's start: every active game
    assert scheduler.sweep() == 1  # the roll still awaited; the idle game and the hour-long clock need nothing
    assert job_status(wiring, f"timeout-{clocked}-{service.load(clocked).version}") == "scheduled"  # queued before

    # a web process dies between its append and its reactions: the idle game's roll was never queued
    wiring.commands.after_append.remove(scheduler)
    service.command(idle, service.load(idle).state.turn, {"type": "call_dealer"})
    assert job_status(wiring, f"deal-{idle}-{service.load(idle).version}") is None
    assert scheduler.sweep() == 2  # the game that moved, and the roll still awaited
    assert job_status(wiring, f"deal-{idle}-{service.load(idle).version}") == "queued"


def test_a_timer_lost_from_rq_is_queued_again_at_the_first_sweep_after_its_deadline(wiring):
    service = InProcess(wiring.commands)
    gid = service.create("tiny", 2, {"clock": {"per_move_s": 3}}, seed="lost-timer")[0].meta.id
    scheduler = wiring.scheduler
    assert scheduler.sweep() == 1
    version = service.load(gid).version
    wiring.queue.fetch_job(f"timeout-{gid}-{version}").delete()  # RQ's Redis lost it
    assert scheduler.sweep() == 0  # before the deadline (3 s away): nothing to do
    before = time.monotonic()
    wait_for(lambda: scheduler.sweep() == 1, timeout=10)  # overdue: looked at again, and its timer queued again
    assert time.monotonic() - before > 2  # not before the deadline
    # to run now, or at the whole second RQ's scheduler can hold if the deadline's second has not yet passed
    assert job_status(wiring, f"timeout-{gid}-{version}") in ("queued", "scheduled")


ACTIVE = 3000  # tiny games: the start-up sweep loads each, two seconds in all (a roll is dealt in a tenth of that)


@pytest.mark.slow(seconds=8)
def test_a_worker_deals_the_rolls_queued_as_it_starts_before_its_start_up_sweep_is_done(redis_url, tmp_path):
    """A worker's start-up sweep loads every active game: thousands take seconds. The worker's loop does not wait
    for it, or every roll the players' moves queued meanwhile would wait too (the dice of every Istanbul game)."""
    url = url_of(redis_url, "startup_sweep")
    redis.Redis.from_url(url).flushdb()
    wiring = build(config.load({"REDIS_URL": url, "QUEUE_REDIS_URL": url, "INLINE_DEALER": False}))
    service = InProcess(wiring.commands)
    for i in range(ACTIVE):
        service.create("tiny", 2, seed=f"active-{i}")
    gid = service.create("tiny", 2, seed="rolling")[0].meta.id
    service.command(gid, service.load(gid).state.turn, {"type": "call_dealer"})  # its roll is queued
    awaiting = service.load(gid).version
    worker = WorkerProcess(url, tmp_path, {"BAZAAR_QUEUE_REDIS_URL": url}).start()
    try:
        wait_for(lambda: service.load(gid).version > awaiting, timeout=60)  # dealt
        assert not worker.logged("re-armed")  # while the sweep was still loading the active games
        wait_for(lambda: worker.logged(f"re-armed {ACTIVE + 1} active games"), timeout=60)  # and it does finish
    finally:
        worker.stop()
