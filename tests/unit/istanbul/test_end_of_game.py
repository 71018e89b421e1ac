"""End of the game (10): trigger, the round completed, final bonus cards, winners and tie-breaks."""

from __future__ import annotations

import pytest

import domain.istanbul as game
from domain.core import GameOver
from domain.istanbul.commands import BuyRuby, EndTurn, Move, PlayBonusCard
from domain.istanbul.events import FinalCardsBegan, FinalCardsPassed, GameEnded, GameEndTriggered, RubyBought, TurnEnded
from domain.istanbul.scoring import winners
from domain.istanbul.state import FinalCards, Over

from .builders import acting, play, position, setup


def test_fifth_ruby_triggers_the_end_and_the_round_is_completed():
    state = acting(16, seats=3, seat=1, player={"rubies": 4, "lira": 20})
    events, state = play(state, BuyRuby(1))
    assert events == [RubyBought(1, 14, False), GameEndTriggered(1, 5)]
    assert state.ending
    events, state = play(state, EndTurn(1))
    assert events == [TurnEnded(1, 2)]
    assert game.to_act(state) == (2,)
    _, state = play(state, Move(2, 6))
    events, state = play(state, EndTurn(2))
    # seat 2 sits to the right of the start player 0: the start player does not play again; everyone still
    # holds the B01 dealt at set-up, so everyone may play it now
    assert events == [TurnEnded(2, 0), FinalCardsBegan((0, 1, 2))]
    assert isinstance(state.phase, FinalCards) and state.current == 0


def test_two_players_need_six_rubies():
    state = acting(16, seats=2, player={"rubies": 4, "lira": 20})
    events, _ = play(state, BuyRuby(0))
    assert events == [RubyBought(0, 15, False)]


def test_final_cards_then_the_game_ends():
    state = acting(16, seats=3, seat=2, player={"rubies": 4, "lira": 20, "hand": ("B02",)},
                   others={0: {"hand": ("B01",)}, 1: {"hand": ("B09",)}})
    _, state = play(state, BuyRuby(2))
    events, state = play(state, EndTurn(2))
    assert events == [TurnEnded(2, 0), FinalCardsBegan((0, 2))]
    assert isinstance(state.phase, FinalCards) and game.to_act(state) == (0,)
    assert set(game.legal_commands(state, 0)) == {PlayBonusCard(0, "B01", good=g) for g in
                                                   ("red", "green", "yellow", "blue")} | {EndTurn(0)}
    _, state = play(state, PlayBonusCard(0, "B01", good="red"))
    events, state = play(state, EndTurn(0))
    assert events == [FinalCardsPassed(0)]
    assert game.to_act(state) == (2,)
    _, state = play(state, PlayBonusCard(2, "B02"))
    events, state = play(state, EndTurn(2))
    assert events == [FinalCardsPassed(2), GameEnded((2,), None)]
    assert isinstance(state.phase, Over) and game.is_terminal(state)
    assert game.to_act(state) == () and game.legal_commands(state, 2) == []
    with pytest.raises(GameOver):
        game.decide(state, EndTurn(2))
    result = game.result(state)
    assert result["winners"] == [2] and result["scores"] == [0, 0, 5]
    assert result["lira"][2] == 20 - 14 + 5 and result["tie_break"] is None


def _final(players):
    state = setup(len(players))
    return position(state, players=dict(enumerate(players)))


def test_tie_broken_by_lira():
    state = _final([{"rubies": 5, "lira": 3}, {"rubies": 5, "lira": 4}, {"rubies": 1, "lira": 40}])
    assert winners(state) == ((1,), "lira")


def test_tie_broken_by_goods_then_bonus_cards():
    state = _final([{"rubies": 5, "lira": 4, "goods": {"red": 1}},
                    {"rubies": 5, "lira": 4, "goods": {"green": 1, "yellow": 1}}])
    assert winners(state) == ((1,), "goods")
    state = _final([{"rubies": 5, "lira": 4, "hand": ("B01", "B02")}, {"rubies": 5, "lira": 4, "hand": ("B03",)}])
    assert winners(state) == ((0,), "bonus_cards")


def test_shared_victory():
    state = _final([{"rubies": 5, "lira": 4, "hand": ("B01",)}, {"rubies": 5, "lira": 4, "hand": ("B02",)},
                    {"rubies": 2}])
    assert winners(state) == ((0, 1), "shared")


def test_result_is_none_before_the_end():
    assert game.result(setup(2)) is None and not game.is_terminal(setup(2))
