"""The effect kinds of Letters & Seals' bonus cards (8.3), in cards.py's tables: legal plays, decisions, evolve.

take_letter (L01: a letter from the pile), roll_named_yield (L02: a roll of the player's own, then the yield the
card names, places/dice.py), good_for_lira (L03: 1 good, coffee too, for 7 lira), pictured_good (L04: its good and
3 lira; one row per pictured good). L10 and L11 are the base kind repeat_action at their places (L10 at either
mosque: the row's `places`). The movement cards go with a move: L07 and L12 with `move` (turn.py), L08 with
`move_companion` (companion.py).
"""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul.catalogue import CARD_KINDS
from domain.istanbul.commands import PlayBonusCard, once
from domain.istanbul.events import BonusCardPlayed
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.events import BonusCardCopied, MerchantJoined, MovementCardPaid
from domain.istanbul.state import CardRoll, Dice, push_roll
from domain.istanbul.wheelbarrow import gain, gained, one

COPY = "copy_discard"  # L05


@lru_cache(maxsize=512)
def _play(seat: int, card_id: str) -> tuple:
    return (PlayBonusCard(seat, card_id),)


def playable_as(state, player, kind: str) -> tuple[str, ...]:
    """The cards in hand that carry out `kind` now: one card of that kind, and L05 when the discard pile's top
    card is of that kind (R-52: L05 carries out the top card under its own timing, so with that card's command)."""
    own = next((c for c in player.hand if CARD_KINDS[c] == kind), None)
    out = (own,) if own is not None else ()
    if state.discard and CARD_KINDS[state.discard[-1]] == kind:
        copier = next((c for c in player.hand if CARD_KINDS[c] == COPY), None)
        if copier is not None:
            out += (copier,)
    return out


def copied(state, card: str, seat: int) -> list:
    """bonus_card_copied when `card` is L05 carrying out the discard pile's top card, else nothing."""
    if CARD_KINDS[card] != COPY:
        return []
    top = state.discard[-1]
    return [BonusCardCopied(seat, top, CARD_KINDS[top])]


# --- legal plays -------------------------------------------------------------------------------------------------
def _legal_take_letter(state, seat, card_id):
    supply = state.letters
    return _play(seat, card_id) if supply is not None and (supply.pile or supply.discard) else ()


def _legal_roll_named_yield(state, seat, card_id):
    """Not while another roll awaits its choice or its dice: one roll at a time."""
    if state.card_step is not None or isinstance(getattr(state.phase, "step", None), Dice):
        return ()
    return _play(seat, card_id)


def _legal_good_for_lira(state, seat, card_id):
    held = state.players[seat].goods
    return [once(PlayBonusCard, seat, card_id, good, None, None) for good in sorted(held)]  # coffee too


def _legal_pictured_good(state, seat, card_id):
    return _play(seat, card_id)


LEGAL_BY_KIND = {
    "take_letter": _legal_take_letter,
    "roll_named_yield": _legal_roll_named_yield,
    "good_for_lira": _legal_good_for_lira,
    "pictured_good": _legal_pictured_good,
}


# --- decisions ----------------------------------------------------------------------------------------------------
def _decide_take_letter(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind)] + letters.draw(state, command.seat, row.amount)


def _decide_plain(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind)]


def _decide_good_for_lira(state, command, row):
    return [BonusCardPlayed(command.seat, command.card, row.kind, good=command.good, lira=row.amount)]


def _decide_pictured_good(state, command, row):
    got = gained(state.players[command.seat], row.good)
    return [BonusCardPlayed(command.seat, command.card, row.kind, good=row.good, gained=got, lira=row.amount)]


DECIDE_BY_KIND = {
    "take_letter": _decide_take_letter,
    "roll_named_yield": _decide_plain,
    "good_for_lira": _decide_good_for_lira,
    "pictured_good": _decide_pictured_good,
}


# --- evolve -------------------------------------------------------------------------------------------------------
def _apply_nothing(state, e):
    return state  # the letter follows as letters_drawn


def _apply_roll_named_yield(state, e):
    return push_roll(replace(state, card_step=CardRoll(e.kind)), e.kind)


def _apply_good_for_lira(state, e):
    return gain(state, e.seat, one(e.good), lira=e.lira, sign=-1)


def _apply_pictured_good(state, e):
    return gain(state, e.seat, one(e.good, e.gained), lira=e.lira)


APPLY_BY_KIND = {
    "take_letter": _apply_nothing,
    "use_neutral": _apply_nothing,  # L09: neutral_figure_used follows (card_plays.py)
    # L05 copying a card played with a command of its own: that command's events carry the effect
    **dict.fromkeys(("stay", "move_3_4", "corner", "join_opponent", "pay_to_anywhere", "companion_two_steps",
                     "family_step"), _apply_nothing),
    "roll_named_yield": _apply_roll_named_yield,
    "good_for_lira": _apply_good_for_lira,
    "pictured_good": _apply_pictured_good,
}


def apply_movement_card_paid(state, e):
    return gain(state, e.seat, lira=-e.lira)


def apply_merchant_joined(state, e):
    return replace(state, unpaid=(e.owner,))


APPLY = {MovementCardPaid: apply_movement_card_paid, MerchantJoined: apply_merchant_joined}
