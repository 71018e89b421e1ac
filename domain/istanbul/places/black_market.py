"""Black Market 8: 1 red, green or yellow good, then roll two dice for blue goods by the sum (6.6).

The rulebook allows either order ("Du darfst auch zuerst würfeln und anschließend die zusätzliche einzelne Ware
nehmen"): `visit_black_market good=<colour>` takes the good, then rolls; `visit_black_market` (good null) rolls first
and, once the roll is resolved (after the red mosque tile's choice, if any), `take_black_market_good` is the only
legal command (step SingleGood). The action counts as done only when both the good and the roll are settled.
"""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import TakeBlackMarketGood, VisitBlackMarket, once
from domain.istanbul.data import BLACK_MARKET, BLACK_MARKET_GOODS
from domain.istanbul.events import BlackMarketGoodDeferred, BlackMarketGoodTaken, BlackMarketVisited
from domain.istanbul.places import dice
from domain.istanbul.state import Dice, SingleGood, acted_phase, push_roll, with_step
from domain.istanbul.wheelbarrow import gain, gained, one

PLACES = (BLACK_MARKET,)
COMMANDS = (VisitBlackMarket, TakeBlackMarketGood)
STEP_COMMANDS = (TakeBlackMarketGood,)


def legal(state, seat, action):
    return [once(VisitBlackMarket, seat, good) for good in (*BLACK_MARKET_GOODS, None)]


def legal_step(state, seat, action):
    if isinstance(action.step, SingleGood):
        return [once(TakeBlackMarketGood, seat, good) for good in BLACK_MARKET_GOODS]
    return dice.legal_step(state, seat, action)


def diagnose(state, command) -> str:
    if isinstance(command, VisitBlackMarket):
        return v.INVALID_TARGET
    step = state.phase.step
    if isinstance(step, SingleGood):
        return v.INVALID_TARGET
    return v.DECISION_PENDING if step is not None else v.ACTION_UNAVAILABLE


def _gained(state, seat, good) -> int:
    return gained(state.players[seat], good)


def decide(state, command):
    if isinstance(command, TakeBlackMarketGood):
        return [BlackMarketGoodTaken(command.seat, command.good, _gained(state, command.seat, command.good))]
    if command.good is None:
        return [BlackMarketGoodDeferred(command.seat)]
    return [BlackMarketVisited(command.seat, command.good, _gained(state, command.seat, command.good))]


def apply_black_market_visited(state, e):
    state = gain(state, e.seat, one(e.good, e.gained), phase=acted_phase(state.phase, step=Dice("black_market")))
    return push_roll(state, "black_market")


def apply_black_market_good_deferred(state, e):
    # not acted yet: the action is done when the good is taken (apply_black_market_good_taken)
    return push_roll(with_step(state, Dice("black_market", good_pending=True)), "black_market")


def apply_black_market_good_taken(state, e):
    return gain(state, e.seat, one(e.good, e.gained), phase=acted_phase(state.phase, step=None))


APPLY = {
    BlackMarketVisited: apply_black_market_visited,
    BlackMarketGoodDeferred: apply_black_market_good_deferred,
    BlackMarketGoodTaken: apply_black_market_good_taken,
}
