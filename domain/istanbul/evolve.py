"""evolve(state, event) -> state: pure and total, never validates (the events carry every decided result)."""

from __future__ import annotations

from domain.core import ChanceDrawn, folded_once
from domain.istanbul import board, cards, figures, places, tiles
from domain.istanbul import events as ev
from domain.istanbul import forfeit as forfeit_rules
from domain.istanbul.catalogue import CARD_KINDS
from domain.istanbul.content import content
from domain.istanbul.data import FOUNTAIN, MERCHANT_FEE
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals import bonus_turn, card_plays, companion, letters
from domain.istanbul.letters_seals.places.auction_house import Auction, owed_drawn
from domain.istanbul.mocha_baksheesh import guild_cards, swap
from domain.istanbul.places import dice
from domain.istanbul.places.caravansary import after_draw
from domain.istanbul.setup import layout_step
from domain.istanbul.state import (
    ASSISTANT_STEP,
    MOVEMENT,
    Action,
    Caravan,
    FinalCards,
    Over,
    Setup,
    State,
    acted_phase,
    action_at,
    players_with,
    relocation,
)
from domain.istanbul.turn import arrival_phase
from domain.istanbul.wheelbarrow import hand_add, hand_remove


@folded_once
def evolve(state: State, event) -> State:
    apply = APPLY.get(type(event))
    if apply is None:
        return state
    state = apply(state, event)
    if isinstance(state.phase, Setup) and not state.pending and state.layout and state.deck:
        state = replace(state, phase=MOVEMENT, current=state.start_player)
    return state


def _discard(state, card):
    return replace(state, discard=state.discard + (card,))


# --- chance and set-up -----------------------------------------------------------------------------------------
def chance_drawn(state, e: ChanceDrawn):
    if state.pending and state.pending[0][1] == e.label:
        return replace(state, pending=state.pending[1:])
    return state


def start_player_chosen(state, e):
    players = tuple(replace(p, lira=lira) for p, lira in zip(state.players, e.lira))
    return replace(state, start_player=e.seat, current=e.seat, players=players)


def layout_drawn(state, e):
    if e.accepted:
        return replace(state, layout=e.layout)
    return replace(state, pending=(layout_step(content(state)),) + state.pending)


def bonus_deck_shuffled(state, e):
    return replace(state, deck=e.cards, discard=() if e.reshuffle else state.discard)


def bonus_card_drawn(state, e):
    changes = {"deck": state.deck[1:]} if e.source == "deck" else {"discard": state.discard[:-1]}
    phase = state.phase
    if isinstance(phase, Action) and isinstance(phase.step, Caravan):
        step = phase.step
        changes["phase"] = replace(phase, step=Caravan(step.drawn) if step.reward_due else after_draw(state, step))
    elif isinstance(phase, Auction) and phase.owed:
        changes["phase"] = owed_drawn(phase)
    return replace(state, players=players_with(state, e.seat, hand=hand_add(state.players[e.seat].hand, e.card)),
                   **changes)


def bonus_card_discarded(state, e):
    phase = state.phase
    if isinstance(phase, Action) and isinstance(phase.step, Caravan):
        phase = replace(phase, step=None)
    return replace(state, players=players_with(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card)),
                   discard=state.discard + (e.card,), phase=phase)


# --- phases 1 and 2 --------------------------------------------------------------------------------------------
# The commonest events change the state in one copy (players, pieces and phase together): replay speed.
def merchant_moved(state, e):
    phase = arrival_phase(state, e.seat, e.place) if e.place == FOUNTAIN else ASSISTANT_STEP
    if e.card is None:
        return replace(state, players=players_with(state, e.seat, merchant=e.place), phase=phase)
    if CARD_KINDS[e.card] == "join_opponent":  # L07: the joined merchant is not paid (of two there, the lower seat)
        state = replace(state, unpaid=board.merchants_at(state, e.place, e.seat)[:1])
    players = players_with(state, e.seat, merchant=e.place, hand=hand_remove(state.players[e.seat].hand, e.card))
    return replace(state, players=players, discard=state.discard + (e.card,), phase=phase)


def assistant_left(state, e):
    p = state.players[e.seat]
    if isinstance(state.phase, Action):
        # fountain: left before the action (places/fountain.py); the action phase goes on
        phase = replace(state.phase, assistant_left=True)
    else:
        phase = arrival_phase(state, e.seat, p.merchant)
    return replace(state, players=players_with(state, e.seat, stack=p.stack[1:]), phase=phase,
                   assistants=board.add_assistant(state.assistants, e.place, e.owner))


def assistant_picked_up(state, e):
    p = state.players[e.seat]
    phase = arrival_phase(state, e.seat, p.merchant)
    if e.place == FOUNTAIN and isinstance(phase, Action):
        phase = replace(phase, assistant_taken=True)
    return replace(state, players=players_with(state, e.seat, stack=(e.owner,) + p.stack), phase=phase,
                   assistants=board.remove_assistant(state.assistants, e.place, e.owner))


def merchants_paid(state, e):
    players = list(state.players)  # every payment, the relocations and the phase in one copy of the state
    players[e.seat] = replace(players[e.seat], lira=players[e.seat].lira - e.lira)
    for owner in e.owners:
        players[owner] = replace(players[owner], lira=players[owner].lira + MERCHANT_FEE)
    pending = state.pending + tuple(relocation("neutral_merchant", index) for index in e.neutral)
    return replace(state, players=tuple(players), pending=pending, phase=action_at(e.place))


def turn_ended(state, e):
    # every game's commonest event with merchant_moved: one copy of the state, whatever the boxes reset
    if state.guild is not None or state.card_step is not None:  # the seat forfeited mid-decision
        state = replace(guild_cards.abandoned(state), card_step=None)
    if state.letters is not None:
        return replace(state, current=e.next_seat, phase=MOVEMENT, yellow_used=False,
                       letters=bonus_turn.new_turn(state, e.next_seat), companion_turn=False, unpaid=())
    if state.yellow_used:
        return replace(state, current=e.next_seat, phase=MOVEMENT, yellow_used=False)
    return replace(state, current=e.next_seat, phase=MOVEMENT)


def game_end_triggered(state, e):
    return replace(state, ending=True)


def final_cards_began(state, e):
    return replace(state, phase=FinalCards(e.queue), current=e.queue[0])


def final_cards_passed(state, e):
    queue = state.phase.queue[1:]
    return replace(state, phase=FinalCards(queue), current=queue[0] if queue else state.current, card_step=None)


def game_ended(state, e):
    return replace(state, phase=Over(), pending=())


# --- assistants brought back (fountain, yellow tile) -------------------------------------------------------
def assistants_returned(state, e):
    p = state.players[e.seat]
    back = {(place, e.seat) for place in e.places}
    changes = {
        "assistants": tuple(a for a in state.assistants if a not in back),
        "players": players_with(state, e.seat, lira=p.lira - e.lira, stack=p.stack + (e.seat,) * len(e.places)),
    }
    if e.reason == "fountain":
        changes["phase"] = acted_phase(state.phase)
    elif e.reason == "yellow_tile":
        changes["yellow_used"] = True
    return replace(state, **changes)


APPLY = {
    ChanceDrawn: chance_drawn,
    ev.StartPlayerChosen: start_player_chosen,
    ev.LayoutDrawn: layout_drawn,
    ev.BonusDeckShuffled: bonus_deck_shuffled,
    ev.BonusCardDrawn: bonus_card_drawn,
    ev.BonusCardDiscarded: bonus_card_discarded,
    ev.MerchantMoved: merchant_moved,
    ev.AssistantLeft: assistant_left,
    ev.AssistantPickedUp: assistant_picked_up,
    ev.MerchantsPaid: merchants_paid,
    ev.TurnEnded: turn_ended,
    ev.GameEndTriggered: game_end_triggered,
    ev.FinalCardsBegan: final_cards_began,
    ev.FinalCardsPassed: final_cards_passed,
    ev.GameEnded: game_ended,
    ev.AssistantsReturned: assistants_returned,
}
for _module in (*places.MODULES, dice, figures, tiles, cards, forfeit_rules, guild_cards, swap, letters, bonus_turn,
                companion, card_plays):
    APPLY.update(getattr(_module, "APPLY", {}))
