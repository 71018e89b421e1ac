"""Mosque tile abilities (7.1), dispatched on the ability kind of data.MOSQUE_TILES, never on the colour:
dice_turn_to_4_or_reroll (red): after a black market / tea house roll, once: one die to 4, or reroll both;
warehouse_extra_good (green): after a warehouse action, once: 2 lira for 1 good of any type;
recall_assistant (yellow): once per turn, any moment of it, 2 lira: one own assistant from another place back;
fifth_assistant (blue): taken at once with the tile (places/mosques.py).
The red and green tiles need a place: not in a guild card turn (rules 5.8, R-51).
Demand tiles are data (data.DEMAND_TILES) used by places/markets.py. Tavern tiles (Mocha & Baksheesh, 7.4) have no
command: `has_tavern_tile` tells the movement (turn.py) and the encounters (figures.py) what they allow."""

from __future__ import annotations

from domain.istanbul import board
from domain.istanbul import violations as v
from domain.istanbul.catalogue import TAVERN_TILES
from domain.istanbul.commands import UseMosqueTile, once
from domain.istanbul.data import GOODS, GREEN_TILE_COST, MOSQUE_TILES, RED_TILE_DIE, WAREHOUSE_GOOD, YELLOW_TILE_COST
from domain.istanbul.events import AssistantsReturned, GreenTileUsed, RedTileUsed
from domain.istanbul.frozen import replace
from domain.istanbul.places.dice import choice_open, red_choice_open, resolve
from domain.istanbul.state import Action, Dice, push_roll, with_step
from domain.istanbul.timing import debt_payable, own_turn
from domain.istanbul.wheelbarrow import gain, gained, one

COMMANDS = (UseMosqueTile,)
STEP_COMMANDS = COMMANDS  # usable while a sub-decision waits, by each tile's own ability


def _kind(tile: str) -> str:
    return MOSQUE_TILES[tile][1]


def has_tavern_tile(player, kind: str) -> bool:
    """The player owns a tavern tile of `kind` ("movement" | "encounter")."""
    return any(TAVERN_TILES[tile].kind == kind for tile in player.tavern_tiles)


# --- legal uses, one function per ability kind -----------------------------------------------------------------
def _legal_dice(state, seat, tile):
    step = getattr(state.phase, "step", None)
    if not (isinstance(state.phase, Action) and isinstance(step, Dice) and red_choice_open(state, seat, step)):
        return []
    turns = [once(UseMosqueTile, seat, tile, None, None, i, False)
             for i, value in enumerate(step.dice) if value != RED_TILE_DIE]
    return turns + [once(UseMosqueTile, seat, tile, None, None, None, True)]


def _legal_extra_good(state, seat, tile):
    phase = state.phase
    if (
        isinstance(phase, Action)
        and phase.step is None
        and state.guild is None
        and phase.place in WAREHOUSE_GOOD
        and phase.done >= 1
        and not phase.green_used
        and state.players[seat].lira >= GREEN_TILE_COST
    ):
        return [once(UseMosqueTile, seat, tile, g, None, None, False) for g in GOODS]
    return []


def _legal_recall(state, seat, tile):
    player = state.players[seat]
    if state.yellow_used or player.lira < YELLOW_TILE_COST or not own_turn(state) or not state.assistants:
        return []
    if not debt_payable(state, seat, lira=-YELLOW_TILE_COST):
        return []
    here = player.merchant
    return [once(UseMosqueTile, seat, tile, None, p, None, False)
            for p in board.own_assistant_places(state, seat) if p != here]


LEGAL_BY_KIND = {
    "dice_turn_to_4_or_reroll": _legal_dice,
    "warehouse_extra_good": _legal_extra_good,
    "recall_assistant": _legal_recall,
}


RULES = tuple((tile, LEGAL_BY_KIND.get(kind)) for tile, (_, kind) in MOSQUE_TILES.items())  # in table order


def legal(state, seat: int) -> list:
    owned = state.players[seat].tiles
    if not owned:
        return []
    out = []
    for tile, rule in RULES:
        if rule is not None and tile in owned:
            out += rule(state, seat, tile)
    return out


def diagnose(state, command: UseMosqueTile) -> str:
    player = state.players[command.seat]
    if command.tile not in player.tiles:
        return v.TILE_NOT_OWNED
    kind = _kind(command.tile)
    if kind == "recall_assistant":
        if not own_turn(state):
            return v.CARD_TIMING  # not the seat's own turn (a passive seat choosing a kiosk tile)
        if state.yellow_used:
            return v.TILE_ALREADY_USED
        if player.lira < YELLOW_TILE_COST:
            return v.NOT_ENOUGH_LIRA
        if own_turn(state) and not debt_payable(state, command.seat, lira=-YELLOW_TILE_COST):
            return v.DECISION_PENDING  # the governor's 2 lira are owed and no card is left to give instead
    if kind == "warehouse_extra_good" and player.lira < GREEN_TILE_COST:
        return v.NOT_ENOUGH_LIRA
    return v.ILLEGAL_COMMAND


# --- decisions, one function per ability kind -------------------------------------------------------------------
def _decide_dice(state, command):
    step = state.phase.step
    if command.reroll:
        return [RedTileUsed(command.seat, (), True)]
    dice = tuple(RED_TILE_DIE if i == command.die else value for i, value in enumerate(step.dice))
    events = [RedTileUsed(command.seat, dice, False)]
    if choice_open(state, command.seat, replace(step, dice=dice, red_used=True)):
        return events  # M06 may still turn a die (then accept_roll or M06 resolves the roll)
    return events + [resolve(state, command.seat, step, dice)]


def _decide_extra_good(state, command):
    return [GreenTileUsed(command.seat, command.good, gained(state.players[command.seat], command.good))]


def _decide_recall(state, command):
    return [AssistantsReturned(command.seat, (command.place,), YELLOW_TILE_COST, "yellow_tile")]


DECIDE_BY_KIND = {
    "dice_turn_to_4_or_reroll": _decide_dice,
    "warehouse_extra_good": _decide_extra_good,
    "recall_assistant": _decide_recall,
}


def decide(state, command: UseMosqueTile) -> list:
    return DECIDE_BY_KIND[_kind(command.tile)](state, command)


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_red_tile_used(state, e):
    step = replace(state.phase.step, dice=e.dice, red_used=True)
    state = with_step(state, step)
    return push_roll(state, step.kind) if e.reroll else state


def apply_green_tile_used(state, e):
    return gain(state, e.seat, one(e.good, e.gained), -GREEN_TILE_COST, phase=replace(state.phase, green_used=True))


APPLY = {RedTileUsed: apply_red_tile_used, GreenTileUsed: apply_green_tile_used}
