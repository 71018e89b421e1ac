"""The picture of a caller's view, by game: `render(body)` with `body` what `GET /v1/games/{id}` returns. Each game
draws its own (its package's `picture`, e.g. domain/jaipur/picture.py); a game without one gets its view as text."""

from __future__ import annotations

from domain import registry
from service.pictures.generic import generic


def render(body: dict) -> str:
    try:
        game = registry.get(body.get("game"))
    except registry.UnknownGame:
        game = None
    return getattr(game, "picture", generic)(body)
