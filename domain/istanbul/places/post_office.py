"""Post Office 5: take the four visible fields, then move the leftmost upper indicator down (6.3)."""

from __future__ import annotations

from domain.istanbul.commands import CollectMail, once
from domain.istanbul.data import GOODS, POST_OFFICE, POST_OFFICE_GAINS, POST_OFFICE_STATES
from domain.istanbul.events import MailCollected
from domain.istanbul.frozen import record
from domain.istanbul.schema import goods_counts, integer, obj
from domain.istanbul.state import acted_phase
from domain.istanbul.wheelbarrow import capped_gain, gain

PLACES = (POST_OFFICE,)
COMMANDS = (CollectMail,)
KEY = "post_office"


@record
class PostOffice:
    moved: int = 0  # indicators moved down so far: the tile's state 0-4 (POST_OFFICE_GAINS)


def initial(seats: int) -> PostOffice:
    return PostOffice()


def view(state, revealed: bool) -> dict:
    moved = state.places[KEY].moved
    goods, lira = POST_OFFICE_GAINS[moved]
    return {"post_office": {"state": moved, "goods": {good: goods.count(good) for good in GOODS}, "lira": lira}}


VIEW_SCHEMA = {"post_office": obj("Post Office 5: what the next visitor takes", {
    "state": integer("mail indicators moved down so far (0-4; after 4 all go back up)", minimum=0, maximum=4),
    "goods": goods_counts("the visible goods"),
    "lira": integer("the visible lira", minimum=0),
})}


def legal(state, seat, action):
    return [once(CollectMail, seat)]


def decide(state, command):
    moved = state.places[KEY].moved
    goods, lira = POST_OFFICE_GAINS[moved]
    gained = capped_gain(state.players[command.seat], goods)
    return [MailCollected(command.seat, gained, lira, (moved + 1) % POST_OFFICE_STATES)]


def apply_mail_collected(state, e):
    return gain(state, e.seat, e.goods, e.lira, places=state.places.set(KEY, PostOffice(e.post)),
                phase=acted_phase(state.phase))


APPLY = {MailCollected: apply_mail_collected}
