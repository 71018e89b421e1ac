"""Turn structure: movement, the assistant step, paying merchants, ending the turn (rules 5.1-5.4, 5.10)."""

from __future__ import annotations

import domain.istanbul as game
from domain.core import ChanceDrawn
from domain.istanbul.commands import EndTurn, LeaveAssistant, Move, PayMerchants, PickUpAssistant, UseMosqueTile, VisitBlackMarket
from domain.istanbul.events import AssistantLeft, AssistantPickedUp, MerchantMoved, MerchantsPaid, TurnEnded
from domain.istanbul.state import NEUTRAL, Action, AssistantStep, Movement, Payment

from .builders import acting, codes, play, position, roll, setup

# ordered layout:  1  2  3  4 /  5  6  7  8 /  9 10 11 12 / 13 14 15 16


def test_moves_one_or_two_steps_orthogonally():
    state = setup(3)
    moves = {c.place for c in game.legal_commands(state, 0) if isinstance(c, Move)}
    assert moves == {3, 6, 8, 11, 2, 4, 5, 10, 12, 15}  # from 7 at (1, 2)


def test_move_too_far_is_refused():
    state = setup(3)
    assert codes(lambda: game.decide(state, Move(0, 13))) == "istanbul.place_unreachable"


def test_not_your_turn():
    state = setup(3)
    assert codes(lambda: game.decide(state, Move(1, 6))) == "not_your_turn"
    assert game.legal_commands(state, 1) == []


def test_leave_the_bottom_assistant():
    state = setup(2)
    events, state = play(state, Move(0, 6))
    assert events == [MerchantMoved(0, 7, 6, None)]
    assert isinstance(state.phase, AssistantStep)
    assert set(game.legal_commands(state, 0)) >= {LeaveAssistant(0), EndTurn(0)}
    events, state = play(state, LeaveAssistant(0))
    assert events == [AssistantLeft(0, 6, 0)]
    assert state.players[0].stack == (0, 0, 0)
    assert (6, 0) in state.assistants
    assert state.phase == Action(place=6)


def test_pick_up_own_assistant_goes_under_the_stack():
    state = setup(2)
    state = position(state, players={0: {"stack": (0, 0, 0)}}, assistants=((6, 0),))
    _, state = play(state, Move(0, 6))
    legal = game.legal_commands(state, 0)
    assert PickUpAssistant(0) in legal and LeaveAssistant(0) not in legal
    assert codes(lambda: game.decide(state, LeaveAssistant(0))) == "istanbul.assistant_present"
    events, state = play(state, PickUpAssistant(0))
    assert events == [AssistantPickedUp(0, 6, 0)]
    assert state.players[0].stack == (0, 0, 0, 0) and state.assistants == ()


def test_no_assistant_ends_the_turn_at_once():
    state = setup(2)
    state = position(state, players={0: {"stack": ()}}, assistants=((1, 0), (2, 0), (3, 0), (4, 0)))
    _, state = play(state, Move(0, 6))
    legal = game.legal_commands(state, 0)
    assert LeaveAssistant(0) not in legal and EndTurn(0) in legal
    assert codes(lambda: game.decide(state, LeaveAssistant(0))) == "istanbul.no_assistant"
    events, state = play(state, EndTurn(0))
    assert events == [TurnEnded(0, 1)]
    assert state.current == 1 and isinstance(state.phase, Movement)


def test_fountain_needs_no_assistant_and_picks_up_an_own_one():
    state = setup(2)
    state = position(state, players={0: {"stack": (), "merchant": 6}},
                     assistants=((1, 0), (2, 0), (3, 0), (7, 0)))
    events, state = play(state, Move(0, 7))
    assert events == [MerchantMoved(0, 6, 7, None), AssistantPickedUp(0, 7, 0)]
    assert state.phase == Action(place=7, assistant_taken=True)


def test_fountain_without_assistants_goes_straight_to_the_action_and_nobody_is_paid():
    state = setup(2)
    state = position(state, players={0: {"stack": (), "merchant": 6},
                                     1: {"merchant": 7}},
                     assistants=((1, 0), (2, 0), (3, 0), (4, 0)))
    _, state = play(state, Move(0, 7))
    assert state.phase == Action(place=7)


def test_pay_two_lira_to_each_other_merchant():
    state = setup(3)
    state = position(state, players={0: {"lira": 10}, 1: {"merchant": 6}, 2: {"merchant": 6}})
    _, state = play(state, Move(0, 6))
    _, state = play(state, LeaveAssistant(0))
    assert isinstance(state.phase, Payment)
    events, state = play(state, PayMerchants(0))
    assert events == [MerchantsPaid(0, 6, (1, 2), (), 4)]
    assert [p.lira for p in state.players] == [6, 5, 6]
    assert state.phase == Action(place=6)


def test_cannot_pay_merchants_ends_the_turn():
    state = setup(3)
    state = position(state, players={0: {"lira": 3}, 1: {"merchant": 6}, 2: {"merchant": 6}})
    _, state = play(state, Move(0, 6))
    _, state = play(state, LeaveAssistant(0))
    assert game.legal_commands(state, 0)[0] == EndTurn(0)
    assert codes(lambda: game.decide(state, PayMerchants(0))) == "istanbul.cannot_pay_merchants"
    _, state = play(state, EndTurn(0))
    assert state.current == 1 and state.players[0].lira == 3


def test_two_players_neutral_merchant_paid_to_the_bank_and_relocated_by_the_dealer():
    state = setup(2)
    state = position(state, players={0: {"merchant": 10}})
    _, state = play(state, Move(0, 14))
    _, state = play(state, LeaveAssistant(0))
    assert isinstance(state.phase, Payment)
    events, state = play(state, PayMerchants(0))
    assert events == [MerchantsPaid(0, 14, (), (0,), 2)]
    assert state.players[0].lira == 0 and state.players[1].lira == 3
    request = game.chance(state)
    assert request.label == "neutral_merchant" and request.by_dealer is True
    assert game.to_act(state) == ()
    events, state = roll(state, 3, 5)
    assert state.neutral_merchants == (8, 15, 16)
    assert game.to_act(state) == (0,)


def test_turn_order_is_clockwise_from_the_start_player():
    state = setup(3, start=2)
    _, state = play(state, Move(2, 6))
    _, state = play(state, EndTurn(2))
    assert state.current == 0


def test_neutral_assistant_variant_leaves_the_neutral_disc_first_and_lets_others_pick_it_up():
    state = setup(2, neutral_assistants=True)
    _, state = play(state, Move(0, 6))
    events, state = play(state, LeaveAssistant(0))
    assert events == [AssistantLeft(0, 6, NEUTRAL)]
    _, state = play(state, EndTurn(0))
    _, state = play(state, Move(1, 6))
    legal = game.legal_commands(state, 1)
    assert PickUpAssistant(1, True) in legal and LeaveAssistant(1) in legal
    events, state = play(state, PickUpAssistant(1, True))
    assert events == [AssistantPickedUp(1, 6, NEUTRAL)]
    assert state.players[1].stack == (NEUTRAL, NEUTRAL, 1, 1, 1)


def test_timeout_completes_the_turn_with_the_smallest_moves():
    state = setup(2)
    command = game.timeout_command(state, 0)
    assert isinstance(command, Move)
    _, state = play(state, command)
    assert game.timeout_command(state, 0) == EndTurn(0)


def test_a_command_while_a_roll_is_pending_waits_for_the_chance_step():
    state = acting(8)
    _, state = play(state, VisitBlackMarket(0, "red"))
    assert codes(lambda: game.decide(state, EndTurn(0))) == "awaiting_chance"


def test_an_unexpected_chance_outcome_is_refused():
    state = setup(2)
    drawn = ChanceDrawn(9, "roll", "governor", 6, 2, False, (1, 1))
    assert codes(lambda: game.decide(state, drawn)) == "invalid_chance_outcome"


def test_two_players_pay_the_opponent_and_every_neutral_merchant_there():
    state = setup(2)
    state = position(state, players={0: {"merchant": 10, "lira": 6}, 1: {"merchant": 14}},
                     neutral_merchants=(14, 14, 16))
    _, state = play(state, Move(0, 14))
    _, state = play(state, LeaveAssistant(0))
    events, state = play(state, PayMerchants(0))
    assert events == [MerchantsPaid(0, 14, (1,), (0, 1), 6)]
    assert state.players[0].lira == 0 and state.players[1].lira == 5
    assert [p[1] for p in state.pending] == ["neutral_merchant", "neutral_merchant"]
    _, state = roll(state, 1, 1)
    _, state = roll(state, 6, 6)
    assert state.neutral_merchants == (2, 12, 16)


def test_yellow_tile_usable_while_paying():
    state = setup(3)
    state = position(state, players={0: {"tiles": ("yellow",), "lira": 5, "stack": (0, 0, 0)},
                                     1: {"merchant": 6}}, assistants=((2, 0),))
    _, state = play(state, Move(0, 6))
    _, state = play(state, LeaveAssistant(0))
    assert isinstance(state.phase, Payment)
    assert UseMosqueTile(0, "yellow", place=2) in game.legal_commands(state, 0)
