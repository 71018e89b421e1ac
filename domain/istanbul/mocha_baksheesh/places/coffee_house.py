"""Coffee House 20 (Mocha & Baksheesh): deliver the highest number of coffee not covered by a ruby (6-10) and take
the next ruby; after the last one a supply ruby lies on the ruby symbol, at 10 coffee (6.17, refill 6.13)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.data import COFFEE
from domain.istanbul.frozen import record, replace
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.commands import DeliverCoffee
from domain.istanbul.mocha_baksheesh.data import COFFEE_HOUSE, COFFEE_HOUSE_RUBIES, COFFEE_HOUSE_TRACK
from domain.istanbul.mocha_baksheesh.events import CoffeeDelivered
from domain.istanbul.schema import integer, obj
from domain.istanbul.state import acted, with_place
from domain.istanbul.wheelbarrow import coffee, gain, update

PLACES = (COFFEE_HOUSE,)
COMMANDS = (DeliverCoffee,)
KEY = "coffee_house"
RUBY_EVENTS = (CoffeeDelivered,)


@record
class CoffeeHouse:
    taken: int  # rubies taken so far: each uncovers the next number
    rubies: int

    @property
    def rubies_left(self) -> int:
        return self.rubies


def initial(seats: int) -> CoffeeHouse:
    return CoffeeHouse(0, COFFEE_HOUSE_RUBIES)


def cost(state) -> int:
    """The highest number not covered by a ruby: 6, 7, 8, 9, 10, then 10 for every refilled ruby."""
    return COFFEE_HOUSE_TRACK[min(state.places[KEY].taken, len(COFFEE_HOUSE_TRACK) - 1)]


def view(state, revealed: bool) -> dict:
    return {"coffee_house": {"rubies": state.places[KEY].rubies, "coffee": cost(state)}}


VIEW_SCHEMA = {"coffee_house": obj("Coffee House 20 (Mocha & Baksheesh): coffee for the next ruby", {
    "rubies": integer("rubies left", minimum=0),
    "coffee": integer("coffee to deliver for the next ruby (6-10)", minimum=6, maximum=10),
})}


def has_ruby(state) -> bool:
    return state.places[KEY].rubies > 0


def legal(state, seat, action):
    if has_ruby(state) and coffee(state.players[seat]) >= cost(state):
        return [once(DeliverCoffee, seat)]
    return []


def diagnose(state, command) -> str:
    return v.NO_RUBIES_LEFT if not has_ruby(state) else v.NOT_ENOUGH_COFFEE


def refill_due(state) -> bool:
    """Taking the next ruby takes the last one: a supply ruby goes onto the ruby symbol (6.13)."""
    return state.places[KEY].rubies == 1 and state.ruby_supply > 0


def decide(state, command):
    return [CoffeeDelivered(command.seat, cost(state), refill_due(state))]


def advance(state, refilled: bool):
    """The next ruby leaves the track (to whoever takes it), the next one costs one coffee more (at most 10)."""
    here = state.places[KEY]
    state = with_place(state, KEY, replace(here, taken=here.taken + 1, rubies=here.rubies - 1 + refilled))
    return replace(state, ruby_supply=state.ruby_supply - refilled)


def apply_coffee_delivered(state, e):
    state = gain(state, e.seat, Goods({COFFEE: e.coffee}), sign=-1)
    state = update(state, e.seat, rubies=state.players[e.seat].rubies + 1)
    return acted(advance(state, e.refilled))


APPLY = {CoffeeDelivered: apply_coffee_delivered}
