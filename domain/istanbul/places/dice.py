"""The player's own rolls (not a place: shared by the Black Market 8, the Tea House 9, bonus cards M05 and L02,
and kiosk tile K16): the roll, the choices after it, its resolution.

The roll is a chance step (Roll by_dealer=False, resolved inside the player's command). After it the player may
still decide, while a choice is open: the red mosque tile (Black Market and Tea House only, once: one die to 4
or reroll both; never in a guild card turn, rules 5.8) and M06 (any own roll, one die to 6 per card, R-53). Then
`accept_roll`, or the last such choice, resolves the roll. A black market visit that rolled first then awaits
its single good (step SingleGood, places/black_market.py). M05's and L02's rolls live in `state.card_step` (a CardRoll),
since a bonus card may be played in any phase. So does K16's die when the active seat could turn it to 6 (R-53:
M06 applies to K16): the die then waits for `accept_roll` or M06 (a passive seat's die, or one nobody can turn,
is taken at once as `kiosk_die_rolled`, letters_seals/places/kiosk.py).
"""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.catalogue import CARD_KINDS
from domain.istanbul.commands import AcceptRoll, once
from domain.istanbul.content import content
from domain.istanbul.data import BLACK_MARKET_BLUE, BLACK_MARKET_ROLL_GOOD, TEA_HOUSE_FAIL
from domain.istanbul.events import DiceRolled, RollResolved
from domain.istanbul.frozen import replace
from domain.istanbul.goods import NONE, Goods
from domain.istanbul.mocha_baksheesh.events import DieTurned, YieldsTaken
from domain.istanbul.state import Action, CardRoll, Dice, SingleGood, action_rules, with_step
from domain.istanbul.wheelbarrow import capped_gain, gain, gained, hand_remove, one

COMMANDS = (AcceptRoll,)
STEP_COMMANDS = COMMANDS
CARD_ROLLS = ("roll_two_yields", "roll_named_yield")  # chance labels of rolls a bonus card makes (the card's kind)
KIOSK_DIE = "kiosk_die"  # K16's one die (letters_seals/places/kiosk.py); as a CardRoll's kind: its lira await M06 or accept_roll


# --- the choices after a roll ----------------------------------------------------------------------------------
def red_choice_open(state, seat, step) -> bool:
    """The red mosque tile may still change this roll (black market or tea house, not in a guild card turn)."""
    return (type(step) is Dice and bool(step.dice) and not step.red_used and "red" in state.players[seat].tiles
            and state.guild is None)


def sixes(hand: tuple[str, ...], top: str | None) -> bool:
    """A card that turns a die to 6 is in `hand`: M06, or L05 while M06 lies on top of the discard pile (`top`;
    R-52: L05 carries out that card)."""
    if any(CARD_KINDS[card] == "die_to_six" for card in hand):
        return True
    return top is not None and CARD_KINDS[top] == "die_to_six" and any(
        CARD_KINDS[card] == "copy_discard" for card in hand)


def choice_open(state, seat, roll, played: str | None = None) -> bool:
    """A decision about the rolled dice is still possible (after `played`, a card just played from the seat's
    hand onto the discard pile, if given)."""
    if not roll.dice:
        return False
    hand = state.players[seat].hand
    top = state.discard[-1] if state.discard else None
    if played is not None:
        hand, top = hand_remove(hand, played), played
    return sixes(hand, top) or red_choice_open(state, seat, roll)


def pending_roll(state):
    """The roll awaiting a choice: the action's Dice step or a bonus card's CardRoll, or None."""
    step = state.card_step
    if type(step) is CardRoll:
        return step if step.dice else None
    step = getattr(state.phase, "step", None)
    return step if type(step) is Dice and step.dice else None


# --- resolving -------------------------------------------------------------------------------------------------
def resolve(state, seat: int, step: Dice, dice: tuple[int, ...]) -> RollResolved:
    """The yield of a black market or tea house roll (a guild card may change the table: cards 8 and 9)."""
    total = sum(dice)
    rules = action_rules(state)
    if step.kind == "black_market":
        blue = rules.blue_by_sum[total] if rules.blue_by_sum else BLACK_MARKET_BLUE[total]
        return RollResolved(seat, step.kind, total, gained(state.players[seat], BLACK_MARKET_ROLL_GOOD, blue), 0)
    fail = TEA_HOUSE_FAIL if rules.fail_lira is None else rules.fail_lira
    lira = step.number if total >= step.number else fail
    return RollResolved(seat, step.kind, total, 0, lira)


def resolve_card_roll(state, seat: int, dice: tuple[int, ...], kind: str) -> YieldsTaken:
    """M05: both dice's yields (the table is data, content.die_yields); L02: the yield the card names, [P] the
    black market's blue goods by the sum (reference 14a.5); K16: as many lira as the die shows."""
    if kind == KIOSK_DIE:
        return YieldsTaken(seat, dice, NONE, sum(dice))
    if kind == "roll_named_yield":
        blue = Goods.of(BLACK_MARKET_ROLL_GOOD, BLACK_MARKET_BLUE[sum(dice)])
        return YieldsTaken(seat, dice, capped_gain(state.players[seat], blue), 0)
    yields = content(state).die_yields
    goods = NONE
    lira = 0
    for die in dice:
        goods = goods.plus(yields[die].goods)
        lira += yields[die].lira
    return YieldsTaken(seat, dice, capped_gain(state.players[seat], goods), lira)


def resolution(state, seat: int, roll, dice: tuple[int, ...]):
    if type(roll) is CardRoll:
        return resolve_card_roll(state, seat, dice, roll.kind)
    return resolve(state, seat, roll, dice)


def decide_card_roll(state, label: str, outcome: tuple[int, ...]) -> list:
    seat = state.current
    events = [DiceRolled(seat, label, outcome)]
    if not choice_open(state, seat, CardRoll(label, outcome)):
        events.append(resolve_card_roll(state, seat, outcome, label))
    return events


# --- accept_roll -------------------------------------------------------------------------------------------------
def legal_step(state, seat, action):
    step = action.step
    if isinstance(step, Dice) and choice_open(state, seat, step):
        return [once(AcceptRoll, seat)]  # plus the red tile's options (tiles.py) and M06 (cards.py)
    return []


def legal_card_roll(state, seat) -> list:
    roll = state.card_step
    return [once(AcceptRoll, seat)] if choice_open(state, seat, roll) else []


def diagnose(state, command) -> str:
    return v.ACTION_UNAVAILABLE if isinstance(state.phase, Action) else v.WRONG_PHASE


def decide(state, command):
    roll = pending_roll(state)
    return [resolution(state, command.seat, roll, roll.dice)]


# --- evolve ------------------------------------------------------------------------------------------------------
def _with_dice(state, dice: tuple[int, ...], label: str = ""):
    if label == KIOSK_DIE:  # K16's die, awaiting the active seat's choice: a roll beside the kiosk's phase
        return replace(state, card_step=CardRoll(KIOSK_DIE, dice))
    if type(state.card_step) is CardRoll:
        return replace(state, card_step=replace(state.card_step, dice=dice))
    return with_step(state, replace(state.phase.step, dice=dice))


def apply_dice_rolled(state, e):
    return _with_dice(state, e.dice, e.purpose)


def apply_die_turned(state, e):
    return _with_dice(state, e.dice)


def apply_roll_resolved(state, e):
    step = state.phase.step
    # black market rolled first: the single good is still to be taken (places/black_market.py)
    after = SingleGood(e.total) if isinstance(step, Dice) and step.good_pending else None
    return gain(state, e.seat, one(BLACK_MARKET_ROLL_GOOD, e.blue), e.lira, phase=replace(state.phase, step=after))


def apply_yields_taken(state, e):
    return gain(state, e.seat, e.goods, e.lira, card_step=None)


APPLY = {DiceRolled: apply_dice_rolled, RollResolved: apply_roll_resolved, DieTurned: apply_die_turned,
         YieldsTaken: apply_yields_taken}
