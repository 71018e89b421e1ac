"""Every worked example of the Istanbul rulebooks as known-value tests (cited as 000: the German Big Box rulebook;
003: the Hungarian rulebook; 004: the Spanish rules)."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import (
    BuyRuby,
    CollectMail,
    DeliverToSultan,
    EndTurn,
    FillGoods,
    LeaveAssistant,
    Move,
    PayGovernor,
    PayMerchants,
    PlayBonusCard,
    SellGoods,
    SendFamilyMember,
    TakeBlackMarketGood,
    TakeMosqueTile,
    UseGovernor,
    UseMosqueTile,
    UseSmuggler,
    VisitBlackMarket,
    VisitTeaHouse,
)
from domain.istanbul.data import LAYOUTS
from domain.istanbul.events import (
    BlackMarketGoodTaken,
    DiceRolled,
    FinalCardsBegan,
    GoodsSold,
    MailCollected,
    MerchantsPaid,
    MosqueTileTaken,
    RedTileUsed,
    RollResolved,
    RubyBought,
    SultanDelivered,
    TurnEnded,
)
from domain.istanbul.mocha_baksheesh.commands import (
    FinishGuildCard,
    GiveGoods,
    PlaceBarrier,
    PlayGuildCard,
    RoastCoffee,
    TakeGoods,
)
from domain.istanbul.mocha_baksheesh.events import BarrierPlaced, CoffeeRoasted, GuildCardFinished, TavernTileTaken
from domain.istanbul.state import Action, FinalCards
from tests.unit.istanbul.builders import (
    acting,
    layout_permutation,
    mocha,
    mocha_acting,
    play,
    position,
    roll,
    setup,
    with_place,
)


def test_black_market_2_and_5_turned_to_4_with_the_red_tile_gives_2_blue_and_one_other_good():
    """000 p.18 / 003 p.6: rolled 2 and 5; the red tile turns the 2 into a 4: 9 points, 2 blue goods and one
    non-blue good."""
    state = acting(8, player={"tiles": ("red",)})
    _, state = play(state, VisitBlackMarket(0, "yellow"))
    _, state = roll(state, 2, 5)
    events, state = play(state, UseMosqueTile(0, "red", die=0))
    assert events == [RedTileUsed(0, (4, 5), False), RollResolved(0, "black_market", 9, 2, 0)]
    assert state.players[0].goods == {"yellow": 1, "blue": 2}


def test_black_market_rolled_first_then_2_blue_and_the_non_blue_good_taken_after_the_roll():
    """000 p.18: "Du darfst auch zuerst würfeln und anschließend die zusätzliche einzelne Ware nehmen"; the same
    example rolled first: 2 and 5, the red tile turns the 2 into a 4, then 2 blue goods and one non-blue good."""
    state = acting(8, player={"tiles": ("red",)})
    _, state = play(state, VisitBlackMarket(0, None))
    _, state = roll(state, 2, 5)
    events, state = play(state, UseMosqueTile(0, "red", die=0))
    assert events == [RedTileUsed(0, (4, 5), False), RollResolved(0, "black_market", 9, 2, 0)]
    events, state = play(state, TakeBlackMarketGood(0, "yellow"))
    assert events == [BlackMarketGoodTaken(0, "yellow", 1)]
    assert state.players[0].goods == {"yellow": 1, "blue": 2}


def test_small_market_sale_of_1_red_1_green_2_yellow_for_14_lira():
    """000 p.19 / 003 p.6: 1 red, 1 green and 2 yellow sold give 14 lira (demand tile D-S4)."""
    small = (3, 0, 1, 2, 4)  # S4 on top
    state = acting(11, player={"goods": {"red": 1, "green": 1, "yellow": 2}, "lira": 0}, setup_kwargs={"small": small})
    assert state.places["markets"].stacks[11][0] == "S4"
    events, state = play(state, SellGoods(0, {"red": 1, "green": 1, "yellow": 2}))
    assert events == [GoodsSold(0, 11, {"red": 1, "green": 1, "yellow": 2}, 14, "S1")]
    assert state.players[0].lira == 14 and state.places["markets"].stacks[11][-1] == "S4"


def test_sultan_delivery_of_seven_goods():
    """000 p.19 / 003 p.7: deliver 2 blue, 2 red, 1 yellow, 1 green and 1 any good for the next ruby."""
    state = acting(13, seats=4, player={"goods": {"red": 2, "green": 1, "yellow": 1, "blue": 3}, "extensions": 1})
    state = with_place(state, "sultans_palace", taken=3, rubies=4)
    legal = [c for c in game.legal_commands(state, 0) if isinstance(c, DeliverToSultan)]
    assert legal == [DeliverToSultan(0, {"blue": 1})]
    events, state = play(state, DeliverToSultan(0, {"blue": 1}))
    assert events == [SultanDelivered(0, {"red": 2, "green": 1, "yellow": 1, "blue": 3}, False)]
    assert events[0].goods.total() == 7
    assert state.players[0].rubies == 1 and state.players[0].goods == {}


def test_gemstone_dealer_highest_uncovered_number_15():
    """000 p.19 / 004: the highest number not covered by a ruby is 15, so the ruby costs 15 lira."""
    state = acting(16, seats=4, player={"lira": 20})
    state = with_place(state, "gemstone_dealer", taken=3, rubies=9)
    events, state = play(state, BuyRuby(0))
    assert events == [RubyBought(0, 15, False)]
    assert state.players[0].lira == 5
    assert game.view(state, 0)["places"]["gemstone_dealer"]["price"] == 16


def test_post_office_3_lira_red_and_yellow_then_the_indicator_moves_from_blue_to_yellow():
    """000 p.18 / 004: take 3 lira, 1 red and 1 yellow; then move the indicator from the blue good onto the
    yellow one (post office state 2 -> 3)."""
    state = acting(5, player={"lira": 0})
    state = with_place(state, "post_office", moved=2)
    events, state = play(state, CollectMail(0))
    assert events == [MailCollected(0, {"red": 1, "yellow": 1}, 3, 3)]
    # now column III shows blue: the next visitor takes red, blue and 3 lira
    events, _ = play(position(state, phase=Action(place=5)), CollectMail(0))
    assert events[0].goods == {"red": 1, "blue": 1} and events[0].lira == 3


def test_police_station_family_member_to_the_spice_warehouse():
    """000 p.19 / 003 p.7: the family member fills green goods; no 2 lira to the other merchant there, and the
    governor there cannot be used."""
    state = acting(12, seats=3, others={1: {"merchant": 3}}, governor=3)
    _, state = play(state, SendFamilyMember(0, 3))
    _, state = play(state, FillGoods(0))
    assert state.players[0].goods == {"green": 2} and state.players[0].lira == 2
    assert state.players[1].lira == 3
    assert UseGovernor(0) not in game.legal_commands(state, 0)


def test_mosque_tile_with_three_blue_goods_and_the_fifth_assistant():
    """000 p.19 / 003 p.7: to get this tile you need 3 blue goods and pay 1; then take the 5th assistant."""
    state = acting(15, seats=4, player={"goods": {"blue": 3}, "extensions": 1},
                   others={1: {"tiles": ("blue",)}})
    assert state.places["mosques"].tiles["blue"][0] == 3
    events, state = play(state, TakeMosqueTile(0, "blue"))
    assert events == [MosqueTileTaken(0, "blue", 3, False, True)]
    assert state.players[0].goods == {"blue": 2}
    assert state.players[0].spare == 0 and len(state.players[0].stack) == 4


def test_pay_2_lira_each_to_the_yellow_and_the_green_merchant_or_the_turn_ends():
    """000 p.8: you must pay 2 lira each to the yellow and the green player, otherwise your turn is over."""
    state = setup(3)
    state = position(state, players={0: {"lira": 4}, 1: {"merchant": 6}, 2: {"merchant": 6}})
    _, state = play(state, Move(0, 6))
    _, paying = play(state, LeaveAssistant(0))
    events, after = play(paying, PayMerchants(0))
    assert events == [MerchantsPaid(0, 6, (1, 2), (), 4)]
    assert [p.lira for p in after.players] == [0, 5, 6]
    events, refused = play(paying, EndTurn(0))
    assert events == [TurnEnded(0, 1)]
    assert refused.players[0].lira == 4


def test_governor_card_taken_and_discarded_at_once_just_to_move_it():
    """000 p.9 / 003: it is allowed to take a card (or a good) and give it straight back to move the figure."""
    state = acting(5, governor=5, smuggler=5, player={"lira": 0})
    top = state.deck[0]
    _, state = play(state, UseGovernor(0))
    payments = [c for c in game.legal_commands(state, 0) if isinstance(c, PayGovernor)]
    assert payments == [PayGovernor(0, c) for c in sorted(set(state.players[0].hand))]  # 0 lira: a card only
    _, state = play(state, PayGovernor(0, top))
    _, state = roll(state, 3, 3)
    assert state.figures["governor"] == 6
    events, state = play(state, UseSmuggler(0, "red", "red"))
    assert state.players[0].goods == {}
    _, state = roll(state, 6, 6)
    assert state.figures["smuggler"] == 12


def test_fifth_ruby_the_round_is_finished_then_the_game_ends():
    """000 p.9 / 003 p.5: a player got the 5th ruby: the running round is finished, then the game ends (the start
    player does not play again)."""
    state = acting(16, seats=4, seat=1, player={"rubies": 4, "lira": 12})
    _, state = play(state, BuyRuby(1))
    assert state.ending
    for seat in (1, 2):
        if seat != 1:
            _, state = play(state, Move(seat, 6))
        _, state = play(state, EndTurn(seat))
    assert state.current == 3
    _, state = play(state, Move(3, 6))
    events, state = play(state, EndTurn(3))
    # every seat still holds the B01 dealt at set-up: the final card plays begin instead of seat 0's turn
    assert events == [TurnEnded(3, 0), FinalCardsBegan((0, 1, 2, 3))]
    assert isinstance(state.phase, FinalCards)
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, Move)]


def test_layout_pictures_short_and_long_paths():
    """000 p.6: the two recommended layouts, as printed (the extracted text reads them column by column)."""
    def columns(layout):
        return [tuple(layout[r * 4 + c] for r in range(4)) for c in range(4)]

    assert columns(LAYOUTS["short_paths"]) == [(15, 4, 8, 13), (5, 12, 6, 10), (2, 7, 11, 1), (14, 3, 9, 16)]
    assert columns(LAYOUTS["long_paths"]) == [(16, 15, 3, 10), (2, 7, 5, 9), (8, 6, 12, 14), (11, 4, 1, 13)]


def test_wheelbarrow_with_1_blue_and_2_green_goods():
    """000 p.5 / 003 p.2: the wheelbarrow picture: the player owns 1 blue and 2 green goods."""
    state = position(setup(2), players={0: {"goods": {"green": 2, "blue": 1}}})
    assert game.view(state, 0)["players"][0]["goods"] == {"red": 0, "green": 2, "yellow": 0, "blue": 1}


def test_start_player_2_lira_and_each_next_player_clockwise_1_more():
    """000 p.6 step 12: the start player gets 2 lira, clockwise each player 1 lira more than the right neighbour."""
    state = setup(5, start=3)
    assert [p.lira for p in state.players] == [4, 5, 6, 2, 3]


# --- Mocha & Baksheesh (000 pp.10-12, 20, 23, 24) ---------------------------------------------------------------
def _guild_turn(card: str, **player):
    state = position(mocha(2), players={0: {"guild_hand": (card,), "hand": (), **player}})
    _, state = play(state, PlayGuildCard(0, card))
    return state


def test_guild_card_16_pay_15_lira_for_the_ruby_and_3_coffee():
    """000 p.12: "Nach der Zahlung von 15 Lira erhältst du zusätzlich zum Rubin 3 Kaffee." (2 players: 15 lira)"""
    state = _guild_turn("G16", lira=15)
    events, state = play(state, BuyRuby(0))
    assert events == [RubyBought(0, 15, False)]
    events, state = play(state, FinishGuildCard(0, None))
    assert events == [GuildCardFinished(0, "G16", 3, 0, None, 0)]
    assert state.players[0].lira == 0 and state.players[0].rubies == 1 and state.players[0].goods == {"coffee": 3}


def test_guild_card_9_announce_7_roll_5_take_4_lira_and_no_red_tile():
    """000 p.23: "Du sagst 7 an und würfelst 5. Anstatt der üblichen 2 Lira erhältst du 4 Lira." Cards 8 and 9:
    the red mosque tile may not be used."""
    state = _guild_turn("G09", lira=0, tiles=("red",), goods={"red": 1})
    _, state = play(state, VisitTeaHouse(0, 7))
    events, state = roll(state, 2, 3)
    assert events[1:] == [DiceRolled(0, "tea_house", (2, 3)), RollResolved(0, "tea_house", 5, 0, 4)]
    assert state.players[0].lira == 4


def test_the_roasting_plant_2_lira_and_1_bonus_card_bring_4_coffee():
    """000 p.20: "Du gibst 2 Lira und 1 Bonuskarte ab und erhältst dafür 4 Kaffee aus dem Vorrat." """
    state = mocha_acting(17, player={"lira": 2, "hand": ("B09",)})
    events, state = play(state, RoastCoffee(0, True, None, "B09"))
    assert events == [CoffeeRoasted(0, 2, None, "B09", 4)]
    assert state.players[0].goods == {"coffee": 4} and state.players[0].lira == 0 and state.players[0].hand == ()


def test_the_barrier_between_post_office_and_fabric_warehouse_then_the_fabric_warehouse_action():
    """000 p.20: "Du gibst 2 Kaffee ab und nimmst dir das Sperre-Plättchen. Du legst die Sperre zwischen Postamt
    und Tuchlager und führst die Aktion des Tuchlagers aus." (a random layout with the two side by side)"""
    rows = [[16, 15, 18, 3, 10], [8, 1, 7, 17, 4], [2, 19, 6, 12, 9], [5, 11, 20, 14, 13]]
    state = mocha_acting(19, player={"goods": {"coffee": 2}},
                         setup_kwargs={"layout": "random", "layouts": [layout_permutation(rows)]})
    events, state = play(state, PlaceBarrier(0, (2, 5), 2))
    assert events == [BarrierPlaced(0, (2, 5), 2, 2)]
    assert state.places["tavern"].barrier == (2, 5) and state.places["tavern"].holder == 0
    _, state = play(state, FillGoods(0))
    assert state.players[0].goods == {"red": 2}


def test_guild_card_19_a_2_coffee_tile_and_the_barrier_for_3_coffee_instead_of_4():
    """000 p.23: a tavern tile showing 2 coffee and the barrier moved, with the action next to it: 3 coffee."""
    state = position(mocha(3), players={0: {"guild_hand": ("G19",), "goods": {"coffee": 3}},
                                        1: {"tavern_tiles": ("encounter_1",)}})
    state = with_place(state, "tavern", barrier=(5, 14), holder=1)
    _, state = play(state, PlayGuildCard(0, "G19"))
    events, state = play(state, PlaceBarrier(0, (2, 19), 2, "encounter"))
    assert events == [TavernTileTaken(0, "encounter_2", 2), BarrierPlaced(0, (2, 19), 2, 1)]
    assert state.players[0].goods == {} and state.places["tavern"].holder == 0


def test_guild_card_14_the_red_mosque_tile_for_1_red_good():
    """000 p.23: "Du nimmst das rote Moschee-Plättchen und gibst dafür 1 rote Ware ab." """
    state = _guild_turn("G14", goods={"red": 1})
    assert state.places["mosques"].tiles["red"][0] == 2
    events, state = play(state, TakeMosqueTile(0, "red"))
    assert events == [MosqueTileTaken(0, "red", 2, False, False)]
    assert state.players[0].tiles == ("red",) and state.players[0].goods == {}


def test_m04_give_3_yellow_take_2_blue_and_1_coffee():
    """000 p.24: "Gib 3 gelbe Waren ab und nimm 2 blaue Waren und 1 Kaffee." """
    state = position(mocha(2), players={0: {"hand": ("M04",), "goods": {"yellow": 3}, "extensions": 1}})
    _, state = play(state, PlayBonusCard(0, "M04"))
    _, state = play(state, GiveGoods(0, {"yellow": 3}))
    _, state = play(state, TakeGoods(0, {"blue": 2, "coffee": 1}))
    assert state.players[0].goods == {"blue": 2, "coffee": 1}
