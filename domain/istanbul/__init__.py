"""Istanbul (the base game and its boxes, 2-5 players) as a pure Decider: see DEVELOPERS.md for the contract and
README.md here for the package's layout: the base game's modules here (data.py, content.py, state.py, places/,
cards.py, turn.py, decide.py, evolve.py, legal.py, view.py, ...), one package per box (mocha_baksheesh/,
letters_seals/, great_bazaar/), every module's layer and what it owns.
"""

from __future__ import annotations

from domain.istanbul import notation as NOTATION
from domain.istanbul import words as WORDS
from domain.istanbul.chance import chance
from domain.istanbul.commands import COMMANDS
from domain.istanbul.data import MAX_SEATS, MIN_SEATS
from domain.istanbul.decide import decide
from domain.istanbul.events import EVENTS
from domain.istanbul.evolve import evolve
from domain.istanbul.forfeit import forfeit
from domain.istanbul.legal import legal_commands, timeout_command, to_act
from domain.istanbul.options import OPTIONS_FOR_SEATS, OPTIONS_SCHEMA
from domain.istanbul.picture import picture
from domain.istanbul.reveals import reveals
from domain.istanbul.scoring import is_terminal, result
from domain.istanbul.setup import initial_state
from domain.istanbul.state import State as STATE
from domain.istanbul.upcasters import UPCASTERS, upgrade_command
from domain.istanbul.view import redact, view
from domain.istanbul.view_schema import VIEW_SCHEMA
from domain.istanbul.violations import ALL_CODES

NAME = "istanbul"

__all__ = [
    "NAME", "MIN_SEATS", "MAX_SEATS", "COMMANDS", "EVENTS", "ALL_CODES", "initial_state", "decide", "evolve",
    "legal_commands", "timeout_command", "view", "to_act", "chance", "is_terminal", "result", "redact",
    "forfeit", "reveals", "VIEW_SCHEMA", "OPTIONS_SCHEMA", "OPTIONS_FOR_SEATS", "UPCASTERS", "STATE",
    "upgrade_command", "picture", "NOTATION", "WORDS",
]
