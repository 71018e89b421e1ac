import domain.istanbul as game
from domain.istanbul.commands import BuyExtension
from domain.istanbul.events import ExtensionBought

from ..builders import acting, codes, play


def test_buy_an_extension_for_7_lira():
    state = acting(1, player={"lira": 9})
    events, state = play(state, BuyExtension(0))
    assert events == [ExtensionBought(0, 7, False)]
    p = state.players[0]
    assert p.lira == 2 and p.extensions == 1 and p.capacity == 3
    assert state.places["wainwright"].extensions == 5


def test_third_extension_brings_the_wainwright_ruby():
    state = acting(1, player={"lira": 7, "extensions": 2})
    events, state = play(state, BuyExtension(0))
    assert events == [ExtensionBought(0, 7, True)]
    assert state.players[0].rubies == 1 and state.players[0].capacity == 5
    assert state.places["wainwright"].rubies == 1


def test_not_enough_lira():
    state = acting(1, player={"lira": 6})
    assert BuyExtension(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, BuyExtension(0))) == "istanbul.not_enough_lira"


def test_complete_wheelbarrow_cannot_grow():
    state = acting(1, player={"lira": 20, "extensions": 3})
    assert codes(lambda: game.decide(state, BuyExtension(0))) == "istanbul.wheelbarrow_complete"


def test_once_per_action():
    state = acting(1, player={"lira": 20})
    _, state = play(state, BuyExtension(0))
    assert codes(lambda: game.decide(state, BuyExtension(0))) == "istanbul.action_already_done"


def test_not_at_the_wainwright():
    state = acting(2, player={"lira": 20})
    assert codes(lambda: game.decide(state, BuyExtension(0))) == "istanbul.not_at_place"
