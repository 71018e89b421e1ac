import pytest

import domain.istanbul as game
from domain.istanbul.commands import BuyRuby
from domain.istanbul.events import RubyBought
from domain.istanbul.places.gemstone_dealer import price

from ..builders import acting, codes, play, with_place


@pytest.mark.parametrize("seats, price", [(2, 15), (3, 14), (4, 12), (5, 12)])
def test_first_price_by_player_count(seats, price):
    state = acting(16, seats=seats, player={"lira": 30})
    events, state = play(state, BuyRuby(0))
    assert events == [RubyBought(0, price, False)]
    assert state.players[0].lira == 30 - price and state.players[0].rubies == 1


def test_each_ruby_costs_one_more():
    state = acting(16, seats=4, player={"lira": 30})
    state = with_place(state, "gemstone_dealer", taken=3, rubies=9)
    events, _ = play(state, BuyRuby(0))
    assert events[0].lira == 15


def test_not_enough_lira():
    state = acting(16, player={"lira": 14})
    assert codes(lambda: game.decide(state, BuyRuby(0))) == "istanbul.not_enough_lira"


def test_last_ruby_refilled_at_23():
    state = acting(16, player={"lira": 50})
    state = with_place(state, "gemstone_dealer", taken=8, rubies=1)
    events, state = play(state, BuyRuby(0))
    assert events == [RubyBought(0, 23, True)]
    assert state.places["gemstone_dealer"].rubies == 1
    assert price(state) == 23
