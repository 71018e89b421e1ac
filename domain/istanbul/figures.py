"""Phase 4 encounters at the merchant's place (5.6, 9.2): other players' family members (compulsory catch,
1 bonus card or 3 lira each; nothing at the police station), the governor (draw a card, pay 2 lira or discard a
card) and the smuggler (any good, pay 2 lira or a good), each once per turn and then relocated by a dealer roll.
Also the 2-player neutral merchants' relocation (9.3)."""

from __future__ import annotations

from dataclasses import replace

from domain.istanbul import board
from domain.istanbul.commands import CatchFamilyMember, EndTurn, PayGovernor, UseGovernor, UseSmuggler
from domain.istanbul.data import CATCH_LIRA, FIGURE_FEE, GOODS, POLICE_STATION
from domain.istanbul.events import (
    BonusCardDrawn,
    FamilyMemberCaught,
    GovernorPaid,
    GovernorUsed,
    SmugglerUsed,
)
from domain.istanbul.state import Action, Encounters, GovernorPayment, push_roll
from domain.istanbul.wheelbarrow import gain, gained, hand_remove, one, update


def to_catch(state, seat: int) -> tuple[int, ...]:
    place = state.players[seat].merchant
    if place == POLICE_STATION:
        return ()
    return board.family_at(state, place, seat)


def used(state) -> tuple[str, ...]:
    return state.phase.used if isinstance(state.phase, Encounters) else ()


def legal(state, seat: int) -> list:
    """Encounter commands (in the action phase they end it) and end_turn when no catch is owed."""
    phase = state.phase
    if isinstance(phase, Encounters) and isinstance(phase.step, GovernorPayment):
        player = state.players[seat]
        out = [PayGovernor(seat, None)] if player.lira >= FIGURE_FEE else []
        return out + [PayGovernor(seat, c) for c in sorted(set(player.hand))]
    if not (isinstance(phase, Encounters) or isinstance(phase, Action)) or phase.step is not None:
        return []
    player = state.players[seat]
    place = player.merchant
    catch = to_catch(state, seat)
    out = []
    for owner in catch:
        out.append(CatchFamilyMember(seat, owner, "lira"))
        if state.deck:
            out.append(CatchFamilyMember(seat, owner, "card"))
    done = used(state)
    if state.governor == place and "governor" not in done and state.deck:
        out.append(UseGovernor(seat))
    if state.smuggler == place and "smuggler" not in done:
        for good in GOODS:
            after = player.goods.plus(one(good, gained(player, good)))  # the good just taken may be the payment
            if player.lira >= FIGURE_FEE:
                out.append(UseSmuggler(seat, good, "lira"))
            out += [UseSmuggler(seat, good, pay) for pay in GOODS if after.count(pay) >= 1]
    if not catch:
        out.append(EndTurn(seat))
    return out


def decide_catch(state, command: CatchFamilyMember) -> list:
    events = [FamilyMemberCaught(command.seat, command.owner, command.reward)]
    if command.reward == "card":
        events.append(BonusCardDrawn(command.seat, state.deck[0], "deck"))
    return events


def decide_use_governor(state, command: UseGovernor) -> list:
    return [GovernorUsed(command.seat), BonusCardDrawn(command.seat, state.deck[0], "deck")]


def decide_pay_governor(state, command: PayGovernor) -> list:
    return [GovernorPaid(command.seat, command.card)]


def decide_use_smuggler(state, command: UseSmuggler) -> list:
    player = state.players[command.seat]
    return [SmugglerUsed(command.seat, command.good, gained(player, command.good), command.pay)]


def catch_lira(reward: str) -> int:
    return CATCH_LIRA if reward == "lira" else 0


# --- evolve ------------------------------------------------------------------------------------------------------
def _encounters(state) -> Encounters:
    return state.phase if isinstance(state.phase, Encounters) else Encounters()


def apply_family_member_caught(state, e):
    state = update(state, e.owner, family=POLICE_STATION)
    state = gain(state, e.seat, lira=catch_lira(e.reward))
    return replace(state, phase=_encounters(state))


def apply_governor_used(state, e):
    return replace(state, phase=replace(_encounters(state), step=GovernorPayment()))


def apply_governor_paid(state, e):
    if e.card is None:
        state = gain(state, e.seat, lira=-FIGURE_FEE)
    else:
        state = update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card))
        state = replace(state, discard=state.discard + (e.card,))
    phase = state.phase
    state = replace(state, phase=replace(phase, step=None, used=phase.used + ("governor",)))
    return push_roll(state, "governor", 0, by_dealer=True, front=False)


def apply_smuggler_used(state, e):
    state = gain(state, e.seat, one(e.good, e.gained))
    if e.pay == "lira":
        state = gain(state, e.seat, lira=-FIGURE_FEE)
    else:
        state = gain(state, e.seat, one(e.pay), sign=-1)
    phase = _encounters(state)
    state = replace(state, phase=replace(phase, used=phase.used + ("smuggler",)))
    return push_roll(state, "smuggler", 0, by_dealer=True, front=False)


APPLY = {
    FamilyMemberCaught: apply_family_member_caught,
    GovernorUsed: apply_governor_used,
    GovernorPaid: apply_governor_paid,
    SmugglerUsed: apply_smuggler_used,
}
