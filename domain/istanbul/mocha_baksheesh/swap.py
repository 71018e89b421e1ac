"""M04's swap (Mocha & Baksheesh, card kind swap_goods): a bonus card's own sub-decision (`state.card_step`, a
Swap), answered before anything else: `give_goods` of up to 3 goods or coffee, then `take_goods` of as many. A card
may be played in any phase, so its sub-decision lives beside the phase, not in it; the other one, a card's roll
(M05, L02, K16's die: a CardRoll), is the dice's (legal.py, places/dice.py)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from domain.istanbul import violations as v
from domain.istanbul.catalogue import CARDS
from domain.istanbul.docs import GOODS_AND_COFFEE
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.commands import GiveGoods, TakeGoods
from domain.istanbul.mocha_baksheesh.events import GoodsGiven, GoodsTaken
from domain.istanbul.state import Swap
from domain.istanbul.wheelbarrow import capped_gain, gain

COMMANDS = (GiveGoods, TakeGoods)
STEP_COMMANDS = COMMANDS
SWAP_KIND = "swap_goods"


def swap_limit() -> int:
    """How many items M04 swaps at most (its row's amount)."""
    return max(row.amount for row in CARDS.values() if row.kind == SWAP_KIND)


@lru_cache(maxsize=4096)
def _gives(seat: int, held: tuple[int, ...], limit: int) -> tuple:
    """Every give of 1..limit items within what is held (counts in GOODS_AND_COFFEE order): values, built once."""
    return tuple(GiveGoods(seat, Goods(zip(GOODS_AND_COFFEE, counts)))
                 for counts in product(*(range(min(n, limit) + 1) for n in held)) if 1 <= sum(counts) <= limit)


@lru_cache(maxsize=64)
def _takes(seat: int, count: int) -> tuple:
    """Every choice of exactly `count` goods or coffee: values, built once."""
    return tuple(TakeGoods(seat, Goods(zip(GOODS_AND_COFFEE, counts)))
                 for counts in product(*(range(count + 1) for _ in GOODS_AND_COFFEE)) if sum(counts) == count)


def legal(state, seat: int) -> list:
    step = state.card_step
    if not step.given:
        held = tuple(state.players[seat].goods.count(item) for item in GOODS_AND_COFFEE)
        return list(_gives(seat, held, swap_limit()))
    return list(_takes(seat, step.given.total()))


def diagnose(state, command) -> str:
    step = state.card_step
    if type(step) is not Swap:
        return v.WRONG_PHASE
    if isinstance(command, GiveGoods):
        if step.given:
            return v.DECISION_PENDING
        return v.NOT_ENOUGH_GOODS if not state.players[command.seat].goods.covers(command.goods) else v.INVALID_GOODS
    return v.DECISION_PENDING if not step.given else v.INVALID_GOODS


def decide(state, command) -> list:
    if isinstance(command, GiveGoods):
        return [GoodsGiven(command.seat, command.goods)]
    return [GoodsTaken(command.seat, command.goods, capped_gain(state.players[command.seat], command.goods))]


def apply_goods_given(state, e):
    return gain(state, e.seat, e.goods, sign=-1, card_step=Swap(e.goods))


def apply_goods_taken(state, e):
    return gain(state, e.seat, e.gained, card_step=None)


APPLY = {GoodsGiven: apply_goods_given, GoodsTaken: apply_goods_taken}
