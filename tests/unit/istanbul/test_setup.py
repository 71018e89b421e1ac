"""Set-up per player count, options, start player and chance steps (rules 4.1, 4.3, 11.1, 11.2)."""

from __future__ import annotations

import pytest

import domain.istanbul as game
from domain.core import InvalidOptions, Pick, Roll, Shuffle
from domain.istanbul.data import LAYOUTS
from domain.istanbul.scoring import target
from domain.istanbul.state import NEUTRAL, Movement, Setup

from .builders import answer, setup


@pytest.mark.parametrize(
    "seats, lira, mosque, mosque_rubies, wainwright, sultan, gems, supply",
    [
        (2, (2, 3), (2, 4), 2, 2, 6, 9, 42 - 21),
        (3, (2, 3, 4), (2, 3, 4), 3, 3, 6, 10, 42 - 25),
        (4, (2, 3, 4, 5), (2, 3, 4, 5), 4, 4, 7, 12, 42 - 31),
        (5, (2, 3, 4, 5, 6), (2, 3, 4, 5), 4, 5, 7, 12, 42 - 32),
    ],
)
def test_setup_by_player_count(seats, lira, mosque, mosque_rubies, wainwright, sultan, gems, supply):
    state = setup(seats)
    assert tuple(p.lira for p in state.players) == lira
    assert state.places["mosques"].tiles == {c: mosque for c in ("red", "green", "yellow", "blue")}
    assert state.places["mosques"].rubies == {14: mosque_rubies, 15: mosque_rubies}
    assert state.places["wainwright"].rubies == wainwright
    assert state.places["wainwright"].extensions == 3 * seats
    assert state.places["sultans_palace"].rubies == sultan
    assert state.places["gemstone_dealer"].rubies == gems
    assert state.ruby_supply == supply
    assert target(state) == (6 if seats == 2 else 5)
    for seat, p in enumerate(state.players):
        assert p.merchant == 7 and p.family == 12
        assert p.stack == (seat,) * 4 and p.spare == 1
        assert len(p.hand) == 1
        assert p.goods == {} and p.capacity == 2
    assert len(state.deck) == 26 - seats
    assert isinstance(state.phase, Movement) and state.current == 0
    assert state.neutral_merchants == ((14, 15, 16) if seats == 2 else ())


def test_start_player_gets_two_lira_and_clockwise_one_more():
    state = setup(4, start=2)
    assert state.start_player == 2 and state.current == 2
    assert tuple(p.lira for p in state.players) == (4, 5, 2, 3)
    # the deal starts with the start player: the top card goes to seat 2
    assert state.players[2].hand == ("B01",)


def test_setup_chance_steps_in_order_and_figures_placed_by_dice():
    state = game.initial_state({}, 3)
    assert isinstance(state.phase, Setup)
    assert game.to_act(state) == ()
    seen = []
    outcomes = {"start_player": (1,), "bonus_deck": tuple(range(26)), "small_demand": (4, 3, 2, 1, 0),
                "large_demand": (0, 1, 2, 3, 4), "governor": (1, 2), "smuggler": (5, 6)}
    while (request := game.chance(state)) is not None:
        seen.append((type(request), request.label))
        assert request.by_dealer is False
        _, state = answer(state, outcomes[request.label])
    assert seen == [
        (Pick, "start_player"), (Shuffle, "bonus_deck"), (Shuffle, "small_demand"), (Shuffle, "large_demand"),
        (Roll, "governor"), (Roll, "smuggler"),
    ]
    assert state.figures["governor"] == 3 and state.figures["smuggler"] == 11
    assert state.places["markets"].stacks[11][0] == "S5" and state.places["markets"].stacks[10][0] == "L1"
    assert game.to_act(state) == (1,)


@pytest.mark.parametrize("layout", ["short_paths", "long_paths", "ordered"])
def test_fixed_layouts(layout):
    assert setup(2, layout=layout).layout == LAYOUTS[layout]


def test_random_layout_is_redrawn_until_the_constraints_hold():
    corner = (6,) + tuple(i for i in range(16) if i != 6)  # fountain 7 in a corner
    state = game.initial_state({"layout": "random"}, 2)
    _, state = answer(state, (0,))
    assert game.chance(state) == Shuffle("layout", 16, secret=False)
    events, state = answer(state, corner)
    assert events[1].accepted is False and state.layout == ()
    assert game.chance(state).label == "layout"
    events, state = answer(state, tuple(range(16)))
    assert events[1].accepted is True and state.layout == tuple(range(1, 17))


def test_random_layout_rejects_black_market_and_tea_house_in_one_row():
    # ids in row-major order: row 0 = 8, 1, 2, 9 (distance 3 but same row); fountain 7 in a centre cell
    ids = (8, 1, 2, 9, 3, 7, 4, 5, 6, 10, 11, 12, 13, 14, 15, 16)
    same_row = tuple(i - 1 for i in ids)
    state = setup(2, layout="random", layouts=[same_row, tuple(range(16))])
    assert state.layout == tuple(range(1, 17))


def test_neutral_assistants_replace_the_bottom_assistant():
    state = setup(3, neutral_assistants=True)
    for seat, p in enumerate(state.players):
        assert p.stack == (NEUTRAL, seat, seat, seat)
        assert p.spare == 1


@pytest.mark.parametrize(
    "options, seats",
    [
        ({"layout": "spiral"}, 2),
        ({"colour": "red"}, 2),
        ({"neutral_assistants": "yes"}, 2),
        ({"neutral_assistants": True}, 5),
        ({}, 1),
        ({}, 6),
        ({"layout": 3}, 4),
    ],
)
def test_invalid_options_are_refused(options, seats):
    with pytest.raises(InvalidOptions) as refused:
        game.initial_state(options, seats)
    assert refused.value.code == "invalid_options"


def test_defaults():
    state = game.initial_state({}, 2)
    assert state.options.layout == "short_paths" and state.options.neutral_assistants is False
