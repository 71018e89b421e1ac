"""Embassy 21 (Letters & Seals): take 2 letters and lay them face up (6.18). Letters the pile lacks are drawn
after the spent letters are reshuffled (letters_seals/letters.py); with no letters anywhere the action is not available."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.commands import VisitEmbassy
from domain.istanbul.letters_seals.data import EMBASSY, EMBASSY_LETTERS
from domain.istanbul.letters_seals.events import EmbassyVisited
from domain.istanbul.state import acted

PLACES = (EMBASSY,)
COMMANDS = (VisitEmbassy,)


def available(state) -> bool:
    supply = state.letters
    return supply is not None and bool(supply.pile or supply.discard)


def legal(state, seat, action):
    return [once(VisitEmbassy, seat)] if available(state) else []


def diagnose(state, command) -> str:
    return v.NO_LETTERS


def decide(state, command):
    return [EmbassyVisited(command.seat)] + letters.draw(state, command.seat, EMBASSY_LETTERS)


def apply_embassy_visited(state, e):
    return acted(state)


APPLY = {EmbassyVisited: apply_embassy_visited}
