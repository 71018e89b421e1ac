"""Turn clocks, folded from the log's own timestamps: pure, so deadlines survive any restart.

A seat's time runs while its decision is awaited. Per-move clocks give each decision `per_move_s`; a Fischer
clock gives each seat `initial_s` for the game plus `increment_s` each time it stops being awaited. Times are
ISO 8601 strings as recorded on events (UTC, milliseconds); arithmetic is in epoch milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from domain.core import RuleViolation
from domain.table.options import PlatformOptions


@dataclass(frozen=True)
class Clocks:
    running: tuple[int, ...] = ()  # seats whose time runs now
    since_ms: int | None = None  # when the running clocks last started (epoch ms, from event times)
    remaining_ms: tuple[int, ...] = ()  # Fischer only: time left per seat at `since_ms`
    timeouts: tuple[int, ...] = ()  # timeouts per seat so far


def to_ms(at: str) -> int:
    return int(datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() * 1000)


def to_iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def later(at: str, seconds: int) -> str:
    moment = datetime.fromisoformat(at.replace("Z", "+00:00")) + timedelta(seconds=seconds)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def start(platform: PlatformOptions, seats: int) -> Clocks | None:
    config = platform.clock
    if config is None:
        return None
    remaining = tuple(config.initial_s * 1000 for _ in range(seats)) if config.initial_s is not None else ()
    return Clocks(remaining_ms=remaining, timeouts=(0,) * seats)


def advance(clocks: Clocks, platform: PlatformOptions, at: str, awaited: tuple[int, ...]) -> Clocks:
    """After an event at `at`, with `awaited` the seats whose decision is now awaited."""
    now = to_ms(at)
    remaining = clocks.remaining_ms
    if remaining and clocks.since_ms is not None:
        elapsed = max(0, now - clocks.since_ms)
        increment = platform.clock.increment_s * 1000
        remaining = tuple(
            left - elapsed + (increment if seat not in awaited else 0) if seat in clocks.running else left
            for seat, left in enumerate(remaining))
    return replace(clocks, running=tuple(awaited), since_ms=now, remaining_ms=remaining)


def timed_out(clocks: Clocks, seat: int) -> Clocks:
    return replace(clocks, timeouts=tuple(n + (s == seat) for s, n in enumerate(clocks.timeouts)))


def deadline_ms(clocks: Clocks | None, platform: PlatformOptions) -> tuple[int, int] | None:
    """(deadline, seat) of the first running clock to run out, or None."""
    if clocks is None or not clocks.running or clocks.since_ms is None:
        return None
    if platform.clock.per_move_s is not None:
        return clocks.since_ms + platform.clock.per_move_s * 1000, clocks.running[0]
    return min((clocks.since_ms + max(0, clocks.remaining_ms[s]), s) for s in clocks.running)


def summary(clocks: Clocks | None, platform: PlatformOptions, now: str) -> dict | None:
    if clocks is None:
        return None
    now_ms = to_ms(now)
    due = deadline_ms(clocks, platform)
    body = {"mode": "per_move" if platform.clock.per_move_s is not None else "fischer",
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


def policy_for(platform: PlatformOptions, clocks: Clocks, seat: int) -> str:
    """"auto", "forfeit" or "bot" for this seat's timeout now."""
    if platform.timeout_policy == "auto_then_forfeit":
        return "forfeit" if clocks.timeouts[seat] >= platform.forfeit_after else "auto"
    return platform.timeout_policy


def due_seat(clocks: Clocks | None, platform: PlatformOptions, now: str) -> tuple[int, int]:
    """(seat, deadline ms) of the seat whose time ran out at `now`; RuleViolation if none did."""
    due = deadline_ms(clocks, platform)
    if due is None:
        raise RuleViolation("no_deadline", "no clock is running")
    if to_ms(now) < due[0]:
        raise RuleViolation("deadline_not_reached", "the seat still has time")
    return due[1], due[0]
