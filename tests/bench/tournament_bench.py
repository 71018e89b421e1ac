"""Tournament figures: how long the pure Decider takes to pair one Swiss round of 500 players (head-to-head, one
maximum-weight matching; and at Istanbul tables of four), from round 1 to round 5 (score groups form, repeats
must be avoided). Results are drawn by a seeded generator; the pairing itself has no randomness."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

from domain import tournament
from domain.tournament import round_robin, schedule, seating
from domain.tournament.commands import AssignGame, CreateTournament, PairRound, RecordResult, RegisterPlayer, StartTournament
from service.operations import config
from service.operations.wiring import build
from tests.bench.servers import private_redis

PLAYERS = 500
ROUNDS = 5


def _swiss(players: int, table_size: int) -> None:
    rng = random.Random(players * 10 + table_size)
    game = "jaipur" if table_size == 2 else "istanbul"
    state = tournament.initial_state()

    def play(command):
        nonlocal state
        for event in tournament.decide(state, command):
            state = tournament.evolve(state, event)

    play(CreateTournament(game, "swiss", table_size, ROUNDS))
    for i in range(players):
        play(RegisterPlayer(f"p{i}", f"Player {i}", rng.randint(1000, 2400)))
    play(StartTournament())
    figures, games = [], 0
    for _ in range(ROUNDS):
        started, cpu = time.perf_counter(), time.process_time()
        play(PairRound())
        figures.append((time.perf_counter() - started, time.process_time() - cpu))
        for number, table in tournament.tables_awaiting_games(state):
            games += 1
            play(AssignGame(number, table.number, f"g{games}"))
            seats = len(table.players)
            winner = rng.randrange(seats)
            play(RecordResult(f"g{games}", (winner,), tuple(5 if s == winner else rng.randint(0, 4)
                                                            for s in range(seats)),
                              tuple(rng.randint(0, 30) for _ in range(seats)) if seats > 2 else ()))
    kind = "head-to-head" if table_size == 2 else f"tables of {table_size}"
    rounds = "  ".join(f"r{i}={wall * 1000:.0f}ms" for i, (wall, _) in enumerate(figures, 1))
    worst = max(figures)
    print(f"  Swiss, {players} players, {kind}: pairing one round {rounds}  (worst {worst[0] * 1000:.0f} ms wall, "
          f"{max(cpu for _, cpu in figures) * 1000:.0f} ms CPU)")


def swiss_pairing() -> None:
    print("Tournament pairing (domain.tournament, pure; the service's game creation is not included)")
    _swiss(PLAYERS, 2)
    _swiss(PLAYERS + 1, 2)  # odd: one bye per round
    _swiss(PLAYERS, 4)


def swiss_round_in_the_service() -> None:
    """One 500-player Swiss round through the service's own code on a real Redis: the worker's loop pairs it
    (appending to the tournament's stream) and opens its 250 games (each created with seats bound to the players
    and bot seats, indexed, its fact on the feed, its first bot move queued), then assigns them in one append."""
    print("Tournament round in the service (service.tournaments.loop on a private Redis: pair, create, assign)")
    with private_redis() as url:
        wiring = build(config.load({"REDIS_URL": url}))
        t = wiring.tournaments
        tid = t.create(CreateTournament("jaipur", "swiss", 2, ROUNDS), "bench").id
        t.execute(tid, [RegisterPlayer(f"{i:016x}", f"Player {i}", 1000 + i, "greedy") for i in range(PLAYERS)],
                  "bench")
        t.execute(tid, [StartTournament()], "bench")
        rng = random.Random(PLAYERS)
        for number in (1, 2):  # round 1 from the seeding; round 2 in score groups, avoiding repeats
            started, cpu = time.perf_counter(), time.process_time()
            t.execute(tid, [PairRound()], "service")
            paired = time.perf_counter() - started
            games = wiring.tournament_loop.open_games(tid, t.load(tid).state, "bench")
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            assert len(games) == PLAYERS // 2 and not tournament.tables_awaiting_games(t.load(tid).state)
            print(f"  Swiss, {PLAYERS} players, round {number}: paired in {paired:.2f} s, its {len(games)} games "
                  f"created and assigned: {wall:.2f} s in all ({wall / len(games) * 1000:.1f} ms a game; "
                  f"{cpu:.2f} s CPU in this process)")
            t.execute(tid, [RecordResult(g, (rng.randrange(2),), (rng.randint(0, 3), rng.randint(0, 3)))
                            for g in games], "service")


def round_robin_planning() -> None:
    """Planning a whole round robin at Istanbul tables (schedule.plan: every round at once), for 33 and 100
    players at tables of 3, 4 and 5, and the two fields that keep pairs apart (12 at four: 59 is the optimum, a
    test proves it; 20 at five: 175 is the best found): the time of the first PairRound (later rounds reuse the
    plan), and how many of the pairs meet."""
    print("Round robin at Istanbul tables: planning every round at once (domain.tournament.schedule, pure)")
    for players, size in [(12, 4), (20, 5)] + [(p, s) for p in (33, 100) for s in (3, 4, 5)]:
        schedule._plan.cache_clear()
        rounds = round_robin.table_rounds(players, size)
        started, cpu = time.perf_counter(), time.process_time()
        plan = schedule.plan([f"p{i}" for i in range(players)], seating.table_sizes(players, size), rounds, {})
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        met = Counter(frozenset(pair) for r in plan for t in r for pair in itertools.combinations(t, 2))
        print(f"  {players} players, tables of {size}, {rounds} rounds: planned in {wall:.2f} s "
              f"({cpu:.2f} s CPU); {len(met)} of {players * (players - 1) // 2} pairs meet, "
              f"most meetings of a pair {max(met.values())}")


SECTIONS = [swiss_pairing, swiss_round_in_the_service, round_robin_planning]
