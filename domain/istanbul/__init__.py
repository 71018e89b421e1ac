"""Istanbul (base game, 2-5 players) as a pure Decider: see DEVELOPERS.md for the contract.

Layout: data.py (printed tables), board.py, state.py (phases as types), commands.py, events.py, violations.py,
setup.py, chance.py, turn.py (phases 1-2 and turn order), places/ (one module per place), figures.py (phase 4),
cards.py (bonus cards as data rows), tiles.py (mosque tile abilities), scoring.py, decide.py, evolve.py, legal.py,
view.py, view_schema.py (VIEW_SCHEMA: the documented shape of a view).
"""

from __future__ import annotations

from domain.istanbul.chance import chance
from domain.istanbul.commands import COMMANDS
from domain.istanbul.data import MAX_SEATS, MIN_SEATS
from domain.istanbul.decide import decide
from domain.istanbul.events import EVENTS
from domain.istanbul.evolve import evolve
from domain.istanbul.forfeit import forfeit
from domain.istanbul.reveals import reveals
from domain.istanbul.legal import legal_commands, timeout_command, to_act
from domain.istanbul.scoring import is_terminal, result
from domain.istanbul.setup import initial_state
from domain.istanbul.upcasters import UPCASTERS
from domain.istanbul.view import redact, view
from domain.istanbul.view_schema import VIEW_SCHEMA
from domain.istanbul.violations import ALL_CODES

NAME = "istanbul"

__all__ = [
    "NAME", "MIN_SEATS", "MAX_SEATS", "COMMANDS", "EVENTS", "ALL_CODES", "initial_state", "decide", "evolve",
    "legal_commands", "timeout_command", "view", "to_act", "chance", "is_terminal", "result", "redact",
    "forfeit", "reveals", "VIEW_SCHEMA", "UPCASTERS",
]
