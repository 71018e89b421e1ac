"""`greedy`: scores every legal move by a one-ply evaluation of the seat's view (one module per game, each
documents its evaluation) and plays the best; ties are broken at random."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bazaar_client.bots.base import best
from bazaar_client.bots.greedy import istanbul, jaipur
from bazaar_client.sdk import GameView

EVALUATIONS = {"jaipur": jaipur.score, "istanbul": istanbul.score}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        evaluate = EVALUATIONS.get(view.game)
        if evaluate is None:
            return self.rng.choice(list(moves))
        return best(moves, lambda move: evaluate(view.state, move), self.rng)
