"""Turn clocks, folded from the log's own timestamps, and what happens when a seat runs out of time.

Game option `clock`: absent (no clock), `{"per_move_s": N}` (each decision within N seconds) or
`{"initial_s": N, "increment_s": M}` (a Fischer clock per seat across the game: a seat's time runs while it
is awaited, and M seconds are added each time it stops being awaited). Option `timeout_policy`: "auto"
(default: the engine completes the seat's obligations with the game's smallest legal moves), "forfeit"
(the game decides what a forfeit means), or `{"auto_then_forfeit_after": K}`.

Everything here is derived from events and their `at` times, so deadlines survive any restart: the worker
re-arms timers from the folded state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timezone

from domain.core import RuleViolation


@dataclass(frozen=True)
class Clocks:
    running: tuple[int, ...] = ()  # seats whose time runs now
    since_ms: int | None = None  # when the running clocks last started (epoch ms, from event times)
    remaining_ms: tuple[int, ...] = ()  # Fischer only: time left per seat at `since_ms`
    timeouts: tuple[int, ...] = ()  # timeouts per seat so far


def to_ms(at: str) -> int:
    return int(datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() * 1000)


def to_iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def start(platform: dict, seats: int) -> Clocks | None:
    config = platform.get("clock")
    if not config:
        return None
    remaining = tuple(config["initial_s"] * 1000 for _ in range(seats)) if "initial_s" in config else ()
    return Clocks(remaining_ms=remaining, timeouts=(0,) * seats)


def advance(clocks: Clocks, platform: dict, at: str, awaited: tuple[int, ...]) -> Clocks:
    """After an event at `at`, with `awaited` the seats whose decision is now awaited."""
    now = to_ms(at)
    remaining = clocks.remaining_ms
    if remaining and clocks.since_ms is not None:
        elapsed = max(0, now - clocks.since_ms)
        increment = platform["clock"].get("increment_s", 0) * 1000
        remaining = tuple(
            left - elapsed + (increment if seat in clocks.running and seat not in awaited else 0)
            if seat in clocks.running else left
            for seat, left in enumerate(remaining))
    return replace(clocks, running=tuple(awaited), since_ms=now, remaining_ms=remaining)


def deadline_ms(clocks: Clocks | None, platform: dict) -> tuple[int, int] | None:
    """(deadline, seat) of the first running clock to run out, or None."""
    if clocks is None or not clocks.running or clocks.since_ms is None:
        return None
    config = platform["clock"]
    if "per_move_s" in config:
        return clocks.since_ms + config["per_move_s"] * 1000, clocks.running[0]
    return min((clocks.since_ms + max(0, clocks.remaining_ms[s]), s) for s in clocks.running)


def summary(clocks: Clocks | None, platform: dict, now: str) -> dict | None:
    if clocks is None:
        return None
    now_ms = to_ms(now)
    due = deadline_ms(clocks, platform)
    body = {"mode": "per_move" if "per_move_s" in platform["clock"] else "fischer",
            "running": list(clocks.running), "deadline": to_iso(due[0]) if due else None,
            "timeouts": list(clocks.timeouts)}
    if clocks.remaining_ms:
        body["remaining_ms"] = [
            max(0, left - (now_ms - clocks.since_ms)) if seat in clocks.running and clocks.since_ms else left
            for seat, left in enumerate(clocks.remaining_ms)]
    elif due:
        body["remaining_ms"] = [max(0, due[0] - now_ms) if s in clocks.running else None
                                for s in range(len(clocks.timeouts))]
    return body


def policy_for(platform: dict, clocks: Clocks, seat: int) -> str:
    """"auto" or "forfeit" for this seat's timeout now."""
    policy = platform.get("timeout_policy", "auto")
    if isinstance(policy, dict):
        return "forfeit" if clocks.timeouts[seat] >= policy["auto_then_forfeit_after"] else "auto"
    return policy


def check_due(clocks: Clocks | None, platform: dict, now: str) -> int:
    """The seat whose time ran out at `now`; RuleViolation if none did."""
    due = deadline_ms(clocks, platform)
    if due is None:
        raise RuleViolation("no_deadline", "no clock is running")
    if to_ms(now) < due[0]:
        raise RuleViolation("deadline_not_reached", "the seat still has time")
    return due[1]
