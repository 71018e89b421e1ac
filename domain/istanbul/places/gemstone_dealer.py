"""Gemstone Dealer 16: pay the highest uncovered number in lira for the next ruby (6.12, refill 6.13)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import BuyRuby, once
from domain.istanbul.data import GEMSTONE_DEALER, GEMSTONE_MAX_PRICE, SETUP
from domain.istanbul.events import RubyBought
from domain.istanbul.frozen import record, replace
from domain.istanbul.schema import integer, obj
from domain.istanbul.state import acted, with_place
from domain.istanbul.wheelbarrow import update

PLACES = (GEMSTONE_DEALER,)
COMMANDS = (BuyRuby,)
KEY = "gemstone_dealer"
RUBY_EVENTS = (RubyBought,)


@record
class GemstoneDealer:
    taken: int  # rubies bought so far: each raises the price by 1
    rubies: int

    @property
    def rubies_left(self) -> int:
        return self.rubies


def initial(seats: int) -> GemstoneDealer:
    return GemstoneDealer(0, SETUP[seats]["gem_rubies"])


def price(state) -> int:
    return min(SETUP[state.seats]["gem_first"] + state.places[KEY].taken, GEMSTONE_MAX_PRICE)


def view(state, revealed: bool) -> dict:
    return {"gemstone_dealer": {"rubies": state.places[KEY].rubies, "price": price(state)}}


VIEW_SCHEMA = {"gemstone_dealer": obj("Gemstone Dealer 16", {
    "rubies": integer("rubies left", minimum=0),
    "price": integer("lira for the next ruby", minimum=0),
})}


def legal(state, seat, action):
    if state.places[KEY].rubies > 0 and state.players[seat].lira >= price(state):
        return [once(BuyRuby, seat)]
    return []


def diagnose(state, command) -> str:
    return v.NO_RUBIES_LEFT if state.places[KEY].rubies <= 0 else v.NOT_ENOUGH_LIRA


def has_ruby(state) -> bool:
    """A ruby lies on the track (an empty supply may leave it empty, ruling R-21)."""
    return state.places[KEY].rubies > 0


def refill_due(state) -> bool:
    """Taking the next ruby takes the last one: a supply ruby goes onto the ruby symbol (6.13)."""
    return state.places[KEY].rubies == 1 and state.ruby_supply > 0


def decide(state, command):
    return [RubyBought(command.seat, price(state), refill_due(state))]


def advance(state, refilled: bool):
    """The next ruby leaves the track (to whoever takes it), the next one costs 1 lira more."""
    here = state.places[KEY]
    state = with_place(state, KEY, replace(here, taken=here.taken + 1, rubies=here.rubies - 1 + refilled))
    return replace(state, ruby_supply=state.ruby_supply - refilled)


def apply_ruby_bought(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, lira=p.lira - e.lira, rubies=p.rubies + 1)
    return acted(advance(state, e.refilled))


APPLY = {RubyBought: apply_ruby_bought}
