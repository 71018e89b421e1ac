"""Istanbul drawn in the terminal: the grid of places as the layout puts them, each with its number and name,
the merchants (with their stacks), assistants, family members and neutral figures on it; then the markets'
demands, the rubies left, and each seat's lira, goods, rubies, tiles and cards."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bazaar_client.cli import said
from bazaar_client.sdk import GameView

SEAT_STYLES = ("red", "blue", "green", "yellow", "magenta")
GOOD_STYLES = {"red": "red", "green": "green", "yellow": "yellow", "blue": "blue"}


def seat_mark(seat: int, text: str) -> Text:
    return Text(text, style=f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}")


def goods(mapping: dict) -> Text:
    out = Text()
    for good, count in mapping.items():
        out.append(f"{good[0].upper()}{count} ", style=GOOD_STYLES.get(good, ""))
    return out


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
    state = view.state
    title = Text(f"Istanbul {view.id}  version {view.version}  {view.status}  phase "
                 f"{state.get('phase', {}).get('name', '?')}", style="bold")
    if view.to_act:
        title.append(f"  to act: seat {', '.join(map(str, view.to_act))}")
    grid = Table(show_header=False, show_lines=True)
    for row in state.get("layout", []):
        grid.add_row(*(cell(state, number) for number in row))
    places = state.get("places", {})
    markets = Text()
    for key in ("small_market", "large_market"):
        if key in places:
            markets.append(f"{key.replace('_', ' ')}: ").append_text(goods(places[key].get("demand_goods", {})))
            markets.append("  ")
    palace = places.get("sultans_palace", {})
    if palace:
        markets.append("sultan wants: ").append_text(goods(palace.get("next_goods", {})))
        markets.append(f"+{palace.get('any', 0)} any  rubies {palace.get('rubies', '?')}  ")
    gems = places.get("gemstone_dealer", {})
    if gems:
        markets.append(f"gemstones: {gems.get('rubies', '?')} at {gems.get('price', '?')} lira")
    players = Table(title=f"Seats (first to {state.get('ruby_target', '?')} rubies)")
    for column in ("seat", "lira", "goods", "cap", "rubies", "assistants", "tiles", "cards"):
        players.add_column(column)
    for player in state.get("players", []):
        you = " (you)" if player["seat"] == state.get("you") else ""
        cards_text = " ".join(player["bonus_cards"]) if "bonus_cards" in player else str(player.get("bonus_card_count"))
        players.add_row(seat_mark(player["seat"], f"{player['seat']}{you}"), str(player.get("lira")),
                        goods(player.get("goods", {})), str(player.get("capacity")), str(player.get("rubies")),
                        str(player.get("spare_assistants")), " ".join(player.get("mosque_tiles", [])), cards_text)
    parts = [title, grid, markets, players]
    if view.result:
        parts.append(Text(said.result(view), style="bold green"))
    return Group(*parts)
