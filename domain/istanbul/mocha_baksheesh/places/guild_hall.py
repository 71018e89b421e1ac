"""Guild Hall 18 (Mocha & Baksheesh): take 1 coffee and the top 2 guild cards, then discard 1 guild card from hand,
unused, onto the face-up guild discard pile (6.15). The guild cards lie here: the face-down stack (shuffled at
set-up, secret) and the face-up discard pile. When the stack runs out, the discard pile is shuffled into a new
one at once (ruling R-26); with both empty, the hall gives what exists.

Every guild card that leaves a hand or the stack goes through this module (draws, discards, plays), so the
reshuffle is queued wherever the stack empties.
"""

from __future__ import annotations

from domain.core import apply_permutation
from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.data import COFFEE
from domain.istanbul.frozen import record, replace
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.commands import DiscardGuildCard, VisitGuildHall
from domain.istanbul.mocha_baksheesh.data import (
    GUILD_CARD_IDS,
    GUILD_HALL,
    GUILD_HALL_COFFEE,
    GUILD_HALL_DISCARDS,
    GUILD_HALL_DRAWS,
)
from domain.istanbul.mocha_baksheesh.events import GuildCardDiscarded, GuildCardDrawn, GuildDeckShuffled, GuildHallVisited
from domain.istanbul.schema import array, integer, nullable, obj, string
from domain.istanbul.state import GuildDrawing, acted, action_rules, players_with, with_step
from domain.istanbul.wheelbarrow import gain, hand_add, hand_remove

PLACES = (GUILD_HALL,)
COMMANDS = (VisitGuildHall, DiscardGuildCard)
STEP_COMMANDS = (DiscardGuildCard,)
KEY = "guild_hall"
SETUP_CHANCE = (("shuffle", "guild_deck", len(GUILD_CARD_IDS), False),)
RESHUFFLE = "guild_reshuffle"
RESHUFFLE_STEP = ("reshuffle", RESHUFFLE, KEY, False)  # its size is the discard pile's when it is drawn
CHANCE_LABELS = (RESHUFFLE,)


@record
class GuildCards:
    deck: tuple[str, ...] = ()  # face down, top first (secret)
    discard: tuple[str, ...] = ()  # face up, top last


def initial(seats: int) -> GuildCards:
    return GuildCards()


def cards(state) -> GuildCards:
    return state.places[KEY]


GUILD = string("a guild card id, G01-G20 (card N carries out place N's action; see proposed_rows for texts)",
               GUILD_CARD_IDS)


def view(state, revealed: bool) -> dict:
    here = cards(state)
    out = {"deck_size": len(here.deck), "discard_size": len(here.discard),
           "discard_top": here.discard[-1] if here.discard else None}
    if revealed:
        out["deck"] = list(here.deck)
        out["discard"] = list(here.discard)
    return {"guild_hall": out}


VIEW_SCHEMA = {"guild_hall": obj("Guild Hall 18 (Mocha & Baksheesh): the guild cards' face-down stack and face-up "
                                 "discard pile", {
    "deck_size": integer("guild cards in the face-down stack", minimum=0),
    "discard_size": integer("guild cards on the face-up discard pile", minimum=0),
    "discard_top": nullable({**GUILD, "description": "the discard pile's top card (null: empty)"}),
    "deck": array("the stack, top first: only once the game is over", GUILD),
    "discard": array("the discard pile, bottom first: only once the game is over", GUILD),
}, optional=("deck", "discard"))}


# --- the stack and the discard pile ---------------------------------------------------------------------------
def available(state) -> int:
    here = cards(state)
    return len(here.deck) + len(here.discard)


def settle(state):
    """Queue the reshuffle when the stack is empty and the discard pile is not (first: it happens at once)."""
    here = cards(state)
    if here.deck or not here.discard or RESHUFFLE_STEP in state.pending:
        return state
    return replace(state, pending=(RESHUFFLE_STEP,) + state.pending)


def discarded(state, seat: int, card: str):
    """`card` leaves the seat's guild hand for the discard pile."""
    here = cards(state)
    players = players_with(state, seat, guild_hand=hand_remove(state.players[seat].guild_hand, card))
    return settle(replace(state, players=players, places=state.places.set(KEY, replace(
        here, discard=here.discard + (card,)))))


def onto_discard(state, card: str):
    """A played guild card (no longer in a hand) goes onto the discard pile."""
    here = cards(state)
    return settle(replace(state, places=state.places.set(KEY, replace(here, discard=here.discard + (card,)))))


def decide_setup(state, label: str, outcome: tuple[int, ...]) -> list | None:
    if label != SETUP_CHANCE[0][1]:
        return None
    deck = apply_permutation(GUILD_CARD_IDS, outcome)
    return [GuildDeckShuffled(len(deck), deck, False)]


def decide_chance(state, label: str, outcome: tuple[int, ...]) -> list:
    """The reshuffle; a Guild Hall visit that emptied the stack draws what it still owes from the new one."""
    deck = apply_permutation(sorted(cards(state).discard), outcome)
    events = [GuildDeckShuffled(len(deck), deck, True)]
    step = getattr(state.phase, "step", None)
    if isinstance(step, GuildDrawing):
        events += [GuildCardDrawn(state.current, card) for card in deck[:step.owed]]
    return events


# --- the action ------------------------------------------------------------------------------------------------
def legal(state, seat, action):
    return [once(VisitGuildHall, seat)]


def legal_step(state, seat, action):
    step = action.step
    if isinstance(step, GuildDrawing) and not step.owed and step.discard:
        return [once(DiscardGuildCard, seat, card) for card in sorted(set(state.players[seat].guild_hand))]
    return []


def diagnose(state, command) -> str:
    if isinstance(command, DiscardGuildCard):
        step = state.phase.step
        if not isinstance(step, GuildDrawing) or not step.discard:
            return v.ACTION_DONE if state.phase.done else v.WRONG_PHASE
        return v.GUILD_CARD_NOT_IN_HAND
    return v.DECISION_PENDING


def decide(state, command):
    seat = command.seat
    if isinstance(command, DiscardGuildCard):
        return [GuildCardDiscarded(seat, command.card)]
    rules = action_rules(state)
    discards = GUILD_HALL_DISCARDS if rules.discards is None else rules.discards
    draws = min(GUILD_HALL_DRAWS, available(state))
    discard = discards > 0 and bool(state.players[seat].guild_hand or draws)
    deck = cards(state).deck
    return ([GuildHallVisited(seat, GUILD_HALL_COFFEE, draws, discard)]
            + [GuildCardDrawn(seat, card) for card in deck[:draws]])


def _after_draws(step: GuildDrawing):
    return step if step.owed or step.discard else None


def apply_guild_hall_visited(state, e):
    state = gain(state, e.seat, Goods({COFFEE: e.coffee}))
    return acted(state, step=_after_draws(GuildDrawing(e.draws, e.discard)))


def apply_guild_card_drawn(state, e):
    here = cards(state)
    players = players_with(state, e.seat, guild_hand=hand_add(state.players[e.seat].guild_hand, e.card))
    state = replace(state, players=players, places=state.places.set(KEY, replace(here, deck=here.deck[1:])))
    step = getattr(state.phase, "step", None)
    if isinstance(step, GuildDrawing) and step.owed:
        state = with_step(state, _after_draws(GuildDrawing(step.owed - 1, step.discard)))
    return settle(state)


def apply_guild_card_discarded(state, e):
    state = discarded(state, e.seat, e.card)
    return with_step(state, None) if isinstance(getattr(state.phase, "step", None), GuildDrawing) else state


def apply_guild_deck_shuffled(state, e):
    here = cards(state)
    return replace(state, places=state.places.set(KEY, GuildCards(e.cards, () if e.reshuffle else here.discard)))


APPLY = {
    GuildHallVisited: apply_guild_hall_visited,
    GuildCardDrawn: apply_guild_card_drawn,
    GuildCardDiscarded: apply_guild_card_discarded,
    GuildDeckShuffled: apply_guild_deck_shuffled,
}
