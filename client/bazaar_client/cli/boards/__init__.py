"""A board per game, drawn with rich from a `GameView`: a module here named after the game (`jaipur.py`,
`istanbul.py`) draws it; a game without one is shown as the position in words the service says (a view read with
`words=True`), else as its state (bazaar_client/games.py)."""

from __future__ import annotations

from rich.pretty import Pretty
from rich.text import Text

from bazaar_client.games import addon
from bazaar_client.sdk import GameView


def render(view: GameView):
    board = addon("cli.boards", view.game)
    if board is not None:
        return board.render(view)
    if view.words is not None and view.words.position:
        return Text("\n".join(view.words.position))
    return Pretty(view.state)
