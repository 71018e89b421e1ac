"""Wainwright 1: pay 7 lira for a wheelbarrow extension; the third one brings a ruby (6.1). Guild card 1 changes the
price (rules `cost`)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import BuyExtension, once
from domain.istanbul.data import EXTENSIONS_PER_PLAYER, MAX_EXTENSIONS, SETUP, WAINWRIGHT, WAINWRIGHT_COST
from domain.istanbul.events import ExtensionBought
from domain.istanbul.frozen import record, replace
from domain.istanbul.schema import integer, obj
from domain.istanbul.state import acted, action_rules, with_place
from domain.istanbul.wheelbarrow import update

PLACES = (WAINWRIGHT,)
COMMANDS = (BuyExtension,)
KEY = "wainwright"
RUBY_EVENTS = (ExtensionBought,)  # events that may bring a ruby (the end of the game is checked after them)


@record
class Wainwright:
    rubies: int  # for completing a wheelbarrow
    extensions: int  # left to buy

    @property
    def rubies_left(self) -> int:
        return self.rubies


def initial(seats: int) -> Wainwright:
    return Wainwright(SETUP[seats]["wainwright_rubies"], EXTENSIONS_PER_PLAYER * seats)


def view(state, revealed: bool) -> dict:
    here = state.places[KEY]
    return {"wainwright": {"rubies": here.rubies, "extensions": here.extensions}}


VIEW_SCHEMA = {"wainwright": obj("Wainwright 1: extensions for 7 lira", {
    "rubies": integer("rubies left for a third extension", minimum=0),
    "extensions": integer("extensions left", minimum=0),
})}


def cost(state) -> int:
    rules = action_rules(state)
    return WAINWRIGHT_COST if rules.cost is None else rules.cost


def legal(state, seat, action):
    player = state.players[seat]
    if player.extensions < MAX_EXTENSIONS and player.lira >= cost(state) and state.places[KEY].extensions:
        return [once(BuyExtension, seat)]
    return []


def diagnose(state, command) -> str:
    return v.WHEELBARROW_COMPLETE if state.players[command.seat].extensions >= MAX_EXTENSIONS else v.NOT_ENOUGH_LIRA


def decide(state, command):
    player = state.players[command.seat]
    ruby = player.extensions + 1 == MAX_EXTENSIONS and state.places[KEY].rubies > 0
    return [ExtensionBought(command.seat, cost(state), ruby)]


def apply_extension_bought(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, lira=p.lira - e.lira, extensions=p.extensions + 1, rubies=p.rubies + e.ruby)
    here = state.places[KEY]
    state = with_place(state, KEY, replace(here, extensions=here.extensions - 1, rubies=here.rubies - e.ruby))
    return acted(state)


APPLY = {ExtensionBought: apply_extension_bought}
