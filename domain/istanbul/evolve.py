"""evolve(state, event) -> state: pure and total, never validates (the events carry every decided result)."""

from __future__ import annotations

from dataclasses import replace

from domain.core import ChanceDrawn
from domain.istanbul import board
from domain.istanbul import events as ev
from domain.istanbul.cards import CARDS
from domain.istanbul.data import FOUNTAIN, GOODS, LARGE_MARKET, MERCHANT_FEE, POLICE_STATION, SMALL_MARKET, TILE_COLOURS
from domain.istanbul.places.mosques import MOSQUE_TILES
from domain.istanbul.setup import LAYOUT
from domain.istanbul.state import (
    Action,
    AssistantStep,
    Caravan,
    Dice,
    Encounters,
    FinalCards,
    GovernorPayment,
    Movement,
    Over,
    Setup,
    State,
)
from domain.istanbul.turn import arrival_phase
from domain.istanbul.wheelbarrow import add_goods, hand_add, hand_remove, one, remove_goods, update


def evolve(state: State, event) -> State:
    apply = APPLY.get(type(event))
    if apply is None:
        return state
    state = apply(state, event)
    if isinstance(state.phase, Setup) and not state.pending and state.layout and state.deck:
        state = replace(state, phase=Movement(), current=state.start_player)
    return state


def _player(state, seat):
    return state.players[seat]


def _goods(state, seat, counts, sign=1):
    p = state.players[seat]
    return update(state, seat, goods=tuple(a + sign * b for a, b in zip(p.goods, counts)))


def _lira(state, seat, amount):
    return update(state, seat, lira=state.players[seat].lira + amount)


def _acted(state, **changes):
    phase = state.phase
    return replace(state, phase=replace(phase, done=phase.done + 1, **changes))


def _step(state, step):
    return replace(state, phase=replace(state.phase, step=step))


def _push_roll(state, label, index=0, by_dealer=False, front=True):
    item = ("roll", label, index, by_dealer)
    pending = (item,) + state.pending if front else state.pending + (item,)
    return replace(state, pending=pending)


def _encounters(state) -> Encounters:
    return state.phase if isinstance(state.phase, Encounters) else Encounters()


def _stock(state, **changes):
    return replace(state, stock=replace(state.stock, **changes))


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
    return replace(state, pending=(LAYOUT,) + state.pending)


def bonus_deck_shuffled(state, e):
    return replace(state, deck=e.cards, discard=() if e.reshuffle else state.discard)


def demand_tiles_shuffled(state, e):
    if e.market == SMALL_MARKET:
        return _stock(state, small_demand=e.tiles)
    return _stock(state, large_demand=e.tiles)


def figure_placed(state, e):
    if e.figure == "governor":
        return replace(state, governor=e.place)
    if e.figure == "smuggler":
        return replace(state, smuggler=e.place)
    merchants = list(state.neutral_merchants)
    merchants[e.index] = e.place
    return replace(state, neutral_merchants=tuple(merchants))


def bonus_card_drawn(state, e):
    if e.source == "deck":
        state = replace(state, deck=state.deck[1:])
    else:
        state = replace(state, discard=state.discard[:-1])
    state = update(state, e.seat, hand=hand_add(state.players[e.seat].hand, e.card))
    phase = state.phase
    if isinstance(phase, Action) and isinstance(phase.step, Caravan):
        state = _step(state, Caravan(phase.step.drawn + 1))
    return state


def bonus_card_discarded(state, e):
    state = update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card))
    state = _discard(state, e.card)
    if isinstance(state.phase, Action) and isinstance(state.phase.step, Caravan):
        state = _step(state, None)
    return state


# --- phases 1 and 2 --------------------------------------------------------------------------------------------
def merchant_moved(state, e):
    if e.card is not None:
        state = update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card))
        state = _discard(state, e.card)
    state = update(state, e.seat, merchant=e.place)
    phase = arrival_phase(state, e.seat) if e.place == FOUNTAIN else AssistantStep()
    return replace(state, phase=phase)


def assistant_left(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, stack=p.stack[1:])
    state = replace(state, assistants=board.add_assistant(state.assistants, e.place, e.owner))
    return replace(state, phase=arrival_phase(state, e.seat))


def assistant_picked_up(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, stack=(e.owner,) + p.stack)
    state = replace(state, assistants=board.remove_assistant(state.assistants, e.place, e.owner))
    phase = arrival_phase(state, e.seat)
    if e.place == FOUNTAIN and isinstance(phase, Action):
        phase = replace(phase, assistant_taken=True)
    return replace(state, phase=phase)


def merchants_paid(state, e):
    state = _lira(state, e.seat, -e.lira)
    for owner in e.owners:
        state = _lira(state, owner, MERCHANT_FEE)
    for index in e.neutral:
        state = _push_roll(state, "neutral_merchant", index, by_dealer=True, front=False)
    return replace(state, phase=Action(place=e.place))


def turn_ended(state, e):
    return replace(state, current=e.next_seat, phase=Movement(), yellow_used=False)


def game_end_triggered(state, e):
    return replace(state, ending=True)


def final_cards_began(state, e):
    return replace(state, phase=FinalCards(e.queue), current=e.queue[0])


def final_cards_passed(state, e):
    queue = state.phase.queue[1:]
    return replace(state, phase=FinalCards(queue), current=queue[0] if queue else state.current)


def game_ended(state, e):
    return replace(state, phase=Over(), pending=())


# --- place actions ---------------------------------------------------------------------------------------------
def extension_bought(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, lira=p.lira - e.lira, extensions=p.extensions + 1, rubies=p.rubies + e.ruby)
    stock = state.stock
    state = _stock(
        state,
        wainwright_extensions=stock.wainwright_extensions - 1,
        wainwright_rubies=stock.wainwright_rubies - e.ruby,
    )
    return _acted(state)


def goods_filled(state, e):
    return _acted(_goods(state, e.seat, one(e.good, e.gained)))


def mail_collected(state, e):
    state = _lira(_goods(state, e.seat, e.goods), e.seat, e.lira)
    return _acted(_stock(state, post=e.post))


def caravansary_visited(state, e):
    return _acted(state, step=Caravan(0))


def assistants_returned(state, e):
    state = _lira(state, e.seat, -e.lira)
    assistants = state.assistants
    stack = state.players[e.seat].stack
    for place in e.places:
        assistants = board.remove_assistant(assistants, place, e.seat)
        stack = stack + (e.seat,)
    state = update(replace(state, assistants=assistants), e.seat, stack=stack)
    if e.reason == "fountain":
        return _acted(state)
    if e.reason == "yellow_tile":
        return replace(state, yellow_used=True)
    return state


def black_market_visited(state, e):
    state = _goods(state, e.seat, one(e.good, e.gained))
    return _push_roll(_acted(state, step=Dice("black_market")), "black_market")


def tea_house_visited(state, e):
    return _push_roll(_acted(state, step=Dice("tea_house", e.number)), "tea_house")


def dice_rolled(state, e):
    return _step(state, replace(state.phase.step, dice=e.dice))


def red_tile_used(state, e):
    state = _step(state, replace(state.phase.step, dice=e.dice, red_used=True))
    return _push_roll(state, state.phase.step.kind) if e.reroll else state


def roll_resolved(state, e):
    state = _lira(_goods(state, e.seat, one("blue", e.blue)), e.seat, e.lira)
    return _step(state, None)


def goods_sold(state, e):
    state = _lira(_goods(state, e.seat, e.goods, -1), e.seat, e.lira)
    if e.market == SMALL_MARKET:
        tiles = state.stock.small_demand
        state = _stock(state, small_demand=tiles[1:] + tiles[:1])
    elif e.market == LARGE_MARKET:
        tiles = state.stock.large_demand
        state = _stock(state, large_demand=tiles[1:] + tiles[:1])
    return _acted(state)


def family_member_sent(state, e):
    state = update(state, e.seat, family=e.place)
    return replace(state, phase=Action(place=e.place, by_family=True))


def sultan_delivered(state, e):
    state = _goods(state, e.seat, e.goods, -1)
    state = update(state, e.seat, rubies=state.players[e.seat].rubies + 1)
    stock = state.stock
    state = _stock(
        state,
        sultan_taken=stock.sultan_taken + 1,
        sultan_rubies=stock.sultan_rubies - 1 + e.refilled,
        ruby_supply=stock.ruby_supply - e.refilled,
    )
    return _acted(state)


def mosque_tile_taken(state, e):
    colour = TILE_COLOURS.index(e.tile)
    state = _goods(state, e.seat, one(GOODS[colour]), -1)
    p = state.players[e.seat]
    state = update(
        state,
        e.seat,
        tiles=p.tiles + (e.tile,),
        rubies=p.rubies + e.ruby,
        spare=p.spare - e.assistant,
        stack=p.stack + ((e.seat,) if e.assistant else ()),
    )
    stock = state.stock
    tiles = list(stock.mosque_tiles)
    tiles[colour] = tiles[colour][1:]
    rubies = list(stock.mosque_rubies)
    rubies[0 if MOSQUE_TILES[e.tile][0] == 14 else 1] -= e.ruby
    return _acted(_stock(state, mosque_tiles=tuple(tiles), mosque_rubies=tuple(rubies)))


def ruby_bought(state, e):
    p = state.players[e.seat]
    state = update(state, e.seat, lira=p.lira - e.lira, rubies=p.rubies + 1)
    stock = state.stock
    state = _stock(
        state,
        gem_taken=stock.gem_taken + 1,
        gem_rubies=stock.gem_rubies - 1 + e.refilled,
        ruby_supply=stock.ruby_supply - e.refilled,
    )
    return _acted(state)


def green_tile_used(state, e):
    state = _lira(_goods(state, e.seat, one(e.good, e.gained)), e.seat, -2)
    return replace(state, phase=replace(state.phase, green_used=True))


# --- encounters ------------------------------------------------------------------------------------------------
def family_member_caught(state, e):
    state = update(state, e.owner, family=POLICE_STATION)
    if e.reward == "lira":
        state = _lira(state, e.seat, 3)
    return replace(state, phase=_encounters(state))


def governor_used(state, e):
    return replace(state, phase=replace(_encounters(state), step=GovernorPayment()))


def governor_paid(state, e):
    if e.card is None:
        state = _lira(state, e.seat, -2)
    else:
        state = _discard(update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card)), e.card)
    phase = state.phase
    state = replace(state, phase=replace(phase, step=None, used=phase.used + ("governor",)))
    return _push_roll(state, "governor", 0, by_dealer=True, front=False)


def smuggler_used(state, e):
    state = _goods(state, e.seat, one(e.good, e.gained))
    if e.pay == "lira":
        state = _lira(state, e.seat, -2)
    else:
        state = _goods(state, e.seat, one(e.pay), -1)
    phase = _encounters(state)
    state = replace(state, phase=replace(phase, used=phase.used + ("smuggler",)))
    return _push_roll(state, "smuggler", 0, by_dealer=True, front=False)


# --- bonus cards -----------------------------------------------------------------------------------------------
def bonus_card_played(state, e):
    state = update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card))
    state = _discard(state, e.card)
    kind = e.kind
    if kind == "gain_good":
        return _goods(state, e.seat, one(e.good, e.gained))
    if kind == "gain_lira":
        return _lira(state, e.seat, e.lira)
    if kind == "family_to_police":
        return _lira(update(state, e.seat, family=POLICE_STATION), e.seat, e.lira)
    if kind == "repeat_action":
        return replace(state, phase=replace(state.phase, allowed=state.phase.allowed + 1))
    if kind == "sell_any_goods":
        return replace(state, phase=replace(state.phase, any_goods=True))
    if kind == "return_assistant":
        state = replace(state, assistants=board.remove_assistant(state.assistants, e.place, e.seat))
        return update(state, e.seat, stack=state.players[e.seat].stack + (e.seat,))
    return state


APPLY = {
    ChanceDrawn: chance_drawn,
    ev.StartPlayerChosen: start_player_chosen,
    ev.LayoutDrawn: layout_drawn,
    ev.BonusDeckShuffled: bonus_deck_shuffled,
    ev.DemandTilesShuffled: demand_tiles_shuffled,
    ev.FigurePlaced: figure_placed,
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
    ev.ExtensionBought: extension_bought,
    ev.GoodsFilled: goods_filled,
    ev.MailCollected: mail_collected,
    ev.CaravansaryVisited: caravansary_visited,
    ev.AssistantsReturned: assistants_returned,
    ev.BlackMarketVisited: black_market_visited,
    ev.TeaHouseVisited: tea_house_visited,
    ev.DiceRolled: dice_rolled,
    ev.RedTileUsed: red_tile_used,
    ev.RollResolved: roll_resolved,
    ev.GoodsSold: goods_sold,
    ev.FamilyMemberSent: family_member_sent,
    ev.SultanDelivered: sultan_delivered,
    ev.MosqueTileTaken: mosque_tile_taken,
    ev.RubyBought: ruby_bought,
    ev.GreenTileUsed: green_tile_used,
    ev.FamilyMemberCaught: family_member_caught,
    ev.GovernorUsed: governor_used,
    ev.GovernorPaid: governor_paid,
    ev.SmugglerUsed: smuggler_used,
    ev.BonusCardPlayed: bonus_card_played,
}
