"""Bazaar's clients under one import name: the SDK (`bazaar_client.sdk`, whose public names are also here:
`from bazaar_client import Client`), the `bazaar` command (`cli`), bots (`bots`) and the MCP server for AI agents
(`mcp`). Nothing here needs the server's packages; the `mcts` bot alone simulates with the rules engine of the
server distribution (`domain`), and says so when it is not installed."""

from __future__ import annotations

import importlib


def __getattr__(name: str):
    sdk = importlib.import_module("bazaar_client.sdk")
    if name in sdk.__all__:
        return getattr(sdk, name)
    raise AttributeError(f"module 'bazaar_client' has no attribute {name!r}")
