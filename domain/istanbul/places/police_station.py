"""Police Station 12: send the family member (if it is here) to any other place and carry out that place's action
there, without encounters (6.9). The family member's action is a new Action phase at its place."""

from __future__ import annotations

from functools import lru_cache

from domain.istanbul import violations as v
from domain.istanbul.commands import SendFamilyMember
from domain.istanbul.data import POLICE_STATION
from domain.istanbul.events import FamilyMemberSent
from domain.istanbul.frozen import replace
from domain.istanbul.state import Action
from domain.istanbul.wheelbarrow import update

PLACES = (POLICE_STATION,)
COMMANDS = (SendFamilyMember,)


def legal(state, seat, action):
    if action.by_family or state.players[seat].family != POLICE_STATION:
        return []
    return list(_sends(seat, state.layout))


@lru_cache(maxsize=256)
def _sends(seat: int, layout: tuple[int, ...]) -> tuple:
    """Every place the family member may be sent to (values, built once per seat and layout)."""
    return tuple(SendFamilyMember(seat, p) for p in sorted(layout) if p != POLICE_STATION)


def diagnose(state, command) -> str:
    if state.phase.by_family or state.players[command.seat].family != POLICE_STATION:
        return v.FAMILY_NOT_IN_POLICE
    return v.INVALID_TARGET


def decide(state, command):
    return [FamilyMemberSent(command.seat, command.place)]


def apply_family_member_sent(state, e):
    state = update(state, e.seat, family=e.place)
    return replace(state, phase=Action(place=e.place, by_family=True))


APPLY = {FamilyMemberSent: apply_family_member_sent}
