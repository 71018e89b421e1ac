"""Large Market 10 / Small Market 11: sell 1-5 goods pictured on the top demand tile, paid by the table; the tile
then goes under its stack (6.8). Bonus card B07 (kind sell_any_goods) lifts the picture at the small market.

The demand stacks are shuffled at set-up (chance steps small_demand, large_demand); only the top tile is public."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from domain.core import apply_permutation
from domain.istanbul import violations as v
from domain.istanbul.commands import SellGoods
from domain.istanbul.data import DEMAND_STACKS, DEMAND_TILES, GOODS, LARGE_MARKET, MARKET_PAYOUT, SMALL_MARKET
from domain.istanbul.events import DemandTilesShuffled, GoodsSold
from domain.istanbul.frozen import FrozenDict, record, replace
from domain.istanbul.goods import Goods
from domain.istanbul.schema import array, goods_counts, integer, nullable, obj, string
from domain.istanbul.state import acted_phase, action_rules, players_with, with_place

PLACES = (LARGE_MARKET, SMALL_MARKET)
COMMANDS = (SellGoods,)
KEY = "markets"
MAX_SOLD = 5
VIEW_NAMES = {SMALL_MARKET: "small_market", LARGE_MARKET: "large_market"}
SHUFFLES = {"small_demand": SMALL_MARKET, "large_demand": LARGE_MARKET}  # set-up chance label -> market
SETUP_CHANCE = tuple(("shuffle", label, len(DEMAND_STACKS[market]), False) for label, market in SHUFFLES.items())


@record
class Markets:
    stacks: FrozenDict  # market place -> its demand tile ids, top first (below the top: secret)


def initial(seats: int) -> Markets:
    return Markets(FrozenDict({market: () for market in PLACES}))


def stack(state, market: int) -> tuple[str, ...]:
    return state.places[KEY].stacks[market]


def view(state, revealed: bool) -> dict:
    return {VIEW_NAMES[market]: _market(stack(state, market), market, revealed)
            for market in (SMALL_MARKET, LARGE_MARKET)}


def _market(tiles: tuple[str, ...], market: int, revealed: bool) -> dict:
    """Only the face-up top tile: the stack below it is secret until the end."""
    top = tiles[0] if tiles else None
    out = {
        "demand": top,
        "demand_goods": {good: DEMAND_TILES[top].count(good) for good in GOODS} if top else None,
        "payout": list(MARKET_PAYOUT[market]),
        "stack_size": len(tiles),
    }
    if revealed:
        out["stack"] = list(tiles)
    return out


DEMAND = string("a demand tile id: S1-S5 the small market's (light), L1-L5 the large market's (dark)",
                sorted(DEMAND_TILES))


def _market_schema(description: str) -> dict:
    return obj(description, {
        "demand": nullable({**DEMAND, "description": "the face-up top demand tile (null: none)"}),
        "demand_goods": {**goods_counts("the goods the top demand tile pictures (at most that many of each are "
                                        "sold)"), "type": ["object", "null"]},
        "payout": array("lira paid for selling 1, 2, 3, 4 or 5 goods", integer("lira", minimum=0),
                        minItems=5, maxItems=5),
        "stack_size": integer("demand tiles in the stack, the top one included", minimum=0),
        "stack": array("the whole stack, top first: only once the game is over", DEMAND),
    }, optional=("stack",))


VIEW_SCHEMA = {"small_market": _market_schema("Small Market 11"), "large_market": _market_schema("Large Market 10")}


def decide_setup(state, label: str, outcome: tuple[int, ...]) -> list | None:
    """A demand stack's shuffle at set-up, or None when `label` is not one of them."""
    market = SHUFFLES.get(label)
    if market is None:
        return None
    tiles = apply_permutation(DEMAND_STACKS[market], outcome)
    return [DemandTilesShuffled(market, tiles[0], tiles)]


def limits(state, seat, action) -> tuple[int, ...]:
    """How many of each good (in GOODS order) may be sold: what is held, at most as many as the tile pictures."""
    have = state.players[seat].goods
    if action.any_goods or action_rules(state).any_goods:  # B07, guild card 11
        return tuple(have.count(good) for good in GOODS)
    demand = DEMAND_TILES[stack(state, action.place)[0]]
    return tuple(min(have.count(good), demand.count(good)) for good in GOODS)


@lru_cache(maxsize=4096)
def _sales(seat: int, top: tuple[int, ...]) -> tuple:
    """Every sale of 1-5 goods within `top` (at most that many of each good, in GOODS order): values, built once."""
    return tuple(
        SellGoods(seat, Goods(zip(GOODS, counts)))
        for counts in product(*(range(n + 1) for n in top))
        if 1 <= sum(counts) <= MAX_SOLD
    )


def legal(state, seat, action):
    return list(_sales(seat, limits(state, seat, action)))


def diagnose(state, command) -> str:
    return v.INVALID_GOODS


def decide(state, command):
    market = state.phase.place
    tiles = stack(state, market)
    lira = MARKET_PAYOUT[market][command.goods.total() - 1]
    next_top = (tiles[1:] + tiles[:1])[0]
    return [GoodsSold(command.seat, market, command.goods, lira, next_top)]


def _with_stack(state, market: int, tiles: tuple[str, ...]):
    return with_place(state, KEY, Markets(state.places[KEY].stacks.set(market, tiles)))


def apply_goods_sold(state, e):
    tiles = stack(state, e.market)
    slices = state.places.set(KEY, Markets(state.places[KEY].stacks.set(e.market, tiles[1:] + tiles[:1])))
    p = state.players[e.seat]
    players = players_with(state, e.seat, goods=p.goods.minus(e.goods), lira=p.lira + e.lira)
    return replace(state, players=players, places=slices, phase=acted_phase(state.phase))


def apply_demand_tiles_shuffled(state, e):
    return _with_stack(state, e.market, e.tiles)


APPLY = {GoodsSold: apply_goods_sold, DemandTilesShuffled: apply_demand_tiles_shuffled}
