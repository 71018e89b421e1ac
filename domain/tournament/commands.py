"""What the organiser (or the service, for results) asks of a tournament. Imperative names, snake_case wire types.

Nothing here reads a clock or draws lots: a seeding drawn by lot comes in as `StartTournament.order`, a game's
id as `AssignGame.game_id` (the service creates the game, then tells the tournament which table it plays).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CreateTournament:
    TYPE = "create_tournament"
    game: str
    format: str  # "round_robin" | "swiss" | "elimination"
    table_size: int  # 2: head-to-head; 3-5: Istanbul tables
    rounds: int | None = None  # Swiss: required; round robin of tables: default covers every pair once if it can
    options: dict = field(default_factory=dict)  # the game's own options, for every game of the tournament
    clock: dict | None = None  # the platform's clock for every game (domain.table.options)
    timeout_policy: str = "forfeit"
    advance: int = 1  # elimination tables: how many of each table go on (1 or 2)


@dataclass(frozen=True)
class RegisterPlayer:
    TYPE = "register_player"
    player: str
    name: str
    rating: int = 0  # seeds the start (higher first); ties keep the order of registration
    bot: str | None = None  # a bot the service seats for this player in every game (None: a person plays)


@dataclass(frozen=True)
class WithdrawPlayer:
    TYPE = "withdraw_player"
    player: str


@dataclass(frozen=True)
class StartTournament:
    TYPE = "start_tournament"
    order: tuple[str, ...] = ()  # the seeding (strongest first) if the organiser fixes or draws it; else by rating


@dataclass(frozen=True)
class DrawSeeding:
    """Draw the seeding by lot before the start: a shuffle of the registered players by the dealer's published
    construction (domain/table/dealer.py) from `seed`, which the service draws; registration closes."""

    TYPE = "draw_seeding"
    seed: str


@dataclass(frozen=True)
class PairRound:
    TYPE = "pair_round"


@dataclass(frozen=True)
class AssignGame:
    TYPE = "assign_game"
    round: int
    table: int
    game_id: str


@dataclass(frozen=True)
class RecordResult:
    """A finished game's result as the game's `result()` states it, by seat: `winners`, `scores` (seals or
    rubies), `lira` (Istanbul; empty for Jaipur) and `forfeited` (seats that lost on the clock)."""

    TYPE = "record_result"
    game_id: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    lira: tuple[int, ...] = ()
    forfeited: tuple[int, ...] = ()


@dataclass(frozen=True)
class FinishTournament:
    TYPE = "finish_tournament"


COMMANDS = {cls.TYPE: cls for cls in (CreateTournament, RegisterPlayer, WithdrawPlayer, DrawSeeding, StartTournament, PairRound,
                                      AssignGame, RecordResult, FinishTournament)}
