"""When the scheduler may take a job id back: a job a live worker has just taken off the queue (RQ's LMOVE into
its intermediate list, marked started a moment later) is not a dead worker's, at first sight. Discarding it
deleted the job under the worker running it (the Swiss end-to-end test once stalled for four minutes after
such discards); a job still in that list at a later look is a dead worker's and is queued again, and so is one
at first sight when every worker of its queue is known dead (none of them can have taken it a moment ago). A
job a worker started is stale at once when that worker is known dead (its record gone, or its pid gone on this
host), and otherwise only when its heartbeat is old."""

import os
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import redis
from rq import Queue
from rq.utils import utcformat
from rq.worker import Worker

from service.operations.wiring import rq_queue
from service.scheduling.scheduler import INTERMEDIATE_STALE_S, SIGHTING_KEPT_S, Scheduler


def _queued_deal(queue_url: str, name: str):
    """A deal job queued on a queue of its own: (the queue, the job)."""
    queue = rq_queue(name, redis.Redis.from_url(queue_url))
    queue.empty()
    return queue, queue.enqueue_call("service.operations.jobs.deal", args=("0" * 16, 1), job_id=f"{name}-job")


LIVE_HERE = {"hostname": socket.gethostname(), "pid": os.getpid()}


def _register(queue: Queue, name: str, record: dict) -> None:
    """A worker record listening on `queue`, as RQ registers one (its hash, and its key in the queue's set)."""
    key = Worker.redis_worker_namespace_prefix + name
    queue.connection.hset(key, mapping=record)
    queue.connection.sadd(f"rq:workers:{queue.name}", key)


def _taken_off_the_queue(queue_url: str, name: str, taker: dict | None = None) -> tuple[Queue, Scheduler, str]:
    """A deal job a worker of the queue (`taker`'s record: a live one of this host by default) took a moment ago."""
    queue, job = _queued_deal(queue_url, name)
    _register(queue, f"{name}-taker", LIVE_HERE if taker is None else taker)
    queue.connection.lmove(queue.key, queue.intermediate_queue_key, "RIGHT", "LEFT")  # what a worker does first
    return queue, Scheduler(None, queue, inline_dealer=False), job.id


def test_a_job_a_worker_has_just_taken_is_not_stale_at_first_sight(queue_url):
    queue, scheduler, job_id = _taken_off_the_queue(queue_url, f"stale-first-{time.time_ns()}")
    assert queue.get_job_position(job_id) is None and queue.fetch_job(job_id).get_status() == "queued"
    assert not scheduler._stale(job_id, queue)
    assert not scheduler._stale(job_id, queue), "a second look within the grace is still the first sight"
    # the sight is remembered a minute, not RQ's day: frequent looks catch live workers' jobs there now and then
    assert 0 < queue.connection.ttl(queue.intermediate_queue.get_first_seen_key(job_id)) <= SIGHTING_KEPT_S


def test_a_job_taken_while_only_a_remote_worker_listens_waits_for_a_later_look(queue_url):
    remote = {"hostname": "another-host", "pid": 1}  # a pid of another host says nothing here: it may live
    queue, scheduler, job_id = _taken_off_the_queue(queue_url, f"stale-remote-{time.time_ns()}", remote)
    assert not scheduler._stale(job_id, queue)


def test_a_job_taken_when_every_worker_of_its_queue_is_dead_is_stale_at_first_sight(queue_url):
    """A worker killed between taking a roll and starting it, on this host (make run's, or one a process manager
    restarts): no live worker listens on the queue, so nobody will start the job. Two looks INTERMEDIATE_STALE_S
    apart, a sweep apart before, kept the roll waiting up to two sweeps (~10 s)."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    name = f"stale-orphan-{time.time_ns()}"
    queue, scheduler, job_id = _taken_off_the_queue(queue_url, name, {"hostname": socket.gethostname(),
                                                                      "pid": gone.pid})
    _register(queue, f"{name}-retired", {**LIVE_HERE, "death": utcformat(datetime.now(UTC))})  # a loop that ended
    assert scheduler._stale(job_id, queue)


def test_a_job_still_in_the_intermediate_list_at_a_later_look_is_a_dead_workers(queue_url):
    queue, scheduler, job_id = _taken_off_the_queue(queue_url, f"stale-later-{time.time_ns()}")
    assert not scheduler._stale(job_id, queue)
    earlier = datetime.now(UTC) - timedelta(seconds=INTERMEDIATE_STALE_S + 1)
    queue.connection.set(queue.intermediate_queue.get_first_seen_key(job_id), earlier.timestamp())
    assert scheduler._stale(job_id, queue)
    scheduler._discard(job_id, queue)
    assert queue.connection.get(queue.intermediate_queue.get_first_seen_key(job_id)) is None  # a fresh start


def test_a_job_lost_from_both_lists_is_stale_at_once(queue_url):
    queue, scheduler, job_id = _taken_off_the_queue(queue_url, f"stale-lost-{time.time_ns()}")
    queue.intermediate_queue.remove(job_id)
    assert scheduler._stale(job_id, queue)


def _started_by(queue_url: str, name: str, worker: dict | None) -> tuple[Queue, Scheduler, str]:
    """A job marked started a moment ago (fresh heartbeat) by the worker record `worker` (None: no record)."""
    queue, job = _queued_deal(queue_url, name)
    queue.remove(job.id)
    worker_name = f"{name}-worker"
    job.set_status("started")
    now = utcformat(datetime.now(UTC))
    queue.connection.hset(job.key, mapping={"started_at": now, "last_heartbeat": now, "worker_name": worker_name})
    if worker is not None:
        queue.connection.hset(Worker.redis_worker_namespace_prefix + worker_name, mapping=worker)
    return queue, Scheduler(None, queue, inline_dealer=False), job.id


def test_a_job_whose_worker_was_killed_on_this_host_is_stale_at_once(queue_url):
    """A worker SIGKILLed in the middle of a roll keeps its record for minutes and the job stays `started` with a
    fresh heartbeat: its pid, gone, says it will never finish (the fault test once waited out 30 s here)."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    name = f"stale-killed-{time.time_ns()}"
    queue, scheduler, job_id = _started_by(queue_url, name, {"hostname": socket.gethostname(), "pid": gone.pid})
    assert scheduler._stale(job_id, queue)


def test_a_job_whose_worker_loop_ended_is_stale_at_once_though_its_process_lives_on(queue_url):
    """A worker loop that quit because Redis went away (its process starts a fresh loop) leaves a roll it was
    dealing `started`, under a live pid: the death its process records for it says the job will never finish (the
    fault test once waited out 30 s here, twice)."""
    name = f"stale-retired-{time.time_ns()}"
    queue, scheduler, job_id = _started_by(queue_url, name, {"hostname": socket.gethostname(), "pid": os.getpid(),
                                                            "death": utcformat(datetime.now(UTC))})
    assert scheduler._stale(job_id, queue)


def test_a_job_started_by_a_live_or_remote_worker_is_not_stale_while_its_heartbeat_is_fresh(queue_url):
    here = _started_by(queue_url, f"live-{time.time_ns()}", {"hostname": socket.gethostname(), "pid": os.getpid()})
    assert not here[1]._stale(here[2], here[0])
    elsewhere = _started_by(queue_url, f"remote-{time.time_ns()}", {"hostname": "another-host", "pid": 1})
    assert not elsewhere[1]._stale(elsewhere[2], elsewhere[0])  # a pid of another host means nothing here


def test_a_job_whose_worker_left_no_record_is_stale(queue_url):
    queue, scheduler, job_id = _started_by(queue_url, f"no-record-{time.time_ns()}", None)
    assert scheduler._stale(job_id, queue)


def test_a_scheduled_job_is_stale_only_once_overdue_with_no_scheduler_moving_it(queue_url):
    """A scheduler that died keeps its lock for 61 s and no other starts meanwhile: a timer scheduled then would
    wait that long. A sweep that finds one overdue by more than a scheduler's second queues it itself."""
    queue = rq_queue(f"scheduled-{time.time_ns()}", redis.Redis.from_url(queue_url))
    scheduler = Scheduler(None, queue, inline_dealer=False)
    ahead = queue.enqueue_at(datetime.now(UTC) + timedelta(seconds=60), "service.operations.jobs.timeout", "0" * 16, 1,
                             job_id=f"{queue.name}-ahead")
    assert not scheduler._stale(ahead.id, queue)
    just_due = queue.enqueue_at(datetime.now(UTC) - timedelta(seconds=1), "service.operations.jobs.timeout", "0" * 16, 2,
                                job_id=f"{queue.name}-due")
    assert not scheduler._stale(just_due.id, queue)  # a live scheduler moves it within the second
    overdue = queue.enqueue_at(datetime.now(UTC) - timedelta(seconds=10), "service.operations.jobs.timeout", "0" * 16, 3,
                               job_id=f"{queue.name}-overdue")
    assert scheduler._stale(overdue.id, queue)
    scheduler._enqueue("service.operations.jobs.timeout", "0" * 16, 3, overdue.id, at=None, queue=queue)
    assert queue.get_job_position(overdue.id) is not None  # queued to run now, not left to a scheduler


def test_a_finished_job_is_never_queued_again(queue_url):
    """A sweep that read the game a moment before the job appended its roll asks for the same job id again: the
    finished job did its work, so its id is not taken back (its second run found nothing to do, and its empty
    result replaced the first run's: the job-records test once read None where the new version was)."""
    name = f"finished-{time.time_ns()}"
    queue, job = _queued_deal(queue_url, name)
    queue.remove(job.id)
    job.set_status("finished")
    scheduler = Scheduler(None, queue, inline_dealer=False)
    assert not scheduler._stale(job.id, queue)
    scheduler._enqueue("service.operations.jobs.deal", "0" * 16, 1, job.id)
    assert queue.get_job_position(job.id) is None and queue.fetch_job(job.id).get_status() == "finished"
    failed = _queued_deal(queue_url, f"failed-{time.time_ns()}")[1]
    failed.set_status("failed")
    assert scheduler._stale(failed.id, queue)  # one that failed is run again


def test_a_started_job_whose_execution_record_expired_is_discarded_and_its_id_queued_afresh(queue_url):
    """RQ keeps a started job's executions in an index beside their own records, which expire. A dead worker's job
    found after its execution record expired made RQ's own delete raise (ValueError), so the take-back failed
    for every job it held, a full test run's worker log showed, and the job's id could not be queued again."""
    name = f"expired-execution-{time.time_ns()}"
    queue, scheduler, job_id = _started_by(queue_url, name, None)
    job = queue.fetch_job(job_id)
    queue.connection.zadd(job.execution_registry.key, {"gone": time.time() + 60})  # its record never written
    queue.connection.zadd(queue.started_job_registry.key, {f"{job_id}:gone": time.time() + 60})
    assert scheduler._stale(job_id, queue)
    scheduler._discard(job_id, queue)
    assert queue.fetch_job(job_id) is None and job_id not in queue.started_job_registry.get_job_ids(cleanup=False)
    scheduler._enqueue("service.operations.jobs.deal", "0" * 16, 1, job_id, queue=queue)
    assert queue.get_job_position(job_id) is not None
