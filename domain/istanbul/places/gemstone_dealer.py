"""Gemstone Dealer 16: pay the highest uncovered number in lira for the next ruby (6.12, refill 6.13)."""

from __future__ import annotations

from domain.istanbul.commands import BuyRuby
from domain.istanbul.data import GEMSTONE_DEALER, GEMSTONE_MAX_PRICE, SETUP
from domain.istanbul.events import RubyBought

PLACES = (GEMSTONE_DEALER,)
COMMANDS = (BuyRuby,)


def price(state) -> int:
    return min(SETUP[state.seats]["gem_first"] + state.stock.gem_taken, GEMSTONE_MAX_PRICE)


def legal(state, seat, action):
    if state.stock.gem_rubies > 0 and state.players[seat].lira >= price(state):
        return [BuyRuby(seat)]
    return []


def decide(state, command):
    stock = state.stock
    return [RubyBought(command.seat, price(state), stock.gem_rubies == 1 and stock.ruby_supply > 0)]
