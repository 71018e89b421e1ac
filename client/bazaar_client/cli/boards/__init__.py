"""A board per game, drawn with rich from a `GameView`: a module here named after the game (`jaipur.py`,
`istanbul.py`) draws it; a game without one is shown as its state (bazaar_client/games.py)."""

from __future__ import annotations

from rich.pretty import Pretty

from bazaar_client.games import addon
from bazaar_client.sdk import GameView


def render(view: GameView):
    board = addon("cli.boards", view.game)
    return board.render(view) if board is not None else Pretty(view.state)
