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


def names() -> tuple[str, ...]:
    return tuple(_MODULES)


def get(name: str) -> Game:
    try:
        module = _MODULES[name]
    except (KeyError, TypeError):
        raise UnknownGame(name) from None
    return importlib.import_module(module)  # type: ignore[return-value]
