"""Fountain 7: bring any number of own assistants back to the merchant stack (6.5); no assistant needed and no
merchant paid here (turn.py). Neutral assistants never come back (variant 11.2)."""

from __future__ import annotations

from itertools import combinations

from domain.istanbul import board
from domain.istanbul.commands import ReturnAssistants
from domain.istanbul.data import FOUNTAIN
from domain.istanbul.events import AssistantsReturned

PLACES = (FOUNTAIN,)
COMMANDS = (ReturnAssistants,)


def legal(state, seat, action):
    places = board.own_assistant_places(state, seat)
    return [ReturnAssistants(seat, combo) for n in range(1, len(places) + 1) for combo in combinations(places, n)]


def decide(state, command):
    return [AssistantsReturned(command.seat, command.places, 0, "fountain")]
