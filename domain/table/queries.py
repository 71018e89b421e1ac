"""What the table answers about itself: whose decision is awaited, what may be posted, the result."""

from __future__ import annotations

from collections.abc import Iterable

from domain.table import undo
from domain.table.commands import AnswerUndo
from domain.table.events import Recorded
from domain.table.evolve import evolve
from domain.table.state import TableState, waiting


def awaited(game, state: TableState) -> tuple[int, ...]:
    """Seats whose move in the game is awaited: none while a chance step is pending or after the end."""
    if state.over or waiting(state) or game.chance(state.game_state) is not None:
        return ()
    return tuple(game.to_act(state.game_state))


def pending_chance(game, state: TableState):
    """What must be drawn now: nothing after the end, nor before the deal (a table waiting for its seats)."""
    return None if state.over or waiting(state) else game.chance(state.game_state)


def legal_commands(game, state: TableState, seat: int, now: str) -> list:
    """Everything `seat` may do now: answer an undo request (AnswerUndo), then the game's commands."""
    out: list = []
    if undo.may_answer(state, seat, now):
        out += [AnswerUndo(seat, True, now), AnswerUndo(seat, False, now)]
    if seat in awaited(game, state):
        out += game.legal_commands(state.game_state, seat)
    return out


def replay(game, state: TableState | None, recorded: Iterable[Recorded]) -> TableState:
    """Replay is a fold of evolve and nothing else."""
    for r in recorded:
        state = evolve(game, state, r)
    return state
