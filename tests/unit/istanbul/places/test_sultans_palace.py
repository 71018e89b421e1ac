import domain.istanbul as game
from domain.istanbul.commands import DeliverToSultan
from domain.istanbul.events import SultanDelivered

from ..builders import acting, codes, play, position, with_place


def test_first_delivery_two_players_is_five_goods():
    state = acting(13, player={"goods": {"red": 1, "green": 1, "yellow": 1, "blue": 2}, "extensions": 0})
    legal = [c for c in game.legal_commands(state, 0) if isinstance(c, DeliverToSultan)]
    # fields blue, red, green, yellow, any: the any field may be the remaining blue only
    assert legal == [DeliverToSultan(0, {"blue": 1})]
    events, state = play(state, DeliverToSultan(0, {"blue": 1}))
    assert events == [SultanDelivered(0, {"red": 1, "green": 1, "yellow": 1, "blue": 2}, False)]
    assert state.players[0].rubies == 1 and state.players[0].goods == {}
    assert state.places["sultans_palace"].taken == 1 and state.places["sultans_palace"].rubies == 5


def test_first_delivery_four_players_is_four_goods():
    state = acting(13, seats=4, player={"goods": {"red": 1, "green": 1, "yellow": 1, "blue": 1}})
    assert DeliverToSultan(0, {}) in game.legal_commands(state, 0)


def test_not_enough_goods():
    state = acting(13, player={"goods": {"red": 1, "green": 1, "yellow": 1}})
    assert codes(lambda: game.decide(state, DeliverToSultan(0, {"red": 1}))) == "istanbul.not_enough_goods"


def test_last_ruby_is_refilled_from_the_supply_and_costs_ten_goods():
    state = acting(13, player={"goods": {"red": 3, "green": 3, "yellow": 3, "blue": 3}, "extensions": 1})
    state = with_place(state, "sultans_palace", taken=5, rubies=1)
    supply = state.ruby_supply
    any_fields = {"red": 1, "green": 1}  # fields 1..10: 2 of each colour + 2 any
    events, state = play(state, DeliverToSultan(0, any_fields))
    assert events == [SultanDelivered(0, {"red": 3, "green": 3, "yellow": 2, "blue": 2}, True)]
    assert state.places["sultans_palace"].rubies == 1 and state.ruby_supply == supply - 1


def test_empty_supply_leaves_the_track_empty():
    state = acting(13, player={"goods": {"red": 3, "green": 3, "yellow": 3, "blue": 3}, "extensions": 1, "rubies": 0})
    state = with_place(state, "sultans_palace", taken=5, rubies=1)
    state = position(state, players={1: {"rubies": state.ruby_supply}})
    assert state.ruby_supply == 0
    events, state = play(state, DeliverToSultan(0, {"red": 1, "green": 1}))
    assert events[0].refilled is False
    assert state.places["sultans_palace"].rubies == 0
