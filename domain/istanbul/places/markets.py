"""Large Market 10 / Small Market 11: sell 1-5 goods pictured on the top demand tile, paid by the table; the tile
then goes under its stack (6.8). Bonus card B07 (kind sell_any_goods) lifts the picture at the small market."""

from __future__ import annotations

from itertools import product

from domain.istanbul.commands import SellGoods
from domain.istanbul.data import DEMAND_TILES, GOODS, LARGE_MARKET, MARKET_PAYOUT, SMALL_MARKET
from domain.istanbul.events import GoodsSold
from domain.istanbul.goods import Goods
from domain.istanbul.state import acted, with_stock
from domain.istanbul.wheelbarrow import gain

PLACES = (LARGE_MARKET, SMALL_MARKET)
COMMANDS = (SellGoods,)
MAX_SOLD = 5


def stack(state, market: int) -> tuple[str, ...]:
    return state.stock.small_demand if market == SMALL_MARKET else state.stock.large_demand


def limits(state, seat, action) -> tuple[int, ...]:
    """How many of each good (in GOODS order) may be sold: what is held, at most as many as the tile pictures."""
    have = state.players[seat].goods
    if action.any_goods:
        return tuple(have.count(good) for good in GOODS)
    demand = DEMAND_TILES[stack(state, action.place)[0]]
    return tuple(min(have.count(good), demand.count(good)) for good in GOODS)


def legal(state, seat, action):
    top = limits(state, seat, action)
    return [
        SellGoods(seat, Goods(zip(GOODS, counts)))
        for counts in product(*(range(n + 1) for n in top))
        if 1 <= sum(counts) <= MAX_SOLD
    ]


def decide(state, command):
    market = state.phase.place
    tiles = stack(state, market)
    lira = MARKET_PAYOUT[market][command.goods.total() - 1]
    next_top = (tiles[1:] + tiles[:1])[0]
    return [GoodsSold(command.seat, market, command.goods, lira, next_top)]


def apply_goods_sold(state, e):
    state = gain(gain(state, e.seat, e.goods, sign=-1), e.seat, lira=e.lira)
    tiles = stack(state, e.market)
    rotated = tiles[1:] + tiles[:1]
    key = "small_demand" if e.market == SMALL_MARKET else "large_demand"
    return acted(with_stock(state, **{key: rotated}))


APPLY = {GoodsSold: apply_goods_sold}
