"""The Great Bazaar (both expansions, rulebook p.17, reference 3, 4.2, 11.1, 11.3): the options, the set-up of both
boxes, places 1-25 at random in 5x5 with the Fountain in the centre, every bonus card, 6 rubies to end; and the
Catacombs 25 (6.22, ruling R-40). BAZAAR_ROWS (builders.py):

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
from domain.istanbul.commands import EndTurn, LeaveAssistant, Move, SendFamilyMember
from domain.istanbul.content import content
from domain.istanbul.events import LayoutDrawn
from domain.istanbul.great_bazaar.commands import VisitCatacombs
from domain.istanbul.great_bazaar.events import CatacombsVisited
from domain.istanbul.letters_seals.commands import MoveCompanion, TakeBonusTurn
from domain.istanbul.letters_seals.data import KIOSK_TILE_IDS
from domain.istanbul.letters_seals.events import LettersDelivered
from domain.istanbul.mocha_baksheesh.commands import PlaceBarrier
from domain.istanbul.mocha_baksheesh.data import GUILD_CARD_IDS
from domain.istanbul.state import MOVEMENT, Action, AssistantStep

from .builders import (
    BAZAAR_ROWS,
    GREAT_BAZAAR,
    answer,
    bazaar,
    bazaar_acting,
    bazaar_permutation,
    codes,
    play,
    position,
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


# --- the Catacombs 25 (6.22, R-40) -------------------------------------------------------------------------------
def visits(state, seat=0):
    return [c for c in game.legal_commands(state, seat) if isinstance(c, VisitCatacombs)]


def test_the_catacombs_give_a_good_or_coffee_then_the_merchant_stack_goes_anywhere_without_action_or_encounters():
    """Rulebook p.21: "Nimm 1 beliebige Ware (auch Kaffee). Bewege deinen Kaufmannsstapel ... zu einem Ort deiner
    Wahl. Dort führt er keine Aktion aus und hat keine Begegnungen." Seat 1's merchant, its family member and the
    governor wait at the Great Mosque 15: no payment, no catch, no governor."""
    state = bazaar_acting(25, governor=15, others={1: {"merchant": 15, "family": 15}})
    legal = visits(state)
    assert {c.good for c in legal} == {"red", "green", "yellow", "blue", "coffee"}
    assert {c.place for c in legal} == set(range(1, 25))
    events, after = play(state, VisitCatacombs(0, "coffee", 15))
    assert events == [CatacombsVisited(0, "coffee", 1, "merchant", 15)]
    me = after.players[0]
    assert me.merchant == 15 and me.goods == {"coffee": 1} and me.stack == state.players[0].stack
    assert after.phase == Action(place=25, done=1, figure_left=True)
    assert game.legal_commands(after, 0)[:1] == [EndTurn(0)]
    assert not [c for c in game.legal_commands(after, 0) if type(c).__name__.startswith(("Catch", "Use", "Pay"))]
    assert after.players[1] == state.players[1] and after.figures["governor"] == 15


def test_a_good_at_capacity_may_be_chosen_and_coffee_is_never_capped():
    state = bazaar_acting(25, player={"goods": {"red": 2, "coffee": 9}})
    events, after = play(state, VisitCatacombs(0, "red", 1))
    assert events == [CatacombsVisited(0, "red", 0, "merchant", 1)] and after.players[0].goods["red"] == 2
    _, after = play(state, VisitCatacombs(0, "coffee", 1))
    assert after.players[0].goods["coffee"] == 10


def test_the_figure_must_leave_the_catacombs():
    state = bazaar_acting(25)
    assert codes(lambda: game.decide(state, VisitCatacombs(0, "red", 25))) == "istanbul.invalid_target"
    assert codes(lambda: game.decide(state, VisitCatacombs(0, "red", None))) == "istanbul.invalid_target"
    assert codes(lambda: game.decide(state, VisitCatacombs(0, "gold", 3))) == "istanbul.invalid_goods"


def test_a_companion_turn_moves_the_companion():
    """The companion is "die Figur, mit der du die Aktion ausführst": it moves; the merchant stays."""
    state = position(bazaar(2), current=0, phase=MOVEMENT, players={0: {"companion": 9}})
    _, state = play(state, MoveCompanion(0, 25))
    assert state.phase == Action(place=25) and state.companion_turn
    events, after = play(state, VisitCatacombs(0, "blue", 5))
    assert events == [CatacombsVisited(0, "blue", 1, "companion", 5)]
    assert after.players[0].companion == 5 and after.players[0].merchant == 7


def test_the_family_member_sent_there_from_the_police_station_moves():
    """R-40 (inferred from "the figure with which you perform the action"): the family member moves."""
    state = bazaar_acting(13)
    state = position(state, players={0: {"merchant": 12}}, assistants=((12, 0),), phase=Action(place=12))
    _, state = play(state, SendFamilyMember(0, 25))
    assert state.phase == Action(place=25, by_family=True)
    events, after = play(state, VisitCatacombs(0, "green", 12))
    assert events == [CatacombsVisited(0, "green", 1, "family_member", 12)]
    assert after.players[0].family == 12 and after.players[0].merchant == 12
    assert after.phase.figure_left


def test_with_no_figure_the_tavern_barrier_takes_the_good_only():
    state = bazaar_acting(19, player={"goods": {"coffee": 2}})
    assert PlaceBarrier(0, (21, 25), 25) in game.legal_commands(state, 0)
    _, state = play(state, PlaceBarrier(0, (21, 25), 25))
    assert visits(state) == [VisitCatacombs(0, good, None) for good in ("red", "green", "yellow", "blue", "coffee")]
    events, after = play(state, VisitCatacombs(0, "yellow", None))
    assert events == [CatacombsVisited(0, "yellow", 1, None, None)] and after.players[0].merchant == 19


def test_letters_for_the_new_place_are_delivered_and_a_bonus_turn_may_follow():
    state = bazaar_acting(25, player={"letters": (9, 9, 13)})
    pile = list(state.letters.pile)
    for place in (9, 9, 13):
        pile.remove(place)
    state = position(state, letters=state.letters.__class__(pile=tuple(pile)))
    events, after = play(state, VisitCatacombs(0, "red", 9))
    assert events[-1] == LettersDelivered(0, (9, 9))
    assert after.players[0].sealed == (9, 9) and after.players[0].letters == (13,)
    assert [c for c in game.legal_commands(after, 0) if isinstance(c, TakeBonusTurn)]


def test_a_merchant_reaching_the_catacombs_by_moving_acts_there():
    state = position(bazaar(2), current=0, phase=MOVEMENT, players={0: {"merchant": 24}})
    _, state = play(state, Move(0, 25))
    assert state.phase == AssistantStep()
    _, state = play(state, LeaveAssistant(0))
    assert state.phase == Action(place=25) and visits(state)
