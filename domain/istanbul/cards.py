"""Bonus cards (rules 8.1, 8.2): the rows of every box (catalogue.CARDS), dispatched on their effect kind, never on
the id, so expansion decks are new rows and new kinds (Mocha & Baksheesh's in mocha_baksheesh/cards.py).

Timings: "any" (any time of the own turn, while a sub-decision waits too), "outside_action" (before or after a
place action, never during one; B01), "at_place" (in the action phase at the card's place; never in a guild card
turn, rules 5.8), "movement" (phase 1, replacing or adding to the move; B08/B09/M07 are played with the move
command, turn.py), "after_roll" (M06, while an own roll awaits its choice). A row's `cost` (M02, M03) is paid with
the play. While a payment or a discard is owed (the governor's card, the caravansary's discard) a card may be
played only if the debt can still be paid.
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.catalogue import CARDS
from domain.istanbul.commands import PlayBonusCard, once
from domain.istanbul.data import BASE_CARDS, CATCH_LIRA, GOODS, POLICE_STATION, BonusCard
from domain.istanbul.events import BonusCardDrawn, BonusCardPlayed
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals import cards as letters_cards
from domain.istanbul.letters_seals.events import BonusCardCopied
from domain.istanbul.mocha_baksheesh import cards as mocha_cards
from domain.istanbul.mocha_baksheesh.commands import TurnDieToSix
from domain.istanbul.mocha_baksheesh.events import BonusCardPaid
from domain.istanbul.mocha_baksheesh.places import guild_hall
from domain.istanbul.state import COMMITTED, Action, AssistantStep, Caravan, FinalCards, Movement, players_with
from domain.istanbul.timing import debt_payable, during_place_action, family_acting, owes_debt, own_turn
from domain.istanbul.wheelbarrow import gain, gained, hand_remove, one, update

COMMANDS = (PlayBonusCard, TurnDieToSix)
STEP_COMMANDS = COMMANDS  # playable while a sub-decision waits, by each card's own timing


def base_deck() -> tuple[str, ...]:
    """The canonical (sorted) order the deck shuffle permutes."""
    return tuple(card.id for card in BASE_CARDS for _ in range(card.copies))


# --- when a card may be played --------------------------------------------------------------------------------
def _window_open(state, row: BonusCard) -> bool:
    phase = state.phase
    timing = row.timing
    if isinstance(phase, FinalCards):
        return row.final or row.kind == "copy_discard"  # L05: when the top card it carries out is final
    if timing == "any":
        return own_turn(state)
    if timing == "outside_action":
        return own_turn(state) and not during_place_action(state)
    if timing == "at_place":
        return (isinstance(phase, Action) and phase.step is None and (phase.place == row.place or phase.place in
                                                                      row.places) and state.guild is None)
    if timing == "after_roll":
        return True  # the kind's own rule: a roll awaits its choice
    return isinstance(phase, (Movement, AssistantStep))


def _debt_payable(state, seat, events: list) -> bool:
    drawn = sum(isinstance(e, BonusCardDrawn) for e in events)
    lira = sum(e.lira for e in events if isinstance(e, BonusCardPlayed))
    return debt_payable(state, seat, lira=lira, cards=drawn - 1)


# --- legal plays, one function per effect kind ------------------------------------------------------------------
@lru_cache(maxsize=512)
def _plays(seat: int, card_id: str, goods: bool = False) -> tuple:
    """The plays of a card that takes no parameter, or (goods) one per good: values, built once."""
    if goods:
        return tuple(PlayBonusCard(seat, card_id, good=g) for g in GOODS)
    return (PlayBonusCard(seat, card_id),)


def _legal_gain_good(state, seat, card_id):
    return _plays(seat, card_id, True)


def _legal_gain_lira(state, seat, card_id):
    return _plays(seat, card_id)


def _legal_repeat_action(state, seat, card_id):
    phase = state.phase
    return _plays(seat, card_id) if 1 <= phase.done == phase.allowed else ()


def _legal_family_to_police(state, seat, card_id):
    if state.players[seat].family == POLICE_STATION or family_acting(state):
        return []  # a family member sent from the police station is not recalled before or during its action
    out = [once(PlayBonusCard, seat, card_id, None, None, "lira")]
    if state.deck:
        out.append(once(PlayBonusCard, seat, card_id, None, None, "card"))
    return out


def _legal_sell_any_goods(state, seat, card_id):
    phase = state.phase
    return _plays(seat, card_id) if phase.done < phase.allowed and not phase.any_goods else ()


def _legal_return_assistant(state, seat, card_id):
    here = state.players[seat].merchant
    places = board.own_assistant_places(state, seat)
    if isinstance(state.phase, AssistantStep):
        places = tuple(p for p in places if p != here)
    return [once(PlayBonusCard, seat, card_id, None, p, None) for p in places]


NOT_COPIED = ("copy_discard", "use_neutral")  # L05 copying L09 goes with use_neutral_figure (letters_seals/card_plays.py)


def _legal_copy_discard(state, seat, card_id):
    """L05: the plays the discard pile's top card would have now (its own timing and cost), as L05's; copying M06,
    L05's turn_die_to_six (its `card`) while an own roll awaits its choice."""
    if not state.discard or CARDS[state.discard[-1]].kind in NOT_COPIED:
        return ()
    if CARDS[state.discard[-1]].kind == "die_to_six":
        return mocha_cards.legal_die_to_six(state, seat, card_id)
    return [once(PlayBonusCard, seat, card_id, p.good, p.place, p.reward)
            for p in _playable(state, seat, state.discard[-1])]


LEGAL_BY_KIND = {
    "gain_good": _legal_gain_good,
    "gain_lira": _legal_gain_lira,
    "repeat_action": _legal_repeat_action,
    "family_to_police": _legal_family_to_police,
    "sell_any_goods": _legal_sell_any_goods,
    "return_assistant": _legal_return_assistant,
    "copy_discard": _legal_copy_discard,
    **mocha_cards.LEGAL_BY_KIND,
    **letters_cards.LEGAL_BY_KIND,
    # "stay", "move_3_4" and "corner" are played with the move command (turn.py)
}


def _playable(state, seat: int, card_id: str):
    """The plays of one card its timing, cost and kind allow now, before the check that a debt stays payable."""
    row, rule = RULES[card_id]
    if rule is None or not _window_open(state, row):
        return ()
    if row.cost and not state.players[seat].goods.covers(row.cost):
        return ()
    return rule(state, seat, card_id)


def legal(state, seat: int) -> list:
    hand = state.players[seat].hand
    if not hand:
        return []
    plays = []
    previous = None
    for card_id in hand:  # sorted: each card once
        if card_id != previous:
            plays += _playable(state, seat, card_id)
            previous = card_id
    if plays and owes_debt(state):
        plays = [play for play in plays if _debt_payable(state, seat, decide(state, play))]
    return plays


RULES = {card_id: (row, LEGAL_BY_KIND.get(row.kind)) for card_id, row in CARDS.items()}


def six_card(hand: tuple[str, ...]) -> str | None:
    """The card in `hand` that turns a die to 6 (M06), if any."""
    return next((card for card in hand if CARDS[card].kind == "die_to_six"), None)


def diagnose(state, command: PlayBonusCard) -> str:
    player = state.players[command.seat]
    if isinstance(command, TurnDieToSix):
        card = six_card(player.hand) if command.card is None else command.card
        if card is None or card not in player.hand:
            return v.CARD_NOT_IN_HAND
        return v.INVALID_TARGET if _playable(state, command.seat, card) else v.CARD_TIMING
    if command.card not in player.hand:
        return v.CARD_NOT_IN_HAND
    if CARDS[command.card].cost and not player.goods.covers(CARDS[command.card].cost):
        return v.NOT_ENOUGH_COFFEE
    if CARDS[command.card].kind == "family_to_police" and player.family == POLICE_STATION:
        return v.FAMILY_IN_POLICE
    plays = _playable(state, command.seat, command.card)
    if command in plays:
        return v.DECISION_PENDING  # playable, but the payment or discard owed now would become impossible
    return v.INVALID_TARGET if plays else v.CARD_TIMING


# --- decisions and their events, one function per effect kind ---------------------------------------------------
def _decide_gain_good(state, command, row):
    got = gained(state.players[command.seat], command.good)
    return [BonusCardPlayed(command.seat, command.card, row.kind, good=command.good, gained=got)]


def _decide_gain_lira(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind, lira=row.amount)]


def _decide_family_to_police(state, command, row):
    lira = CATCH_LIRA if command.reward == "lira" else 0
    events = [BonusCardPlayed(command.seat, command.card, row.kind, lira=lira, reward=command.reward)]
    if command.reward == "card":
        events.append(BonusCardDrawn(command.seat, state.deck[0], "deck"))
    return events


def _decide_return_assistant(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind, place=command.place)]


def _decide_plain(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind)]


def _decide_copy_discard(state, command, row):
    """L05 onto the discard pile, then the top card's effect (it stays on the pile; its cost is paid)."""
    top = state.discard[-1]
    top_row = CARDS[top]
    effect = DECIDE_BY_KIND[top_row.kind](state, replace(command, card=top), top_row)
    first = effect[0]
    copied = BonusCardCopied(command.seat, top, first.kind, first.good, first.gained, first.lira, first.place,
                             first.reward)
    paid = [BonusCardPaid(command.seat, top, top_row.cost)] if top_row.cost else []
    return [BonusCardPlayed(command.seat, command.card, row.kind), *paid, copied, *effect[1:]]


DECIDE_BY_KIND = {
    "gain_good": _decide_gain_good,
    "gain_lira": _decide_gain_lira,
    "family_to_police": _decide_family_to_police,
    "return_assistant": _decide_return_assistant,
    "repeat_action": _decide_plain,
    "sell_any_goods": _decide_plain,
    "copy_discard": _decide_copy_discard,
    **mocha_cards.DECIDE_BY_KIND,
    **letters_cards.DECIDE_BY_KIND,
}


def decide(state, command) -> list:
    if isinstance(command, TurnDieToSix):
        card = six_card(state.players[command.seat].hand) if command.card is None else command.card
        return mocha_cards.decide_die_to_six(state, command, card, letters_cards.copied(state, card, command.seat))
    row = CARDS[command.card]
    events = DECIDE_BY_KIND[row.kind](state, command, row)
    if row.cost:  # paid with the play (M02, M03), before its effect
        events.insert(1, BonusCardPaid(command.seat, command.card, row.cost))
    return events


# --- evolve: the played card goes face up onto the discard pile, then its effect by kind --------------------------
def _apply_gain_good(state, e):
    return gain(state, e.seat, one(e.good, e.gained))


def _apply_gain_lira(state, e):
    return gain(state, e.seat, lira=e.lira)


def _apply_family_to_police(state, e):
    state = gain(update(state, e.seat, family=POLICE_STATION), e.seat, lira=e.lira)
    phase = state.phase
    if e.reward == "card" and isinstance(phase, Action) and isinstance(phase.step, Caravan):
        # the reward card drawn next is not one of the caravansary's two draws
        state = replace(state, phase=replace(phase, step=replace(phase.step, reward_due=True)))
    return state


def _apply_repeat_action(state, e):
    return replace(state, phase=replace(state.phase, allowed=state.phase.allowed + 1))


def _apply_sell_any_goods(state, e):
    return replace(state, phase=replace(state.phase, any_goods=True))


def _apply_return_assistant(state, e):
    state = replace(state, assistants=board.remove_assistant(state.assistants, e.place, e.seat))
    if isinstance(state.phase, Movement) and state.guild is None and guild_hall.KEY in state.places:
        state = replace(state, phase=COMMITTED)  # a movement card: this turn is a merchant turn (no guild card)
    return update(state, e.seat, stack=state.players[e.seat].stack + (e.seat,))


def _apply_copy_discard(state, e):
    return state  # the copied effect follows as bonus_card_copied


APPLY_BY_KIND = {
    "gain_good": _apply_gain_good,
    "gain_lira": _apply_gain_lira,
    "family_to_police": _apply_family_to_police,
    "repeat_action": _apply_repeat_action,
    "sell_any_goods": _apply_sell_any_goods,
    "return_assistant": _apply_return_assistant,
    "copy_discard": _apply_copy_discard,
    **mocha_cards.APPLY_BY_KIND,
    **letters_cards.APPLY_BY_KIND,
}


def apply_bonus_card_played(state, e):
    state = replace(state, players=players_with(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card)),
                    discard=state.discard + (e.card,))  # hand and pile in one copy of the state
    return APPLY_BY_KIND[e.kind](state, e)


def apply_bonus_card_copied(state, e):
    return APPLY_BY_KIND[e.kind](state, e)


APPLY = {BonusCardPlayed: apply_bonus_card_played, BonusCardCopied: apply_bonus_card_copied, **mocha_cards.APPLY,
         **letters_cards.APPLY}
