"""A bot seated at a table by the service (bot seats, timeout policy "bot", an organiser's substitution): the
worker hands it the seat's view and legal moves exactly as the API would return them, and a time budget the
seat's clock allows. The bot sees nothing more than a third-party client does."""

from __future__ import annotations

from collections.abc import Sequence

from bazaar_client.bots.registry import BOTS, make_bot
from bazaar_client.sdk import GameView

__all__ = ["BOTS", "choose", "known"]


def known(name: str) -> bool:
    return name in BOTS


def choose(name: str, view: dict, moves: Sequence[dict], seed: str, budget_ms: float) -> dict:
    """The bot's move: one of `moves`. `view` is the body of GET /v1/games/{id} for the seat; a searching bot
    (mcts) stops after `budget_ms`, the others answer at once."""
    return make_bot(name, seed, budget_ms=budget_ms).choose(GameView.from_json(view), moves)
