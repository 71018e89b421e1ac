"""Letters & Seals' bonus cards played with commands of their own (8.3):

- L06 (`step_family_member`): in phase 1, instead of moving the merchant or the companion, the family member steps
  to an orthogonal neighbour (never from or into the Police Station 12) and carries out that place's action; no
  encounters follow this turn (`Action.by_family`, `Action.figure_left`).
- L09 (`use_neutral_figure`): any moment of the own turn with no decision open, a neutral figure wherever it stands
  (the governor, the smuggler, the courier, in the Great Bazaar the coffee trader): take what it gives and pay its
  cost, as in an encounter (the item just taken may be the payment; the tavern's encounter tile does not waive it,
  R-41), then the dealer relocates it by dice. In a guild card's turn too: the rulebook bars only the cards and
  tiles bound to a place there ("Andere Bonuskarten dürfen aber gespielt werden", p.13), and L09 is not an
  encounter; but the card's action is owed, so legal.py offers only the uses after which it can still be carried
  out, as for every other card.
"""

from __future__ import annotations

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.catalogue import CARD_KINDS, FIGURE_KINDS
from domain.istanbul.commands import once
from domain.istanbul.data import COFFEE, FIGURE_FEE, GOODS, POLICE_STATION
from domain.istanbul.events import BonusCardDrawn, BonusCardPlayed
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.cards import copied, playable_as
from domain.istanbul.letters_seals.commands import StepFamilyMember, UseNeutralFigure
from domain.istanbul.letters_seals.events import FamilyMemberStepped, NeutralFigureUsed
from domain.istanbul.state import Action, Movement, players_with, push_roll
from domain.istanbul.timing import own_turn
from domain.istanbul.turn import blocked_for
from domain.istanbul.wheelbarrow import gain, gained, hand_remove, one

COMMANDS = (StepFamilyMember, UseNeutralFigure)
STEPS = (1,)


# --- legal commands --------------------------------------------------------------------------------------------
def legal_movement(state, seat: int) -> list:
    """L06, in phase 1 before the turn is committed to the merchant."""
    player = state.players[seat]
    if not isinstance(state.phase, Movement) or state.phase.committed or state.guild is not None:
        return []
    if player.family == POLICE_STATION:
        return []
    grid = board.grid_of(state.layout)
    barrier = blocked_for(state, seat)  # the Great Bazaar: the family member's step does not cross it
    return [once(StepFamilyMember, seat, p, card) for card in playable_as(state, player, "family_step")
            for p in board.places_at(grid, state.layout, player.family, STEPS, barrier) if p != POLICE_STATION]


def _open(state) -> bool:
    """A moment of the own turn with no decision open (a roll, a payment, a sub-step)."""
    return own_turn(state) and state.card_step is None and getattr(state.phase, "step", None) is None


def _governor(state, seat, card) -> list:
    if not state.deck:
        return []
    player = state.players[seat]
    pays = (["lira"] if player.lira >= FIGURE_FEE else []) + sorted(set(hand_remove(player.hand, card))) + ["drawn"]
    return [once(UseNeutralFigure, seat, card, "governor", pay, None, None) for pay in pays]


def _goods_figure(state, seat, card, name) -> list:
    player = state.players[seat]
    taken = GOODS if name == "smuggler" else (COFFEE,)
    out = []
    for good in taken:
        held = set(player.goods) | {good}  # the good just taken may be the payment
        pays = (["lira"] if player.lira >= FIGURE_FEE else []) + sorted(g for g in held if g in GOODS)
        out += [once(UseNeutralFigure, seat, card, name, pay, good if name == "smuggler" else None, None)
                for pay in pays]
    return out


def _courier(state, seat, card) -> list:
    supply = state.letters
    if not (supply.pile or supply.discard):
        return []
    player = state.players[seat]
    out = [once(UseNeutralFigure, seat, card, "courier", "lira", None, None)] if player.lira >= FIGURE_FEE else []
    out += [once(UseNeutralFigure, seat, card, "courier", "letter", None, p) for p in sorted(set(player.letters))]
    if player.sealed:
        out.append(once(UseNeutralFigure, seat, card, "courier", "sealed", None, None))
    if supply.pile:
        out.append(once(UseNeutralFigure, seat, card, "courier", "drawn", None, None))
    return out


def legal_any_time(state, seat: int) -> list:
    """L09 (or L05 copying it) for every figure placed."""
    if not _open(state):
        return []
    out = []
    for card in playable_as(state, state.players[seat], "use_neutral"):
        for name, place in state.figures.items():
            if not place:
                continue
            kind = FIGURE_KINDS[name]
            if kind == "draw_bonus_card":
                out += _governor(state, seat, card)
            elif kind == "take_letter":
                out += _courier(state, seat, card)
            else:
                out += _goods_figure(state, seat, card, name)
    return out


def legal(state, seat: int) -> list:
    if state.letters is None:
        return []
    return legal_movement(state, seat) + legal_any_time(state, seat)


def diagnose(state, command) -> str:
    if command.card not in state.players[command.seat].hand:
        return v.CARD_NOT_IN_HAND
    if isinstance(command, StepFamilyMember):
        if state.players[command.seat].family == POLICE_STATION:
            return v.FAMILY_IN_POLICE
        return v.PLACE_UNREACHABLE if isinstance(state.phase, Movement) else v.CARD_TIMING
    if not _open(state):
        return v.CARD_TIMING
    if state.guild is not None and command in legal_any_time(state, command.seat):
        return v.GUILD_CARD_INCOMPLETE  # allowed, but the guild card's action could not be carried out after it
    return v.INVALID_TARGET


# --- decisions -------------------------------------------------------------------------------------------------
def decide(state, command) -> list:
    seat = command.seat
    player = state.players[seat]
    if isinstance(command, StepFamilyMember):
        return [FamilyMemberStepped(seat, command.card, player.family, command.place),
                *copied(state, command.card, seat)]
    played = [BonusCardPlayed(seat, command.card, CARD_KINDS[command.card]), *copied(state, command.card, seat)]
    kind = FIGURE_KINDS[command.figure]
    lira = FIGURE_FEE if command.pay == "lira" else 0
    if kind == "draw_bonus_card":
        drawn = state.deck[0]
        paid = None if command.pay == "lira" else drawn if command.pay == "drawn" else command.pay
        return played + [BonusCardDrawn(seat, drawn, "deck"), NeutralFigureUsed(seat, command.figure, lira=lira,
                                                                                 card=paid)]
    if kind == "take_letter":
        paid = (command.letter,) if command.pay == "letter" else state.letters.pile[:1] if command.pay == "drawn" \
            else ()
        sealed = letters.backs(player, 1) if command.pay == "sealed" else ()
        return played + letters.draw(state, seat, 1) + [NeutralFigureUsed(seat, command.figure, lira=lira,
                                                                          letters=paid, sealed=sealed)]
    good = command.good if kind == "take_any_good" else COFFEE
    return played + [NeutralFigureUsed(seat, command.figure, good, gained(player, good), lira,
                                       paid_good=None if command.pay == "lira" else command.pay)]


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_family_member_stepped(state, e):
    p = state.players[e.seat]
    state = replace(state, players=players_with(state, e.seat, family=e.place, hand=hand_remove(p.hand, e.card)),
                    discard=state.discard + (e.card,))
    return replace(state, phase=Action(place=e.place, by_family=True, figure_left=True))


def apply_neutral_figure_used(state, e):
    if e.good is not None:
        state = gain(state, e.seat, one(e.good, e.gained))
    if e.paid_good is not None:
        state = gain(state, e.seat, one(e.paid_good), sign=-1)
    hand = state.players[e.seat].hand
    if e.card is not None and e.card in hand:  # evolve is total: the card drawn just before may be the payment
        state = replace(state, players=players_with(state, e.seat, hand=hand_remove(hand, e.card)),
                        discard=state.discard + (e.card,))
    state = letters.spent(state, e.seat, e.letters, e.sealed, lira=state.players[e.seat].lira - e.lira)
    return push_roll(state, e.figure, 0, by_dealer=True, front=False)


APPLY = {FamilyMemberStepped: apply_family_member_stepped, NeutralFigureUsed: apply_neutral_figure_used}
