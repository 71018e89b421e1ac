"""Bots by name, as the CLI and match runner know them."""

from __future__ import annotations

from bots.base import Bot
from bots.greedy import GreedyBot
from bots.mcts import MctsBot
from bots.random_bot import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}


def make_bot(name: str, seed: int | str | None = None, budget_ms: float | None = None) -> Bot:
    """`budget_ms`: the time a searching bot (mcts) may think per decision instead of its iteration budget;
    the other bots answer at once and ignore it."""
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r} (one of {', '.join(sorted(BOTS))})")
    if name == "mcts" and budget_ms is not None:
        return MctsBot(seed, iterations=None, budget_ms=budget_ms)
    return BOTS[name](seed)
