"""One-step upcasters of Istanbul's stored events: (type, v) -> a function from the v payload to the v + 1 payload.

`events.envelope.decode_event` applies them (as `domain.istanbul.UPCASTERS`) so evolve only ever sees the current
version. Never change an upcaster once released: stored logs depend on it.
"""

from __future__ import annotations

from collections.abc import Callable

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


# Commands recorded (and posted) before goods became a mapping sent them as count lists [red, green, yellow, blue].
LIST_GOODS_FIELDS = {"sell_goods": "goods", "deliver_to_sultan": "any_goods"}


# Fields added to a command later, with the value an older body meant (`move`'s `joined`: L07's choice of merchant;
# `turn_die_to_six`'s `card`: L05 copying M06, null being the M06 in hand, all an older body could mean).
ADDED_FIELDS = {"move": {"joined": None}, "turn_die_to_six": {"card": None}}


def upgrade_command(wire: dict) -> dict:
    """A command body in its current shape: v1's goods count lists become mappings, fields added since get the
    value an older body meant (old exports re-execute and verify, and clients written against v1 keep working)."""
    added = ADDED_FIELDS.get(wire.get("type"))
    if added is not None and not added.keys() <= wire.keys():
        wire = {**added, **wire}
    field = LIST_GOODS_FIELDS.get(wire.get("type"))
    value = wire.get(field) if field else None
    if isinstance(value, list) and len(value) == len(V1_GOODS) and all(type(n) is int for n in value):
        return {**wire, field: {good: n for good, n in zip(V1_GOODS, value) if n}}
    return wire
