"""When in a turn bonus cards and mosque tiles may be used: the moments their own timings name.

The rulebook lets a player use "beliebig viele Bonuskarten und die Fähigkeiten eurer Moschee-Plättchen" during
the own turn, except where a card or tile says otherwise. So an open sub-decision (the governor's payment, the
caravansary's draws and discard, a roll awaiting the red tile's choice, the black market's single good) does not
close that window: only the card's or tile's own timing can.

A place action in which other seats decide in turn (the kiosk's choosing, the auction) is a phase of its own; while
it awaits the active seat, that is a moment of the active seat's own turn in the middle of the place action (the
phase's `own_turn_moment`); while it awaits another seat, it is nobody's own-turn moment: a passive seat plays no
card and uses no tile (it is not its turn), and the active seat is not awaited.
"""

from __future__ import annotations

from domain.istanbul.data import CARAVANSARY_DRAWS, FIGURE_FEE
from domain.istanbul.state import (
    Action,
    AfterGuildCard,
    AssistantStep,
    Caravan,
    Encounters,
    GovernorPayment,
    Movement,
    Payment,
)

TURN_PHASES = (Movement, AssistantStep, Payment, Action, Encounters, AfterGuildCard)


def own_turn(state) -> bool:
    """A moment of the current seat's turn (phases 1-4, sub-decisions included, the kiosk's choosing and the
    auction while they await the active seat; not the final card plays)."""
    phase = state.phase
    if isinstance(phase, TURN_PHASES):
        return True
    moment = getattr(phase, "own_turn_moment", None)
    return moment is not None and moment(state)


def during_place_action(state) -> bool:
    """A place action was begun and awaits a sub-decision (caravansary draws, a roll, the black market's good, the
    kiosk's choosing, the auction): B01 is played "before or after, but never during" one."""
    phase = state.phase
    if isinstance(phase, Action):
        return phase.step is not None
    return hasattr(phase, "own_turn_moment")


def family_acting(state) -> bool:
    """The family member sent from the police station is about to act or is in the middle of its action (the
    kiosk's choosing or the auction it began included)."""
    phase = state.phase
    if not isinstance(phase, Action):
        phase = getattr(phase, "action", None) if hasattr(phase, "own_turn_moment") else None
        return phase is not None and phase.by_family
    return phase.by_family and (phase.done < phase.allowed or phase.step is not None)


def owes_debt(state) -> bool:
    """The governor's payment or the caravansary's discard is due now."""
    step = getattr(state.phase, "step", None)
    return isinstance(step, GovernorPayment) or (isinstance(step, Caravan) and step.drawn >= CARAVANSARY_DRAWS)


def debt_payable(state, seat: int, lira: int = 0, cards: int = 0) -> bool:
    """While the governor's payment or the caravansary's discard is owed, a card or tile used meanwhile (changing
    the seat's lira and cards in hand by `lira` and `cards`) must leave it payable: a card to give up, or, for the
    governor, 2 lira. Otherwise playing away the card just drawn would skip the payment."""
    step = getattr(state.phase, "step", None)
    if isinstance(step, Caravan) and step.drawn < CARAVANSARY_DRAWS:
        return True  # the next caravansary draw brings a card to discard
    if not isinstance(step, (GovernorPayment, Caravan)):
        return True
    player = state.players[seat]
    if len(player.hand) + cards > 0:
        return True
    return isinstance(step, GovernorPayment) and player.lira + lira >= FIGURE_FEE
