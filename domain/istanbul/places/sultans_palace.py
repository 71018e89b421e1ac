"""Sultan's Palace 13: deliver every uncovered field's good, take the next ruby (6.10, refill 6.13)."""

from __future__ import annotations

from itertools import product

from domain.istanbul.commands import DeliverToSultan
from domain.istanbul.data import ANY, GOODS, SETUP, SULTAN_TRACK, SULTANS_PALACE
from domain.istanbul.events import SultanDelivered
from domain.istanbul.goods import Goods
from domain.istanbul.state import acted, with_stock
from domain.istanbul.wheelbarrow import gain, update

PLACES = (SULTANS_PALACE,)
COMMANDS = (DeliverToSultan,)


def delivery(state) -> tuple[Goods, int]:
    """(the fixed goods, the number of "any" fields) of the next delivery."""
    fields = SULTAN_TRACK[:min(SETUP[state.seats]["sultan_first"] + state.stock.sultan_taken, len(SULTAN_TRACK))]
    return Goods((good, fields.count(good)) for good in GOODS), fields.count(ANY)


def legal(state, seat, action):
    if state.stock.sultan_rubies <= 0:
        return []
    fixed, wild = delivery(state)
    have = state.players[seat].goods
    if not have.covers(fixed):
        return []
    rest = [have.count(good) - fixed.count(good) for good in GOODS]
    return [
        DeliverToSultan(seat, Goods(zip(GOODS, counts)))
        for counts in product(*(range(min(r, wild) + 1) for r in rest))
        if sum(counts) == wild
    ]


def decide(state, command):
    fixed, _ = delivery(state)
    goods = fixed.plus(command.any_goods)
    stock = state.stock
    return [SultanDelivered(command.seat, goods, stock.sultan_rubies == 1 and stock.ruby_supply > 0)]


def apply_sultan_delivered(state, e):
    state = gain(state, e.seat, e.goods, sign=-1)
    state = update(state, e.seat, rubies=state.players[e.seat].rubies + 1)
    stock = state.stock
    state = with_stock(state, sultan_taken=stock.sultan_taken + 1,
                       sultan_rubies=stock.sultan_rubies - 1 + e.refilled, ruby_supply=stock.ruby_supply - e.refilled)
    return acted(state)


APPLY = {SultanDelivered: apply_sultan_delivered}
