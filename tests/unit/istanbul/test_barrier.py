"""The barrier (7.6, R-02, R-07, R-15): nobody but the holder of the barrier tile moves across it, by 1-2 steps,
with B09 or with the tavern's movement tile (straight lines, 7.4); jumps (M07's corner, the police station's send)
ignore it."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import Move

from .builders import codes, mocha, position, with_place

# the recommended layout:
#   16 15 18  3 10
#    8  1  7 17  4
#    2 19  6 12  9
#   20 11  5 14 13


def moves(state, seat=0, card=None):
    return {c.place for c in game.legal_commands(state, seat) if isinstance(c, Move) and c.card == card}


def at(place: int, barrier: tuple[int, int], holder=None, **player):
    state = position(mocha(2), players={0: {"merchant": place, **player}})
    return with_place(state, "tavern", barrier=barrier, holder=holder)


def test_no_step_across_the_barrier_a_way_around_it_is_fine():
    free = moves(position(mocha(2), players={0: {"merchant": 7}}))
    blocked = moves(at(7, (6, 7)))
    assert free - blocked == {6, 5}  # 6 is across it; 5 only straight down through it
    assert {19, 12} <= blocked  # 2 steps around: 7-1-19, 7-17-12
    assert codes(lambda: game.decide(at(7, (6, 7)), Move(0, 6))) == "istanbul.place_unreachable"


def test_the_holder_of_the_barrier_tile_crosses_it():
    assert moves(at(7, (6, 7), holder=0)) == moves(position(mocha(2), players={0: {"merchant": 7}}))
    assert 6 not in moves(at(7, (6, 7), holder=1))


def test_b09_needs_a_path_of_3_or_4_steps_that_does_not_cross():
    state = at(15, (1, 15), hand=("B09",))
    assert 11 not in moves(state, card="B09")  # 3 steps straight down, through the barrier
    assert 11 in moves(at(15, (1, 15), holder=0, hand=("B09",)), card="B09")
    assert 5 in moves(state, card="B09")  # 15-18-7-6-5 goes around


def test_the_movement_tile_goes_straight_any_distance_but_not_across_the_barrier():
    tile = {"tavern_tiles": ("movement_1",)}
    free = moves(position(mocha(2), players={0: {"merchant": 15, **tile}}))
    assert {11, 10} <= free  # 3 steps down, 3 steps right: a straight line
    blocked = moves(at(15, (1, 15), **tile))
    assert 11 not in blocked and 1 not in blocked and 10 in blocked
    assert 11 in moves(at(15, (1, 15), holder=0, **tile))


def test_jumps_ignore_the_barrier():
    state = at(1, (1, 15), hand=("M07",))
    assert moves(state, card="M07") == {16, 10, 20, 13}  # the corners (M07)
    assert 15 not in moves(state)
