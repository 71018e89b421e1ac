"""Mosque tile abilities (7.1), dispatched on the ability kind of data.MOSQUE_TILES:
red    dice_turn_to_4_or_reroll: after a black market / tea house roll, once: one die to 4, or reroll both;
green  warehouse_extra_good: after a warehouse action, once: 2 lira for 1 good of any type;
yellow recall_assistant: once per turn, 2 lira: one own assistant from another place back to the merchant;
blue   fifth_assistant: taken at once with the tile (places/mosques.py).
Demand tiles are data (data.DEMAND_TILES) used by places/markets.py."""

from __future__ import annotations

from dataclasses import replace

from domain.istanbul import board
from domain.istanbul.commands import UseMosqueTile
from domain.istanbul.data import GOODS, GREEN_TILE_COST, RED_TILE_DIE, WAREHOUSE_GOOD, YELLOW_TILE_COST
from domain.istanbul.events import AssistantsReturned, GreenTileUsed, RedTileUsed
from domain.istanbul.places.dice import red_choice_open, resolve
from domain.istanbul.state import Action, Dice, push_roll, with_step
from domain.istanbul.turn import free_phase
from domain.istanbul.wheelbarrow import capped_gain, gain, good_index, one


def legal(state, seat: int) -> list:
    player = state.players[seat]
    tiles = player.tiles
    if not tiles:
        return []
    phase = state.phase
    out = []
    if "red" in tiles and isinstance(phase, Action) and isinstance(phase.step, Dice):
        step = phase.step
        if red_choice_open(state, seat, step):
            out += [UseMosqueTile(seat, "red", die=i) for i, v in enumerate(step.dice) if v != RED_TILE_DIE]
            out.append(UseMosqueTile(seat, "red", reroll=True))
    if (
        "green" in tiles
        and isinstance(phase, Action)
        and phase.step is None
        and phase.place in WAREHOUSE_GOOD
        and phase.done >= 1
        and not phase.green_used
        and player.lira >= GREEN_TILE_COST
    ):
        out += [UseMosqueTile(seat, "green", good=g) for g in GOODS]
    if "yellow" in tiles and not state.yellow_used and player.lira >= YELLOW_TILE_COST and free_phase(state):
        here = player.merchant
        out += [UseMosqueTile(seat, "yellow", place=p) for p in board.own_assistant_places(state, seat) if p != here]
    return out


def decide(state, command: UseMosqueTile) -> list:
    seat = command.seat
    if command.tile == "red":
        step = state.phase.step
        if command.reroll:
            return [RedTileUsed(seat, (), True)]
        dice = tuple(RED_TILE_DIE if i == command.die else v for i, v in enumerate(step.dice))
        return [RedTileUsed(seat, dice, False), resolve(state, seat, step, dice)]
    if command.tile == "green":
        gained = capped_gain(state.players[seat], one(command.good))[good_index(command.good)]
        return [GreenTileUsed(seat, command.good, gained)]
    return [AssistantsReturned(seat, (command.place,), YELLOW_TILE_COST, "yellow_tile")]


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_red_tile_used(state, e):
    step = replace(state.phase.step, dice=e.dice, red_used=True)
    state = with_step(state, step)
    return push_roll(state, step.kind) if e.reroll else state


def apply_green_tile_used(state, e):
    state = gain(state, e.seat, one(e.good, e.gained), -GREEN_TILE_COST)
    return replace(state, phase=replace(state.phase, green_used=True))


APPLY = {RedTileUsed: apply_red_tile_used, GreenTileUsed: apply_green_tile_used}
