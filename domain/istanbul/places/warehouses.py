"""Fabric / Spice / Fruit Warehouse 2 / 3 / 4: fill that good up to capacity (6.2).
The green mosque tile's extra good is in tiles.py."""

from __future__ import annotations

from domain.istanbul.commands import FillGoods, once
from domain.istanbul.data import WAREHOUSE_GOOD
from domain.istanbul.events import GoodsFilled
from domain.istanbul.state import acted_phase
from domain.istanbul.wheelbarrow import gain, one

PLACES = tuple(WAREHOUSE_GOOD)
COMMANDS = (FillGoods,)


def legal(state, seat, action):
    return [once(FillGoods, seat)]


def decide(state, command):
    player = state.players[command.seat]
    good = WAREHOUSE_GOOD[state.phase.place]
    return [GoodsFilled(command.seat, good, max(0, player.capacity - player.goods.count(good)))]


def apply_goods_filled(state, e):
    return gain(state, e.seat, one(e.good, e.gained), phase=acted_phase(state.phase))


APPLY = {GoodsFilled: apply_goods_filled}
