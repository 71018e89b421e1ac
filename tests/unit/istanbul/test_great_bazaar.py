"""The Great Bazaar (both expansions, rulebook p.17, reference 3, 4.2, 11.1, 11.3): the options, the set-up of both
boxes, places 1-25 at random in 5x5 with the Fountain in the centre, every bonus card, 6 rubies to end. BAZAAR_ROWS (builders.py):

     1  2  3  4  5
     6  8 10 11 12
    13 14  7 15 16
    17 18 19 20 21
    22 23 24  9 25
"""

from __future__ import annotations

from collections import Counter

import pytest

import domain.istanbul as game
from domain.core import InvalidOptions, Shuffle
from domain.istanbul.board import Grid
from domain.istanbul.content import content
from domain.istanbul.events import LayoutDrawn
from domain.istanbul.letters_data import KIOSK_TILE_IDS
from domain.istanbul.mocha_data import GUILD_CARD_IDS
from domain.istanbul.state import MOVEMENT

from .builders import (
    BAZAAR_ROWS,
    GREAT_BAZAAR,
    answer,
    bazaar,
    bazaar_permutation,
)

FLAT = tuple(p for row in BAZAAR_ROWS for p in row)


def options(**extra) -> dict:
    return {"expansions": list(GREAT_BAZAAR), **extra}


# --- options and set-up ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_both_expansions_are_the_great_bazaar_25_places_in_5x5_every_card_and_6_rubies(seats):
    state = bazaar(seats)
    tables = content(state)
    assert tables.place_ids == tuple(range(1, 26)) and tables.grid == Grid(5, 5)
    assert tables.place_names[25] == "Catacombs" and state.layout == FLAT
    assert game.view(state, None)["ruby_target"] == 6
    deck = Counter(tables.deck)
    assert sum(deck.values()) == 72  # 26 + 18 + 28 (rulebook p.17: "alle Bonuskarten")
    assert {card[0] for card in deck} == {"B", "M", "L"}
    assert list(tables.figures) == ["governor", "smuggler", "coffee_trader", "courier"]
    assert {"guild_hall", "tavern", "coffee_house", "kiosk", "secret_society"} <= set(state.places)
    assert state.places["guild_hall"].deck == GUILD_CARD_IDS and len(state.letters.pile) == 36
    assert sorted(state.places["kiosk"].stack) == sorted(KIOSK_TILE_IDS)
    view = game.view(state, 0)
    assert view["layout"] == BAZAAR_ROWS and view["options"]["expansions"] == list(GREAT_BAZAAR)
    assert "coffee" in view["players"][0]["goods"] and view["courier"] and view["coffee_trader"]


def test_set_up_is_both_boxes_set_ups():
    state = game.initial_state(options(), 3)
    labels = []
    while (request := game.chance(state)) is not None:
        labels.append(request.label)
        outcome = bazaar_permutation(BAZAAR_ROWS) if request.label == "layout" else (
            tuple(range(request.size)) if isinstance(request, Shuffle) else (0,) if request.label == "start_player"
            else (3, 4))
        _, state = answer(state, outcome)
    assert labels == ["start_player", "layout", "bonus_deck", "small_demand", "large_demand", "guild_deck",
                      "kiosk_tiles", "letter_pile", "governor", "smuggler", "coffee_trader", "courier"]
    assert state.phase == MOVEMENT and all(len(p.hand) == 1 for p in state.players)


def test_the_layout_shuffles_24_places_around_the_fountain_in_the_centre_and_keeps_the_black_market_rule():
    """Rulebook p.17: "den Brunnen 7 in die Mitte des Feldes und beachtet die Abstandsregel"; R-47: fix the
    Fountain, shuffle the rest, redraw on the black market / tea house rule."""
    same_row = [[1, 2, 3, 4, 5], [6, 8, 10, 9, 12], [13, 14, 7, 15, 16], [17, 18, 19, 20, 21], [22, 23, 24, 11, 25]]
    state = game.initial_state(options(), 2)
    _, state = answer(state, (0,))
    request = game.chance(state)
    assert request == Shuffle("layout", 24, secret=False)
    events, state = answer(state, bazaar_permutation(same_row))
    assert events[1] == LayoutDrawn(tuple(p for row in same_row for p in row), False)
    assert game.chance(state).label == "layout"
    events, state = answer(state, bazaar_permutation(BAZAAR_ROWS))
    assert events[1] == LayoutDrawn(FLAT, True) and FLAT[12] == 7


@pytest.mark.parametrize("seats", [2, 4])
def test_the_variants_combine_with_it(seats):
    """Rulebook p.17: the variants "können einzeln oder beliebig miteinander kombiniert verwendet werden"; the
    neutral assistants need a spare colour (2-4 players)."""
    state = game.initial_state(options(caravan_leader=True, neutral_assistants=True, layout="random"), seats)
    assert state.options.great_bazaar and state.options.caravan_leader and state.options.neutral_assistants
    assert game.initial_state(options(caravan_leader=True), 5).options.caravan_leader


@pytest.mark.parametrize("given, seats, word", [
    ({"layout": "recommended"}, 3, "Great Bazaar"),
    ({"layout": "short_paths"}, 3, "Great Bazaar"),
    ({"bonus_deck": "letters_seals"}, 3, "Great Bazaar"),
    ({"neutral_assistants": True}, 5, "2-4"),
])
def test_what_the_rulebook_does_not_allow_is_refused_naming_the_rule(given, seats, word):
    with pytest.raises(InvalidOptions) as refused:
        game.initial_state(options(**given), seats)
    assert refused.value.code == "invalid_options" and word in refused.value.message
