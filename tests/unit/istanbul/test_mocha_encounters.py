"""The coffee trader (9.2: 1 coffee for 2 lira or 1 good, once per turn, then relocated by the dealer's roll) and the
tavern's encounter tile (7.4: the governor, the smuggler and the coffee trader ask nothing)."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import EndTurn, FillGoods, PayGovernor, UseGovernor, UseSmuggler
from domain.istanbul.events import BonusCardDrawn, FigurePlaced, GovernorUsed, SmugglerUsed
from domain.istanbul.mocha_baksheesh.commands import UseCoffeeTrader
from domain.istanbul.mocha_baksheesh.events import CoffeeTraderUsed, GovernorPaymentWaived

from .builders import codes, mocha_acting, play, roll


def trader_uses(state):
    return {c for c in game.legal_commands(state, 0) if isinstance(c, UseCoffeeTrader)}


def test_the_coffee_trader_gives_1_coffee_for_2_lira_or_a_good_then_moves_by_the_dealers_roll():
    state = mocha_acting(3, player={"lira": 2, "goods": {"red": 1}}, coffee_trader=3)
    assert trader_uses(state) == {UseCoffeeTrader(0, "lira"), UseCoffeeTrader(0, "red")}
    events, state = play(state, UseCoffeeTrader(0, "red"))
    assert events == [CoffeeTraderUsed(0, 1, "red")]
    assert state.players[0].goods == {"coffee": 1}
    request = game.chance(state)
    assert request.label == "coffee_trader" and request.by_dealer
    events, state = roll(state, 5, 6)
    assert events[1] == FigurePlaced("coffee_trader", 0, 11, (5, 6)) and state.figures["coffee_trader"] == 11
    assert not trader_uses(state) and EndTurn(0) in game.legal_commands(state, 0)


def test_coffee_is_no_payment_and_an_empty_purse_leaves_nothing_to_use():
    state = mocha_acting(3, player={"lira": 1, "goods": {"coffee": 3}}, coffee_trader=3)
    assert not trader_uses(state)
    assert codes(lambda: game.decide(state, UseCoffeeTrader(0, "lira"))) == "istanbul.not_enough_lira"
    assert codes(lambda: game.decide(state, UseCoffeeTrader(0, "free"))) == "istanbul.invalid_target"
    assert codes(lambda: game.decide(mocha_acting(3), UseCoffeeTrader(0, "lira"))) == "istanbul.figure_not_here"


def test_the_encounter_tile_makes_all_three_figures_free():
    tile = {"tavern_tiles": ("encounter_1",), "lira": 0}
    state = mocha_acting(3, player=tile, coffee_trader=3, governor=3, smuggler=3)
    legal = set(game.legal_commands(state, 0))
    assert trader_uses(state) == {UseCoffeeTrader(0, "free")}
    assert {c for c in legal if isinstance(c, UseSmuggler)} == {UseSmuggler(0, g, "free")
                                                                for g in ("red", "green", "yellow", "blue")}
    events, state = play(state, UseCoffeeTrader(0, "free"))
    assert state.players[0].goods == {"coffee": 1} and state.players[0].lira == 0
    _, state = roll(state, 1, 1)
    top = state.deck[0]
    events, state = play(state, UseGovernor(0))
    assert events == [GovernorUsed(0), BonusCardDrawn(0, top, "deck"), GovernorPaymentWaived(0)]
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, PayGovernor)]
    assert state.phase.step is None and game.chance(state).label == "governor"
    _, state = roll(state, 1, 1)
    events, state = play(state, UseSmuggler(0, "blue", "free"))
    assert events == [SmugglerUsed(0, "blue", 1, "free")] and state.players[0].goods == {"coffee": 1, "blue": 1}


def test_the_caravansarys_new_face_adds_one_coffee():
    state = mocha_acting(6)
    _, state = play(state, game.COMMANDS["draw_bonus_card"](0, "deck"))
    assert state.players[0].goods == {"coffee": 1}


def test_no_encounter_where_the_barriers_action_took_place():
    state = mocha_acting(19, player={"goods": {"coffee": 2}}, coffee_trader=2)
    _, state = play(state, game.COMMANDS["place_barrier"](0, (2, 19), 2))
    _, state = play(state, FillGoods(0))
    assert not trader_uses(state)  # the coffee trader stands at 2, where no figure was
