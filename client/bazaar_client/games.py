"""A client's game-specific add-ons, found by the game's name: a module `bazaar_client.<kind>.<game>` (a board for the
terminal, a bot's evaluation or simulator). None is needed: a game without one is played and shown from what the
service says of it (its views, its legal moves, its words), so a game a service hosts needs no change here."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType


def addon(kind: str, game: str) -> ModuleType | None:
    """`bazaar_client.<kind>.<game>` if there is one (names are the service's game names: lowercase, `_`)."""
    if not game.replace("_", "").isalnum() or not game.islower():
        return None
    name = f"bazaar_client.{kind}.{game}"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name) if found is not None else None
