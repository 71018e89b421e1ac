"""Wainwright 1: pay 7 lira for a wheelbarrow extension; the third one brings a ruby (6.1)."""

from __future__ import annotations

from domain.istanbul.commands import BuyExtension
from domain.istanbul.data import MAX_EXTENSIONS, WAINWRIGHT, WAINWRIGHT_COST
from domain.istanbul.events import ExtensionBought
from domain.istanbul.state import acted, with_stock
from domain.istanbul.wheelbarrow import update

PLACES = (WAINWRIGHT,)
COMMANDS = (BuyExtension,)


def legal(state, seat, action):
    player = state.players[seat]
    if player.extensions < MAX_EXTENSIONS and player.lira >= WAINWRIGHT_COST and state.stock.wainwright_extensions:
        return [BuyExtension(seat)]
    return []


def decide(state, command):
    player = state.players[command.seat]
    ruby = player.extensions + 1 == MAX_EXTENSIONS and state.stock.wainwright_rubies > 0
    return [ExtensionBought(command.seat, WAINWRIGHT_COST, ruby)]


def apply_extension_bought(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, lira=p.lira - e.lira, extensions=p.extensions + 1, rubies=p.rubies + e.ruby)
    stock = state.stock
    state = with_stock(state, wainwright_extensions=stock.wainwright_extensions - 1,
                       wainwright_rubies=stock.wainwright_rubies - e.ruby)
    return acted(state)


APPLY = {ExtensionBought: apply_extension_bought}
