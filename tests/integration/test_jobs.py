"""Background jobs with a real Redis, the real HTTP server and real RQ worker processes."""

import time

import pytest
import redis
from rq import Queue

from service import jobs
from tests.api.client import Api
from tests.support.processes import WorkerProcess, wait_for


@pytest.fixture(scope="module")
def api(server):
    return Api(server)


@pytest.fixture
def worker(redis_url, tmp_path):
    process = WorkerProcess(redis_url, tmp_path)
    yield process
    process.stop()


@pytest.fixture(autouse=True)
def jobs_use_the_test_redis(redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_URL", redis_url)
    jobs.wiring.cache_clear()
    yield
    jobs.wiring.cache_clear()


def events(api, gid):
    return api.call("GET", f"/v1/games/{gid}/events").json()["events"]


def new_tiny(api, **options):
    gid, tokens = api.create("tiny", 2, seed="jobs", options=options)
    return gid, tokens, api.view(gid)["to_act"][0]


def settled(api, gid):
    view = api.view(gid)
    return view if view["awaiting_chance"] is None else None


def test_the_worker_deals_the_dealer_roll(api, worker):
    worker.start()
    gid, tokens, seat = new_tiny(api)
    r = api.command(gid, tokens[seat], {"type": "call_dealer"})
    assert r.status_code == 201
    wait_for(lambda: settled(api, gid))
    log = events(api, gid)
    drawn = [e for e in log if e["type"] == "chance_drawn" and e["payload"]["label"] == "dealer"]
    assert len(drawn) == 1
    assert drawn[0]["command"] == {"type": "deal"} and log[-1]["type"] == "added", [(e["type"], e["command"]) for e in log]


def test_commands_wait_for_the_roll_then_succeed(api, worker):
    gid, tokens, seat = new_tiny(api)  # no worker yet: the roll stays pending
    assert api.command(gid, tokens[seat], {"type": "call_dealer"}).status_code == 201
    view = api.view(gid)
    assert view["to_act"] == [] and view["awaiting_chance"]["by_dealer"] is True
    r = api.command(gid, tokens[seat], {"type": "end_turn"})
    assert r.status_code == 409 and r.json()["code"] == "awaiting_chance" and int(r.headers["Retry-After"]) >= 1
    assert api.view(gid)["version"] == view["version"]
    worker.start()
    wait_for(lambda: api.command(gid, tokens[seat], {"type": "end_turn"}).status_code == 201)


def test_a_killed_worker_restarted_resolves_the_pending_roll(api, worker, redis_url):
    worker.start()
    wait_for(lambda: redis.Redis.from_url(redis_url).get("rq:scheduler-lock:bazaar"))
    worker.kill()
    gid, tokens, seat = new_tiny(api)
    assert api.command(gid, tokens[seat], {"type": "call_dealer"}).status_code == 201
    Queue("bazaar", connection=redis.Redis.from_url(redis_url)).empty()  # the queued job is lost too
    time.sleep(0.5)
    assert api.view(gid)["awaiting_chance"] is not None
    worker.start()  # its start-up sweep finds the pending roll in the game's log
    wait_for(lambda: settled(api, gid))


def test_a_duplicated_dealer_job_appends_once(api):
    gid, tokens, seat = new_tiny(api)
    assert api.command(gid, tokens[seat], {"type": "call_dealer"}).status_code == 201
    version = api.view(gid)["version"]
    first, again = jobs.deal(gid, version), jobs.deal(gid, version)
    assert first == version + 2 and again is None
    assert api.view(gid)["version"] == first
    assert sum(e["type"] == "chance_drawn" and e["payload"]["label"] == "dealer" for e in events(api, gid)) == 1


def test_a_per_move_clock_expires_and_the_auto_policy_plays(api, worker):
    worker.start()
    gid, tokens, seat = new_tiny(api, clock={"per_move_s": 1})
    view = api.view(gid)
    assert view["clock"]["deadline"] and view["clock"]["running"] == [seat]
    wait_for(lambda: any(e["type"] == "turn_timed_out" for e in events(api, gid)))
    log = events(api, gid)
    timed_out = next(i for i, e in enumerate(log) if e["type"] == "turn_timed_out")
    assert log[timed_out]["payload"]["seat"] == seat and log[timed_out]["payload"]["policy"] == "auto"
    assert log[timed_out + 1]["type"] == "turn_ended" and log[timed_out + 1]["auto"] == {"type": "end_turn"}
    assert api.view(gid)["to_act"] == [1 - seat]


def test_a_move_in_time_cancels_the_timer(api, worker):
    worker.start()
    gid, tokens, seat = new_tiny(api, clock={"per_move_s": 2})
    before = api.view(gid)
    guarded, first_deadline = before["version"], before["clock"]["deadline"]
    assert api.command(gid, tokens[seat], {"type": "add", "amount": 1}).status_code == 201
    job_id = f"timeout-{gid}-{guarded}"
    queue = jobs.wiring().queue
    wait_for(lambda: (job := queue.fetch_job(job_id)) is not None and job.get_status() == "finished", timeout=30)
    assert queue.fetch_job(job_id).return_value() is None  # it ran, found the game moved on, did nothing
    assert not any(e["type"] == "turn_timed_out" and e["payload"]["deadline"] == first_deadline
                   for e in events(api, gid))


def test_forfeit_policy_ends_the_game(api, worker):
    worker.start()
    gid, tokens, seat = new_tiny(api, clock={"per_move_s": 1}, timeout_policy="forfeit")
    final = wait_for(lambda: (v := api.view(gid))["status"] == "finished" and v)
    assert final["result"]["winners"] == [1 - seat]
    assert events(api, gid)[-1]["type"] == "seed_revealed"


def test_auto_then_forfeit_after_one(api, worker):
    worker.start()
    gid, tokens, seat = new_tiny(api, clock={"per_move_s": 1}, timeout_policy={"auto_then_forfeit_after": 1})
    final = wait_for(lambda: (v := api.view(gid))["status"] == "finished" and v, timeout=30)
    policies = [e["payload"]["policy"] for e in events(api, gid) if e["type"] == "turn_timed_out"]
    assert policies[:2] == ["auto", "auto"] and policies[-1] == "forfeit"  # one auto each, then a forfeit
    assert final["clock"]["timeouts"][1 - final["result"]["winners"][0]] == 2


def test_overdue_deadline_fires_when_a_crashed_worker_restarts(api, worker, redis_url):
    worker.start()
    wait_for(lambda: redis.Redis.from_url(redis_url).get("rq:scheduler-lock:bazaar"))
    worker.kill()  # the scheduler's lock stays behind for a minute
    gid, tokens, seat = new_tiny(api, clock={"per_move_s": 1})
    time.sleep(1.5)  # the deadline passes while no worker runs
    assert not any(e["type"] == "turn_timed_out" for e in events(api, gid))
    worker.start()
    wait_for(lambda: any(e["type"] == "turn_timed_out" for e in events(api, gid)), timeout=15)


def test_clock_options_are_validated(api):
    for bad in ({"clock": {"per_move_s": 0}}, {"clock": {"per_move_s": 1, "initial_s": 5}},
                {"clock": {"increment_s": 2}}, {"timeout_policy": "resign"},
                {"timeout_policy": {"auto_then_forfeit_after": -1}}):
        r = api.call("POST", "/v1/games", json={"game": "tiny", "seats": 2, "options": bad})
        assert r.status_code == 422 and r.json()["code"] == "invalid_options", bad


def test_forfeit_policy_ends_a_jaipur_match(api, worker):
    worker.start()
    gid, tokens = api.create("jaipur", 2, seed="forfeit", options={"clock": {"per_move_s": 1},
                                                                   "timeout_policy": "forfeit"})
    seat = api.view(gid)["to_act"][0]
    final = wait_for(lambda: (v := api.view(gid))["status"] == "finished" and v)
    assert final["result"]["winners"] == [1 - seat] and final["result"]["forfeited_by"] == seat
    log = events(api, gid)
    assert [e["type"] for e in log[-3:]] == ["turn_timed_out", "match_forfeited", "seed_revealed"]


def test_auto_policy_plays_jaipur_for_a_slow_seat(api, worker):
    worker.start()
    gid, tokens = api.create("jaipur", 2, seed="auto", options={"clock": {"per_move_s": 1}})
    seat = api.view(gid)["to_act"][0]
    wait_for(lambda: api.view(gid)["to_act"] == [1 - seat])
    auto = [e for e in events(api, gid) if e.get("auto")]
    assert auto and auto[0]["seat"] == seat


def test_a_timer_that_runs_early_is_retried_by_rq(api, redis_url):
    gid, tokens, seat = new_tiny(api, clock={"per_move_s": 2})
    version = api.view(gid)["version"]
    with pytest.raises(jobs.DeadlineNotReached):
        jobs.timeout(gid, version)  # as if the timer fired a second early
    assert api.view(gid)["version"] == version
