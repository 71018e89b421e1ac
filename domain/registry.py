"""Game name -> game module: the only place anything learns which games exist.

A game is one package (or module) that declares what it offers at module level (DEVELOPERS.md, "Adding a game"):
its rules, views and schemas, notation and words, picture, the conformance suite's examples. Everything else (the
service's routes, the generated contract, the conformance suite, the pages, the CLI, the MCP server, the bots)
asks this registry and the game's own names; nothing else lists the games. The product's games are below; a
deployment (or the test suite) adds its own without changing a file: BAZAAR_EXTRA_GAMES="name=module,...".
"""

from __future__ import annotations

import importlib
import os

from domain.core import Game

_MODULES = {
    "jaipur": "domain.jaipur",
    "istanbul": "domain.istanbul",
}
PRODUCT = tuple(_MODULES)  # the product's own games: openapi.yaml in the repository documents these


# Extra games for a deployment or the test suite, "name=module,name=module" (the product's games are above).
for _entry in filter(None, os.environ.get("BAZAAR_EXTRA_GAMES", "").split(",")):
    _name, _, _module = _entry.partition("=")
    _MODULES[_name.strip()] = _module.strip()


class UnknownGame(LookupError):
    pass


def register(name: str, module: str) -> None:
    """Add a game (tests register a minimal one); the built-in names above are the product's games."""
    _MODULES[name] = module


def forget(name: str) -> None:
    """Remove a game registered with `register` (tests that register one of their own, then leave)."""
    _MODULES.pop(name, None)
    _LOADED.pop(name, None)


def names() -> tuple[str, ...]:
    """Every game registered here: the product's and a deployment's extra games."""
    return tuple(_MODULES)


def extra_names() -> tuple[str, ...]:
    """The games registered beside the product's (BAZAAR_EXTRA_GAMES, `register`)."""
    return tuple(name for name in _MODULES if name not in PRODUCT)


_LOADED: dict[str, Game] = {}


def get(name: str) -> Game:
    """The game module; looked up once per process (folding asks for it on every event)."""
    game = _LOADED.get(name) if isinstance(name, str) else None
    if game is not None:
        return game
    try:
        module = _MODULES[name]
    except (KeyError, TypeError):
        raise UnknownGame(name) from None
    game = _LOADED[name] = importlib.import_module(module)  # type: ignore[assignment]
    return game
