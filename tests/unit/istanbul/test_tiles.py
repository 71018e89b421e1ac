"""Mosque tile abilities (7.1): red (dice), green (warehouse extra good), yellow (recall), blue (5th assistant)."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import (
    AcceptRoll,
    DrawBonusCard,
    FillGoods,
    Move,
    PayGovernor,
    PlayBonusCard,
    TakeBlackMarketGood,
    UseGovernor,
    UseMosqueTile,
    VisitBlackMarket,
    VisitTeaHouse,
)
from domain.istanbul.data import DEMAND_STACKS, DEMAND_TILES, SETUP
from domain.istanbul.events import AssistantsReturned, GreenTileUsed, RedTileUsed, RollResolved
from domain.istanbul.state import AssistantStep

from .builders import acting, codes, play, position, roll, setup


def test_red_turn_one_die_to_four():
    state = acting(9, player={"tiles": ("red",), "lira": 0})
    _, state = play(state, VisitTeaHouse(0, 8))
    events, state = roll(state, 2, 3)
    assert len(events) == 2  # no resolution yet: the player decides
    legal = set(game.legal_commands(state, 0))
    assert legal == {AcceptRoll(0), UseMosqueTile(0, "red", die=0), UseMosqueTile(0, "red", die=1),
                     UseMosqueTile(0, "red", reroll=True)}
    events, state = play(state, UseMosqueTile(0, "red", die=0))
    assert events == [RedTileUsed(0, (4, 3), False), RollResolved(0, "tea_house", 7, 0, 2)]
    assert state.players[0].lira == 2


def test_red_reroll_both_once():
    state = acting(9, player={"tiles": ("red",), "lira": 0})
    _, state = play(state, VisitTeaHouse(0, 8))
    _, state = roll(state, 1, 1)
    events, state = play(state, UseMosqueTile(0, "red", reroll=True))
    assert events == [RedTileUsed(0, (), True)]
    assert game.chance(state).label == "tea_house"
    events, state = roll(state, 4, 4)
    assert events[-1] == RollResolved(0, "tea_house", 8, 0, 8)  # no second choice
    assert state.players[0].lira == 8


def test_accept_the_roll():
    state = acting(8, player={"tiles": ("red",)})
    _, state = play(state, VisitBlackMarket(0, "red"))
    _, state = roll(state, 6, 5)
    events, state = play(state, AcceptRoll(0))
    assert events == [RollResolved(0, "black_market", 11, 2, 0)]  # 3 blue capped at capacity 2


def test_red_tile_not_owned():
    state = acting(9)
    _, state = play(state, VisitTeaHouse(0, 8))
    _, state = roll(state, 1, 1)
    assert codes(lambda: game.decide(state, UseMosqueTile(0, "red", reroll=True))) == "istanbul.tile_not_owned"


def test_green_extra_good_after_a_warehouse_action_once():
    state = acting(2, player={"tiles": ("green",), "lira": 5})
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, UseMosqueTile)]
    _, state = play(state, FillGoods(0))
    assert UseMosqueTile(0, "green", good="blue") in game.legal_commands(state, 0)
    events, state = play(state, UseMosqueTile(0, "green", good="blue"))
    assert events == [GreenTileUsed(0, "blue", 1)]
    assert state.players[0].lira == 3 and state.players[0].goods == {"red": 2, "blue": 1}
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, UseMosqueTile)]


def test_green_tile_needs_two_lira():
    state = acting(2, player={"tiles": ("green",), "lira": 1})
    _, state = play(state, FillGoods(0))
    assert codes(lambda: game.decide(state, UseMosqueTile(0, "green", good="red"))) == "istanbul.not_enough_lira"


def test_yellow_recall_an_assistant_once_per_turn():
    state = setup(2)
    state = position(state, players={0: {"tiles": ("yellow",), "lira": 10, "stack": ()}},
                     assistants=((1, 0), (2, 0), (3, 0), (4, 0)))
    _, state = play(state, Move(0, 6))
    assert isinstance(state.phase, AssistantStep)
    events, state = play(state, UseMosqueTile(0, "yellow", place=1))
    assert events == [AssistantsReturned(0, (1,), 2, "yellow_tile")]
    assert state.players[0].stack == (0,) and state.players[0].lira == 8
    assert codes(lambda: game.decide(state, UseMosqueTile(0, "yellow", place=2))) == "istanbul.tile_already_used"


def test_yellow_never_from_the_merchants_own_place():
    state = setup(2)
    state = position(state, players={0: {"tiles": ("yellow",), "lira": 10, "stack": (0, 0, 0), "merchant": 6}},
                     assistants=((6, 0),))
    assert UseMosqueTile(0, "yellow", place=6) not in game.legal_commands(state, 0)


def test_demand_tiles_show_five_goods_each_five_per_market():
    assert all(goods.total() == 5 for goods in DEMAND_TILES.values())
    assert {len(tiles) for tiles in DEMAND_STACKS.values()} == {5}
    assert all(tile.startswith("S") for tile in DEMAND_STACKS[11])


def test_mosque_tile_stacks_ascending_with_the_2_on_top():
    for _seats, row in SETUP.items():
        assert list(row["mosque_values"]) == sorted(row["mosque_values"]) and row["mosque_values"][0] == 2


# --- tiles while a sub-decision waits (the yellow tile's "once per turn" is any moment of it) --------------------
def test_yellow_while_the_governor_is_paid_and_during_the_caravansary():
    state = acting(5, governor=5, player={"tiles": ("yellow",), "lira": 4, "stack": (0, 0)},
                   assistants=((5, 0), (2, 0)))
    _, state = play(state, UseGovernor(0))
    assert UseMosqueTile(0, "yellow", place=2) in game.legal_commands(state, 0)
    state = acting(6, player={"tiles": ("yellow",), "lira": 4, "stack": (0, 0)}, assistants=((6, 0), (2, 0)))
    _, state = play(state, DrawBonusCard(0, "deck"))
    events, state = play(state, UseMosqueTile(0, "yellow", place=2))
    assert events == [AssistantsReturned(0, (2,), 2, "yellow_tile")]
    assert state.phase.step is not None and state.players[0].stack == (0, 0, 0)


def test_yellow_while_the_roll_awaits_the_red_tiles_choice_and_while_the_black_market_good_is_due():
    state = acting(8, player={"tiles": ("red", "yellow"), "lira": 4, "stack": (0, 0)},
                   assistants=((8, 0), (2, 0)))
    _, state = play(state, VisitBlackMarket(0, None))
    _, state = roll(state, 1, 2)
    assert UseMosqueTile(0, "yellow", place=2) in game.legal_commands(state, 0)
    _, state = play(state, AcceptRoll(0))
    legal = game.legal_commands(state, 0)
    assert TakeBlackMarketGood(0, "red") in legal and UseMosqueTile(0, "yellow", place=2) in legal


def test_red_only_on_a_roll_and_green_only_after_a_warehouse_action():
    state = acting(2, governor=2, player={"tiles": ("red", "green"), "lira": 5})
    _, state = play(state, FillGoods(0))
    assert UseMosqueTile(0, "green", good="red") in game.legal_commands(state, 0)
    _, state = play(state, UseGovernor(0))
    legal = game.legal_commands(state, 0)
    assert not any(isinstance(c, UseMosqueTile) for c in legal)
    assert codes(lambda: game.decide(state, UseMosqueTile(0, "red", reroll=True))) == "istanbul.illegal_command"
    assert codes(lambda: game.decide(state, UseMosqueTile(0, "green", good="red"))) == "istanbul.illegal_command"


def test_yellow_may_not_spend_the_lira_owed_to_the_governor():
    """2 lira and the governor's card played away (B01): the 2 lira are the payment, not the yellow tile's."""
    state = acting(5, governor=5, player={"tiles": ("yellow",), "lira": 2, "hand": (), "stack": (0, 0)},
                   assistants=((5, 0), (2, 0)))
    _, state = play(state, UseGovernor(0))
    assert UseMosqueTile(0, "yellow", place=2) in game.legal_commands(state, 0)  # the card could still be given
    _, state = play(state, PlayBonusCard(0, state.players[0].hand[0], good="red"))
    assert game.legal_commands(state, 0) == [PayGovernor(0, None)]
    assert codes(lambda: game.decide(state, UseMosqueTile(0, "yellow", place=2))) == "istanbul.decision_pending"
