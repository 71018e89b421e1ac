"""Taking moves back. Modes (option `undo`): "none"; "turn" (a seat takes back its own moves within its turn);
"consent" (any seat asks to go back to a version; every other seat must accept before it expires).

Never across a barrier (a chance outcome, or an event that reveals hidden information): outcomes already
drawn stand, and the draw counter runs on, so a re-done move that draws gets the next draws, not the old ones.
"""

from __future__ import annotations

from domain.core import GameOver, RuleViolation
from domain.table.clock import later
from domain.table.commands import AnswerUndo, RequestUndo
from domain.table.events import MovesTakenBack, Recorded, UndoAnswered, UndoRequested
from domain.table.state import Checkpoint, TableState


def decide_request(game, state: TableState, command: RequestUndo) -> list[Recorded]:
    mode = state.platform.undo
    seat, at = command.seat, command.at
    if mode == "none":
        raise RuleViolation("undo_disabled", "this game was created with undo 'none'")
    if state.over:
        raise GameOver()
    target = target_of(state, command.to_version)
    if mode == "turn":
        later_points = [c for c in state.checkpoints if c.version > command.to_version]
        if any(c.seat != seat for c in later_points):
            raise RuleViolation("undo_not_own_moves", "only your own moves of this turn can be taken back")
        if seat not in game.to_act(state.game_state) or seat not in game.to_act(target.state):
            raise RuleViolation("undo_turn_over", "moves can be taken back only within your own turn")
        return [Recorded(MovesTakenBack(seat, command.to_version, state.version), seat, at)]
    if state.undo is not None and state.undo.expires_at > at:
        raise RuleViolation("undo_pending", "another undo request awaits its answers")
    expires = later(at, state.platform.undo_timeout_s)
    return [Recorded(UndoRequested(seat, command.to_version, expires), seat, at)]


def may_answer(state: TableState, seat: int, now: str) -> bool:
    pending = state.undo
    return bool(pending and seat != pending.by and seat not in pending.accepted and pending.expires_at > now)


def decide_answer(state: TableState, command: AnswerUndo) -> list[Recorded]:
    seat, at = command.seat, command.at
    pending = state.undo
    if pending is None:
        raise RuleViolation("no_undo_pending", "there is no undo request to answer")
    if seat == pending.by or seat in pending.accepted:
        raise RuleViolation("undo_already_answered", "you have answered this request (or made it)")
    if pending.expires_at <= at:
        raise RuleViolation("undo_expired", "the undo request timed out; nothing changes")
    events = [Recorded(UndoAnswered(seat, command.accept), seat, at)]
    everyone = set(range(state.seats)) - {pending.by}
    if command.accept and set(pending.accepted) | {seat} >= everyone:
        target_of(state, pending.to_version)  # still on this side of every barrier
        events.append(Recorded(MovesTakenBack(pending.by, pending.to_version, state.version), seat, at))
    return events


def target_of(state: TableState, to_version) -> Checkpoint:
    if not isinstance(to_version, int) or not 0 < to_version < state.version:
        raise RuleViolation("undo_bad_version", f"to_version must be below the current version {state.version}")
    points = state.checkpoints
    for point in points:
        if point.version == to_version:
            if point is points[-1]:
                raise RuleViolation("undo_nothing", "no move after that version to take back")
            return point
    if not points or to_version < points[0].version:
        raise RuleViolation("undo_across_chance",
                            "a dice roll, shuffle or reveal lies in between: outcomes already drawn stand")
    raise RuleViolation("undo_bad_version", "that version is not a position of the game (it is a platform event)")
