"""What the table decides on: a seat's move in the hosted game, undo requests and answers, the dealer's and the
clock's interventions, chance outcomes, the seed reveal, the record of an import. Each carries `at`, the time it
is decided at (the table reads no clock)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import ChanceDrawn


@dataclass(frozen=True)
class Create:
    """Open the table: `options` mixes the game's and the platform's; `seed` only for an open game."""

    game: str
    seats: int
    options: dict
    seed_commitment: str
    seed: str | None
    at: str
    default_undo: str = "turn"
    invitations: tuple | None = None  # open seats (events.Invitation, one per seat): nothing is dealt until claimed
    expires_at: str | None = None  # with invitations: when a game still waiting for claims expires


@dataclass(frozen=True)
class Act:
    """`seat` plays the hosted game's `command` (`auto`: the engine plays it for a seat whose time ran out;
    `bot`: the bot seated there plays it, by name)."""

    seat: int
    command: Any
    at: str
    auto: bool = False
    bot: str | None = None


@dataclass(frozen=True)
class RequestUndo:
    """Take back to `to_version` (undo "turn"), or ask the other seats to (undo "consent")."""

    seat: int
    to_version: int
    at: str


@dataclass(frozen=True)
class AnswerUndo:
    seat: int
    accept: bool
    at: str


@dataclass(frozen=True)
class Deal:
    """The background dealer resolves a neutral figure's pending roll."""

    at: str


@dataclass(frozen=True)
class TimeOut:
    """A turn clock ran out (a timer fired): the policy applies to the seat that is late."""

    at: str


@dataclass(frozen=True)
class Draw:
    """A chance outcome drawn by the dealer for the request the game awaits."""

    drawn: ChanceDrawn
    at: str


@dataclass(frozen=True)
class SeatBot:
    """An organiser seats a bot in `seat` (a BotSeat), or gives the seat back to its player (None)."""

    seat: int
    bot: Any
    at: str


@dataclass(frozen=True)
class RevealSeed:
    """The game is over: publish the seed."""

    seed: str
    at: str


@dataclass(frozen=True)
class RecordImport:
    """The service took the log so far in from a file (see GameImported): where it came from and who brought it."""

    original_id: str
    original_version: int
    original_head_hash: str
    original_first_at: str
    original_last_at: str
    imported_by: str
    at: str


@dataclass(frozen=True)
class ClaimSeat:
    """`player` takes an open `seat` and contributes `entropy` to the deal (`generated`: the service made it)."""

    seat: int
    player: str
    entropy: str
    generated: bool
    at: str


@dataclass(frozen=True)
class StartEarly:
    """The creator starts a waiting game now: `bot` (a BotSeat) plays every seat still open."""

    bot: Any
    at: str


@dataclass(frozen=True)
class Expire:
    """A waiting game's time for claims ran out (the worker's sweep)."""

    at: str
