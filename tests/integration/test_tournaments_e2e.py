"""End to end through the API and a real worker process, on a Redis, server and worker of the module's own (they
run beside the rest of the suite; marked e2e, they are collected first):

- a Swiss tournament of 16 bot players on Jaipur (greedy bots), three rounds, to its end, with the worker killed
  (SIGKILL) while round two is under way and started again: every result counts exactly once, no table gets a
  second game, and the standings and ratings are what the recorded results say;
- a round robin of 10 greedy bots at Istanbul tables of five, all three rounds, every game played to its end by
  the bots (no clock, no forfeit): every result counted once and equal to the game's own, the pairs the plan
  seats met (42 of 45, the most three rounds can), and the standings are the placement points, rubies and lira
  summed by hand from the games. Six greedy games of about 700 events each: about 25 s.
"""

import time
from collections import Counter
from math import comb

import pytest

from bazaar_client.sdk import Client
from service.operations.verify import verify
from tests.api.client import Api
from tests.support import tournaments as t
from tests.support.processes import WorkerProcess, gunicorn, wait_for
from tests.support.tournaments import own_redis

ORGANISER = "organiser-e2e-6c2f8a4d1b7e9305a3"
BOT = "greedy"  # random bots play Istanbul games far longer: a run of them did not end in 240 s
ISTANBUL_ROUNDS = 3  # of the round robin at tables of five: enough for every pair if seating were perfect
PAIRS_MET = 42  # two tables of five a round; 42 of 45 in three rounds is the most (a brute force)
SWISS_PLAYERS = 16  # 24 Jaipur matches of bot moves, each move a job and a command: about 35 s


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
@pytest.mark.slow(seconds=36)
def test_a_swiss_of_jaipur_bots_survives_a_worker_killed_mid_round(stack):
    api, worker = stack
    started = time.monotonic()
    tid = t.create(api, ORGANISER, game="jaipur", format="swiss", table_size=2, rounds=3)
    players = [t.register(api, ORGANISER, tid, name=f"Bot {i}", bot="greedy", rating=1000 + i)["player"]
               for i in range(SWISS_PLAYERS)]
    t.start(api, ORGANISER, tid)

    def mid_tournament():
        """Round two under way with a result in (or, if its games all ended at once, round three begun)."""
        rounds = t.view(api, tid).get("rounds", [])
        return len(rounds) >= 3 or (len(rounds) == 2 and any(tb["result"] for tb in rounds[1]["tables"]))

    wait_for(mid_tournament, timeout=240, interval=0.1)  # round one alone took over 120 s on a loaded machine
    worker.kill()  # in the middle of round two: some games over, others in play, results half recorded
    time.sleep(1.0)
    worker.start()
    final = t.finished(api, tid, timeout=240)
    print(f"Swiss of {SWISS_PLAYERS} on Jaipur, 3 rounds, worker killed once: {time.monotonic() - started:.1f} s")

    final = t.check_finished(api, ORGANISER, tid)
    tables = SWISS_PLAYERS // 2
    assert len(final["rounds"]) == 3 and all(len(r["tables"]) == tables and not r["byes"] for r in final["rounds"])
    assert sum(s["points"] for s in final["standings"]) == 3 * tables  # one point a game, none counted twice
    assert all(s["games"] == 3 for s in final["standings"])
    pairs = [frozenset(tb["players"]) for r in final["rounds"] for tb in r["tables"]]
    assert len(pairs) == len(set(pairs))  # Swiss: no pair met twice (avoidable with 8 or more players and 3 rounds)
    for player in players:
        ratings = api.call("GET", f"/v1/players/{player}/ratings").json()["ratings"]["jaipur"]
        assert ratings["system"] == "elo" and ratings["games"] == 3
        assert {h["source"] for h in ratings["history"]} == {tid}
    assert sum(api.call("GET", f"/v1/players/{p}/ratings").json()["ratings"]["jaipur"]["rating"] for p in players) \
        == pytest.approx(SWISS_PLAYERS * 1500)  # Elo moves points between the two of each game, once


@pytest.mark.e2e
@pytest.mark.slow(seconds=30)
def test_a_round_robin_of_10_istanbul_bots_plays_every_game_to_its_end(stack, tmp_path):
    api, worker = stack
    second = WorkerProcess(worker.redis_url, tmp_path).start()  # each round's two games move side by side
    try:
        started = time.monotonic()
        tid = t.create(api, ORGANISER, game="istanbul", format="round_robin", table_size=5, rounds=ISTANBUL_ROUNDS)
        players = [t.register(api, ORGANISER, tid, name=f"Bot {i}", bot=BOT, rating=1000 + i)["player"]
                   for i in range(10)]
        t.start(api, ORGANISER, tid)
        t.finished(api, tid, timeout=240)
        played = time.monotonic() - started
    finally:
        second.stop()

    final = t.check_finished(api, ORGANISER, tid)  # one game a table, each result recorded once, the log verifies
    assert len(final["rounds"]) == ISTANBUL_ROUNDS and all(len(r["tables"]) == 2 for r in final["rounds"])
    tables = [tb for r in final["rounds"] for tb in r["tables"]]
    assert all(len(tb["players"]) == 5 for tb in tables)
    assert all(sum(p in tb["players"] for tb in tables) == ISTANBUL_ROUNDS for p in players)
    moves = sum(api.call("GET", f"/v1/games/{tb['game_id']}").json()["version"] for tb in tables)
    print(f"round robin of 10 {BOT} bots at Istanbul tables of five, {ISTANBUL_ROUNDS} rounds, {len(tables)} games "
          f"of {moves} events in all: "
          f"{played:.1f} s")
    met = Counter(frozenset((a, b)) for tb in tables for a in tb["players"] for b in tb["players"] if a < b)
    assert len(met) == PAIRS_MET
    expected = {p: [0.0, 0, 0] for p in players}  # placement points, rubies, lira: summed over the games
    for tb in tables:
        game = api.call("GET", f"/v1/games/{tb['game_id']}").json()
        assert game["status"] == "finished"
        played, result = game["result"], tb["result"]
        assert result["by"] == "game" and not any(result["forfeited"])  # played to the end, nobody timed out
        assert result["scores"] == played["scores"] and result["lira"] == played["lira"]
        assert [result["places"][s] == 1 for s in range(5)] == [s in played["winners"] for s in range(5)]
        for seat, player in enumerate(tb["players"]):
            mine = result["places"][seat]
            expected[player][0] += sum(1 if mine < other else 0.5 if mine == other else 0
                                       for o, other in enumerate(result["places"]) if o != seat)
            expected[player][1] += played["scores"][seat]
            expected[player][2] += played["lira"][seat]
    seeding = final["seeding"]
    by_hand = sorted(players, key=lambda p: (-expected[p][0], -expected[p][1], -expected[p][2], seeding.index(p)))
    standings = final["standings"]
    assert [s["player"] for s in standings] == by_hand
    assert [(s["points"], s["rubies"], s["lira"]) for s in standings] == [tuple(expected[p]) for p in by_hand]
    assert list(standings[0])[4:6] == ["rubies", "lira"]  # the tie-breaks of tables
    assert sum(s["points"] for s in standings) == len(tables) * comb(5, 2)  # one point for each pair at a table
    for player in players:
        ratings = api.call("GET", f"/v1/players/{player}/ratings").json()["ratings"]["istanbul"]
        assert ratings["system"] == "weng_lin" and ratings["games"] == ISTANBUL_ROUNDS
        assert {h["source"] for h in ratings["history"]} == {tid}


@pytest.mark.e2e
@pytest.mark.slow(seconds=5)
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
