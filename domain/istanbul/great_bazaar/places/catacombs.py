"""Catacombs 25 (the Great Bazaar only, 6.22, ruling R-40): take 1 good of any type or 1 coffee ("auch Kaffee"),
then the figure that carried out the action moves to any other place: the merchant with its stack, the companion
in a companion turn, the family member sent from the police station (or stepping there with L06). There it carries
out no action and has no encounters (phase 4 is skipped: `Action.figure_left`); its letters for the new place are
delivered by decide's delivery hook (R-33). A jump, so the barrier is never crossed (R-15). With no figure (the
tavern's barrier) only the good is taken.
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import violations as v
from domain.istanbul.data import COFFEE, GOODS
from domain.istanbul.frozen import replace
from domain.istanbul.great_bazaar.commands import VisitCatacombs
from domain.istanbul.great_bazaar.data import CATACOMBS
from domain.istanbul.great_bazaar.events import CatacombsVisited
from domain.istanbul.state import acted_phase, players_with
from domain.istanbul.wheelbarrow import gained, one

PLACES = (CATACOMBS,)
COMMANDS = (VisitCatacombs,)
TAKEN = GOODS + (COFFEE,)
FIELD = {"merchant": "merchant", "companion": "companion", "family_member": "family"}  # figure -> Player field


def acting_figure(state, action) -> str | None:
    """The figure that carries out the action here: None with no figure (the barrier), the family member when it
    acts (police station, L06), the companion in a companion turn, else the merchant stack."""
    if action.no_figure:
        return None
    if action.by_family:
        return "family_member"
    return "companion" if state.companion_turn else "merchant"


def legal(state, seat, action):
    return list(_visits(seat, state.layout, acting_figure(state, action) is not None))


@lru_cache(maxsize=256)
def _visits(seat: int, layout: tuple[int, ...], moves: bool) -> tuple:
    """Every (good, destination) pair, built once per seat and layout."""
    places = tuple(p for p in sorted(layout) if p != CATACOMBS) if moves else (None,)
    return tuple(VisitCatacombs(seat, good, place) for good in TAKEN for place in places)


def diagnose(state, command) -> str:
    if command.good not in TAKEN:
        return v.INVALID_GOODS
    return v.INVALID_TARGET


def decide(state, command):
    figure = acting_figure(state, state.phase)
    n = gained(state.players[command.seat], command.good)
    return [CatacombsVisited(command.seat, command.good, n, figure, command.place if figure else None)]


def apply_catacombs_visited(state, e):
    changes = {"goods": state.players[e.seat].goods.plus(one(e.good, e.gained))}
    if e.figure is not None:
        changes[FIELD[e.figure]] = e.place
    phase = acted_phase(state.phase, figure_left=e.figure is not None or state.phase.figure_left)
    return replace(state, players=players_with(state, e.seat, **changes), phase=phase)


APPLY = {CatacombsVisited: apply_catacombs_visited}
