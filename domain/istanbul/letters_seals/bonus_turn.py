"""The bonus turn (Letters & Seals, rules 5.10, ruling R-34): at the end of a turn, instead of ending it, a seat may
give up letters showing 3 or 4 seals and take one more turn at once, a normal turn in every respect. At most one
bonus turn per player and round (the start player's round: one taken in the final round is played, R-43), and a
bonus turn cannot earn another. The end of the turn still happens first (the caravan tile changes hands)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.commands import TakeBonusTurn
from domain.istanbul.letters_seals.data import BONUS_TURN_SEALS
from domain.istanbul.letters_seals.events import BonusTurnTaken
from domain.istanbul.places import caravansary
from domain.istanbul.state import MOVEMENT

COMMANDS = (TakeBonusTurn,)


def earned_already(state, seat: int) -> bool:
    supply = state.letters
    return supply.bonus_turn or seat in supply.bonus_turns


def legal(state, seat: int) -> list:
    """Offered wherever end_turn is (the caller checks that)."""
    if state.letters is None or earned_already(state, seat):
        return []
    return [once(TakeBonusTurn, seat, chosen, backs)
            for chosen, backs in letters.spends(state.players[seat], BONUS_TURN_SEALS)]


def diagnose(state, command) -> str:
    if state.letters is None:
        return v.ILLEGAL_COMMAND
    if earned_already(state, command.seat):
        return v.BONUS_TURN_TAKEN
    return v.WRONG_SEALS


def decide(state, command) -> list:
    seat = command.seat
    sealed = letters.backs(state.players[seat], command.sealed)
    return caravansary.tile_due(state, seat) + [BonusTurnTaken(seat, command.letters, sealed)]


def apply_bonus_turn_taken(state, e):
    state = letters.spent(state, e.seat, e.letters, e.sealed)
    supply = state.letters
    supply = replace(supply, bonus_turns=supply.bonus_turns + (e.seat,), bonus_turn=True)
    return replace(state, letters=supply, phase=MOVEMENT, yellow_used=False, companion_turn=False)


def new_turn(state, next_seat: int):
    """At turn_ended: the bonus turn is over; a new round (the turn passes back to or beyond the start player)
    gives every seat its bonus turn again."""
    supply = state.letters
    order = (state.current - state.start_player) % state.seats
    wrapped = (next_seat - state.start_player) % state.seats <= order
    if not supply.bonus_turn and not (wrapped and supply.bonus_turns):
        return supply  # the usual turn: nothing to reset, and a copy per turn_ended cost replay speed
    return replace(supply, bonus_turn=False, bonus_turns=() if wrapped else supply.bonus_turns)


APPLY = {BonusTurnTaken: apply_bonus_turn_taken}
