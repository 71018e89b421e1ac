"""The table's state: the hosted game's state plus what the platform keeps beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.table.clock import Clocks
from domain.table.events import Invitation
from domain.table.options import BotSeat, PlatformOptions

MAX_CHECKPOINTS = 256  # how far back an undo may reach without a barrier; bounds memory per game


@dataclass(frozen=True)
class Checkpoint:
    """The game's state after event `version`, made by `seat` (None: the platform or the dealer)."""

    version: int
    seat: int | None
    state: Any


@dataclass(frozen=True)
class PendingUndo:
    by: int
    to_version: int
    expires_at: str
    accepted: tuple[int, ...] = ()


@dataclass(frozen=True)
class Claim:
    """Who took an open seat, and what it contributed to the deal."""

    player: str
    entropy: str


@dataclass(frozen=True)
class Lobby:
    """A table whose seats are claimed before the deal (domain/table/seating.py)."""

    invitations: tuple[Invitation, ...]
    expires_at: str
    claims: tuple[Claim | None, ...]
    started: bool = False
    expired: bool = False


@dataclass(frozen=True)
class TableState:
    """`checkpoints` hold the game's states since the last barrier (a chance outcome or a reveal of hidden
    information): an undo may only go back to one of them, so it never changes an outcome already drawn."""

    game: str
    seats: int
    platform: PlatformOptions
    game_state: Any
    version: int = 0
    draws: int = 0
    over: bool = False
    revealed: bool = False
    open: bool = False
    checkpoints: tuple[Checkpoint, ...] = ()
    undo: PendingUndo | None = None
    clocks: Clocks | None = None
    bots: tuple[BotSeat | None, ...] = ()  # the bot playing each seat now (None: its player)
    lobby: Lobby | None = None  # open seats (None: the creator held every seat and the deal came at creation)


def bot_of(state: TableState, seat: int) -> BotSeat | None:
    return state.bots[seat] if seat < len(state.bots) else None


def waiting(state: TableState) -> bool:
    """Seats are still open: nothing is dealt, nobody acts, no clock runs."""
    return state.lobby is not None and not state.lobby.started and not state.lobby.expired
