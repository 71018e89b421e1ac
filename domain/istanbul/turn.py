"""The turn's phases: Movement -> AssistantStep -> Payment -> Action -> Encounters -> end of turn.

Who is awaited, which phase follows which, and the phase-1/2 commands (move, assistant step, paying merchants,
ending the turn). Place actions live in places/, encounters in figures.py, cards in cards.py.
"""

from __future__ import annotations

from domain.istanbul import board
from domain.istanbul.cards import CARDS
from domain.istanbul.commands import EndTurn, LeaveAssistant, Move, PayMerchants, PickUpAssistant
from domain.istanbul.data import FOUNTAIN, MERCHANT_FEE, MOVE_3_4
from domain.istanbul.events import (
    AssistantLeft,
    AssistantPickedUp,
    FinalCardsBegan,
    FinalCardsPassed,
    GameEnded,
    MerchantMoved,
    MerchantsPaid,
    TurnEnded,
)
from domain.istanbul.scoring import final_queue, winners
from domain.istanbul.state import (
    Action,
    AssistantStep,
    Encounters,
    FinalCards,
    Movement,
    NEUTRAL,
    Payment,
    State,
    last_of_round,
    next_seat,
)

NORMAL_STEPS = (1, 2)


def arrival_phase(state: State, seat: int):
    """After the assistant step: pay other merchants (not at the fountain) or go straight to the action."""
    place = state.players[seat].merchant
    if place != FOUNTAIN and (board.merchants_at(state, place, seat) or board.neutral_merchants_at(state, place)):
        return Payment()
    return Action(place=place)


def fee(state: State, seat: int) -> int:
    place = state.players[seat].merchant
    return MERCHANT_FEE * (len(board.merchants_at(state, place, seat)) + len(board.neutral_merchants_at(state, place)))


# --- legal commands --------------------------------------------------------------------------------------------
def legal_movement(state: State, seat: int) -> list:
    player = state.players[seat]
    here = player.merchant
    out = [Move(seat, p) for p in board.places_at(state.layout, here, NORMAL_STEPS)]
    kinds = {CARDS[c].kind: c for c in player.hand}
    if "move_3_4" in kinds:
        out += [Move(seat, p, kinds["move_3_4"]) for p in board.places_at(state.layout, here, MOVE_3_4)]
    if "stay" in kinds:
        out.append(Move(seat, here, kinds["stay"]))
    return out


def legal_assistant_step(state: State, seat: int) -> list:
    player = state.players[seat]
    place = player.merchant
    out = []
    own_here = board.has_assistant(state, place, seat)
    if own_here:
        out.append(PickUpAssistant(seat, False))
    elif player.stack:
        out.append(LeaveAssistant(seat))
    if state.options.neutral_assistants and board.has_assistant(state, place, NEUTRAL):
        out.append(PickUpAssistant(seat, True))
    out.append(EndTurn(seat))
    return out


def legal_payment(state: State, seat: int) -> list:
    out = [PayMerchants(seat)] if state.players[seat].lira >= fee(state, seat) else []
    out.append(EndTurn(seat))
    return out


# --- decisions -------------------------------------------------------------------------------------------------
def decide_move(state: State, command: Move) -> list:
    player = state.players[command.seat]
    events = [MerchantMoved(command.seat, player.merchant, command.place, command.card)]
    if command.place == FOUNTAIN and board.has_assistant(state, FOUNTAIN, command.seat):
        # ruling R-04: an own assistant at the fountain is picked up as usual (no decision needed there)
        events.append(AssistantPickedUp(command.seat, FOUNTAIN, command.seat))
    return events


def decide_leave_assistant(state: State, command: LeaveAssistant) -> list:
    player = state.players[command.seat]
    return [AssistantLeft(command.seat, player.merchant, player.stack[0])]


def decide_pick_up_assistant(state: State, command: PickUpAssistant) -> list:
    player = state.players[command.seat]
    owner = NEUTRAL if command.neutral else command.seat
    return [AssistantPickedUp(command.seat, player.merchant, owner)]


def decide_pay_merchants(state: State, command: PayMerchants) -> list:
    seat = command.seat
    place = state.players[seat].merchant
    owners = board.merchants_at(state, place, seat)
    neutral = board.neutral_merchants_at(state, place)
    return [MerchantsPaid(seat, place, owners, neutral, MERCHANT_FEE * (len(owners) + len(neutral)))]


def decide_end_turn(state: State, command: EndTurn) -> list:
    return end_of_turn(state, command.seat)


def end_of_turn(state: State, seat: int) -> list:
    """The events that close `seat`'s turn: the next seat's turn, or the end of the last round."""
    if isinstance(state.phase, FinalCards):
        return [FinalCardsPassed(seat)] + ([] if state.phase.queue[1:] else [GameEnded(*winners(state))])
    events = [TurnEnded(seat, next_seat(state, seat))]
    if state.ending and seat == last_of_round(state):
        queue = final_queue(state)
        events.append(FinalCardsBegan(queue) if queue else GameEnded(*winners(state)))
    return events
