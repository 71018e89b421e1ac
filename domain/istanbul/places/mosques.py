"""Small Mosque 14 (red, green) / Great Mosque 15 (yellow, blue): own at least the top tile's number of goods of
its colour, pay 1 of them, take the tile; both tiles of one mosque bring its ruby (6.11, 7.1)."""

from __future__ import annotations

from domain.istanbul.commands import TakeMosqueTile
from domain.istanbul.data import GREAT_MOSQUE, MOSQUE_OF, MOSQUE_TILES, SMALL_MOSQUE, TILE_COLOURS, TILE_GOOD
from domain.istanbul.events import MosqueTileTaken
from domain.istanbul.state import acted, with_stock
from domain.istanbul.wheelbarrow import gain, one, update

PLACES = (SMALL_MOSQUE, GREAT_MOSQUE)
COMMANDS = (TakeMosqueTile,)


def tile_stack(state, tile: str) -> tuple[int, ...]:
    return state.stock.mosque_tiles[TILE_COLOURS.index(tile)]


def legal(state, seat, action):
    player = state.players[seat]
    out = []
    for tile in MOSQUE_OF[action.place]:
        stack = tile_stack(state, tile)
        if tile not in player.tiles and stack and player.goods.count(TILE_GOOD[tile]) >= stack[0]:
            out.append(TakeMosqueTile(seat, tile))
    return out


def decide(state, command):
    player = state.players[command.seat]
    mosque = MOSQUE_TILES[command.tile][0]
    partner = next(t for t in MOSQUE_OF[mosque] if t != command.tile)
    rubies = state.stock.mosque_rubies[0 if mosque == SMALL_MOSQUE else 1]
    ruby = partner in player.tiles and rubies > 0
    ability = MOSQUE_TILES[command.tile][1]
    assistant = ability == "fifth_assistant" and player.spare > 0
    return [MosqueTileTaken(command.seat, command.tile, tile_stack(state, command.tile)[0], ruby, assistant)]


def apply_mosque_tile_taken(state, e):
    colour = TILE_COLOURS.index(e.tile)
    state = gain(state, e.seat, one(TILE_GOOD[e.tile]), sign=-1)
    p = state.players[e.seat]
    state = update(state, e.seat, tiles=p.tiles + (e.tile,), rubies=p.rubies + e.ruby, spare=p.spare - e.assistant,
                   stack=p.stack + ((e.seat,) if e.assistant else ()))
    stock = state.stock
    tiles = list(stock.mosque_tiles)
    tiles[colour] = tiles[colour][1:]
    rubies = list(stock.mosque_rubies)
    rubies[0 if MOSQUE_TILES[e.tile][0] == SMALL_MOSQUE else 1] -= e.ruby
    return acted(with_stock(state, mosque_tiles=tuple(tiles), mosque_rubies=tuple(rubies)))


APPLY = {MosqueTileTaken: apply_mosque_tile_taken}
