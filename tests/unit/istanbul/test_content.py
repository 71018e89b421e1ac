"""What is in play is data: the base game is the base tables, an expansion is more tables composed with them, and
the seats a decision awaits come from the phase."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul import places
from domain.istanbul.board import Grid
from domain.istanbul.commands import EndTurn, PlayBonusCard
from domain.istanbul.content import BASE, Expansion, compose, content
from domain.istanbul.data import BonusCard
from domain.istanbul.state import FinalCards

from .builders import codes, play, position, setup


def test_the_base_game_is_the_base_tables():
    tables = content(setup(3))
    assert tables.place_ids == tuple(range(1, 17)) and tables.grid == Grid(4, 4)
    assert len(tables.deck) == 26 and list(tables.figures) == ["governor", "smuggler"]
    assert tables.goods == ("red", "green", "yellow", "blue")
    assert [tables.target(seats) for seats in (2, 3, 4, 5)] == [6, 5, 5, 5]
    state = setup(3)
    # every place module with a slice has it, but for a variant's (the caravan tile lies only in its variant)
    assert set(state.places) == {m.KEY for m in places.in_play(tables.place_ids)
                                 if hasattr(m, "KEY") and not hasattr(m, "initial_for")}
    assert dict(state.figures) == {"governor": 12, "smuggler": 12}


def test_an_expansion_is_more_tables_and_a_larger_grid():
    mocha = Expansion(
        name="test",
        place_names=((17, "Coffee Roastery"), (18, "Guild Hall"), (19, "Tavern"), (20, "Coffee House")),
        cards=(BonusCard("M01", "gain_coffee", 2, "any"),),
        figures=(("coffee_trader", "take_coffee"),),
        goods=("coffee",),
        layouts=(("first_game", tuple(range(1, 21))),),
    )
    tables = compose(BASE, mocha)
    assert tables.grid == Grid(5, 4) and len(tables.place_ids) == 20
    assert len(tables.deck) == 28 and tables.deck[-2:] == ("M01", "M01")
    assert list(tables.figures) == ["governor", "smuggler", "coffee_trader"]
    assert tables.goods[-1] == "coffee"
    assert {tables.target(seats) for seats in (2, 3, 4, 5)} == {6}  # any expansion: 6 rubies


def test_the_seats_awaited_come_from_the_phase():
    """After the last turn the final card plays await the queue's head, whoever's turn it was."""
    state = position(setup(3), players={2: {"hand": ("B02",)}}, phase=FinalCards((2, 0)), current=0, ending=True)
    assert game.to_act(state) == (2,)
    assert game.legal_commands(state, 0) == []
    assert codes(lambda: game.decide(state, EndTurn(0))) == "not_your_turn"
    assert PlayBonusCard(2, "B02") in game.legal_commands(state, 2)
    events, state = play(state, PlayBonusCard(2, "B02"))
    assert game.to_act(state) == (2,)
    _, state = play(state, EndTurn(2))
    assert game.to_act(state) == (0,)
    assert game.to_act(position(state, phase=FinalCards(()))) == ()
