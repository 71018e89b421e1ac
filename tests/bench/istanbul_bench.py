"""Istanbul engine figures, in-process (issue 10: bots will run tree search on the engine):

- ms per random playout of a whole 4-seat game: uniformly random legal commands, every chance step settled by
  the real dealer (tests/support/driver.Table), from set-up to the end;
- random full games per second (1000 / the ms above);
- the same playout through the game's own functions only (what a tree-search bot runs: legal_commands, decide,
  evolve, chance, the dealer's draw), without the table's runner and bookkeeping;
- events replayed per second: the fold of `evolve` over those games' recorded events;
- the mcts bot's decisions per second (the bots bench's iterations per decision), over the first MCTS_MOVES moves of one
  seeded 2-seat game against the random bot: what the engine's speed gives a bot seat.

The base game, Mocha & Baksheesh and Letters & Seals (recommended 5x4 layouts) and the Great Bazaar (both boxes,
a random 5x5 layout) are measured side by side; Jaipur is measured the
same way in the same run as the baseline. Timings vary with the machine's load, so each
figure is the best of a few rounds; the figures are printed, never asserted.
"""

from __future__ import annotations

import multiprocessing
import random
import time

from bazaar_client.bots import make_bot
from bazaar_client.bots.mcts import MctsBot
from domain import registry
from domain.core import replay
from domain.table import Dealer
from tests.bench.bots_bench import MCTS_ITERATIONS
from tests.support.botplay import play
from tests.support.driver import Table

GAMES = 10  # per round
ROUNDS = 3
REPLAYS = 5
MCTS_MOVES = 60  # of the one game the mcts figure is taken from (about 25 of them the bot's decisions)


BOXES = {"base": {}, "mocha_baksheesh": {"expansions": ["mocha_baksheesh"]}, "letters_seals": {"expansions": ["letters_seals"]},
         "great_bazaar": {"expansions": ["mocha_baksheesh", "letters_seals"]}}


def playout(name: str, seats: int, seed: int, options: dict | None = None) -> Table:
    """One whole game of uniformly random legal commands, chance settled by the dealer."""
    game = registry.get(name)
    table = Table.start(game, options or {}, seats, f"bench-{seed}".encode())
    rng = random.Random(seed)
    while not game.is_terminal(table.state):
        seat = game.to_act(table.state)[0]
        table.play(rng.choice(game.legal_commands(table.state, seat)))
    return table


def bare_playout(seats: int, seed: int, options: dict) -> int:
    """A whole random game through the game's functions alone; its number of events."""
    game = registry.get("istanbul")
    dealer, draws, events = Dealer(f"bench-{seed}"), 0, 0
    state = game.initial_state(options, seats)
    rng = random.Random(seed)
    while not game.is_terminal(state):
        request = game.chance(state)
        if request is not None:  # the draw is itself an event, recorded before its consequences
            draws += 1
            drawn = dealer.draw(draws, request)
            batch = [drawn, *game.decide(state, drawn)]
        else:
            batch = game.decide(state, rng.choice(game.legal_commands(state, game.to_act(state)[0])))
        for event in batch:
            state = game.evolve(state, event)
        events += len(batch)
    return events


def bare_ms(seats: int, options: dict) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for seed in range(GAMES):
            bare_playout(seats, seed, options)
        best = min(best, (time.perf_counter() - start) / GAMES)
    return best * 1000


def playout_ms(name: str, seats: int, options: dict | None = None) -> tuple[float, list]:
    """(the best round's ms per game, the games) over ROUNDS rounds of the same GAMES seeded games."""
    best, tables = float("inf"), []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        tables = [playout(name, seats, seed, options) for seed in range(GAMES)]
        best = min(best, (time.perf_counter() - start) / GAMES)
    return best * 1000, tables


def replay_rate(tables: list) -> float:
    """Best events replayed per second (a fold of evolve from the initial state) over REPLAYS folds."""
    events = sum(len(t.events) for t in tables)
    best = float("inf")
    for _ in range(REPLAYS):
        start = time.perf_counter()
        for table in tables:
            replay(table.game, table.initial, table.events)
        best = min(best, time.perf_counter() - start)
    return events / best


def mcts_rate(name: str, options: dict | None = None) -> float:
    """The mcts bot's decisions per second over the first MCTS_MOVES moves of one seeded 2-seat game against the
    random bot (its moves and the table's are not counted), in a fresh interpreter of its own: measured in this
    one, after the playouts, the figure moved from run to run (the base game's 85, 134 and 139 decisions/s, where
    a process of its own gives 152-155 every time)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_mcts_rate, (name, options))


def _mcts_rate(name: str, options: dict | None) -> float:
    bots = [MctsBot("bench-mcts", iterations=MCTS_ITERATIONS[name]), make_bot("random", "bench-random")]
    played = play(name, bots, "bench-mcts", max_moves=MCTS_MOVES, options=options)
    return played.decisions[0] / played.seconds[0]


def engines() -> None:
    jaipur_ms, jaipur = playout_ms("jaipur", 2)
    jaipur_rate = replay_rate(jaipur)
    print(f"baseline jaipur: {jaipur_ms:.1f} ms per random 2-seat match "
          f"({sum(len(t.events) for t in jaipur) / GAMES:.0f} events), {jaipur_rate:,.0f} events replayed/s, "
          f"mcts {mcts_rate('jaipur'):.1f} decisions/s")
    for box, options in BOXES.items():
        for seats in (4, 2):
            ms, tables = playout_ms("istanbul", seats, options)
            events = sum(len(t.events) for t in tables) / GAMES
            rate = replay_rate(tables)
            print(f"istanbul {box} {seats} players: {ms:.1f} ms per random playout of a whole game "
                  f"({1000 / ms:.1f} games/s, {events:.0f} events), {rate:,.0f} events replayed/s "
                  f"({rate / jaipur_rate:.2f}x jaipur's); game functions alone: {bare_ms(seats, options):.1f} ms "
                  f"per playout")
        print(f"istanbul {box}: mcts {mcts_rate('istanbul', options):.1f} decisions/s")


SECTIONS = [engines]
