"""Old event versions are upcast on read, one step at a time, so evolve only ever sees the current one.

A table maps (type, v) to a function taking the v payload and returning the v+1 payload. The platform's own
events use UPCASTERS here; each game keeps its own table as `UPCASTERS` in its package (two games may both have
an event called `goods_sold`). Never edit a stored event's meaning: add a version and an upcaster.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

Upcasters = Mapping[tuple[str, int], Callable[[dict], dict]]

UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}


def upcast(event_type: str, v: int, payload: dict, current: int, table: Upcasters = UPCASTERS) -> dict:
    while v < current:
        step = table.get((event_type, v))
        if step is None:
            raise LookupError(f"no upcaster for {event_type} v{v}")
        payload, v = step(payload), v + 1
    return payload
