"""Wainwright 1: pay 7 lira for a wheelbarrow extension; the third one brings a ruby (6.1)."""

from __future__ import annotations

from domain.istanbul.commands import BuyExtension
from domain.istanbul.data import MAX_EXTENSIONS, WAINWRIGHT, WAINWRIGHT_COST
from domain.istanbul.events import ExtensionBought

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
