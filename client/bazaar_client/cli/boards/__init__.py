"""A board per game, drawn with rich from a `GameView`; unknown games fall back to the raw state."""

from __future__ import annotations

from rich.pretty import Pretty

from bazaar_client.cli.boards import istanbul, jaipur
from bazaar_client.sdk import GameView

BOARDS = {"jaipur": jaipur.render, "istanbul": istanbul.render}


def render(view: GameView):
    draw = BOARDS.get(view.game)
    return draw(view) if draw else Pretty(view.state)
