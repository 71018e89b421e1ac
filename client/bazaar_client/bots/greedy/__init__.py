"""`greedy`: scores every legal move by a one-ply evaluation of the seat's view (a module here named after the game,
each documenting its evaluation: `jaipur.py`, `istanbul.py`) and plays the best; ties are broken at random. A game
without an evaluation is played at random."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bazaar_client.bots.base import best
from bazaar_client.games import addon
from bazaar_client.sdk import GameView


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        evaluation = addon("bots.greedy", view.game)
        if evaluation is None:
            return self.rng.choice(list(moves))
        return best(moves, lambda move: evaluation.score(view.state, move), self.rng)
