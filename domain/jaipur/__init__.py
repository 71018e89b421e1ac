"""Jaipur (Sébastien Pauchon, GameWorks 2009) as a Decider: see DEVELOPERS.md for the contract and
docs/rules/jaipur.md for the rules and rulings implemented here."""

from __future__ import annotations

from domain.jaipur import notation as NOTATION
from domain.jaipur import words as WORDS
from domain.jaipur.commands import COMMANDS
from domain.jaipur.decide import decide
from domain.jaipur.events import EVENTS
from domain.jaipur.evolve import evolve
from domain.jaipur.forfeit import forfeit
from domain.jaipur.legal import legal_commands, timeout_command
from domain.jaipur.options import OPTIONS_SCHEMA
from domain.jaipur.picture import picture
from domain.jaipur.reveals import reveals
from domain.jaipur.setup import chance_request as chance
from domain.jaipur.setup import initial_state
from domain.jaipur.state import Match as STATE
from domain.jaipur.view import is_terminal, redact, result, to_act, view
from domain.jaipur.view_schema import VIEW_SCHEMA
from domain.jaipur.violations import ALL_CODES

NAME = "jaipur"
MIN_SEATS = 2
MAX_SEATS = 2
# Every Jaipur action ends the turn, so the platform's "turn" undo could never apply: a take-back needs the
# opponent's consent (and never crosses a card revealed from the deck).
DEFAULT_UNDO = "consent"

__all__ = [
    "NAME",
    "MIN_SEATS",
    "MAX_SEATS",
    "COMMANDS",
    "EVENTS",
    "STATE",
    "DEFAULT_UNDO",
    "ALL_CODES",
    "initial_state",
    "decide",
    "evolve",
    "legal_commands",
    "view",
    "VIEW_SCHEMA",
    "OPTIONS_SCHEMA",
    "picture",
    "to_act",
    "chance",
    "is_terminal",
    "result",
    "redact",
    "timeout_command",
    "forfeit",
    "reveals",
    "NOTATION",
    "WORDS",
]
