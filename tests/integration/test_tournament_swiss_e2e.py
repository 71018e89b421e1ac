"""End to end through the API and a real worker: a Swiss tournament of 16 bot players on Jaipur (greedy bots)
to its end, with the worker killed (SIGKILL) in the middle of a round and started again: every result counts
exactly once, no table gets a second game, and the standings and ratings are what the recorded results say.
Its own server, worker and Redis database (14): it runs beside the rest of the suite."""

import time

import pytest
import redis

from tests.api.client import Api
from tests.support import tournaments as t
from tests.support.processes import WorkerProcess, wait_for

ORGANISER = "organiser-swiss"
DB = 14


@pytest.fixture
def stack(own_server, redis_url, tmp_path):
    url = redis_url.rsplit("/", 1)[0] + f"/{DB}"
    redis.Redis.from_url(url).flushdb()
    worker = WorkerProcess(url, tmp_path).start()
    try:
        with own_server(DB, ORGANISER_TOKENS=ORGANISER) as base:
            yield Api(base), worker
    finally:
        worker.stop()


@pytest.mark.e2e
def test_a_swiss_of_16_jaipur_bots_survives_a_worker_killed_mid_round(stack):
    api, worker = stack
    started = time.monotonic()
    tid = t.create(api, ORGANISER, game="jaipur", format="swiss", table_size=2, rounds=3)
    players = [t.register(api, ORGANISER, tid, name=f"Bot {i}", bot="greedy", rating=1000 + i)["player"]
               for i in range(16)]
    t.start(api, ORGANISER, tid)

    def mid_tournament():
        """Round two under way with a result in (or, if its games all ended at once, round three begun)."""
        rounds = t.view(api, tid).get("rounds", [])
        return len(rounds) >= 3 or (len(rounds) == 2 and any(tb["result"] for tb in rounds[1]["tables"]))

    wait_for(mid_tournament, timeout=120, interval=0.1)
    worker.kill()  # in the middle of round two: some games over, others in play, results half recorded
    time.sleep(1.0)
    worker.start()
    final = t.finished(api, tid, timeout=240)
    print(f"Swiss of 16 on Jaipur, 3 rounds, worker killed once: {time.monotonic() - started:.1f} s")

    final = t.check_finished(api, ORGANISER, tid)
    assert len(final["rounds"]) == 3 and all(len(r["tables"]) == 8 and not r["byes"] for r in final["rounds"])
    assert sum(s["points"] for s in final["standings"]) == 24  # one point a game, 24 games, none counted twice
    assert all(s["games"] == 3 for s in final["standings"])
    pairs = [frozenset(tb["players"]) for r in final["rounds"] for tb in r["tables"]]
    assert len(pairs) == len(set(pairs))  # Swiss: no pair met twice (avoidable with 16 players and 3 rounds)
    for player in players:
        ratings = api.call("GET", f"/v1/players/{player}/ratings").json()["ratings"]["jaipur"]
        assert ratings["system"] == "elo" and ratings["games"] == 3
        assert {h["source"] for h in ratings["history"]} == {tid}
    assert sum(api.call("GET", f"/v1/players/{p}/ratings").json()["ratings"]["jaipur"]["rating"] for p in players) \
        == pytest.approx(16 * 1500)  # Elo moves points between the two of each game, once
