"""When the scheduler may take a job id back: a job a live worker has just taken off the queue (RQ's LMOVE into
its intermediate list, marked started a moment later) is not a dead worker's, at first sight. Discarding it
deleted the job under the worker running it (the Swiss end-to-end test once stalled for four minutes after
such discards); a job still in that list at a later look is a dead worker's and is queued again."""

import time
from datetime import UTC, datetime, timedelta

import redis
from rq import Queue

from service.scheduling import INTERMEDIATE_STALE_S, Scheduler


def _taken_off_the_queue(queue_url: str, name: str) -> tuple[Queue, Scheduler, str]:
    queue = Queue(name, connection=redis.Redis.from_url(queue_url))
    queue.empty()
    job = queue.enqueue_call("service.jobs.deal", args=("0" * 16, 1), job_id=f"{name}-job")
    queue.connection.lmove(queue.key, queue.intermediate_queue_key, "RIGHT", "LEFT")  # what a worker does first
    return queue, Scheduler(None, queue, inline_dealer=False), job.id


def test_a_job_a_worker_has_just_taken_is_not_stale_at_first_sight(queue_url):
    queue, scheduler, job_id = _taken_off_the_queue(queue_url, f"stale-first-{time.time_ns()}")
    assert queue.get_job_position(job_id) is None and queue.fetch_job(job_id).get_status() == "queued"
    assert not scheduler._stale(job_id, queue)
    assert not scheduler._stale(job_id, queue), "a second look within the grace is still the first sight"


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
