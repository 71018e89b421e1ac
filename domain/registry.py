"""Game name -> game module: the only place the service learns which games exist."""

from __future__ import annotations

import importlib
import os

from domain.core import Game

_MODULES = {
    "jaipur": "domain.jaipur",
    "istanbul": "domain.istanbul",
}


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
    return tuple(_MODULES)


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
