"""Post Office 5: take the four visible fields, then move the leftmost upper indicator down (6.3)."""

from __future__ import annotations

from domain.istanbul.commands import CollectMail
from domain.istanbul.data import POST_OFFICE, POST_OFFICE_GAINS, POST_OFFICE_STATES
from domain.istanbul.events import MailCollected
from domain.istanbul.wheelbarrow import capped_gain
from domain.istanbul.state import acted, with_stock
from domain.istanbul.wheelbarrow import gain

PLACES = (POST_OFFICE,)
COMMANDS = (CollectMail,)


def legal(state, seat, action):
    return [CollectMail(seat)]


def decide(state, command):
    goods, lira = POST_OFFICE_GAINS[state.stock.post]
    gained = capped_gain(state.players[command.seat], goods)
    return [MailCollected(command.seat, gained, lira, (state.stock.post + 1) % POST_OFFICE_STATES)]


def apply_mail_collected(state, e):
    return acted(with_stock(gain(state, e.seat, e.goods, e.lira), post=e.post))


APPLY = {MailCollected: apply_mail_collected}
