"""Bots by name, as the CLI, the match runner and bot seats know them.

A bot's module is imported when the bot is first made, by name (as games are in domain/registry.py): the
searching bots import every game's rules, which costs each process ~0.6 s at start, and most processes that
know the names (the web service validating `options.bots`, every `bazaar` command) never make a bot.
"""

from __future__ import annotations

import importlib

from bazaar_client.bots.base import Bot

BOTS = {"random": "bazaar_client.bots.random_bot:RandomBot", "greedy": "bazaar_client.bots.greedy:GreedyBot",
        "mcts": "bazaar_client.bots.mcts:MctsBot"}


class NeedsRules(RuntimeError):
    """A bot that simulates games with the rules engine (mcts), where only the clients are installed."""


def bot_class(name: str) -> type[Bot]:
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r} (one of {', '.join(sorted(BOTS))})")
    module, _, attribute = BOTS[name].partition(":")
    try:
        return getattr(importlib.import_module(module), attribute)
    except ModuleNotFoundError as missing:
        if missing.name != "domain" and not str(missing.name).startswith("domain."):
            raise
        raise NeedsRules(f"the {name} bot simulates games with Bazaar's rules engine (`domain`), which comes with "
                         "the server's distribution: install `bazaar` beside `bazaar-client`, or play random or "
                         "greedy") from None


def make_bot(name: str, seed: int | str | None = None, budget_ms: float | None = None) -> Bot:
    """`budget_ms`: the time a searching bot (mcts) may think per decision instead of its iteration budget;
    the other bots answer at once and ignore it."""
    cls = bot_class(name)
    if name == "mcts" and budget_ms is not None:
        return cls(seed, iterations=None, budget_ms=budget_ms)
    return cls(seed)
