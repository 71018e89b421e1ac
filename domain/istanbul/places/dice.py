"""The player's own two-dice roll at the Black Market 8 and the Tea House 9 (not a place: shared by both).

The roll is a chance step (Roll by_dealer=False, resolved inside the player's command); with the red mosque tile,
the player then decides once: turn one die to 4, reroll both, or accept (tiles.py lists those commands).
A black market visit that rolled first then awaits its single good (step SingleGood, places/black_market.py).
"""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import AcceptRoll, once
from domain.istanbul.data import BLACK_MARKET_BLUE, BLACK_MARKET_ROLL_GOOD, TEA_HOUSE_FAIL
from domain.istanbul.events import DiceRolled, RollResolved
from domain.istanbul.frozen import replace
from domain.istanbul.state import Action, Dice, SingleGood, with_step
from domain.istanbul.wheelbarrow import gain, gained, one

COMMANDS = (AcceptRoll,)
STEP_COMMANDS = COMMANDS


def red_choice_open(state, seat, step: Dice) -> bool:
    return bool(step.dice) and not step.red_used and "red" in state.players[seat].tiles


def resolve(state, seat: int, step: Dice, dice: tuple[int, ...]) -> RollResolved:
    total = sum(dice)
    if step.kind == "black_market":
        blue = gained(state.players[seat], BLACK_MARKET_ROLL_GOOD, BLACK_MARKET_BLUE[total])
        return RollResolved(seat, step.kind, total, blue, 0)
    lira = step.number if total >= step.number else TEA_HOUSE_FAIL
    return RollResolved(seat, step.kind, total, 0, lira)


def legal_step(state, seat, action):
    step = action.step
    if isinstance(step, Dice) and red_choice_open(state, seat, step):
        return [once(AcceptRoll, seat)]  # plus the red tile's options (tiles.py)
    return []


def diagnose(state, command) -> str:
    return v.ACTION_UNAVAILABLE if isinstance(state.phase, Action) else v.WRONG_PHASE


def decide(state, command):
    step = state.phase.step
    return [resolve(state, command.seat, step, step.dice)]


def apply_dice_rolled(state, e):
    return with_step(state, replace(state.phase.step, dice=e.dice))


def apply_roll_resolved(state, e):
    step = state.phase.step
    # black market rolled first: the single good is still to be taken (places/black_market.py)
    after = SingleGood(e.total) if isinstance(step, Dice) and step.good_pending else None
    return gain(state, e.seat, one(BLACK_MARKET_ROLL_GOOD, e.blue), e.lira, phase=replace(state.phase, step=after))


APPLY = {DiceRolled: apply_dice_rolled, RollResolved: apply_roll_resolved}
