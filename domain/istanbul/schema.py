"""Small builders of JSON Schema (draft 2020-12) fragments for VIEW_SCHEMA: every property gets a description,
and a fixed shape refuses unknown properties. Place modules describe their own part of the view with these."""

from __future__ import annotations

from domain.istanbul.catalogue import PLACES
from domain.istanbul.data import GOODS, MAX_SEATS

SEAT_RANGE = {"minimum": 0, "maximum": MAX_SEATS - 1}
PLACE_RANGE = {"minimum": min(PLACES), "maximum": max(PLACES)}
GOOD_MEANINGS = {"red": "red goods (fabric)", "green": "green goods (spice)", "yellow": "yellow goods (fruit)",
                 "blue": "blue goods (jewelry)", "coffee": "coffee (Mocha & Baksheesh; uncapped, never a good)"}


def integer(description: str, **bounds) -> dict:
    return {"type": "integer", "description": description, **bounds}


def boolean(description: str) -> dict:
    return {"type": "boolean", "description": description}


def string(description: str, choices=None) -> dict:
    out = {"type": "string", "description": description}
    if choices is not None:
        out["enum"] = list(choices)
    return out


def nullable(schema: dict) -> dict:
    out = {**schema, "type": [schema["type"], "null"]}
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


def array(description: str, items: dict, **extra) -> dict:
    return {"type": "array", "description": description, "items": items, **extra}


def obj(description: str, properties: dict, optional: tuple = ()) -> dict:
    """A fixed shape: every property required unless named in `optional`, nothing else allowed."""
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def seat(description: str) -> dict:
    return integer(description, **SEAT_RANGE)


def place(description: str) -> dict:
    return integer(f"{description} (a place's printed number, see place_names)", **PLACE_RANGE)


def goods_counts(description: str, goods: tuple[str, ...] = GOODS, optional: tuple[str, ...] = ()) -> dict:
    """A goods amount as the view shows it: every good in play, zeros included (`optional`: only when in play)."""
    return obj(description, {good: integer(f"{GOOD_MEANINGS.get(good, good)}: how many", minimum=0)
                             for good in goods + optional}, optional)
