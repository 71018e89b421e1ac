"""Bots' strength and speed, in process (the table's runner and the real dealer, no HTTP): seeded series of
greedy vs random and mcts vs greedy, in Jaipur matches and at Istanbul tables of 2 and 4 seats, each bot asked
with its seat's view and the listed legal moves exactly as over the API. At a table of 4 one bot of the first kind
plays three of the second, its seat rotating (so 25% is an even share). Prints win rates with 95% Wilson
intervals (a tie counts as a shared win), ms per decision and moves per second per bot, and a progress line every
`BAZAAR_BENCH_PROGRESS` games (50). Sizes: `BAZAAR_BENCH_MATCHES` (Jaipur, default 200),
`BAZAAR_BENCH_ISTANBUL_TABLES` (each Istanbul table size, default 200),
`BAZAAR_BENCH_MCTS_ITERATIONS` (Jaipur, 60) and `BAZAAR_BENCH_ISTANBUL_MCTS_ITERATIONS` (100; fewer for
decisions between few commands, see client/bazaar_client/bots/mcts), or instead a time budget per decision,
`BAZAAR_BENCH_MCTS_BUDGET_MS` (as a bot seat thinks; the figures then depend on the machine and its load).
Istanbul is also played with Mocha & Baksheesh and the Caravan Leader variant at 2 seats, mcts vs greedy, and
with Letters & Seals at 2 seats, greedy vs random and mcts vs greedy (`BAZAAR_BENCH_ISTANBUL_BOX_TABLES`, default
50 each).

A series' games are independent and seeded by their number, so they are played on a pool of
`BAZAAR_BENCH_PROCESSES` worker processes (default: one per core) and give the same results on any number of
them. The ms per decision are measured inside the workers: on a machine busy with other work they grow with its
load (the run prints the load average before each series)."""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from bazaar_client.bots import make_bot
from bazaar_client.bots.mcts import MctsBot
from bazaar_client.bots.stats import wilson
from tests.support.botplay import play

MATCHES = int(os.environ.get("BAZAAR_BENCH_MATCHES", "200"))
ISTANBUL_TABLES = int(os.environ.get("BAZAAR_BENCH_ISTANBUL_TABLES", "200"))
MCTS_ITERATIONS = {"jaipur": int(os.environ.get("BAZAAR_BENCH_MCTS_ITERATIONS", "60")),
                   "istanbul": int(os.environ.get("BAZAAR_BENCH_ISTANBUL_MCTS_ITERATIONS", "100"))}
BUDGET_MS = float(os.environ.get("BAZAAR_BENCH_MCTS_BUDGET_MS", "0")) or None
BOX_TABLES = int(os.environ.get("BAZAAR_BENCH_ISTANBUL_BOX_TABLES", "50"))
BOXES = {"expansions": ["mocha_baksheesh"], "caravan_leader": True}
LETTERS = {"expansions": ["letters_seals"]}
BOX_NAMES = {"mocha_baksheesh": "Mocha & Baksheesh", "letters_seals": "Letters & Seals"}
PROGRESS = int(os.environ.get("BAZAAR_BENCH_PROGRESS", "50"))
PROCESSES = int(os.environ.get("BAZAAR_BENCH_PROCESSES", "0")) or os.cpu_count() or 1
MAX_MOVES = 5000  # a game still running after this many moves counts as nobody's win


def make(game: str, name: str, seed: str):
    if name != "mcts":
        return make_bot(name, seed)
    if BUDGET_MS:
        return MctsBot(seed, iterations=None, budget_ms=BUDGET_MS)
    return MctsBot(seed, iterations=MCTS_ITERATIONS[game])


def one_game(game: str, seats: int, names: tuple[str, ...], i: int, options: dict | None) -> tuple:
    """Game `i` of a series, in a worker process: (winners, decisions per seat, seconds per seat). Its seeds
    depend on `i` only, so a series plays the same games on any number of processes."""
    boxes = {None: "", "mocha_baksheesh": "-boxes", "letters_seals": "-letters"}[box_of(options)]
    played = play(game, [make(game, n, f"bench-{game}{seats}{boxes}-{i}-{s}") for s, n in enumerate(names)],
                  f"bots-bench-{game}{seats}{boxes}-{i}", max_moves=MAX_MOVES, options=options)
    return played.winners, played.decisions, played.seconds


def series(game: str, seats: int, first: str, second: str, games: int, options: dict | None = None) -> None:
    """`games` tables, one `first` bot against `second` bots, its seat rotating; played on `PROCESSES` worker
    processes (the games are independent), reported in the order they were dealt."""
    wins, unfinished = 0.0, 0
    decisions = {first: 0, second: 0}
    seconds = {first: 0.0, second: 0.0}
    started = time.perf_counter()
    print(f"  ({games} games on {PROCESSES} processes; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    tables = []
    for i in range(games):
        names = [second] * seats
        names[i % seats] = first
        tables.append(tuple(names))
    with ProcessPoolExecutor(max_workers=PROCESSES) as pool:
        results = pool.map(one_game, repeat(game), repeat(seats), tables, range(games), repeat(options))
        for i, (names, (winners, played, spent)) in enumerate(zip(tables, results, strict=True)):
            if i % seats in winners:
                wins += 1 / len(winners)
            unfinished += not winners
            for seat, name in enumerate(names):
                decisions[name] += played[seat]
                seconds[name] += spent[seat]
            if (i + 1) % PROGRESS == 0 and i + 1 < games:
                report(game, seats, first, second, wins, i + 1, unfinished, decisions, seconds, started, "so far",
                       options)
    report(game, seats, first, second, wins, games, unfinished, decisions, seconds, started, "", options)


def box_of(options: dict | None) -> str | None:
    return (options or {}).get("expansions", [None])[0]


def report(game, seats, first, second, wins, games, unfinished, decisions, seconds, started, note,
           options=None) -> None:
    low, high = wilson(wins, games)
    table = "match" if game == "jaipur" else f"{seats} seats"
    if options:
        table += ", " + BOX_NAMES[box_of(options)] + (", caravan leader" if options.get("caravan_leader") else "")
    budget = ""
    if "mcts" in (first, second):
        budget = f", {BUDGET_MS:g} ms" if BUDGET_MS else f", {MCTS_ITERATIONS[game]} iterations"
        budget += " a decision"
    speeds = ", ".join(f"{n} {1000 * seconds[n] / max(decisions[n], 1):.2f} ms/decision = "
                       f"{decisions[n] / max(seconds[n], 1e-9):.0f} moves/s" for n in (first, second))
    print(f"{game} ({table}{budget}) {first} vs {second}: {first} won {wins:g}/{games} = {wins / games:.0%} "
          f"(95% CI {low:.0%}-{high:.0%}; even share {1 / seats:.0%}){' ' + note if note else ''}; "
          f"{unfinished} unfinished; {speeds}; {time.perf_counter() - started:.0f} s")
    sys.stdout.flush()


def jaipur_greedy_vs_random() -> None:
    series("jaipur", 2, "greedy", "random", MATCHES)


def jaipur_mcts_vs_greedy() -> None:
    series("jaipur", 2, "mcts", "greedy", MATCHES)


def istanbul_greedy_vs_random() -> None:
    for seats in (2, 4):
        series("istanbul", seats, "greedy", "random", ISTANBUL_TABLES)


def istanbul2_mcts_vs_greedy() -> None:
    series("istanbul", 2, "mcts", "greedy", ISTANBUL_TABLES)


def istanbul4_mcts_vs_greedy() -> None:
    series("istanbul", 4, "mcts", "greedy", ISTANBUL_TABLES)


def istanbul_boxes_mcts_vs_greedy() -> None:
    series("istanbul", 2, "mcts", "greedy", BOX_TABLES, BOXES)


def istanbul_letters_greedy_vs_random() -> None:
    series("istanbul", 2, "greedy", "random", BOX_TABLES, LETTERS)


def istanbul_letters_mcts_vs_greedy() -> None:
    series("istanbul", 2, "mcts", "greedy", BOX_TABLES, LETTERS)


SECTIONS = [jaipur_greedy_vs_random, istanbul_greedy_vs_random, jaipur_mcts_vs_greedy, istanbul2_mcts_vs_greedy,
            istanbul4_mcts_vs_greedy, istanbul_boxes_mcts_vs_greedy, istanbul_letters_greedy_vs_random,
            istanbul_letters_mcts_vs_greedy]

if __name__ == "__main__":  # sections by name, e.g. `python -m tests.bench.bots_bench istanbul2_mcts_vs_greedy`
    for section in sys.argv[1:]:
        globals()[section]()
