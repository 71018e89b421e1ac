"""Fountain 7: bring any number of own assistants back to the merchant stack (6.5); no assistant needed and no
merchant paid here (turn.py). Neutral assistants never come back (variant 11.2).

Arriving here, an own assistant is picked up at once (ruling R-04). In the neutral assistants variant, a merchant
who picked up none may still pick up one neutral assistant standing here before the action (no assistant step is
needed at the fountain, so this is offered in the action phase)."""

from __future__ import annotations

from itertools import combinations

from domain.istanbul import board
from domain.istanbul.commands import PickUpAssistant, ReturnAssistants
from domain.istanbul.data import FOUNTAIN
from domain.istanbul.state import NEUTRAL
from domain.istanbul.events import AssistantsReturned

PLACES = (FOUNTAIN,)
COMMANDS = (ReturnAssistants,)


def legal(state, seat, action):
    places = board.own_assistant_places(state, seat)
    out = [ReturnAssistants(seat, combo) for n in range(1, len(places) + 1) for combo in combinations(places, n)]
    if (
        state.options.neutral_assistants
        and not action.by_family
        and not action.assistant_taken
        and action.done == 0
        and state.players[seat].merchant == FOUNTAIN
        and board.has_assistant(state, FOUNTAIN, NEUTRAL)
    ):
        out.append(PickUpAssistant(seat, True))
    return out


def decide(state, command):
    return [AssistantsReturned(command.seat, command.places, 0, "fountain")]
