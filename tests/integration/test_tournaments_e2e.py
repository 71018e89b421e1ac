"""End to end through the API and a real worker process, on a Redis, server and worker of the module's own (they
run beside the rest of the suite; marked e2e, they are collected first):

- a Swiss tournament of 16 bot players on Jaipur (greedy bots), three rounds, to its end, with the worker killed
  (SIGKILL) while round two is under way and started again: every result counts exactly once, no table gets a
  second game, and the standings and ratings are what the recorded results say;
- a round robin of 10 players at Istanbul tables of five, three rounds, to its end. Quick and honest: one player
  is a greedy bot, the nine others are people who never move, on a one-second clock with the `forfeit` policy.
  So every game ends by clock forfeits (each a `seat_forfeited` fact, the seat placed last), the last seat
  standing wins, and the standings are placement points.
"""

import time
from collections import Counter
from math import comb

import pytest

from sdk import Client
from service.verify import verify
from tests.api.client import Api
from tests.support import tournaments as t
from tests.support.processes import WorkerProcess, gunicorn, wait_for
from tests.support.tournaments import own_redis

ORGANISER = "organiser-e2e"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    logs = tmp_path_factory.mktemp("tournaments")
    with own_redis(logs / "redis") as url:
        worker = WorkerProcess(url, logs).start()
        try:
            with gunicorn(url, logs, {"BAZAAR_ORGANISER_TOKENS": ORGANISER}) as base:
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


@pytest.mark.e2e
def test_a_round_robin_of_10_at_istanbul_tables_plays_to_its_end(stack):
    api, _worker = stack
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


@pytest.mark.e2e
def test_the_sdk_runs_a_small_tournament_of_bots_and_reads_it_back(stack):
    api, _worker = stack
    club = Client(api.base, ORGANISER)
    created = club.create_tournament("tiny", "round_robin", 2, options={"goal": 2})
    tid = created.id
    players = [club.register(tid, name=f"R{i}", bot="random").player for i in range(3)]
    club.start_tournament(tid)
    wait_for(lambda: Client(api.base).tournament(tid).finished, timeout=60, interval=0.2)
    anyone = Client(api.base)
    assert tid in {s.id for s in anyone.tournaments(limit=1)}  # paged to the end
    rounds = anyone.rounds(tid).rounds
    assert len(rounds) == 3 and all(len(r.byes) == 1 and r.complete for r in rounds)  # a dummy: one sits out
    table = rounds[0].tables[0]
    assert table.game_id and table.result.by == "game" and sorted(table.result.places) in ([1, 1], [1, 2])
    assert anyone.standings(tid, csv=True).startswith("rank,player,name,points")
    assert [s.player for s in anyone.standings(tid).standings] == [s.player for s in anyone.tournament(tid).standings]
    assert verify(anyone.export_tournament(tid).splitlines())[0] is True
    assert anyone.tournament_events(tid, after=0, limit=1).events[0]["type"] == "tournament_created"
    rating = anyone.ratings(players[0]).ratings["tiny"]
    assert rating.games == 2 and rating.system == "elo" and {c.source for c in rating.history} == {tid}
    assert rating.history[-1].after == rating.rating
    late = club.create_tournament("tiny", "swiss", 2, rounds=1, options={"goal": 2})
    alone = club.register(late.id, name="Alone")
    assert club.withdraw(late.id, alone.player).withdrawn is True
