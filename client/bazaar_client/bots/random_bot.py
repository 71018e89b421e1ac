"""`random`: uniform over the legal moves. The baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bazaar_client.sdk import GameView


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        return self.rng.choice(list(moves))
