"""What a bot is: something that picks one of the listed legal moves, given the seat's view. It sees exactly what a
third-party client sees (`bazaar_client.sdk.GameView` for its token, `bazaar_client.sdk.LegalMoves`), never the engine's state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from bazaar_client.sdk import GameView


class Bot(Protocol):
    name: str

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        """One of `moves` (non-empty: a bot is asked only when its seat is to act)."""


def best(moves: Sequence[dict], score: Callable[[dict], float], rng: random.Random) -> dict:
    """The move with the highest score; ties broken at random so equal moves are not always played in the
    server's listing order."""
    scored = [(score(move), rng.random(), index) for index, move in enumerate(moves)]
    return moves[max(scored)[2]]
