"""Guild card turns (Mocha & Baksheesh, rules 5.8; the cards are rows of data.GUILD_CARDS).

Instead of moving, a player may play a guild card from hand (`play_guild_card`, Movement phase, unless a movement
card already made it a merchant turn). The card carries out its place's action from anywhere, without a figure and
without encounters: an Action phase at that place with `no_figure`, under the card's rules (GuildRules, carried by
the `guild_card_played` event and kept in `state.guild`; the places read them through `state.action_rules`). Then
`finish_guild_card` takes the card's extra (GuildExtra) and puts the card on the guild discard pile, and the turn
ends with `end_turn` (phase AfterGuildCard).

The card must be carried out completely, otherwise it may not be played: it is listed only when its action can be
carried out (places.completable), and in its turn everything it starts is owed: no `end_turn` or encounter before
`finish_guild_card`, the family member sent by card 12 and the place next to card 19's barrier must act, and only
places where that action can be carried out are offered. Bonus cards and tiles used meanwhile must leave the action
possible (legal.py filters them); bonus cards and mosque tiles bound to a place are not usable at all (cards.py,
tiles.py).
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import places
from domain.istanbul import violations as v
from domain.istanbul.catalogue import GUILD_CARDS
from domain.istanbul.commands import EndTurn, SendFamilyMember, once
from domain.istanbul.data import COFFEE, GOODS, POLICE_STATION
from domain.istanbul.frozen import replace
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.commands import FinishGuildCard, PlaceBarrier, PlayGuildCard
from domain.istanbul.mocha_baksheesh.events import FamilyMemberReturned, GuildCardFinished, GuildCardPlayed
from domain.istanbul.mocha_baksheesh.places import guild_hall
from domain.istanbul.state import Action, AfterGuildCard, GuildTurn, Movement, players_with
from domain.istanbul.wheelbarrow import gained, hand_remove

COMMANDS = (PlayGuildCard, FinishGuildCard)
ENTERING = (SendFamilyMember, PlaceBarrier)  # commands whose action is carried out at another place


# --- playing a card --------------------------------------------------------------------------------------------
def play_events(state, seat: int, card: str) -> list:
    row = GUILD_CARDS[card]
    events = [GuildCardPlayed(seat, card, row.place, row.rules, row.then)]
    if row.rules.family_home and state.players[seat].family != POLICE_STATION:
        events.append(FamilyMemberReturned(seat))
    return events


def _fold(state, events: list, apply: dict):
    for event in events:
        state = apply[type(event)](state, event)
    return state


def playable(state, seat: int, card: str) -> bool:
    """The card's action can be carried out completely now."""
    if GUILD_CARDS[card].place not in state.layout:
        return False
    after = _fold(state, play_events(state, seat, card), APPLY)
    return places.completable(after, seat, after.phase)


def legal_plays(state, seat: int) -> list:
    hand = state.players[seat].guild_hand
    if not hand or state.phase.committed:
        return []
    return [once(PlayGuildCard, seat, card) for card in sorted(set(hand)) if playable(state, seat, card)]


# --- during the card's turn ------------------------------------------------------------------------------------
def complete(phase) -> bool:
    """The action in progress is done: the card's own, or the one it led to (the family member's, the place
    next to the barrier)."""
    return type(phase) is Action and phase.step is None and phase.done >= phase.allowed


def _enters_completable(state, seat: int, command) -> bool:
    """A command leading to another place's action (card 12's family member, card 19's barrier) is offered only
    where that action can be carried out."""
    if type(command) not in ENTERING:
        return True
    module = places.BY_COMMAND[type(command)]
    after = _fold(state, module.decide(state, command), module.APPLY)
    return places.completable(after, seat, after.phase)


@lru_cache(maxsize=64)
def _finishes(seat: int, choose_good: bool) -> tuple:
    if choose_good:
        return tuple(FinishGuildCard(seat, good) for good in GOODS)
    return (FinishGuildCard(seat, None),)


def legal_action(state, seat: int) -> list:
    """The Action phase in a guild card's turn: the action's commands (owed), then finish_guild_card."""
    phase = state.phase
    out = [c for c in places.legal(state, seat, phase) if _enters_completable(state, seat, c)]
    if complete(phase):
        out += _finishes(seat, state.guild.then.any_goods > 0)
    return out


def legal_after(state, seat: int) -> list:
    return [once(EndTurn, seat)]


def diagnose(state, command) -> str:
    player = state.players[command.seat]
    if isinstance(command, PlayGuildCard):
        if command.card not in player.guild_hand:
            return v.GUILD_CARD_NOT_IN_HAND
        if not isinstance(state.phase, Movement):
            return v.WRONG_PHASE
        return v.MERCHANT_TURN_BEGUN if state.phase.committed else v.GUILD_CARD_INCOMPLETE
    if state.guild is None:
        return v.WRONG_PHASE
    return v.GUILD_CARD_INCOMPLETE if not complete(state.phase) else v.INVALID_TARGET


def decide(state, command) -> list:
    seat = command.seat
    if isinstance(command, PlayGuildCard):
        return play_events(state, seat, command.card)
    then = state.guild.then
    got = gained(state.players[seat], command.good, then.any_goods) if command.good is not None else 0
    return [GuildCardFinished(seat, state.guild.card, then.coffee, then.lira, command.good, got)]


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_guild_card_played(state, e):
    players = players_with(state, e.seat, guild_hand=hand_remove(state.players[e.seat].guild_hand, e.card))
    return replace(state, players=players, guild=GuildTurn(e.card, e.place, e.rules, e.then),
                   phase=Action(place=e.place, no_figure=True))


def apply_family_member_returned(state, e):
    return replace(state, players=players_with(state, e.seat, family=POLICE_STATION))


def apply_guild_card_finished(state, e):
    p = state.players[e.seat]
    goods = p.goods.plus(Goods({COFFEE: e.coffee, **({e.good: e.gained} if e.good else {})}))
    state = replace(state, players=players_with(state, e.seat, goods=goods, lira=p.lira + e.lira), guild=None,
                    phase=AfterGuildCard(e.card))
    return guild_hall.onto_discard(state, e.card)


def abandoned(state):
    """The turn ends with a guild card still in play (its seat forfeited): the card goes onto the discard pile."""
    if state.guild is None:
        return state
    return guild_hall.onto_discard(replace(state, guild=None), state.guild.card)


APPLY = {
    GuildCardPlayed: apply_guild_card_played,
    FamilyMemberReturned: apply_family_member_returned,
    GuildCardFinished: apply_guild_card_finished,
}
