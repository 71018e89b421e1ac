"""The effect kinds of Mocha & Baksheesh's bonus cards (8.2), in cards.py's tables: legal plays, decisions, evolve.

gain_coffee (M01), draw_guild_card (M02: its 2 coffee are the row's cost, paid by cards.py for any card with a
cost), swap_goods (M04: then give_goods / take_goods, swap.py), roll_two_yields (M05: a roll, then the yields,
places/dice.py), die_to_six (M06: `turn_die_to_six` after an own roll, never a relocation roll). M03 is the base
kind gain_lira with a cost; M07 (corner) goes with the move (turn.py); M08 and M09 are the base kind repeat_action.
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul.catalogue import CARD_KINDS
from domain.istanbul.commands import PlayBonusCard
from domain.istanbul.data import COFFEE
from domain.istanbul.events import BonusCardPlayed
from domain.istanbul.frozen import replace
from domain.istanbul.mocha_baksheesh.commands import TurnDieToSix
from domain.istanbul.mocha_baksheesh.data import SIX
from domain.istanbul.mocha_baksheesh.events import BonusCardPaid, DieTurned, GuildCardDrawn
from domain.istanbul.mocha_baksheesh.places import guild_hall
from domain.istanbul.places import dice
from domain.istanbul.state import CardRoll, Dice, Swap, push_roll
from domain.istanbul.wheelbarrow import gain, one


@lru_cache(maxsize=512)
def _play(seat: int, card_id: str) -> tuple:
    return (PlayBonusCard(seat, card_id),)


@lru_cache(maxsize=64)
def _turns(seat: int, dice_: tuple[int, ...], card: str | None) -> tuple:
    return tuple(TurnDieToSix(seat, i, card) for i, value in enumerate(dice_) if value != SIX)


# --- legal plays -------------------------------------------------------------------------------------------------
def _legal_gain_coffee(state, seat, card_id):
    return _play(seat, card_id)


def _legal_draw_guild_card(state, seat, card_id):
    here = state.places.get(guild_hall.KEY)
    return _play(seat, card_id) if here is not None and here.deck else ()


def _legal_swap_goods(state, seat, card_id):
    return _play(seat, card_id) if state.players[seat].goods else ()  # something (goods or coffee) to give


def _legal_roll_two_yields(state, seat, card_id):
    """Not while another roll awaits its choice or its dice: one roll at a time."""
    step = getattr(state.phase, "step", None)
    if state.card_step is not None or isinstance(step, Dice):
        return ()
    return _play(seat, card_id)


def legal_die_to_six(state, seat, card_id):
    """M06's turns of each die not showing 6, or L05's carrying out the M06 on top of the discard pile (its
    `card`)."""
    roll = dice.pending_roll(state)
    if roll is None:
        return ()
    return _turns(seat, roll.dice, None if CARD_KINDS[card_id] == "die_to_six" else card_id)


LEGAL_BY_KIND = {
    "gain_coffee": _legal_gain_coffee,
    "draw_guild_card": _legal_draw_guild_card,
    "swap_goods": _legal_swap_goods,
    "roll_two_yields": _legal_roll_two_yields,
    "die_to_six": legal_die_to_six,
}


# --- decisions ----------------------------------------------------------------------------------------------------
def _decide_gain_coffee(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind, good=COFFEE, gained=row.amount)]


def _decide_draw_guild_card(state, command, row):
    deck = guild_hall.cards(state).deck
    return [BonusCardPlayed(command.seat, command.card, row.kind)] + [
        GuildCardDrawn(command.seat, card) for card in deck[:row.amount]]


def _decide_plain(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind)]


DECIDE_BY_KIND = {
    "gain_coffee": _decide_gain_coffee,
    "draw_guild_card": _decide_draw_guild_card,
    "swap_goods": _decide_plain,
    "roll_two_yields": _decide_plain,
}


def decide_die_to_six(state, command: TurnDieToSix, card_id: str, copied: list) -> list:
    """M06 (or L05 carrying out the M06 on top of the discard pile: `copied` is its bonus_card_copied, which
    cards.py adds, as Letters & Seals' L05 is none of this box's): the die shows 6; the roll is resolved unless
    another choice (the red tile, another M06, L05 copying the M06 just played) is open."""
    seat = command.seat
    roll = dice.pending_roll(state)
    turned = tuple(SIX if i == command.die else value for i, value in enumerate(roll.dice))
    events = [BonusCardPlayed(seat, card_id, CARD_KINDS[card_id]), *copied, DieTurned(seat, command.die, turned)]
    rolled = replace(roll, dice=turned)
    if not dice.choice_open(state, seat, rolled, played=card_id):
        events.append(dice.resolution(state, seat, rolled, turned))
    return events


# --- evolve -------------------------------------------------------------------------------------------------------
def _apply_gain_coffee(state, e):
    return gain(state, e.seat, one(COFFEE, e.gained))


def _apply_nothing(state, e):
    return state  # the card's effect comes with the events after it


def _apply_swap_goods(state, e):
    return replace(state, card_step=Swap())


def _apply_roll_two_yields(state, e):
    return push_roll(replace(state, card_step=CardRoll(e.kind)), e.kind)


APPLY_BY_KIND = {
    "gain_coffee": _apply_gain_coffee,
    "draw_guild_card": _apply_nothing,
    "swap_goods": _apply_swap_goods,
    "roll_two_yields": _apply_roll_two_yields,
    "die_to_six": _apply_nothing,
}


def apply_bonus_card_paid(state, e):
    return gain(state, e.seat, e.goods, sign=-1)


APPLY = {BonusCardPaid: apply_bonus_card_paid}
