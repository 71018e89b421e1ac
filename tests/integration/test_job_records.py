"""RQ's job records hold JSON, never pickles: what a worker reads from Redis can never become code.

A real worker process on a Redis database of its own, at production settings. The oracle is Redis's raw bytes,
read beside RQ: a record is JSON (json.loads of the stored field), and a pickle planted in a job's record (one
that writes a marker file when unpickled) fails that job without running anything."""

from __future__ import annotations

import json
import pickle
import zlib

import pytest
import redis

from service.operations import config as settings
from service.operations.wiring import QUEUE, build, rq_queue
from tests.support.databases import url_of
from tests.support.processes import WorkerProcess, wait_for
from tests.support.service import InProcess


@pytest.fixture
def db_url(redis_url):
    url = url_of(redis_url, "job_records")
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def worker(db_url, tmp_path):
    process = WorkerProcess(db_url, tmp_path).start()
    yield process
    process.stop()


class WritesMarker:
    """A pickle that writes a file when loaded (what an attacker with write access to Redis would plant)."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (exec, (f"import pathlib; pathlib.Path({self.path!r}).write_text('unpickled')",))


def pending_roll(db_url: str, seed: str) -> tuple[InProcess, str, int]:
    """A tiny game whose roll the worker must deal, through the real command path: (service, game, version)."""
    service = InProcess(build(settings.load({"REDIS_URL": db_url, "QUEUE_REDIS_URL": db_url})).commands)
    return service, *service.pending_roll(seed)


def test_a_roll_job_keeps_its_id_arguments_and_result_as_json(db_url, worker):
    service, gid, version = pending_roll(db_url, "json-roll")
    job_id = f"deal-{gid}-{version}"
    queue = rq_queue(QUEUE, redis.Redis.from_url(db_url))
    wait_for(lambda: (job := queue.fetch_job(job_id)) is not None and job.get_status() == "finished", timeout=30)
    raw = redis.Redis.from_url(db_url).hgetall(f"rq:job:{job_id}")
    assert json.loads(zlib.decompress(raw[b"data"])) == ["service.operations.jobs.deal", None, [gid, version], {}]
    job = queue.fetch_job(job_id)
    dealt = service.load(gid).version
    assert job.id == job_id and job.args == [gid, version] and dealt > version
    assert job.return_value() == dealt  # the result, written and read back as JSON


def test_a_pickle_planted_in_a_job_record_fails_the_job_and_never_runs(db_url, worker, tmp_path):
    marker = tmp_path / "unpickled"
    client = redis.Redis.from_url(db_url)
    queue = rq_queue(QUEUE, client)
    # a job of ours, then its record rewritten as an attacker would: the call, the meta and a result all pickles
    job = queue.enqueue_call("service.operations.jobs.deal", args=("0" * 16, 1), job_id="planted")
    bomb = pickle.dumps(WritesMarker(marker))
    client.hset(job.key, mapping={"data": zlib.compress(bomb), "meta": bomb, "result": bomb})
    wait_for(lambda: queue.fetch_job("planted").get_status() == "failed", timeout=30)
    assert not marker.exists()
    # the worker lives on and deals the next roll as usual
    service, gid, version = pending_roll(db_url, "after-the-pickle")
    wait_for(lambda: service.load(gid).version > version, timeout=30)
    assert not marker.exists()
