"""Old event versions are upcast on read, one step at a time, so evolve only ever sees the current one.

UPCASTERS maps (type, v) to a function taking the v payload and returning the v+1 payload. Never edit a
stored event's meaning: add a version and an upcaster here.
"""

from __future__ import annotations

from typing import Callable

UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}


def upcast(event_type: str, v: int, payload: dict, current: int) -> dict:
    while v < current:
        step = UPCASTERS.get((event_type, v))
        if step is None:
            raise LookupError(f"no upcaster for {event_type} v{v}")
        payload, v = step(payload), v + 1
    return payload
