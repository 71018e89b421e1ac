"""`mcts`: information-set Monte Carlo tree search (`search.py`) over what the seat may know, for Jaipur
(`jaipur.py`) and Istanbul (`istanbul.py`). It reads the seat's view and its legal moves only; it samples what the
seat cannot see (hands, deck orders, demand stacks; dice as the tree meets them) from that view and simulates
with `domain.jaipur` / `domain.istanbul` as pure rules engines. Budget: `iterations` per decision and/or
`budget_ms` of wall time per decision, whichever runs out first; a search ends sooner once its answer is decided
(`search.decided`: one move, or a leader no other move can overtake in the budget left). Istanbul is searched in
every box the engine plays: the base game, Mocha & Baksheesh, Letters & Seals (`istanbul_letters.py`), the Great
Bazaar, and the Caravan Leader variant; a box whose hidden parts it could not draw would be played as `greedy`
plays.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bazaar_client.bots.greedy import GreedyBot
from bazaar_client.bots.greedy import istanbul as greedy_istanbul
from bazaar_client.bots.mcts import istanbul
from bazaar_client.bots.mcts.jaipur import JaipurSimulator, move_key, to_wire
from bazaar_client.bots.mcts.search import SearchResult, search
from bazaar_client.sdk import GameView

# about half a second a decision on one core of a small machine (the bench prints the figure)
DEFAULT_ITERATIONS = 200
JAIPUR_MOVES = ("exchange", "take_one", "take_camels", "sell")
ITERATIONS_PER_MOVE = 15
# Istanbul: greedy's scores of the root's moves as a progressive bias of up to this many reward units (search.py).
# On the bench's first 40 two-seat tables against greedy: no prior 26/40, 0.5 28/40, 1.0 31/40
PRIOR = 1.0


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int | str | None = None, iterations: int | None = DEFAULT_ITERATIONS,
                 budget_ms: float | None = None, stop_early: bool = True, clock=time.perf_counter):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.stop_early = stop_early  # end a search once its answer is decided (see search.search)
        self.clock = clock  # what measures budget_ms (see search.search)
        self.fallback = GreedyBot(seed)
        self.last: SearchResult | None = None

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        self.last = None
        if len(moves) == 1:
            return moves[0]
        if view.game == "istanbul" and istanbul.supported(view.state) and all(m["type"] in istanbul.COMMANDS
                                                                               for m in moves):
            listed = {istanbul.command_from_move(m, view.seat): m for m in moves}
            sim = istanbul.IstanbulSimulator(view, random.Random(self.rng.random()))
        elif view.game == "jaipur" and all(m["type"] in JAIPUR_MOVES for m in moves):
            listed = {move_key(m): m for m in moves}
            sim = JaipurSimulator(view)
        else:  # an Istanbul box not searched, and the platform's questions (undo answers): the one-ply evaluation
            return self.fallback.choose(view, moves)
        iterations = self.iterations
        if view.game == "istanbul" and iterations is not None:
            # most of a turn's decisions are between two or three commands: they need far fewer iterations
            # than the move among a dozen places, which gets the whole budget
            iterations = min(iterations, ITERATIONS_PER_MOVE * len(moves))
        priors = istanbul_priors(view, listed) if view.game == "istanbul" else None
        self.last = search(sim, self.rng, iterations, self.budget_ms, stop_early=self.stop_early, priors=priors,
                           clock=self.clock)
        action = self.last.action
        chosen = listed.get(action if view.game == "istanbul" else move_key(to_wire(action)))
        # the search considers only moves the rules allow in the seat's own position, which the server lists
        return chosen if chosen is not None else self.fallback.choose(view, moves)


def istanbul_priors(view: GameView, listed: dict) -> dict:
    """greedy's one-ply scores of the listed moves, scaled to [0, PRIOR] (the best move PRIOR, the worst 0)."""
    scores = {command: greedy_istanbul.score(view.state, move) for command, move in listed.items()}
    low, high = min(scores.values()), max(scores.values())
    if high <= low:
        return {}
    return {command: PRIOR * (score - low) / (high - low) for command, score in scores.items()}
