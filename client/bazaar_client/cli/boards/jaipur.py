"""Jaipur drawn in the terminal: the market, the token piles (top first), the bonus piles, each seat's hand (or
its size), herd, tokens and seals. Reads only the view, so a spectator's board shows no hand."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bazaar_client.cli import said
from bazaar_client.sdk import GameView

COLOURS = {"diamond": "bright_red", "gold": "yellow", "silver": "bright_white", "cloth": "magenta",
           "spice": "green", "leather": "dark_orange3", "camel": "wheat4"}
# the bonus piles by the sale that earns one, as the tokens' backs print it (the view names them three, four and
# five_plus); a pile the view names otherwise is shown by its name
BONUS_PILES = {"three": "3 cards", "four": "4 cards", "five_plus": "5+ cards"}


def card(good: str) -> Text:
    return Text(f" {good} ", style=f"bold black on {COLOURS.get(good, 'white')}")


def cards(goods) -> Text:
    """Cards by good; a market slot a failed refill left empty (null) as `(empty)`."""
    if not goods:
        return Text("-", style="dim")
    return Text(" ").join(card(g) if g is not None else Text("(empty)", style="dim") for g in goods)


def render(view: GameView) -> Group:
    state = view.state
    title = Text(f"Jaipur {view.id}  version {view.version}  round {state.get('round')}  {view.status}", style="bold")
    if view.to_act:
        title.append(f"  to act: seat {', '.join(map(str, view.to_act))}")
    market = Text("Market  ").append_text(cards(state.get("market", [])))
    market.append(f"   deck {state.get('deck_size', '?')}")
    piles = Table(title="Tokens (top first)", show_header=False, box=None)
    for good, tokens in state.get("goods_tokens", {}).items():
        piles.add_row(card(good), " ".join(map(str, tokens)) or "empty")
    bonus = state.get("bonus_tokens", {})
    piles.add_row(Text("bonus"), "  ".join(f"{BONUS_PILES.get(k, k)}: {said.counted(v, 'token')}"
                                           for k, v in bonus.items()))
    players = Table(title="Seats")
    for column in ("seat", "hand", "herd", "tokens", "seals"):
        players.add_column(column)
    for player in state.get("players", []):
        seat = str(player["seat"]) + (" (you)" if player["seat"] == state.get("you") else "")
        hand = cards(player["hand"]) if player.get("hand") is not None else Text(said.counted(player["hand_size"], "card"))
        players.add_row(seat, hand, str(player.get("herd", 0)), str(player.get("goods_total", 0)),
                        str(player.get("seals", 0)))
    parts = [title, market, piles, players]
    if said.result(view):
        parts.append(Text(said.result(view), style="bold green"))
    return Group(*parts)
