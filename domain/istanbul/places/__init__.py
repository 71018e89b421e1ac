"""Place id -> module. Every place module exports PLACES (ids it serves), COMMANDS (command classes),
`legal(state, seat, action)` (the complete place-action commands possible now), `decide(state, command)`, APPLY
(its events -> evolve functions) and, for multi-step actions, `legal_step(state, seat, action)`.

Expansions add modules and ids here: place actions are dispatched nowhere else.
"""

from __future__ import annotations

from domain.istanbul.places import (
    black_market,
    caravansary,
    fountain,
    gemstone_dealer,
    markets,
    mosques,
    police_station,
    post_office,
    sultans_palace,
    tea_house,
    wainwright,
    warehouses,
)
from domain.istanbul.state import Action

MODULES = (
    wainwright, warehouses, post_office, caravansary, fountain, black_market, tea_house, markets,
    police_station, sultans_palace, mosques, gemstone_dealer,
)
BY_PLACE = {place: module for module in MODULES for place in module.PLACES}
BY_COMMAND = {cls: module for module in MODULES for cls in module.COMMANDS}


def can_act(action: Action) -> bool:
    return action.step is None and action.done < action.allowed


def legal(state, seat: int, action: Action) -> list:
    module = BY_PLACE.get(action.place)
    if module is None:
        return []
    if action.step is not None:
        return module.legal_step(state, seat, action) if hasattr(module, "legal_step") else []
    if action.done >= action.allowed:
        return []
    return module.legal(state, seat, action)
