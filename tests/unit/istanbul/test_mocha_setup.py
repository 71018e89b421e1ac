"""Mocha & Baksheesh's options and set-up (rules 3, 4.2, 4.3, 11.1): the option, impossible combinations, the 5x4
layouts, the ruby target, the guild stack, tavern tiles, baksheesh tile, Coffee House, coffee trader and deck."""

from __future__ import annotations

from collections import Counter

import pytest

import domain.istanbul as game
from domain.core import InvalidOptions, Pick, Roll, Shuffle
from domain.istanbul.board import Grid, layout_acceptable
from domain.istanbul.content import content
from domain.istanbul.mocha_baksheesh.data import GUILD_CARD_IDS, LAYOUTS
from domain.istanbul.scoring import target

from .builders import MOCHA, answer, layout_permutation, mocha


def options(**extra) -> dict:
    return {"expansions": MOCHA, **extra}


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_expansion_adds_places_17_to_20_in_a_5x4_grid_and_the_target_is_6_rubies(seats):
    state = mocha(seats)
    tables = content(state)
    assert tables.place_ids == tuple(range(1, 21)) and tables.grid == Grid(5, 4)
    assert state.layout == LAYOUTS["recommended"]
    assert target(state) == 6
    assert len(tables.deck) == 26 + 18 and Counter(tables.deck)["M05"] == 2
    assert list(tables.figures) == ["governor", "smuggler", "coffee_trader"]
    assert set(state.places) >= {"guild_hall", "tavern", "coffee_house"}
    assert state.places["coffee_house"].rubies == 5
    rubies_placed = 21 if seats == 2 else 25 if seats == 3 else 31 if seats == 4 else 32
    assert state.ruby_supply == 42 - rubies_placed - 5


def test_the_recommended_layout_is_the_rulebook_picture():
    assert Grid(5, 4).rows_of(LAYOUTS["recommended"]) == [
        [16, 15, 18, 3, 10], [8, 1, 7, 17, 4], [2, 19, 6, 12, 9], [20, 11, 5, 14, 13]]
    assert game.initial_state(options(), 3).layout == LAYOUTS["recommended"]  # the default with the expansion


def test_setup_adds_the_guild_stack_and_the_coffee_traders_roll():
    state = game.initial_state(options(), 2)
    seen = []
    while (request := game.chance(state)) is not None:
        seen.append((type(request), request.label, getattr(request, "secret", None)))
        outcome = ((0,) if request.label == "start_player" else (3, 4) if isinstance(request, Roll)
                   else tuple(range(request.size)))
        _, state = answer(state, outcome)
    assert seen == [
        (Pick, "start_player", False), (Shuffle, "bonus_deck", True),
        (Shuffle, "small_demand", True), (Shuffle, "large_demand", True), (Shuffle, "guild_deck", True),
        (Roll, "governor", False), (Roll, "smuggler", False), (Roll, "coffee_trader", False),
    ]
    assert state.figures["coffee_trader"] == 7
    assert state.places["guild_hall"].deck == GUILD_CARD_IDS and state.places["guild_hall"].discard == ()
    assert all(p.guild_hand == () and p.tavern_tiles == () for p in state.players)


@pytest.mark.parametrize("seats, costs", [(2, (1, 3)), (3, (1, 2, 3, 4)), (5, (1, 2, 3, 4))])
def test_tavern_tiles_sorted_cheapest_on_top_two_players_only_1_and_3(seats, costs):
    stacks = mocha(seats).places["tavern"].stacks
    assert stacks == {kind: tuple(f"{kind}_{cost}" for cost in costs) for kind in ("movement", "encounter")}


def test_the_baksheesh_tile_starts_with_3_yellow_goods_up_and_no_barrier_lies_on_the_board():
    here = mocha(3).places["tavern"]
    assert here.side == 0 and here.barrier == () and here.holder is None
    assert content(mocha(3)).baksheesh_sides[0].goods == {"yellow": 3}


@pytest.mark.parametrize("given, word", [
    ({"layout": "short_paths"}, "5x4"),
    ({"layout": "ordered"}, "5x4"),
    ({"expansions": ["mocha_baksheesh", "letters_seals"], "layout": "recommended"}, "Great Bazaar"),
    ({"expansions": ["mocha_baksheesh", "mocha_baksheesh"]}, "once"),
    ({"expansions": "mocha_baksheesh"}, "list"),
])
def test_impossible_combinations_are_refused_naming_the_rule(given, word):
    with pytest.raises(InvalidOptions) as refused:
        game.initial_state({**options(), **given}, 3)
    assert refused.value.code == "invalid_options"
    assert word in refused.value.message


def test_the_recommended_layout_needs_the_expansion_and_neutral_assistants_need_a_spare_colour():
    with pytest.raises(InvalidOptions):
        game.initial_state({"layout": "recommended"}, 3)
    with pytest.raises(InvalidOptions):
        game.initial_state(options(neutral_assistants=True), 5)
    assert game.initial_state(options(neutral_assistants=True), 4).options.neutral_assistants


def test_random_5x4_layout_fountain_among_the_inner_six_and_the_black_market_rule():
    grid = Grid(5, 4)
    assert grid.centre_cells() == (6, 7, 8, 11, 12, 13)
    good = [[16, 15, 18, 3, 10], [8, 1, 7, 17, 4], [2, 19, 6, 12, 9], [20, 11, 5, 14, 13]]
    edge_fountain = [[7, 15, 18, 3, 10], [8, 1, 16, 17, 4], [2, 19, 6, 12, 9], [20, 11, 5, 14, 13]]
    same_row = [[16, 15, 18, 3, 10], [8, 1, 7, 17, 9], [2, 19, 6, 12, 4], [20, 11, 5, 14, 13]]
    too_close = [[16, 15, 18, 3, 10], [1, 8, 7, 17, 4], [2, 19, 9, 12, 6], [20, 11, 5, 14, 13]]
    flat = [tuple(p for row in rows for p in row) for rows in (good, edge_fountain, same_row, too_close)]
    assert [layout_acceptable(grid, layout, grid.centre_cells()) for layout in flat] == [True, False, False, False]
    state = mocha(3, layout="random", layouts=[layout_permutation(r) for r in (edge_fountain, same_row, good)])
    assert state.layout == flat[0]


@pytest.mark.parametrize("seats, tiles", [(2, 2), (3, 6)])
def test_the_view_lists_the_proposed_and_inferred_rows_in_play(seats, tiles):
    """Every guild card (9, 16 and 19 rebuilt from the rulebook's notes, the rest proposed), the baksheesh tile's
    back, M05's yields, the tavern tile costs but the printed 1s (only the tiles in play) and the M cards' copy
    counts (the statuses themselves: test_data_status.py)."""
    rows = game.view(mocha(seats), None)["proposed_rows"]
    by_table = Counter(row["table"] for row in rows)
    guild = {row["id"] for row in rows if row["table"] == "guild_cards"}
    assert guild == set(GUILD_CARD_IDS)
    assert by_table["tavern_tiles"] == tiles and by_table["baksheesh_sides"] == 1 and by_table["die_yields"] == 6
    assert {row["id"] for row in rows if row["table"] == "baksheesh_sides"} == {"B"}
    assert {row["status"] for row in rows} == {"proposed", "inferred"}
    assert game.view(game.initial_state({}, seats), None).get("proposed_rows", []) == []
