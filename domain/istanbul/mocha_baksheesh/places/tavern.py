"""Tavern 19 (Mocha & Baksheesh): one of three options, each paid with coffee ("baksheesh", 6.16):
- the barrier (2 coffee): lay it between two neighbouring places (moving it if it lies elsewhere), take the
  barrier tile, then carry out the action of one of the two places, without encounters (`place_barrier`; the
  place is named with it; never the tavern itself, ruling R-16). That action is an Action phase with no figure
  (`no_figure`); the merchant's encounters here follow as usual.
- a tavern tile (its printed coffee): the top tile of a kind the player does not own (`take_tavern_tile`, 7.4).
- baksheesh (4 coffee and the goods on the baksheesh tile's face-up side): the next ruby of the Sultan's Palace,
  the Gemstone Dealer or the Coffee House without its price (that track advances, refill rule 6.13); then the tile
  turns over (`pay_baksheesh`, 7.5, R-18).
The barrier, its holder, the tile stacks and the baksheesh tile lie here. Guild card 19 (rules `with_tile`,
`coffee_discount`) takes a tavern tile with the barrier in one command: both costs together, less the discount.
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.catalogue import TAVERN_TILES
from domain.istanbul.commands import once
from domain.istanbul.content import content
from domain.istanbul.data import COFFEE
from domain.istanbul.frozen import FrozenDict, record, replace
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.commands import PayBaksheesh, PlaceBarrier, TakeTavernTile
from domain.istanbul.mocha_baksheesh.data import BAKSHEESH_COFFEE, BARRIER_COFFEE, TAVERN, TAVERN_KINDS
from domain.istanbul.mocha_baksheesh.events import BaksheeshPaid, BarrierPlaced, TavernTileTaken
from domain.istanbul.places.ruby_tracks import TRACKS, with_ruby
from domain.istanbul.schema import array, integer, nullable, obj, place, seat, string
from domain.istanbul.state import Action, acted, action_rules, players_with, with_place
from domain.istanbul.wheelbarrow import coffee, update

PLACES = (TAVERN,)
COMMANDS = (PlaceBarrier, TakeTavernTile, PayBaksheesh)
KEY = "tavern"
RUBY_EVENTS = (BaksheeshPaid,)


@record
class Tavern:
    stacks: FrozenDict  # tile kind -> tavern tile ids, top (cheapest) first
    barrier: tuple[int, ...] = ()  # the two places it lies between (ascending), or () while beside the board
    holder: int | None = None  # the seat holding the barrier tile
    side: int = 0  # the baksheesh tile's face-up side (index into content.baksheesh_sides)


def initial(seats: int) -> Tavern:
    """Two stacks by kind, cheapest on top; 2 players keep only the tiles with 1 and 3 coffee (4.2)."""
    tiles = sorted((t for t in TAVERN_TILES.values() if seats > 2 or t.two_players), key=lambda t: t.cost)
    return Tavern(FrozenDict({kind: tuple(t.id for t in tiles if t.kind == kind) for kind in TAVERN_KINDS}))


def here(state) -> Tavern:
    return state.places[KEY]


def side_goods(state) -> Goods:
    return content(state).baksheesh_sides[here(state).side].goods


# --- view -------------------------------------------------------------------------------------------------------
def view(state, revealed: bool) -> dict:
    tavern = here(state)
    side = content(state).baksheesh_sides[tavern.side]
    return {"tavern": {
        "barrier": list(tavern.barrier) or None,
        "barrier_holder": tavern.holder,
        "tiles": {kind: [{"tile": t, "coffee": TAVERN_TILES[t].cost} for t in tavern.stacks[kind]]
                  for kind in TAVERN_KINDS},
        "baksheesh": {"side": side.id, "goods": {good: side.goods.count(good) for good in side.goods}},
    }}


TILE = obj("a tavern tile", {
    "tile": string("its id: kind and coffee cost", sorted(TAVERN_TILES)),
    "coffee": integer("coffee it costs", minimum=1, maximum=4),
})
VIEW_SCHEMA = {"tavern": obj("Tavern 19 (Mocha & Baksheesh): the barrier, the tavern tiles, the baksheesh tile", {
    "barrier": nullable(array("the two neighbouring places the barrier lies between (null: beside the board)",
                              place("a place"), minItems=2, maxItems=2)),
    "barrier_holder": nullable(seat("the seat holding the barrier tile: the only one who may cross the barrier "
                                    "(null: nobody)")),
    "tiles": obj("the two stacks of tavern tiles, top first", {
        "movement": array("movement tiles: move in a straight line any distance instead of 1-2 steps", TILE),
        "encounter": array("encounter tiles: the governor, smuggler and coffee trader ask nothing", TILE),
    }),
    "baksheesh": obj("the baksheesh tile's face-up side: 4 coffee and these goods buy the next ruby of 13, 16 or "
                     "20", {
        "side": string("which side is up (A: 3 yellow, printed; B: proposed, see proposed_rows)", ["A", "B"]),
        "goods": {"type": "object", "description": "the goods the side asks for, by colour",
                  "additionalProperties": integer("how many", minimum=1)},
    }),
})}


# --- legal commands ------------------------------------------------------------------------------------------
def _tile_top(state, seat: int, kind: str) -> str | None:
    """The top tile of `kind` if the seat may take it (not owning one of that kind), else None."""
    stack = here(state).stacks.get(kind, ())
    owned = state.players[seat].tavern_tiles
    if not stack or any(TAVERN_TILES[t].kind == kind for t in owned):
        return None
    return stack[0]


@lru_cache(maxsize=1024)
def _barriers(seat: int, layout: tuple[int, ...], tile: str | None) -> tuple:
    """Every barrier position and action place (not the tavern): values, built once per layout."""
    return tuple(PlaceBarrier(seat, pair, act_at, tile)
                 for pair in board.neighbour_pairs(board.grid_of(layout), layout)
                 for act_at in pair if act_at != TAVERN)


def legal(state, seat, action):
    rules = action_rules(state)
    have = coffee(state.players[seat])
    if rules.with_tile:  # guild card 19: a tile and the barrier together
        out = []
        for kind in TAVERN_KINDS:
            top = _tile_top(state, seat, kind)
            if top is not None and have >= TAVERN_TILES[top].cost + BARRIER_COFFEE - rules.coffee_discount:
                out += _barriers(seat, state.layout, kind)
        return out
    out = list(_barriers(seat, state.layout, None)) if have >= BARRIER_COFFEE else []
    for kind in TAVERN_KINDS:
        top = _tile_top(state, seat, kind)
        if top is not None and have >= TAVERN_TILES[top].cost:
            out.append(once(TakeTavernTile, seat, kind))
    if have >= BAKSHEESH_COFFEE and state.players[seat].goods.covers(side_goods(state)):
        out += [once(PayBaksheesh, seat, p) for p in with_ruby(state)]
    return out


def diagnose(state, command) -> str:
    player = state.players[command.seat]
    have = coffee(player)
    rules = action_rules(state)
    if isinstance(command, TakeTavernTile):
        if rules.with_tile:
            return v.ACTION_UNAVAILABLE
        if command.kind in {TAVERN_TILES[t].kind for t in player.tavern_tiles}:
            return v.TAVERN_TILE_OWNED
        if command.kind not in TAVERN_KINDS or not here(state).stacks[command.kind]:
            return v.NO_TAVERN_TILES
        return v.NOT_ENOUGH_COFFEE
    if isinstance(command, PayBaksheesh):
        if rules.with_tile:
            return v.ACTION_UNAVAILABLE
        if command.place not in TRACKS or command.place not in state.layout:
            return v.INVALID_TARGET
        if not TRACKS[command.place].has_ruby(state):
            return v.NO_RUBIES_LEFT
        return v.NOT_ENOUGH_COFFEE if have < BAKSHEESH_COFFEE else v.NOT_ENOUGH_GOODS
    pairs = board.neighbour_pairs(board.grid_of(state.layout), state.layout)
    if tuple(command.places) not in pairs or command.act_at not in command.places or command.act_at == TAVERN:
        return v.INVALID_BARRIER
    if (command.tile is not None) != rules.with_tile:
        return v.INVALID_TARGET
    if command.tile is not None:
        if command.tile not in TAVERN_KINDS:
            return v.INVALID_TARGET
        if _tile_top(state, command.seat, command.tile) is None:
            return v.TAVERN_TILE_OWNED if here(state).stacks[command.tile] else v.NO_TAVERN_TILES
    return v.NOT_ENOUGH_COFFEE


# --- decisions ----------------------------------------------------------------------------------------------------
def decide(state, command):
    seat = command.seat
    if isinstance(command, TakeTavernTile):
        tile = _tile_top(state, seat, command.kind)
        return [TavernTileTaken(seat, tile, TAVERN_TILES[tile].cost)]
    if isinstance(command, PayBaksheesh):
        tavern = here(state)
        side = content(state).baksheesh_sides[tavern.side]
        refilled = TRACKS[command.place].refill_due(state)
        return [BaksheeshPaid(seat, command.place, BAKSHEESH_COFFEE, side.goods, side.id, refilled)]
    events = []
    discount = action_rules(state).coffee_discount
    if command.tile is not None:  # guild card 19: the tile first, the discount off the barrier's part
        tile = _tile_top(state, seat, command.tile)
        events.append(TavernTileTaken(seat, tile, TAVERN_TILES[tile].cost))
    return events + [BarrierPlaced(seat, command.places, command.act_at, BARRIER_COFFEE - discount)]


# --- evolve ------------------------------------------------------------------------------------------------------
def _pay_coffee(state, seat: int, n: int):
    p = state.players[seat]
    return players_with(state, seat, goods=p.goods.minus({COFFEE: n}) if n else p.goods)


def apply_tavern_tile_taken(state, e):
    tavern = here(state)
    kind = TAVERN_TILES[e.tile].kind
    stacks = tavern.stacks.set(kind, tuple(t for t in tavern.stacks[kind] if t != e.tile))
    state = replace(state, players=_pay_coffee(state, e.seat, e.coffee),
                    places=state.places.set(KEY, replace(tavern, stacks=stacks)))
    state = update(state, e.seat, tavern_tiles=state.players[e.seat].tavern_tiles + (e.tile,))
    return acted(state)


def apply_barrier_placed(state, e):
    tavern = replace(here(state), barrier=tuple(e.places), holder=e.seat)
    return replace(state, players=_pay_coffee(state, e.seat, e.coffee), places=state.places.set(KEY, tavern),
                   phase=Action(place=e.act_at, no_figure=True))


def apply_baksheesh_paid(state, e):
    p = state.players[e.seat]
    goods = p.goods.minus(e.goods).minus({COFFEE: e.coffee})
    state = replace(state, players=players_with(state, e.seat, goods=goods, rubies=p.rubies + 1))
    state = TRACKS[e.place].advance(state, e.refilled)
    tavern = here(state)
    sides = len(content(state).baksheesh_sides)
    return acted(with_place(state, KEY, replace(tavern, side=(tavern.side + 1) % sides)))


APPLY = {TavernTileTaken: apply_tavern_tile_taken, BarrierPlaced: apply_barrier_placed,
         BaksheeshPaid: apply_baksheesh_paid}
