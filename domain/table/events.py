"""The table's own events (platform events), beside the hosted game's; and `Recorded`, one event as the table
folds it: the event, the seat that caused it and when."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import ChanceDrawn


@dataclass(frozen=True)
class GameCreated:
    """First event of every game: what was created, and the SHA-256 commitment to the secret seed.

    `options` holds the game's own options and the platform's (undo, clock, timeout policy). `seed` is set
    only in an open game, whose seed is public from the start.
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


@dataclass(frozen=True)
class UndoRequested:
    """Consent undo: `by` asks every other seat to take the game back to `to_version`."""

    TYPE = "undo_requested"
    V = 1

    by: int
    to_version: int
    expires_at: str


@dataclass(frozen=True)
class UndoAnswered:
    """A seat accepted or declined the pending undo request."""

    TYPE = "undo_answered"
    V = 1

    by: int
    accepted: bool


@dataclass(frozen=True)
class MovesTakenBack:
    """The events after `to_version` up to `from_version` no longer count; replay skips them.

    They stay in the log (nothing is ever rewritten); the state is the state after `to_version`.
    """

    TYPE = "moves_taken_back"
    V = 1

    by: int
    to_version: int
    from_version: int


@dataclass(frozen=True)
class TurnTimedOut:
    """`seat` let its clock run out; `policy` ("auto", "forfeit" or "bot") says what the platform did about it
    ("bot": the move is completed as "auto" does, and a bot plays the seat from then on: see BotSeated)."""

    TYPE = "turn_timed_out"
    V = 1

    seat: int
    policy: str
    deadline: str


@dataclass(frozen=True)
class BotSeated:
    """From now on the bot named `bot` plays `seat` (the service's worker runs it; the seat's token may no longer
    move). `reason`: "timeout" (policy "bot", zombie mode) or "organiser" (an organiser's substitution).
    Each move it makes is recorded as a `bot_move` naming it."""

    TYPE = "bot_seated"
    V = 1

    seat: int
    bot: str
    budget_ms: int | None
    reason: str


@dataclass(frozen=True)
class BotUnseated:
    """An organiser gave `seat` back to its player: its token moves again."""

    TYPE = "bot_unseated"
    V = 1

    seat: int


@dataclass(frozen=True)
class GameImported:
    """Every event before this one came from a file (an export, of this deployment or another), was checked by
    re-running it, and was chained again under this game's id: nothing else of it changed. The `original_*`
    fields are the file's own claims: its game id, its number of events, the hash at its head (anyone holding
    that file can check it held the same events: put `original_id` back into `game` and chain them again), and
    the times of its first and last events, which no one here saw happen. `imported_by` names the identity that
    imported it. Nothing about the game changes (an imported game is never rated)."""

    TYPE = "game_imported"
    V = 1

    original_id: str
    original_version: int
    original_head_hash: str
    original_first_at: str
    original_last_at: str
    imported_by: str


@dataclass(frozen=True)
class Invitation:
    """Who may claim an open seat: `kind` "public" (anyone), "code" (whoever holds the seat's invitation code,
    which the creator hands out; the code is the service's secret, never recorded), "player" (only `player`) or
    "bot" (a bot of the options plays it: nobody claims it)."""

    kind: str
    player: str | None = None


@dataclass(frozen=True)
class SeatsOpened:
    """The game waits for its seats to be claimed before anything is dealt (domain/table/seating.py): one
    invitation per seat, and the time after which a game still waiting expires."""

    TYPE = "seats_opened"
    V = 1

    invitations: tuple[Invitation, ...]
    expires_at: str


@dataclass(frozen=True)
class SeatClaimed:
    """`player` took `seat` and contributed `entropy` to the deal (public: the deal mixes every contribution
    with the server's committed secret, which nobody else knows). `generated`: the server made the contribution
    for a claimer that sent none, which then trusts the server with its share."""

    TYPE = "seat_claimed"
    V = 1

    seat: int
    player: str
    entropy: str
    generated: bool


@dataclass(frozen=True)
class GameStarted:
    """Every seat is claimed (`early` false), or the creator started with bots in the seats still open (`early`
    true, after their `bot_seated`): the deal is drawn next, from the server's secret and the contributions."""

    TYPE = "game_started"
    V = 1

    early: bool


@dataclass(frozen=True)
class GameExpired:
    """Nobody claimed the last seats in time: the game ends without a deal."""

    TYPE = "game_expired"
    V = 1


EVENTS = {cls.TYPE: cls for cls in (GameCreated, SeedRevealed, ChanceDrawn, UndoRequested, UndoAnswered,
                                    MovesTakenBack, TurnTimedOut, BotSeated, BotUnseated, GameImported,
                                    SeatsOpened, SeatClaimed, GameStarted, GameExpired)}


@dataclass(frozen=True)
class Recorded:
    """An event as the table records it: who caused it (None: the platform or the dealer) and when. The first
    event of each batch names the table command that caused it (`command`), and the first event of each move
    the engine played for a timed-out seat names that move (`auto`), so a log can be re-executed."""

    event: Any
    seat: int | None = None
    at: str = ""
    command: Any = None
    auto: Any = None
