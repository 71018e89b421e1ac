"""The 4x4 grid: layouts, positions, distances, reachable places, and who stands where."""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul.data import (
    BLACK_MARKET,
    BLACK_MARKET_TEA_HOUSE_MIN_DISTANCE,
    CENTRE_CELLS,
    COLUMNS,
    FOUNTAIN,
    TEA_HOUSE,
)


@lru_cache(maxsize=64)
def positions(layout: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """place id -> (row, col)."""
    return {place: divmod(i, COLUMNS) for i, place in enumerate(layout)}


def distance(layout: tuple[int, ...], a: int, b: int) -> int:
    pos = positions(layout)
    (ra, ca), (rb, cb) = pos[a], pos[b]
    return abs(ra - rb) + abs(ca - cb)


@lru_cache(maxsize=4096)
def places_at(layout: tuple[int, ...], origin: int, steps: tuple[int, ...]) -> tuple[int, ...]:
    """Places whose grid distance from `origin` is one of `steps` (orthogonal steps, corners allowed), sorted."""
    return tuple(sorted(p for p in layout if p != origin and distance(layout, origin, p) in steps))


def layout_acceptable(layout: tuple[int, ...]) -> bool:
    """Random layout constraints (11.1): fountain in a centre cell; black market and tea house at least 3 apart,
    in different rows and different columns."""
    if layout.index(FOUNTAIN) not in CENTRE_CELLS:
        return False
    pos = positions(layout)
    (r8, c8), (r9, c9) = pos[BLACK_MARKET], pos[TEA_HOUSE]
    return r8 != r9 and c8 != c9 and abs(r8 - r9) + abs(c8 - c9) >= BLACK_MARKET_TEA_HOUSE_MIN_DISTANCE


def merchants_at(state, place: int, seat: int) -> tuple[int, ...]:
    """Other players' merchants at `place`."""
    return tuple(s for s, p in enumerate(state.players) if s != seat and p.merchant == place)


def neutral_merchants_at(state, place: int) -> tuple[int, ...]:
    return tuple(i for i, p in enumerate(state.neutral_merchants) if p == place)


def family_at(state, place: int, seat: int) -> tuple[int, ...]:
    """Other players' family members at `place`."""
    return tuple(s for s, p in enumerate(state.players) if s != seat and p.family == place)


def own_assistant_places(state, seat: int) -> tuple[int, ...]:
    return tuple(sorted({place for place, owner in state.assistants if owner == seat}))


def has_assistant(state, place: int, owner: int) -> bool:
    return (place, owner) in state.assistants


def remove_assistant(assistants: tuple, place: int, owner: int) -> tuple:
    items = list(assistants)
    items.remove((place, owner))
    return tuple(items)


def add_assistant(assistants: tuple, place: int, owner: int) -> tuple:
    return tuple(sorted(assistants + ((place, owner),)))
