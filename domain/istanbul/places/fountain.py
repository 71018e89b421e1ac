"""Fountain 7: bring any number of own assistants back to the merchant stack (6.5); no assistant needed and no
merchant paid here (turn.py). Neutral assistants never come back (variant 11.2).

Arriving here, an own assistant is picked up at once (ruling R-04), so there is no assistant step phase at the
fountain: its remaining choices are offered in the action phase, before the action. A merchant with no own
assistant here may leave the bottom assistant of the stack (5.3 b; R-04: no benefit, but allowed); in the
neutral assistants variant, a merchant who picked up none may instead pick up one neutral assistant standing here.
Either ends the fountain's assistant step (one of the two, once); the action can bring a left assistant back.
With Letters & Seals the first fountain action also takes the companion into the personal supply (letters_seals/companion.py)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.commands import LeaveAssistant, PickUpAssistant, ReturnAssistants, once
from domain.istanbul.data import FOUNTAIN
from domain.istanbul.events import AssistantsReturned
from domain.istanbul.letters_seals.data import GENERAL_SUPPLY
from domain.istanbul.letters_seals.events import CompanionTaken
from domain.istanbul.state import NEUTRAL, Action

PLACES = (FOUNTAIN,)
COMMANDS = (ReturnAssistants,)


def before_action(state, seat) -> bool:
    """The merchant is at the fountain, in the action phase, and its assistant step there is still open."""
    action = state.phase
    return (
        isinstance(action, Action)
        and action.place == FOUNTAIN
        and not action.by_family
        and not action.no_figure
        and action.step is None
        and action.done == 0
        and not action.assistant_taken
        and not action.assistant_left
        and state.players[seat].merchant == FOUNTAIN
        and not state.companion_turn  # the companion has no assistants (5.7 b)
    )


@lru_cache(maxsize=4096)
def _returns(seat: int, places: tuple[int, ...]) -> tuple:
    """Every non-empty choice of the places to bring own assistants back from (values, built once)."""
    return tuple(ReturnAssistants(seat, combo) for n in range(1, len(places) + 1) for combo in combinations(places, n))


def legal(state, seat, action):
    out = list(_returns(seat, board.own_assistant_places(state, seat)))
    if before_action(state, seat):
        if state.players[seat].stack and not board.has_assistant(state, FOUNTAIN, seat):
            out.append(once(LeaveAssistant, seat))
        if state.options.neutral_assistants and board.has_assistant(state, FOUNTAIN, NEUTRAL):
            out.append(once(PickUpAssistant, seat, True))
    return out


def diagnose(state, command) -> str:
    return v.INVALID_TARGET


def decide(state, command):
    events = [AssistantsReturned(command.seat, command.places, 0, "fountain")]
    if state.letters is not None and state.players[command.seat].companion == GENERAL_SUPPLY:
        events.append(CompanionTaken(command.seat, GENERAL_SUPPLY, False))  # the first fountain action
    return events
