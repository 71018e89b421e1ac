"""Game name -> game module: the only place the service learns which games exist."""

from __future__ import annotations

import importlib

from domain.core import Game

_MODULES = {
    "jaipur": "domain.jaipur",
    "istanbul": "domain.istanbul",
}


class UnknownGame(LookupError):
    pass


def register(name: str, module: str) -> None:
    """Add a game (tests register a minimal one); the built-in names above are the product's games."""
    _MODULES[name] = module


def names() -> tuple[str, ...]:
    return tuple(_MODULES)


def get(name: str) -> Game:
    try:
        module = _MODULES[name]
    except (KeyError, TypeError):
        raise UnknownGame(name) from None
    return importlib.import_module(module)  # type: ignore[return-value]
