"""Police Station 12: send the family member (if it is here) to any other place and carry out that place's action
there, without encounters (6.9). The family member's action is a new Action phase at its place."""

from __future__ import annotations

from domain.istanbul.commands import SendFamilyMember
from domain.istanbul.data import POLICE_STATION
from domain.istanbul.events import FamilyMemberSent

PLACES = (POLICE_STATION,)
COMMANDS = (SendFamilyMember,)


def legal(state, seat, action):
    if action.by_family or state.players[seat].family != POLICE_STATION:
        return []
    return [SendFamilyMember(seat, p) for p in sorted(state.layout) if p != POLICE_STATION]


def decide(state, command):
    return [FamilyMemberSent(command.seat, command.place)]
