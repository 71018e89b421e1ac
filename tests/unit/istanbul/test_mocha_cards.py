"""The bonus cards with coffee beans (8.2; R-44, R-53): M01 2 coffee, M02 2 coffee for a guild card, M03 1 coffee
for 8 lira, M04 swap up to 3 goods or coffee, M05 two dice's yields, M06 a die to 6 after an own roll, M07 a corner
instead of the move, M08 / M09 the wainwright / coffee house action once more."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import AcceptRoll, BuyExtension, EndTurn, Move, PlayBonusCard, UseMosqueTile, VisitTeaHouse
from domain.istanbul.events import BonusCardPlayed, DiceRolled, RollResolved
from domain.istanbul.mocha_baksheesh.commands import GiveGoods, TakeGoods, TurnDieToSix
from domain.istanbul.mocha_baksheesh.events import BonusCardPaid, DieTurned, GoodsGiven, GoodsTaken, GuildCardDrawn, YieldsTaken
from domain.istanbul.state import CardRoll, FinalCards, Swap
from domain.istanbul.wheelbarrow import gained

from .builders import answer, codes, mocha, mocha_acting, play, position, roll


def holding(*cards, **player):
    return position(mocha(2), players={0: {"hand": cards, **player}})


def test_m01_two_coffee_and_m03_one_coffee_for_eight_lira():
    state = holding("M01", "M03")
    assert PlayBonusCard(0, "M03") not in game.legal_commands(state, 0)  # no coffee to pay
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "M03"))) == "istanbul.not_enough_coffee"
    events, state = play(state, PlayBonusCard(0, "M01"))
    assert events == [BonusCardPlayed(0, "M01", "gain_coffee", good="coffee", gained=2)]
    events, state = play(state, PlayBonusCard(0, "M03"))
    assert events == [BonusCardPlayed(0, "M03", "gain_lira", lira=8), BonusCardPaid(0, "M03", {"coffee": 1})]
    assert state.players[0].goods == {"coffee": 1} and state.players[0].lira == 2 + 8
    assert state.discard[-2:] == ("M01", "M03")


def test_m02_two_coffee_for_the_top_guild_card():
    state = holding("M02", goods={"coffee": 2})
    top = state.places["guild_hall"].deck[0]
    events, state = play(state, PlayBonusCard(0, "M02"))
    assert events == [BonusCardPlayed(0, "M02", "draw_guild_card"), BonusCardPaid(0, "M02", {"coffee": 2}),
                      GuildCardDrawn(0, top)]
    assert state.players[0].guild_hand == (top,) and state.players[0].goods == {}


def test_m04_gives_up_to_three_then_takes_as_many_coffee_too():
    """Rulebook p.24: give 3 yellow goods, take 2 blue goods and 1 coffee."""
    state = holding("M04", goods={"yellow": 3, "coffee": 1}, extensions=1)
    _, state = play(state, PlayBonusCard(0, "M04"))
    assert state.card_step == Swap()
    legal = game.legal_commands(state, 0)
    assert all(isinstance(c, GiveGoods) for c in legal) and GiveGoods(0, {"yellow": 3}) in legal
    assert GiveGoods(0, {"yellow": 3, "coffee": 1}) not in legal  # at most 3
    assert codes(lambda: game.decide(state, EndTurn(0))) == "istanbul.decision_pending"
    events, state = play(state, GiveGoods(0, {"yellow": 3}))
    assert events == [GoodsGiven(0, {"yellow": 3})]
    legal = game.legal_commands(state, 0)
    assert all(isinstance(c, TakeGoods) and c.goods.total() == 3 for c in legal) and len(legal) == 35
    events, state = play(state, TakeGoods(0, {"blue": 2, "coffee": 1}))
    assert events == [GoodsTaken(0, {"blue": 2, "coffee": 1}, {"blue": 2, "coffee": 1})]
    assert state.players[0].goods == {"blue": 2, "coffee": 2} and state.card_step is None


def test_m05_rolls_two_dice_and_takes_both_yields():
    state = holding("M05", goods={"red": 2})
    _, state = play(state, PlayBonusCard(0, "M05"))
    request = game.chance(state)
    assert request.label == "roll_two_yields" and not request.by_dealer
    events, state = answer(state, (1, 5))
    assert events[1:] == [DiceRolled(0, "roll_two_yields", (1, 5)), YieldsTaken(0, (1, 5), {"coffee": 1}, 3)]
    assert state.players[0].goods == {"red": 2, "coffee": 1} and state.players[0].lira == 5
    again = holding("M05", goods={"red": 2})
    _, again = play(again, PlayBonusCard(0, "M05"))
    events, again = answer(again, (2, 2))
    assert events[-1] == YieldsTaken(0, (2, 2), {}, 0)  # two red goods, but the wheelbarrow is full


def test_m06_turns_a_die_of_an_own_roll_to_six():
    state = mocha_acting(9, player={"hand": ("M06",)})
    _, state = play(state, VisitTeaHouse(0, 12))
    events, state = roll(state, 3, 5)
    assert events[1:] == [DiceRolled(0, "tea_house", (3, 5))]  # the roll waits: M06 may still change it
    assert set(game.legal_commands(state, 0)) >= {AcceptRoll(0), TurnDieToSix(0, 0), TurnDieToSix(0, 1)}
    events, state = play(state, TurnDieToSix(0, 0))
    assert events == [BonusCardPlayed(0, "M06", "die_to_six"), DieTurned(0, 0, (6, 5)),
                      RollResolved(0, "tea_house", 11, 0, 2)]


def test_m06_and_the_red_tile_in_either_order_and_with_m05():
    state = mocha_acting(9, player={"hand": ("M06",), "tiles": ("red",)})
    _, state = play(state, VisitTeaHouse(0, 10))
    _, state = roll(state, 1, 2)
    events, state = play(state, UseMosqueTile(0, "red", die=1))
    assert len(events) == 1 and TurnDieToSix(0, 0) in game.legal_commands(state, 0)  # still open: M06
    events, state = play(state, TurnDieToSix(0, 0))
    assert events[-1] == RollResolved(0, "tea_house", 10, 0, 10)
    cards = holding("M05", "M06")
    _, cards = play(cards, PlayBonusCard(0, "M05"))
    _, cards = answer(cards, (4, 3))
    assert cards.card_step == CardRoll("roll_two_yields", (4, 3))
    assert set(game.legal_commands(cards, 0)) == {AcceptRoll(0), TurnDieToSix(0, 0), TurnDieToSix(0, 1)}
    events, cards = play(cards, TurnDieToSix(0, 1))
    assert events[-1] == YieldsTaken(0, (4, 6), {"yellow": 1, "blue": 1}, 0)


def test_m06_never_for_a_relocation_roll_and_not_without_a_roll():
    state = holding("M06")
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, TurnDieToSix)]
    assert codes(lambda: game.decide(state, TurnDieToSix(0, 0))) == "istanbul.card_timing"


def test_m07_a_corner_instead_of_the_move():
    state = holding("M07", merchant=7)
    corners = {c.place for c in game.legal_commands(state, 0) if isinstance(c, Move) and c.card == "M07"}
    assert corners == {16, 10, 20, 13}


def test_m08_the_wainwright_once_more():
    state = mocha_acting(1, player={"lira": 14, "hand": ("M08",)})
    _, state = play(state, BuyExtension(0))
    assert BuyExtension(0) not in game.legal_commands(state, 0)
    _, state = play(state, PlayBonusCard(0, "M08"))
    _, state = play(state, BuyExtension(0))
    assert state.players[0].extensions == 2


def test_after_the_last_turn_only_cards_that_bring_lira_or_goods():
    state = position(mocha(2), players={0: {"hand": ("M01", "M03", "M04", "M05"), "goods": {"coffee": 1}}},
                     phase=FinalCards((0,)), ending=True)
    plays = {c.card for c in game.legal_commands(state, 0) if isinstance(c, PlayBonusCard)}
    assert plays == {"M03", "M04"}  # R-44; M01 brings coffee, M05 needs dice


def test_coffee_is_never_capped_by_the_wheelbarrow():
    state = holding("M05", goods={"coffee": 7})
    _, state = play(state, PlayBonusCard(0, "M05"))
    events, state = answer(state, (1, 1))
    assert events[-1] == YieldsTaken(0, (1, 1), {"coffee": 2}, 0)
    assert state.players[0].goods == {"coffee": 9} and state.players[0].capacity == 2
    assert gained(state.players[0], "coffee", 5) == 5 and gained(state.players[0], "red", 5) == 2
