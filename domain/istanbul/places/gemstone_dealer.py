"""Gemstone Dealer 16: pay the highest uncovered number in lira for the next ruby (6.12, refill 6.13)."""

from __future__ import annotations

from domain.istanbul.commands import BuyRuby
from domain.istanbul.data import GEMSTONE_DEALER, GEMSTONE_MAX_PRICE, SETUP
from domain.istanbul.events import RubyBought
from domain.istanbul.state import acted, with_stock
from domain.istanbul.wheelbarrow import update

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


def apply_ruby_bought(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, lira=p.lira - e.lira, rubies=p.rubies + 1)
    stock = state.stock
    state = with_stock(state, gem_taken=stock.gem_taken + 1, gem_rubies=stock.gem_rubies - 1 + e.refilled,
                       ruby_supply=stock.ruby_supply - e.refilled)
    return acted(state)


APPLY = {RubyBought: apply_ruby_bought}
