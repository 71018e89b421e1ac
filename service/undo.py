"""Taking moves back: decisions only (pure, given the time), so the importer can re-run them.

Modes (game option `undo`): "none"; "turn" (default: the active seat takes back its own moves within its
turn); "consent" (any seat asks to go back to a version; every other seat must accept before it expires).
Never across a barrier (a chance outcome or a reveal, see service.fold): outcomes already drawn stand, and
the draw counter runs on, so a re-done move that draws gets the next draws, not the old ones.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.core import GameOver, RuleViolation
from events.platform import MovesTakenBack, UndoAnswered, UndoRequested
from service.fold import Checkpoint, Loaded

ANSWERS = ("accept_undo", "decline_undo")


def wire(to_version: int) -> dict:
    return {"type": "undo", "to_version": to_version}


def decide_undo(loaded: Loaded, seat: int, to_version: int, now: str) -> list:
    mode = loaded.meta.platform.get("undo", "turn")
    if mode == "none":
        raise RuleViolation("undo_disabled", "this game was created with undo 'none'")
    if loaded.finished:
        raise GameOver()
    target = target_of(loaded, to_version)
    if mode == "turn":
        later = [c for c in loaded.checkpoints if c.version > to_version]
        if any(c.seat != seat for c in later):
            raise RuleViolation("undo_not_own_moves", "only your own moves of this turn can be taken back")
        game = loaded.game
        if seat not in game.to_act(loaded.state) or seat not in game.to_act(target.state):
            raise RuleViolation("undo_turn_over", "moves can be taken back only within your own turn")
        return [MovesTakenBack(seat, to_version, loaded.version)]
    if loaded.undo is not None and loaded.undo.expires_at > now:
        raise RuleViolation("undo_pending", "another undo request awaits its answers")
    timeout = loaded.meta.platform.get("undo_timeout_s", 120)
    return [UndoRequested(seat, to_version, _later(now, timeout))]


def may_answer(loaded: Loaded, seat: int, now: str) -> bool:
    pending = loaded.undo
    return bool(pending and seat != pending.by and seat not in pending.accepted and pending.expires_at > now)


def decide_answer(loaded: Loaded, seat: int, body: dict, now: str) -> list:
    if set(body) != {"type"}:
        from service.games import BadRequest

        raise BadRequest("malformed_command", f"{body['type']} takes no fields")
    pending = loaded.undo
    if pending is None:
        raise RuleViolation("no_undo_pending", "there is no undo request to answer")
    if seat == pending.by or seat in pending.accepted:
        raise RuleViolation("undo_already_answered", "you have answered this request (or made it)")
    if pending.expires_at <= now:
        raise RuleViolation("undo_expired", "the undo request timed out; nothing changes")
    accepted = body["type"] == "accept_undo"
    events: list = [UndoAnswered(seat, accepted)]
    everyone = set(range(loaded.meta.seats)) - {pending.by}
    if accepted and pending.accepted | {seat} >= everyone:
        target_of(loaded, pending.to_version)  # still on this side of every barrier
        events.append(MovesTakenBack(pending.by, pending.to_version, loaded.version))
    return events


def target_of(loaded: Loaded, to_version: int) -> Checkpoint:
    if not 0 < to_version < loaded.version:
        raise RuleViolation("undo_bad_version", f"to_version must be below the current version {loaded.version}")
    points = loaded.checkpoints
    for point in points:
        if point.version == to_version:
            if point is points[-1]:
                raise RuleViolation("undo_nothing", "no move after that version to take back")
            return point
    if not points or to_version < points[0].version:
        raise RuleViolation("undo_across_chance",
                            "a dice roll, shuffle or reveal lies in between: outcomes already drawn stand")
    raise RuleViolation("undo_bad_version", "that version is not a position of the game (it is a platform event)")


def _later(now: str, seconds: int) -> str:
    moment = datetime.fromisoformat(now.replace("Z", "+00:00")) + timedelta(seconds=seconds)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
