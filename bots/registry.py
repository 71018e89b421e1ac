"""Bots by name, as the CLI, the match runner and bot seats know them.

A bot's module is imported when the bot is first made, by name (as games are in domain/registry.py): the
searching bots import every game's rules, which costs each process ~0.6 s at start, and most processes that
know the names (the web service validating `options.bots`, every `bazaar` command) never make a bot.
"""

from __future__ import annotations

import importlib

from bots.base import Bot

BOTS = {"random": "bots.random_bot:RandomBot", "greedy": "bots.greedy:GreedyBot", "mcts": "bots.mcts:MctsBot"}


def bot_class(name: str) -> type[Bot]:
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r} (one of {', '.join(sorted(BOTS))})")
    module, _, attribute = BOTS[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


def make_bot(name: str, seed: int | str | None = None, budget_ms: float | None = None) -> Bot:
    """`budget_ms`: the time a searching bot (mcts) may think per decision instead of its iteration budget;
    the other bots answer at once and ignore it."""
    cls = bot_class(name)
    if name == "mcts" and budget_ms is not None:
        return cls(seed, iterations=None, budget_ms=budget_ms)
    return cls(seed)
