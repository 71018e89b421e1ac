"""What happened to a tournament, past tense, versioned like the games' events (class attributes TYPE and V) and
serialised by the same codec (`events.codec.to_wire` / `from_wire`). Each carries what was decided (the
pairings, the places), so `evolve` only applies it and an old log keeps its meaning if a pairing rule changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.tournament.state import Result, Table


@dataclass(frozen=True)
class TournamentCreated:
    TYPE = "tournament_created"
    V = 1
    game: str
    format: str
    table_size: int
    rounds: int | None
    options: dict
    clock: dict | None
    timeout_policy: str
    advance: int


@dataclass(frozen=True)
class PlayerRegistered:
    TYPE = "player_registered"
    V = 1
    player: str
    name: str
    rating: int
    bot: str | None = None  # the service seats this bot for the player (a log before bots had none)


@dataclass(frozen=True)
class PlayerWithdrawn:
    """From now on the player is paired no more; a game of theirs still open was forfeited (ResultRecorded
    follows in the same batch for a head-to-head table; at a larger table the game goes on without them)."""

    TYPE = "player_withdrawn"
    V = 1
    player: str


@dataclass(frozen=True)
class SeedingDrawn:
    """The seeding drawn by lot (strongest first), and the seed it was drawn from: anyone can draw it again."""

    TYPE = "seeding_drawn"
    V = 1
    seed: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class TournamentStarted:
    TYPE = "tournament_started"
    V = 1
    seeding: tuple[str, ...]


@dataclass(frozen=True)
class RoundPaired:
    """Round `round`'s tables (players in seat order, no game yet) and the players who sit out with a bye."""

    TYPE = "round_paired"
    V = 1
    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class GameAssigned:
    TYPE = "game_assigned"
    V = 1
    round: int
    table: int
    game_id: str


@dataclass(frozen=True)
class ResultRecorded:
    TYPE = "result_recorded"
    V = 1
    round: int
    table: int
    game_id: str | None
    result: Result


@dataclass(frozen=True)
class TournamentFinished:
    TYPE = "tournament_finished"
    V = 1


EVENTS = {cls.TYPE: cls for cls in (TournamentCreated, PlayerRegistered, PlayerWithdrawn, SeedingDrawn, TournamentStarted,
                                    RoundPaired, GameAssigned, ResultRecorded, TournamentFinished)}
