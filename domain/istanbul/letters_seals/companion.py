"""The companion (Letters & Seals, rules 5.2, 5.7; rulings R-30 to R-32, R-39): each player's second figure.

It waits in the general supply until the player's first Fountain action (any: merchant, family member, the
tavern's barrier, a guild card) takes it into the personal supply (`fountain.py` adds companion_taken); every later
Fountain action may take it back there from the board (`take_companion`, after the action, or as the action when
no assistant comes back). At the start of a turn it may be brought in onto the merchant's place for free
(`bring_in_companion`). Then each turn moves either the merchant or the companion (`move_companion`): exactly 1
step (L08: 2), no assistant step (it works alone and can always act), payments to and from other merchants and
companions like a merchant (turn.py, board.merchants_at), the action at its place, and the phase-4 encounters
there (figures.py, board.acting_place). Cards and tiles naming the merchant do not move it.

`Player.companion` is where it is: a place, PERSONAL_SUPPLY (0) or GENERAL_SUPPLY (-1); `State.companion_turn` says
the current turn is the companion's.
"""

from __future__ import annotations

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.data import FOUNTAIN
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals.cards import copied, playable_as
from domain.istanbul.letters_seals.commands import BringInCompanion, MoveCompanion, TakeCompanion
from domain.istanbul.letters_seals.data import PERSONAL_SUPPLY
from domain.istanbul.letters_seals.events import CompanionBroughtIn, CompanionMoved, CompanionTaken
from domain.istanbul.state import Action, Movement, acted_phase, players_with
from domain.istanbul.turn import arrival_phase, blocked_for
from domain.istanbul.wheelbarrow import hand_remove

COMMANDS = (BringInCompanion, MoveCompanion, TakeCompanion)
STEPS = (1,)  # 5.7 a): exactly one step, orthogonally
L08_STEPS = (2,)


def on_board(player) -> bool:
    return player.companion > PERSONAL_SUPPLY


# --- legal commands --------------------------------------------------------------------------------------------
def legal_movement(state, seat: int) -> list:
    """In phase 1, before a merchant turn is begun (B10 commits to one): bring the companion in, or move it."""
    if state.letters is None or not isinstance(state.phase, Movement) or state.phase.committed:
        return []
    player = state.players[seat]
    if player.companion == PERSONAL_SUPPLY:
        return [once(BringInCompanion, seat)]
    if not on_board(player):
        return []
    barrier = blocked_for(state, seat)
    grid = board.grid_of(state.layout)
    out = [once(MoveCompanion, seat, p, None)
           for p in board.places_at(grid, state.layout, player.companion, STEPS, barrier)]
    for card in playable_as(state, player, "companion_two_steps"):  # L08 (or L05 copying it): 2 steps
        out += [once(MoveCompanion, seat, p, card)
                for p in board.places_at(grid, state.layout, player.companion, L08_STEPS, barrier)]
    return out


def legal_at_fountain(state, seat: int) -> list:
    """At the Fountain: take the companion into the personal supply, as the action itself (not yet carried out)
    or, once it was, back from the board."""
    phase = state.phase
    if state.letters is None or not isinstance(phase, Action) or phase.place != FOUNTAIN or phase.step is not None:
        return []
    where = state.players[seat].companion
    if where != PERSONAL_SUPPLY and (phase.done < phase.allowed or where > PERSONAL_SUPPLY):
        return [once(TakeCompanion, seat)]
    return []


def diagnose(state, command) -> str:
    player = state.players[command.seat]
    if isinstance(command, MoveCompanion):
        if not isinstance(state.phase, Movement):
            return v.WRONG_PHASE
        return v.PLACE_UNREACHABLE if on_board(player) else v.ACTION_UNAVAILABLE
    if isinstance(command, BringInCompanion):
        return v.WRONG_PHASE if not isinstance(state.phase, Movement) else v.ACTION_UNAVAILABLE
    return v.NOT_AT_PLACE if not isinstance(state.phase, Action) else v.ACTION_UNAVAILABLE


# --- decisions -------------------------------------------------------------------------------------------------
def decide(state, command) -> list:
    seat = command.seat
    player = state.players[seat]
    if isinstance(command, BringInCompanion):
        return [CompanionBroughtIn(seat, player.merchant)]
    if isinstance(command, MoveCompanion):
        return [CompanionMoved(seat, player.companion, command.place, command.card),
                *(copied(state, command.card, seat) if command.card is not None else ())]
    phase = state.phase
    return [CompanionTaken(seat, player.companion, phase.done < phase.allowed)]


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_companion_brought_in(state, e):
    return replace(state, players=players_with(state, e.seat, companion=e.place))


def apply_companion_moved(state, e):
    # One copy of the state: the arrival phase reads only other seats' figures, the neutral merchants and L07's
    # unpaid seat, none of which this move changes, so it is read from the state before the move.
    phase = arrival_phase(state, e.seat, e.place)
    if e.card is None:
        return replace(state, players=players_with(state, e.seat, companion=e.place), companion_turn=True,
                       phase=phase)
    players = players_with(state, e.seat, companion=e.place, hand=hand_remove(state.players[e.seat].hand, e.card))
    return replace(state, players=players, discard=state.discard + (e.card,), companion_turn=True, phase=phase)


def apply_companion_taken(state, e):
    state = replace(state, players=players_with(state, e.seat, companion=PERSONAL_SUPPLY))
    return replace(state, phase=acted_phase(state.phase)) if e.action else state


APPLY = {CompanionBroughtIn: apply_companion_brought_in, CompanionMoved: apply_companion_moved,
         CompanionTaken: apply_companion_taken}
