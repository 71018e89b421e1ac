"""Phase 4 encounters at the merchant's place (5.6, 9.2): other players' family members (compulsory catch,
1 bonus card or 3 lira each; nothing at the police station), and the neutral figures in play (content.py), each
usable once per turn and then relocated by a dealer roll. A figure's row names its encounter kind, and the code
dispatches on the kind: draw_bonus_card (the governor: draw a card, pay 2 lira or discard a card),
take_any_good (the smuggler: any good, pay 2 lira or a good) and take_coffee (Mocha & Baksheesh's coffee trader:
1 coffee, pay 2 lira or a good). With the tavern's encounter tile nothing is paid (7.4). Also the 2-player neutral
merchants' relocation (9.3).
"""

from __future__ import annotations

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.catalogue import FIGURE_KINDS
from domain.istanbul.commands import CatchFamilyMember, EndTurn, PayGovernor, UseGovernor, UseSmuggler, once
from domain.istanbul.data import CATCH_LIRA, COFFEE, FIGURE_FEE, GOODS, POLICE_STATION
from domain.istanbul.events import (
    BonusCardDrawn,
    FamilyMemberCaught,
    FigurePlaced,
    GovernorPaid,
    GovernorUsed,
    SmugglerUsed,
)
from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.commands import UseCourier
from domain.istanbul.letters_seals.events import CourierUsed
from domain.istanbul.mocha_baksheesh.commands import UseCoffeeTrader
from domain.istanbul.mocha_baksheesh.events import CoffeeTraderUsed, GovernorPaymentWaived
from domain.istanbul.state import Action, Encounters, GovernorPayment, players_with, relocation
from domain.istanbul.tiles import has_tavern_tile
from domain.istanbul.wheelbarrow import gain, gained, hand_remove, one, update

COMMANDS = (CatchFamilyMember, UseGovernor, PayGovernor, UseSmuggler, UseCoffeeTrader, UseCourier)
STEP_COMMANDS = (PayGovernor,)
# the encounter each command uses
KIND_OF_COMMAND = {UseGovernor: "draw_bonus_card", UseSmuggler: "take_any_good", UseCoffeeTrader: "take_coffee",
                   UseCourier: "take_letter"}
FREE = "free"  # the payment with the tavern's encounter tile


def _free(state, seat: int) -> bool:
    return has_tavern_tile(state.players[seat], "encounter")


def to_catch(state, seat: int) -> tuple[int, ...]:
    place = board.acting_place(state, seat)
    if place == POLICE_STATION:
        return ()
    return board.family_at(state, place, seat)


def used(state) -> tuple[str, ...]:
    return state.phase.used if isinstance(state.phase, Encounters) else ()


def _here(state, seat: int, kind: str) -> str | None:
    """The figure of `kind` standing at the seat's merchant and not used this turn, or None."""
    place = board.acting_place(state, seat)
    done = used(state)
    for name, figure_kind in _kinds(state):
        if figure_kind == kind and state.figures[name] == place and name not in done:
            return name
    return None


def _kinds(state) -> tuple[tuple[str, str], ...]:
    return tuple((name, FIGURE_KINDS[name]) for name in state.figures)


# --- legal encounters, one function per figure kind ---------------------------------------------------------------
def _legal_draw_bonus_card(state, seat, name):
    return [once(UseGovernor, seat)] if state.deck else []


def _legal_take_any_good(state, seat, name):
    if _free(state, seat):
        return [once(UseSmuggler, seat, good, FREE) for good in GOODS]
    player = state.players[seat]
    out = []
    for good in GOODS:
        after = player.goods.plus(one(good, gained(player, good)))  # the good just taken may be the payment
        if player.lira >= FIGURE_FEE:
            out.append(once(UseSmuggler, seat, good, "lira"))
        out += [once(UseSmuggler, seat, good, pay) for pay in GOODS if after.count(pay) >= 1]
    return out


def _legal_take_coffee(state, seat, name):
    if _free(state, seat):
        return [once(UseCoffeeTrader, seat, FREE)]
    player = state.players[seat]
    out = [once(UseCoffeeTrader, seat, "lira")] if player.lira >= FIGURE_FEE else []
    return out + [once(UseCoffeeTrader, seat, good) for good in GOODS if player.goods.count(good)]


def _legal_take_letter(state, seat, name):
    """Letters & Seals' courier: 1 letter (while any exists), for 2 lira or one of the own letters: a face-up
    one, a delivered one, or the one just drawn (its only point: the courier moves on, 9.2)."""
    supply = state.letters
    if not (supply.pile or supply.discard):
        return []
    if _free(state, seat):
        return [once(UseCourier, seat, FREE, None)]
    player = state.players[seat]
    out = [once(UseCourier, seat, "lira", None)] if player.lira >= FIGURE_FEE else []
    out += [once(UseCourier, seat, "letter", place) for place in sorted(set(player.letters))]
    if player.sealed:
        out.append(once(UseCourier, seat, "sealed", None))
    if supply.pile:
        out.append(once(UseCourier, seat, "drawn", None))
    return out


LEGAL_BY_KIND = {"draw_bonus_card": _legal_draw_bonus_card, "take_any_good": _legal_take_any_good,
                 "take_coffee": _legal_take_coffee, "take_letter": _legal_take_letter}


def legal(state, seat: int) -> list:
    """Encounter commands (in the action phase they end it) and end_turn when no catch is owed."""
    phase = state.phase
    if isinstance(phase, Encounters) and isinstance(phase.step, GovernorPayment):
        player = state.players[seat]
        out = [once(PayGovernor, seat, None)] if player.lira >= FIGURE_FEE else []
        return out + [once(PayGovernor, seat, c) for c in sorted(set(player.hand))]
    if not (isinstance(phase, Encounters) or isinstance(phase, Action)) or phase.step is not None:
        return []
    if isinstance(phase, Action) and phase.figure_left:  # kiosk tile K19 took the merchant stack away
        return [once(EndTurn, seat)]
    catch = to_catch(state, seat)
    out = []
    for owner in catch:
        out.append(once(CatchFamilyMember, seat, owner, "lira"))
        if state.deck:
            out.append(once(CatchFamilyMember, seat, owner, "card"))
    place = board.acting_place(state, seat)
    if place in state.figures.values():
        done = used(state)
        for name, where in state.figures.items():
            if where == place and name not in done:
                out += LEGAL_BY_KIND[FIGURE_KINDS[name]](state, seat, name)
    if not catch:
        out.append(once(EndTurn, seat))
    return out


def diagnose(state, command) -> str:
    if not isinstance(state.phase, (Action, Encounters)):
        return v.WRONG_PHASE
    if isinstance(command, CatchFamilyMember):
        return v.INVALID_TARGET
    if isinstance(command, PayGovernor):
        if not isinstance(getattr(state.phase, "step", None), GovernorPayment):
            return v.WRONG_PHASE
        return v.NOT_ENOUGH_LIRA if command.card is None else v.CARD_NOT_IN_HAND
    kind = KIND_OF_COMMAND[type(command)]
    place = board.acting_place(state, command.seat)
    present = [name for name, k in _kinds(state) if k == kind and state.figures[name] == place]
    if not present:
        return v.FIGURE_NOT_HERE
    if all(name in used(state) for name in present):
        return v.FIGURE_ALREADY_USED
    if kind == "draw_bonus_card":
        return v.NO_BONUS_CARDS
    if kind == "take_letter":
        supply = state.letters
        if not (supply.pile or supply.discard):
            return v.NO_LETTERS
        if command.pay in ("letter", "sealed", "drawn"):
            return v.WRONG_SEALS
    if (command.pay == FREE) != _free(state, command.seat):
        return v.INVALID_TARGET  # free exactly with the encounter tile
    return v.NOT_ENOUGH_LIRA if command.pay == "lira" else v.NOT_ENOUGH_GOODS


# --- decisions -------------------------------------------------------------------------------------------------
def decide_catch(state, command: CatchFamilyMember) -> list:
    events = [FamilyMemberCaught(command.seat, command.owner, command.reward)]
    if command.reward == "card":
        events.append(BonusCardDrawn(command.seat, state.deck[0], "deck"))
    return events


def decide_use_governor(state, command: UseGovernor) -> list:
    events = [GovernorUsed(command.seat), BonusCardDrawn(command.seat, state.deck[0], "deck")]
    return events + [GovernorPaymentWaived(command.seat)] if _free(state, command.seat) else events


def decide_pay_governor(state, command: PayGovernor) -> list:
    return [GovernorPaid(command.seat, command.card)]


def decide_use_smuggler(state, command: UseSmuggler) -> list:
    player = state.players[command.seat]
    return [SmugglerUsed(command.seat, command.good, gained(player, command.good), command.pay)]


def decide_use_coffee_trader(state, command: UseCoffeeTrader) -> list:
    return [CoffeeTraderUsed(command.seat, 1, command.pay)]


def decide_use_courier(state, command: UseCourier) -> list:
    """The letter is drawn first (so it may be the payment), then paid for."""
    seat = command.seat
    player = state.players[seat]
    drawn = letters.draw(state, seat, 1)
    pay = command.pay
    paid = (command.letter,) if pay == "letter" else state.letters.pile[:1] if pay == "drawn" else ()
    sealed = letters.backs(player, 1) if pay == "sealed" else ()
    return drawn + [CourierUsed(seat, FIGURE_FEE if pay == "lira" else 0, paid, sealed)]


DECIDE = {
    CatchFamilyMember: decide_catch,
    UseGovernor: decide_use_governor,
    PayGovernor: decide_pay_governor,
    UseSmuggler: decide_use_smuggler,
    UseCoffeeTrader: decide_use_coffee_trader,
    UseCourier: decide_use_courier,
}


def decide(state, command) -> list:
    return DECIDE[type(command)](state, command)


def catch_lira(reward: str) -> int:
    return CATCH_LIRA if reward == "lira" else 0


# --- evolve ------------------------------------------------------------------------------------------------------
def _encounters(state) -> Encounters:
    return state.phase if isinstance(state.phase, Encounters) else Encounters()


def _used(state, kind: str, **changes):
    """Mark the figure of `kind` at the merchant's place as used and queue its relocation roll, with the
    encounter's other State `changes` in the same copy (evolve copies the state once per event where it can)."""
    name = _here(state, state.current, kind)
    phase = _encounters(state)
    return replace(state, phase=replace(phase, used=phase.used + (name,)),
                   pending=state.pending + (relocation(name),), **changes)


def apply_family_member_caught(state, e):
    state = update(state, e.owner, family=POLICE_STATION)
    return gain(state, e.seat, lira=catch_lira(e.reward), phase=_encounters(state))


def apply_governor_used(state, e):
    return replace(state, phase=replace(_encounters(state), step=GovernorPayment()))


def apply_governor_paid(state, e):
    if e.card is None:
        state = gain(state, e.seat, lira=-FIGURE_FEE)
    else:
        state = update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card))
        state = replace(state, discard=state.discard + (e.card,))
    state = replace(state, phase=replace(state.phase, step=None))
    return _used(state, "draw_bonus_card")


def _take_and_pay(state, seat: int, goods, pay: str) -> tuple:
    """The players once the goods are taken and paid for: 2 lira, 1 good, or nothing (the encounter tile)."""
    if pay == "lira":
        return players_with(state, seat, goods=goods, lira=state.players[seat].lira - FIGURE_FEE)
    return players_with(state, seat, goods=goods if pay == FREE else goods.minus(one(pay)))


def apply_smuggler_used(state, e):
    goods = state.players[e.seat].goods.plus(one(e.good, e.gained))
    return _used(state, "take_any_good", players=_take_and_pay(state, e.seat, goods, e.pay))


def apply_coffee_trader_used(state, e):
    goods = state.players[e.seat].goods.plus(one(COFFEE, e.coffee))
    return _used(state, "take_coffee", players=_take_and_pay(state, e.seat, goods, e.pay))


def apply_courier_used(state, e):
    state = letters.spent(state, e.seat, e.letters, e.sealed, lira=state.players[e.seat].lira - e.lira)
    return _used(state, "take_letter")


def apply_governor_payment_waived(state, e):
    return _used(replace(state, phase=replace(state.phase, step=None)), "draw_bonus_card")


def apply_figure_placed(state, e):
    if e.figure in state.figures:
        return replace(state, figures=state.figures.set(e.figure, e.place))
    merchants = list(state.neutral_merchants)  # "neutral_merchant": the e.index-th of the 2-player merchants
    merchants[e.index] = e.place
    return replace(state, neutral_merchants=tuple(merchants))


APPLY = {
    FamilyMemberCaught: apply_family_member_caught,
    GovernorUsed: apply_governor_used,
    GovernorPaid: apply_governor_paid,
    SmugglerUsed: apply_smuggler_used,
    FigurePlaced: apply_figure_placed,
    CoffeeTraderUsed: apply_coffee_trader_used,
    GovernorPaymentWaived: apply_governor_payment_waived,
    CourierUsed: apply_courier_used,
}
