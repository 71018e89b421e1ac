"""Coffee Roastery 17 (6.14): 1-3 different options, each once, 2 coffee each (2 lira, 1 good, 1 bonus or guild
card); never coffee as the good."""

import domain.istanbul as game
from domain.istanbul.mocha_baksheesh.commands import RoastCoffee
from domain.istanbul.mocha_baksheesh.events import CoffeeRoasted

from ..builders import codes, mocha_acting, play


def roasts(state):
    return {c for c in game.legal_commands(state, 0) if isinstance(c, RoastCoffee)}


def test_every_combination_of_different_options_is_listed_once():
    state = mocha_acting(17, player={"lira": 2, "goods": {"red": 1, "coffee": 5}, "hand": ("B02",),
                                     "guild_hand": ("G05",)})
    assert roasts(state) == {RoastCoffee(0, lira, good, card)
                             for lira in (False, True) for good in (None, "red") for card in (None, "B02", "G05")
                             if lira or good or card}


def test_all_three_options_bring_6_coffee_and_the_paid_cards_go_to_their_discard_piles():
    state = mocha_acting(17, player={"lira": 3, "goods": {"blue": 2}, "hand": ("B02", "B09"), "guild_hand": ("G05",)})
    events, after = play(state, RoastCoffee(0, True, "blue", "B09"))
    assert events == [CoffeeRoasted(0, 2, "blue", "B09", 6)]
    p = after.players[0]
    assert p.lira == 1 and p.goods == {"blue": 1, "coffee": 6} and p.hand == ("B02",)
    assert after.discard[-1] == "B09"
    assert after.phase.done == 1 and not roasts(after)
    _, after = play(state, RoastCoffee(0, False, None, "G05"))
    assert after.players[0].guild_hand == () and after.places["guild_hall"].discard == ("G05",)
    assert after.players[0].goods == {"blue": 2, "coffee": 2}


def test_nothing_to_pay_nothing_to_roast_and_refusals_name_the_missing_thing():
    state = mocha_acting(17, player={"lira": 1, "goods": {"coffee": 3}, "hand": ()})
    assert not roasts(state)
    assert codes(lambda: game.decide(state, RoastCoffee(0, True))) == "istanbul.not_enough_lira"
    assert codes(lambda: game.decide(state, RoastCoffee(0, good="coffee"))) == "istanbul.not_enough_goods"
    assert codes(lambda: game.decide(state, RoastCoffee(0, card="B02"))) == "istanbul.card_not_in_hand"
    assert codes(lambda: game.decide(state, RoastCoffee(0))) == "istanbul.action_unavailable"
