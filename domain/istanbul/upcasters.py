"""One-step upcasters of Istanbul's stored events: (type, v) -> a function from the v payload to the v + 1 payload.

`events.envelope.decode_event` applies them (as `domain.istanbul.UPCASTERS`) so evolve only ever sees the current
version. Never change an upcaster once released: stored logs depend on it.
"""

from __future__ import annotations

from typing import Callable

V1_GOODS = ("red", "green", "yellow", "blue")  # the order of v1's goods count lists


def goods_counts_to_mapping(field: str) -> Callable[[dict], dict]:
    """v1 stored goods as a list of counts [red, green, yellow, blue]; v2 as a mapping without zero counts."""

    def step(payload: dict) -> dict:
        counts = payload[field]
        return {**payload, field: {good: n for good, n in zip(V1_GOODS, counts) if n}}

    return step


UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {
    ("mail_collected", 1): goods_counts_to_mapping("goods"),
    ("goods_sold", 1): goods_counts_to_mapping("goods"),
    ("sultan_delivered", 1): goods_counts_to_mapping("goods"),
}
