"""Caravansary 6: take 2 bonus cards one at a time, each from the deck or the face-up discard pile (only here),
then discard 1 card from hand (6.4, rulings R-27/R-28)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import DiscardBonusCard, DrawBonusCard, once
from domain.istanbul.data import CARAVANSARY, CARAVANSARY_DRAWS
from domain.istanbul.events import BonusCardDiscarded, BonusCardDrawn, CaravansaryVisited
from domain.istanbul.state import Caravan, acted

PLACES = (CARAVANSARY,)
COMMANDS = (DrawBonusCard, DiscardBonusCard)
STEP_COMMANDS = COMMANDS
DRAWS = CARAVANSARY_DRAWS


def _sources(state, seat):
    return [once(DrawBonusCard, seat, s) for s, pile in (("deck", state.deck), ("discard", state.discard)) if pile]


def legal(state, seat, action):
    return _sources(state, seat)


def legal_step(state, seat, action):
    step = action.step
    if not isinstance(step, Caravan):
        return []
    draws = _sources(state, seat) if step.drawn < DRAWS else []
    if draws:
        return draws
    return [once(DiscardBonusCard, seat, c) for c in sorted(set(state.players[seat].hand))]


def diagnose(state, command) -> str:
    step = state.phase.step
    if isinstance(command, DrawBonusCard):
        return v.DECISION_PENDING if isinstance(step, Caravan) and step.drawn >= DRAWS else v.NO_BONUS_CARDS
    return v.INVALID_TARGET


def decide(state, command):
    if isinstance(command, DiscardBonusCard):
        return [BonusCardDiscarded(command.seat, command.card)]
    card = state.deck[0] if command.source == "deck" else state.discard[-1]
    started = [] if isinstance(state.phase.step, Caravan) else [CaravansaryVisited(command.seat)]
    return started + [BonusCardDrawn(command.seat, card, command.source)]


def apply_caravansary_visited(state, e):
    return acted(state, step=Caravan(0))


APPLY = {CaravansaryVisited: apply_caravansary_visited}
