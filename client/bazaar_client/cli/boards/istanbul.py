"""Istanbul drawn in the terminal: the grid of places as the layout puts them, each with its number and name,
the merchants (with their stacks), assistants, family members and neutral figures on it; under it the position in
the service's words (whole for `bazaar show`, in a few lines for `bazaar play`)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bazaar_client.cli import said
from bazaar_client.sdk import GameView

SEAT_STYLES = ("red", "blue", "green", "yellow", "magenta")


def seat_mark(seat: int, text: str) -> Text:
    return Text(text, style=f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}")


def cell(state: dict, number: int) -> Text:
    name = state.get("place_names", {}).get(str(number), str(number))
    text = Text(f"{number} {name}\n", style="bold")
    for player in state.get("players", []):
        if player.get("merchant") == number:
            text.append_text(seat_mark(player["seat"], f"M{player['seat']}[{len(player.get('stack', []))}] "))
        if player.get("family_member") == number:
            text.append_text(seat_mark(player["seat"], f"F{player['seat']} "))
    for place, seat in state.get("assistants", []):
        if place == number:
            text.append_text(seat_mark(seat, f"a{seat} "))
    if state.get("governor") == number:
        text.append("Gov ", style="bold white")
    if state.get("smuggler") == number:
        text.append("Smu ", style="bold white")
    if number in state.get("neutral_merchants", []):
        text.append("N ", style="dim")
    return text


def render(view: GameView) -> Group:
    """The grid, then the position as the service says it (a view read with `words=True`: the places' offers, the
    markets' demands, each seat's lira, goods, cards and tiles; or with `words="short"`: the turn, the race, the
    seat's holdings, the figures and what its merchant reaches), in the game's words."""
    state = view.state
    title = Text(f"Istanbul {view.id}  version {view.version}  {view.status}", style="bold")
    if view.to_act:
        title.append(f"  to act: seat {', '.join(map(str, view.to_act))}")
    grid = Table(show_header=False, show_lines=True)
    for row in state.get("layout", []):
        grid.add_row(*(cell(state, number) for number in row))
    parts = [title, grid]
    if view.words is not None:
        parts.append(Text("\n".join(view.words.position)))
    if said.result(view) and not (view.words is not None and said.result(view) in view.words.position):
        parts.append(Text(said.result(view), style="bold green"))
    return Group(*parts)
