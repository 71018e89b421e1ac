"""Istanbul engine figures, in-process: random full games per second and events replayed per second,
each with Jaipur measured the same way in the same run as the baseline."""

from __future__ import annotations

import random
import time

from domain import registry
from domain.core import replay
from tests.support.driver import Table

SECONDS = 8.0


def random_games(name: str, seats: int, seconds: float = SECONDS):
    """(games per second, events per game, the events of one game) for random legal play."""
    game = registry.get(name)
    start, games, events, sample = time.perf_counter(), 0, 0, None
    while time.perf_counter() - start < seconds:
        table = Table.start(game, {}, seats, f"bench-{games}".encode())
        rng = random.Random(games)
        while not game.is_terminal(table.state):
            seat = game.to_act(table.state)[0]
            table.play(rng.choice(game.legal_commands(table.state, seat)))
        games += 1
        events += len(table.events)
        sample = sample or table
    elapsed = time.perf_counter() - start
    return games / elapsed, events / games, sample


def replay_rate(table, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        replay(table.game, table.initial, table.events)
        best = min(best, time.perf_counter() - start)
    return len(table.events) / best


def engines() -> None:
    jaipur_rate, jaipur_events, jaipur_table = random_games("jaipur", 2)
    print(f"baseline jaipur: {jaipur_rate:.1f} random matches/s ({jaipur_events:.0f} events each), "
          f"{replay_rate(jaipur_table):,.0f} events replayed/s")
    for seats in (2, 5):
        rate, per_game, table = random_games("istanbul", seats)
        print(f"istanbul {seats} players: {rate:.2f} random full games/s ({per_game:.0f} events each; "
              f"{rate * per_game / (jaipur_rate * jaipur_events):.2f}x jaipur's events/s), "
              f"{replay_rate(table):,.0f} events replayed/s")


SECTIONS = [engines]
