"""A seat that forfeits (the service's clock policy) leaves the game; the others play on.

Its pieces stay on the board; it is skipped in turn order and can no longer win. If it was the seat to act,
its turn ends at once (closing the round if it was the last of the final round); when a single seat remains,
that seat wins.
"""

from __future__ import annotations

from domain.core import GameOver
from domain.istanbul.events import GameEnded, SeatForfeited
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals.places import auction_house
from domain.istanbul.state import FinalCards, Over, State
from domain.istanbul.turn import end_of_turn


def forfeit(state: State, seat: int) -> list:
    if isinstance(state.phase, Over):
        raise GameOver()
    events: list = [SeatForfeited(seat)]
    after = _without(state, seat)
    remaining = [s for s in range(state.seats) if s not in after.out]
    if len(remaining) == 1:
        return events + [GameEnded((remaining[0],), "forfeit")]
    if isinstance(state.phase, FinalCards):
        # at the head of the queue it passes now; further back, evolve drops it from the queue
        return events + (end_of_turn(after, seat) if state.phase.queue[:1] == (seat,) else [])
    if state.current != seat:
        return events + auction_house.after_forfeit(after, seat)
    return events + end_of_turn(after, seat)


def _without(state: State, seat: int) -> State:

    return replace(state, out=tuple(sorted(set(state.out) | {seat})))


def apply_seat_forfeited(state: State, e: SeatForfeited) -> State:
    state = _without(state, e.seat)
    phase = state.phase
    if isinstance(phase, FinalCards) and e.seat in phase.queue[1:]:

        state = replace(state, phase=FinalCards(tuple(s for s in phase.queue if s != e.seat)))
    return state


APPLY = {SeatForfeited: apply_seat_forfeited}
