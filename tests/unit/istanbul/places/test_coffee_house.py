"""Coffee House 20 (6.17, refill 6.13): the highest number not covered by a ruby, 6 to 10, for the next ruby;
after the last ruby a supply ruby lies on the symbol, at 10 coffee."""

import pytest

import domain.istanbul as game
from domain.istanbul.commands import PlayBonusCard
from domain.istanbul.mocha_baksheesh.commands import DeliverCoffee
from domain.istanbul.mocha_baksheesh.events import CoffeeDelivered

from ..builders import codes, mocha_acting, play, with_place


@pytest.mark.parametrize("taken, coffee", [(0, 6), (1, 7), (2, 8), (3, 9), (4, 10)])
def test_coffee_for_the_next_ruby_is_the_highest_uncovered_number(taken, coffee):
    state = with_place(mocha_acting(20, player={"goods": {"coffee": 12}}), "coffee_house", taken=taken,
                       rubies=5 - taken)
    supply = state.ruby_supply
    last = taken == 4  # the ruby on the symbol: the refill rule puts a supply ruby there
    events, state = play(state, DeliverCoffee(0))
    assert events == [CoffeeDelivered(0, coffee, last)]
    assert state.players[0].rubies == 1 and state.players[0].goods == {"coffee": 12 - coffee}
    assert state.places["coffee_house"].rubies == 4 - taken + last and state.ruby_supply == supply - last


def test_m09_delivers_once_more_at_the_next_price():
    state = mocha_acting(20, player={"goods": {"coffee": 13}, "hand": ("M09",)})
    _, state = play(state, DeliverCoffee(0))
    assert DeliverCoffee(0) not in game.legal_commands(state, 0)
    _, state = play(state, PlayBonusCard(0, "M09"))
    events, state = play(state, DeliverCoffee(0))
    assert events == [CoffeeDelivered(0, 7, False)]
    assert state.players[0].rubies == 2 and state.players[0].goods == {}


def test_the_last_ruby_is_replaced_from_the_supply_and_costs_10_from_then_on():
    state = with_place(mocha_acting(20, player={"goods": {"coffee": 10}}), "coffee_house", taken=4, rubies=1)
    supply = state.ruby_supply
    events, state = play(state, DeliverCoffee(0))
    assert events == [CoffeeDelivered(0, 10, True)]
    assert state.places["coffee_house"].rubies == 1 and state.ruby_supply == supply - 1
    assert game.view(state, 0)["places"]["coffee_house"] == {"rubies": 1, "coffee": 10}


def test_not_enough_coffee_or_no_ruby_refused():
    state = mocha_acting(20, player={"goods": {"coffee": 5}})
    assert DeliverCoffee(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, DeliverCoffee(0))) == "istanbul.not_enough_coffee"
    state = with_place(mocha_acting(20, player={"goods": {"coffee": 10}}), "coffee_house", taken=5, rubies=0)
    assert codes(lambda: game.decide(state, DeliverCoffee(0))) == "istanbul.no_rubies_left"
