"""Caravansary 6: take 2 bonus cards one at a time, each from the deck or the face-up discard pile (only here),
then discard 1 card from hand (6.4, rulings R-27/R-28). Mocha & Baksheesh's tile adds 1 coffee (its face, data);
guild card 6 keeps both cards (rules `discards`)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import DiscardBonusCard, DrawBonusCard, once
from domain.istanbul.content import content
from domain.istanbul.data import CARAVANSARY, CARAVANSARY_DRAWS, COFFEE
from domain.istanbul.events import BonusCardDiscarded, BonusCardDrawn, CaravansaryVisited
from domain.istanbul.mocha_events import CoffeeTaken
from domain.istanbul.state import Caravan, acted, action_rules
from domain.istanbul.wheelbarrow import gain, one

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
    if action_rules(state).discards == 0:
        return []  # guild card 6 keeps both (its step ends with the second draw)
    return [once(DiscardBonusCard, seat, c) for c in sorted(set(state.players[seat].hand))]


def completable(state, seat, action) -> bool:
    """Guild card 6 must take both cards (rules 5.8): two must exist."""
    return len(state.deck) + len(state.discard) >= DRAWS


def diagnose(state, command) -> str:
    step = state.phase.step
    if isinstance(command, DrawBonusCard):
        return v.DECISION_PENDING if isinstance(step, Caravan) and step.drawn >= DRAWS else v.NO_BONUS_CARDS
    return v.INVALID_TARGET


def decide(state, command):
    if isinstance(command, DiscardBonusCard):
        return [BonusCardDiscarded(command.seat, command.card)]
    card = state.deck[0] if command.source == "deck" else state.discard[-1]
    started = []
    if not isinstance(state.phase.step, Caravan):
        started.append(CaravansaryVisited(command.seat))
        extra = content(state).face(CARAVANSARY).coffee
        if extra:
            started.append(CoffeeTaken(command.seat, extra))
    return started + [BonusCardDrawn(command.seat, card, command.source)]


def after_draw(state, step: Caravan):
    """The Caravan step after one of its draws: the discard follows, unless a guild card keeps both cards."""
    drawn = step.drawn + 1
    if drawn >= DRAWS and action_rules(state).discards == 0:
        return None
    return Caravan(drawn)


def apply_caravansary_visited(state, e):
    return acted(state, step=Caravan(0))


def apply_coffee_taken(state, e):
    return gain(state, e.seat, one(COFFEE, e.coffee))


APPLY = {CaravansaryVisited: apply_caravansary_visited, CoffeeTaken: apply_coffee_taken}
