"""Tavern 19 (6.16, 7.4-7.6, R-16 to R-18): one option for coffee: the barrier (2 coffee; the action of a place
next to it, without encounters), a tavern tile (its printed coffee, one per kind), or baksheesh (4 coffee and the
baksheesh tile's goods for the next ruby of 13, 16 or 20; the tile turns over)."""

import domain.istanbul as game
from domain.istanbul.commands import EndTurn, FillGoods, UseGovernor
from domain.istanbul.mocha_baksheesh.commands import PayBaksheesh, PlaceBarrier, TakeTavernTile
from domain.istanbul.mocha_baksheesh.events import BaksheeshPaid, BarrierPlaced, TavernTileTaken
from domain.istanbul.state import Action

from ..builders import codes, mocha_acting, play, with_place

# the recommended layout: the tavern 19 has the wainwright 1 above, the small market 11 below, the fabric
# warehouse 2 to the left and the caravansary 6 to the right


def test_the_barrier_for_2_coffee_then_the_action_next_to_it_without_encounters():
    state = mocha_acting(19, player={"goods": {"coffee": 3}}, others={1: {"family": 2, "merchant": 2}}, governor=2)
    legal = set(game.legal_commands(state, 0))
    assert PlaceBarrier(0, (2, 19), 2) in legal and PlaceBarrier(0, (2, 19), 19) not in legal
    assert PlaceBarrier(0, (1, 7), 7) in legal  # anywhere on the board
    events, state = play(state, PlaceBarrier(0, (2, 19), 2))
    assert events == [BarrierPlaced(0, (2, 19), 2, 2)]
    assert state.places["tavern"].barrier == (2, 19) and state.places["tavern"].holder == 0
    assert state.phase == Action(place=2, no_figure=True) and state.players[0].goods == {"coffee": 1}
    legal = game.legal_commands(state, 0)
    assert FillGoods(0) in legal and UseGovernor(0) not in legal  # the governor stands at 2: not met
    assert EndTurn(0) in legal  # no merchant paid at 2, no family member caught there
    _, state = play(state, FillGoods(0))
    assert state.players[0].goods == {"red": 2, "coffee": 1}
    assert game.view(state, 1)["phase"]["no_figure"] is True


def test_the_barrier_moves_and_its_tile_changes_hands():
    state = mocha_acting(19, player={"goods": {"coffee": 2}})
    state = with_place(state, "tavern", barrier=(5, 14), holder=1)
    _, state = play(state, PlaceBarrier(0, (1, 19), 1))
    assert state.places["tavern"].barrier == (1, 19) and state.places["tavern"].holder == 0
    assert codes(lambda: game.decide(mocha_acting(19, player={"goods": {"coffee": 2}}),
                                     PlaceBarrier(0, (1, 2), 1))) == "istanbul.invalid_barrier"  # not neighbours
    assert codes(lambda: game.decide(mocha_acting(19, player={"goods": {"coffee": 1}}),
                                     PlaceBarrier(0, (1, 19), 1))) == "istanbul.not_enough_coffee"


def test_a_tavern_tile_for_its_coffee_one_of_each_kind():
    state = mocha_acting(19, seats=3, player={"goods": {"coffee": 4}})
    events, state = play(state, TakeTavernTile(0, "movement"))
    assert events == [TavernTileTaken(0, "movement_1", 1)]
    assert state.players[0].tavern_tiles == ("movement_1",) and state.players[0].goods == {"coffee": 3}
    assert state.places["tavern"].stacks["movement"] == ("movement_2", "movement_3", "movement_4")
    again = mocha_acting(19, seats=3, player={"goods": {"coffee": 4}, "tavern_tiles": ("movement_1",)})
    assert TakeTavernTile(0, "movement") not in game.legal_commands(again, 0)
    assert codes(lambda: game.decide(again, TakeTavernTile(0, "movement"))) == "istanbul.tavern_tile_owned"
    _, again = play(again, TakeTavernTile(0, "encounter"))
    assert again.players[0].tavern_tiles == ("movement_1", "encounter_1")


def test_two_players_use_only_the_tiles_with_1_and_3_coffee():
    state = mocha_acting(19, seats=2, player={"goods": {"coffee": 1}}, others={1: {"tavern_tiles": ("encounter_1",)}})
    assert state.places["tavern"].stacks == {"movement": ("movement_1", "movement_3"), "encounter": ("encounter_3",)}
    assert TakeTavernTile(0, "movement") in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, TakeTavernTile(0, "encounter"))) == "istanbul.not_enough_coffee"


def test_baksheesh_4_coffee_and_3_yellow_for_the_next_ruby_then_the_tile_turns_over():
    state = mocha_acting(19, player={"goods": {"coffee": 8, "yellow": 3, "blue": 2}, "extensions": 1})
    legal = set(game.legal_commands(state, 0))
    assert {PayBaksheesh(0, 13), PayBaksheesh(0, 16), PayBaksheesh(0, 20)} <= legal
    sultan_before = game.view(state, 0)["places"]["sultans_palace"]["next_goods"]
    events, after = play(state, PayBaksheesh(0, 13))
    assert events == [BaksheeshPaid(0, 13, 4, {"yellow": 3}, "A", False)]
    assert after.players[0].rubies == 1 and after.players[0].goods == {"coffee": 4, "blue": 2}
    assert after.places["sultans_palace"].taken == 1  # the track advances: the next delivery needs one more good
    assert game.view(after, 0)["places"]["sultans_palace"]["next_goods"] != sultan_before
    assert after.places["tavern"].side == 1
    assert game.view(after, 0)["places"]["tavern"]["baksheesh"] == {"side": "B", "goods": {"blue": 2}}
    _, after = play(state, PayBaksheesh(0, 16))
    assert after.places["gemstone_dealer"].taken == 1 and after.players[0].lira == state.players[0].lira


def test_baksheesh_needs_the_goods_of_the_face_up_side_and_a_ruby_on_the_track():
    state = mocha_acting(19, player={"goods": {"coffee": 8, "yellow": 2}})
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, PayBaksheesh)]
    assert codes(lambda: game.decide(state, PayBaksheesh(0, 20))) == "istanbul.not_enough_goods"
    empty = with_place(mocha_acting(19, player={"goods": {"coffee": 8, "yellow": 3}, "extensions": 1}), "coffee_house", taken=5,
                       rubies=0)
    assert PayBaksheesh(0, 20) not in game.legal_commands(empty, 0)
    assert codes(lambda: game.decide(empty, PayBaksheesh(0, 20))) == "istanbul.no_rubies_left"
    assert codes(lambda: game.decide(empty, PayBaksheesh(0, 14))) == "istanbul.invalid_target"


def test_the_last_ruby_by_baksheesh_is_refilled_from_the_supply():
    state = with_place(mocha_acting(19, player={"goods": {"coffee": 4, "yellow": 3}, "extensions": 1}), "coffee_house", taken=4,
                       rubies=1)
    supply = state.ruby_supply
    events, state = play(state, PayBaksheesh(0, 20))
    assert events[0].refilled and state.places["coffee_house"].rubies == 1 and state.ruby_supply == supply - 1
