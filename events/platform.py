"""The wire forms of the table's commands, as the first envelope of each batch records them.

A batch's `command` says what caused it: a seat's game command as posted (`{"type": "take_one", ...}`) or
one of the platform's: `create_game`, `deal`, `undo` (`to_version`), `accept_undo` / `decline_undo`,
`timeout` (`seat`: whose clock ran out), `bot_move` (`bot`: the seated bot that played `move`, a game command)
`seat_bot` (`seat`, `bot`: a name or null, `budget_ms`: an organiser's substitution), `import_game` (the
service took the log before it in from a file: its `game_imported` event holds the record), and for a game
with open seats `claim_seat` (`seat`, `player`, `entropy`, `generated`), `start_game` (`bot`, `budget_ms`:
the creator started early) and `expire_game`; such a game's `create_game` also names its `invitations` and
`expires_at`. Import and the
verifier turn them back into table commands and re-execute them. These shapes are stored: never change one, add a new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.table import (
    Act,
    AnswerUndo,
    ClaimSeat,
    Create,
    Deal,
    Expire,
    RecordImport,
    RequestUndo,
    SeatBot,
    StartEarly,
    TimeOut,
)
from domain.table.events import EVENTS, GameCreated, GameImported, Invitation, Recorded, TurnTimedOut
from domain.table.options import BotSeat
from events import codec

PLATFORM_EVENTS = EVENTS
ANSWERS = {"accept_undo": True, "decline_undo": False}
# The platform commands only the service makes: a seat never posts them as a game command.
SERVICE_ONLY = ("undo", "deal", "timeout", "create_game", "bot_move", "seat_bot", "claim_seat", "start_game",
                "expire_game", "import_game")


class UnknownCommand(ValueError):
    """A recorded or posted command no game and no platform rule knows."""


def command_to_wire(command: Any, batch: list[Recorded] = ()) -> dict:
    if isinstance(command, Act):
        if command.bot is not None:
            return {"type": "bot_move", "bot": command.bot, "move": codec.command_to_wire(command.command)}
        return codec.command_to_wire(command.command)
    if isinstance(command, SeatBot):
        bot = command.bot
        return {"type": "seat_bot", "seat": command.seat, "bot": bot.bot if bot else None,
                "budget_ms": bot.budget_ms if bot else None}
    if isinstance(command, Create):
        if command.invitations is None:
            return {"type": "create_game"}
        return {"type": "create_game", "invitations": codec.to_wire(command.invitations),
                "expires_at": command.expires_at}
    if isinstance(command, ClaimSeat):
        return {"type": "claim_seat", "seat": command.seat, "player": command.player, "entropy": command.entropy,
                "generated": command.generated}
    if isinstance(command, StartEarly):
        return {"type": "start_game", "bot": command.bot.bot, "budget_ms": command.bot.budget_ms}
    if isinstance(command, Expire):
        return {"type": "expire_game"}
    if isinstance(command, Deal):
        return {"type": "deal"}
    if isinstance(command, RequestUndo):
        return {"type": "undo", "to_version": command.to_version}
    if isinstance(command, AnswerUndo):
        return {"type": "accept_undo" if command.accept else "decline_undo"}
    if isinstance(command, RecordImport):
        return {"type": "import_game"}
    if isinstance(command, TimeOut):
        late = next((r.event.seat for r in batch if isinstance(r.event, TurnTimedOut)), None)
        return {"type": "timeout", "seat": late}
    raise UnknownCommand(f"no wire form for {type(command).__name__}")


def command_from_wire(game, wire: dict, seat: int | None, at: str, head_event: Any = None) -> Any:
    """The table command a recorded batch names (for re-execution). A game command is decoded strictly."""
    kind = wire.get("type")
    if kind == "create_game":
        if not isinstance(head_event, GameCreated):
            raise UnknownCommand("create_game must record game_created")
        if set(wire) - {"type", "invitations", "expires_at"}:
            raise codec.DecodeError("command", "create_game records only its invitations and when they expire")
        invitations = None
        if "invitations" in wire:
            invitations = codec.from_wire(_Invitations, {"seats": wire["invitations"]}, "command").seats
        return Create(head_event.game, head_event.seats, head_event.options, head_event.seed_commitment,
                      head_event.seed, at, invitations=invitations, expires_at=wire.get("expires_at"))
    if kind == "claim_seat":
        claim = codec.from_wire(_Claim, _fields_of(wire), "command")
        return ClaimSeat(claim.seat, claim.player, claim.entropy, claim.generated, at)
    if kind == "start_game":
        start = codec.from_wire(_Start, _fields_of(wire), "command")
        return StartEarly(BotSeat(start.bot, start.budget_ms), at)
    if kind == "expire_game":
        if set(wire) != {"type"}:
            raise codec.DecodeError("type", "expire_game takes no fields")
        return Expire(at)
    if kind == "import_game":
        if not isinstance(head_event, GameImported) or set(wire) != {"type"}:
            raise UnknownCommand("import_game takes no fields and records game_imported")
        e = head_event
        return RecordImport(e.original_id, e.original_version, e.original_head_hash, e.original_first_at,
                            e.original_last_at, e.imported_by, at)
    if kind == "deal":
        return Deal(at)
    if kind == "timeout":
        return TimeOut(at)
    if kind == "undo":
        return RequestUndo(seat, wire.get("to_version"), at)
    if kind == "seat_bot":
        bot = wire.get("bot")
        return SeatBot(wire.get("seat"), None if bot is None else BotSeat(bot, wire.get("budget_ms")), at)
    if kind == "bot_move":
        move = wire.get("move")
        if not isinstance(move, dict) or not isinstance(wire.get("bot"), str):
            raise codec.DecodeError("move", "bot_move records the bot's name and its move")
        played = command_from_wire(game, move, seat, at)
        if not isinstance(played, Act):
            raise UnknownCommand("a bot_move records a game command")
        return Act(seat, played.command, at, bot=wire["bot"])
    if kind in ANSWERS:
        if set(wire) != {"type"}:
            raise codec.DecodeError("type", f"{kind} takes no fields")
        return AnswerUndo(seat, ANSWERS[kind], at)
    cls = game.COMMANDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise UnknownCommand(f"{game.NAME} has no command {kind!r}")
    return Act(seat, codec.command_from_wire(cls, upgrade_command(game, wire), seat), at)


def upgrade_command(game, wire: dict) -> dict:
    """A game command body in its current shape (the game's optional `upgrade_command` hook)."""
    upgrade = getattr(game, "upgrade_command", None)
    return upgrade(wire) if upgrade is not None else wire


@dataclass(frozen=True)
class _Invitations:
    seats: tuple[Invitation, ...]


@dataclass(frozen=True)
class _Claim:
    seat: int
    player: str
    entropy: str
    generated: bool


@dataclass(frozen=True)
class _Start:
    bot: str
    budget_ms: int | None


def _fields_of(wire: dict) -> dict:
    return {k: v for k, v in wire.items() if k != "type"}
