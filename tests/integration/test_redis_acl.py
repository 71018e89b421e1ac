"""Redis locked down as the README's production recipe says: the service and the worker log in as an ACL user
that may touch only Bazaar's keys and no dangerous command, and nobody else gets in without a password."""

from pathlib import Path

import pytest
import redis

from events.envelope import GENESIS
from events.redis_log import RedisGameLog
from service import create_app
from service.operations import embedded_redis
from tests.support.acl import RULES, RULES_WITHOUT_CHANNELS, lock_down
from tests.support.ports import free_port
from tests.support.processes import WorkerProcess, wait_for


def _locked(tmp_path_factory, rules: str):
    port = free_port()
    process = embedded_redis.start(port, tmp_path_factory.mktemp("acl-redis"), persistent=False)
    lock_down(port, "s3cret", rules)  # user bazaar under `rules`, and no anonymous access at all
    return port, process


@pytest.fixture(scope="module")
def locked_redis(tmp_path_factory):
    port, process = _locked(tmp_path_factory, RULES)  # the README's rules
    yield port
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def redis_locked_before_channels(tmp_path_factory):
    port, process = _locked(tmp_path_factory, RULES_WITHOUT_CHANNELS)
    yield port
    process.terminate()
    process.wait(timeout=10)


def test_the_service_and_worker_run_as_an_acl_user_that_cannot_do_more(locked_redis, tmp_path):
    url = f"redis://bazaar:s3cret@127.0.0.1:{locked_redis}/0"
    app = create_app({"REDIS_URL": url})
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    assert app.extensions["bazaar.hub"].channels is not None  # the moves reach the streams on the game channels
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


def test_a_user_without_the_game_channels_still_plays_and_its_streams_read_the_log(redis_locked_before_channels):
    """The ACL of a deployment set up before the live channels (no `&game:*`): the service notices at start that
    it may not publish, and its streams' feeds block in XREAD as before; no move fails for it."""
    url = f"redis://bazaar:s3cret@127.0.0.1:{redis_locked_before_channels}/0"
    app = create_app({"REDIS_URL": url, "INLINE_DEALER": True})
    assert app.extensions["bazaar.hub"].channels is None
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "tiny", "seats": 2}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    moved = client.post(f"/v1/games/{gid}/commands", json={"type": "call_dealer"},
                        headers={"Authorization": f"Bearer {tokens[seat]}"})
    assert moved.status_code == 201, moved.json
    # and a log that publishes all the same (a process started before the ACL changed) appends: the refused
    # PUBLISH comes after the events are in, and does not turn the append into an error
    log = RedisGameLog(redis.Redis.from_url(url))
    assert log.publishes
    docs = [{"type": "thing_happened", "v": 1, "at": "2026-12-05T00:00:00.000Z", "seat": None, "command": None,
             "visibility": "public", "payload": {}}]
    log.append("0123456789abcdef", docs, 0, GENESIS)
    assert log.version("0123456789abcdef") == 1


def test_the_readme_recommends_exactly_these_rules():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"ACL SETUSER bazaar on >LONG-RANDOM-PASSWORD {RULES}`" in readme


def test_a_wrong_password_is_a_503_problem_not_a_crash(locked_redis):
    client = create_app({"REDIS_URL": f"redis://bazaar:wrong@127.0.0.1:{locked_redis}/0"}).test_client()
    r = client.get("/healthz")
    assert r.status_code == 503 and r.json["code"] == "unavailable"
