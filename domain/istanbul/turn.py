"""The turn's phases: Movement -> AssistantStep -> Payment -> Action -> Encounters -> end of turn.

Which phase follows which, and the phase-1/2 commands (move, assistant step, paying merchants, ending the turn),
their decisions and the reasons they are refused. Place actions live in places/, encounters in figures.py, cards
in cards.py; the seats a phase awaits are the phase's own (state.py).
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.catalogue import CARDS
from domain.istanbul.commands import EndTurn, LeaveAssistant, Move, PayMerchants, PickUpAssistant, once
from domain.istanbul.data import FOUNTAIN, MERCHANT_FEE, MOVE_3_4
from domain.istanbul.docs import MOVE_KINDS
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
from domain.istanbul.figures import to_catch
from domain.istanbul.letters_seals.events import BonusCardCopied, MerchantJoined, MovementCardPaid
from domain.istanbul.mocha_baksheesh.places import tavern
from domain.istanbul.places import caravansary, fountain
from domain.istanbul.scoring import final_queue, winners
from domain.istanbul.state import (
    NEUTRAL,
    PAYMENT,
    Action,
    AssistantStep,
    Encounters,
    FinalCards,
    Movement,
    Payment,
    State,
    action_at,
    last_of_round,
    next_seat,
)
from domain.istanbul.tiles import has_tavern_tile

COMMANDS = (Move, LeaveAssistant, PickUpAssistant, PayMerchants, EndTurn)
NORMAL_STEPS = (1, 2)


def arrival_phase(state: State, seat: int, place: int):
    """After the assistant step at `place`: pay other merchants (not at the fountain) or go straight to the
    action."""
    if place != FOUNTAIN and (board.to_pay(state, place, seat) or board.neutral_merchants_at(state, place)):
        return PAYMENT
    return action_at(place)


def fee(state: State, seat: int) -> int:
    place = board.acting_place(state, seat)
    return MERCHANT_FEE * (len(board.to_pay(state, place, seat)) + len(board.neutral_merchants_at(state, place)))


# --- legal commands --------------------------------------------------------------------------------------------
@lru_cache(maxsize=8192)
def _moves(layout: tuple[int, ...], seat: int, origin: int, steps: tuple[int, ...], card,
           barrier: tuple[int, ...] = (), straight: bool = False) -> tuple:
    """Every move of `steps` from `origin`, not across `barrier`, with the movement tile's straight lines when
    `straight` (values: built once per layout, seat, place and barrier)."""
    grid = board.grid_of(layout)
    places = board.places_at(grid, layout, origin, steps, barrier)
    if straight:
        places = tuple(sorted(set(places) | set(board.straight_line(grid, layout, origin, barrier))))
    return tuple(Move(seat, p, card) for p in places)


@lru_cache(maxsize=1024)
def _corners(layout: tuple[int, ...], seat: int, origin: int, card: str) -> tuple:
    """M07: a corner place instead of the move, a jump the barrier does not stop (R-15)."""
    return tuple(Move(seat, p, card) for p in board.corners(board.grid_of(layout), layout) if p != origin)


def blocked_for(state: State, seat: int) -> tuple[int, ...]:
    """The tavern's barrier (Mocha & Baksheesh) between its two places, unless `seat` holds the barrier tile (or the
    barrier is not on the board): no other player's figure steps across it, merchant, companion or family member
    alike, not even with the movement tile (7.6; R-15). Here, with movement, so that Letters & Seals' figures
    (letters_seals/companion.py, card_plays.py) read it without importing Mocha & Baksheesh."""
    slice_ = state.places.get(tavern.KEY)
    if slice_ is None or not slice_.barrier or slice_.holder == seat:
        return ()
    return slice_.barrier


def legal_movement(state: State, seat: int) -> list:
    player = state.players[seat]
    here = player.merchant
    if tavern.KEY not in state.places:  # no tavern: no barrier, no tavern tiles (the base game)
        out = list(_moves(state.layout, seat, here, NORMAL_STEPS, None))
        barrier = ()
    else:
        barrier = blocked_for(state, seat)
        straight = has_tavern_tile(player, "movement")
        out = list(_moves(state.layout, seat, here, NORMAL_STEPS, None, barrier, straight))
    for kind, card in movement_cards(state, player):
        if kind == "move_3_4":
            out += _moves(state.layout, seat, here, MOVE_3_4, card, barrier)
        elif kind == "stay":
            out.append(once(Move, seat, here, card))
        elif kind == "corner":
            out += _corners(state.layout, seat, here, card)
        elif kind == "join_opponent":  # L07: to an opponent's merchant, a jump
            out += _joins(state, seat, here, card)
        elif player.lira >= card_row(state, card).amount:  # L12: a jump for 3 lira
            out += [once(Move, seat, p, card) for p in sorted(state.layout) if p != here]
    return out


def movement_cards(state: State, player) -> list[tuple[str, str]]:
    """(kind, card) of each card the seat may play with its move: one card of each kind held, in MOVE_KINDS order,
    then L05 as the discard pile's top card when that is one of them (R-52: its own timing, so with the move)."""
    if not player.hand:
        return []
    kinds = {CARDS[c].kind: c for c in player.hand}
    out = [(kind, kinds[kind]) for kind in MOVE_KINDS if kind in kinds]
    copier = kinds.get("copy_discard")
    if copier is not None and state.discard and CARDS[state.discard[-1]].kind in MOVE_KINDS:
        out.append((CARDS[state.discard[-1]].kind, copier))
    return out


def card_row(state: State, card: str):
    """The row whose effect `card` carries out: its own, or for L05 the discard pile's top card's."""
    row = CARDS[card]
    return CARDS[state.discard[-1]] if row.kind == "copy_discard" and state.discard else row


def _joins(state: State, seat: int, here: int, card: str) -> list:
    """L07: one move to each place where an opponent's merchant stands; with two or more there, one per merchant
    (`joined`: the one not paid, the player's choice: "Diesen Kaufmann brauchst du nicht zu bezahlen")."""
    at = {}
    for s, p in enumerate(state.players):
        if s != seat and s not in state.out and p.merchant != here:
            at.setdefault(p.merchant, []).append(s)
    out = []
    for place in sorted(at):
        owners = at[place]
        out += [once(Move, seat, place, card)] if len(owners) == 1 else [once(Move, seat, place, card, s)
                                                                        for s in owners]
    return out


def legal_assistant_step(state: State, seat: int) -> list:
    player = state.players[seat]
    place = player.merchant
    neutral = state.options.neutral_assistants and board.has_assistant(state, place, NEUTRAL)
    return list(_assistant_step(seat, board.has_assistant(state, place, seat), bool(player.stack), neutral))


@lru_cache(maxsize=64)
def _assistant_step(seat: int, own_here: bool, stack: bool, neutral_here: bool) -> tuple:
    """Pick up the own assistant here, else leave the bottom one; a neutral one may be picked up; or end the turn
    (values, built once)."""
    out = []
    if own_here:
        out.append(PickUpAssistant(seat, False))
    elif stack:
        out.append(LeaveAssistant(seat))
    if neutral_here:
        out.append(PickUpAssistant(seat, True))
    return (*out, EndTurn(seat))


def legal_payment(state: State, seat: int) -> list:
    out = [once(PayMerchants, seat)] if state.players[seat].lira >= fee(state, seat) else []
    out.append(once(EndTurn, seat))
    return out


# --- refusals --------------------------------------------------------------------------------------------------
def diagnose(state: State, c) -> str:
    phase = state.phase
    player = state.players[c.seat]
    if isinstance(c, Move):
        if not isinstance(phase, Movement):
            return v.WRONG_PHASE
        if c.card is not None:
            if c.card not in player.hand:
                return v.CARD_NOT_IN_HAND
            row = card_row(state, c.card)
            if row.timing != "movement":
                return v.CARD_TIMING
            opponents_there = [s for s, p in enumerate(state.players) if s != c.seat and p.merchant == c.place]
            if c.joined is not None or (row.kind == "join_opponent" and opponents_there):
                return v.INVALID_TARGET  # the merchant joined is not there, or must be named among two or more
            return v.PLACE_UNREACHABLE
        return v.INVALID_TARGET if c.joined is not None else v.PLACE_UNREACHABLE
    if isinstance(c, (LeaveAssistant, PickUpAssistant)):
        if isinstance(c, LeaveAssistant) and fountain.before_action(state, c.seat):
            return v.ASSISTANT_PRESENT if board.has_assistant(state, FOUNTAIN, c.seat) else v.NO_ASSISTANT
        if not isinstance(phase, AssistantStep):
            return v.WRONG_PHASE
        if isinstance(c, LeaveAssistant):
            return v.ASSISTANT_PRESENT if board.has_assistant(state, player.merchant, c.seat) else v.NO_ASSISTANT
        return v.NO_ASSISTANT_HERE
    if isinstance(c, PayMerchants):
        return v.CANNOT_PAY_MERCHANTS if isinstance(phase, Payment) else v.WRONG_PHASE
    if isinstance(phase, (Action, Encounters)) and to_catch(state, c.seat):
        return v.MUST_CATCH_FAMILY
    return v.WRONG_PHASE


# --- decisions -------------------------------------------------------------------------------------------------
def decide_move(state: State, command: Move) -> list:
    seat = command.seat
    player = state.players[seat]
    events = [MerchantMoved(seat, player.merchant, command.place, command.card)]
    if command.card is not None:
        events += _card_effects(state, command)
    if command.place == FOUNTAIN and board.has_assistant(state, FOUNTAIN, command.seat):
        # ruling R-04: an own assistant at the fountain is picked up as usual (no decision needed there)
        events.append(AssistantPickedUp(command.seat, FOUNTAIN, command.seat))
    return events


def _card_effects(state: State, command: Move) -> list:
    """What a movement card adds to its move: L05 names the card it carries out (bonus_card_copied; L05 lands on
    the discard pile, the copied card stays); L12 its 3 lira; L07 the merchant joined."""
    seat = command.seat
    row = card_row(state, command.card)
    events = []
    if row.id != command.card:
        events.append(BonusCardCopied(seat, row.id, row.kind))
    if row.kind == "pay_to_anywhere":
        events.append(MovementCardPaid(seat, row.id, row.amount))
    elif row.kind == "join_opponent":
        owner = command.joined
        if owner is None:
            owner = next(s for s, p in enumerate(state.players) if s != seat and p.merchant == command.place)
        events.append(MerchantJoined(seat, owner))
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
    place = board.acting_place(state, seat)
    owners = board.to_pay(state, place, seat)
    neutral = board.neutral_merchants_at(state, place)
    return [MerchantsPaid(seat, place, owners, neutral, MERCHANT_FEE * (len(owners) + len(neutral)))]


def decide_end_turn(state: State, command: EndTurn) -> list:
    return end_of_turn(state, command.seat)


DECIDE = {
    Move: decide_move,
    LeaveAssistant: decide_leave_assistant,
    PickUpAssistant: decide_pick_up_assistant,
    PayMerchants: decide_pay_merchants,
    EndTurn: decide_end_turn,
}


def decide(state: State, command) -> list:
    return DECIDE[type(command)](state, command)


def end_of_turn(state: State, seat: int) -> list:
    """The events that close `seat`'s turn: the next seat's turn, or the end of the last round."""
    if isinstance(state.phase, FinalCards):
        return [FinalCardsPassed(seat)] + ([] if state.phase.queue[1:] else [GameEnded(*winners(state))])
    events = caravansary.tile_due(state, seat) + [TurnEnded(seat, next_seat(state, seat))]
    if state.ending and seat == last_of_round(state):
        queue = final_queue(state)
        events.append(FinalCardsBegan(queue) if queue else GameEnded(*winners(state)))
    return events
