"""Black Market 8: 1 red, green or yellow good, then roll two dice for blue goods by the sum (6.6)."""

from __future__ import annotations

from domain.istanbul.commands import VisitBlackMarket
from domain.istanbul.data import BLACK_MARKET, BLACK_MARKET_GOODS, GOODS
from domain.istanbul.events import BlackMarketVisited
from domain.istanbul.places import dice
from domain.istanbul.wheelbarrow import capped_gain, good_index, one
from domain.istanbul.state import Dice, acted, push_roll
from domain.istanbul.wheelbarrow import gain

PLACES = (BLACK_MARKET,)
COMMANDS = (VisitBlackMarket,)
legal_step = dice.legal_step


def legal(state, seat, action):
    return [VisitBlackMarket(seat, GOODS[g]) for g in BLACK_MARKET_GOODS]


def decide(state, command):
    gained = capped_gain(state.players[command.seat], one(command.good))[good_index(command.good)]
    return [BlackMarketVisited(command.seat, command.good, gained)]


def apply_black_market_visited(state, e):
    state = gain(state, e.seat, one(e.good, e.gained))
    return push_roll(acted(state, step=Dice("black_market")), "black_market")


APPLY = {BlackMarketVisited: apply_black_market_visited}
