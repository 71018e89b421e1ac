"""Random legal play through the service's command path (in-process, real Redis)."""

from __future__ import annotations

import random

from domain import table as tables
from tests.support.service import InProcess


def play_randomly(service: InProcess, name: str, seats: int, seed: str, moves: int | None = None,
                  options: dict | None = None):
    """Create an open game (reproducible from `seed`) and post random legal moves until it ends or `moves`
    have been made; (id, tokens)."""
    loaded, tokens = service.create(name, seats, options or {}, seed, open_game=True)
    play_on(service, loaded.meta.id, random.Random(seed), moves)
    return loaded.meta.id, tokens


def play_on(service: InProcess, gid: str, rng: random.Random, moves: int | None = None) -> None:
    """Post random legal moves in a game until it ends or `moves` have been made."""
    loaded, played = service.load(gid), 0
    while not loaded.finished and (moves is None or played < moves):
        seat = tables.awaited(loaded.game, loaded.table)[0]
        service.command(gid, seat, rng.choice([m for m in service.legal_moves(loaded, seat)
                                               if m["type"] not in ("accept_undo", "decline_undo")]))
        loaded, played = service.load(gid), played + 1
