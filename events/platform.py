"""Events the platform writes for every game, beside the game's own events."""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import ChanceDrawn


@dataclass(frozen=True)
class GameCreated:
    """First event of every game: what was created, and the SHA-256 commitment to the secret seed.

    `seed` is set only when the client chose the seed (the game is then reproducible and its seed public).
    """

    TYPE = "game_created"
    V = 1

    game: str
    seats: int
    options: dict
    seed_commitment: str
    seed: str | None = None


@dataclass(frozen=True)
class SeedRevealed:
    """The game is over: the seed behind every draw, so anyone can re-derive each outcome."""

    TYPE = "seed_revealed"
    V = 1

    seed: str


PLATFORM_EVENTS = {cls.TYPE: cls for cls in (GameCreated, SeedRevealed, ChanceDrawn)}
