"""legal_commands(state, seat): every complete command the seat may post now; decide accepts exactly these."""

from __future__ import annotations

from domain.istanbul import cards, figures, places, tiles, turn
from domain.istanbul.chance import chance
from domain.istanbul.commands import AcceptRoll, CatchFamilyMember, EndTurn
from domain.istanbul.state import Action, AssistantStep, Encounters, FinalCards, Movement, Payment, State


def legal_commands(state: State, seat: int) -> list:
    if seat != state.current or chance(state) is not None:
        return []
    phase = state.phase
    if isinstance(phase, FinalCards):
        return cards.legal(state, seat) + [EndTurn(seat)] if phase.queue else []
    if isinstance(phase, Movement):
        out = turn.legal_movement(state, seat)
    elif isinstance(phase, AssistantStep):
        out = turn.legal_assistant_step(state, seat)
    elif isinstance(phase, Payment):
        out = turn.legal_payment(state, seat)
    elif isinstance(phase, Action):
        out = places.legal(state, seat, phase) + figures.legal(state, seat)
    elif isinstance(phase, Encounters):
        out = figures.legal(state, seat)
    else:
        return []
    return out + cards.legal(state, seat) + tiles.legal(state, seat)


def to_act(state: State) -> tuple[int, ...]:
    phase = state.phase
    if chance(state) is not None or not isinstance(phase, (Movement, AssistantStep, Payment, Action, Encounters,
                                                           FinalCards)):
        return ()
    if isinstance(phase, FinalCards) and not phase.queue:
        return ()
    return (state.current,)


def timeout_command(state: State, seat: int):
    """The smallest legal completion of the seat's obligations (the service's timeout hook): end the turn when
    possible, keep the dice, take lira for a caught family member, else the first listed command."""
    commands = legal_commands(state, seat)
    for kind in (EndTurn, AcceptRoll):
        for command in commands:
            if isinstance(command, kind):
                return command
    for command in commands:
        if isinstance(command, CatchFamilyMember) and command.reward == "lira":
            return command
    return commands[0]
