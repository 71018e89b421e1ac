"""Tournaments as a Decider of their own (issue 14): round robin, Swiss and single elimination, head-to-head
(Jaipur) or at Istanbul tables of 3-5; standings as a projection; exports. Pure: no I/O, clock or randomness (a
seeding drawn by lot comes in as a command's field). See README.md beside this file."""

from __future__ import annotations

from domain.tournament.commands import COMMANDS
from domain.tournament.decide import decide
from domain.tournament.events import EVENTS
from domain.tournament.evolve import evolve, initial_state
from domain.tournament.export import standings_csv, standings_json
from domain.tournament.queries import may_finish, may_pair, tables_awaiting_games, view
from domain.tournament.standings import standings
from domain.tournament.state import STATE
from domain.tournament.violations import ALL_CODES

__all__ = [
    "COMMANDS", "EVENTS", "STATE", "ALL_CODES", "initial_state", "decide", "evolve", "standings", "standings_csv",
    "standings_json", "tables_awaiting_games", "may_pair", "may_finish", "view", "replay",
]


def replay(events) -> object:
    """The state after `events`: a fold of evolve from the initial state, and nothing else."""
    state = initial_state()
    for event in events:
        state = evolve(state, event)
    return state
