"""`mcts`: information-set Monte Carlo tree search (`search.py`) over what the seat may know, for Jaipur
(`jaipur.py`). It reads the seat's view and its legal moves only; it samples the hidden cards and bonus values
from that view and simulates them with `domain.jaipur` as a pure rules engine. Budget: `iterations` per decision
and/or `budget_ms` of wall time per decision, whichever runs out first. Istanbul is not searched yet: there it
plays as `greedy` does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.greedy import GreedyBot
from bots.mcts.jaipur import JaipurSimulator, move_key, to_wire
from bots.mcts.search import SearchResult, search
from sdk import GameView

# about half a second a decision on one core of a small machine (the bench prints the figure)
DEFAULT_ITERATIONS = 200


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int | str | None = None, iterations: int | None = DEFAULT_ITERATIONS,
                 budget_ms: float | None = None):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.fallback = GreedyBot(seed)
        self.last: SearchResult | None = None

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        self.last = None
        if len(moves) == 1:
            return moves[0]
        if view.game != "jaipur" or any(m["type"] not in ("exchange", "take_one", "take_camels", "sell") for m in moves):
            # Istanbul, and the platform's questions (undo answers): the one-ply evaluation
            return self.fallback.choose(view, moves)
        listed = {move_key(m): m for m in moves}
        self.last = search(JaipurSimulator(view), self.rng, self.iterations, self.budget_ms)
        chosen = listed.get(move_key(to_wire(self.last.action)))
        # the search considers only moves the rules allow in the seat's own position, which the server lists
        return chosen if chosen is not None else self.fallback.choose(view, moves)
