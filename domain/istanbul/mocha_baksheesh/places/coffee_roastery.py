"""Coffee Roastery 17 (Mocha & Baksheesh): 1 to 3 different options, each once, 2 coffee each: pay 2 lira, pay 1 good
(one of the four, never coffee), pay 1 bonus card or 1 guild card from hand (6.14; rulebook example: 2 lira and
1 bonus card bring 4 coffee). One command names the options chosen; a paid bonus card goes face up onto the bonus
discard pile, a paid guild card onto the guild discard pile."""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import violations as v
from domain.istanbul.catalogue import GUILD_CARDS
from domain.istanbul.data import COFFEE, GOODS
from domain.istanbul.frozen import replace
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.commands import RoastCoffee
from domain.istanbul.mocha_baksheesh.data import COFFEE_ROASTERY, ROASTERY_COFFEE, ROASTERY_LIRA
from domain.istanbul.mocha_baksheesh.events import CoffeeRoasted
from domain.istanbul.mocha_baksheesh.places import guild_hall
from domain.istanbul.state import acted_phase, players_with
from domain.istanbul.wheelbarrow import hand_remove

PLACES = (COFFEE_ROASTERY,)
COMMANDS = (RoastCoffee,)


@lru_cache(maxsize=4096)
def _roasts(seat: int, lira: bool, goods: tuple[str, ...], cards: tuple[str, ...]) -> tuple:
    """Every non-empty choice of different options (values, built once per what the seat can pay)."""
    return tuple(
        RoastCoffee(seat, pay_lira, good, card)
        for pay_lira in ((False, True) if lira else (False,))
        for good in (None, *goods)
        for card in (None, *cards)
        if pay_lira or good is not None or card is not None
    )


def legal(state, seat, action):
    player = state.players[seat]
    goods = tuple(good for good in GOODS if player.goods.count(good))
    cards = tuple(sorted(set(player.hand))) + tuple(sorted(set(player.guild_hand)))
    return list(_roasts(seat, player.lira >= ROASTERY_LIRA, goods, cards))


def diagnose(state, command) -> str:
    player = state.players[command.seat]
    if not (command.lira or command.good or command.card):
        return v.ACTION_UNAVAILABLE
    if command.lira and player.lira < ROASTERY_LIRA:
        return v.NOT_ENOUGH_LIRA
    if command.good is not None and (command.good not in GOODS or not player.goods.count(command.good)):
        return v.NOT_ENOUGH_GOODS
    if command.card is not None and command.card not in player.hand + player.guild_hand:
        return v.CARD_NOT_IN_HAND
    return v.INVALID_TARGET


def decide(state, command):
    options = bool(command.lira) + (command.good is not None) + (command.card is not None)
    lira = ROASTERY_LIRA if command.lira else 0
    return [CoffeeRoasted(command.seat, lira, command.good, command.card, ROASTERY_COFFEE * options)]


def apply_coffee_roasted(state, e):
    p = state.players[e.seat]
    goods = p.goods.plus(Goods({COFFEE: e.coffee}))
    if e.good is not None:
        goods = goods.minus({e.good: 1})
    changes = {"lira": p.lira - e.lira, "goods": goods}
    discard = state.discard
    if e.card is not None and e.card not in GUILD_CARDS:  # a bonus card goes face up onto the bonus discard pile
        changes["hand"] = hand_remove(p.hand, e.card)
        discard = discard + (e.card,)
    state = replace(state, players=players_with(state, e.seat, **changes), discard=discard,
                    phase=acted_phase(state.phase))
    if e.card in GUILD_CARDS:
        state = guild_hall.discarded(state, e.seat, e.card)
    return state


APPLY = {CoffeeRoasted: apply_coffee_roasted}
