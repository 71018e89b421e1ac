"""Tea House 9: announce 3..12, roll two dice: at least the number pays the number, else 2 lira (6.7)."""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import violations as v
from domain.istanbul.commands import VisitTeaHouse
from domain.istanbul.data import TEA_HOUSE, TEA_HOUSE_MAX, TEA_HOUSE_MIN
from domain.istanbul.events import TeaHouseVisited
from domain.istanbul.places import dice
from domain.istanbul.state import Dice, acted, push_roll

PLACES = (TEA_HOUSE,)
COMMANDS = (VisitTeaHouse,)
legal_step = dice.legal_step


def legal(state, seat, action):
    return list(_visits(seat))


@lru_cache(maxsize=8)
def _visits(seat: int) -> tuple:
    return tuple(VisitTeaHouse(seat, n) for n in range(TEA_HOUSE_MIN, TEA_HOUSE_MAX + 1))


def diagnose(state, command) -> str:
    return v.INVALID_NUMBER


def decide(state, command):
    return [TeaHouseVisited(command.seat, command.number)]


def apply_tea_house_visited(state, e):
    return push_roll(acted(state, step=Dice("tea_house", e.number)), "tea_house")


APPLY = {TeaHouseVisited: apply_tea_house_visited}
