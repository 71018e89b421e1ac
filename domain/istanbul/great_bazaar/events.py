"""The Great Bazaar's event (past tense, v1): a frozen record carrying every decided result, as events.py's."""

from __future__ import annotations

from domain.istanbul.frozen import message as _event


@_event("catacombs_visited")
class CatacombsVisited:
    """Catacombs 25: `good` taken (`gained` after capacity; coffee is never capped), then `figure` ("merchant",
    "companion", "family_member"; None when no figure acted) moved to `place` without action or encounters."""

    seat: int
    good: str
    gained: int
    figure: str | None
    place: int | None


ALL = (CatacombsVisited,)
