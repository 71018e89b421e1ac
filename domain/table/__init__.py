"""The table: a Decider that hosts any game and adds the platform's rules around it (clocks and timeouts,
undo, the dealer's chance steps, the seed reveal, the record of an import, open seats claimed before the deal).
Pure: no I/O, no clock (every command carries its time), no randomness (the dealer derives every draw from the
game's seed). It knows no game by name: every function takes the game module (see domain/core.Game).

- `decide(game, table, command)` -> recorded events, or a RuleViolation (domain/table/decide.py)
- `evolve(game, table, recorded)` -> table (domain/table/evolve.py)
- `execute(game, table, command, dealer, dealer_rolls)`: the runner, the one chance loop
- queries: `awaited`, `pending_chance`, `legal_commands`, `replay`
"""

from domain.table.commands import (
    Act,
    AnswerUndo,
    ClaimSeat,
    Create,
    Deal,
    Draw,
    Expire,
    RecordImport,
    RequestUndo,
    RevealSeed,
    SeatBot,
    StartEarly,
    TimeOut,
)
from domain.table.dealer import Dealer
from domain.table.decide import decide
from domain.table.events import EVENTS, Recorded
from domain.table.evolve import evolve
from domain.table.queries import awaited, legal_commands, pending_chance, replay
from domain.table.runner import execute
from domain.table.state import Checkpoint, PendingUndo, TableState, waiting

__all__ = [
    "Act", "AnswerUndo", "ClaimSeat", "Create", "Deal", "Draw", "Expire", "RecordImport", "RequestUndo", "RevealSeed",
    "SeatBot", "StartEarly", "TimeOut",
    "Dealer", "decide",
    "EVENTS", "Recorded", "evolve", "awaited", "legal_commands", "pending_chance", "replay", "execute",
    "Checkpoint", "PendingUndo", "TableState", "waiting",
]
