"""The grid: orthogonal distances, reachable places, random layout constraints (5.3, 11.1, 15.2); geometry is
data, so the expansions' 5x4 and the Great Bazaar's 5x5 grids need no code."""

from __future__ import annotations

from domain.istanbul import board
from domain.istanbul.board import Grid
from domain.istanbul.content import BASE, compose
from domain.istanbul.data import LAYOUTS

BASE_GRID = Grid(4, 4)
ORDERED = LAYOUTS["ordered"]
SHORT = LAYOUTS["short_paths"]


def acceptable(layout, grid=BASE_GRID):
    return board.layout_acceptable(grid, layout, grid.centre_cells())


def test_one_or_two_orthogonal_steps_including_corners():
    # ordered grid: 6 is at (1, 1)
    assert board.places_at(BASE_GRID, ORDERED, 6, (1, 2)) == (1, 2, 3, 5, 7, 8, 9, 10, 11, 14)


def test_three_or_four_steps():
    assert board.places_at(BASE_GRID, ORDERED, 1, (3, 4)) == (4, 7, 8, 10, 11, 13, 14)


def test_the_start_place_is_never_a_target():
    assert 6 not in board.places_at(BASE_GRID, ORDERED, 6, (1, 2))


def test_short_paths_layout_matches_the_rulebook_picture():
    assert SHORT[:4] == (15, 5, 2, 14) and SHORT[12:] == (13, 10, 1, 16)
    assert board.distance(BASE_GRID, SHORT, 7, 12) == 1


def test_recommended_layouts_and_the_random_constraints():
    assert acceptable(LAYOUTS["ordered"])
    assert acceptable(LAYOUTS["long_paths"])
    # short paths puts 8 and 9 in one row: printed as is, the constraint binds random layouts only
    assert not acceptable(LAYOUTS["short_paths"])


def test_fountain_must_be_in_a_centre_cell():
    layout = (7, 2, 3, 4, 5, 6, 1, 8, 9, 10, 11, 12, 13, 14, 15, 16)
    assert not acceptable(layout)


def test_black_market_and_tea_house_at_least_three_apart():
    # 8 at (0,0), 9 at (1,1): distance 2, different row and column
    layout = (8, 2, 3, 4, 5, 9, 7, 1, 6, 10, 11, 12, 13, 14, 15, 16)
    assert not acceptable(layout)


def test_the_fountains_cells_come_from_the_grid():
    assert Grid(4, 4).centre_cells() == (5, 6, 9, 10)
    assert Grid(5, 4).centre_cells() == (6, 7, 8, 11, 12, 13)  # the 6 inner places of 5x4 (11.1)
    assert Grid(5, 5).centre_cells() == (12,)  # the Great Bazaar: the fountain in the middle


def test_distances_on_a_larger_grid():
    grid = Grid(5, 5)
    layout = tuple(range(1, 26))
    assert board.places_at(grid, layout, 13, (1,)) == (8, 12, 14, 18)
    assert board.distance(grid, layout, 1, 25) == 8
    assert grid.rows_of(layout)[4] == [21, 22, 23, 24, 25]


def test_the_grid_follows_from_the_places_in_play():
    assert compose(BASE).grid == BASE_GRID
