"""Redis locked down as the README's production recipe says: the service and the worker log in as an ACL user
that may touch only Bazaar's keys and no dangerous command, and nobody else gets in without a password."""

from pathlib import Path

import pytest
import redis

from service import create_app
from service.operations import embedded_redis
from tests.support.acl import RULES, lock_down
from tests.support.ports import free_port
from tests.support.processes import WorkerProcess, wait_for


@pytest.fixture(scope="module")
def locked_redis(tmp_path_factory):
    port = free_port()
    process = embedded_redis.start(port, tmp_path_factory.mktemp("acl-redis"), persistent=False)
    lock_down(port, "s3cret")  # the README's rules for user bazaar, and no anonymous access at all
    yield port
    process.terminate()
    process.wait(timeout=10)


def test_the_service_and_worker_run_as_an_acl_user_that_cannot_do_more(locked_redis, tmp_path):
    url = f"redis://bazaar:s3cret@127.0.0.1:{locked_redis}/0"
    client = create_app({"REDIS_URL": url}).test_client()
    assert client.get("/healthz").status_code == 200
    created = client.post("/v1/games", json={"game": "tiny", "seats": 2})
    assert created.status_code == 201, created.json
    gid, tokens = created.json["id"], [s["token"] for s in created.json["seats"]]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    worker = WorkerProcess(url, tmp_path).start()  # RQ's worker, scheduler and sweep under the same user
    try:
        moved = client.post(f"/v1/games/{gid}/commands", json={"type": "call_dealer"},
                            headers={"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "acl"})
        assert moved.status_code == 201, moved.json
        # the roll is queued in RQ and dealt by the worker: every command both use is within the ACL
        wait_for(lambda: client.get(f"/v1/games/{gid}").json["awaiting_chance"] is None, timeout=30)
    finally:
        worker.stop()
    assert not worker.logged("not supported")  # RQ names its worker (CLIENT SETNAME) under this user too

    bazaar = redis.Redis.from_url(url)
    with pytest.raises(redis.exceptions.NoPermissionError):
        bazaar.flushall()
    with pytest.raises(redis.exceptions.NoPermissionError):
        bazaar.set("someone-elses-key", 1)
    with pytest.raises(redis.exceptions.AuthenticationError):
        redis.Redis(port=locked_redis).get(f"game:{{game:{gid}}}:meta")  # no password, no access


def test_the_readme_recommends_exactly_these_rules():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"ACL SETUSER bazaar on >LONG-RANDOM-PASSWORD {RULES}`" in readme


def test_a_wrong_password_is_a_503_problem_not_a_crash(locked_redis):
    client = create_app({"REDIS_URL": f"redis://bazaar:wrong@127.0.0.1:{locked_redis}/0"}).test_client()
    r = client.get("/healthz")
    assert r.status_code == 503 and r.json["code"] == "unavailable"
