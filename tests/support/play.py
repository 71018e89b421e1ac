"""Random legal play through the service's command path (in-process, real Redis)."""

from __future__ import annotations

import random


def play_randomly(games, name: str, seats: int, seed: str, moves: int | None = None, options: dict | None = None):
    """Create a game and post random legal moves until it ends or `moves` have been made; (id, tokens)."""
    loaded, tokens = games.create(name, seats, options or {}, seed)
    gid, rng, played = loaded.meta.id, random.Random(seed), 0
    while not loaded.finished and (moves is None or played < moves):
        seat = loaded.game.to_act(loaded.state)[0]
        games.command(gid, seat, rng.choice(games.legal_moves(loaded, seat)))
        loaded, played = games.load(gid), played + 1
    return gid, tokens
