"""The places: one module per place (or pair of places sharing a rule), each owning everything about it.

A place module exports:
- PLACES (the place ids it serves), COMMANDS (its command classes), STEP_COMMANDS (those answering its own
  sub-step, accepted while that step is open);
- KEY and `initial(seats)`: its slice of the state (`state.places[KEY]`, a frozen dataclass; a `rubies_left`
  property when rubies lie on it), absent when nothing lies on the place;
- `view(state, revealed)`: its entries of the view's "places" object, and VIEW_SCHEMA describing them;
- SETUP_CHANCE and `decide_setup(state, label, outcome)`: set-up chance steps of its own (demand stacks);
- RUBY_EVENTS: its events that may bring a ruby (decide checks the end of the game after them);
- `legal(state, seat, action)` (the complete commands possible now), `legal_step` for a multi-step action,
  `decide(state, command)`, `diagnose(state, command)` (why a refused command of its own is refused, once the
  common checks here passed) and APPLY (its events -> evolve functions).

A module serves the places of its box: `in_play(place_ids)` lists the modules of the places in play (content.py
names the places each box brings); nothing else dispatches on places.
"""

from __future__ import annotations

from functools import cache

from domain.istanbul import violations as v
from domain.istanbul.great_bazaar.places import catacombs
from domain.istanbul.letters_seals.places import auction_house, embassy, kiosk, secret_society
from domain.istanbul.mocha_baksheesh.places import coffee_house, coffee_roastery, guild_hall, tavern
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

BASE_MODULES = (
    wainwright, warehouses, post_office, caravansary, fountain, black_market, tea_house, markets,
    police_station, sultans_palace, mosques, gemstone_dealer,
)
MOCHA_MODULES = (coffee_roastery, guild_hall, tavern, coffee_house)
LETTERS_MODULES = (embassy, kiosk, auction_house, secret_society)
GREAT_BAZAAR_MODULES = (catacombs,)
# every place module known, in the order views list them: place ids never repeat across boxes
MODULES = BASE_MODULES + MOCHA_MODULES + LETTERS_MODULES + GREAT_BAZAAR_MODULES
BY_PLACE = {place: module for module in MODULES for place in module.PLACES}
BY_COMMAND = {cls: module for module in MODULES for cls in module.COMMANDS}
RUBY_EVENTS = frozenset(cls for module in MODULES for cls in getattr(module, "RUBY_EVENTS", ()))


@cache
def in_play(place_ids: tuple[int, ...]) -> tuple:
    """The modules of the places in play, in MODULES order."""
    return tuple(module for module in MODULES if set(module.PLACES) & set(place_ids))


def legal(state, seat: int, action: Action) -> list:
    module = BY_PLACE.get(action.place)
    if module is None:
        return []
    if action.step is not None:
        return module.legal_step(state, seat, action) if hasattr(module, "legal_step") else []
    if action.done >= action.allowed:
        return []
    return module.legal(state, seat, action)


# Places whose action pauses in a phase of their own, several seats deciding (Letters & Seals): the kiosk's choosing
# and the auction. Such a phase ends by itself (every seat can choose or pass), and the paused action with it.
OWN_PHASES = (kiosk.KioskChoice, auction_house.Auction)


def completable(state, seat: int, action: Action) -> bool:
    """The action at `action.place` can be carried out now (a guild card must be carried out completely, rules
    5.8): some command of it is legal, and the place's own `completable` (e.g. the Caravansary's two cards)
    holds."""
    module = BY_PLACE.get(action.place)
    if module is None:
        return False
    check = getattr(module, "completable", None)
    return (check is None or check(state, seat, action)) and bool(legal(state, seat, action))


def diagnose(state, command) -> str:
    """Why a place command is refused: the checks common to every place, then the place's own reasons."""
    module = BY_COMMAND[type(command)]
    if type(command) in getattr(module, "PHASE_COMMANDS", ()):  # answering the place's own phase (an auction)
        return module.diagnose(state, command)
    phase = state.phase
    if not isinstance(phase, Action):
        return v.WRONG_PHASE
    if phase.place not in module.PLACES:
        return v.NOT_AT_PLACE
    if phase.step is None and phase.done >= phase.allowed:
        return v.ACTION_DONE
    specific = getattr(module, "diagnose", None)
    return specific(state, command) if specific is not None else v.ACTION_UNAVAILABLE
