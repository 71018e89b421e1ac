"""The picture of a caller's view, by game: `render(body)` with `body` what `GET /v1/games/{id}` returns."""

from __future__ import annotations

from service.pictures import istanbul, jaipur, svg

PICTURES = {"istanbul": istanbul.picture, "jaipur": jaipur.picture}


def render(body: dict) -> str:
    """A game without a drawing of its own (the suite's tiny game, a new one) gets its view as text."""
    return PICTURES.get(body.get("game"), svg.generic)(body)
