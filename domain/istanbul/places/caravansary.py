"""Caravansary 6: take 2 bonus cards one at a time, each from the deck or the face-up discard pile (only here),
then discard 1 card from hand (6.4, rulings R-27/R-28). Mocha & Baksheesh's tile adds 1 coffee (its face, data);
guild card 6 keeps both cards (rules `discards`).

Caravan Leader variant (11.4): the caravan tile lies here at set-up (this module's slice, present only in the
variant). Whoever carries out the Caravansary action (merchant, companion, family member, a guild card, the
tavern's barrier: every way) takes it at the end of that turn and is the caravan leader until another player
does; a seat that already leads when it carries out the action keeps both cards (no discard)."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import DiscardBonusCard, DrawBonusCard, once
from domain.istanbul.content import content
from domain.istanbul.data import CARAVANSARY, CARAVANSARY_DRAWS, COFFEE
from domain.istanbul.events import BonusCardDiscarded, BonusCardDrawn, CaravansaryVisited, CaravanTileTaken
from domain.istanbul.frozen import record, replace
from domain.istanbul.mocha_baksheesh.events import CoffeeTaken
from domain.istanbul.schema import nullable, obj, seat
from domain.istanbul.state import Caravan, acted, action_rules, with_place
from domain.istanbul.wheelbarrow import gain, one

PLACES = (CARAVANSARY,)
COMMANDS = (DrawBonusCard, DiscardBonusCard)
STEP_COMMANDS = COMMANDS
DRAWS = CARAVANSARY_DRAWS
KEY = "caravansary"
VIEW_OPTIONAL = ("caravan_tile",)  # only in the Caravan Leader variant


@record
class CaravanTile:
    """The caravan tile: its holder (None while it lies here), and the seat other than the holder that carried
    out the action this turn and takes the tile when the turn ends."""

    leader: int | None = None
    claimant: int | None = None


def initial_for(options, seats: int) -> CaravanTile | None:
    """The caravan tile lies here only in the Caravan Leader variant."""
    return CaravanTile() if options.caravan_leader else None


def tile(state) -> CaravanTile | None:
    return state.places.get(KEY)


def leads(state, seat: int) -> bool:
    """`seat` holds the caravan tile (already before this turn's action: the tile changes hands at turn end)."""
    here = tile(state)
    return here is not None and here.leader == seat


def keeps_both(state) -> bool:
    """No discard after the two draws: guild card 6's rules, or the caravan leader's bonus (11.4)."""
    return action_rules(state).discards == 0 or leads(state, state.current)


def tile_due(state, seat: int) -> list:
    """At the end of `seat`'s turn: the caravan tile, if `seat` carried out the Caravansary action this turn."""
    here = tile(state)
    if here is None or here.claimant != seat or seat in state.out:
        return []
    return [CaravanTileTaken(seat)]


def view(state, revealed: bool) -> dict:
    here = tile(state)
    return {} if here is None else {"caravan_tile": {"leader": here.leader}}


VIEW_SCHEMA = {"caravan_tile": obj("Caravan Leader variant: the caravan tile (absent without the variant)", {
    "leader": nullable(seat("the caravan leader: keeps both cards at the caravansary (null while the tile lies on "
                            "the Caravansary 6)")),
})}


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
    if keeps_both(state):
        return []  # guild card 6 or the caravan leader keeps both (the step ends with the second draw)
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
    if drawn >= DRAWS and keeps_both(state):
        return None
    return Caravan(drawn)


def apply_caravansary_visited(state, e):
    here = tile(state)
    if here is not None and here.leader != e.seat:  # the leader keeps it: nothing changes hands at the turn's end
        state = with_place(state, KEY, replace(here, claimant=e.seat))
    return acted(state, step=Caravan(0))


def apply_caravan_tile_taken(state, e):
    return with_place(state, KEY, CaravanTile(leader=e.seat))


def apply_coffee_taken(state, e):
    return gain(state, e.seat, one(COFFEE, e.coffee))


APPLY = {CaravansaryVisited: apply_caravansary_visited, CoffeeTaken: apply_coffee_taken,
         CaravanTileTaken: apply_caravan_tile_taken}
