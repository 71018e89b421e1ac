"""End to end through the API and a real worker: a round robin of 10 players at Istanbul tables of five, three
rounds, to its end. Quick and honest: one player is a greedy bot, the nine others are people who never move,
on a one-second clock with the `forfeit` policy. So every game ends by clock forfeits (each a `seat_forfeited`
fact, the seat placed last), the last seat standing wins, and the standings are placement points. Its own
server, worker and Redis database (15): it runs beside the rest of the suite."""

import time
from collections import Counter
from math import comb

import pytest
import redis

from tests.api.client import Api
from tests.support import tournaments as t
from tests.support.processes import WorkerProcess

ORGANISER = "organiser-istanbul"
DB = 15


@pytest.fixture
def stack(own_server, redis_url, tmp_path):
    url = redis_url.rsplit("/", 1)[0] + f"/{DB}"
    redis.Redis.from_url(url).flushdb()
    worker = WorkerProcess(url, tmp_path).start()
    try:
        with own_server(DB, ORGANISER_TOKENS=ORGANISER) as base:
            yield Api(base)
    finally:
        worker.stop()


@pytest.mark.e2e
def test_a_round_robin_of_10_at_istanbul_tables_plays_to_its_end(stack):
    api = stack
    started = time.monotonic()
    tid = t.create(api, ORGANISER, game="istanbul", format="round_robin", table_size=5,
                   clock={"per_move_s": 1}, timeout_policy="forfeit")
    bot = t.register(api, ORGANISER, tid, name="Greedy", bot="greedy")["player"]
    people = [t.register(api, ORGANISER, tid, name=f"Absent {i}") for i in range(9)]
    assert all(p["token"] for p in people)  # each new player gets a token acting in all their games
    t.start(api, ORGANISER, tid)
    t.finished(api, tid, timeout=240)
    print(f"round robin of 10 at Istanbul tables: {time.monotonic() - started:.1f} s")

    final = t.check_finished(api, ORGANISER, tid)
    assert len(final["rounds"]) == 3 and all(len(r["tables"]) == 2 for r in final["rounds"])
    tables = [tb for r in final["rounds"] for tb in r["tables"]]
    assert all(len(tb["players"]) == 5 for tb in tables)
    assert all(sum(p["player"] in tb["players"] for tb in tables) == 3 for p in final["players"])
    # Three rounds cannot seat every pair of ten together at tables of five (at most 42 of the 45 pairs, by brute
    # force), so the pairs met are most, not all; the pairings are the Decider's own (the exported log was
    # re-decided above).
    met = Counter(frozenset((a, b)) for tb in tables for a in tb["players"] for b in tb["players"] if a < b)
    assert len(met) > comb(10, 2) * 3 // 4
    for tb in tables:  # all but one seat lost on the clock; the one left won
        result = tb["result"]
        assert result["by"] == "game" and sum(result["forfeited"]) == 4 and result["places"].count(1) == 1
        if bot in tb["players"]:
            assert result["places"][tb["players"].index(bot)] == 1
    standings = final["standings"]
    assert standings[0]["player"] == bot and standings[0]["points"] == 3 * 4
    # placement points: the winner one for each opponent placed below; a seat that forfeited scores nothing
    assert sum(s["points"] for s in standings) == len(tables) * 4
    assert list(standings[0])[4:6] == ["rubies", "lira"]  # the tie-breaks of tables
    ratings = api.call("GET", f"/v1/players/{bot}/ratings").json()["ratings"]["istanbul"]
    assert ratings["system"] == "weng_lin" and ratings["games"] == 3 and ratings["history"][-1]["after"] > 0
