"""Bots by name, as the CLI and match runner know them."""

from __future__ import annotations

from bots.base import Bot
from bots.greedy import GreedyBot
from bots.mcts import MctsBot
from bots.random_bot import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r} (one of {', '.join(sorted(BOTS))})")
    return BOTS[name](seed)
