"""Sultan's Palace 13: deliver every uncovered field's good, take the next ruby (6.10, refill 6.13)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from domain.istanbul import violations as v
from domain.istanbul.commands import DeliverToSultan
from domain.istanbul.data import ANY, GOODS, SETUP, SULTAN_TRACK, SULTANS_PALACE
from domain.istanbul.events import SultanDelivered
from domain.istanbul.frozen import record, replace
from domain.istanbul.goods import Goods
from domain.istanbul.schema import goods_counts, integer, obj
from domain.istanbul.state import acted, with_place
from domain.istanbul.wheelbarrow import gain, update

PLACES = (SULTANS_PALACE,)
COMMANDS = (DeliverToSultan,)
KEY = "sultans_palace"
RUBY_EVENTS = (SultanDelivered,)


@record
class SultansPalace:
    taken: int  # rubies taken so far: each uncovers one more field
    rubies: int

    @property
    def rubies_left(self) -> int:
        return self.rubies


def initial(seats: int) -> SultansPalace:
    return SultansPalace(0, SETUP[seats]["sultan_rubies"])


def delivery(state) -> tuple[Goods, int]:
    """(the fixed goods, the number of "any" fields) of the next delivery."""
    return _delivery(state.seats, state.places[KEY].taken)


@lru_cache(maxsize=64)
def _delivery(seats: int, taken: int) -> tuple[Goods, int]:
    """`delivery` by the two numbers it depends on: a few dozen pairs in all, and the mcts bot's evaluation asks
    it for nearly every state it weighs (Goods are immutable, so the answers are shared safely)."""
    fields = SULTAN_TRACK[:min(SETUP[seats]["sultan_first"] + taken, len(SULTAN_TRACK))]
    return Goods((good, fields.count(good)) for good in GOODS), fields.count(ANY)


def view(state, revealed: bool) -> dict:
    fixed, wild = delivery(state)
    return {"sultans_palace": {"rubies": state.places[KEY].rubies,
                               "next_goods": {good: fixed.count(good) for good in GOODS}, "any": wild}}


VIEW_SCHEMA = {"sultans_palace": obj("Sultan's Palace 13: the next delivery", {
    "rubies": integer("rubies left", minimum=0),
    "next_goods": goods_counts("the fixed goods of the next delivery"),
    "any": integer("\"any good\" fields in the next delivery", minimum=0, maximum=2),
})}


def legal(state, seat, action):
    if state.places[KEY].rubies <= 0:
        return []
    fixed, wild = delivery(state)
    have = state.players[seat].goods
    if not have.covers(fixed):
        return []
    return list(_deliveries(seat, tuple(min(have.count(good) - fixed.count(good), wild) for good in GOODS), wild))


@lru_cache(maxsize=4096)
def _deliveries(seat: int, rest: tuple[int, ...], wild: int) -> tuple:
    """Every way to fill `wild` "any" fields from the goods left (`rest`, in GOODS order): values, built once."""
    return tuple(
        DeliverToSultan(seat, Goods(zip(GOODS, counts)))
        for counts in product(*(range(r + 1) for r in rest))
        if sum(counts) == wild
    )


def diagnose(state, command) -> str:
    return v.NO_RUBIES_LEFT if state.places[KEY].rubies <= 0 else v.NOT_ENOUGH_GOODS


def has_ruby(state) -> bool:
    """A ruby lies on the track (an empty supply may leave it empty, ruling R-21)."""
    return state.places[KEY].rubies > 0


def refill_due(state) -> bool:
    """Taking the next ruby takes the last one: a supply ruby goes onto the ruby symbol (6.13)."""
    return state.places[KEY].rubies == 1 and state.ruby_supply > 0


def decide(state, command):
    fixed, _ = delivery(state)
    return [SultanDelivered(command.seat, fixed.plus(command.any_goods), refill_due(state))]


def advance(state, refilled: bool):
    """The next ruby leaves the track (to whoever takes it), the next delivery needs one more good."""
    here = state.places[KEY]
    state = with_place(state, KEY, replace(here, taken=here.taken + 1, rubies=here.rubies - 1 + refilled))
    return replace(state, ruby_supply=state.ruby_supply - refilled)


def apply_sultan_delivered(state, e):
    state = gain(state, e.seat, e.goods, sign=-1)
    state = update(state, e.seat, rubies=state.players[e.seat].rubies + 1)
    return acted(advance(state, e.refilled))


APPLY = {SultanDelivered: apply_sultan_delivered}
