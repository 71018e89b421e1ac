"""Bots' strength and speed, in process (the table's runner and the real dealer, no HTTP): bounded seeded Jaipur
series of mcts vs greedy and greedy vs random, seats alternating, each bot asked with its seat's view and the
listed legal moves exactly as over the API. Prints win rates with 95% Wilson intervals and ms per decision.
`BAZAAR_BENCH_MATCHES` and `BAZAAR_BENCH_MCTS_ITERATIONS` scale it."""

from __future__ import annotations

import os
import time

from bots import make_bot
from bots.mcts import MctsBot
from bots.stats import wilson
from tests.support.botplay import play

MATCHES = int(os.environ.get("BAZAAR_BENCH_MATCHES", "40"))
MCTS_ITERATIONS = int(os.environ.get("BAZAAR_BENCH_MCTS_ITERATIONS", "60"))


def make(name: str, seed: str):
    return MctsBot(seed, iterations=MCTS_ITERATIONS) if name == "mcts" else make_bot(name, seed)


def series(first: str, second: str, matches: int) -> None:
    wins = {first: 0.0, second: 0.0}
    decisions = {first: 0, second: 0}
    seconds = {first: 0.0, second: 0.0}
    started = time.perf_counter()
    for i in range(matches):
        names = [first, second] if i % 2 == 0 else [second, first]
        played = play("jaipur", [make(n, f"bench-{i}-{s}") for s, n in enumerate(names)], f"bots-bench-{i}")
        for winner in played.winners:
            wins[names[winner]] += 1 / len(played.winners)
        for seat, name in enumerate(names):
            decisions[name] += played.decisions[seat]
            seconds[name] += played.seconds[seat]
    low, high = wilson(wins[first], matches)
    budget = f" ({MCTS_ITERATIONS} iterations a decision)" if "mcts" in (first, second) else ""
    print(f"jaipur {first} vs {second}{budget}: {first} won {wins[first]:g}/{matches} = {wins[first] / matches:.0%} "
          f"(95% CI {low:.0%}-{high:.0%}); " + ", ".join(
              f"{n} {1000 * seconds[n] / max(decisions[n], 1):.2f} ms/decision" for n in (first, second))
          + f"; {time.perf_counter() - started:.0f} s")


def greedy_vs_random() -> None:
    series("greedy", "random", max(MATCHES, 100))


def mcts_vs_greedy() -> None:
    series("mcts", "greedy", MATCHES)


SECTIONS = [greedy_vs_random, mcts_vs_greedy]
