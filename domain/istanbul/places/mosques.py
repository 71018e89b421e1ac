"""Small Mosque 14 (red, green) / Great Mosque 15 (yellow, blue): own at least the top tile's number of goods of
its colour, pay 1 of them, take the tile; both tiles of one mosque bring its ruby (6.11, 7.1). Guild cards 14
and 15 change the goods needed (rules `goods_needed`)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import TakeMosqueTile, once
from domain.istanbul.data import GREAT_MOSQUE, MOSQUE_OF, MOSQUE_TILES, SETUP, SMALL_MOSQUE, TILE_GOOD
from domain.istanbul.events import MosqueTileTaken
from domain.istanbul.frozen import FrozenDict, record
from domain.istanbul.schema import array, integer, obj
from domain.istanbul.state import acted, action_rules, with_place
from domain.istanbul.wheelbarrow import gain, one, update

PLACES = (SMALL_MOSQUE, GREAT_MOSQUE)
COMMANDS = (TakeMosqueTile,)
KEY = "mosques"
RUBY_EVENTS = (MosqueTileTaken,)
VIEW_NAMES = {SMALL_MOSQUE: "small", GREAT_MOSQUE: "great"}


@record
class Mosques:
    rubies: FrozenDict  # mosque place -> rubies left for owning both of its tiles
    tiles: FrozenDict  # tile colour -> the values left in its stack, top first (goods needed)

    @property
    def rubies_left(self) -> int:
        return sum(self.rubies.values())


def initial(seats: int) -> Mosques:
    table = SETUP[seats]
    return Mosques(FrozenDict({mosque: table["mosque_rubies"] for mosque in PLACES}),
                   FrozenDict({tile: table["mosque_values"] for tile in MOSQUE_TILES}))


def view(state, revealed: bool) -> dict:
    here = state.places[KEY]
    return {"mosques": {
        VIEW_NAMES[mosque]: {"rubies": here.rubies[mosque],
                             **{tile: list(here.tiles[tile]) for tile in MOSQUE_OF[mosque]}}
        for mosque in PLACES
    }}


def _mosque_schema(description: str, colours: tuple[str, ...]) -> dict:
    tiles = {colour: array(f"the {colour} tiles left, top first: each number is the {colour} goods needed to take "
                           "it (1 of them is paid)", integer("goods needed", minimum=2, maximum=5))
             for colour in colours}
    return obj(description, {"rubies": integer("rubies left for owning both of its tiles", minimum=0), **tiles})


VIEW_SCHEMA = {"mosques": obj("the two mosques' tile stacks and rubies", {
    "small": _mosque_schema("Small Mosque 14 (red and green tiles)", MOSQUE_OF[SMALL_MOSQUE]),
    "great": _mosque_schema("Great Mosque 15 (yellow and blue tiles)", MOSQUE_OF[GREAT_MOSQUE]),
})}


def legal(state, seat, action):
    player = state.players[seat]
    tiles = state.places[KEY].tiles
    needed = action_rules(state).goods_needed
    out = []
    for tile in MOSQUE_OF[action.place]:
        stack = tiles[tile]
        if tile not in player.tiles and stack and player.goods.count(TILE_GOOD[tile]) >= (needed or stack[0]):
            out.append(once(TakeMosqueTile, seat, tile))
    return out


def diagnose(state, command) -> str:
    return v.TILE_ALREADY_OWNED if command.tile in state.players[command.seat].tiles else v.MOSQUE_REQUIREMENT


def decide(state, command):
    player = state.players[command.seat]
    here = state.places[KEY]
    mosque, ability = MOSQUE_TILES[command.tile]
    partner = next(t for t in MOSQUE_OF[mosque] if t != command.tile)
    ruby = partner in player.tiles and here.rubies[mosque] > 0
    assistant = ability == "fifth_assistant" and player.spare > 0
    return [MosqueTileTaken(command.seat, command.tile, here.tiles[command.tile][0], ruby, assistant)]


def apply_mosque_tile_taken(state, e):
    state = gain(state, e.seat, one(TILE_GOOD[e.tile]), sign=-1)
    p = state.players[e.seat]
    state = update(state, e.seat, tiles=p.tiles + (e.tile,), rubies=p.rubies + e.ruby, spare=p.spare - e.assistant,
                   stack=p.stack + ((e.seat,) if e.assistant else ()))
    here = state.places[KEY]
    mosque = MOSQUE_TILES[e.tile][0]
    here = Mosques(here.rubies.set(mosque, here.rubies[mosque] - e.ruby),
                   here.tiles.set(e.tile, here.tiles[e.tile][1:]))
    return acted(with_place(state, KEY, here))


APPLY = {MosqueTileTaken: apply_mosque_tile_taken}
